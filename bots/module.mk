# bots/: the reference players. Their strategies are a library the bot
# programs, tests and benchmarks share.
BOTS_SRC := $(filter-out bots/bot_%.c bots/bench_%.c,$(wildcard bots/*.c))
BOTS_OBJ := $(BOTS_SRC:%.c=$(BUILD)/obj/%.o)
BOTS_LIB := $(BUILD)/lib/libbots.a

$(BOTS_LIB): $(BOTS_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

# Each bots/bot_NAME.c is a program build/bin/bot-NAME, underscores of
# NAME written as dashes (bot_example_belote.c: bot-example-belote).
BOT_NAMES := $(patsubst bots/bot_%.c,%,$(wildcard bots/bot_*.c))
BOT_PROGRAMS := $(foreach b,$(BOT_NAMES),$(BUILD)/bin/bot-$(subst _,-,$(b)))

define BOT_PROGRAM_RULE
$(BUILD)/bin/bot-$(subst _,-,$(1)): $(BUILD)/obj/bots/bot_$(1).o $(BOTS_LIB) $(PROTOCOL_LIB) $(ENGINE_LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) -o $$@ $$^ $$(PKG_LIBS) -lm
endef
$(foreach b,$(BOT_NAMES),$(eval $(call BOT_PROGRAM_RULE,$(b))))

# Each bots/bench_NAME.c is a benchmark program build/bin/bench-NAME.
BOT_BENCHES := $(patsubst bots/bench_%.c,$(BUILD)/bin/bench-%,$(wildcard bots/bench_*.c))

$(BUILD)/bin/bench-%: $(BUILD)/obj/bots/bench_%.o $(BOTS_LIB) $(ENGINE_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -lm

all: $(BOT_PROGRAMS) $(BOT_BENCHES)

# The solver's speed (issue 7), part of `make bench`.
.PHONY: bench-solver
bench: bench-solver
bench-solver: $(BUILD)/bin/bench-solver
	$(BUILD)/bin/bench-solver

# Random-playout deals per second of every game, part of `make bench`.
.PHONY: bench-games
bench: bench-games
bench-games: $(BUILD)/bin/bench-games
	$(BUILD)/bin/bench-games

# bench-search rebuilds states from views (JSON): it links the protocol
# library too.
$(BUILD)/bin/bench-search: $(BUILD)/obj/bots/bench_search.o $(BOTS_LIB) $(PROTOCOL_LIB) $(ENGINE_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm

# bench-playout compares search configurations with greedy's views (JSON).
$(BUILD)/bin/bench-playout: $(BUILD)/obj/bots/bench_playout.o $(BOTS_LIB) $(PROTOCOL_LIB) $(ENGINE_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm

# The ending solver's time and bot-search's decisions per second (issue 20),
# part of `make bench`.
.PHONY: bench-search
bench: bench-search
bench-search: $(BUILD)/bin/bench-search
	$(BUILD)/bin/bench-search
