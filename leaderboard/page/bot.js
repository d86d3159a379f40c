/* bot.js - one bot's page (#/bot/NAME): its facts, rating history,
   opponents and latest parties. */

(function (P) {
  "use strict";

  var $ = P.$, el = P.el, clear = P.clear, isNum = P.isNum;
  var fmtInt = P.fmtInt, fmtSigned = P.fmtSigned, fmtPct = P.fmtPct, botLink = P.botLink;
  var getJSON = P.getJSON, showError = P.showError, isCurrent = P.isCurrent;
  var linePlot = P.linePlot, renderParties = P.renderParties;

  function openBot(name, serial) {
    document.title = name + " · Piquet leaderboard";
    $("bot-title").textContent = name;
    var facts = $("bot-facts");
    clear(facts);
    clear($("bot-history"));
    clear($("bot-opponents").tBodies[0]);
    clear($("bot-parties").tBodies[0]);
    var one = getJSON("bots/" + encodeURIComponent(name)).then(function (b) {
      if (!isCurrent(serial)) return;
      function fact(dt, dd) { facts.appendChild(el("dt", { text: dt })); facts.appendChild(el("dd", { "data-fact": dt.toLowerCase() }, dd)); }
      fact("Rating", isNum(b.rating) ? fmtInt(b.rating) + (isNum(b.ci_low) && isNum(b.ci_high) ?
        "  (95%: " + fmtInt(b.ci_low) + " … " + fmtInt(b.ci_high) + ")" : "") :
        "not rated" + (b.status && b.status !== "rated" ? " (" + b.status + ")" : ""));
      if (isNum(b.rank)) fact("Rank", String(b.rank));
      fact("Parties", String(b.parties));
      fact("W-D-L", [b.wins, b.draws, b.losses].join("-"));
      if (isNum(b.settlement)) fact("Settlement", fmtSigned(b.settlement) + " points");
      var f = b.faults && typeof b.faults === "object" ? b.faults : {};
      var fk = Object.keys(f).filter(function (k) { return f[k]; });
      fact("Faults", fk.length ? fk.map(function (k) { return k.replace(/_/g, " ") + " " + f[k]; }).join(", ") : "none");
      linePlot($("bot-history"), [{ name: b.name, points: (b.history || []).map(function (h) { return [h.parties, h.rating]; }) }], "parties stored");
      var tb = $("bot-opponents").tBodies[0];
      (b.opponents || []).forEach(function (o) {
        var wdl = [o.wins, o.draws, o.losses].every(isNum) ? o.wins + "-" + o.draws + "-" + o.losses : "–";
        tb.appendChild(el("tr", { class: "opponent", "data-bot": o.name }, [el("td", null, botLink(o.name)),
          el("td", { class: "num parties", text: o.parties }), el("td", { class: "num wdl", text: wdl }),
          el("td", { class: "num score", text: fmtPct(o.score_pct) })]));
      });
    }, function (e) {
      if (!isCurrent(serial)) return;
      showError(e.status === 404 ? "No such bot '" + name + "'" : "Bot " + name, e);
    });
    var base = "parties?limit=20&bot=" + encodeURIComponent(name);
    var list = getJSON(base).then(function (d) {
      if (!isCurrent(serial)) return;
      renderParties($("bot-parties"), d, false);
    }, function () {});
    return Promise.all([one, list]);
  }

  P.openBot = openBot;
})(window.Piquet = window.Piquet || {});
