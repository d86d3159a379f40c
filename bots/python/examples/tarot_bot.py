#!/usr/bin/env python3
"""French Tarot, 3 to 5 players: takes with trumps and bouts, keeps points out of the discard, wins tricks cheaply."""
import sys
import cardarena

RANKS = "123456789TJNQK"                          # suit ranks, low to high (RULES-tarot F5)
BOUTS = ("01", "21", "EX")

def power(card):                                  # trumps above every suit card; the Excuse never wins
    if card == "EX":
        return 0
    return 100 + int(card) if card.isdigit() else 1 + RANKS.index(card[0])

class TarotBot(cardarena.Bot):
    name = "python-tarot"
    games = ["tarot"]

    def act(self, request):
        view, legal, hand = request.view, request.legal, request.view["hand"]
        trumps, bouts = sum(c.isdigit() for c in hand), sum(c in BOUTS for c in hand)
        if "bid prise" in legal:                  # the auction: a prise with trumps or bouts
            return "bid prise" if trumps + 3 * bouts >= 12 else "pass"
        if legal[0].startswith("call "):          # five players: call the first king
            return legal[0]
        if legal[0].startswith("discard "):       # the listed discard that keeps the most points
            return min(legal, key=lambda a: sum(power(c) for c in a.split()[1:] if power(c) > 10))
        plays = [a for a in legal if a.startswith("play ")]
        if not plays:                             # the chelem: pass
            return "pass"
        trick = view["trick"]["cards"] if view["trick"] else []
        best = max((power(c) for c in trick), default=0)
        winners = [a for a in plays if trick and power(a[5:]) > best]
        if winners:                               # win with the cheapest card that wins
            return min(winners, key=lambda a: power(a[5:]))
        return min(plays, key=lambda a: power(a[5:]))

if __name__ == "__main__":
    sys.exit(cardarena.run(TarotBot()))
