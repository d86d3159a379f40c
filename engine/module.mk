# engine/: the pure rules, built as a static library every program links.
ENGINE_SRC := $(wildcard engine/*.c engine/*/*.c)
ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/obj/%.o)
ENGINE_LIB := $(BUILD)/lib/libengine.a

$(ENGINE_LIB): $(ENGINE_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
