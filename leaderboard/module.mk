# leaderboard/: the results server build/bin/leaderboard (HTTP + SQLite),
# its web page embedded at build time, and its load client for `make bench`.
# Everything but the programs' mains is a library the tests could link.
LB_MAINS := leaderboard/main.c leaderboard/embed.c leaderboard/bench_client.c
LB_SRC   := $(filter-out $(LB_MAINS),$(wildcard leaderboard/*.c))
LB_OBJ   := $(LB_SRC:%.c=$(BUILD)/obj/%.o)
LB_LIB   := $(BUILD)/lib/libleaderboard.a
LB_BIN   := $(BUILD)/bin/leaderboard
LB_BENCH := $(BUILD)/bin/leaderboard-bench

# The page: every file under leaderboard/page/ is embedded by the generator
# embed.c. The directory itself is a prerequisite, so adding or removing a
# file regenerates the table with no edit here.
LB_PAGE_FILES := $(shell find leaderboard/page -type f 2>/dev/null | LC_ALL=C sort)
LB_EMBED  := $(BUILD)/tools/embed
LB_PAGE_C := $(BUILD)/gen/leaderboard/page_files.c
LB_PAGE_O := $(BUILD)/obj/gen/leaderboard/page_files.o

$(LB_LIB): $(LB_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

$(LB_EMBED): leaderboard/embed.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) -std=c11 -O2 $(WARN) -o $@ $<

$(LB_PAGE_C): $(LB_PAGE_FILES) leaderboard/page $(LB_EMBED)
	@mkdir -p $(@D)
	$(LB_EMBED) $@ leaderboard/page $(LB_PAGE_FILES)

$(LB_PAGE_O): $(LB_PAGE_C)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@

$(LB_BIN): $(BUILD)/obj/leaderboard/main.o $(LB_PAGE_O) $(LB_LIB) $(RECORDS_LIB) $(STATS_LIB) $(PROTOCOL_LIB) $(ENGINE_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) -lpthread -lm

all: $(LB_BIN)

# The load client and `make bench`: 10,000 parties (a real journal's
# records replicated under distinct run ids, names rotated among 8 bots),
# then standings requests per second at 1 and 8 connections, medians.
LB_BENCH_JOURNAL := $(BUILD)/bench/leaderboard-journal.jsonl

$(LB_BENCH): $(BUILD)/obj/leaderboard/bench_client.o
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) -lpthread

all: $(LB_BENCH)

.PHONY: bench-leaderboard
bench: bench-leaderboard
bench-leaderboard: $(LB_BIN) $(LB_BENCH) $(ARENA_BIN) $(BOT_PROGRAMS)
	@mkdir -p $(BUILD)/bench && rm -f $(LB_BENCH_JOURNAL)
	$(ARENA_BIN) run --quiet --bot g=$(BUILD)/bin/bot-greedy --bot 'r1=$(BUILD)/bin/bot-random --seed 3' \
	  --bot 'r2=$(BUILD)/bin/bot-random --seed 9' --pairs 4 --seed 5 --journal $(LB_BENCH_JOURNAL) > /dev/null
	$(LB_BENCH) --server $(LB_BIN) --journal $(LB_BENCH_JOURNAL) --parties 10000
	$(LB_BENCH) --server $(LB_BIN) --journal $(LB_BENCH_JOURNAL) --parties 30000 --bots 92 --runs 1 --seconds 1 \
	  --clients 1
