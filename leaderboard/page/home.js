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

  function stamp(st) { return P.game() + "|" + (st.updated || ""); }

  function openHome(serial) {
    document.title = (isPiquet() ? "Piquet" : $("game-title").textContent) + " leaderboard";
    return getJSON(withGame("standings")).then(function (st) {
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
    var jobs = [
      getJSON(withGame("crosstable")).then(renderCrosstable, function (e) { showError("Crosstable", e); }),
      getJSON(withGame("history")).then(renderHistory, function (e) { showError("Rating history", e); }),
      piquet ? getJSON("parties?limit=20").then(function (d) { renderParties($("parties"), d, true); },
        function (e) { showError("Latest parties", e); })
        : getJSON(withGame("matches?limit=20")).then(function (d) { renderMatches($("matches"), d, true); },
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
    getJSON(withGame("standings")).then(function (st) {
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

  function renderStandings(st) {
    renderSummary(st);
    var tbody = $("standings").tBodies[0];
    clear(tbody);
    var bots = Array.isArray(st.bots) ? st.bots : [];
    var piquet = !st.game || st.game === P.PIQUET;
    $("st-count").textContent = piquet ? "Parties" : "Matches";
    if (bots.length === 0) {
      tbody.appendChild(el("tr", null, el("td", { colspan: 8, class: "muted",
        text: piquet ? "No parties stored yet." : "No matches stored yet." })));
    }
    /* one scale for every interval bar */
    var lo = Infinity, hi = -Infinity;
    bots.forEach(function (b) {
      [b.ci_low, b.ci_high, b.rating].forEach(function (x) {
        if (isNum(x)) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
      });
    });
    if (lo > 0) lo = 0;
    if (hi < 0) hi = 0;
    var grouped = bots.some(function (b) { return isNum(b.group) && b.group > 1; });

    bots.forEach(function (b) {
      var rated = b.status === "rated" && isNum(b.rating);
      var tr = el("tr", {
        class: "bot-row" + (rated ? "" : " unrated"),
        "data-bot": b.name,
        "data-rank": isNum(b.rank) ? b.rank : "",
        "data-rating": rated ? b.rating : "",
        "data-status": b.status
      });
      var rankText = isNum(b.rank) ? String(b.rank) : "–";
      if (grouped && isNum(b.group)) rankText = b.group + "·" + rankText;
      tr.appendChild(el("td", { class: "num rank", text: rankText, title: grouped && isNum(b.group) ? "group " + b.group + ", rank " + b.rank : null }));
      tr.appendChild(el("td", { class: "bot" }, botLink(b.name)));

      var ratingCell = el("td", { class: "num rating" });
      if (rated) {
        var half = isNum(b.ci_low) && isNum(b.ci_high) ? (b.ci_high - b.ci_low) / 2 : null;
        append(ratingCell, [el("span", { class: "rating-value", text: fmtInt(b.rating) })]);
        if (half !== null) {
          append(ratingCell, [" ", el("span", { class: "pm", text: "± " + fmtInt(half) })]);
          ratingCell.title = "95% interval " + fmtInt(b.ci_low) + " … " + fmtInt(b.ci_high);
        }
      } else {
        ratingCell.appendChild(el("span", { class: "status", text: b.status || "not rated" }));
      }
      tr.appendChild(ratingCell);
      tr.appendChild(el("td", { class: "bar-col" }, rated ? intervalBar(b, lo, hi) : null));
      var count = isNum(b.matches) ? b.matches : b.parties;
      tr.appendChild(el("td", { class: "num parties", text: isNum(count) ? count : "–",
        title: piquet ? null : b.parties + " comparisons with another bot at the table" }));
      tr.appendChild(el("td", { class: "num score", text: fmtPct(b.score_pct) }));
      tr.appendChild(el("td", { class: "num wdl", text: [b.wins, b.draws, b.losses].map(function (x) { return isNum(x) ? x : "–"; }).join("-") }));
      tr.appendChild(el("td", { class: "num faults" + (b.faults > 0 ? " has-faults" : ""), text: isNum(b.faults) ? b.faults : "–" }));
      tbody.appendChild(tr);
    });

    var note = $("standings-note");
    clear(note);
    var bits = [];
    var tables = Array.isArray(st.seats);
    if (!tables && st.advantage && isNum(st.advantage.rating)) bits.push("first-dealer advantage " + fmtSigned(st.advantage.rating) + " Elo");
    if (tables) bits.push("each match of " + st.players + " counts as a comparison of every two seats; score and W-D-L per comparison in the crosstable");
    if (isNum(st.rho)) bits.push("duplicate-pair correlation ρ = " + st.rho.toFixed(2));
    if (grouped) bits.push("group·rank: ratings compare only within a group (between groups one side won every partie or they never met)");
    note.textContent = bits.join(" · ");
    renderSeats(st);
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

  function renderCrosstable(xt) {
    var table = $("crosstable");
    var thead = table.tHead, tbody = table.tBodies[0];
    clear(thead); clear(tbody);
    var names = Array.isArray(xt.bots) ? xt.bots : [];
    var head = el("tr", null, el("th", { scope: "col", text: "Bot" }));
    names.forEach(function (n, j) {
      head.appendChild(el("th", { scope: "col", class: "colhead", title: n, "data-bot": n, text: String(j + 1) }));
    });
    thead.appendChild(head);
    var detail = $("xt-detail");
    names.forEach(function (rowName, i) {
      var tr = el("tr", { "data-bot": rowName });
      tr.appendChild(el("th", { scope: "row", class: "rowhead" }, [el("span", { class: "muted", text: (i + 1) + " " }), botLink(rowName)]));
      names.forEach(function (colName, j) {
        var c = xt.cells && xt.cells[i] ? xt.cells[i][j] : null;
        var td;
        if (i === j) {
          td = el("td", { class: "cell self", text: "—" });
        } else if (!c) {
          td = el("td", { class: "cell none", text: "·", title: "never met" });
        } else {
          var sig = c.significant === "better" || c.significant === "worse" ? c.significant : "neutral";
          var tip = rowName + " vs " + colName + ": " + c.parties + (c.parties === 1 ? " partie" : " parties") +
            ", W-D-L " + c.wins + "-" + c.draws + "-" + c.losses + ", score " + fmtPct(c.score_pct) +
            ", LOS " + (isNum(c.los) ? fmtPct(100 * c.los) : "n/a");
          td = el("td", { class: "cell " + sig, title: tip, tabindex: 0, "data-significant": sig,
            "data-score": c.score_pct, "data-parties": c.parties, text: isNum(c.score_pct) ? Math.round(c.score_pct) + "%" : "–" });
          (function (cell, text) {
            function pick() {
              var old = table.querySelector("td.picked");
              if (old) old.classList.remove("picked");
              cell.classList.add("picked");
              detail.textContent = text;
            }
            cell.addEventListener("click", pick);
            cell.addEventListener("mouseenter", pick);
            cell.addEventListener("focus", pick);
          })(td, tip);
        }
        td.setAttribute("data-row", rowName);
        td.setAttribute("data-col", colName);
        tr.appendChild(td);
      });
      tbody.appendChild(tr);
    });
    if (names.length === 0) tbody.appendChild(el("tr", null, el("td", { class: "muted", text: "No parties yet." })));
  }

  var lastHistory = null;
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
    var series = names.map(function (n) {
      return { name: n, points: points.map(function (p) { return [p.parties, p.ratings ? p.ratings[n] : null]; }) };
    });
    var root = linePlot($("history"), series, "parties stored");
    var legend = $("legend");
    clear(legend);
    series.forEach(function (s, k) {
      var has = s.points.some(function (p) { return isNum(p[1]); });
      var li = el("li", { "data-bot": s.name, class: has ? null : "off", title: has ? "click to highlight" : "never rated" },
        [el("span", { class: "swatch s" + (k % 10) }), el("span", { text: s.name })]);
      if (has) {
        li.addEventListener("click", function () {
          var on = li.classList.toggle("picked");
          legend.querySelectorAll("li").forEach(function (o) { if (o !== li) o.classList.remove("picked"); });
          root.querySelectorAll("g.series").forEach(function (g) {
            g.classList.toggle("dimmed", on && g.getAttribute("data-bot") !== s.name);
          });
        });
      }
      legend.appendChild(li);
    });
  }

  function renderParties(table, data, withMore) {
    var tbody = table.tBodies[0];
    clear(tbody);
    appendParties(tbody, data);
    var more = withMore ? $("parties-more") : null;
    if (more) setupMore(more, tbody, data, "parties?limit=20");
  }

  function setupMore(button, tbody, data, base) {
    button.hidden = !isNum(data.next_before);
    button.onclick = function () {
      button.disabled = true;
      getJSON(base + "&before=" + data.next_before).then(function (d) {
        appendParties(tbody, d);
        button.disabled = false;
        data = d;
        button.hidden = !isNum(d.next_before);
      }, function (e) { button.disabled = false; showError("Older parties", e); });
    };
  }

  function appendParties(tbody, data) {
    var list = Array.isArray(data.parties) ? data.parties : [];
    if (list.length === 0 && tbody.rows.length === 0) {
      tbody.appendChild(el("tr", null, el("td", { colspan: 7, class: "muted", text: "No parties stored yet." })));
    }
    list.forEach(function (p) {
      var A = p.players ? p.players.A : "?", B = p.players ? p.players.B : "?";
      var tr = el("tr", { class: "partie-row", "data-key": p.id });
      tr.appendChild(el("td", { class: "num", text: p.seq }));
      tr.appendChild(el("td", null, el("a", { href: partieHref(p.id), class: "partie-link", title: p.id, text: shortKey(p.id) })));
      var players = el("td", { class: "players" }, [
        el("span", { class: p.winner === "A" ? "winner" : null }, botLink(A)),
        p.first_dealer === "A" ? el("span", { class: "badge", title: "first dealer", text: "D" }) : null,
        " – ",
        el("span", { class: p.winner === "B" ? "winner" : null }, botLink(B)),
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

  function renderMatches(table, data, withMore) {
    var tbody = table.tBodies[0];
    clear(tbody);
    appendMatches(tbody, data);
    var more = withMore ? $("matches-more") : null;
    if (more) {
      more.hidden = !isNum(data.next_before);
      more.onclick = function () {
        more.disabled = true;
        getJSON(withGame("matches?limit=20&before=" + data.next_before)).then(function (d) {
          appendMatches(tbody, d);
          more.disabled = false;
          data = d;
          more.hidden = !isNum(d.next_before);
        }, function (e) { more.disabled = false; showError("Older matches", e); });
      };
    }
  }

  function appendMatches(tbody, data) {
    var list = Array.isArray(data.matches) ? data.matches : [];
    if (list.length === 0 && tbody.rows.length === 0) {
      tbody.appendChild(el("tr", null, el("td", { colspan: 6, class: "muted", text: "No matches stored yet." })));
    }
    list.forEach(function (m) {
      var names = m.names || {}, letters = Object.keys(names);
      var tr = el("tr", { class: "match-row", "data-key": m.id });
      tr.appendChild(el("td", { class: "num", text: m.seq }));
      tr.appendChild(el("td", null, el("a", { href: matchHref(m.id), class: "match-link", title: m.id, text: shortKey(m.id) })));
      var players = el("td", { class: "players" });
      letters.forEach(function (l, i) {
        append(players, [i ? " · " : null, el("span", { class: m.winner === l ? "winner" : null }, botLink(names[l])),
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
    var resizeTimer = null, lastWidth = window.innerWidth;
    window.addEventListener("resize", function () {
      if (window.innerWidth === lastWidth) return;
      lastWidth = window.innerWidth;
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(function () { if (lastHistory) renderHistory(lastHistory); }, 200);
    });
  }

  Object.assign(P, { openHome: openHome, wireHome: wireHome, renderSummary: renderSummary, renderParties: renderParties,
    renderMatches: renderMatches });
})(window.Piquet = window.Piquet || {});
