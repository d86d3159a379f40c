#!/usr/bin/python3
"""sanity.py - the sanity statistics of bots/README.md from a journal.

Re-runs every partie record of a journal (arena run/match) through
`arena replay --compact` (the engine's own result, not the journal's
numbers) and prints, over all deals: the median deal score of elder and of
younger, how often elder won the cards (7 tricks or more), and how often a
partie ended in a rubicon (the loser under 100, docs/rules-piquet.md R29). With
--think it prints instead each bot's mean thinking time per decision over
the whole journal (the arena's think_ms and decisions).

usage: bots/tools/sanity.py JOURNAL [--arena build/bin/arena] [--bots A,B] [--think]
  --bots A,B  only parties between these two bots (names as in the journal)
  --think     mean thinking time per decision of each bot
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def pairs_hook(pairs):
    # A replayed deal has "elder" twice: the player letter, then the score.
    out = {}
    for key, value in pairs:
        if key in out and key in ("elder", "younger"):
            out[key + "_player"] = out[key]
        out[key] = value
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("journal")
    ap.add_argument("--arena", default="build/bin/arena")
    ap.add_argument("--bots", default=None)
    ap.add_argument("--think", action="store_true")
    args = ap.parse_args()
    if args.think:
        think = {}
        with open(args.journal, encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line) if line.strip() else {}
                if rec.get("type") != "partie":
                    continue
                for player, name in rec["players"].items():
                    ms, n = think.get(name, (0, 0))
                    think[name] = (ms + rec["think_ms"][player], n + rec["decisions"][player])
        for name, (ms, n) in sorted(think.items()):
            print("%-12s %7d decisions, %6.1f ms per decision" % (name, n, ms / max(n, 1)))
        return
    wanted = set(args.bots.split(",")) if args.bots else None

    records = []
    with open(args.journal, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            rec = json.loads(line)
            if rec.get("type") != "partie" or rec.get("forfeit"):
                continue
            if wanted and set(rec["players"].values()) != wanted:
                continue
            records.append(rec)
    if not records:
        sys.exit("sanity.py: no finished partie in %s%s" % (args.journal, " between " + args.bots if wanted else ""))

    elder_scores, younger_scores, elder_cards, rubicons, decided = [], [], 0, 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, rec in enumerate(records):
            path = os.path.join(tmp, "p%05d.json" % i)
            with open(path, "w", encoding="utf-8") as f:
                json.dump(rec, f)
            paths.append(path)
        out = subprocess.run([args.arena, "replay", "--compact"] + paths, check=True,
                             capture_output=True, text=True).stdout
    for line in out.splitlines():
        if not line.strip():
            continue
        result = json.loads(line, object_pairs_hook=pairs_hook)
        for deal in result["deals"]:
            elder_scores.append(deal["elder"])
            younger_scores.append(deal["younger"])
            elder_cards += deal["tricks"]["elder"] >= 7
        if result.get("winner") in ("A", "B"):
            decided += 1
            loser = "B" if result["winner"] == "A" else "A"
            rubicons += result["totals"][loser] < 100
    deals = len(elder_scores)
    print("parties %d (decided %d), deals %d" % (len(records), decided, deals))
    print("median deal score: elder %g, younger %g" % (statistics.median(elder_scores),
                                                       statistics.median(younger_scores)))
    print("elder won the cards: %d of %d deals (%.1f%%; Cavendish: about 5 in 8, 62.5%%)"
          % (elder_cards, deals, 100.0 * elder_cards / deals))
    print("rubicons: %d of %d decided parties (%.1f%%; Cavendish: about 2 in 9, 22.2%%)"
          % (rubicons, decided, 100.0 * rubicons / max(decided, 1)))


if __name__ == "__main__":
    main()
