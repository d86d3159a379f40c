# bots/: the reference players. Their strategies are a library the bot
# programs, tests and benchmarks share.
BOTS_SRC := $(filter-out bots/bot_%.c,$(wildcard bots/*.c))
BOTS_OBJ := $(BOTS_SRC:%.c=$(BUILD)/obj/%.o)
BOTS_LIB := $(BUILD)/lib/libbots.a

$(BOTS_LIB): $(BOTS_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^
