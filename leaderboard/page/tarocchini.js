/* tarocchini.js - Tarocchini's cards on the page (shared/RULES-tarocchini.md
   O2): while the page shows a Tarocchini game, the card glyphs and lists
   every viewer draws name the trumps (the Angel, World, Sun, Moon, the
   numbered trumps 16..5, the four Moors, the Bègato), the Matto and the
   Italian suits (swords, batons, cups, coins); any other game keeps the
   glyphs of common.js. Loaded after common.js, before the viewers. */

(function (P) {
  "use strict";

  var el = P.el, baseGlyph = P.cardGlyph, baseList = P.cardList;
  var NAMES = { AN: "the Angel", WO: "the World", SU: "the Sun", MO: "the Moon", BE: "the Bègato", MA: "the Matto" };
  var SUITS = { S: ["⚔", "swords"], B: ["♣", "batons"], C: ["♥", "cups"], D: ["♦", "coins"] };
  var RANKS = { K: "King", Q: "Queen", N: "Knight", J: "Jack", T: "10", A: "Ace" };

  function active() { return /^tarocchini(-|$)/.test(P.game()); }

  function glyph(code) {
    if (!active()) return baseGlyph(code);
    var c = String(code), m, suit = SUITS[c.charAt(1)];
    if (NAMES[c]) return el("span", { class: "pcard trump", "data-card": c, title: NAMES[c], text: c });
    if ((m = /^T(\d+)$/.exec(c))) return el("span", { class: "pcard trump", "data-card": c, title: "trump " + m[1], text: m[1] });
    if ((m = /^M([1-4])$/.exec(c))) return el("span", { class: "pcard trump", "data-card": c, title: "Moor " + m[1], text: c });
    if (!suit || c.length !== 2) return baseGlyph(code);
    var rank = c.charAt(0);
    return el("span", { class: "pcard " + (c.charAt(1) === "C" || c.charAt(1) === "D" ? "red" : "black"), "data-card": c,
      title: (RANKS[rank] || rank) + " of " + suit[1], text: (rank === "T" ? "10" : rank) + suit[0] });
  }

  function list(cards, cls) {
    if (!active()) return baseList(cards, cls);
    var box = el("span", { class: "cards" + (cls ? " " + cls : "") });
    if (!cards || cards.length === 0) box.appendChild(el("span", { class: "none-cards", text: "none" }));
    else cards.forEach(function (c) { box.appendChild(glyph(c)); });
    return box;
  }

  P.cardGlyph = glyph;
  P.cardList = list;
})(window.Piquet = window.Piquet || {});
