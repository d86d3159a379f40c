#!/usr/bin/env bash
# make demo: a leaderboard on 127.0.0.1 with a fresh SQLite file, a round
# robin of the reference bots (the Python example bot among them) posting
# to it with a progress line, Belote round robins at four and two, a
# Partnership Belote match, Tarocchini and Coinche round robins (one
# program per side) and French Tarot at four, three and five, posting
# too, the standings, then a ladder arena (`arena serve --leaderboard`)
# with three reference bots registered through the API by a demo author
# and connected over CURVE (the page's Ladder section shows them), and the
# page's URL. The server and the ladder keep running afterwards (the ladder
# up to DEMO_LADDER_MATCHES matches; DEMO_KEEP=0 stops both); `make
# demo-stop` stops them.
#
#   BUILD      build directory (default build)
#   DEMO_PORT  the leaderboard's port (default 8080; taken: any free port)
#   DEMO_PAIRS duplicate pairs per pairing (default 8)
#   DEMO_KEEP  1 (default) leave the server running, 0 stop it
#   DEMO_LADDER_MATCHES  matches the ladder plays before it stops (default 300)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
BIN=$BUILD/bin
DIR=$BUILD/demo
PORT=${DEMO_PORT:-8080}
PAIRS=${DEMO_PAIRS:-8}
KEEP=${DEMO_KEEP:-1}
PY=/usr/bin/python3

stop_server() {
  # the ladder first (its bots, then the arena), then the leaderboard
  if [ -f "$DIR/ladder.pids" ]; then
    while read -r pid; do kill "$pid" 2>/dev/null || true; done < "$DIR/ladder.pids"
    rm -f "$DIR/ladder.pids"
  fi
  if [ -f "$DIR/leaderboard.pid" ]; then
    pid=$(cat "$DIR/leaderboard.pid")
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid"
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -f "$DIR/leaderboard.pid"
  fi
}

if [ "${1:-}" = stop ]; then
  stop_server
  echo "demo: leaderboard stopped"
  exit 0
fi

for program in arena leaderboard bot-greedy bot-random bot-pimc bot-example-belote bot-example-coinche \
               bot-example-tarot bot-example-tarocchini; do
  [ -x "$BIN/$program" ] || { echo "demo: $BIN/$program is missing (run make)" >&2; exit 1; }
done
"$PY" -c 'import zmq' 2>/dev/null || { echo "demo: $PY lacks pyzmq (apt-get install python3-zmq)" >&2; exit 1; }

echo "== the worked deals of the literature, replayed through the engine"
"$BIN/arena" replay --check tests/fixtures/deals/*.json tests/fixtures/belote/*.json tests/fixtures/tarot/*.json \
  tests/fixtures/tarocchini/*.json

# A fresh leaderboard: earlier demo server stopped, empty database, a new
# random token that only this user can read.
stop_server
mkdir -p "$DIR"
rm -f "$DIR"/leaderboard.sqlite* "$DIR"/*.jsonl "$DIR"/results.json "$DIR"/results.csv
( umask 077; head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$DIR/token"
  printf 'demo:%s\n' "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')" > "$DIR/authors" )
start_server() {
  nohup "$BIN/leaderboard" --db "$DIR/leaderboard.sqlite" --listen "127.0.0.1:$1" --token-file "$DIR/token" \
    --author-tokens "$DIR/authors" > "$DIR/leaderboard.log" 2>&1 &
  echo $! > "$DIR/leaderboard.pid"
  for _ in $(seq 100); do
    URL=$(sed -n 's/^listening on //p' "$DIR/leaderboard.log" 2>/dev/null | head -1)
    [ -n "$URL" ] && return 0
    kill -0 "$(cat "$DIR/leaderboard.pid")" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
URL=
start_server "$PORT" || { echo "demo: port $PORT is taken; using a free port"; start_server 0; } ||
  { echo "demo: the leaderboard did not start:" >&2; cat "$DIR/leaderboard.log" >&2; exit 1; }
echo "== leaderboard at $URL (database $DIR/leaderboard.sqlite)"

echo "== round robin: greedy, random, the Python example bot and pimc (small budget), $PAIRS duplicate pairs per pairing"
"$BIN/arena" run \
  --bot greedy="$BIN/bot-greedy" \
  --bot random="$BIN/bot-random --seed 7" \
  --bot python="$PY bots/python/example_bot.py" \
  --bot pimc-8="$BIN/bot-pimc --budget 8" \
  --pairs "$PAIRS" --seed 2026 --journal "$DIR/demo.jsonl" --results "$DIR/results.json" \
  --post "$URL" --token-file "$DIR/token" --log-dir "$DIR/logs"

# Belote through protocol 2: four at a table (every rotation of each
# deal), two at a table, and Partnership Belote with one program per side.
BELOTE_SETS=${DEMO_BELOTE_SETS:-3}
for form in "belote 4" "belote 2" "belote-partnership 4" "tarocchini 4"; do
  set -- $form
  bots=(--bot greedy="$BIN/bot-greedy --game $1" --bot random="$BIN/bot-random --seed 5 --game $1")
  who="greedy and random, one program per side"
  if [ "$1" = tarocchini ]; then
    bots+=(--bot c-example="$BIN/bot-example-tarocchini"
           --bot py-example="bots/python/run-bot bots/python/examples/tarocchini_bot.py")
    who="greedy, the C and Python examples and random, one program per side"
  elif [ "$1" != belote-partnership ]; then
    bots+=(--bot c-example="$BIN/bot-example-belote"
           --bot py-example="bots/python/run-bot bots/python/examples/belote_bot.py")
    who="greedy, the C and Python examples and random"
  fi
  echo
  echo "== $1 for $2: $who, $BELOTE_SETS duplicate sets per table"
  "$BIN/arena" run --quiet --game "$1" --players "$2" "${bots[@]}" --pairs "$BELOTE_SETS" --seed 2026 \
    --journal "$DIR/$1-$2.jsonl" --post "$URL" --token-file "$DIR/token" --log-dir "$DIR/logs"
done

# Coinche (and with its flags Belote Bridgée): a round robin of partnership
# programs, one program per side.
echo
echo "== coinche: greedy, the C and Python examples and random, one program per side, $BELOTE_SETS duplicate sets per pairing"
"$BIN/arena" run --quiet --game coinche --bot greedy="$BIN/bot-greedy --game coinche" \
  --bot c-example="$BIN/bot-example-coinche" --bot py-example="bots/python/run-bot bots/python/examples/coinche_bot.py" \
  --bot random="$BIN/bot-random --seed 5 --game coinche" --pairs "$BELOTE_SETS" --seed 2026 \
  --journal "$DIR/coinche-4.jsonl" --post "$URL" --token-file "$DIR/token" --log-dir "$DIR/logs"

# French Tarot: round robins at four and three players (every rotation or
# seating of each deal) and one table of five with the called king.
TAROT_SETS=${DEMO_TAROT_SETS:-2}
for players in 4 3 5; do
  bots=(--bot greedy="$BIN/bot-greedy --game tarot" --bot c-example="$BIN/bot-example-tarot"
        --bot py-example="bots/python/run-bot bots/python/examples/tarot_bot.py"
        --bot random="$BIN/bot-random --seed 5 --game tarot")
  [ "$players" = 5 ] && bots+=(--bot random2="$BIN/bot-random --seed 6 --game tarot")
  echo
  echo "== tarot for $players: greedy, the C and Python examples and random, $TAROT_SETS duplicate sets per table"
  "$BIN/arena" run --quiet --game tarot --players "$players" "${bots[@]}" --pairs "$TAROT_SETS" --seed 2026 \
    --journal "$DIR/tarot-$players.jsonl" --post "$URL" --token-file "$DIR/token" --log-dir "$DIR/logs"
done

echo
echo "== the leaderboard's own standings (GET $URL/api/v1/standings)"
curl -sf "$URL/api/v1/standings" | "$PY" -c '
import json, sys
s = json.load(sys.stdin)
print("%4s  %-10s %8s %17s %8s %7s" % ("rank", "bot", "rating", "95% interval", "parties", "score"))
for b in s["bots"]:
    r = "%.0f" % b["rating"] if b["rating"] is not None else "-"
    ci = "%.0f..%.0f" % (b["ci_low"], b["ci_high"]) if b["ci_low"] is not None else "-"
    print("%4s  %-10s %8s %17s %8d %6.1f%%" % (b["rank"] or "-", b["name"], r, ci, b["parties"], b["score_pct"]))
'
echo
echo "== every game on the leaderboard (GET $URL/api/v1/games; the page's switcher)"
curl -sf "$URL/api/v1/games" | "$PY" -c '
import json, sys
for g in json.load(sys.stdin)["games"]:
    print("  %-22s %-20s %4d matches" % (g["game"], g["title"], g["matches"]))
'
echo
echo "== a ladder arena: greedy, random and the Python example bot registered by the author 'demo' and connected over CURVE"
# What an author does (protocol/README.md "Connecting to a ladder arena"):
# a key pair per bot, registered with an author token; the operator's
# arena has a key pair of its own and takes the bots from the leaderboard.
rm -rf "$DIR/keys" "$DIR/ladder.jsonl"
mkdir -p "$DIR/keys"
AUTHOR="Authorization: Bearer $(cut -d: -f2 "$DIR/authors")"
for bot in arena ladder-greedy ladder-random ladder-py; do
  "$BIN/arena" keys new "$bot" --dir "$DIR/keys" > /dev/null 2>&1
done
for bot in ladder-greedy ladder-random ladder-py; do
  curl -sf -H "$AUTHOR" --data "{\"name\":\"$bot\",\"game\":\"piquet\",\"public_key\":\"$(cat "$DIR/keys/$bot.pub")\"}" \
    "$URL/api/v1/bots" > /dev/null || { echo "demo: registering $bot failed" >&2; exit 1; }
done
LADDER_PORT=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
ENDPOINT=tcp://127.0.0.1:$LADDER_PORT
nohup "$BIN/arena" serve --listen "$ENDPOINT" --server-key "$DIR/keys/arena.key" --leaderboard "$URL" \
  --token-file "$DIR/token" --journal "$DIR/ladder.jsonl" --max-matches "${DEMO_LADDER_MATCHES:-300}" --quiet \
  > "$DIR/ladder.log" 2>&1 &
echo $! > "$DIR/ladder.pids"
connect() {  # NAME COMMAND...: a bot on its key pair, as an author anywhere starts it
  local name=$1
  shift
  PIQUET_ENDPOINT=$ENDPOINT PIQUET_SERVER_KEY="$DIR/keys/arena.pub" PIQUET_KEY_FILE="$DIR/keys/$name.key" \
    PIQUET_TOKEN=ladder nohup "$@" > "$DIR/$name.log" 2>&1 &
  echo $! >> "$DIR/ladder.pids"
}
connect ladder-greedy "$BIN/bot-greedy"
connect ladder-random "$BIN/bot-random"
connect ladder-py "$PY" bots/python/example_bot.py
for _ in $(seq 300); do
  played=$(grep -c '"type":"partie"' "$DIR/ladder.jsonl" 2>/dev/null) || played=0
  [ "$played" -ge 12 ] && break
  sleep 0.1
done
sleep 2.5   # the arena's next report of who is connected
curl -sf "$URL/api/v1/bots?game=piquet" | "$PY" -c '
import json, sys
print("  %-14s %-6s %-9s %8s  %s" % ("bot", "owner", "status", "matches", "last seen"))
for b in json.load(sys.stdin)["bots"]:
    print("  %-14s %-6s %-9s %8d  %s" % (b["name"], b["owner"], b["status"], b["matches"], b["last_seen"] or "never"))
'
echo "  the ladder ($ENDPOINT) plays on up to ${DEMO_LADDER_MATCHES:-300} matches; journal $DIR/ladder.jsonl"

echo
echo "journals: $DIR/*.jsonl   results: $DIR/results.json, $DIR/results.csv"
if [ "$KEEP" = 0 ]; then
  stop_server
  echo "the leaderboard is stopped, and the ladder (DEMO_KEEP=0)"
else
  echo "open $URL/ in a browser (the Ladder section at the bottom); stop the server and the ladder with: make demo-stop"
fi
