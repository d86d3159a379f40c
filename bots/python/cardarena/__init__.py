"""cardarena: write a bot in Python for any game of the arena (protocol 2).

Subclass Bot, name the games it plays, implement act(request) returning an
action string, and call run(MyBot()):

    import cardarena

    class FirstLegal(cardarena.Bot):
        name = "first-legal"
        games = ["belote"]

        def act(self, request):
            return request.legal[0]

    cardarena.run(FirstLegal())

run() connects a ZeroMQ DEALER socket to PIQUET_ENDPOINT, says hello with
PIQUET_TOKEN and the bot's games, answers every request and calls the
optional hooks (protocol/README.md, "Protocol 2"). The answer is sent
exactly as act() returned it: whether it is legal is the arena's question
(card order inside an action never matters to it), and an illegal answer is
the bot's fault, recorded by the arena. An exception in act() or a hook is
printed with its traceback on stderr (the arena keeps stderr in the bot's
log) and ends the process, which the arena records as a crash; a bot that
sets `fallback = True` plays legal[0] instead (a note on stderr says so)
and goes on. Needs pyzmq (Debian: python3-zmq) to connect; nothing else.
The Piquet SDK of protocol 1 is the module piquet_bot, beside this package.
"""
import json
import os
import sys
import traceback

__all__ = ["Bot", "Request", "run", "play", "set_curve", "Rehello", "PROTOCOL_VERSION", "MAX_FRAME"]

PROTOCOL_VERSION = 2
MAX_FRAME = 65536


class Request:
    """One decision: the fields of the arena's `request` message.

    view    the seat's view, the game's own JSON object (a dict; each game's
            keys are in its documentation, e.g. engine/belote/belote.h)
    legal   every legal action as a string, in the game's canonical order
    id      the request's id (the SDK echoes it)
    match   the match's id;  deal: the deal's number, from 1
    player  this bot's place at the table, 0..players-1
    time    {"move_ms": ..., "bank_ms": ...}: answer within their sum
    message the whole message as the arena sent it (a dict)
    """

    __slots__ = ("view", "legal", "id", "match", "deal", "player", "time", "message")

    def __init__(self, message):
        self.message = message
        self.view = message.get("view", {})
        self.legal = list(message.get("legal", []))
        self.id = message.get("id")
        self.match = message.get("match")
        self.deal = message.get("deal")
        self.player = message.get("player")
        self.time = message.get("time", {})

    def __repr__(self):
        return "Request(id=%r, deal=%r, player=%r, legal=%r)" % (self.id, self.deal, self.player, self.legal)


class Bot:
    """A bot: set `games`, override act(); the hooks are optional.

    The hooks receive the arena's messages as dicts: match_start (game,
    rules, players, player, team, partners, names, first_dealer, clocks),
    deal_end (deal, result, scores) and match_end (points, scores, winner,
    forfeit, result).
    """

    name = "python-bot"     # 1..63 bytes, shown in standings
    version = "1.0"
    games = []              # the games it plays, e.g. ["belote"]; the arena seats it at no other
    fallback = False        # True: after an exception in act(), play legal[0] and go on

    def act(self, request):
        """Return one action string for the Request (any of request.legal,
        cards in any order); it is sent as it is."""
        raise NotImplementedError("%s.act() is not written" % type(self).__name__)

    def match_start(self, message):
        pass

    def deal_end(self, message):
        pass

    def match_end(self, message):
        pass

    def log(self, text):
        """Send a line to the arena, which keeps it in this bot's log
        (control characters become spaces; the first 1023 bytes are kept)."""
        send = getattr(self, "_cardarena_send", None)
        if send is not None:
            send({"type": "log", "text": str(text)})


class _Crash(Exception):
    """The bot's own code raised and the bot did not ask for a fallback."""


def _note(bot, text):
    print("%s: %s" % (bot.name, text), file=sys.stderr, flush=True)


def _call_hook(bot, hook, message):
    try:
        hook(message)
    except Exception:
        traceback.print_exc(file=sys.stderr)
        if not getattr(bot, "fallback", False):
            _note(bot, "%s() raised; ending the process (set fallback = True to go on)" % hook.__name__)
            raise _Crash()
        _note(bot, "%s() raised; going on as asked (fallback = True)" % hook.__name__)


def _answer(bot, request):
    """The text to send for a request: act()'s answer as it is.

    Never compared with request.legal: the arena judges it. An exception
    is printed with its traceback; then legal[0] is played when the bot
    set fallback = True, else _Crash ends the process.
    """
    try:
        choice = bot.act(request)
    except Exception:
        traceback.print_exc(file=sys.stderr)
        if not getattr(bot, "fallback", False) or not request.legal:
            _note(bot, "act() raised; ending the process, a crash fault "
                       "(set fallback = True to play the first legal action instead)")
            raise _Crash()
        _note(bot, "act() raised; playing the first legal action %r as asked (fallback = True)"
              % request.legal[0])
        return request.legal[0]
    if not isinstance(choice, str):
        _note(bot, "act() returned %r, not a string; sent as its text" % (choice,))
        choice = str(choice)
    return choice


def play(bot, socket, max_matches=0):
    """The message loop over a connected socket (anything with send(bytes)
    and recv() -> bytes); sends the hello first. Returns 0 after
    max_matches matches (0: never), 1 after an error from the arena or a
    frame it cannot read; raises SystemExit(1) when the bot's own code
    raised without a fallback."""

    def send(message):
        socket.send(json.dumps(message, separators=(",", ":")).encode("utf-8"))

    games = list(getattr(bot, "games", None) or [])
    if not games:
        _note(bot, "no games named: set games = [...] in the bot's class (e.g. [\"belote\"])")
        return 1
    send({"type": "hello", "protocol": PROTOCOL_VERSION, "token": os.environ.get("PIQUET_TOKEN", ""),
          "name": bot.name, "version": bot.version, "games": games})
    bot._cardarena_send = send
    matches = 0
    try:
        while True:
            frame = socket.recv()
            if len(frame) > MAX_FRAME:
                _note(bot, "a frame over %d bytes from the arena" % MAX_FRAME)
                return 1
            try:
                message = json.loads(frame)
            except ValueError as e:
                _note(bot, "cannot read a message from the arena: %s" % e)
                return 1
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "request":
                request = Request(message)
                send({"type": "action", "id": request.id, "action": _answer(bot, request)})
            elif kind == "match_start":
                _call_hook(bot, bot.match_start, message)
            elif kind == "deal_end":
                _call_hook(bot, bot.deal_end, message)
            elif kind == "match_end":
                _call_hook(bot, bot.match_end, message)
                matches += 1
                if max_matches and matches >= max_matches:
                    return 0
            elif kind == "error":
                _note(bot, "the arena says %s: %s" % (message.get("code"), message.get("message")))
                return 1
    except _Crash:
        raise SystemExit(1)
    finally:
        bot._cardarena_send = None


def _key_file(path):
    """The (public, secret) pair of a key file of `arena keys new`."""
    if os.stat(path).st_mode & 0o077:
        raise ValueError("%s may be read or written by others: chmod 600 it" % path)
    keys = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            word, eq, value = line.partition("=")
            if eq and word.strip() in ("public", "secret") and len(value.strip()) == 40:
                keys[word.strip()] = value.strip().encode()
            else:
                raise ValueError("%s: a line is neither 'public = KEY' nor 'secret = KEY'" % path)
    if set(keys) != {"public", "secret"}:
        raise ValueError("%s is not a key pair (arena keys new NAME writes one)" % path)
    return keys["public"], keys["secret"]


def set_curve(socket, zmq):
    """With PIQUET_SERVER_KEY (the arena's public key, or a file holding
    it) make `socket` a CURVE client of that server, with the bot's pair
    from PIQUET_KEY_FILE or one made for this connection."""
    server = os.environ.get("PIQUET_SERVER_KEY")
    if not server:
        return
    if len(server) != 40:
        with open(server) as f:
            server = f.read().strip()
    key_file = os.environ.get("PIQUET_KEY_FILE")
    public, secret = _key_file(key_file) if key_file else zmq.curve_keypair()
    socket.curve_serverkey = server.encode()
    socket.curve_publickey = public
    socket.curve_secretkey = secret


class Rehello:
    """A tcp socket that says hello again whenever ZeroMQ reconnects it (the
    arena restarted, a network blip): the arena knows a connection only by
    its hello. The first message sent is taken for the hello."""

    def __init__(self, socket, zmq):
        self._socket = socket
        self._monitor = socket.get_monitor_socket(zmq.EVENT_HANDSHAKE_SUCCEEDED)
        self._poller = zmq.Poller()
        self._poller.register(socket, zmq.POLLIN)
        self._poller.register(self._monitor, zmq.POLLIN)
        self._hello = None
        self._handshakes = 0

    def send(self, data):
        if self._hello is None:
            self._hello = data
        self._socket.send(data)

    def recv(self):
        while True:
            ready = dict(self._poller.poll())
            if self._monitor in ready:
                self._monitor.recv_multipart()
                self._handshakes += 1
                if self._handshakes > 1 and self._hello is not None:
                    self._socket.send(self._hello)
            if self._socket in ready:
                return self._socket.recv()

    def close(self):
        self._socket.disable_monitor()
        self._monitor.close(0)


def run(bot, max_matches=0):
    """Connect to the arena and play until it stops the process (SIGTERM)
    or max_matches matches ended; returns play()'s status for sys.exit()."""
    endpoint, token = os.environ.get("PIQUET_ENDPOINT"), os.environ.get("PIQUET_TOKEN")
    if not endpoint or not token:
        _note(bot, "PIQUET_ENDPOINT and PIQUET_TOKEN must be set (the arena sets them when it starts a bot)")
        return 1
    try:
        import zmq
    except ImportError:
        _note(bot, "needs pyzmq (Debian: apt-get install python3-zmq; a venv: --system-site-packages)")
        return 1
    context = zmq.Context()
    socket = context.socket(zmq.DEALER)
    try:
        socket.setsockopt(zmq.LINGER, 0)
        socket.setsockopt(zmq.HEARTBEAT_IVL, 1000)
        socket.setsockopt(zmq.HEARTBEAT_TTL, 5000)
        socket.setsockopt(zmq.HEARTBEAT_TIMEOUT, 5000)
        try:
            set_curve(socket, zmq)
            # The monitor before connecting: the first handshake is counted,
            # every later one is a reconnection.
            link = Rehello(socket, zmq) if endpoint.startswith("tcp://") else socket
            socket.connect(endpoint)
        except (OSError, ValueError, zmq.ZMQError) as e:
            _note(bot, "cannot connect: %s" % e)
            return 1
        try:
            return play(bot, link, max_matches)
        finally:
            if link is not socket:
                link.close()
    finally:
        socket.close(0)
        context.term()
