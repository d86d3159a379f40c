# arena/: the arena program: the command front ends here, playing matches
# in play/, schedules, tallies and posting in tournament/. Everything but
# main.c is a library so that the tests link the same code the program runs.
ARENA_SRC := $(filter-out arena/main.c,$(wildcard arena/*.c arena/play/*.c \
                                                   arena/tournament/*.c))
ARENA_OBJ := $(ARENA_SRC:%.c=$(BUILD)/obj/%.o)
ARENA_LIB := $(BUILD)/lib/libarena.a
ARENA_BIN := $(BUILD)/bin/arena

$(ARENA_LIB): $(ARENA_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

$(ARENA_BIN): $(BUILD)/obj/arena/main.o $(ARENA_LIB) $(RECORDS_LIB) $(STATS_LIB) $(PROTOCOL_LIB) $(ENGINE_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm

all: $(ARENA_BIN)

# Issue 21's figures are all here: the engine's deals per second (bench
# engine; every other game's in bench-games), the arena at concurrency 1
# and 2 beside the raw floors and, given FASTCHESS and ENGINE, beside
# fastchess in the same rounds (bench-vs-fastchess, which without them
# runs `bench throughput` alone), and the parties lost at 256 and 1024 in
# flight (bench-in-flight).
bench: all
	$(ARENA_BIN) bench engine
	$(ARENA_BIN) bench zmq
	$(ARENA_BIN) bench harness
	$(ARENA_BIN) bench harness --game belote --players 4 --wide 0
	$(ARENA_BIN) bench start
	BUILD=$(BUILD) bash tools/bench-vs-fastchess.sh
	$(ARENA_BIN) bench serve
	BUILD=$(BUILD) bash tools/bench-in-flight.sh $(IN_FLIGHT)

# The arena beside a fastchess binary you built (FASTCHESS=path ENGINE=path;
# tools/bench-vs-fastchess.sh); without them, beside the raw ceiling.
.PHONY: bench-vs-fastchess
bench-vs-fastchess: all
	BUILD=$(BUILD) bash tools/bench-vs-fastchess.sh

# 256 and 1024 parties in flight at a 100 ms move limit: the parties lost
# to faults, by kind (tools/bench-in-flight.sh; IN_FLIGHT="256 1024").
.PHONY: bench-in-flight
bench-in-flight: all
	BUILD=$(BUILD) bash tools/bench-in-flight.sh $(IN_FLIGHT)

# The demo (tools/demo.sh): the worked deals replayed, a leaderboard on
# 127.0.0.1, a round robin of the reference bots posting to it, standings
# and the page's URL. DEMO_KEEP=0 stops the server at the end.
.PHONY: demo-stop
demo: all
	BUILD=$(BUILD) bash tools/demo.sh
demo-stop:
	BUILD=$(BUILD) bash tools/demo.sh stop
