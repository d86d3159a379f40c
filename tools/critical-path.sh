#!/bin/sh
# tools/critical-path.sh - the instructions of the arena's critical path per
# decision at concurrency 1 (issue 21): from the answer's arrival (the
# hub's read of a frame, or its poll waking) to the next request sent (the
# referee's send; or the partie's end frames), counted by callgrind in a
# copy of COMMIT (default HEAD) with collection switched on and off there
# (callgrind client requests added to the copy only, never to the tree).
#
#   tools/critical-path.sh [COMMIT]
#
# Two runs of `arena run --no-sandbox --concurrency 1` of two bot-instant
# on seed 5, 3 and 6 pairs; the difference over the 1,188 decisions between
# them, so start-up is left out (as README's instruction counts). Needs
# valgrind and python3; builds in a scratch directory under $TMPDIR.
set -e
commit=${1:-HEAD}
top=$(git rev-parse --show-toplevel)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/critical-path.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
git -C "$top" archive "$commit" | tar -x -C "$scratch"
python3 - "$scratch" <<'PY'
import sys
root = sys.argv[1]
def patch(path, pairs):
    s = open(path).read()
    for old, new in pairs:
        assert old in s, (path, old)
        s = s.replace(old, new, 1)
    open(path, 'w').write(s)
toggles = ('#include <valgrind/callgrind.h>\n'
           'int cp_collecting;\n'
           '#define CP_ON() do { if (!cp_collecting) { CALLGRIND_TOGGLE_COLLECT; cp_collecting = 1; } } while (0)\n'
           '#define CP_OFF() do { if (cp_collecting) { CALLGRIND_TOGGLE_COLLECT; cp_collecting = 0; } } while (0)\n')
patch(root + '/arena/play/hub.c', [
    ('#include "arena/play/hub.h"\n', '#include "arena/play/hub.h"\n' + toggles),
    ('        int got = read_frame(self, out);\n',
     '        CP_ON();\n        int got = read_frame(self, out);\n        if (got == 0) CP_OFF();\n'),
    ('        if (ready < 0) return -1;\n', '        if (ready > 0) CP_ON();\n        if (ready < 0) return -1;\n')])
patch(root + '/arena/play/referee.c', [
    ('#include "records/game_record.h"\n', '#include "records/game_record.h"\n' + toggles.replace('int cp_', 'extern int cp_')),
    ('    int sent = self->send(self->ctx, player, &frame);\n',
     '    int sent = self->send(self->ctx, player, &frame);\n    CP_OFF();\n'),
    ('        codec_frame_release(&frame);\n    }\n}\n', '        codec_frame_release(&frame);\n    }\n    CP_OFF();\n}\n')])
PY
(cd "$scratch" && make -j2 build/bin/arena build/bin/bot-instant >"$scratch/make.log" 2>&1) || { cat "$scratch/make.log"; exit 1; }
bin=$scratch/build/bin
for pairs in 3 6; do
    (cd "$scratch" && valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$scratch/cg.$pairs" \
        "$bin/arena" run --no-sandbox --concurrency 1 --pairs $pairs --seed 5 --bot a="$bin/bot-instant" \
        --bot b="$bin/bot-instant" --journal "$scratch/j$pairs.jsonl" --log-dir "$scratch/logs$pairs" --quiet \
        >/dev/null 2>&1)
done
a=$(awk '/^summary:/ {print $2}' "$scratch/cg.3")
b=$(awk '/^summary:/ {print $2}' "$scratch/cg.6")
echo "$commit: $(( (b - a) / 1188 )) instructions per decision on the critical path at concurrency 1"
