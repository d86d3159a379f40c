# records/: the partie record's reader and writer, the journal, replay, the
# results files and PGN, as a library the arena and the leaderboard link.
# It uses the engine, the protocol's JSON helpers and, for the readers'
# output (struct ratings_partie), stats/ratings.h; nothing of the arena.
RECORDS_SRC := $(wildcard records/*.c)
RECORDS_OBJ := $(RECORDS_SRC:%.c=$(BUILD)/obj/%.o)
RECORDS_LIB := $(BUILD)/lib/librecords.a

$(RECORDS_LIB): $(RECORDS_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
