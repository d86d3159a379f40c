/* app.js - the leaderboard page's routing, its game switcher and start.
   Routing is by hash so that a deep link opens directly:
     #/                                   Piquet's home, or the first game with
                                          records when Piquet has none (home.js)
     #/game/KEY                           a game's standings, crosstable, plot,
                                          matches (KEY: "belote-4", ...)
     #/partie/RUN-ID[/deal/N[/step/K]]    the partie viewer (partie.js; N from 1, K from 0)
     #/match/RUN-ID[/deal/N[/step/K]]     another game's match viewer (match.js)
     #/bot/NAME, #/game/KEY/bot/NAME      one bot in Piquet or in a game (bot.js)
     #/matches?FILTER, #/game/KEY/matches?FILTER   the parties or matches with
                                          filters and pages (matches.js)
     #/run/RUN, #/game/KEY/run/RUN        one run: its standings, crosstable,
                                          matches and journal (run.js)
   Back and Forward come back to where the page was scrolled.
   The switcher in the header lists the games that have records
   (GET /api/v1/games). index.html loads the page's files in this order,
   each after what it takes from window.Piquet: common.js (also the rules
   every file keeps), plot.js, home.js, partie.js, match.js, bot.js,
   matches.js, run.js, app.js. */

(function (P) {
  "use strict";

  var $ = P.$, el = P.el, clear = P.clear, getJSON = P.getJSON, clearErrors = P.clearErrors, hasErrors = P.hasErrors;
  var newRoute = P.newRoute, isCurrent = P.isCurrent, setGame = P.setGame, gameHref = P.gameHref;
  var openHome = P.openHome, openPartie = P.openPartie, openBot = P.openBot, openMatch = P.openMatch;
  var wireHome = P.wireHome, wireStepper = P.wireStepper, wireMatchStepper = P.wireMatchStepper;
  var renderSummary = P.renderSummary, withGame = P.withGame;

  function dec(s) { try { return decodeURIComponent(s); } catch (e) { return s; } }

  /* "bot=a&opponent=b" as {bot: "a", opponent: "b"}, known keys only. */
  function parseFilter(query) {
    var f = {};
    (query || "").split("&").forEach(function (kv) {
      var i = kv.indexOf("="), k = i < 0 ? kv : kv.slice(0, i);
      if (P.FILTER_KEYS.indexOf(k) >= 0 && i >= 0) f[k] = dec(kv.slice(i + 1).replace(/\+/g, " "));
    });
    return f;
  }

  function parseRoute() {
    var h = location.hash.replace(/^#\/?/, "");
    var q = h.indexOf("?"), query = q < 0 ? "" : h.slice(q + 1);
    if (q >= 0) h = h.slice(0, q);
    var parts = h.split("/").filter(function (p) { return p !== ""; });
    if (parts[0] === "matches") return { view: "matches", game: P.PIQUET, filter: parseFilter(query) };
    if (parts[0] === "run" && parts[1]) return { view: "run", game: P.PIQUET, run: dec(parts[1]) };
    if ((parts[0] === "partie" || parts[0] === "match") && parts[1]) {
      var r = { view: parts[0], key: dec(parts[1]), deal: null, step: null };
      for (var i = 2; i + 1 < parts.length; i += 2) {
        var n = parseInt(parts[i + 1], 10);
        if (parts[i] === "deal" && n >= 1) r.deal = n;
        if (parts[i] === "step" && n >= 0) r.step = n;
      }
      return r;
    }
    if (parts[0] === "bot" && parts[1]) return { view: "bot", game: P.PIQUET, name: dec(parts.slice(1).join("/")) };
    if (parts[0] === "game" && parts[1]) {
      if (parts[2] === "bot" && parts[3]) return { view: "bot", game: dec(parts[1]), name: dec(parts.slice(3).join("/")) };
      if (parts[2] === "matches") return { view: "matches", game: dec(parts[1]), filter: parseFilter(query) };
      if (parts[2] === "run" && parts[3]) return { view: "run", game: dec(parts[1]), run: dec(parts[3]) };
      return { view: "home", game: dec(parts[1]) };
    }
    return { view: "home", game: null };
  }

  function showView(name) {
    ["home", "partie", "match", "bot", "matches", "run"].forEach(function (v) { $("view-" + v).hidden = v !== name; });
    document.body.setAttribute("data-view", name);
  }

  /* The switcher: a link per game with records, the shown one marked. */
  var games = null; /* the last GET /api/v1/games */
  function renderGames() {
    var nav = $("games");
    clear(nav);
    var list = games && Array.isArray(games.games) ? games.games : [];
    nav.hidden = list.length === 0;
    list.forEach(function (g) {
      var current = g.game === P.game();
      nav.appendChild(el("a", { href: gameHref(g.game), class: "game-link" + (current ? " active" : ""),
        "data-game": g.game, "aria-current": current ? "page" : null,
        title: g.matches + (g.game === P.PIQUET ? " parties" : " matches"),
        text: g.title + (g.game === P.PIQUET ? "" : " · " + g.players) }));
    });
    var shown = list.filter(function (g) { return g.game === P.game(); })[0];
    $("game-title").textContent = shown ? shown.title + (shown.game === P.PIQUET ? "" : " (" + shown.players + ")")
      : (P.game() === P.PIQUET ? "Piquet" : P.game());
  }

  /* #/ shows Piquet, unless only other games have records. */
  function defaultGame() {
    var list = games && Array.isArray(games.games) ? games.games : [];
    var piquet = list.some(function (g) { return g.game === P.PIQUET; });
    return piquet || list.length === 0 ? P.PIQUET : list[0].game;
  }

  function route() {
    var serial = newRoute();
    var r = parseRoute();
    clearErrors();
    document.body.setAttribute("data-state", "loading");
    showView(r.view === "run" ? "home" : r.view);
    var listed = getJSON("games").then(function (g) { games = g; }, function () { games = null; });
    var done = listed.then(function () {
      if (!isCurrent(serial)) return null;
      if (r.view === "partie") setGame(P.PIQUET);
      else if (r.view !== "match") setGame(r.game || defaultGame());
      renderGames();
      if (r.view === "partie") return openPartie(r, serial);
      if (r.view === "match") return openMatch(r, serial).then(renderGames);
      if (r.view === "bot") return openBot(r.name, serial);
      if (r.view === "matches") return P.openMatches(r.filter, serial);
      $("sec-ladder").hidden = true;
      $("jump-ladder").hidden = true;
      if (r.view === "run") return P.openRun(r.run, serial);
      return Promise.all([openHome(serial), P.openLadder()]);
    });
    done.then(function () {
      if (!isCurrent(serial)) return;
      if (pendingScroll !== null) window.scrollTo(0, pendingScroll);
      pendingScroll = null;
      if (!hasErrors()) {
        document.body.setAttribute("data-state", "ready");
        /* when the first view was whole, from the navigation's start */
        if (!document.body.hasAttribute("data-ready-ms") && window.performance)
          document.body.setAttribute("data-ready-ms", String(Math.round(performance.now())));
      }
    });
  }

  /* Back and Forward: each history entry keeps its scroll position in its
     state, restored once the view it shows is built again. */
  var pendingScroll = null, saveTimer = null;
  function saveScroll() {
    clearTimeout(saveTimer);
    try { history.replaceState({ scroll: window.scrollY }, ""); } catch (e) { /* no history here */ }
  }
  function rememberScroll() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveScroll, 150);
  }

  function start() {
    wireStepper();
    wireMatchStepper();
    wireHome();
    P.wireLadder();
    P.wireMatches();
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    window.addEventListener("scroll", rememberScroll, { passive: true });
    /* before a click or a key navigates away, the entry keeps where it was */
    document.addEventListener("click", saveScroll, true);
    document.addEventListener("submit", saveScroll, true);
    window.addEventListener("popstate", function (e) {
      pendingScroll = e.state && typeof e.state.scroll === "number" ? e.state.scroll : null;
    });
    window.addEventListener("hashchange", route);
    /* the header always shows the summary, whatever the first view */
    var first = parseRoute();
    if (first.view !== "home") {
      if (first.game) setGame(first.game);
      getJSON(first.view === "match" ? "standings" : withGame("standings")).then(function (st) { renderSummary(st); },
        function () { $("summary").textContent = ""; });
    }
    route();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})(window.Piquet = window.Piquet || {});
