#!/usr/bin/env python3
"""A test bot for arena check --game tarot (tests/test_tarot_check.c): it
plays legal[0] but answers its first request with a bid that is no bid,
which the arena must record as an illegal action in the auction."""
import sys

import cardarena


class Probe(cardarena.Bot):
    name = "tarot-probe"
    games = ["tarot"]
    asked = 0

    def act(self, request):
        self.asked += 1
        return "bid everything" if self.asked == 1 else request.legal[0]


if __name__ == "__main__":
    sys.exit(cardarena.run(Probe()))
