#!/usr/bin/env python3
"""Coinche: bids with the Jack and three more of a suit, never coinches, declares the most, wins tricks cheaply."""
import sys
import cardarena

PLAIN, TRUMP = "789JQKTA", "78QKTA9J"            # trick order, low to high (RULES-coinche K2, K3)

class CoincheBot(cardarena.Bot):
    name = "python-coinche"
    games = ["coinche"]

    def act(self, request):
        view, legal, hand = request.view, request.legal, request.view["hand"]
        if legal[0] == "pass":                   # the auction: a suit of the Jack and three more, up to 90
            for a in legal:
                word = a.split()
                if word[0] == "bid" and word[1] in ("80", "90") and word[2] in "SHDC":
                    suit = [c for c in hand if c[1] == word[2]]
                    if "J" + word[2] in hand and len(suit) >= 4:
                        return a
            return "pass"
        if legal[0].startswith("meld"):          # declare the most
            return max(legal, key=len)
        den, trick = view["contract"]["denomination"], view["trick"]
        lead = trick["cards"][0][1] if trick["cards"] else None
        def power(c):
            if c[1] == den or den == "AT":
                return TRUMP.index(c[0]) + (20 if c[1] == den else 10 * (c[1] == lead))
            return PLAIN.index(c[0]) + 10 * (c[1] == lead)
        plays = {a.split()[1]: a for a in legal}   # "play C belote" comes after "play C": kept
        if not trick["cards"]:
            return plays[max(plays, key=power)]
        best = max(trick["cards"], key=power)
        ours = (trick["leader"] + trick["cards"].index(best)) % 4 == (view["seat"] + 2) % 4
        winners = [c for c in plays if power(c) > power(best) and not ours]
        return plays[min(winners or plays, key=lambda c: power(c) % 10 if not winners else power(c))]

if __name__ == "__main__":
    sys.exit(cardarena.run(CoincheBot()))
