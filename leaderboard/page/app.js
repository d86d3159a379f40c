/* app.js - the leaderboard page's routing and start. Routing is by hash
   so that a deep link opens directly:
     #/                                   standings, crosstable, plot, parties (home.js)
     #/partie/RUN-ID[/deal/N[/step/K]]    the partie viewer (partie.js; N from 1, K from 0)
     #/bot/NAME                           one bot (bot.js)
   index.html loads the page's files in this order, each after what it
   takes from window.Piquet: common.js (also the rules every file keeps),
   plot.js, home.js, partie.js, bot.js, app.js. */

(function (P) {
  "use strict";

  var $ = P.$, getJSON = P.getJSON, clearErrors = P.clearErrors, hasErrors = P.hasErrors;
  var newRoute = P.newRoute, isCurrent = P.isCurrent;
  var openHome = P.openHome, openPartie = P.openPartie, openBot = P.openBot;
  var wireHome = P.wireHome, wireStepper = P.wireStepper, renderSummary = P.renderSummary;

  function parseRoute() {
    var h = location.hash.replace(/^#\/?/, "");
    var parts = h.split("/").filter(function (p) { return p !== ""; });
    function dec(s) { try { return decodeURIComponent(s); } catch (e) { return s; } }
    if (parts[0] === "partie" && parts[1]) {
      var r = { view: "partie", key: dec(parts[1]), deal: null, step: null };
      for (var i = 2; i + 1 < parts.length; i += 2) {
        var n = parseInt(parts[i + 1], 10);
        if (parts[i] === "deal" && n >= 1) r.deal = n;
        if (parts[i] === "step" && n >= 0) r.step = n;
      }
      return r;
    }
    if (parts[0] === "bot" && parts[1]) return { view: "bot", name: dec(parts.slice(1).join("/")) };
    return { view: "home" };
  }

  function showView(name) {
    ["home", "partie", "bot"].forEach(function (v) { $("view-" + v).hidden = v !== name; });
    document.body.setAttribute("data-view", name);
  }

  function route() {
    var serial = newRoute();
    var r = parseRoute();
    clearErrors();
    document.body.setAttribute("data-state", "loading");
    showView(r.view);
    var done;
    if (r.view === "partie") done = openPartie(r, serial);
    else if (r.view === "bot") done = openBot(r.name, serial);
    else done = openHome(serial);
    done.then(function () {
      if (isCurrent(serial) && !hasErrors()) document.body.setAttribute("data-state", "ready");
    });
  }

  function start() {
    wireStepper();
    wireHome();
    window.addEventListener("hashchange", route);
    /* the header always shows the summary, whatever the first view */
    if (parseRoute().view !== "home") {
      getJSON("standings").then(renderSummary, function () { $("summary").textContent = ""; });
    }
    route();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})(window.Piquet = window.Piquet || {});
