#!/bin/sh
# ladder-search.sh - the bot-search ladders of bots/README.md: for each game
# and player count, a round robin of random, greedy and bot-search at two
# budgets (16 worlds per card play and the default, 256), then the ratings.
# Usage: bots/tools/ladder-search.sh [OUT-DIR] [PAIRS]   (defaults: ladder, 10)
# Run from the top of the checkout after `make`.
set -eu
out=${1:-ladder}
pairs=${2:-10}
bin=build/bin
mkdir -p "$out"
for spec in coinche:4 belote-partnership:4 tarocchini:4 belote:2 belote-marseillaise:2 belote:3 belote:4 \
            tarot:3 tarot:4 tarot:5; do
    game=${spec%:*}
    players=${spec#*:}
    journal="$out/$game-$players.jsonl"
    rm -f "$journal"
    "$bin/arena" run --game "$game" --players "$players" --pairs "$pairs" --seed 2026 --concurrency 2 --quiet \
        --journal "$journal" --log-dir "$out/logs" \
        --bot "random=$bin/bot-random --game $game" --bot "greedy=$bin/bot-greedy --game $game" \
        --bot "search-16=$bin/bot-search --game $game --budget 16" --bot "search=$bin/bot-search --game $game"
    "$bin/arena" ratings --head-to-head "$journal" > "$out/$game-$players.ratings.txt"
done
