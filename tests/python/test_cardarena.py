"""Unit tests of the protocol-2 Python SDK (bots/python/cardarena): its
message handling against a scripted fake socket, and run() against a real
local ZeroMQ ROUTER. Run by tests/test_python_cardarena.c as

    PYTHONPATH=bots/python /usr/bin/python3 -B -m unittest discover -s tests/python -p 'test_*.py'
"""
import contextlib
import io
import json
import os
import tempfile
import threading
import unittest

import cardarena
import piquet_bot

VIEW = {"game": "belote", "players": 4, "deal": 1, "player": "A", "seat": 0, "phase": "play",
        "hand": ["AS", "KS", "9H"], "trump": "H", "trick": {"leader": 0, "cards": []}}


def request(rid, legal, view=VIEW):
    return {"type": "request", "id": rid, "match": 7, "deal": 2, "player": 1, "view": view,
            "legal": legal, "time": {"move_ms": 1000, "bank_ms": 9000}}


MATCH_START = {"type": "match_start", "match": 7, "game": "belote", "players": 4, "player": 1, "letter": "B",
               "team": 1, "partners": [], "names": ["a", "b", "c", "d"], "first_dealer": 0, "rules": {},
               "clocks": {"move_ms": 1000, "bank_ms": 10000, "grace_ms": 200}}
DEAL_END = {"type": "deal_end", "match": 7, "deal": 1, "result": {}, "scores": [0, 10, 20, 30]}
MATCH_END = {"type": "match_end", "match": 7, "points": [1, 2, 3, 4], "scores": [1, 2, 3, 4], "winner": 3,
             "forfeit": None, "result": {}}


class FakeSocket:
    """Hands out the scripted frames in order, keeps what the SDK sends."""

    def __init__(self, *messages):
        self.incoming = [m if isinstance(m, bytes) else json.dumps(m).encode() for m in messages]
        self.sent = []

    def send(self, frame):
        self.sent.append(json.loads(frame))

    def recv(self):
        if not self.incoming:
            raise AssertionError("the SDK read past the script")
        return self.incoming.pop(0)

    def actions(self):
        return [m for m in self.sent if m["type"] == "action"]


class Scripted(cardarena.Bot):
    """Answers from a list, records what it was given."""
    name = "scripted"
    version = "0.1"
    games = ["belote", "belote-partnership"]

    def __init__(self, *answers):
        self.answers = list(answers)
        self.requests = []
        self.seen = []

    def act(self, req):
        self.requests.append(req)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def match_start(self, message):
        self.seen.append(("match_start", message["match"]))

    def deal_end(self, message):
        self.seen.append(("deal_end", message["deal"]))

    def match_end(self, message):
        self.seen.append(("match_end", message["winner"]))


def play_quietly(bot, socket, **kw):
    """play(), with what it writes on stderr returned beside its status."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            status = cardarena.play(bot, socket, **kw)
        except SystemExit as e:
            status = ("exit", e.code)
    return status, err.getvalue()


class Hello(unittest.TestCase):
    def test_hello_says_protocol_2_the_token_the_name_and_the_games(self):
        os.environ["PIQUET_TOKEN"] = "tok123"
        sock = FakeSocket(MATCH_END)
        play_quietly(Scripted(), sock, max_matches=1)
        self.assertEqual(sock.sent[0], {"type": "hello", "protocol": 2, "token": "tok123", "name": "scripted",
                                        "version": "0.1", "games": ["belote", "belote-partnership"]})

    def test_a_bot_that_names_no_game_is_refused_before_any_hello(self):
        class NoGames(cardarena.Bot):
            def act(self, req):
                return req.legal[0]
        sock = FakeSocket()
        status, err = play_quietly(NoGames(), sock)
        self.assertEqual(status, 1)
        self.assertEqual(sock.sent, [])
        self.assertIn("games", err)


class Answers(unittest.TestCase):
    def test_the_request_fields_reach_act(self):
        bot = Scripted("play AS")
        play_quietly(bot, FakeSocket(request(41, ["play AS", "play KS"]), MATCH_END), max_matches=1)
        req = bot.requests[0]
        self.assertEqual((req.id, req.match, req.deal, req.player), (41, 7, 2, 1))
        self.assertEqual(req.legal, ["play AS", "play KS"])
        self.assertEqual(req.view["hand"], ["AS", "KS", "9H"])
        self.assertEqual(req.time, {"move_ms": 1000, "bank_ms": 9000})
        self.assertEqual(req.message["type"], "request")

    def test_a_legal_answer_is_sent_with_the_request_id(self):
        sock = FakeSocket(request(41, ["play AS", "play KS"]), MATCH_END)
        play_quietly(Scripted("play KS"), sock, max_matches=1)
        self.assertEqual(sock.actions(), [{"type": "action", "id": 41, "action": "play KS"}])

    def test_an_answer_with_its_cards_in_another_order_is_sent_as_it_is(self):
        legal = ["meld", "meld 9H,8H,7H", "meld AS,AH,AD,AC 9H,8H,7H"]
        sock = FakeSocket(request(5, legal), MATCH_END)
        status, err = play_quietly(Scripted("meld 7H,8H,9H AC,AD,AH,AS"), sock, max_matches=1)
        self.assertEqual(status, 0)
        self.assertEqual(sock.actions()[0]["action"], "meld 7H,8H,9H AC,AD,AH,AS")
        self.assertEqual(err, "")

    def test_an_illegal_answer_is_sent_as_it_is_for_the_arena_to_judge(self):
        sock = FakeSocket(request(6, ["play AS"]), MATCH_END)
        status, err = play_quietly(Scripted("play ZZ"), sock, max_matches=1)
        self.assertEqual(status, 0)
        self.assertEqual(sock.actions()[0]["action"], "play ZZ")

    def test_a_non_string_answer_is_sent_as_its_text_with_a_note(self):
        sock = FakeSocket(request(6, ["play AS"]), MATCH_END)
        status, err = play_quietly(Scripted(3), sock, max_matches=1)
        self.assertEqual(sock.actions()[0]["action"], "3")
        self.assertIn("not a string", err)


class Exceptions(unittest.TestCase):
    def test_an_exception_in_act_prints_its_traceback_and_ends_the_process(self):
        sock = FakeSocket(request(1, ["play AS"]), request(2, ["play KS"]), MATCH_END)
        status, err = play_quietly(Scripted("play AS", ValueError("the bot's own bug")), sock)
        self.assertEqual(status, ("exit", 1))
        self.assertIn("Traceback (most recent call last)", err)
        self.assertIn("ValueError: the bot's own bug", err)
        self.assertIn("crash", err)
        self.assertEqual([a["id"] for a in sock.actions()], [1])

    def test_with_fallback_an_exception_plays_the_first_legal_action_and_says_so(self):
        bot = Scripted(KeyError("oops"), "play KS")
        bot.fallback = True
        sock = FakeSocket(request(1, ["pass", "take"]), request(2, ["play AS", "play KS"]), MATCH_END)
        status, err = play_quietly(bot, sock, max_matches=1)
        self.assertEqual(status, 0)
        self.assertEqual([a["action"] for a in sock.actions()], ["pass", "play KS"])
        self.assertIn("Traceback", err)
        self.assertIn("fallback = True", err)

    def test_an_exception_in_a_hook_ends_the_process_unless_fallback(self):
        class Broken(Scripted):
            def deal_end(self, message):
                raise RuntimeError("hook bug")
        status, err = play_quietly(Broken(), FakeSocket(DEAL_END, MATCH_END), max_matches=1)
        self.assertEqual(status, ("exit", 1))
        self.assertIn("RuntimeError: hook bug", err)
        bot = Broken()
        bot.fallback = True
        status, err = play_quietly(bot, FakeSocket(DEAL_END, MATCH_END), max_matches=1)
        self.assertEqual(status, 0)
        self.assertIn("RuntimeError: hook bug", err)


class Loop(unittest.TestCase):
    def test_hooks_are_called_in_order_and_max_matches_ends_the_loop(self):
        bot = Scripted("play AS")
        sock = FakeSocket({"type": "welcome", "protocol": 2, "arena": "x"}, MATCH_START,
                          request(1, ["play AS"]), DEAL_END, MATCH_END)
        status, _ = play_quietly(bot, sock, max_matches=1)
        self.assertEqual(status, 0)
        self.assertEqual(bot.seen, [("match_start", 7), ("deal_end", 1), ("match_end", 3)])

    def test_an_error_from_the_arena_ends_the_loop_with_status_1(self):
        sock = FakeSocket({"type": "error", "code": "timeout", "message": "too slow"})
        status, err = play_quietly(Scripted(), sock)
        self.assertEqual(status, 1)
        self.assertIn("timeout: too slow", err)

    def test_a_frame_over_the_cap_or_not_json_ends_the_loop(self):
        self.assertEqual(play_quietly(Scripted(), FakeSocket(b"x" * 65537))[0], 1)
        self.assertEqual(play_quietly(Scripted(), FakeSocket(b"{not json"))[0], 1)

    def test_log_sends_a_line_during_play_and_nothing_after(self):
        class Talker(Scripted):
            def act(self, req):
                self.log("thinking about %d actions" % len(req.legal))
                return req.legal[0]
        bot = Talker()
        sock = FakeSocket(request(1, ["play AS", "play KS"]), MATCH_END)
        play_quietly(bot, sock, max_matches=1)
        self.assertEqual(sock.sent[1], {"type": "log", "text": "thinking about 2 actions"})
        self.assertEqual(sock.sent[2]["type"], "action")
        bot.log("after the loop")
        self.assertEqual(len(sock.sent), 3)


class RealSocket(unittest.TestCase):
    def test_run_connects_says_hello_and_answers_over_zeromq(self):
        import zmq
        with tempfile.TemporaryDirectory() as tmp:
            endpoint = "ipc://%s/arena.sock" % tmp
            context = zmq.Context()
            router = context.socket(zmq.ROUTER)
            router.setsockopt(zmq.LINGER, 0)
            router.setsockopt(zmq.RCVTIMEO, 10000)
            router.bind(endpoint)
            os.environ.update(PIQUET_ENDPOINT=endpoint, PIQUET_TOKEN="real-token")
            bot = Scripted("play 9H")
            result = []
            thread = threading.Thread(target=lambda: result.append(cardarena.run(bot, max_matches=1)))
            thread.start()
            try:
                peer, hello = router.recv_multipart()
                self.assertEqual(json.loads(hello)["token"], "real-token")
                for message in (MATCH_START, request(9, ["play AS", "play 9H"])):
                    router.send_multipart([peer, json.dumps(message).encode()])
                peer2, action = router.recv_multipart()
                self.assertEqual(peer2, peer)
                self.assertEqual(json.loads(action), {"type": "action", "id": 9, "action": "play 9H"})
                router.send_multipart([peer, json.dumps(MATCH_END).encode()])
            finally:
                thread.join(10)
                router.close(0)
                context.term()
            self.assertEqual(result, [0])

    def test_run_without_the_arena_variables_says_so(self):
        saved = {k: os.environ.pop(k, None) for k in ("PIQUET_ENDPOINT", "PIQUET_TOKEN")}
        try:
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                self.assertEqual(cardarena.run(Scripted()), 1)
            self.assertIn("PIQUET_ENDPOINT", err.getvalue())
        finally:
            os.environ.update({k: v for k, v in saved.items() if v is not None})


class ProtocolOne(unittest.TestCase):
    def test_piquet_bot_still_expands_the_exchange_for_protocol_1(self):
        req = {"view": {"hand": ["7S", "8S", "9S"]}, "discard": {"min": 1, "max": 2}, "legal": []}
        self.assertEqual(len(piquet_bot.legal_actions(req)), 3 + 3)
        self.assertEqual(piquet_bot.PROTOCOL_VERSION, 1)


if __name__ == "__main__":
    unittest.main()
