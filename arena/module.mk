# arena/: the arena program. Everything but main.c is a library so that the
# tests link the same code the program runs.
ARENA_SRC := $(filter-out arena/main.c,$(wildcard arena/*.c))
ARENA_OBJ := $(ARENA_SRC:%.c=$(BUILD)/obj/%.o)
ARENA_LIB := $(BUILD)/lib/libarena.a
ARENA_BIN := $(BUILD)/bin/arena

$(ARENA_LIB): $(ARENA_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(ARENA_BIN): $(BUILD)/obj/arena/main.o $(ARENA_LIB) $(PROTOCOL_LIB) $(ENGINE_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm

all: $(ARENA_BIN)

bench: all
	$(ARENA_BIN) bench engine
	$(ARENA_BIN) bench zmq
	$(ARENA_BIN) bench harness

# The demo grows with the arena: a refereed duplicate pair between two
# reference bots over ZeroMQ, then the worked deals of the literature
# replayed through the engine.
demo: all
	$(ARENA_BIN) match --quiet greedy=$(BUILD)/bin/bot-greedy random=$(BUILD)/bin/bot-random --seed 7
	$(ARENA_BIN) replay --check $(SHARED)/fixtures/deals/*.json
