#!/usr/bin/env python3
"""A test bot for the Python SDK (tests/test_python_sdk.c), by mode:

  reversed   answers with the cards of a discard or a declaration in
             reverse order (legal, and must be played as it is)
  illegal    answers "play ZZ" once (must reach the arena, recorded)
  raise      act() raises at its third request (traceback, then a crash)
  fallback   the same with fallback = True (traceback, then the first legal
             action, and the partie goes on)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bots", "python"))
import piquet_bot  # noqa: E402


class Probe(piquet_bot.Bot):
    name = "sdk-probe"

    def __init__(self, mode):
        self.mode = mode
        self.fallback = mode == "fallback"
        self.asked = 0

    def act(self, request, legal):
        self.asked += 1
        if self.mode in ("raise", "fallback") and self.asked == 3:
            raise ValueError("the probe's own bug")
        if self.mode == "illegal" and self.asked == 2:
            return "play ZZ"
        longest = max(legal, key=lambda a: len(a.split()))
        words = longest.split()
        if words[0] in ("discard", "declare") and len(words) > 2:
            head = 2 if words[0] == "declare" else 1
            cards = words[head:]
            if cards != cards[::-1]:
                return " ".join(words[:head] + cards[::-1])
        return longest


if __name__ == "__main__":
    sys.exit(piquet_bot.run(Probe(sys.argv[1] if len(sys.argv) > 1 else "reversed")))
