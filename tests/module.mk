# tests/: one Criterion binary with every tests/test_*.c, linked against the
# same libraries the programs use. Tests find the programs through $BIN (set
# here, so `make test` needs nothing else) and their data under
# tests/fixtures/, relative to the top of the checkout, where they run.
TEST_SRC := $(wildcard tests/test_*.c tests/support_*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(BUILD)/tests/unit


$(TEST_BIN): $(TEST_OBJ) $(ARENA_LIB) $(RECORDS_LIB) $(STATS_LIB) $(BOTS_LIB) $(PROTOCOL_LIB) $(ENGINE_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) $(CRIT_LIBS) -lm

# build/bin/bot-hostile: a bot and peers that attack the arena on purpose
# (modes in tests/bot_hostile.c), run by the tests as real processes.
HOSTILE_BIN := $(BUILD)/bin/bot-hostile

$(HOSTILE_BIN): $(BUILD)/obj/tests/bot_hostile.o $(PROTOCOL_LIB) $(ENGINE_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm

all: $(HOSTILE_BIN)

# Each test keeps its files and sockets in a scratch directory of its own
# under $TMPDIR, its ports reserved and its processes named after that
# directory (tests/support_scratch.h), so the suites of two checkouts run
# side by side without a lock (tools/two-suites.sh shows it).
test: all $(TEST_BIN) $(HOSTILE_BIN)
	BIN=$(abspath $(BUILD)/bin) $(TEST_BIN) $(TEST_FLAGS)

# The page's time to the first standings at 5,000 parties of 40 bots in
# headless Chromium, against a baseline of 60 (test_page.c page_bench,
# skipped by `make test`), part of `make bench`.
.PHONY: bench-page
bench: bench-page
bench-page: all $(TEST_BIN)
	PAGE_BENCH=1 BIN=$(abspath $(BUILD)/bin) $(TEST_BIN) --filter 'page_bench/*'
