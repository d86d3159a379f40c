/* bot.js - one bot's page in the game shown (#/bot/NAME for Piquet,
   #/game/KEY/bot/NAME): its facts, rating history, opponents and latest
   parties or matches. */

(function (P) {
  "use strict";

  var $ = P.$, el = P.el, clear = P.clear, isNum = P.isNum;
  var fmtInt = P.fmtInt, fmtSigned = P.fmtSigned, fmtPct = P.fmtPct, botLink = P.botLink;
  var getJSON = P.getJSON, showError = P.showError, isCurrent = P.isCurrent;
  var linePlot = P.linePlot, renderParties = P.renderParties, renderMatches = P.renderMatches;
  var withGame = P.withGame, isPiquet = P.isPiquet;

  var sortable = false;

  function openBot(name, serial) {
    if (!sortable) {
      P.makeSortable($("bot-opponents"));
      sortable = true;
    }
    var piquet = isPiquet();
    document.title = name + " · " + $("game-title").textContent + " leaderboard";
    $("bot-parties").hidden = !piquet;
    $("bot-matches").hidden = piquet;
    clear($("bot-matches").tBodies[0]);
    $("bot-title").textContent = name;
    $("bot-all").setAttribute("href", P.matchesHref({ bot: name }));
    var facts = $("bot-facts");
    clear(facts);
    clear($("bot-history"));
    clear($("bot-opponents").tBodies[0]);
    clear($("bot-parties").tBodies[0]);
    var one = getJSON(withGame("bots/" + encodeURIComponent(name))).then(function (b) {
      if (!isCurrent(serial)) return;
      function fact(dt, dd) { facts.appendChild(el("dt", { text: dt })); facts.appendChild(el("dd", { "data-fact": dt.toLowerCase() }, dd)); }
      fact("Rating", isNum(b.rating) ? fmtInt(b.rating) + (b.interval_ok === false ? "  (no reliable interval yet: too few clusters)" :
        isNum(b.ci_low) && isNum(b.ci_high) ? "  (95%: " + fmtInt(b.ci_low) + " … " + fmtInt(b.ci_high) + ")" : "") +
        (b.provisional ? " · provisional" : "") :
        "not rated" + (b.status && b.status !== "rated" ? " (" + b.status + ")" : ""));
      fact("Rank", isNum(b.rank) ? String(b.rank) : b.provisional ? "none yet (provisional)" : "none");
      if (piquet) fact("Parties", String(b.parties));
      else fact("Matches", String(b.matches));
      fact("W-D-L", [b.wins, b.draws, b.losses].join("-"));
      if (isNum(b.settlement)) fact("Settlement", fmtSigned(b.settlement) + " points");
      if (isNum(b.points)) fact("Match points", String(b.points));
      var f = b.faults && typeof b.faults === "object" ? b.faults : {};
      var fk = Object.keys(f).filter(function (k) { return f[k]; });
      fact("Faults", fk.length ? fk.map(function (k) { return k.replace(/_/g, " ") + " " + f[k]; }).join(", ") : "none");
      linePlot($("bot-history"), [{ name: b.name, points: (b.history || []).map(function (h) { return [h.parties, h.rating]; }),
        band: (b.history || []).map(function (h) { return [h.parties, h.ci_low, h.ci_high]; }) }], "parties stored");
      var tb = $("bot-opponents").tBodies[0];
      P.resetSort($("bot-opponents"));
      (b.opponents || []).forEach(function (o) {
        var wdl = [o.wins, o.draws, o.losses].every(isNum) ? o.wins + "-" + o.draws + "-" + o.losses : "–";
        tb.appendChild(el("tr", { class: "opponent", "data-bot": o.name }, [el("td", { class: "bot", "data-sort": o.name }, botLink(o.name, true)),
          el("td", { class: "num parties", text: o.parties }), el("td", { class: "num wdl", text: wdl }),
          el("td", { class: "num score", text: fmtPct(o.score_pct) }),
          el("td", null, el("a", { href: P.matchesHref({ bot: name, opponent: o.name }), class: "vs-link",
            text: "vs " + o.name, title: "the matches of " + name + " against " + o.name }))]));
      });
      /* one tab stop: the arrows move by row, and from name to matches */
      P.rove(tb, "a.bot-name, a.vs-link", 2);
    }, function (e) {
      if (!isCurrent(serial)) return;
      showError(e.status === 404 ? "No such bot '" + name + "'" : "Bot " + name, e);
    });
    var base = (piquet ? "parties" : "matches") + "?limit=20&bot=" + encodeURIComponent(name);
    var list = getJSON(withGame(base)).then(function (d) {
      if (!isCurrent(serial)) return;
      /* the bot's own list pages in place ("Older"), or in the matches
         view with its filters */
      if (piquet) renderParties($("bot-parties"), d, $("bot-more"), base);
      else renderMatches($("bot-matches"), d, $("bot-more"), withGame(base));
    }, function () {});
    return Promise.all([one, list]);
  }

  P.openBot = openBot;
})(window.Piquet = window.Piquet || {});
