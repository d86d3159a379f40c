/* Piquet leaderboard page: reads the JSON API (leaderboard/README.md) and
   builds every element with createElement/textContent, never innerHTML,
   so bot names and other values holding HTML stay text. No external
   resources and no inline scripts or styles (the server's CSP allows only
   'self'). Routing is by hash so that a deep link opens directly:
     #/                                   standings, crosstable, plot, parties
     #/partie/RUN-ID[/deal/N[/step/K]]    the partie viewer (N from 1, K from 0)
     #/bot/NAME                           one bot
   Stable ids, classes and data- attributes are what tests/test_page.c reads. */
"use strict";

(function () {
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

  function botHref(name) { return "#/bot/" + encodeURIComponent(name); }
  function partieHref(key, deal, step) {
    var h = "#/partie/" + encodeURIComponent(key);
    if (deal) h += "/deal/" + deal;
    if (step !== undefined && step !== null) h += "/step/" + step;
    return h;
  }

  /* "3f9a0c1d2e4b5a69-17" shown as "3f9a0c…-17": the run id is long and
     the same for a whole tournament. */
  function shortKey(key) {
    var m = /^([0-9a-fA-F]{6})[0-9a-fA-F]{10}-(\d+)$/.exec(String(key));
    return m ? m[1] + "…-" + m[2] : String(key);
  }

  function botLink(name) {
    return el("a", { href: botHref(name), class: "bot-name", "data-bot": name, text: name });
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

  /* ---------- routing ---------- */

  var routeSerial = 0;

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
    var serial = ++routeSerial;
    var r = parseRoute();
    clearErrors();
    document.body.setAttribute("data-state", "loading");
    var done;
    if (r.view === "partie") done = openPartie(r, serial);
    else if (r.view === "bot") done = openBot(r.name, serial);
    else done = openHome(serial);
    done.then(function () {
      if (serial === routeSerial && errors.length === 0) document.body.setAttribute("data-state", "ready");
    });
  }

  /* ---------- home: summary, standings, crosstable, history, parties ---------- */

  /* The home view is built once and rebuilt only when the standings say
     the store changed ("updated"), on coming back to it and every minute
     while it is on screen. */
  var homeShown = null; /* the "updated" stamp the home view shows */
  var REFRESH_MS = 60000;

  function openHome(serial) {
    showView("home");
    document.title = "Piquet leaderboard";
    return getJSON("standings").then(function (st) {
      if (serial !== routeSerial) return null;
      if (homeShown !== null && (st.updated || "") === homeShown) {
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
    var jobs = [
      getJSON("crosstable").then(renderCrosstable, function (e) { showError("Crosstable", e); }),
      getJSON("history").then(renderHistory, function (e) { showError("Rating history", e); }),
      getJSON("parties?limit=20").then(function (d) { renderParties($("parties"), d, true); },
        function (e) { showError("Latest parties", e); })
    ];
    return Promise.all(jobs).then(function () {
      if (serial === routeSerial && errors.length === 0) homeShown = st.updated || "";
    });
  }

  function refreshHome() {
    if (document.body.getAttribute("data-view") !== "home" || document.hidden) return;
    if (document.body.getAttribute("data-state") !== "ready") return;
    var serial = routeSerial;
    getJSON("standings").then(function (st) {
      if (serial !== routeSerial || (st.updated || "") === homeShown) return;
      loadHome(st, serial);
    }, function () {});
  }

  function renderSummary(st) {
    var box = $("summary");
    clear(box);
    var bots = Array.isArray(st.bots) ? st.bots.length : 0;
    box.setAttribute("data-parties", st.parties);
    box.setAttribute("data-bots", bots);
    append(box, [
      el("b", { id: "sum-parties", text: st.parties }), st.parties === 1 ? " partie · " : " parties · ",
      el("b", { id: "sum-bots", text: bots }), bots === 1 ? " bot · " : " bots · ",
      "updated ", el("b", { id: "sum-updated", text: st.updated ? fmtTime(st.updated) : "never" })
    ]);
  }

  function renderStandings(st) {
    renderSummary(st);
    var tbody = $("standings").tBodies[0];
    clear(tbody);
    var bots = Array.isArray(st.bots) ? st.bots : [];
    if (bots.length === 0) {
      tbody.appendChild(el("tr", null, el("td", { colspan: 8, class: "muted", text: "No parties stored yet." })));
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
      tr.appendChild(el("td", { class: "num parties", text: isNum(b.parties) ? b.parties : "–" }));
      tr.appendChild(el("td", { class: "num score", text: fmtPct(b.score_pct) }));
      tr.appendChild(el("td", { class: "num wdl", text: [b.wins, b.draws, b.losses].map(function (x) { return isNum(x) ? x : "–"; }).join("-") }));
      tr.appendChild(el("td", { class: "num faults" + (b.faults > 0 ? " has-faults" : ""), text: isNum(b.faults) ? b.faults : "–" }));
      tbody.appendChild(tr);
    });

    var note = $("standings-note");
    clear(note);
    var bits = [];
    if (st.advantage && isNum(st.advantage.rating)) bits.push("first-dealer advantage " + fmtSigned(st.advantage.rating) + " Elo");
    if (isNum(st.rho)) bits.push("duplicate-pair correlation ρ = " + st.rho.toFixed(2));
    if (grouped) bits.push("group·rank: ratings compare only within a group (between groups one side won every partie or they never met)");
    note.textContent = bits.join(" · ");
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

  /* Round tick steps: 1, 2, 5 times a power of ten. */
  function ticks(lo, hi, want) {
    if (!(hi > lo)) { hi = lo + 1; }
    var raw = (hi - lo) / Math.max(1, want);
    var mag = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10));
    var step = mag;
    [1, 2, 5, 10].some(function (m) { step = m * mag; return raw <= step; });
    var out = [];
    for (var v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v / step) * step);
    return out;
  }

  /* A line plot of series [{name, points: [[x, y|null]...]}] into box. */
  function linePlot(box, series, xLabel) {
    clear(box);
    /* drawn at the box's own width so that the text keeps its size on a phone */
    var W = Math.max(300, Math.min(1000, box.clientWidth || 720));
    var H = W < 560 ? 240 : 320, L = 48, R = 12, T = 12, B = 40;
    var xs = [], ys = [];
    series.forEach(function (s) {
      s.points.forEach(function (p) {
        if (isNum(p[0])) xs.push(p[0]);
        if (isNum(p[0]) && isNum(p[1])) ys.push(p[1]);
      });
    });
    var root = svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": "rating history", "data-series": 0 });
    box.appendChild(root);
    if (ys.length === 0) {
      root.appendChild(svg("text", { class: "empty", x: W / 2, y: H / 2, "text-anchor": "middle", text: "No ratings yet." }));
      return root;
    }
    var x0 = Math.min.apply(null, xs.concat([0])), x1 = Math.max.apply(null, xs);
    var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
    if (x1 === x0) x1 = x0 + 1;
    var yPad = Math.max(10, (y1 - y0) * 0.06);
    y0 -= yPad; y1 += yPad;
    var yt = ticks(y0, y1, W < 560 ? 4 : 6), xt = ticks(x0, x1, W < 560 ? 4 : 8);
    y0 = Math.min(y0, yt[0]); y1 = Math.max(y1, yt[yt.length - 1]);
    xt = xt.filter(function (v) { return v >= x0 && v <= x1 && v === Math.round(v); });
    function X(v) { return L + (v - x0) / (x1 - x0) * (W - L - R); }
    function Y(v) { return T + (y1 - v) / (y1 - y0) * (H - T - B); }

    var axes = svg("g", { class: "axes" });
    root.appendChild(axes);
    yt.forEach(function (v) {
      axes.appendChild(svg("line", { class: "gridline", x1: L, x2: W - R, y1: Y(v), y2: Y(v) }));
      axes.appendChild(svg("text", { class: "ytick", x: L - 6, y: Y(v) + 4, "text-anchor": "end", text: fmtInt(v) }));
    });
    xt.forEach(function (v) {
      axes.appendChild(svg("line", { class: "axisline", x1: X(v), x2: X(v), y1: H - B, y2: H - B + 5 }));
      axes.appendChild(svg("text", { class: "xtick", x: X(v), y: H - B + 18, "text-anchor": "middle", text: String(v) }));
    });
    axes.appendChild(svg("line", { class: "axisline", x1: L, x2: W - R, y1: H - B, y2: H - B }));
    axes.appendChild(svg("line", { class: "axisline", x1: L, x2: L, y1: T, y2: H - B }));
    axes.appendChild(svg("text", { x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle", text: xLabel }));
    axes.appendChild(svg("text", { x: 12, y: (T + H - B) / 2, "text-anchor": "middle",
      transform: "rotate(-90 12 " + (T + H - B) / 2 + ")", text: "Elo" }));

    var drawn = 0;
    series.forEach(function (s, k) {
      var d = "", pen = false, last = null;
      s.points.forEach(function (p) {
        if (!isNum(p[0]) || !isNum(p[1])) { pen = false; return; }
        d += (pen ? " L" : " M") + X(p[0]).toFixed(1) + " " + Y(p[1]).toFixed(1);
        pen = true;
        last = p;
      });
      if (!last) return;
      var g = svg("g", { class: "series", "data-bot": s.name });
      g.appendChild(svg("path", { class: "line s" + (k % 10), d: d.trim(), "data-bot": s.name },
        svg("title", { text: s.name })));
      g.appendChild(svg("circle", { class: "s" + (k % 10), cx: X(last[0]), cy: Y(last[1]), r: 3.5 },
        svg("title", { text: s.name + ": " + fmtInt(last[1]) + " after " + last[0] + " parties" })));
      root.appendChild(g);
      drawn++;
    });
    root.setAttribute("data-series", drawn);
    return root;
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

  /* ---------- the partie viewer ---------- */

  var partieCache = {};
  var viewer = null; /* {key, partie, dealIndex, step} */

  function openPartie(r, serial) {
    showView("partie");
    var cached = partieCache[r.key];
    var load = cached ? Promise.resolve(cached) : getJSON("parties/" + encodeURIComponent(r.key));
    $("partie-title").textContent = "Partie " + r.key;
    return load.then(function (p) {
      partieCache[r.key] = p;
      if (serial !== routeSerial) return;
      showPartie(r, p);
    }, function (e) {
      if (serial !== routeSerial) return;
      $("deal").hidden = true;
      clear($("partie-summary"));
      clear($("partie-deals").tBodies[0]);
      showError(e.status === 404 ? "No such partie '" + r.key + "'" : "Partie " + r.key, e);
    });
  }

  /* {"player": "B", "fault": "crash", "message": "..."} in words */
  function forfeitText(f, names) {
    var who = f.player === "A" || f.player === "B" ? names[f.player] : null;
    var why = [f.fault, f.message].filter(function (x) { return typeof x === "string" && x; });
    if (why.length === 2 && why[1].indexOf(why[0]) === 0) why.shift();
    return "forfeit" + (who ? " by " + who : "") + (why.length ? " (" + why.join(": ") + ")" : "");
  }

  function otherSeat(s) { return s === "A" ? "B" : "A"; }

  function showPartie(r, p) {
    var deals = Array.isArray(p.viewer) ? p.viewer : [];
    var names = p.players || {};
    document.title = "Partie " + r.key + " · " + names.A + " – " + names.B;
    $("partie-title").textContent = "Partie " + (p.key || r.key);

    var sum = $("partie-summary");
    clear(sum);
    var winner = p.winner === "A" || p.winner === "B" ? names[p.winner] : null;
    append(sum, [
      "A ", botLink(names.A), " – B ", botLink(names.B),
      " · first dealer ", el("b", { text: p.first_dealer === "A" || p.first_dealer === "B" ? names[p.first_dealer] : "?" }),
      " · totals ", el("b", { id: "partie-totals", text: p.totals ? p.totals.A + " – " + p.totals.B : "–" }),
      " · ", winner ? el("span", null, ["won by ", el("b", { text: winner })]) : el("b", { text: "draw" }),
      isNum(p.settlement) ? " · settlement " + p.settlement : "",
      p.forfeit ? el("span", { class: "badge forfeit", text: forfeitText(p.forfeit, names) }) : null
    ]);

    $("pd-a").textContent = "A " + (names.A || "");
    $("pd-b").textContent = "B " + (names.B || "");
    var tb = $("partie-deals").tBodies[0];
    clear(tb);
    var ta = 0, tbb = 0;
    deals.forEach(function (d, i) {
      var eSeat = d.elder, ySeat = otherSeat(d.elder);
      var pts = {};
      pts[eSeat] = d.result ? d.result.elder : 0;
      pts[ySeat] = d.result ? d.result.younger : 0;
      ta += pts.A; tbb += pts.B;
      var tr = el("tr", { "data-deal": i + 1 }, [
        el("td", null, el("a", { href: partieHref(r.key, i + 1), text: "Deal " + (i + 1) })),
        el("td", { text: names[eSeat] }),
        el("td", { class: "num", text: pts.A }), el("td", { class: "num", text: pts.B }),
        el("td", { class: "num", text: ta }), el("td", { class: "num", text: tbb })
      ]);
      tb.appendChild(tr);
    });

    if (deals.length === 0) {
      /* a forfeit before the first deal: nothing to walk through */
      $("deal").hidden = true;
      viewer = null;
      tb.appendChild(el("tr", null, el("td", { colspan: 6, class: "muted",
        text: "No deal was played" + (p.forfeit ? ": the partie was forfeited before the first deal." : ".") })));
      return;
    }
    var di = r.deal ? r.deal - 1 : 0;
    if (di >= deals.length) {
      showError("Partie " + r.key, { message: "there is no deal " + r.deal + " (the partie has " + deals.length + ")" });
      di = deals.length - 1;
    }
    $("deal").hidden = false;
    var d = deals[di];
    var nSteps = Array.isArray(d.steps) ? d.steps.length : 0;
    var step = r.step === null ? nSteps : Math.min(r.step, nSteps);
    viewer = { key: r.key, partie: p, dealIndex: di, deal: d, step: step, nSteps: nSteps };
    Array.prototype.forEach.call(tb.rows, function (row, i) { row.classList.toggle("current", i === di); });
    renderDeal();
  }

  function seatName(seatWord) {
    var p = viewer.partie, d = viewer.deal;
    var letter = seatWord === "elder" ? d.elder : otherSeat(d.elder);
    return p.players ? p.players[letter] : letter;
  }

  function renderDeal() {
    var p = viewer.partie, d = viewer.deal, di = viewer.dealIndex;
    var deals = p.viewer;
    var tabs = $("deal-tabs");
    clear(tabs);
    deals.forEach(function (_, i) {
      tabs.appendChild(el("a", { href: partieHref(viewer.key, i + 1), class: i === di ? "active" : null,
        "data-deal": i + 1, "aria-current": i === di ? "page" : null, text: "Deal " + (i + 1) }));
    });

    var res = $("deal-result");
    clear(res);
    res.setAttribute("data-deal", di + 1);
    res.setAttribute("data-elder", d.result ? d.result.elder : "");
    res.setAttribute("data-younger", d.result ? d.result.younger : "");
    append(res, [
      "Deal " + (di + 1) + ": elder ", el("b", { text: seatName("elder") }), " ",
      el("b", { class: "res-elder", text: d.result ? d.result.elder : "–" }),
      ", younger ", el("b", { text: seatName("younger") }), " ",
      el("b", { class: "res-younger", text: d.result ? d.result.younger : "–" })
    ]);

    $("tr-elder").textContent = "Elder";
    $("tr-younger").textContent = "Younger";

    /* the actions list, built once per deal */
    var ol = $("steps");
    clear(ol);
    (d.steps || []).forEach(function (s, k) {
      var li = el("li", { "data-step": k + 1, "data-seat": s.seat, "data-note": s.note || null, value: k + 1 });
      li.appendChild(el("span", { class: "running", text: s.score ? s.score.elder + " – " + s.score.younger : "" }));
      li.appendChild(el("span", { class: "seat", text: s.seat }));
      li.appendChild(actionGlyphs(s.action));
      if (s.note) li.appendChild(el("span", { class: "note-badge note-" + s.note.replace(/\s+/g, "-"), text: s.note }));
      li.addEventListener("click", function () { setStep(k + 1); });
      ol.appendChild(li);
    });

    /* the tricks table, built once per deal */
    var tb = $("tricks").tBodies[0];
    clear(tb);
    (d.tricks || []).forEach(function (t, k) {
      var cards = t.cards || {};
      tb.appendChild(el("tr", { class: "trick", "data-trick": k + 1, "data-winner": t.winner }, [
        el("td", { class: "num", text: k + 1 }),
        el("td", { text: t.leader }),
        el("td", { class: t.winner === "elder" ? "won" : null }, cards.elder ? cardGlyph(cards.elder) : "–"),
        el("td", { class: t.winner === "younger" ? "won" : null }, cards.younger ? cardGlyph(cards.younger) : "–"),
        el("td", { text: t.winner ? t.winner + " (" + seatName(t.winner) + ")" : "–" })
      ]));
    });
    $("tricks").setAttribute("data-tricks", (d.tricks || []).length);

    var u = $("untaken");
    clear(u);
    var untaken = d.hands ? d.hands.untaken : null;
    if (untaken && untaken.length) append(u, [el("span", { text: "Untaken talon cards:" }), cardList(untaken, "untaken-cards")]);

    var range = $("step");
    range.max = viewer.nSteps;
    range.value = viewer.step;
    renderStep();
  }

  /* "declare point AH KH" -> seat-free words and card glyphs */
  function actionGlyphs(action) {
    var box = el("span", { class: "act" });
    var words = String(action || "").split(/\s+/);
    var text = [];
    words.forEach(function (w) {
      if (/^[789TJQKA][SHDC]$/.test(w)) {
        if (text.length) { box.appendChild(document.createTextNode(text.join(" ") + " ")); text = []; }
        box.appendChild(cardGlyph(w));
      } else {
        text.push(w);
      }
    });
    if (text.length) box.appendChild(document.createTextNode(text.join(" ")));
    return box;
  }

  function playedBy(steps, upto) {
    var played = { elder: {}, younger: {} }, last = null;
    for (var k = 0; k < upto && k < steps.length; k++) {
      var m = /^play\s+(\S\S)$/.exec(steps[k].action || "");
      if (m) { played[steps[k].seat][m[1]] = true; last = m[1]; }
    }
    return { played: played, last: upto > 0 && steps[upto - 1] && /^play/.test(steps[upto - 1].action) ? last : null };
  }

  function renderHand(box, seatWord, hand, played) {
    clear(box);
    box.setAttribute("data-seat", seatWord);
    var letter = seatWord === "elder" ? viewer.deal.elder : otherSeat(viewer.deal.elder);
    box.appendChild(el("h3", null, [seatWord === "elder" ? "Elder " : "Younger ", el("span", { class: "seat-name", text: seatName(seatWord) }),
      el("span", { class: "muted", text: " (" + letter + ")" })]));
    if (!hand) return;
    [["dealt", "Dealt"], ["discarded", "Discarded"], ["taken", "Taken"], ["held", "Held"]].forEach(function (row) {
      var cards = cardList(hand[row[0]], "cards-" + row[0]);
      if (row[0] === "held") {
        Array.prototype.forEach.call(cards.querySelectorAll(".pcard"), function (c) {
          var code = c.getAttribute("data-card");
          if (played.played[seatWord][code]) c.classList.add("played");
          if (played.last === code) c.classList.add("just");
        });
      }
      box.appendChild(el("div", { class: "hand-row row-" + row[0] }, [el("span", { class: "label", text: row[1] }), cards]));
    });
  }

  function renderStep() {
    var d = viewer.deal, k = viewer.step, n = viewer.nSteps;
    var steps = d.steps || [];
    $("step").value = k;
    $("step-label").textContent = "step " + k + " / " + n;
    $("step-first").disabled = $("step-prev").disabled = k <= 0;
    $("step-next").disabled = $("step-last").disabled = k >= n;

    var score = k > 0 && steps[k - 1].score ? steps[k - 1].score : { elder: 0, younger: 0 };
    var sb = $("step-score");
    clear(sb);
    sb.setAttribute("data-step", k);
    sb.setAttribute("data-elder", score.elder);
    sb.setAttribute("data-younger", score.younger);
    ["elder", "younger"].forEach(function (s) {
      sb.appendChild(el("div", { class: "seat-score score-" + s }, [
        el("span", null, [el("span", { class: "muted", text: s + " " }), el("span", { class: "bot-name", text: seatName(s) })]),
        el("b", { text: score[s] })
      ]));
    });

    var now = $("step-now");
    clear(now);
    if (k === 0) now.appendChild(el("span", { class: "muted", text: "Dealt; nothing played yet." }));
    else {
      var s = steps[k - 1];
      append(now, [el("b", { text: s.seat + " (" + seatName(s.seat) + "): " }), actionGlyphs(s.action),
        s.note ? el("span", { class: "note-badge note-" + s.note.replace(/\s+/g, "-"), text: s.note }) : null]);
    }

    var played = playedBy(steps, k);
    renderHand($("hand-elder"), "elder", d.hands ? d.hands.elder : null, played);
    renderHand($("hand-younger"), "younger", d.hands ? d.hands.younger : null, played);

    Array.prototype.forEach.call($("steps").children, function (li, i) {
      li.classList.toggle("future", i >= k);
      li.classList.toggle("now", i === k - 1);
    });
    /* tricks completed by step k: count the plays */
    var plays = 0;
    for (var i = 0; i < k; i++) if (/^play\s/.test(steps[i].action || "")) plays++;
    var tricks = d.tricks || [];
    Array.prototype.forEach.call($("tricks").tBodies[0].rows, function (tr, i) {
      tr.classList.toggle("future", 2 * i >= plays);
      tr.classList.toggle("now", 2 * i < plays && plays <= 2 * i + 2);
      /* a trick half played: the second card and the winner are not known yet */
      var half = plays === 2 * i + 1, t = tricks[i] || {};
      var second = t.leader === "elder" ? "younger" : "elder";
      tr.cells[second === "elder" ? 2 : 3].classList.toggle("pending", half);
      tr.cells[4].classList.toggle("pending", half);
    });
  }

  function setStep(k) {
    if (!viewer) return;
    k = Math.max(0, Math.min(viewer.nSteps, k));
    if (k === viewer.step) return;
    viewer.step = k;
    renderStep();
    var h = partieHref(viewer.key, viewer.dealIndex + 1, k);
    if (history.replaceState) history.replaceState(null, "", h);
    var cur = $("steps").children[k - 1];
    if (cur && cur.scrollIntoView && $("steps").scrollHeight > $("steps").clientHeight) cur.scrollIntoView({ block: "nearest" });
  }

  function wireStepper() {
    $("step-first").addEventListener("click", function () { setStep(0); });
    $("step-prev").addEventListener("click", function () { setStep(viewer.step - 1); });
    $("step-next").addEventListener("click", function () { setStep(viewer.step + 1); });
    $("step-last").addEventListener("click", function () { setStep(viewer.nSteps); });
    $("step").addEventListener("input", function () { setStep(parseInt($("step").value, 10)); });
    document.addEventListener("keydown", function (e) {
      if (document.body.getAttribute("data-view") !== "partie" || !viewer) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var t = e.target && e.target.tagName;
      if (t === "INPUT" && e.target.id !== "step") return;
      if (t === "TEXTAREA" || t === "SELECT") return;
      var k = null;
      if (e.key === "ArrowRight") k = viewer.step + 1;
      else if (e.key === "ArrowLeft") k = viewer.step - 1;
      else if (e.key === "Home") k = 0;
      else if (e.key === "End") k = viewer.nSteps;
      if (k === null) return;
      e.preventDefault();
      setStep(k);
    });
  }

  /* ---------- bot page ---------- */

  function openBot(name, serial) {
    showView("bot");
    document.title = name + " · Piquet leaderboard";
    $("bot-title").textContent = name;
    var facts = $("bot-facts");
    clear(facts);
    clear($("bot-history"));
    clear($("bot-opponents").tBodies[0]);
    clear($("bot-parties").tBodies[0]);
    var one = getJSON("bots/" + encodeURIComponent(name)).then(function (b) {
      if (serial !== routeSerial) return;
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
      if (serial !== routeSerial) return;
      showError(e.status === 404 ? "No such bot '" + name + "'" : "Bot " + name, e);
    });
    var base = "parties?limit=20&bot=" + encodeURIComponent(name);
    var list = getJSON(base).then(function (d) {
      if (serial !== routeSerial) return;
      renderParties($("bot-parties"), d, false);
    }, function () {});
    return Promise.all([one, list]);
  }

  /* ---------- start ---------- */

  function start() {
    wireStepper();
    document.querySelectorAll("[data-jump]").forEach(function (a) {
      a.addEventListener("click", function (e) {
        e.preventDefault();
        var t = $(a.getAttribute("data-jump"));
        if (t) t.scrollIntoView({ behavior: "smooth", block: "start" });
      });
    });
    window.addEventListener("hashchange", route);
    setInterval(refreshHome, REFRESH_MS);
    var resizeTimer = null, lastWidth = window.innerWidth;
    window.addEventListener("resize", function () {
      if (window.innerWidth === lastWidth) return;
      lastWidth = window.innerWidth;
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(function () { if (lastHistory) renderHistory(lastHistory); }, 200);
    });
    /* the header always shows the summary, whatever the first view */
    if (parseRoute().view !== "home") {
      getJSON("standings").then(renderSummary, function () { $("summary").textContent = ""; });
    }
    route();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
