# stats/: the statistics (ratings, pentanomial head-to-head, SPRT,
# standings and the table printer) as a library: the arena and the
# leaderboard both link it. It includes nothing of the arena.
STATS_SRC := $(wildcard stats/*.c)
STATS_OBJ := $(STATS_SRC:%.c=$(BUILD)/obj/%.o)
STATS_LIB := $(BUILD)/lib/libstats.a

$(STATS_LIB): $(STATS_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
