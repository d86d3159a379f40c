#!/usr/bin/env python3
"""A test bot for the protocol-2 Python SDK (tests/test_python_cardarena.c),
by mode (argv[1]); every mode plays legal[0] but where it says:

  illegal    its first card play is a card it does not hold: must reach the
             arena as it is and be recorded as an illegal action
  raise      act() raises at its third request: traceback, then a crash
  fallback   the same with fallback = True: traceback, then legal[0], and
             the match goes on
"""
import sys

import cardarena


class Probe(cardarena.Bot):
    name = "cardarena-probe"
    games = ["belote"]

    def __init__(self, mode):
        self.mode = mode
        self.fallback = mode == "fallback"
        self.asked = 0

    def act(self, request):
        self.asked += 1
        if self.mode in ("raise", "fallback") and self.asked == 3:
            raise ValueError("the probe's own bug")
        if self.mode == "illegal" and request.legal[0].startswith("play"):
            held = set(request.view["hand"])
            return "play " + next(c for c in ("7S", "AS", "7H", "AH", "7D", "AD", "7C", "AC") if c not in held)
        return request.legal[0]


if __name__ == "__main__":
    sys.exit(cardarena.run(Probe(sys.argv[1] if len(sys.argv) > 1 else "illegal")))
