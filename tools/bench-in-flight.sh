#!/bin/bash
# tools/bench-in-flight.sh - many parties in flight at a short move limit
# lose none to a spurious timeout (issue 21).
#
#   tools/bench-in-flight.sh [IN_FLIGHT...]      (default: 256 1024)
#
# For each number N, one `arena run` of two bot-instant (they answer at
# once: any timeout is the arena's or the machine's, never the bot's) at
# --concurrency N with --move-ms 100, 2N parties (N duplicate pairs), so
# that N parties are in flight for most of the run; then, from the
# journal: the parties played, the parties forfeited and each fault kind
# (timeout, crash, protocol, illegal action) summed over both bots, and
# the run's wall time. A bench, not a test: the figures are printed, and
# the exit status is 0 whatever they are (2 on bad arguments or a missing
# build).
#
# BUILD (default build) says where the arena is; ARENA_ARGS are passed to
# `arena run` (for example --no-sandbox, or --move-ms 200 to override).
# Each run needs 2N bot processes (their file descriptors and, in the
# sandbox, theirs): at 1024, 2048 processes.
set -euo pipefail

build=${BUILD:-build}
arena="$build/bin/arena"
bot="$build/bin/bot-instant"
[[ -x "$arena" && -x "$bot" ]] || { echo "bench-in-flight: $arena or $bot is missing (make)" >&2; exit 2; }
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(256 1024)
for n in "${sizes[@]}"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "bench-in-flight: '$n' is not a positive number" >&2; exit 2; }
done
# shellcheck disable=SC2206
extra=(${ARENA_ARGS:-})
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-in-flight.XXXXXX")
trap 'rm -rf "$dir"' EXIT

echo "in flight: bot-instant against itself, --move-ms 100, 2N parties at --concurrency N"
printf '  %-9s %8s %10s %9s %6s %9s %15s %9s\n' "in flight" parties forfeited timeouts crashes protocol illegal_action "seconds"
for n in "${sizes[@]}"; do
    journal="$dir/in-flight-$n.jsonl"
    start=$(date +%s.%N)
    "$arena" run --bot "a=$bot" --bot "b=$bot" --pairs "$n" --concurrency "$n" --move-ms 100 --max-faults 0 \
        --seed 21 --journal "$journal" --log-dir "$dir/logs" --quiet "${extra[@]}" > "$dir/out-$n.txt" 2>&1 || true
    end=$(date +%s.%N)
    python3 - "$journal" "$n" "$start" "$end" <<'EOF'
import json, sys
path, n, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
parties = forfeited = 0
kinds = {"timeout": 0, "crash": 0, "protocol": 0, "illegal_action": 0}
try:
    lines = open(path).read().splitlines()
except OSError:
    lines = []
for line in lines:
    o = json.loads(line)
    if o.get("type") != "partie":
        continue
    parties += 1
    forfeited += o.get("forfeit") is not None
    for seat in (o.get("faults") or {}).values():
        for k in kinds:
            kinds[k] += seat.get(k, 0)
print("  %-9s %8d %10d %9d %6d %9d %15d %9.1f" % (n, parties, forfeited, kinds["timeout"], kinds["crash"],
      kinds["protocol"], kinds["illegal_action"], end - start))
EOF
    if ! grep -q '"type":"partie"' "$journal" 2>/dev/null; then
        echo "  (the run at $n played nothing; its output:)"
        sed 's/^/    /' "$dir/out-$n.txt" | tail -5
    fi
done
