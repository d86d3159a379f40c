/* common.js - what every view of the leaderboard page shares: building
   elements, formatting numbers, times, cards and forfeits, the game shown
   (a game key of GET /api/v1/games: "piquet", "belote-4"), the links
   between views, fetching the JSON API (leaderboard/README.md), showing
   its errors, and telling a current navigation from one the reader left.
   It creates window.Piquet, the one namespace the page's files share
   through: each file takes what it needs from it and adds what it exports.

   Rules for every file of the page: elements are built with
   createElement/textContent (el and svg below), never innerHTML, so bot
   names and other values holding HTML stay text. No external resources
   and no inline scripts or styles (the server's CSP allows only 'self').
   Stable ids, classes and data- attributes are what tests/test_page.c
   reads. */

(function (P) {
  "use strict";

  var SVG = "http://www.w3.org/2000/svg";
  var API = "/api/v1/";
  var SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var RED = { H: true, D: true };
  var SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  var MINUS = "−";

  /* ---------- small helpers ---------- */

  function $(id) { return document.getElementById(id); }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    setAttrs(e, attrs);
    append(e, children);
    return e;
  }

  function svg(tag, attrs, children) {
    var e = document.createElementNS(SVG, tag);
    setAttrs(e, attrs);
    append(e, children);
    return e;
  }

  function setAttrs(e, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === "text") e.textContent = String(v);
      else if (k === "class") e.setAttribute("class", v);
      else e.setAttribute(k, String(v));
    });
  }

  function append(e, children) {
    if (children === null || children === undefined) return;
    if (!Array.isArray(children)) children = [children];
    children.forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      e.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
    });
  }

  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

  function isNum(x) { return typeof x === "number" && isFinite(x); }

  /* Ratings as whole Elo points, with a real minus sign. */
  function fmtInt(x) {
    if (!isNum(x)) return "–";
    var r = Math.round(x);
    if (r === 0) return "0";
    return r < 0 ? MINUS + String(-r) : String(r);
  }

  function fmtSigned(x) {
    if (!isNum(x)) return "–";
    var r = Math.round(x);
    return r > 0 ? "+" + r : fmtInt(r);
  }

  function fmtPct(x) { return isNum(x) ? x.toFixed(1) + "%" : "–"; }

  /* ISO-8601 time as "YYYY-MM-DD HH:MM UTC" (fixed, whatever the viewer's zone). */
  function fmtTime(iso) {
    if (typeof iso !== "string") return "–";
    var d = new Date(iso);
    if (isNaN(d.getTime())) return iso;
    function two(n) { return n < 10 ? "0" + n : String(n); }
    return d.getUTCFullYear() + "-" + two(d.getUTCMonth() + 1) + "-" + two(d.getUTCDate()) +
      " " + two(d.getUTCHours()) + ":" + two(d.getUTCMinutes()) + " UTC";
  }

  /* ---------- the game shown ---------- */

  var PIQUET = "piquet";
  var currentGame = PIQUET;
  function setGame(key) { currentGame = typeof key === "string" && key ? key : PIQUET; }
  function game() { return currentGame; }
  function isPiquet() { return currentGame === PIQUET; }
  /* An API path with the game shown as its "game" argument. */
  function withGame(path) {
    return path + (path.indexOf("?") < 0 ? "?" : "&") + "game=" + encodeURIComponent(currentGame);
  }
  function gameHref(key) { return key === PIQUET ? "#/" : "#/game/" + encodeURIComponent(key); }

  function botHref(name) {
    return (isPiquet() ? "#/bot/" : "#/game/" + encodeURIComponent(currentGame) + "/bot/") + encodeURIComponent(name);
  }
  function matchHref(key, deal, step) {
    var h = "#/match/" + encodeURIComponent(key);
    if (deal) h += "/deal/" + deal;
    if (step !== undefined && step !== null) h += "/step/" + step;
    return h;
  }
  function partieHref(key, deal, step) {
    var h = "#/partie/" + encodeURIComponent(key);
    if (deal) h += "/deal/" + deal;
    if (step !== undefined && step !== null) h += "/step/" + step;
    return h;
  }

  /* The list of matches (matches.js) with filters: {bot, opponent, run,
     from, to, result, before}, each left out when empty. */
  var FILTER_KEYS = ["bot", "opponent", "run", "from", "to", "result", "before"];
  function matchesHref(filter) {
    var q = [];
    FILTER_KEYS.forEach(function (k) {
      var v = filter ? filter[k] : null;
      if (v !== null && v !== undefined && v !== "") q.push(k + "=" + encodeURIComponent(String(v)));
    });
    return (isPiquet() ? "#/matches" : "#/game/" + encodeURIComponent(currentGame) + "/matches") +
      (q.length ? "?" + q.join("&") : "");
  }

  /* A run's page: its standings, crosstable, matches and journal. */
  function runHref(run) {
    return (isPiquet() ? "#/run/" : "#/game/" + encodeURIComponent(currentGame) + "/run/") + encodeURIComponent(run);
  }

  /* ---------- sortable tables ---------- */

  /* Makes each column head of table a button that sorts the body's rows
     (those without the class "section-row", which hide while sorted) by
     that column: a cell's data-sort, else its text, numbers as numbers;
     a second press reverses. aria-sort says which column sorts. */
  function makeSortable(table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, col) {
      if (th.getAttribute("data-nosort") !== null) return;
      var label = th.textContent;
      clear(th);
      var b = el("button", { type: "button", class: "sort", text: label, title: "Sort by " + label });
      th.appendChild(b);
      b.addEventListener("click", function () {
        var down = th.getAttribute("aria-sort") !== "descending";
        if (th.getAttribute("aria-sort") === null) down = th.classList.contains("num") && th.getAttribute("data-asc") === null;
        sortBy(table, col, down);
      });
    });
  }

  function sortValue(cell) {
    var v = cell ? cell.getAttribute("data-sort") : null;
    if (v === null) v = cell ? cell.textContent : "";
    var n = parseFloat(String(v).replace(MINUS, "-"));
    return isNaN(n) || !/^[-−\d.]/.test(String(v)) ? String(v).toLowerCase() : n;
  }

  function sortBy(table, col, down) {
    var tbody = table.tBodies[0];
    var rows = Array.prototype.filter.call(tbody.rows, function (r) { return !r.classList.contains("section-row"); });
    rows.sort(function (a, b) {
      var x = sortValue(a.cells[col]), y = sortValue(b.cells[col]);
      var c = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : (typeof x === "number" ? -1 : 1);
      return down ? -c : c;
    });
    Array.prototype.forEach.call(tbody.rows, function (r) { if (r.classList.contains("section-row")) r.hidden = col !== 0; });
    rows.forEach(function (r) { tbody.appendChild(r); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, k) {
      if (k === col) th.setAttribute("aria-sort", down ? "descending" : "ascending");
      else th.removeAttribute("aria-sort");
    });
    if (col === 0 && !down) {
      /* back in report order: the section rows in their places */
      var all = Array.prototype.slice.call(tbody.rows);
      all.sort(function (a, b) { return order(a) - order(b); });
      all.forEach(function (r) { r.hidden = false; tbody.appendChild(r); });
    }
  }

  function order(row) {
    var o = parseFloat(row.getAttribute("data-order"));
    return isNaN(o) ? 1e9 : o;
  }

  /* One tab stop for a long list (issue 22: a few dozen tab stops on the
     home page whatever the number of bots): of the items of box that
     match selector, in document order, one is in the tab order and the
     others are not; the arrow keys move between them (Up and Down by a
     row of cols items, Left and Right by one when cols > 1), Home and End
     to the first and last, so every item stays reachable by keyboard.
     The item in the tab order is the first, or item `start`. Called
     again after box is filled anew; the listener is added once. */
  function rove(box, selector, cols, start) {
    var items = box.querySelectorAll(selector), at = start > 0 && start < items.length ? start : 0;
    Array.prototype.forEach.call(items, function (e, k) { e.tabIndex = k === at ? 0 : -1; });
    box.setAttribute("data-rove", selector);
    box.setAttribute("data-rove-cols", cols || 1);
    if (box.getAttribute("data-rove-wired")) return;
    box.setAttribute("data-rove-wired", "1");
    box.addEventListener("keydown", function (e) {
      var list = Array.prototype.slice.call(box.querySelectorAll(box.getAttribute("data-rove")));
      var c = parseInt(box.getAttribute("data-rove-cols"), 10) || 1;
      var k = list.indexOf(e.target), to;
      if (k < 0) return;
      if (e.key === "ArrowDown") to = k + c;
      else if (e.key === "ArrowUp") to = k - c;
      else if (e.key === "ArrowRight" && c > 1) to = k + 1;
      else if (e.key === "ArrowLeft" && c > 1) to = k - 1;
      else if (e.key === "Home") to = 0;
      else if (e.key === "End") to = list.length - 1;
      else return;
      e.preventDefault();
      if (to < 0 || to >= list.length) return;
      list.forEach(function (x) { x.tabIndex = -1; });
      list[to].tabIndex = 0;
      list[to].focus();
    });
  }

  /* A viewer's list of actions keeps step k's item (the k-th, k from 1)
     in sight by scrolling the list itself, never the page. */
  function keepStepInSight(ol, k) {
    var cur = ol.children[Math.max(0, k - 1)];
    if (cur && ol.scrollHeight > ol.clientHeight)
      ol.scrollTop = Math.max(0, cur.offsetTop - ol.clientHeight / 2 + cur.offsetHeight / 2);
  }

  /* After a table was filled again: no column marked as sorting. */
  function resetSort(table) {
    if (!table.tHead) return;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) { th.removeAttribute("aria-sort"); });
  }

  /* "3f9a0c1d2e4b5a69-17" shown as "3f9a0c…-17": the run id is long and
     the same for a whole tournament. */
  function shortKey(key) {
    var m = /^([0-9a-fA-F]{6})[0-9a-fA-F]{10}-(\d+)$/.exec(String(key));
    return m ? m[1] + "…-" + m[2] : String(key);
  }

  /* A link to a bot's page; quiet: out of the tab order (a long list's
     names, reachable from the standings), so that the home page keeps a
     few dozen tab stops. Long names are cut by the style sheet, whole in
     the title. */
  function botLink(name, quiet) {
    return el("a", { href: botHref(name), class: "bot-name", "data-bot": name, title: name, text: name,
      tabindex: quiet ? -1 : null });
  }

  /* One card "TS" as a glyph: rank (T shown as 10) and suit symbol, red or black. */
  function cardGlyph(code) {
    var c = String(code);
    var rank = c.charAt(0), suit = c.charAt(1);
    var shown = (rank === "T" ? "10" : rank) + (SUIT[suit] || suit);
    return el("span", {
      class: "pcard " + (RED[suit] ? "red" : "black"),
      "data-card": c,
      title: (rank === "T" ? "10" : rank) + " of " + (SUIT_NAME[suit] || suit),
      text: shown
    });
  }

  function cardList(cards, cls) {
    var box = el("span", { class: "cards" + (cls ? " " + cls : "") });
    if (!cards || cards.length === 0) {
      box.appendChild(el("span", { class: "none-cards", text: "none" }));
      return box;
    }
    cards.forEach(function (c) { box.appendChild(cardGlyph(c)); });
    return box;
  }

  /* {"player": "B", "fault": "crash", "message": "..."} in words: what
     the bot did, then the arena's message with any file path taken out
     (a reader has no use for the server's paths, and should not see
     them). */
  var FAULT_WORDS = {
    timeout: "ran out of time", crash: "crashed", protocol: "broke the protocol",
    illegal_action: "played an illegal action", disqualified: "was disqualified after too many faults"
  };
  function forfeitText(f, names) {
    var who = typeof f.player === "string" && /^[A-E]$/.test(f.player) && names[f.player] ? names[f.player] : null;
    var did = FAULT_WORDS[f.fault] || (typeof f.fault === "string" ? f.fault.replace(/_/g, " ") : "faulted");
    var msg = typeof f.message === "string" ? f.message.replace(/(^|[\s'"(=:])(~|\.{0,2})\/[^\s'")]*/g, "$1(a file)").trim() : "";
    return "forfeit: " + (who || "a player") + " " + did + (msg ? " (" + msg + ")" : "");
  }

  /* ---------- fetching and errors ---------- */

  function ApiError(message, status) {
    this.message = message;
    this.status = status;
  }

  function getJSON(path) {
    return fetch(API + path, { headers: { Accept: "application/json" } }).then(function (res) {
      return res.text().then(function (body) {
        var data = null;
        try { data = JSON.parse(body); } catch (e) { data = null; }
        if (!res.ok) {
          var why = data && typeof data.error === "string" ? data.error : res.status + " " + res.statusText;
          throw new ApiError(why, res.status);
        }
        if (data === null) throw new ApiError("the server sent something that is not JSON for " + API + path, res.status);
        return data;
      });
    }, function () {
      throw new ApiError("cannot reach the leaderboard server (" + API + path + ")", 0);
    });
  }

  var errors = [];
  function showError(what, err) {
    var msg = what + ": " + (err && err.message ? err.message : String(err));
    errors.push(msg);
    var box = $("error");
    clear(box);
    errors.forEach(function (m) { box.appendChild(el("p", { text: m })); });
    box.hidden = false;
    document.body.setAttribute("data-state", "error");
    if (window.console) console.error(msg);
  }
  function clearErrors() {
    errors = [];
    clear($("error"));
    $("error").hidden = true;
  }
  function hasErrors() { return errors.length > 0; }

  /* Each navigation gets a serial; an answer that arrives after the
     reader moved on belongs to an older one and is dropped. */
  var routeSerial = 0;
  function newRoute() { return ++routeSerial; }
  function currentRoute() { return routeSerial; }
  function isCurrent(serial) { return serial === routeSerial; }

  Object.assign(P, {
    $: $, el: el, svg: svg, append: append, clear: clear, isNum: isNum,
    fmtInt: fmtInt, fmtSigned: fmtSigned, fmtPct: fmtPct, fmtTime: fmtTime,
    rove: rove, keepStepInSight: keepStepInSight, botHref: botHref, partieHref: partieHref, shortKey: shortKey, forfeitText: forfeitText, botLink: botLink,
    matchHref: matchHref, gameHref: gameHref, setGame: setGame, game: game, isPiquet: isPiquet,
    withGame: withGame, PIQUET: PIQUET, matchesHref: matchesHref, FILTER_KEYS: FILTER_KEYS, runHref: runHref,
    makeSortable: makeSortable, resetSort: resetSort,
    cardGlyph: cardGlyph, cardList: cardList,
    getJSON: getJSON, showError: showError, clearErrors: clearErrors, hasErrors: hasErrors,
    newRoute: newRoute, currentRoute: currentRoute, isCurrent: isCurrent
  });
})(window.Piquet = window.Piquet || {});
