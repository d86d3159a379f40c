/* home.js - the home view of a game (#/, #/game/KEY): the summary in the
   header, the standings with their interval bars (and a table game's
   seat terms), the crosstable, the rating-history plot with its legend
   and the latest parties (Piquet) or matches (any other game), whose
   tables the bot page uses too. */

(function (P) {
  "use strict";

  var $ = P.$, el = P.el, svg = P.svg, append = P.append, clear = P.clear, isNum = P.isNum;
  var fmtInt = P.fmtInt, fmtSigned = P.fmtSigned, fmtPct = P.fmtPct, fmtTime = P.fmtTime;
  var partieHref = P.partieHref, shortKey = P.shortKey, forfeitText = P.forfeitText, botLink = P.botLink;
  var getJSON = P.getJSON, showError = P.showError, hasErrors = P.hasErrors;
  var currentRoute = P.currentRoute, isCurrent = P.isCurrent, linePlot = P.linePlot;
  var withGame = P.withGame, isPiquet = P.isPiquet, matchHref = P.matchHref;

  /* The home view is built once and rebuilt only when the standings say
     the store changed ("updated"), on coming back to it and every minute
     while it is on screen. */
  var homeShown = null; /* the game and "updated" stamp the home view shows */
  var REFRESH_MS = 60000;

  function stamp(st) { return P.game() + "|" + (currentRun || "") + "|" + (st.updated || ""); }

  /* A run's page (#/run/RUN) is the home view of that run alone: its
     standings and crosstable (?run=), its matches, its journal. */
  var currentRun = null;
  function scoped(path) {
    return withGame(path) + (currentRun ? "&run=" + encodeURIComponent(currentRun) : "");
  }

  function renderDownloads() {
    var base = "/api/v1/" + scoped("standings");
    $("dl-json").setAttribute("href", base);
    $("dl-csv").setAttribute("href", base + "&format=csv");
    $("dl-pgn").setAttribute("href", base + "&format=pgn");
    var banner = $("run-banner");
    banner.hidden = !currentRun;
    if (currentRun) {
      $("run-id").textContent = currentRun;
      $("run-journal").setAttribute("href", "/api/v1/runs/" + encodeURIComponent(currentRun) + "/journal?game=" +
        encodeURIComponent(P.game()));
      $("run-matches").setAttribute("href", P.matchesHref({ run: currentRun }));
    }
  }

  function openRun(run, serial) {
    currentRun = run;
    return openHome(serial, true);
  }

  function openHome(serial, keepRun) {
    if (!keepRun) currentRun = null;
    document.title = (currentRun ? "Run " + currentRun + " · " : "") +
      (isPiquet() ? "Piquet" : $("game-title").textContent) + " leaderboard";
    renderDownloads();
    return getJSON(scoped("standings")).then(function (st) {
      if (!isCurrent(serial)) return null;
      if (homeShown !== null && stamp(st) === homeShown) {
        renderSummary(st);
        return null;
      }
      return loadHome(st, serial);
    }, function (e) {
      showError("Standings", e);
    });
  }

  function loadHome(st, serial) {
    renderStandings(st);
    var piquet = isPiquet();
    $("sec-parties").hidden = !piquet;
    $("sec-matches").hidden = piquet;
    $("jump-latest").setAttribute("data-jump", piquet ? "sec-parties" : "sec-matches");
    $("jump-latest").textContent = piquet ? "Latest parties" : "Latest matches";
    $("sec-history").hidden = !!currentRun;
    document.querySelectorAll("[data-all-matches]").forEach(function (a) {
      a.setAttribute("href", P.matchesHref(currentRun ? { run: currentRun } : {}));
    });
    $("run-all").setAttribute("href", P.gameHref(P.game()));
    var latest = (piquet ? "parties" : "matches") + "?limit=20" + (currentRun ? "&run=" + encodeURIComponent(currentRun) : "");
    var jobs = [
      getJSON(scoped("crosstable")).then(renderCrosstable, function (e) { showError("Crosstable", e); }),
      currentRun ? null : getJSON(withGame("history")).then(renderHistory, function (e) { showError("Rating history", e); }),
      piquet ? getJSON(latest).then(function (d) { renderParties($("parties"), d, true, latest); },
        function (e) { showError("Latest parties", e); })
        : getJSON(withGame(latest)).then(function (d) { renderMatches($("matches"), d, true, withGame(latest)); },
          function (e) { showError("Latest matches", e); })
    ];
    return Promise.all(jobs).then(function () {
      if (isCurrent(serial) && !hasErrors()) homeShown = stamp(st);
    });
  }

  function refreshHome() {
    if (document.body.getAttribute("data-view") !== "home" || document.hidden) return;
    if (document.body.getAttribute("data-state") !== "ready") return;
    var serial = currentRoute();
    getJSON(scoped("standings")).then(function (st) {
      if (!isCurrent(serial) || stamp(st) === homeShown) return;
      loadHome(st, serial);
    }, function () {});
  }

  function renderSummary(st) {
    var box = $("summary");
    clear(box);
    var bots = Array.isArray(st.bots) ? st.bots.length : 0;
    /* a match game counts its matches; Piquet its parties */
    var piquet = !st.game || st.game === P.PIQUET, n = piquet ? st.parties : st.matches;
    box.setAttribute("data-parties", n);
    box.setAttribute("data-bots", bots);
    box.setAttribute("data-game", st.game || P.PIQUET);
    append(box, [
      el("b", { id: "sum-parties", text: n }),
      piquet ? (n === 1 ? " partie · " : " parties · ") : (n === 1 ? " match · " : " matches · "),
      el("b", { id: "sum-bots", text: bots }), bots === 1 ? " bot · " : " bots · ",
      "updated ", el("b", { id: "sum-updated", text: st.updated ? fmtTime(st.updated) : "never" })
    ]);
  }

  /* Where the standings put a bot (stats/standings.h), in words. */
  var SECTION_NOTE = {
    above: "no finite rating: won every partie against the rated bots it met, above every rated bot",
    provisional: "provisional: too few matches or clusters to rank",
    below: "no finite rating: lost every partie against the rated bots it met, below every rated bot",
    apart: "not rated: no parties, or results that cannot be compared with the rated bots'"
  };
  /* Why a bot has no rating (stats/ratings.h), for its status's title. */
  var STATUS_WHY = {
    "all wins": "won every partie: its rating would be +infinity",
    "all losses": "lost every partie: its rating would be -infinity",
    "separated": "won every partie against some bots and lost every one against the others: no finite rating",
    "no parties": "no partie against another bot"
  };

  function renderStandings(st) {
    renderSummary(st);
    var table = $("standings"), tbody = table.tBodies[0];
    clear(tbody);
    var bots = Array.isArray(st.bots) ? st.bots : [];
    var piquet = !st.game || st.game === P.PIQUET;
    $("st-count").textContent = piquet ? "Parties" : "Matches";
    if (bots.length === 0) {
      tbody.appendChild(el("tr", null, el("td", { colspan: 9, class: "muted",
        text: piquet ? "No parties stored yet." : "No matches stored yet." })));
    }
    /* one scale for every interval bar */
    var lo = Infinity, hi = -Infinity;
    bots.forEach(function (b) {
      [b.ci_low, b.ci_high, b.rating].forEach(function (x) {
        if (isNum(x) && b.interval_ok !== false) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
      });
    });
    if (lo > 0) lo = 0;
    if (hi < 0) hi = 0;
    var grouped = bots.some(function (b) { return isNum(b.group) && b.group > 1; });
    var lastSection = null;

    bots.forEach(function (b, index) {
      var rated = b.status === "rated" && isNum(b.rating);
      var section = typeof b.section === "string" ? b.section : (rated ? "ranked" : "apart");
      if (section !== lastSection && section !== "ranked" && SECTION_NOTE[section]) {
        tbody.appendChild(el("tr", { class: "section-row", "data-section": section, "data-order": index - 0.5 },
          el("td", { colspan: 9, text: section === "provisional" && isNum(st.min_matches)
            ? "Provisional, not ranked: fewer than " + st.min_matches + (piquet ? " parties" : " matches") +
              " or fewer than 3 clusters" : SECTION_NOTE[section] })));
      }
      lastSection = section;
      var reliable = rated && b.interval_ok !== false;
      var tr = el("tr", {
        class: "bot-row sec-" + section + (rated ? "" : " unrated"),
        "data-bot": b.name,
        "data-rank": isNum(b.rank) ? b.rank : "",
        "data-rating": rated ? b.rating : "",
        "data-status": b.status,
        "data-section": section,
        "data-order": index
      });
      var rankText = isNum(b.rank) ? String(b.rank) : "–";
      if (grouped && isNum(b.group) && isNum(b.rank)) rankText = b.group + "·" + rankText;
      var tied = isNum(b.rank) && bots.some(function (o) { return o !== b && o.rank === b.rank && o.group === b.group; });
      tr.appendChild(el("td", { class: "num rank", "data-sort": index, text: rankText,
        title: tied ? "tied: equal ratings share a rank" : (grouped && isNum(b.group) ? "group " + b.group + ", rank " + b.rank : null) }));
      tr.appendChild(el("td", { class: "bot", "data-sort": b.name }, botLink(b.name)));

      var ratingCell = el("td", { class: "num rating", "data-sort": rated ? b.rating : (b.status === "all wins" ? 1e9 : -1e9) });
      if (rated) {
        var half = isNum(b.ci_low) && isNum(b.ci_high) ? (b.ci_high - b.ci_low) / 2 : null;
        append(ratingCell, [el("span", { class: "rating-value", text: fmtInt(b.rating) })]);
        if (half !== null && reliable) {
          append(ratingCell, [" ", el("span", { class: "pm", text: "± " + fmtInt(half) })]);
          ratingCell.title = "95% interval " + fmtInt(b.ci_low) + " … " + fmtInt(b.ci_high);
        } else {
          append(ratingCell, [" ", el("span", { class: "pm unreliable", text: "± ?" })]);
          ratingCell.title = "no reliable interval: " + (isNum(b.clusters) ? b.clusters + (b.clusters === 1 ? " cluster" : " clusters") : "too few clusters") +
            " (duplicate pairs or sets)";
        }
        if (b.provisional) append(ratingCell, [" ", el("span", { class: "badge prov", text: "provisional" })]);
      } else {
        ratingCell.appendChild(el("span", { class: "status", text: b.status || "not rated", title: STATUS_WHY[b.status] || null }));
      }
      tr.appendChild(ratingCell);
      tr.appendChild(el("td", { class: "bar-col" }, reliable ? intervalBar(b, lo, hi) :
        el("span", { class: "muted small", text: rated ? "too few clusters" : "" })));
      var count = isNum(b.matches) ? b.matches : b.parties;
      tr.appendChild(el("td", { class: "num parties", "data-sort": isNum(count) ? count : -1, text: isNum(count) ? count : "–",
        title: piquet ? null : b.parties + " comparisons with another bot at the table" }));
      tr.appendChild(el("td", { class: "num score", "data-sort": isNum(b.score_pct) ? b.score_pct : -1, text: fmtPct(b.score_pct) }));
      tr.appendChild(el("td", { class: "num los", "data-sort": isNum(b.los_next) ? b.los_next : -1,
        title: isNum(b.los_next) ? "likelihood that " + b.name + " is stronger than the next ranked bot" : null,
        text: isNum(b.los_next) ? fmtPct(100 * b.los_next) : "" }));
      tr.appendChild(el("td", { class: "num wdl opt", text: [b.wins, b.draws, b.losses].map(function (x) { return isNum(x) ? x : "–"; }).join("-") }));
      tr.appendChild(el("td", { class: "num faults opt" + (b.faults > 0 ? " has-faults" : ""), "data-sort": isNum(b.faults) ? b.faults : 0,
        text: isNum(b.faults) ? b.faults : "–" }));
      tbody.appendChild(tr);
    });
    P.rove(tbody, "a.bot-name");
    P.resetSort(table);

    var note = $("standings-note");
    clear(note);
    var bits = [];
    var tables = Array.isArray(st.seats);
    var stored = piquet ? st.parties : st.matches;
    if (isNum(st.parties_rated) && isNum(st.parties)) {
      bits.push(tables ? fmtInt(st.parties_rated) + " of " + fmtInt(st.parties) + " comparisons rated (from " + stored + " matches)"
        : fmtInt(st.parties_rated) + " of " + fmtInt(st.parties) + (piquet ? " parties" : " matches") + " rated" +
          (st.parties_rated < st.parties ? " (a partie with a bot that has no finite rating is left out of the fit)" : ""));
    }
    if (isNum(st.ranked)) bits.push(st.ranked + (st.ranked === 1 ? " bot" : " bots") + " ranked" +
      (st.provisional ? ", " + st.provisional + " provisional" : ""));
    if (!tables && st.advantage && isNum(st.advantage.rating)) bits.push("first-dealer advantage " + fmtSigned(st.advantage.rating) + " Elo");
    if (tables) bits.push("each match of " + st.players + " counts as a comparison of every two seats; score and W-D-L per comparison in the crosstable");
    if (isNum(st.rho)) bits.push("duplicate-pair correlation ρ = " + st.rho.toFixed(2));
    if (grouped) bits.push("group·rank: ratings compare only within a group (between groups one side won every partie or they never met)");
    note.textContent = bits.join(" · ");
    note.setAttribute("data-rated", isNum(st.parties_rated) ? st.parties_rated : "");
    renderSeats(st);
    /* when the first standings were in the page, from the navigation's
       start (make bench reads it) */
    if (!document.body.hasAttribute("data-standings-ms") && window.performance)
      document.body.setAttribute("data-standings-ms", String(Math.round(performance.now())));
  }

  /* A table game's seat terms: seat 1 deals first, the others follow. */
  function renderSeats(st) {
    var table = $("seat-terms"), tbody = table.tBodies[0];
    clear(tbody);
    table.hidden = !Array.isArray(st.seats);
    (st.seats || []).forEach(function (s) {
      tbody.appendChild(el("tr", { class: "seat-term", "data-seat": s.seat, "data-rating": isNum(s.rating) ? s.rating : "" }, [
        el("td", { text: "seat " + (s.seat + 1) + (s.seat === 0 ? " (first dealer)" : "") }),
        el("td", { class: "num", text: isNum(s.rating) ? fmtSigned(s.rating) : "–" }),
        el("td", { text: isNum(s.ci_low) ? fmtInt(s.ci_low) + " … " + fmtInt(s.ci_high) : "not fitted" })
      ]));
    });
  }

  function intervalBar(b, lo, hi) {
    var W = 140, H = 16, pad = 5;
    var span = hi - lo || 1;
    function x(v) { return pad + (v - lo) / span * (W - 2 * pad); }
    var g = svg("svg", { class: "ibar", viewBox: "0 0 " + W + " " + H, role: "img",
      "aria-label": "95% interval " + fmtInt(b.ci_low) + " to " + fmtInt(b.ci_high) });
    g.appendChild(svg("line", { class: "axis", x1: pad, x2: W - pad, y1: H / 2, y2: H / 2 }));
    g.appendChild(svg("line", { class: "zero", x1: x(0), x2: x(0), y1: 2, y2: H - 2 }));
    if (isNum(b.ci_low) && isNum(b.ci_high)) {
      g.appendChild(svg("line", { class: "range", x1: x(b.ci_low), x2: x(b.ci_high), y1: H / 2, y2: H / 2 }));
    }
    g.appendChild(svg("circle", { class: "point", cx: x(b.rating), cy: H / 2, r: 4 }));
    return g;
  }

  /* The crosstable: a cell is the row bot's score against the column bot,
     coloured by the head-to-head's own verdict (the cell's "significant",
     from the pair's LOS on their own results), with ▲ / ▼ besides the
     colour; a click opens the matches between the two. Past XT_TOP bots
     only the top ones show until "Show all"; on a phone each bot is a
     list of its opponents instead. */
  var XT_TOP = 20;
  var lastCrosstable = null, xtAll = false;

  function cellText(c) {
    var mark = c.significant === "better" ? " ▲" : c.significant === "worse" ? " ▼" : "";
    return (isNum(c.score_pct) ? Math.round(c.score_pct) + "%" : "–") + mark;
  }

  function cellTip(rowName, colName, c, piquet) {
    var h = c.h2h;
    return rowName + " vs " + colName + ": " + c.parties + (piquet ? (c.parties === 1 ? " partie" : " parties") :
      (c.parties === 1 ? " comparison" : " comparisons")) +
      ", W-D-L " + c.wins + "-" + c.draws + "-" + c.losses + ", score " + fmtPct(c.score_pct) +
      (h && isNum(h.los) ? ", head-to-head LOS " + fmtPct(100 * h.los) + " over " + h.n + " " + h.basis : "") +
      (c.significant === "better" ? " (significantly stronger)" : c.significant === "worse" ? " (significantly weaker)" : "") +
      (isNum(c.los) ? "; rating LOS " + fmtPct(100 * c.los) : "");
  }

  function renderCrosstable(xt) {
    lastCrosstable = xt;
    var table = $("crosstable");
    var thead = table.tHead, tbody = table.tBodies[0];
    clear(thead); clear(tbody);
    var piquet = isPiquet();
    var all = Array.isArray(xt.bots) ? xt.bots : [];
    var shown = xtAll ? all.length : Math.min(all.length, XT_TOP);
    var names = all.slice(0, shown);
    var more = $("xt-all");
    more.hidden = all.length <= XT_TOP;
    more.textContent = xtAll ? "Show the top " + XT_TOP + " only" : "Show all " + all.length + " bots";
    more.onclick = function () { xtAll = !xtAll; renderCrosstable(lastCrosstable); };
    var head = el("tr", null, el("th", { scope: "col", class: "corner", text: "Bot" }));
    names.forEach(function (n, j) {
      head.appendChild(el("th", { scope: "col", class: "colhead", title: n, "data-bot": n },
        [el("abbr", { title: n, text: String(j + 1) })]));
    });
    thead.appendChild(head);
    var detail = $("xt-detail");
    names.forEach(function (rowName, i) {
      var tr = el("tr", { "data-bot": rowName });
      tr.appendChild(el("th", { scope: "row", class: "rowhead" }, [el("span", { class: "muted", text: (i + 1) + " " }), botLink(rowName, true)]));
      names.forEach(function (colName, j) {
        var c = xt.cells && xt.cells[i] ? xt.cells[i][j] : null;
        var td;
        if (i === j) {
          td = el("td", { class: "cell self", text: "—" });
        } else if (!c) {
          td = el("td", { class: "cell none", text: "·", title: "never met" });
        } else {
          var sig = c.significant === "better" || c.significant === "worse" ? c.significant : "neutral";
          var tip = cellTip(rowName, colName, c, piquet);
          td = el("td", { class: "cell " + sig, title: tip, "data-significant": sig,
            "data-score": c.score_pct, "data-parties": c.parties, text: cellText(c) });
          (function (cell, text, a, b) {
            cell.addEventListener("mouseenter", function () {
              var old = table.querySelector("td.picked");
              if (old) old.classList.remove("picked");
              cell.classList.add("picked");
              detail.textContent = text;
            });
            cell.addEventListener("focus", function () { detail.textContent = text; });
            cell.addEventListener("click", function () { location.hash = P.matchesHref({ bot: a, opponent: b }); });
            cell.addEventListener("keydown", function (e) {
              if (e.key === "Enter" || e.key === " ") { e.preventDefault(); cell.click(); }
            });
          })(td, tip, rowName, colName);
        }
        td.setAttribute("data-row", rowName);
        td.setAttribute("data-col", colName);
        tr.appendChild(td);
      });
      tbody.appendChild(tr);
    });
    if (names.length === 0) tbody.appendChild(el("tr", null, el("td", { class: "muted", text: "No parties yet." })));
    /* the grid is one tab stop; the arrows move from cell to cell, Enter
       opens the pair's matches */
    P.rove(tbody, "td.cell", names.length);
    renderCrosstableLists(xt, piquet);
  }

  /* The phone's crosstable: one folded list per bot. */
  function renderCrosstableLists(xt, piquet) {
    var box = $("xt-lists");
    clear(box);
    var names = Array.isArray(xt.bots) ? xt.bots : [];
    names.forEach(function (rowName, i) {
      var items = [];
      names.forEach(function (colName, j) {
        var c = xt.cells && xt.cells[i] ? xt.cells[i][j] : null;
        if (i === j || !c) return;
        items.push(el("li", { class: "xt-item " + (c.significant || "neutral"), "data-row": rowName, "data-col": colName }, [
          el("a", { href: P.matchesHref({ bot: rowName, opponent: colName }), class: "xt-vs", title: cellTip(rowName, colName, c, piquet) },
            [el("span", { class: "trunc", text: "vs " + colName }), el("b", { text: " " + cellText(c) })]),
          el("span", { class: "muted", text: " " + c.wins + "-" + c.draws + "-" + c.losses })
        ]));
      });
      box.appendChild(el("details", { class: "xt-bot", "data-bot": rowName }, [
        el("summary", null, [el("span", { class: "muted", text: (i + 1) + " " }), el("span", { class: "trunc", text: rowName }),
          el("span", { class: "muted", text: " · " + items.length + (items.length === 1 ? " opponent" : " opponents") })]),
        /* opened, the whole name (the summary cuts a long one) and its page */
        el("p", { class: "xt-full" }, [el("span", { class: "muted", text: "The page of " }),
          el("a", { href: P.botHref(rowName), class: "xt-whole", text: rowName })]),
        el("ul", { class: "xt-list" }, items)
      ]));
    });
    P.rove(box, "details.xt-bot > summary");
  }

  var lastHistory = null, plotByTime = false;
  function renderHistory(h) {
    lastHistory = h;
    var points = Array.isArray(h.points) ? h.points : [];
    var names = [];
    points.forEach(function (p) {
      Object.keys(p.ratings || {}).forEach(function (n) { if (names.indexOf(n) < 0) names.push(n); });
    });
    /* order the legend like the standings when they are known */
    var order = Array.prototype.map.call(document.querySelectorAll("#standings tr.bot-row"),
      function (tr) { return tr.getAttribute("data-bot"); });
    names.sort(function (a, b) {
      var ia = order.indexOf(a), ib = order.indexOf(b);
      return (ia < 0 ? 1e9 : ia) - (ib < 0 ? 1e9 : ib);
    });
    /* x: the parties stored, or the time they were posted */
    var byTime = plotByTime && points.length > 1 && points.every(function (p) { return !isNaN(Date.parse(p.posted)); });
    function xOf(p) { return byTime ? Date.parse(p.posted) / 1000 : p.parties; }
    var series = names.map(function (n) {
      return { name: n, points: points.map(function (p) { return [xOf(p), p.ratings ? p.ratings[n] : null]; }),
        band: points.map(function (p) {
          var b = p.intervals ? p.intervals[n] : null;
          return Array.isArray(b) ? [xOf(p), b[0], b[1]] : [null, null, null];
        }) };
    });
    $("plot-x").textContent = byTime ? "By parties stored" : "By time posted";
    var root = linePlot($("history"), series, byTime ? "time posted (UTC)" : "parties stored",
      byTime ? function (v) { return fmtTime(new Date(v * 1000).toISOString()).slice(5, 16); } : null);
    var legend = $("legend");
    clear(legend);
    legend.setAttribute("role", "listbox");
    var items = [];
    function highlight(name, on) {
      items.forEach(function (o) { o.classList.toggle("picked", on && o.getAttribute("data-bot") === name); });
      root.querySelectorAll("g.series").forEach(function (g) {
        g.classList.toggle("dimmed", on && g.getAttribute("data-bot") !== name);
        g.classList.toggle("lit", on && g.getAttribute("data-bot") === name);
      });
    }
    series.forEach(function (s, k) {
      var has = s.points.some(function (p) { return isNum(p[1]); });
      var li = el("li", { "data-bot": s.name, class: has ? null : "off", role: "option", tabindex: items.length ? -1 : 0,
        "aria-selected": "false", title: has ? s.name + ": press or hover to highlight" : s.name + ": never rated" },
        [el("span", { class: "swatch s" + (k % 10) + (k >= 20 ? " dot" : k >= 10 ? " dash" : "") }), el("span", { class: "trunc", text: s.name })]);
      function toggle() {
        var on = !li.classList.contains("picked");
        highlight(s.name, on);
        items.forEach(function (o) { o.setAttribute("aria-selected", o === li && on ? "true" : "false"); });
      }
      li.addEventListener("click", toggle);
      li.addEventListener("mouseenter", function () { if (!legend.querySelector("li.picked")) highlight(s.name, true); });
      li.addEventListener("mouseleave", function () { if (!legend.querySelector("li.picked")) highlight(s.name, false); });
      li.addEventListener("focus", function () { if (!legend.querySelector("li.picked")) highlight(s.name, true); });
      li.addEventListener("blur", function () { if (!legend.querySelector("li.picked")) highlight(s.name, false); });
      li.addEventListener("keydown", function (e) {
        var k2 = items.indexOf(li), to = null;
        if (e.key === "ArrowRight" || e.key === "ArrowDown") to = items[Math.min(items.length - 1, k2 + 1)];
        else if (e.key === "ArrowLeft" || e.key === "ArrowUp") to = items[Math.max(0, k2 - 1)];
        else if (e.key === "Home") to = items[0];
        else if (e.key === "End") to = items[items.length - 1];
        else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); return; }
        if (!to) return;
        e.preventDefault();
        li.tabIndex = -1;
        to.tabIndex = 0;
        to.focus();
      });
      items.push(li);
      legend.appendChild(li);
    });
    renderHistoryTable(points, names);
  }

  /* The plot's numbers as a table: a row per bot, a column per point. */
  function renderHistoryTable(points, names) {
    var table = $("history-table");
    clear(table.tHead);
    clear(table.tBodies[0]);
    var head = el("tr", null, el("th", { scope: "col", text: "Bot" }));
    points.forEach(function (p) { head.appendChild(el("th", { scope: "col", class: "num", text: fmtInt(p.parties) })); });
    table.tHead.appendChild(head);
    names.forEach(function (n) {
      var tr = el("tr", { "data-bot": n }, el("th", { scope: "row", class: "trunc", title: n, text: n }));
      points.forEach(function (p) {
        var v = p.ratings ? p.ratings[n] : null;
        tr.appendChild(el("td", { class: "num", text: isNum(v) ? fmtInt(v) : "–" }));
      });
      table.tBodies[0].appendChild(tr);
    });
  }

  function renderLatest(table, data, more, base, append, key) {
    var tbody = table.tBodies[0];
    /* a latest list is one tab stop (P.rove) */
    var fill = append;
    append = function (box, d, list) {
      fill(box, d, list);
      P.rove(tbody, "a.partie-link, a.match-link");
    };
    if (table.getAttribute("data-kept") === "1" && table.getAttribute("data-base") === base) {
      var top = tbody.rows.length ? parseFloat(tbody.rows[0].getAttribute("data-seq")) : -1;
      var fresh = (data[key] || []).filter(function (x) { return x.seq > top; });
      if (fresh.length === 0) return;
      var box = el("tbody");
      append(box, {}, fresh);
      while (box.lastChild) tbody.insertBefore(box.lastChild, tbody.firstChild);
      P.rove(tbody, "a.partie-link, a.match-link");
      return;
    }
    table.removeAttribute("data-kept");
    table.setAttribute("data-base", base || "");
    clear(tbody);
    append(tbody, data);
    if (!more) return;
    more.hidden = !isNum(data.next_before);
    more.onclick = function () {
      more.disabled = true;
      getJSON(base + "&before=" + data.next_before).then(function (d) {
        table.setAttribute("data-kept", "1");
        append(tbody, d);
        more.disabled = false;
        data = d;
        more.hidden = !isNum(d.next_before);
      }, function (e) { more.disabled = false; showError(key === "parties" ? "Older parties" : "Older matches", e); });
    };
  }

  /* withMore: true for the home's "Older" button, or another button. */
  function renderParties(table, data, withMore, base) {
    renderLatest(table, data, withMore === true ? $("parties-more") : withMore || null, base || "parties?limit=20",
      function (tbody, d, list) { appendParties(tbody, list ? { parties: list } : d); }, "parties");
  }

  function appendParties(tbody, data) {
    var list = Array.isArray(data.parties) ? data.parties : [];
    if (list.length === 0 && tbody.rows.length === 0) {
      tbody.appendChild(el("tr", null, el("td", { colspan: 7, class: "muted", text: "No parties stored yet." })));
    }
    list.forEach(function (p) {
      var A = p.players ? p.players.A : "?", B = p.players ? p.players.B : "?";
      var tr = el("tr", { class: "partie-row", "data-key": p.id, "data-seq": p.seq });
      tr.appendChild(el("td", { class: "num", text: p.seq }));
      tr.appendChild(el("td", null, el("a", { href: partieHref(p.id), class: "partie-link", title: p.id, text: shortKey(p.id) })));
      var players = el("td", { class: "players" }, [
        el("span", { class: p.winner === "A" ? "winner" : null }, botLink(A, true)),
        p.first_dealer === "A" ? el("span", { class: "badge", title: "first dealer", text: "D" }) : null,
        " – ",
        el("span", { class: p.winner === "B" ? "winner" : null }, botLink(B, true)),
        p.first_dealer === "B" ? el("span", { class: "badge", title: "first dealer", text: "D" }) : null
      ]);
      tr.appendChild(players);
      tr.appendChild(el("td", { class: "num", text: p.totals ? p.totals.A + " – " + p.totals.B : "–" }));
      var w = el("td");
      if (p.winner === "A" || p.winner === "B") w.appendChild(el("span", { class: "winner", text: p.winner === "A" ? A : B }));
      else w.appendChild(el("span", { class: "muted", text: "draw" }));
      if (p.forfeit) w.appendChild(el("span", { class: "badge", title: forfeitText(p.forfeit, p.players || {}), text: "forfeit" }));
      tr.appendChild(w);
      tr.appendChild(el("td", { class: "num", text: isNum(p.settlement) ? p.settlement : "–" }));
      tr.appendChild(el("td", { class: "muted", text: fmtTime(p.posted) }));
      tbody.appendChild(tr);
    });
  }

  function renderMatches(table, data, withMore, base) {
    renderLatest(table, data, withMore === true ? $("matches-more") : withMore || null, base || withGame("matches?limit=20"),
      function (tbody, d, list) { appendMatches(tbody, list ? { matches: list } : d); }, "matches");
  }

  function appendMatches(tbody, data) {
    var list = Array.isArray(data.matches) ? data.matches : [];
    if (list.length === 0 && tbody.rows.length === 0) {
      tbody.appendChild(el("tr", null, el("td", { colspan: 6, class: "muted", text: "No matches stored yet." })));
    }
    list.forEach(function (m) {
      var names = m.names || {}, letters = Object.keys(names);
      var tr = el("tr", { class: "match-row", "data-key": m.id, "data-seq": m.seq });
      tr.appendChild(el("td", { class: "num", text: m.seq }));
      tr.appendChild(el("td", null, el("a", { href: matchHref(m.id), class: "match-link", title: m.id, text: shortKey(m.id) })));
      var players = el("td", { class: "players" });
      letters.forEach(function (l, i) {
        append(players, [i ? " · " : null, el("span", { class: m.winner === l ? "winner" : null }, botLink(names[l], true)),
          m.first_dealer === l ? el("span", { class: "badge", title: "first dealer", text: "D" }) : null]);
      });
      tr.appendChild(players);
      tr.appendChild(el("td", { class: "num", text: letters.map(function (l) { return m.scores ? m.scores[l] : "–"; }).join(" · ") }));
      var w = el("td");
      if (m.winner && names[m.winner]) w.appendChild(el("span", { class: "winner", text: names[m.winner] }));
      else w.appendChild(el("span", { class: "muted", text: "draw" }));
      if (m.forfeit) w.appendChild(el("span", { class: "badge", title: forfeitText(m.forfeit, names), text: "forfeit" }));
      tr.appendChild(w);
      tr.appendChild(el("td", { class: "muted", text: fmtTime(m.posted) }));
      tbody.appendChild(tr);
    });
  }

  /* The jump links to the sections, the refresh every minute, and the
     plot drawn again at a new width (it is drawn at its box's width). */
  function wireHome() {
    document.querySelectorAll("[data-jump]").forEach(function (a) {
      a.addEventListener("click", function (e) {
        e.preventDefault();
        var t = $(a.getAttribute("data-jump"));
        if (t) t.scrollIntoView({ behavior: "smooth", block: "start" });
      });
    });
    setInterval(refreshHome, REFRESH_MS);
    P.makeSortable($("standings"));
    $("plot-x").addEventListener("click", function () {
      plotByTime = !plotByTime;
      if (lastHistory) renderHistory(lastHistory);
    });
    $("st-cols").addEventListener("click", function () {
      var on = $("standings").classList.toggle("all-cols");
      $("st-cols").setAttribute("aria-pressed", on ? "true" : "false");
    });
    var resizeTimer = null, lastWidth = window.innerWidth;
    window.addEventListener("resize", function () {
      if (window.innerWidth === lastWidth) return;
      lastWidth = window.innerWidth;
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(function () { if (lastHistory) renderHistory(lastHistory); }, 200);
    });
  }

  Object.assign(P, { openHome: openHome, openRun: openRun, wireHome: wireHome, refreshHome: refreshHome, renderSummary: renderSummary, renderParties: renderParties,
    renderMatches: renderMatches });
})(window.Piquet = window.Piquet || {});
