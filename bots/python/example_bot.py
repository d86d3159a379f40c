#!/usr/bin/env python3
"""A small Piquet bot: keeps high cards, declares its best, wins cheaply."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import piquet_bot

RANKS = "789TJQKA"


def value(card):
    return RANKS.index(card[0])


class Example(piquet_bot.Bot):
    name = "python-example"

    def act(self, request, legal):
        view = request["view"]
        if legal[0].startswith("discard"):       # throw the lowest cards, as many as allowed
            most = max(len(a.split()) for a in legal)
            low = sorted(view["hand"], key=value)[:most - 1]
            return next(a for a in legal if sorted(a.split()[1:]) == sorted(low))
        if legal[0].startswith("play"):           # win cheaply, else play low
            cards = [a.split()[1] for a in legal]
            lead = view["lead"]
            winners = [c for c in cards if lead and c[1] == lead[1] and value(c) > value(lead)]
            return "play " + min(winners or cards, key=value)
        declares = [a for a in legal if a.startswith("declare")]
        if declares:                               # the longest combination
            return max(declares, key=lambda a: len(a.split()))
        return "look" if "look" in legal else legal[0]


if __name__ == "__main__":
    sys.exit(piquet_bot.run(Example()))
