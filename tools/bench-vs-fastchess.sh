#!/bin/bash
# tools/bench-vs-fastchess.sh - the arena's decisions per second beside
# fastchess's, measured in the same run (issue 21).
#
#   FASTCHESS=/path/to/fastchess ENGINE=/path/to/null-engine \
#       tools/bench-vs-fastchess.sh [ROUNDS]
#
# FASTCHESS is a fastchess binary you built yourself (v1.8.2 was the one
# compared); ENGINE is the UCI engine it plays against itself, one that
# answers at once (fastchess's own test engine, app/tests/mock/engine/
# random_mover.cpp, compiled by you, is the null engine meant). This script
# builds nothing of theirs and downloads nothing.
#
# Each of ROUNDS rounds (default 5) runs, in this order: fastchess at
# concurrency 1, one round of `arena bench throughput` (the raw ZeroMQ
# round trip, the arena at concurrency 1, the raw multiplexed ceiling, the
# arena at concurrency 2), then fastchess at concurrency 2; so a busy
# moment of the (shared) machine falls on both sides. A fastchess run is
# GAMES games (default 200, -repeat pairs) at tc=10+0.1; its decisions are
# the plies of the PGN it writes, its time the run's wall clock (engine
# starts included, as the arena's runs include its bots' starts). Some
# fastchess versions look whether the games are over once a second (0.9.0
# does), so a run's wall clock is rounded up to the next second: GAMES of
# 200 (10 to 20 s a run here) keep that under a tenth; 20 would measure
# mostly the rounding. Prints fastchess's -version, every round and the
# medians: microseconds per decision at concurrency 1 and decisions per
# second at concurrency 2 of each, and their ratios.
#
# Without FASTCHESS (or without ENGINE) it says so and prints the arena
# against the raw multiplexed ZeroMQ ceiling alone (`arena bench
# throughput --runs ROUNDS`).
#
# BUILD (default build) says where the arena is; ARENA_ARGS are passed to
# `arena bench throughput` (for example --no-sandbox, --parties 80).
set -euo pipefail

rounds=${1:-5}
build=${BUILD:-build}
arena="$build/bin/arena"
games=${GAMES:-200}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "bench-vs-fastchess: ROUNDS must be a positive number, not '$rounds'" >&2; exit 2; }
[[ -x "$arena" ]] || { echo "bench-vs-fastchess: $arena is missing (make)" >&2; exit 2; }
# shellcheck disable=SC2206
arena_args=(${ARENA_ARGS:-})

if [[ -z "${FASTCHESS:-}" || -z "${ENGINE:-}" ]]; then
    echo "bench-vs-fastchess: no fastchess given (FASTCHESS=path ENGINE=path); the arena against the raw"
    echo "multiplexed ZeroMQ ceiling of the same run instead:"
    exec "$arena" bench throughput --runs "$rounds" "${arena_args[@]}"
fi
for f in "$FASTCHESS" "$ENGINE"; do
    [[ -x "$f" ]] || { echo "bench-vs-fastchess: '$f' is not an executable file" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-vs-fastchess-XXXXXX")
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }

# Plies in a PGN: the movetext's tokens less move numbers, comments and results.
plies() {
    awk '/^\[/ { next } { gsub(/\{[^}]*\}/, " "); n = split($0, t, /[ \t]+/);
         for (i = 1; i <= n; i++) if (t[i] != "" && t[i] !~ /^[0-9]+\.+$/ && t[i] !~ /^(1-0|0-1|1\/2-1\/2|\*)$/) p++ }
         END { print p + 0 }' "$1"
}

# One fastchess run at concurrency $1: prints "decisions seconds".
fastchess_run() {
    local pgn="$work/games-$1.pgn" t0 t1
    rm -f "$pgn"
    t0=$(now)
    (cd "$work" && "$FASTCHESS" -engine cmd="$ENGINE" name=null1 -engine cmd="$ENGINE" name=null2 \
        -each tc=10+0.1 -rounds $((games / 2)) -repeat -concurrency "$1" -pgnout file="$pgn" \
        >"$work/fastchess-$1.log" 2>&1) || { echo "bench-vs-fastchess: fastchess failed, see its output:" >&2;
                                              tail -20 "$work/fastchess-$1.log" >&2; exit 1; }
    t1=$(now)
    echo "$(plies "$pgn") $(echo "$t1 - $t0" | bc -l)"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int(NR / 2) + 1] }'; }

version=$("$FASTCHESS" -version 2>&1 | head -1 || true)
echo "arena against fastchess ($FASTCHESS: ${version:-no -version}; engine $ENGINE), $rounds rounds;"
echo "fastchess: $games games a run"
printf "  %-6s %10s %10s %9s   %10s %10s %10s %9s\n" round "fc c1 us" "arena c1" "arena/fc" "fc c2 d/s" "arena c2" \
    "ceiling" "arena/fc"
: >"$work/rows"
for ((r = 1; r <= rounds; r++)); do
    read -r d1 s1 < <(fastchess_run 1)
    out=$("$arena" bench throughput --runs 1 "${arena_args[@]}") ||
        { echo "bench-vs-fastchess: arena bench throughput failed:" >&2; echo "$out" >&2; exit 1; }
    # The round's line: round, raw us, c1 us/decision, c1/raw, ceiling, c2 decisions/s, c2/ceiling.
    read -r _ raw a1 _ ceiling a2 _ < <(echo "$out" | awk '$1 == "1" { print; exit }')
    read -r d2 s2 < <(fastchess_run 2)
    [[ "$d1" -gt 0 && "$d2" -gt 0 ]] || { echo "bench-vs-fastchess: fastchess wrote no moves (see $work)" >&2; exit 1; }
    f1=$(echo "$s1 * 1000000 / $d1" | bc -l)
    f2=$(echo "$d2 / $s2" | bc -l)
    row=$(awk -v f1="$f1" -v a1="$a1" -v f2="$f2" -v a2="$a2" -v c="$ceiling" -v raw="$raw" \
        'BEGIN { printf "%.1f %.1f %.3f %.0f %.0f %.0f %.3f %.1f", f1, a1, a1 / f1, f2, a2, c, a2 / f2, raw }')
    echo "$row" >>"$work/rows"
    read -r c1 c2 c3 c4 c5 c6 c7 _ <<<"$row"
    printf "  %-6d %10.1f %10.1f %8.2fx   %10.0f %10.0f %10.0f %9.2f\n" "$r" "$c1" "$c2" "$c3" "$c4" "$c5" "$c6" "$c7"
done
cols=()
for k in 1 2 3 4 5 6 7 8; do cols+=("$(awk -v k=$k '{ print $k }' "$work/rows" | median)"); done
printf "  %-6s %10.1f %10.1f %8.2fx   %10.0f %10.0f %10.0f %9.2f\n" median "${cols[0]}" "${cols[1]}" "${cols[2]}" \
    "${cols[3]}" "${cols[4]}" "${cols[5]}" "${cols[6]}"
echo "  fc c1 us: fastchess's wall time over its plies at concurrency 1; arena c1: the arena's microseconds per"
echo "  decision at concurrency 1 (raw zmq round trip of the same rounds: median ${cols[7]} us); c2: decisions per"
echo "  second at concurrency 2; ceiling: the raw multiplexed ZeroMQ ceiling; arena/fc at c2 at least 1 is the target."
