# One non-recursive Makefile for the whole house (STYLE.md "Build").
# Each top-level directory adds its part in its module.mk; everything built
# goes under $(BUILD) (build/ by default, build/asan for the sanitizer run).

SHELL    := /bin/bash
BUILD    ?= build
CC       ?= cc
WERROR   ?= 0
SAN      ?= 0
PKGS     := libzmq libcjson libcurl libmicrohttpd sqlite3 zlib
# Recursive (=) on purpose: expanded when a recipe runs, after tools/deps.sh
# has installed the packages on a fresh machine.

WARN     := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
            -Wmissing-prototypes -Wformat=2 -Wvla
ifeq ($(WERROR),1)
WARN     += -Werror
endif
OPT      := -O2 -g
ifeq ($(SAN),1)
OPT      := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
            -fno-sanitize-recover=all
endif

PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CRIT_LIBS  = $(shell pkg-config --libs criterion 2>/dev/null)

CFLAGS   := -std=c11 -D_POSIX_C_SOURCE=200809L $(OPT) $(WARN) -MMD -MP -I. $(EXTRA_CFLAGS)
LDFLAGS  := $(OPT) $(EXTRA_LDFLAGS)

.PHONY: all test asan bench demo clean deps
all:

# Keep every intermediate file: without this make deletes the object files
# of the bot and benchmark programs (built through pattern rules) after each
# link, and relinks them all at the next `make`.
.SECONDARY:

# Dependencies come from Debian packages; tools/deps.sh installs what is
# missing (as root) or prints the exact apt-get command to run.
DEPS_OK := $(BUILD)/.deps-ok
$(DEPS_OK): tools/deps.sh
	@bash tools/deps.sh
	@mkdir -p $(@D) && touch $@
deps:
	@bash tools/deps.sh

# Libraries are made anew from their objects (rm, then ar): `ar rcs` alone
# keeps members whose source has moved or gone, and a stale copy of a
# moved module would be linked instead of the new one.

# Object rule shared by every module.
$(BUILD)/obj/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -c $< -o $@

# Modules in dependency order (engine <- protocol <- stats <- records <-
# arena; protocol <- bots; stats, records <- leaderboard; tests last).
include $(wildcard engine/module.mk protocol/module.mk stats/module.mk \
                   records/module.mk arena/module.mk bots/module.mk \
                   leaderboard/module.mk tests/module.mk)

# The sanitizer run: every test under ASan + UBSan. Criterion 2.4.1 reports
# a leaking test as passing, so the log itself decides.
asan:
	@mkdir -p build
	@set -o pipefail; LSAN_OPTIONS=suppressions=$(abspath tools/lsan.supp) \
	  $(MAKE) --no-print-directory BUILD=build/asan SAN=1 test 2>&1 | tee build/asan.log; \
	status=$$?; \
	if grep -q -E 'ERROR: (Address|Leak|Undefined)Sanitizer|runtime error:' build/asan.log; then \
	  echo "asan: sanitizer report found (see build/asan.log)"; exit 1; fi; \
	exit $$status

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
