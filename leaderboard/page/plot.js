/* plot.js - the SVG line plot of ratings against parties stored (or
   against the time they were posted), drawn for the home view's history
   of every bot and for one bot's page. A series may carry its 95%
   intervals as a band, drawn behind its line: always when the plot has
   one series, else only for the series lit (hovered, focused or picked
   in the legend), so that forty bots stay readable. Past ten colours the
   lines are dashed, past twenty dotted. */

(function (P) {
  "use strict";

  var svg = P.svg, clear = P.clear, isNum = P.isNum, fmtInt = P.fmtInt;

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

  /* A line plot of series [{name, points: [[x, y|null]...], band:
     [[x, low, high]...]?}] into box; xFormat writes an x tick (default:
     the number). */
  function linePlot(box, series, xLabel, xFormat) {
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
      axes.appendChild(svg("text", { class: "xtick", x: X(v), y: H - B + 18, "text-anchor": "middle",
        text: xFormat ? xFormat(v) : String(v) }));
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
      var band = (s.band || []).filter(function (b) { return isNum(b[0]) && isNum(b[1]) && isNum(b[2]); });
      if (band.length > 1) {
        var top = band.map(function (b, i) { return (i ? "L" : "M") + X(b[0]).toFixed(1) + " " + Y(Math.min(b[2], y1)).toFixed(1); });
        var bottom = band.slice().reverse().map(function (b) { return "L" + X(b[0]).toFixed(1) + " " + Y(Math.max(b[1], y0)).toFixed(1); });
        g.appendChild(svg("path", { class: "band s" + (k % 10), d: top.concat(bottom).join(" ") + " Z" }));
      }
      var dash = k >= 20 ? " dot" : k >= 10 ? " dash" : "";
      g.appendChild(svg("path", { class: "line s" + (k % 10) + dash, d: d.trim(), "data-bot": s.name },
        svg("title", { text: s.name })));
      g.appendChild(svg("circle", { class: "s" + (k % 10), cx: X(last[0]), cy: Y(last[1]), r: 3.5 },
        svg("title", { text: s.name + ": " + fmtInt(last[1]) + " after " + last[0] + " parties" })));
      root.appendChild(g);
      drawn++;
    });
    root.setAttribute("data-series", drawn);
    if (series.length === 1) root.classList.add("single");
    return root;
  }

  P.linePlot = linePlot;
})(window.Piquet = window.Piquet || {});
