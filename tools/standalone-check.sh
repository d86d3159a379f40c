#!/usr/bin/env bash
# The repository stands alone (issue 13): a clone of the committed HEAD into
# an empty directory, with nothing beside it (no team folder beside it), builds, runs
# the demo and passes the tests that read files from the checkout.
#
# Run from .ci/run after the full test run, or by hand: tools/standalone-check.sh
# It checks what is committed, not the working tree.
#
# Why not `make test` in the clone: CI has just run the whole suite (about
# three minutes, then again under the sanitizers) on the same commit, and CI
# must finish inside 15 minutes. A clone can differ from the checkout only
# in the files it can reach, so the clone runs the README's two commands in
# a form that keeps what can differ: `make -j2 all`, the whole demo
# (`make demo DEMO_KEEP=0`), and through `make test` (same environment) only
# the tests that open files of the checkout: the worked deals,
# the Ordo fixture, protocol/README.md, the leaderboard's page files and the
# Python example bot. STANDALONE_FULL=1 runs the whole suite instead.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
rev=$(git -C "$top" rev-parse --verify HEAD) || { echo "standalone: $top is not a git checkout" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/piquet-standalone.XXXXXX")
clone=$tmp/piquet

cleanup() {
  if [ -d "$clone" ]; then (cd "$clone" && make --no-print-directory demo-stop >/dev/null 2>&1) || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

say() { printf 'standalone: %s\n' "$*"; }

say "cloning $rev into $clone"
git -c advice.detachedHead=false clone --quiet "$top" "$clone"
git -C "$clone" -c advice.detachedHead=false checkout --quiet --detach "$rev"
[ ! -e "$tmp/shared" ] || { say "$tmp/shared exists; the check needs an empty directory" >&2; exit 1; }

# No code, build file, test or script may reach for the team folder
# (documents are left out: a mention in prose is not a dependency).
if git -C "$clone" grep -n -E '\.\./shared|getenv\("SHARED"\)|\$\(SHARED\)|\$\{SHARED' \
    -- ':!*.md' ':!tools/standalone-check.sh'; then
  say "the lines above still reach for the team folder beside the checkout" >&2
  exit 1
fi

cd "$clone"
say "make -j2 all"
make --no-print-directory -j2 all >"$tmp/build.log" 2>&1 || { tail -30 "$tmp/build.log" >&2; say "make all failed" >&2; exit 1; }

say "make demo DEMO_KEEP=0"
make --no-print-directory demo DEMO_KEEP=0 2>&1 | tee "$tmp/demo.log" | grep -E '^(==|ok |FAIL|rank| +[0-9]|the leaderboard)' || true
grep -q '^FAIL' "$tmp/demo.log" && { say "a worked deal failed in the demo" >&2; exit 1; }
grep -q 'the leaderboard is stopped' "$tmp/demo.log" || { tail -20 "$tmp/demo.log" >&2; say "the demo did not finish" >&2; exit 1; }

if [ "${STANDALONE_FULL:-0}" = 1 ]; then
  say "make test (the whole suite)"
  make --no-print-directory test 2>&1 | tail -3
else
  filter='@(replay/*|pgn/*|ratings/*|cmd_ratings/*|codec/*readme*|leaderboard/every_page_file*|match/the_python_example*|protocol_belote/*|protocol2/the_readme*|belote_worked/*|python_cardarena/*|protocol_coinche/*|coinche_worked/*|protocol_tarocchini/*|tarocchini_worked/*)'
  say "make test, the tests that read the checkout's files: $filter"
  make --no-print-directory test TEST_FLAGS="--filter '$filter'" 2>&1 | tail -3
fi
say "passed: $rev builds, runs its demo and passes its tests with nothing beside it"
