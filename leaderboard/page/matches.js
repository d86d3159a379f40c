/* matches.js - the list of parties (Piquet) or matches (any other game)
   with its filters and pages, all in the address so that a link, a
   reload and Back show the same list:
     #/matches?bot=&opponent=&run=&from=&to=&result=&before=
     #/game/KEY/matches?...
   The filters are the API's (GET /api/v1/parties or /matches, README);
   "Older" moves `before` to the list's next_before, so each page has an
   address of its own. */

(function (P) {
  "use strict";

  var $ = P.$, el = P.el, clear = P.clear, isNum = P.isNum;
  var getJSON = P.getJSON, showError = P.showError, isCurrent = P.isCurrent;
  var withGame = P.withGame, isPiquet = P.isPiquet, matchesHref = P.matchesHref;
  var PAGE = 50;

  /* The API path of a filtered list, its query in the order of FILTER_KEYS. */
  function apiPath(filter, piquet) {
    var q = ["limit=" + PAGE];
    P.FILTER_KEYS.forEach(function (k) {
      if (filter[k]) q.push(k + "=" + encodeURIComponent(filter[k]));
    });
    return withGame((piquet ? "parties" : "matches") + "?" + q.join("&"));
  }

  /* The form shows the filter of the address; submitting it goes to the
     first page of the new filter. */
  function fillForm(filter) {
    var form = $("mfilter");
    P.FILTER_KEYS.forEach(function (k) {
      if (form.elements[k]) form.elements[k].value = filter[k] || "";
    });
  }

  function wireMatches() {
    $("mfilter").addEventListener("submit", function (e) {
      e.preventDefault();
      var form = $("mfilter"), filter = {};
      P.FILTER_KEYS.forEach(function (k) {
        if (k !== "before" && form.elements[k]) filter[k] = form.elements[k].value.trim();
      });
      location.hash = matchesHref(filter);
    });
  }

  /* Bot names for the form's suggestions, from the standings. */
  function suggestBots() {
    return getJSON(withGame("standings")).then(function (st) {
      var list = $("bot-names");
      clear(list);
      (st.bots || []).forEach(function (b) { list.appendChild(el("option", { value: b.name })); });
    }, function () {});
  }

  function describe(filter, piquet) {
    var bits = [];
    if (filter.bot) bits.push(filter.bot + (filter.result ? " (" + ({ win: "won", draw: "drawn", loss: "lost" }[filter.result] || filter.result) + ")" : ""));
    if (filter.opponent) bits.push("against " + filter.opponent);
    if (filter.run) bits.push("run " + filter.run);
    if (filter.from) bits.push("from " + filter.from);
    if (filter.to) bits.push("to " + filter.to);
    return (piquet ? "Parties" : "Matches") + (bits.length ? " of " + bits.join(", ") : "") +
      (filter.before ? " · older than #" + filter.before : " · newest first");
  }

  function openMatches(filter, serial) {
    var piquet = isPiquet();
    document.title = (piquet ? "Parties" : "Matches") + " · " + $("game-title").textContent + " leaderboard";
    $("matches-title").textContent = piquet ? "Parties" : "Matches";
    $("matches-back").setAttribute("href", P.gameHref(P.game()));
    $("mlist-summary").textContent = describe(filter, piquet);
    fillForm(filter);
    var parties = $("mlist-parties"), matches = $("mlist-matches");
    parties.hidden = !piquet;
    matches.hidden = piquet;
    clear(parties.tBodies[0]);
    clear(matches.tBodies[0]);
    var older = $("mlist-older"), newest = $("mlist-newest");
    older.hidden = true;
    var first = {};
    P.FILTER_KEYS.forEach(function (k) { if (k !== "before") first[k] = filter[k]; });
    newest.setAttribute("href", matchesHref(first));
    newest.hidden = !filter.before;
    var path = apiPath(filter, piquet);
    $("mlist-json").setAttribute("href", "/api/v1/" + path.replace("limit=" + PAGE, "limit=200"));
    $("mlist-csv").setAttribute("href", "/api/v1/" + path.replace("limit=" + PAGE, "limit=200") + "&format=csv");
    /* PGN as `arena ratings --pgn` writes it: the whole game's, or the run's */
    $("mlist-pgn").setAttribute("href", "/api/v1/" + P.withGame("standings") + "&format=pgn" +
      (filter.run ? "&run=" + encodeURIComponent(filter.run) : ""));
    $("mlist-pgn").textContent = filter.run ? "the run's as PGN" : "every one of the game's as PGN";
    var run = $("mlist-run");
    run.hidden = !filter.run;
    if (filter.run) run.setAttribute("href", P.runHref(filter.run));
    suggestBots();
    return getJSON(path).then(function (d) {
      if (!isCurrent(serial)) return;
      if (piquet) P.renderParties(parties, d, false);
      else P.renderMatches(matches, d, false);
      if (isNum(d.next_before)) {
        var next = {};
        P.FILTER_KEYS.forEach(function (k) { next[k] = filter[k]; });
        next.before = d.next_before;
        older.setAttribute("href", matchesHref(next));
        older.hidden = false;
      }
    }, function (e) {
      if (isCurrent(serial)) showError(piquet ? "Parties" : "Matches", e);
    });
  }

  Object.assign(P, { openMatches: openMatches, wireMatches: wireMatches });
})(window.Piquet = window.Piquet || {});
