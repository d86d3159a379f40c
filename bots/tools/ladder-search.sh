#!/bin/sh
# ladder-search.sh - the bot-search ladders of bots/README.md: for each game
# and player count, a round robin of random, greedy and bot-search at two
# budgets (16 worlds per card play and the default, 256), then the ratings.
# Usage: bots/tools/ladder-search.sh [OUT-DIR] [GAME:PLAYERS:PAIRS ...]
# (default: ladder, and every game and player count at the README's pairs).
# Run from the top of the checkout after `make`; SEARCH=PATH runs another
# bot-search binary.
set -eu
out=${1:-ladder}
[ $# -gt 0 ] && shift
specs=${*:-coinche:4:8 belote-partnership:4:8 tarocchini:4:8 belote:2:8 belote-marseillaise:2:8 belote:3:4 \
                belote:4:4 tarot:3:4 tarot:4:4 tarot:5:4}
bin=build/bin
search=${SEARCH:-$bin/bot-search}
mkdir -p "$out"
for spec in $specs; do
    game=${spec%%:*}
    rest=${spec#*:}
    players=${rest%%:*}
    pairs=${rest#*:}
    journal="$out/$game-$players.jsonl"
    rm -f "$journal"
    "$bin/arena" run --game "$game" --players "$players" --pairs "$pairs" --seed 2026 --concurrency 2 --quiet \
        --journal "$journal" --log-dir "$out/logs" \
        --bot "random=$bin/bot-random --game $game" --bot "greedy=$bin/bot-greedy --game $game" \
        --bot "search-16=$search --game $game --budget 16" --bot "search=$search --game $game"
    "$bin/arena" ratings "$journal" > "$out/$game-$players.ratings.txt"
    "$bin/arena" ratings --head-to-head "$journal" >> "$out/$game-$players.ratings.txt"
done
