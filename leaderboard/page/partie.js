/* partie.js - the partie viewer (#/partie/RUN-ID[/deal/N[/step/K]]): the
   totals per deal, then one deal stepped through action by action (the
   hands, the current trick, the actions, the tricks and the score at the
   current step) and how the deal scored, category by category, as the
   engine counts it (the viewer's "report"). Each player keeps his side
   of the screen across the deals: A on the left, B on the right, whoever
   is elder. */

(function (P) {
  "use strict";

  var $ = P.$, el = P.el, append = P.append, clear = P.clear, isNum = P.isNum;
  var partieHref = P.partieHref, forfeitText = P.forfeitText, botLink = P.botLink;
  var cardGlyph = P.cardGlyph, cardList = P.cardList;
  var getJSON = P.getJSON, showError = P.showError, isCurrent = P.isCurrent;

  var partieCache = {};
  var viewer = null; /* {key, partie, dealIndex, step} */

  function openPartie(r, serial) {
    var cached = partieCache[r.key];
    var load = cached ? Promise.resolve(cached) : getJSON("parties/" + encodeURIComponent(r.key));
    $("partie-title").textContent = "Partie " + r.key;
    return load.then(function (p) {
      partieCache[r.key] = p;
      if (!isCurrent(serial)) return;
      showPartie(r, p);
    }, function (e) {
      if (!isCurrent(serial)) return;
      $("deal").hidden = true;
      clear($("partie-summary"));
      clear($("partie-deals").tBodies[0]);
      showError(e.status === 404 ? "No such partie '" + r.key + "'" : "Partie " + r.key, e);
    });
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
      typeof p.run === "string" ? el("span", null, [" · ", el("a", { href: P.runHref(p.run), class: "run-link",
        title: "the run's standings, matches and journal", text: "run " + p.run })]) : null,
      p.forfeit ? el("span", { class: "badge forfeit", text: forfeitText(p.forfeit, names) }) : null
    ]);

    $("pd-a").textContent = "A " + (names.A || "");
    $("pd-b").textContent = "B " + (names.B || "");
    var tb = $("partie-deals").tBodies[0];
    clear(tb);
    var ta = 0, tbb = 0;
    var played = el("span", { id: "partie-played" });
    if (p.forfeit) append(sum, [" · score as played ", played]);
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
    P.rove(tb, "a");

    played.textContent = ta + " – " + tbb;
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

  /* The role ("elder" or "younger") player A or B holds in this deal. */
  function roleOf(letter) {
    return letter === viewer.deal.elder ? "elder" : "younger";
  }

  /* The words for a step's note: younger's answer to elder's call (R13-R15),
     never a verdict on the cards of whoever made the step. */
  function noteWords(s) {
    var m = /^declare\s+(point|sequence|set)/.exec(s.action || "");
    var cls = m ? m[1] : "call";
    var what = s.note === "good" ? "elder's " + cls + " stands" : s.note === "not good" ? "younger's " + cls + " is better"
      : "equal: neither scores the " + cls;
    return { text: (s.seat === "younger" ? "answers “" : "“") + s.note + "”", title: "younger's answer to elder's " + cls +
      ": “" + s.note + "” (" + what + ")" };
  }

  function noteBadge(s) {
    var w = noteWords(s);
    return el("span", { class: "note-badge note-" + s.note.replace(/\s+/g, "-"), title: w.title, text: w.text });
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
    P.rove(tabs, "a", deals.length, di); /* one tab stop, the deal shown; Left and Right */

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

    var names = p.players || {};
    $("tr-a").textContent = "A " + (names.A || "") + " (" + roleOf("A") + ")";
    $("tr-b").textContent = "B " + (names.B || "") + " (" + roleOf("B") + ")";
    renderBreakdown(d, names);

    /* the actions list, built once per deal */
    var ol = $("steps");
    clear(ol);
    (d.steps || []).forEach(function (s, k) {
      var li = el("li", { "data-step": k + 1, "data-seat": s.seat, "data-note": s.note || null, value: k + 1 });
      li.appendChild(el("span", { class: "running", text: s.score ? s.score.elder + " – " + s.score.younger : "" }));
      li.appendChild(el("span", { class: "seat", text: s.seat }));
      li.appendChild(actionGlyphs(s.action));
      if (s.note) li.appendChild(noteBadge(s));
      li.addEventListener("click", function () { setStep(k + 1); });
      ol.appendChild(li);
    });

    /* the tricks table, built once per deal */
    var tb = $("tricks").tBodies[0];
    clear(tb);
    (d.tricks || []).forEach(function (t, k) {
      var cards = t.cards || {};
      var ra = roleOf("A"), rb = roleOf("B");
      tb.appendChild(el("tr", { class: "trick", "data-trick": k + 1, "data-winner": t.winner }, [
        el("td", { class: "num", text: k + 1 }),
        el("td", { text: t.leader ? seatName(t.leader) : "–" }),
        el("td", { class: t.winner === ra ? "won" : null }, cards[ra] ? cardGlyph(cards[ra]) : "–"),
        el("td", { class: t.winner === rb ? "won" : null }, cards[rb] ? cardGlyph(cards[rb]) : "–"),
        el("td", { text: t.winner ? seatName(t.winner) + " (" + t.winner + ")" : "–" })
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
    box.setAttribute("data-role", seatWord);
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
    [roleOf("A"), roleOf("B")].forEach(function (s) {
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
        s.note ? noteBadge(s) : null]);
    }

    var played = playedBy(steps, k);
    var ra = roleOf("A"), rb = roleOf("B");
    renderHand($("hand-a"), ra, d.hands ? d.hands[ra] : null, played);
    renderHand($("hand-b"), rb, d.hands ? d.hands[rb] : null, played);

    var ol = $("steps");
    Array.prototype.forEach.call(ol.children, function (li, i) {
      li.classList.toggle("future", i >= k);
      li.classList.toggle("now", i === k - 1);
    });
    P.keepStepInSight(ol, k);
    renderTrickNow(steps, k);
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
      tr.cells[second === roleOf("A") ? 2 : 3].classList.toggle("pending", half);
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
    if (history.replaceState) history.replaceState(history.state, "", h);
  }

  /* The trick on the table at step k: the lead, then the answer and who
     took it, as two cards side by side under their players' names. */
  function renderTrickNow(steps, k) {
    var box = $("trick-now");
    clear(box);
    var cards = [], lastPlay = -1;
    for (var i = 0; i < k; i++) {
      var m = /^play\s+(\S\S)$/.exec(steps[i].action || "");
      if (!m) continue;
      if (cards.length === 2) cards = [];
      cards.push({ seat: steps[i].seat, card: m[1] });
      lastPlay = i;
    }
    box.hidden = cards.length === 0 || (cards.length === 2 && lastPlay < k - 1);
    if (box.hidden) return;
    var plays = 0;
    for (var j = 0; j < k; j++) if (/^play\s/.test(steps[j].action || "")) plays++;
    var trick = (viewer.deal.tricks || [])[Math.floor((plays - 1) / 2)] || {};
    box.setAttribute("data-cards", cards.length);
    box.appendChild(el("div", { class: "ptrick-title", text: "Trick " + Math.ceil(plays / 2) }));
    cards.forEach(function (c) {
      box.appendChild(el("div", { class: "ptrick-card" + (cards.length === 2 && trick.winner === c.seat ? " won" : "") }, [
        cardGlyph(c.card), el("span", { class: "trunc", text: seatName(c.seat) })]));
    });
    if (cards.length === 1) box.appendChild(el("div", { class: "ptrick-card waiting", text: "…" }));
    else if (trick.winner) box.appendChild(el("div", { class: "ptrick-winner", text: seatName(trick.winner) + " takes it" }));
  }

  /* How the deal scored, category by category, A and B in their columns
     (the engine's report of the deal; so far when it is unfinished). */
  var CATEGORY_WORDS = { carte_blanche: "carte blanche", point: "point", sequence: "sequence", set: "set",
    carte_rouge: "carte rouge", play: "play (leads, tricks, last trick)", cards: "cards", pique: "pique", repique: "repique" };
  function renderBreakdown(d, names) {
    var table = $("deal-breakdown"), rep = d.report || {}, cat = rep.categories || {};
    clear(table.tHead);
    clear(table.tBodies[0]);
    var ra = roleOf("A"), rb = roleOf("B");
    table.tHead.appendChild(el("tr", null, [el("th", { scope: "col", text: "Category" }),
      el("th", { scope: "col", class: "num", text: "A " + (names.A || "") }),
      el("th", { scope: "col", class: "num", text: "B " + (names.B || "") })]));
    var a = cat[ra] || {}, b = cat[rb] || {};
    Object.keys(CATEGORY_WORDS).forEach(function (c) {
      if (!a[c] && !b[c]) return;
      var capot = c === "cards" && rep.tricks && (rep.tricks.elder === 12 || rep.tricks.younger === 12);
      table.tBodies[0].appendChild(el("tr", { "data-category": c }, [
        el("th", { scope: "row", text: CATEGORY_WORDS[c] + (capot ? " (capot)" : "") }),
        el("td", { class: "num", text: a[c] || 0 }), el("td", { class: "num", text: b[c] || 0 })]));
    });
    table.tBodies[0].appendChild(el("tr", { class: "total" }, [el("th", { scope: "row", text: "deal" }),
      el("td", { class: "num", text: isNum(rep[ra]) ? rep[ra] : "–" }), el("td", { class: "num", text: isNum(rep[rb]) ? rep[rb] : "–" })]));
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
      else if (e.key === "n" || e.key === "N" || e.key === "p" || e.key === "P") {
        var to = viewer.dealIndex + (e.key.toLowerCase() === "n" ? 2 : 0);
        if (to >= 1 && to <= viewer.partie.viewer.length) {
          e.preventDefault();
          location.hash = partieHref(viewer.key, to);
        }
        return;
      }
      if (k === null) return;
      e.preventDefault();
      setStep(k);
    });
  }

  Object.assign(P, { openPartie: openPartie, wireStepper: wireStepper });
})(window.Piquet = window.Piquet || {});
