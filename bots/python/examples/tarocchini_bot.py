#!/usr/bin/env python3
"""Tarocchini: never throws in, discards blanks, declares its biggest combinations, leads high, ducks low."""
import sys
import cardarena

COUNTERS = {"AN": 5, "WO": 5, "BE": 5, "MA": 5, "K": 5, "Q": 4, "N": 3, "J": 2}

def value(card):                                  # RULES-tarocchini O6
    return COUNTERS.get(card, COUNTERS.get(card[0], 0) if len(card) == 2 and card[1] in "SBCD" else 0)

class TarocchiniBot(cardarena.Bot):
    name = "python-tarocchini"
    games = ["tarocchini"]

    def act(self, request):
        legal = request.legal
        if legal[0] == "monte":
            return "pass"
        if legal[0].startswith("discard"):        # the two cheapest cards
            return min(reversed(legal), key=lambda a: sum(value(c) for c in a.split()[1:]))  # low suit cards
        if legal[-1] == "pass":                   # declare the most cards, then pass
            return max(legal, key=lambda a: len(a.split()))
        plays = [a for a in legal if len(a.split()) == 2]   # no signals
        if not request.view["trick"]["cards"]:
            return plays[0]                       # pack order: the highest trump first
        return min(reversed(plays), key=lambda a: value(a.split()[1]))  # keep counters and high trumps

if __name__ == "__main__":
    sys.exit(cardarena.run(TarocchiniBot()))
