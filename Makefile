# cusim — build, test and demo.
#
#   make            release build of build/release/cusim and libcusim.a
#   make test       installs missing Debian packages, then builds with
#                   ASan/UBSan and runs every unit test and the CLI tests
#   make demo       installs missing Debian packages, builds, and runs the
#                   shipped default (see README.md)
#   make debug      debug build (assertions, sanitizers) in build/debug
#   make clean
#
# Sources are found by wildcard: a new sim/*.c or isa/*.c joins the library,
# a new tests/check_*.c becomes a test program with its own main().

CC      ?= cc
PKGS    := yaml-0.1
BUILD   ?= release
O       := build/$(BUILD)

WARN    := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wvla -D_POSIX_C_SOURCE=200809L
ifeq ($(BUILD),debug)
OPT     := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
           -fno-sanitize-recover=all
else
OPT     := -O2 -g -DNDEBUG
endif

PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

CFLAGS  += $(WARN) $(OPT) -Isim -Iisa $(PKG_CFLAGS)
LDFLAGS += $(filter -fsanitize=%,$(OPT))

LIB_SRCS  := $(wildcard sim/*.c) $(wildcard isa/*.c)
CLI_SRCS  := $(wildcard sim/cli/*.c)
TEST_SRCS := $(wildcard tests/check_*.c)

LIB_OBJS  := $(LIB_SRCS:%.c=$(O)/%.o)
CLI_OBJS  := $(CLI_SRCS:%.c=$(O)/%.o)
TEST_BINS := $(TEST_SRCS:tests/%.c=$(O)/tests/%)

LIB := $(O)/libcusim.a
BIN := $(O)/cusim

.PHONY: all debug test unit cli-test xcheck demo deps clean
all: $(BIN)

debug:
	$(MAKE) BUILD=debug

$(O)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(CLI_OBJS) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJS) $(LIB) $(PKG_LIBS) -lm

$(O)/tests/%: tests/%.c tests/cutest.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CHECK_CFLAGS) -Itests -o $@ $< $(LIB) $(PKG_LIBS) $(CHECK_LIBS) -lm $(LDFLAGS)

deps:
	@scripts/install-deps

# Unit tests and CLI tests run on the sanitizer build: any leak, overflow or
# undefined behaviour fails the run.
test: deps
	$(MAKE) BUILD=debug unit cli-test xcheck

unit: $(TEST_BINS)
	@failed=0; for t in $(TEST_BINS); do \
	  CK_FORK=no CUSIM_ROOT=$(CURDIR) $$t || failed=1; done; \
	  exit $$failed

cli-test: $(BIN)
	@CUSIM=$(CURDIR)/$(BIN) tests/cli/run-all

# Cross-check against the CUDA Occupancy Calculator (cuda_occupancy.h from
# the CUDA toolkit) where the toolkit is installed; skipped elsewhere.
CUDA_INC ?= /usr/local/cuda/include
CXX ?= c++
xcheck: $(LIB)
	@if [ -f $(CUDA_INC)/cuda_occupancy.h ]; then \
	  mkdir -p $(O)/tests && \
	  $(CXX) -std=c++17 -O1 -Wall -Wextra -Werror $(OPT) -Isim \
	    -isystem $(CUDA_INC) tests/xcheck/cuda_occupancy.cc -o $(O)/tests/xcheck \
	    $(LIB) $(PKG_LIBS) -lm $(LDFLAGS) && $(O)/tests/xcheck $(CURDIR); \
	else echo "xcheck: skipped ($(CUDA_INC)/cuda_occupancy.h not found)"; fi

demo: deps
	$(MAKE) all
	@scripts/demo $(BIN)

clean:
	rm -rf build

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d)
