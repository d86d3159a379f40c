/* match.js - the match viewer of every game but Piquet
   (#/match/RUN-ID[/deal/N[/step/K]]): the deals with their results and
   running totals, then one deal stepped through action by action: the
   seats around the table with their names, hands and tricks won, the
   current trick in the middle, the bids and declarations, every trick
   in order with its winner, the deal's score by category, and every hand
   after the deal. Everything comes from the server's "viewer" object
   (leaderboard/viewer.h, viewer_match), which replayed the match through
   the game's engine; this file knows no rule of any game. */

(function (P) {
  "use strict";

  var $ = P.$, el = P.el, append = P.append, clear = P.clear, isNum = P.isNum;
  var matchHref = P.matchHref, forfeitText = P.forfeitText, botLink = P.botLink, gameHref = P.gameHref;
  var cardGlyph = P.cardGlyph, cardList = P.cardList;
  var getJSON = P.getJSON, showError = P.showError, isCurrent = P.isCurrent;

  var SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var cache = {};
  var mv = null; /* {key, match, letters, dealIndex, deal, step, nSteps} */

  function openMatch(r, serial) {
    var load = cache[r.key] ? Promise.resolve(cache[r.key]) : getJSON("matches/" + encodeURIComponent(r.key));
    $("match-title").textContent = "Match " + r.key;
    return load.then(function (m) {
      cache[r.key] = m;
      if (!isCurrent(serial)) return null;
      P.setGame(m.game + "-" + m.players);
      $("match-back").setAttribute("href", gameHref(P.game()));
      showMatch(r, m);
      return getJSON(P.withGame("standings")).then(P.renderSummary, function () {});
    }, function (e) {
      if (!isCurrent(serial)) return;
      $("mdeal").hidden = true;
      clear($("match-summary"));
      clear($("match-deals").tHead);
      clear($("match-deals").tBodies[0]);
      showError(e.status === 404 ? "No such match '" + r.key + "'" : "Match " + r.key, e);
    });
  }

  function nameOf(letter) {
    var names = mv && mv.match.names ? mv.match.names : {};
    return names[letter] || letter;
  }

  /* A player "A" as its name and letter, the name a link to its bot page. */
  function who(letter) {
    return el("span", { class: "who", "data-player": letter }, [botLink(nameOf(letter)), el("span", { class: "muted", text: " (" + letter + ")" })]);
  }

  function suitText(s) { return typeof s === "string" && s ? SUIT[s] || s : "–"; }

  /* A result's trump: Belote's "trump", or a "contract" object's
     denomination (Coinche). */
  function trumpOf(r) { return r.trump || (r.contract && typeof r.contract === "object" ? r.contract.denomination : null); }

  /* The deal's trump as text, else its contract when that is a word
     (Tarot's "garde_sans"). */
  function trumpText(r) {
    return trumpOf(r) || typeof r.contract !== "string" ? suitText(trumpOf(r)) : r.contract.replace(/_/g, " ");
  }

  /* The player who took the deal: a result's "maker" (Belote), its
     contract's "taker" (Coinche) or its "taker" (Tarot). */
  function takerOf(d, res) {
    var r = res || d.result || {}, c = r.contract && typeof r.contract === "object" ? r.contract : {};
    var seat = isNum(r.maker) ? r.maker : isNum(c.taker) ? c.taker : isNum(r.taker) ? r.taker : null;
    return seat !== null && Array.isArray(d.seats) ? d.seats[seat] : null;
  }

  /* "contract 90 ♦ coinched" from a result's "contract" object, or null. */
  function contractText(r) {
    var c = r.contract;
    if (!c || typeof c !== "object" || !c.bid) return null;
    return " · contract " + c.bid + " " + suitText(c.denomination) + (c.coinche === 2 ? " surcoinched" : c.coinche === 1 ? " coinched" : "");
  }

  /* The player letter of each entry of a deal result's per-unit array:
     one per seat, or one per side (seat s on side s mod units). */
  function unitPlayers(d, units) {
    var seats = Array.isArray(d.seats) ? d.seats : mv.letters;
    var out = [];
    for (var u = 0; u < units; u++) {
      out.push(seats.filter(function (_, s) { return s % units === u; }));
    }
    return out;
  }

  /* Points of each player in a deal result ("scores" by seat or side). */
  function dealPoints(d) {
    var pts = {};
    var r = d.result || {};
    var scores = Array.isArray(r.scores) ? r.scores : Array.isArray(r.seats) ? r.seats : null; /* or a result whose per-seat scores are "seats" */
    if (!scores) return pts;
    unitPlayers(d, scores.length).forEach(function (players, u) {
      players.forEach(function (l) { pts[l] = scores[u]; });
    });
    return pts;
  }

  function showMatch(r, m) {
    var v = m.viewer || {};
    var deals = Array.isArray(v.deals) ? v.deals : [];
    var names = m.names || {};
    var letters = Object.keys(names);
    mv = { key: r.key, match: m, letters: letters, teams: Array.isArray(v.teams) ? v.teams : [] };
    document.title = "Match " + r.key + " · " + letters.map(function (l) { return names[l]; }).join(" – ");
    $("match-title").textContent = "Match " + (m.key || r.key);

    var sum = $("match-summary");
    clear(sum);
    letters.forEach(function (l, i) { append(sum, [i ? " · " : null, l + " ", botLink(names[l])]); });
    append(sum, [
      " · ", P.game(),
      " · first dealer ", el("b", { text: nameOf(m.first_dealer) }),
      " · totals ", el("b", { id: "match-totals", text: letters.map(function (l) { return m.scores ? m.scores[l] : "–"; }).join(" – ") }),
      " · ", m.winner ? el("span", null, ["won by ", el("b", { id: "match-winner", text: nameOf(m.winner) })]) : el("b", { text: "draw" }),
      m.forfeit ? el("span", { class: "badge forfeit", text: forfeitText(m.forfeit, names) }) : null
    ]);

    var table = $("match-deals");
    clear(table.tHead);
    var head = el("tr", null, [el("th", { scope: "col", text: "Deal" }), el("th", { scope: "col", text: "Dealer" }),
      el("th", { scope: "col", text: "Trump" }), el("th", { scope: "col", text: "Taker" })]);
    letters.forEach(function (l) { head.appendChild(el("th", { class: "num", scope: "col", text: l + " " + names[l] })); });
    letters.forEach(function (l) { head.appendChild(el("th", { class: "num", scope: "col", text: "Total " + l })); });
    table.tHead.appendChild(head);
    var tb = table.tBodies[0];
    clear(tb);
    deals.forEach(function (d, i) {
      mv.deal = d;
      var pts = dealPoints(d), res = d.result || {};
      var maker = takerOf(d, res);
      var tr = el("tr", { class: "mdeal-row", "data-deal": i + 1 }, [
        el("td", null, el("a", { href: matchHref(r.key, i + 1), text: "Deal " + (i + 1) + (d.unfinished ? " (unfinished)" : "") })),
        el("td", { text: d.dealer ? nameOf(d.dealer) : "–" }),
        el("td", { class: "suit", text: trumpText(res) }),
        el("td", { text: maker ? nameOf(maker) : "–" })
      ]);
      letters.forEach(function (l) { tr.appendChild(el("td", { class: "num", "data-player": l, text: isNum(pts[l]) ? pts[l] : "–" })); });
      letters.forEach(function (l) { tr.appendChild(el("td", { class: "num total", "data-player": l, text: d.totals ? d.totals[l] : "–" })); });
      tb.appendChild(tr);
    });
    P.rove(tb, "a");

    if (deals.length === 0) {
      $("mdeal").hidden = true;
      mv.deal = null;
      tb.appendChild(el("tr", null, el("td", { colspan: 4 + 2 * letters.length, class: "muted",
        text: "No deal was played" + (m.forfeit ? ": the match was forfeited before the first deal." : ".") })));
      return;
    }
    var di = r.deal ? r.deal - 1 : 0;
    if (di >= deals.length) {
      showError("Match " + r.key, { message: "there is no deal " + r.deal + " (the match has " + deals.length + ")" });
      di = deals.length - 1;
    }
    $("mdeal").hidden = false;
    var d = deals[di];
    var n = Array.isArray(d.steps) ? d.steps.length : 0;
    mv.dealIndex = di;
    mv.deal = d;
    mv.nSteps = n;
    mv.step = r.step === null ? n : Math.min(r.step, n);
    Array.prototype.forEach.call(tb.rows, function (row, i) { row.classList.toggle("current", i === di); });
    renderDeal();
  }

  /* "play AS belote" -> words and card glyphs */
  function actionGlyphs(action) {
    var box = el("span", { class: "act" });
    var text = [];
    String(action || "").split(/[\s,]+/).forEach(function (w) {
      if (/^[2-9TJQKA][SHDC]$/.test(w)) {
        if (text.length) { box.appendChild(document.createTextNode(text.join(" ") + " ")); text = []; }
        box.appendChild(cardGlyph(w));
      } else if (w) {
        text.push(w);
      }
    });
    if (text.length) box.appendChild(document.createTextNode(text.join(" ")));
    return box;
  }

  function isPlay(s) { return /^play\s/.test(s.action || ""); }

  function renderDeal() {
    var d = mv.deal, di = mv.dealIndex, deals = mv.match.viewer.deals;
    var tabs = $("mdeal-tabs");
    clear(tabs);
    deals.forEach(function (_, i) {
      tabs.appendChild(el("a", { href: matchHref(mv.key, i + 1), class: i === di ? "active" : null,
        "data-deal": i + 1, "aria-current": i === di ? "page" : null, text: "Deal " + (i + 1) }));
    });
    P.rove(tabs, "a", deals.length, di); /* one tab stop, the deal shown; Left and Right */

    var res = $("mdeal-result"), r = d.result || {};
    clear(res);
    res.setAttribute("data-deal", di + 1);
    var pts = dealPoints(d);
    var maker = takerOf(d, r), contract = contractText(r);
    append(res, ["Deal " + (di + 1) + ": dealer ", el("b", { text: d.dealer ? nameOf(d.dealer) : "–" }),
      d.turnup ? el("span", null, [" · turned up ", cardGlyph(d.turnup)]) : null,
      contract ? el("span", { id: "mdeal-contract" }, contract)
        : trumpOf(r) ? el("span", null, [" · trump ", el("b", { class: "suit", text: suitText(trumpOf(r)) })]) : null,
      !trumpOf(r) && typeof r.contract === "string" ? el("span", null, [" · ", el("b", { text: trumpText(r) })]) : null,
      typeof r["void"] === "string" ? " · void (" + r["void"].replace(/_/g, " ") + ")" : null,
      maker ? el("span", null, [" · taken by ", el("b", { text: nameOf(maker) })]) : null,
      r.outcome ? " · " + r.outcome : (d.unfinished ? " · unfinished" : ""),
      mv.letters.some(function (l) { return isNum(pts[l]); }) ? el("span", { id: "mdeal-points" }, [" · ",
        mv.letters.map(function (l) { return nameOf(l) + " " + pts[l]; }).join(", ")]) : null]);

    /* the actions and the bids, built once per deal */
    var ol = $("msteps"), bids = $("mbids");
    clear(ol);
    clear(bids);
    (d.steps || []).forEach(function (s, k) {
      var li = el("li", { "data-step": k + 1, "data-player": s.player, value: k + 1 }, [
        el("span", { class: "seat", text: nameOf(s.player) }), actionGlyphs(s.action),
        s.say ? el("span", { class: "note-badge note-say", text: s.say }) : null,
        Array.isArray(s.shows) && s.shows.length ? el("span", { class: "note-badge note-good", text: "shows " + s.shows.join(" ") }) : null]);
      li.addEventListener("click", function () { setStep(k + 1); });
      ol.appendChild(li);
      if (!isPlay(s) || / (belote|rebelote)$/.test(s.action)) {
        var b = li.cloneNode(true);
        b.addEventListener("click", function () { setStep(k + 1); });
        bids.appendChild(b);
      }
    });

    /* the tricks, built once per deal */
    var tb = $("mtricks").tBodies[0];
    clear(tb);
    (d.tricks || []).forEach(function (t, k) {
      var cards = el("td", { class: "trick-cards" });
      (t.cards || []).forEach(function (c, i) {
        append(cards, [i ? " " : null, el("span", { class: "played-by" + (c.player === t.winner ? " won" : ""), "data-player": c.player,
          title: nameOf(c.player) }, [el("span", { class: "muted", text: c.player + " " }), cardGlyph(c.card)])]);
      });
      tb.appendChild(el("tr", { class: "trick", "data-trick": k + 1, "data-winner": t.winner || "" }, [
        el("td", { class: "num", text: k + 1 }), cards,
        el("td", { class: "winner-cell", text: t.winner ? nameOf(t.winner) + " (" + t.winner + ")" : "–" })]));
    });
    $("mtricks").setAttribute("data-tricks", (d.tricks || []).length);

    /* the deal's score by category */
    var ev = $("mevents").tBodies[0];
    clear(ev);
    var events = Array.isArray(r.events) ? r.events : [];
    events.forEach(function (e) {
      var player = Array.isArray(d.seats) && isNum(e.seat) && e.seat >= 0 ? d.seats[e.seat] : null;
      var side = isNum(e.side) && e.side >= 0 ? unitPlayers(d, 2)[e.side] : null;
      ev.appendChild(el("tr", { class: "event", "data-category": e.category }, [
        el("td", { text: side ? side.map(nameOf).join(" & ") : player ? nameOf(player) : "–" }),
        el("td", { text: String(e.category || "").replace(/_/g, " ") }),
        el("td", { class: "num", text: isNum(e.points) ? e.points : "–" })]));
    });
    if (events.length === 0) ev.appendChild(el("tr", null, el("td", { colspan: 3, class: "muted", text: d.unfinished ? "The deal was not finished." : "No points." })));

    /* every hand after the deal */
    var hands = $("mhands");
    clear(hands);
    seatOrder(d).forEach(function (l) {
      hands.appendChild(el("div", { class: "hand mhand", "data-player": l }, [
        el("h3", null, [el("span", { class: "seat-name", text: nameOf(l) }), el("span", { class: "muted", text: " (" + l + ")" })]),
        cardList(d.hands ? d.hands[l] : [], "cards-dealt")]));
    });

    var range = $("mstep");
    range.max = mv.nSteps;
    range.value = mv.step;
    renderStep();
  }

  /* The players by seat in this deal (seat 0 first), else by letter. */
  function seatOrder(d) {
    return Array.isArray(d.seats) && d.seats.length === mv.letters.length ? d.seats : mv.letters;
  }

  /* Where each player sits around the table, by number of players: a
     player keeps his place across the deals (A south, B west...), as at
     a real table, and the dealer's badge goes round. */
  var PLACES = { 2: ["south", "north"], 3: ["south", "west", "east"], 4: ["south", "west", "north", "east"],
    5: ["south", "west", "northwest", "northeast", "east"] };

  function renderStep() {
    var d = mv.deal, k = mv.step, n = mv.nSteps, steps = d.steps || [];
    $("mstep").value = k;
    $("mstep-label").textContent = "step " + k + " / " + n;
    $("mstep-first").disabled = $("mstep-prev").disabled = k <= 0;
    $("mstep-next").disabled = $("mstep-last").disabled = k >= n;

    var now = $("mstep-now");
    clear(now);
    if (k === 0) now.appendChild(el("span", { class: "muted", text: "Dealt; nothing played yet." }));
    else {
      var s = steps[k - 1];
      append(now, [el("b", { text: nameOf(s.player) + " (" + s.player + "): " }), actionGlyphs(s.action),
        s.say ? el("span", { class: "note-badge note-say", text: s.say }) : null]);
    }

    /* tricks done and the trick on the table after step k */
    var plays = 0;
    for (var i = 0; i < k; i++) if (isPlay(steps[i])) plays++;
    var tricks = d.tricks || [], done = 0, seen = 0, current = null, shown = 0;
    for (var t = 0; t < tricks.length; t++) {
      var size = (tricks[t].cards || []).length;
      if (seen + size <= plays) { done = t + 1; seen += size; if (seen === plays) { current = tricks[t]; shown = size; } }
      else { current = tricks[t]; shown = plays - seen; break; }
    }
    var won = {};
    for (t = 0; t < done; t++) if (tricks[t].winner) won[tricks[t].winner] = (won[tricks[t].winner] || 0) + 1;

    var hands = k > 0 && steps[k - 1].hands ? steps[k - 1].hands : d.hands || {};
    var totals = k > 0 && steps[k - 1].totals ? steps[k - 1].totals : null;
    var felt = $("felt"), order = seatOrder(d), places = PLACES[order.length] || [];
    clear(felt);
    felt.setAttribute("data-step", k);
    felt.setAttribute("data-seats", order.length);
    order.forEach(function (l, s) {
      var idx = mv.letters.indexOf(l);
      var partners = mv.letters.filter(function (x, j) { return j !== idx && mv.teams[j] === mv.teams[idx]; });
      var team = partners.length ? "with " + partners.join(", ") : null;
      var place = places[idx >= 0 ? idx : s] || "south";
      felt.appendChild(el("div", { class: "seat-box place-" + place, "data-player": l, "data-seat": s, "data-place": place }, [
        el("div", { class: "seat-head" }, [who(l),
          d.dealer === l ? el("span", { class: "badge", title: "dealer", text: "dealer" }) : null,
          team ? el("span", { class: "badge", text: team }) : null]),
        el("div", { class: "seat-facts" }, [
          el("span", { class: "tricks-won", "data-tricks": won[l] || 0, text: (won[l] || 0) + (won[l] === 1 ? " trick" : " tricks") }),
          totals ? el("span", { class: "seat-total", text: " · total " + totals[l] }) : null]),
        cardList(hands[l] || [], "seat-hand")]));
    });
    var middle = el("div", { class: "trick-now" });
    if (current && shown > 0) {
      current.cards.slice(0, shown).forEach(function (c) {
        middle.appendChild(el("div", { class: "trick-card" + (shown === current.cards.length && c.player === current.winner ? " won" : ""),
          "data-player": c.player }, [el("span", { class: "muted", text: nameOf(c.player) + " " }), cardGlyph(c.card)]));
      });
      if (shown === current.cards.length && current.winner) middle.appendChild(el("div", { class: "trick-winner", text: "won by " + nameOf(current.winner) }));
    } else {
      middle.appendChild(el("span", { class: "muted", text: d.turnup ? "turn-up " : "no trick yet" }));
      if (d.turnup) middle.appendChild(cardGlyph(d.turnup));
    }
    felt.appendChild(middle);

    Array.prototype.forEach.call($("msteps").children, function (li, j) {
      li.classList.toggle("future", j >= k);
      li.classList.toggle("now", j === k - 1);
    });
    P.keepStepInSight($("msteps"), k);
    Array.prototype.forEach.call($("mbids").children, function (li) {
      var j = parseInt(li.getAttribute("data-step"), 10) - 1;
      li.classList.toggle("future", j >= k);
      li.classList.toggle("now", j === k - 1);
    });
    Array.prototype.forEach.call($("mtricks").tBodies[0].rows, function (tr, j) {
      tr.classList.toggle("future", j >= done && !(current === tricks[j] && shown > 0));
      tr.classList.toggle("now", current === tricks[j] && shown > 0);
    });
  }

  function setStep(k) {
    if (!mv || !mv.deal) return;
    k = Math.max(0, Math.min(mv.nSteps, k));
    if (k === mv.step) return;
    mv.step = k;
    renderStep();
    if (history.replaceState) history.replaceState(null, "", matchHref(mv.key, mv.dealIndex + 1, k));
  }

  function wireMatchStepper() {
    $("mstep-first").addEventListener("click", function () { setStep(0); });
    $("mstep-prev").addEventListener("click", function () { setStep(mv.step - 1); });
    $("mstep-next").addEventListener("click", function () { setStep(mv.step + 1); });
    $("mstep-last").addEventListener("click", function () { setStep(mv.nSteps); });
    $("mstep").addEventListener("input", function () { setStep(parseInt($("mstep").value, 10)); });
    document.addEventListener("keydown", function (e) {
      if (document.body.getAttribute("data-view") !== "match" || !mv || !mv.deal) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var t = e.target && e.target.tagName;
      if (t === "INPUT" && e.target.id !== "mstep") return;
      if (t === "TEXTAREA" || t === "SELECT") return;
      var k = null;
      if (e.key === "ArrowRight") k = mv.step + 1;
      else if (e.key === "ArrowLeft") k = mv.step - 1;
      else if (e.key === "Home") k = 0;
      else if (e.key === "End") k = mv.nSteps;
      else if (e.key === "n" || e.key === "N" || e.key === "p" || e.key === "P") {
        var to = mv.dealIndex + (e.key.toLowerCase() === "n" ? 2 : 0);
        if (to >= 1 && to <= mv.match.viewer.deals.length) {
          e.preventDefault();
          location.hash = matchHref(mv.key, to);
        }
        return;
      }
      if (k === null) return;
      e.preventDefault();
      setStep(k);
    });
  }

  Object.assign(P, { openMatch: openMatch, wireMatchStepper: wireMatchStepper });
})(window.Piquet = window.Piquet || {});
