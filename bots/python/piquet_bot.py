"""piquet_bot: write a Piquet bot in Python for the arena (protocol/README.md).

Subclass Bot, implement act(request, legal) returning one of the legal
action strings, and call run(MyBot()). The SDK connects a DEALER socket to
PIQUET_ENDPOINT, says hello with PIQUET_TOKEN, answers each request, and
calls the optional hooks. The exchange travels as a size range; legal lists
every discard for you. Needs pyzmq (Debian: python3-zmq).
"""
import itertools
import json
import os
import sys
import traceback

import zmq

PROTOCOL_VERSION = 1
MAX_FRAME = 65536


class Bot:
    """A bot: override act(); the other hooks are optional."""

    name = "python-bot"
    version = "1.0"
    fallback = False    # True: an exception in act() plays the first legal action

    def act(self, request, legal):
        """Return an action string (request["view"] is the seat's view).

        Any of `legal` will do, in any card order; the answer is sent as it
        is, and an illegal one is the bot's fault, recorded by the arena.
        """
        raise NotImplementedError

    def log(self, text):
        """Send a line to the arena, which keeps it in this bot's log file."""
        if getattr(self, "_socket", None) is not None:
            self._socket.send(json.dumps({"type": "log", "text": str(text)}).encode())

    def partie_start(self, message):
        pass

    def deal_end(self, message):
        pass

    def partie_end(self, message):
        pass


def legal_actions(request):
    """Every legal action of a request as strings, the exchange expanded."""
    if "discard" not in request:
        return list(request["legal"])
    hand = request["view"]["hand"]
    low, high = request["discard"]["min"], request["discard"]["max"]
    return ["discard " + " ".join(cards) if cards else "discard"
            for size in range(low, high + 1)
            for cards in itertools.combinations(hand, size)]


def _answer(bot, request, legal):
    """What act() returned, sent as it is.

    Whether an answer is legal is the arena's question: the engine knows
    that a discard's cards may come in any order, and a really illegal
    answer must reach the arena so that it is recorded as the bot's fault.
    An exception in act() is printed with its traceback on stderr (the
    arena keeps stderr in the bot's log); then, when the bot set
    `fallback = True`, the first legal action is played and the note says
    so; otherwise the exception ends the process (a crash fault).
    """
    try:
        choice = bot.act(request, legal)
    except Exception:
        traceback.print_exc(file=sys.stderr)
        if not getattr(bot, "fallback", False):
            raise
        print("%s: act() raised; playing the first legal action %r as asked (fallback = True)"
              % (bot.name, legal[0]), file=sys.stderr)
        return legal[0]
    if not isinstance(choice, str):
        print("%s: act() returned %r, not a string; sent as its text" % (bot.name, choice),
              file=sys.stderr)
        choice = str(choice)
    return choice


def run(bot, max_parties=0):
    """Play until the arena stops the process (or max_parties ended).

    Returns 0 after max_parties parties, 1 after an error from the arena.
    """
    endpoint, token = os.environ.get("PIQUET_ENDPOINT"), os.environ.get("PIQUET_TOKEN")
    if not endpoint or not token:
        sys.exit("%s: PIQUET_ENDPOINT and PIQUET_TOKEN must be set "
                 "(the arena sets them when it starts a bot)" % bot.name)
    context = zmq.Context()
    socket = context.socket(zmq.DEALER)
    socket.setsockopt(zmq.LINGER, 0)
    socket.setsockopt(zmq.HEARTBEAT_IVL, 1000)
    socket.setsockopt(zmq.HEARTBEAT_TTL, 5000)
    socket.setsockopt(zmq.HEARTBEAT_TIMEOUT, 5000)
    if os.environ.get("PIQUET_SERVER_KEY"):
        from cardarena import set_curve   # beside this file: the CURVE settings of both SDKs
        set_curve(socket, zmq)
    link = socket
    if endpoint.startswith("tcp://"):
        from cardarena import Rehello     # hello again after a reconnection (monitor first)
        link = Rehello(socket, zmq)
    socket.connect(endpoint)
    bot._socket = socket

    def send(message):
        link.send(json.dumps(message, separators=(",", ":")).encode())

    send({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token,
          "name": bot.name, "version": bot.version})
    parties = 0
    try:
        while True:
            frame = link.recv()
            if len(frame) > MAX_FRAME:
                print("%s: frame over %d bytes" % (bot.name, MAX_FRAME), file=sys.stderr)
                return 1
            message = json.loads(frame)
            kind = message.get("type")
            if kind == "request":
                legal = legal_actions(message)
                send({"type": "action", "id": message["id"],
                      "action": _answer(bot, message, legal)})
            elif kind == "partie_start":
                bot.partie_start(message)
            elif kind == "deal_end":
                bot.deal_end(message)
            elif kind == "partie_end":
                bot.partie_end(message)
                parties += 1
                if max_parties and parties >= max_parties:
                    return 0
            elif kind == "error":
                print("%s: the arena says %s: %s" % (bot.name, message.get("code"),
                                                     message.get("message")), file=sys.stderr)
                return 1
    finally:
        bot._socket = None
        socket.close(0)
        context.term()

