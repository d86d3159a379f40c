/* ladder.js - the ladder section of a game's home view: the bots
   registered for the game (GET /api/v1/bots?game=) with their status as
   the ladder arena last reported it (playing, idle, offline, retired;
   last seen), and how to connect a bot (GET /api/v1/arena?game=): the
   arena's endpoint and server key in a command to copy. Every value is
   set as text, never as markup, whatever a bot or an arena is called.
   The section is hidden while the game has neither registered bots nor
   an arena; it is read again every REFRESH_MS while on screen. */

(function (P) {
  "use strict";

  var $ = P.$, el = P.el, clear = P.clear, fmtTime = P.fmtTime, botLink = P.botLink, getJSON = P.getJSON;
  var REFRESH_MS = 10000;
  var STATUS_TEXT = { playing: "playing", idle: "connected, idle", offline: "offline", retired: "retired" };

  /* A shell word: single quotes around anything but plain characters
     (a Z85 key holds $, !, & ... and never a quote). */
  function shellWord(s) {
    return /^[A-Za-z0-9_.:\/@%+,-]+$/.test(s) ? s : "'" + String(s).replace(/'/g, "'\\''") + "'";
  }

  function connectCommand(arena) {
    return "PIQUET_ENDPOINT=" + shellWord(arena.endpoint) + " PIQUET_SERVER_KEY=" + shellWord(arena.server_key) +
      " PIQUET_KEY_FILE=mybot.key PIQUET_TOKEN=ladder ./my-bot";
  }

  function renderArena(arena) {
    var box = $("ladder-connect");
    clear(box);
    if (!arena) {
      box.appendChild(el("p", { class: "note", text: "No ladder arena is published for this game yet." }));
      return;
    }
    box.appendChild(el("p", {}, ["Bots connect to ", el("code", { id: "ladder-endpoint", text: arena.endpoint }),
      " with the arena's server key ", el("code", { id: "ladder-key", text: arena.server_key }),
      arena.fresh ? "." : " (the arena has not reported for a while: it may be down)."]));
    var command = connectCommand(arena);
    var pre = el("pre", { class: "command" }, el("code", { id: "ladder-command", text: command }));
    var copy = el("button", { type: "button", id: "ladder-copy", text: "Copy" });
    copy.addEventListener("click", function () {
      if (navigator.clipboard) navigator.clipboard.writeText(command).then(function () { copy.textContent = "Copied"; }, function () {});
    });
    box.appendChild(pre);
    box.appendChild(copy);
    box.appendChild(el("p", { class: "note", text: "Register the bot's public key first (POST /api/v1/bots with an " +
      "author token; arena keys new mybot makes mybot.key and mybot.pub); the SDKs in C and Python read these " +
      "variables (protocol/README.md)." }));
  }

  function renderBots(list) {
    var tbody = $("ladder-bots").tBodies[0];
    clear(tbody);
    list.forEach(function (b) {
      var status = STATUS_TEXT[b.status] || String(b.status);
      tbody.appendChild(el("tr", { "data-bot": b.name, "data-status": b.status }, [
        el("td", {}, botLink(b.name)),
        el("td", { text: b.owner }),
        el("td", {}, el("span", { class: "ladder-status " + (STATUS_TEXT[b.status] ? b.status : ""), text: status })),
        el("td", { class: "num", text: b.connections }),
        el("td", { class: "num", text: b.playing }),
        el("td", { class: "muted", text: b.last_seen ? fmtTime(b.last_seen) : "never" }),
        el("td", { class: "num", text: typeof b.rating === "number" ? b.rating.toFixed(0) : "–" }),
        el("td", { class: "num", text: b.matches })
      ]));
    });
    $("ladder-empty").hidden = list.length > 0;
  }

  /* Reads both and shows the section; a game without either hides it. */
  function openLadder() {
    var game = P.game();
    var bots = getJSON(P.withGame("bots")).then(function (d) { return d.bots || []; }, function () { return []; });
    var arena = getJSON(P.withGame("arena")).then(function (a) { return a; }, function () { return null; });
    return Promise.all([bots, arena]).then(function (both) {
      if (P.game() !== game) return;
      var section = $("sec-ladder");
      section.hidden = both[0].length === 0 && !both[1];
      $("jump-ladder").hidden = section.hidden;
      renderBots(both[0]);
      renderArena(both[1]);
      section.setAttribute("data-ready", "1");
    });
  }

  function refreshLadder() {
    if (document.body.getAttribute("data-view") !== "home" || document.hidden) return;
    openLadder();
  }

  function wireLadder() {
    setInterval(refreshLadder, REFRESH_MS);
  }

  Object.assign(P, { openLadder: openLadder, wireLadder: wireLadder });
})(window.Piquet = window.Piquet || {});
