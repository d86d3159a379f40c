#!/usr/bin/env python3
"""Belote, any form: takes with the Jack or the Nine of trumps, declares every meld, wins tricks cheaply."""
import sys
import cardarena

PLAIN, TRUMP = "789JQKTA", "78QKTA9J"            # trick order, low to high (RULES-belote B2)

def strong(suit, cards):                         # the Jack, or the Nine and two more
    return "J" + suit in cards or ("9" + suit in cards and sum(c[1] == suit for c in cards) >= 3)

class BeloteBot(cardarena.Bot):
    name = "python-belote"
    games = ["belote", "belote-partnership", "belote-marseillaise"]

    def act(self, request):
        view, legal, hand = request.view, request.legal, request.view["hand"]
        if "take" in legal:
            return "take" if strong(view["turnup"][1], hand + [view["turnup"]]) else "pass"
        if "pass" in legal:                      # round 2: name a suit
            return next((a for a in legal if a != "pass" and strong(a[-1], hand)), "pass")
        if "exchange" in legal:                  # the Seven of trumps for the turn-up
            return "exchange"
        if legal[0].startswith("meld"):          # declare (or claim) the most
            return max(legal, key=len)
        trump, trick = view["trump"], view["trick"]
        lead = trick["cards"][0][1] if trick["cards"] else None
        power = lambda c: 20 + TRUMP.index(c[0]) if c[1] == trump else PLAIN.index(c[0]) + 10 * (c[1] == lead)
        plays = {a.split()[1]: a for a in legal}  # "play C belote" comes after "play C": kept
        if not trick["cards"]:
            return plays[max(plays, key=power)]
        best = max(trick["cards"], key=power)
        ours = "side" in view and (trick["leader"] + trick["cards"].index(best)) % 2 == view["seat"] % 2
        winners = [c for c in plays if power(c) > power(best) and not ours]
        return plays[min(winners or plays, key=power)]

if __name__ == "__main__":
    sys.exit(cardarena.run(BeloteBot()))
