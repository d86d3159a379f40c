# protocol/: the wire format (JSON with cJSON), shared by the arena and bots.
PROTOCOL_SRC := $(wildcard protocol/*.c)
PROTOCOL_OBJ := $(PROTOCOL_SRC:%.c=$(BUILD)/obj/%.o)
PROTOCOL_LIB := $(BUILD)/lib/libprotocol.a

$(PROTOCOL_LIB): $(PROTOCOL_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
