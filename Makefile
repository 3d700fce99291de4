# cusim — build, test and demo.
#
#   make            release build of build/release/cusim and libcusim.a
#   make test       installs missing Debian packages, then builds with
#                   ASan/UBSan and runs every unit test and the CLI tests,
#                   the install test and the build matrix, in parallel
#                   (JOBS=N, default the cores), and prints each step's
#                   time (see "tests" below and docs/testing.md)
#   make demo       installs missing Debian packages, builds, and runs the
#                   shipped default (see README.md)
#   make bench      the speed targets (docs/performance.md); not a test
#   make fuzz       builds the libFuzzer harnesses of tests/fuzz/ with clang
#                   and runs each for FUZZ_SECONDS (default 60; see
#                   docs/testing.md); FUZZ=NAME... runs only those
#   make import-table  the imported fixtures against their hand-written
#                   twins at the twins' sizes (tests/cli/run-import-twins:
#                   each within 10%, or once its known difference is taken
#                   out), written into docs/import.md's tables; make
#                   import-table-check checks them and that the tables are
#                   current (about 6 minutes of CPU: .ci/run runs it after
#                   make test)
#   make debug      debug build (assertions, sanitizers) in build/debug
#   make install    installs the release build under $(DESTDIR)$(PREFIX)
#                   (default /usr/local): the binary, libcusim.a, cusim.h,
#                   cusim.pc, the shipped profiles, workloads and
#                   experiments, the man page cusim(1) and the docs
#                   (docs/*.md and docs/figures/ in $(DATADIR)/doc/cusim)
#   make uninstall  removes what make install installed
#   make clean
#
# Sources are found by wildcard: a new sim/LAYER/*.c (docs/architecture.md
# names the layers) or isa/*.c joins the library, a new folder of sim/ is
# a layer once LAYER_NAME below names what it sees (the build stops until
# it does), a new tests/check_*.c becomes a test program with its own
# main().

CC      ?= cc
PKGS    := yaml-0.1
BUILD   ?= release
O       := build/$(BUILD)

WARN    := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wvla -D_POSIX_C_SOURCE=200809L
ifeq ($(BUILD),debug)
OPT     := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
           -fno-sanitize-recover=all
else ifeq ($(BUILD),o0)
OPT     := -O0 -g
else ifeq ($(BUILD),fuzz)
# clang, for tests/fuzz/ (make fuzz); its extra warnings do not fail it: the
# gcc builds keep -Werror
OPT     := -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
           -fno-omit-frame-pointer -fno-sanitize-recover=all \
           -Wno-error
else
OPT     := -O2 -g -DNDEBUG
endif

PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

# The library's layers (sim/cli/ is the command line, not the library).
SIM_DIRS := $(filter-out sim/cli,$(patsubst %/,%,$(wildcard sim/*/)))

# Layers enforced by the include path (docs/architecture.md, "Layers"):
# the sources of a layer (sim/NAME/*.c; isa/*.c is the layer isa) are
# compiled with -I of the layers LAYER_NAME names, itself and those below
# it, and nothing else, so that including a header of a higher layer, a
# call back up, is a compile error. sim/cusim.h, the public header, is
# seen by every layer. The order, lowest first: each line sees the one
# before it. import is a side branch (it writes a kernel and loads it
# back): it sees up to config, and only the command line sees it. The
# command line, the unit tests, the fuzz harnesses and xcheck see every
# layer (INCLUDES). make check-layers proves it (tests/check-layers: a
# header of each higher layer refused, no path around the folders, and
# no object calling a function of a higher layer through cusim.h).
LAYER_base       := base
LAYER_isa        := $(LAYER_base) isa
LAYER_format     := $(LAYER_isa) format
LAYER_program    := $(LAYER_format) program
LAYER_config     := $(LAYER_program) config
LAYER_rules      := $(LAYER_config) rules
LAYER_model      := $(LAYER_rules) model
LAYER_output     := $(LAYER_model) output
LAYER_experiment := $(LAYER_output) experiment
LAYER_import     := $(LAYER_config) import
LAYER_cli        := $(LAYER_experiment) import cli
LAYERS := $(LAYER_experiment) import
$(foreach d,$(SIM_DIRS),$(if $(filter $(notdir $(d)),$(LAYERS)),,\
  $(error $(d)/ is no layer: name what it sees, LAYER_$(notdir $(d)), in the Makefile and its place in docs/architecture.md)))

# The folder of layer $(1); the layer of source file $(1); the -I options
# of the layers that layer sees.
layer_dir  = $(if $(filter isa,$(1)),isa,sim/$(1))
layer_of   = $(if $(filter isa/%,$(1)),isa,$(word 2,$(subst /, ,$(1))))
layer_inc  = -Isim $(foreach l,$(LAYER_$(call layer_of,$(1))),-I$(call layer_dir,$(l)))
INCLUDES  := -Isim $(foreach l,$(LAYER_cli),-I$(call layer_dir,$(l)))

CFLAGS  += $(WARN) $(OPT) $(PKG_CFLAGS)
LDFLAGS += $(filter -fsanitize=%,$(OPT))

LIB_SRCS  := $(wildcard $(addsuffix /*.c,$(SIM_DIRS))) $(wildcard isa/*.c)
CLI_SRCS  := $(wildcard sim/cli/*.c)
TEST_SRCS := $(wildcard tests/check_*.c)

LIB_OBJS  := $(LIB_SRCS:%.c=$(O)/%.o)
CLI_OBJS  := $(CLI_SRCS:%.c=$(O)/%.o)
TEST_BINS := $(TEST_SRCS:tests/%.c=$(O)/tests/%)

LIB := $(O)/libcusim.a
BIN := $(O)/cusim

.PHONY: all debug test unit cli-test install-test xcheck build-matrix demo bench \
        deps clean install uninstall fuzz import-table import-table-check \
        check-layers layers
all: $(BIN)

debug:
	$(MAKE) BUILD=debug

$(O)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(call layer_inc,$<) -MMD -MP -c $< -o $@

# The schedulers' per-issue path (sim/model/scheduler.c) is many small
# steps, and gcc's default limits stop short of inlining them into the
# wake-up: this saves 7-8% of the simulator's host instructions
# (callgrind; no other file gains; docs/performance.md). The scheduler's
# other files (sched_mem.c, sched_barrier.c: sched_int.h) hold only what
# the wake-up calls out of line, and keep the defaults. Only where the
# compiler takes the flag: clang (the fuzz build, or CC=clang) refuses it.
HOT_CFLAGS := $(shell $(CC) -Werror -finline-limit=1000 -E -x c /dev/null \
                >/dev/null 2>&1 && echo -finline-limit=1000)
$(O)/sim/model/scheduler.o: private CFLAGS += $(HOT_CFLAGS)

# Profile-guided optimisation of the release build: an instrumented build
# (build/pgo) runs scripts/pgo-train, a few seconds of simulations, and
# the release objects are compiled with what those runs executed. That
# saves 6-9% of the host instructions on every kernel, the ones it did not
# train on too (callgrind; docs/performance.md). The instrumented objects
# are compiled as if they were the release ones (-dumpbase), so that the
# profile lands next to the release objects and matches them. gcc 11 or
# later only (clang takes other flags); `make PGO=0` builds without it.
# Any source change retrains, and so rebuilds every release object; the
# results are the same bytes either way (tests/cli/run-builds).
ifeq ($(BUILD),release)
PGO ?= $(shell v=$$($(CC) -dumpfullversion 2>/dev/null | cut -d. -f1); \
         [ "$${v:-0}" -ge 11 ] 2>/dev/null \
         && $(CC) -Werror -fprofile-use -Wno-missing-profile \
              -E -x c /dev/null >/dev/null 2>&1 \
         && echo 1)
endif
ifeq ($(BUILD)$(PGO),release1)
PGO_O    := build/pgo
PGO_OBJS := $(LIB_OBJS:$(O)/%=$(PGO_O)/%) $(CLI_OBJS:$(O)/%=$(PGO_O)/%)

$(PGO_O)/%.o: %.c
	@mkdir -p $(dir $@) $(dir $(O)/$*)
	$(CC) $(CFLAGS) $(call layer_inc,$<) -fprofile-generate \
	  -fprofile-update=single -dumpbase $(O)/$* -MMD -MP -c $< -o $@
$(PGO_O)/sim/model/scheduler.o: private CFLAGS += $(HOT_CFLAGS)

$(PGO_O)/cusim: $(PGO_OBJS)
	$(CC) $(LDFLAGS) -fprofile-generate -o $@ $^ $(PKG_LIBS) -lm

$(PGO_O)/trained: $(PGO_O)/cusim scripts/pgo-train
	@find $(O) -name '*.gcda' -delete 2>/dev/null || true
	scripts/pgo-train $(PGO_O)/cusim
	@touch $@

$(LIB_OBJS) $(CLI_OBJS): $(PGO_O)/trained
$(LIB_OBJS) $(CLI_OBJS): private CFLAGS += -fprofile-use -Wno-missing-profile
-include $(PGO_OBJS:.o=.d)
endif

# scripts/vk-isa.c, the Vulkan program behind scripts/compile-vulkan (it
# asks Mesa's RADV for a compute shader's ISA and statistics;
# docs/import.md). Built, as part of all, only where libvulkan's
# pkg-config module is installed (scripts/install-deps import); nothing
# else needs it, and no test does. Without the sanitizers: the driver's
# own allocations are not this program's to answer for.
VK_ISA := $(O)/vk-isa
ifeq ($(shell pkg-config --exists vulkan 2>/dev/null && echo 1),1)
all: $(VK_ISA)
endif
.PHONY: vk-isa
vk-isa: $(VK_ISA)
$(VK_ISA): scripts/vk-isa.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(filter-out -fsanitize% -fno-sanitize%,$(OPT)) \
	  $$(pkg-config --cflags vulkan) -o $@ $< $$(pkg-config --libs vulkan)

# The layers hold (tests/check-layers, docs/architecture.md "Layers"):
# each layer's include path finds its layers' headers and no other's, no
# include goes around them by path, and no object of this build calls a
# higher layer, through cusim.h either. A step of make test (layers).
empty :=
space := $(empty) $(empty)
comma := ,
check-layers: $(LIB_OBJS)
	@tests/check-layers "$(CC)" $(O) \
	  $(foreach l,$(LAYERS) cli,$(l):$(subst $(space),$(comma),$(strip $(LAYER_$(l)))))

$(LIB): $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(CLI_OBJS) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJS) $(LIB) $(PKG_LIBS) -lm

$(O)/tests/%: tests/%.c tests/cutest.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INCLUDES) $(CHECK_CFLAGS) -Itests -o $@ $< $(LIB) $(PKG_LIBS) $(CHECK_LIBS) -lm $(LDFLAGS)

deps:
	@scripts/install-deps

# Fuzzing (tests/fuzz/run builds the harnesses with BUILD=fuzz CC=clang,
# then runs each; it skips, exit 0, where clang or libFuzzer is missing).
FUZZ_SECONDS ?= 60
fuzz:
	@FUZZ_SECONDS=$(FUZZ_SECONDS) MAKE="$(MAKE)" tests/fuzz/run $(FUZZ)

# The imported fixtures against their twins (docs/import.md's tables): on
# the release build, whose bytes every build gives.
import-table import-table-check:
	@$(MAKE) --no-print-directory BUILD=release all
	@scripts/import-table $(if $(filter %-check,$@),--check) build/release/cusim

# The harnesses of command-line code (collect, sweep) call it in process:
# its objects but main() as an archive, of which a harness links what it
# uses.
FUZZ_CLI := $(O)/libcusim-cli.a
$(FUZZ_CLI): $(filter-out %/main.o,$(CLI_OBJS))
	@rm -f $@
	ar rcs $@ $^

$(O)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(LIB) $(FUZZ_CLI)
	$(CC) $(CFLAGS) $(INCLUDES) -fsanitize=fuzzer \
	  -DCUSIM_FUZZ_ROOT='"$(CURDIR)"' \
	  -o $@ $< $(FUZZ_CLI) $(LIB) $(PKG_LIBS) -lm

# --- tests -------------------------------------------------------------------
# make test installs what the tests need (scripts/install-deps test), then
# runs every step below in two makes of -jJOBS, BUILD=debug: the builds
# (TEST_BUILDS), then the suites side by side (TEST_STEPS, with -k: a
# failed suite does not stop the others). Each step runs through
# scripts/test-suite: its output goes to build/test/STEP.log and is printed
# whole when the step ends (so parallel steps never interleave), and at the
# end a table gives each step's wall and CPU time. A failed step fails make
# test. JOBS defaults to the machine's cores (nproc); make -jN test or make
# test JOBS=N choose. Every step is a target of its own: make cli-faults
# BUILD=debug reruns one (with its build).
#
# The suites run on the sanitizer build (any leak, overflow or undefined
# behaviour fails them), but for the determinism checks of build-matrix,
# which run every build, and two checks of the model's numbers that run
# the release build: run-diagnose (cli-diagnose) and xcheck (below).
TEST_LOG := build/test
SUITE    := @scripts/test-suite $(TEST_LOG)
NPROC    := $(shell nproc 2>/dev/null || echo 2)
# -jJOBS when JOBS is given; else make's own -j when given (its jobserver
# is shared); else -j$(NPROC)
TEST_J    = $(if $(filter command environment,$(origin JOBS)),-j$(JOBS),$(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC)))

# The builds come first, on their own: make -j starts goals in the order
# given, but one whose prerequisites are still being made waits for the
# next pass over them, so a suite listed first could start last.
TEST_BUILDS := build-debug build-release build-o0 build-tests
# Every suite, the slowest first, so that the last to start are short (in
# seconds of CPU, measured on 2 cores: run-faults 116, run-identity under
# ASan 79, run-diagnose 66, run-robust 57 (and 83 of wall time),
# run-identity at -O0 54, the unit tests 44, ...; docs/testing.md); the
# aggregate targets after them add nothing when the list is whole.
TEST_STEPS := cli-faults identity-debug cli-diagnose cli-robust identity-o0 \
              unit cli-all identity-release cli-claims cli-experiments xcheck \
              cli-trace cli-cluster cli-builds cli-hier cli-sweep install-test \
              cli-portability cli-plots cli-import cli-workloads layers
test-steps: $(TEST_STEPS) unit cli-test install-test xcheck build-matrix
test:
	@scripts/install-deps test
	@rm -rf $(TEST_LOG) && mkdir -p $(TEST_LOG)
	@echo "make test: each step's output is printed when it ends; logs in $(TEST_LOG)/"
	@start=$$(date +%s.%N); \
	$(MAKE) --no-print-directory $(TEST_J) BUILD=debug $(TEST_BUILDS) && \
	$(MAKE) --no-print-directory -k $(TEST_J) BUILD=debug \
	  $(TEST_BUILDS:%=-o %) test-steps; \
	rc=$$?; times >$(TEST_LOG)/times; \
	scripts/test-suite --table $(TEST_LOG) $$start $(TEST_LOG)/times || rc=1; \
	exit $$rc

# The builds, each by a make of its own, logged and timed like a suite:
# build-debug (the library and cusim), build-tests (the unit test programs),
# build-o0, build-release (with its profile-guided build/pgo and training).
# Every step that needs a build depends on its build-B, and nothing else
# makes build/B: each is built once, never by two makes at the same time
# (install-test's make install then finds build/release up to date).
BUILDS := $(sort debug o0 release $(BUILD))
$(BUILDS:%=build-%): build-%:
	$(SUITE) $@ $(MAKE) --no-print-directory BUILD=$* all
build-tests: build-$(BUILD)
	$(SUITE) $@ $(MAKE) --no-print-directory BUILD=$(BUILD) $(TEST_BINS)

layers: build-$(BUILD)
	$(SUITE) $@ $(MAKE) --no-print-directory BUILD=$(BUILD) check-layers

unit: build-tests
	$(SUITE) $@ $(MAKE) --no-print-directory BUILD=$(BUILD) unit-run
unit-run: $(TEST_BINS)
	@failed=0; for t in $(TEST_BINS); do \
	  CK_FORK=no CUSIM_ROOT=$(CURDIR) $$t || failed=1; done; \
	  exit $$failed

# Each tests/cli/run-NAME is the step cli-NAME (the slow ones first).
CLI_NAMES := faults identity robust diagnose all claims experiments trace \
             sweep cluster portability plots import workloads hier
cli-test: $(CLI_NAMES:%=cli-%)

$(filter-out cli-identity cli-diagnose cli-workloads,$(CLI_NAMES:%=cli-%)): cli-%: build-$(BUILD)
	$(SUITE) $@ env CUSIM=$(CURDIR)/$(BIN) tests/cli/run-$*

# run-identity of build B (its golden checksums) is identity-B; cli-test's
# is that of this build, so make test runs identity-debug once, for
# cli-test and for build-matrix.
IDENTITIES := $(BUILDS:%=identity-%)
cli-identity: identity-$(BUILD)
$(IDENTITIES): identity-%: build-%
	$(SUITE) $@ env CUSIM=$(CURDIR)/build/$*/cusim tests/cli/run-identity

.PHONY: $(BUILDS:%=build-%) build-tests test-steps unit-run $(CLI_NAMES:%=cli-%) \
        $(IDENTITIES) cli-builds xcheck-run

# run-diagnose checks the model (each workload's diagnose verdict bears out
# its bound), not memory safety: it runs the release build, whose output is
# the same bytes (run-builds compares diagnose across the builds): 62 s of
# CPU instead of 210 s under ASan, the slowest suite of all there. diagnose
# still runs under ASan/UBSan in run-all, run-faults (each allocation
# failing in turn), run-builds and check_diagnose.
cli-diagnose: build-release
	$(SUITE) $@ env CUSIM=$(CURDIR)/build/release/cusim tests/cli/run-diagnose

# run-workloads checks each shipped workload's bound on seed-cu as shipped
# (the line its header states): the model again, on the release build.
cli-workloads: build-release
	$(SUITE) $@ env CUSIM=$(CURDIR)/build/release/cusim tests/cli/run-workloads

# Determinism across builds: the -O0 build (build/o0), the release build
# and the sanitizer build give the same bytes: each matches the golden
# checksums of run-identity (identity-B), and tests/cli/run-builds compares
# the rest across them (cli-builds).
build-matrix: cli-builds identity-o0 identity-release identity-debug
cli-builds: build-o0 build-release build-debug
	$(SUITE) $@ tests/cli/run-builds --no-identity build/o0/cusim \
	  build/release/cusim build/debug/cusim

# make install into a temporary DESTDIR, checks of the installed tree (the
# library used through pkg-config, the man page against every --help), then
# make uninstall. Installs the release build, like make install, which
# build-release has built.
install-test: build-release
	$(SUITE) $@ env MAKE="$(MAKE)" tests/cli/run-install

# Cross-check against the CUDA Occupancy Calculator (cuda_occupancy.h from
# the CUDA toolkit) where the toolkit is installed; skipped elsewhere. It
# compares the model's numbers (185,416 points), so it links the release
# library, like cli-diagnose: 6 s of CPU instead of 45 s under ASan (the
# occupancy code runs under ASan/UBSan in check_occupancy and the CLI
# suites).
CUDA_INC ?= /usr/local/cuda/include
CXX ?= c++
xcheck: build-release
	$(SUITE) $@ $(MAKE) --no-print-directory BUILD=release xcheck-run
xcheck-run: $(LIB)
	@if [ ! -f $(CUDA_INC)/cuda_occupancy.h ]; then \
	  echo "xcheck: skipped ($(CUDA_INC)/cuda_occupancy.h not found)"; \
	elif ! command -v $(CXX) >/dev/null 2>&1; then \
	  echo "xcheck: skipped (no C++ compiler $(CXX))"; \
	else \
	  mkdir -p $(O)/tests && \
	  $(CXX) -std=c++17 -O1 -Wall -Wextra -Werror $(OPT) $(INCLUDES) \
	    -isystem $(CUDA_INC) tests/xcheck/cuda_occupancy.cc -o $(O)/tests/xcheck \
	    $(LIB) $(PKG_LIBS) -lm $(LDFLAGS) && $(O)/tests/xcheck $(CURDIR); \
	fi

# Speed targets of issue 10 (a benchmark, never part of make test): speed,
# host instructions per warp-instruction (callgrind), linearity, RSS, -j scaling;
# results/bench/bench.csv and figures; scripts/bench --quick for a short run.
bench: all
	@scripts/bench $(BIN)

demo: deps
	$(MAKE) all
	@scripts/demo $(BIN)

clean:
	rm -rf build

# --- installation ----------------------------------------------------------
# Always the release build (build/release), whatever BUILD says. PREFIX and
# DESTDIR as usual: `make install DESTDIR=/tmp/stage PREFIX=/usr` stages a
# tree for a package; writing there needs no root.
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
PKGDATADIR   ?= $(DATADIR)/cusim
MANDIR       ?= $(DATADIR)/man
DOCDIR       ?= $(DATADIR)/doc/cusim
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
INSTALL      ?= install

REL       := build/release
HW_DATA   := $(wildcard configs/hw/*.yaml)
WL_DATA   := $(wildcard workloads/*.yaml)
EXP_DATA  := $(wildcard configs/experiments/*.yaml)
DOC_DATA  := $(wildcard docs/*.md)
FIG_DATA  := $(wildcard docs/figures/*)
VERSION    = $(shell sed -n 's/^\#define CUSIM_VERSION "\(.*\)"/\1/p' sim/cusim.h)
YAML_LIBS  = $(strip $(or $(shell pkg-config --libs yaml-0.1 2>/dev/null),-lyaml))

# Installed experiments sit beside hw/ and workloads/ in $(PKGDATADIR), one
# level higher than in the repository (configs/experiments/ refers to
# ../../workloads/), so their workload paths are rewritten to ../workloads/.
install:
	$(MAKE) BUILD=release all
	@mkdir -p $(REL)/install
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@YAML_LIBS@|$(YAML_LIBS)|g' sim/cusim.pc.in >$(REL)/install/cusim.pc
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(LIBDIR)" \
	    "$(DESTDIR)$(INCLUDEDIR)" "$(DESTDIR)$(PKGCONFIGDIR)" \
	    "$(DESTDIR)$(PKGDATADIR)/hw" "$(DESTDIR)$(PKGDATADIR)/workloads" \
	    "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(DOCDIR)/figures"
	$(INSTALL) -m 755 $(REL)/cusim "$(DESTDIR)$(BINDIR)/cusim"
	$(INSTALL) -m 644 $(REL)/libcusim.a "$(DESTDIR)$(LIBDIR)/libcusim.a"
	$(INSTALL) -m 644 sim/cusim.h "$(DESTDIR)$(INCLUDEDIR)/cusim.h"
	$(INSTALL) -m 644 $(REL)/install/cusim.pc "$(DESTDIR)$(PKGCONFIGDIR)/cusim.pc"
	$(INSTALL) -m 644 $(HW_DATA) "$(DESTDIR)$(PKGDATADIR)/hw/"
	$(INSTALL) -m 644 $(WL_DATA) "$(DESTDIR)$(PKGDATADIR)/workloads/"
	$(INSTALL) -m 644 man/cusim.1 "$(DESTDIR)$(MANDIR)/man1/cusim.1"
	$(INSTALL) -m 644 $(DOC_DATA) "$(DESTDIR)$(DOCDIR)/"
ifneq ($(FIG_DATA),)
	$(INSTALL) -m 644 $(FIG_DATA) "$(DESTDIR)$(DOCDIR)/figures/"
endif
ifneq ($(EXP_DATA),)
	@mkdir -p $(REL)/install/experiments
	for f in $(notdir $(EXP_DATA)); do \
	  sed 's|\.\./\.\./workloads/|../workloads/|g' configs/experiments/$$f \
	    >$(REL)/install/experiments/$$f || exit 1; done
	$(INSTALL) -d "$(DESTDIR)$(PKGDATADIR)/experiments"
	$(INSTALL) -m 644 $(addprefix $(REL)/install/experiments/,$(notdir $(EXP_DATA))) \
	    "$(DESTDIR)$(PKGDATADIR)/experiments/"
endif

# The installed paths of files $(2) put in directory $(1), each quoted.
installed = $(foreach f,$(notdir $(2)),"$(DESTDIR)$(1)/$(f)")

# Removes the files install installs (by name: files a user added to
# $(PKGDATADIR) stay), then $(PKGDATADIR)'s directories if they are empty.
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/cusim" "$(DESTDIR)$(LIBDIR)/libcusim.a" \
	    "$(DESTDIR)$(INCLUDEDIR)/cusim.h" "$(DESTDIR)$(PKGCONFIGDIR)/cusim.pc" \
	    "$(DESTDIR)$(MANDIR)/man1/cusim.1"
	rm -f $(call installed,$(PKGDATADIR)/hw,$(HW_DATA))
	rm -f $(call installed,$(PKGDATADIR)/workloads,$(WL_DATA))
	rm -f $(call installed,$(PKGDATADIR)/experiments,$(EXP_DATA))
	rm -f $(call installed,$(DOCDIR),$(DOC_DATA))
	rm -f $(call installed,$(DOCDIR)/figures,$(FIG_DATA))
	rmdir "$(DESTDIR)$(PKGDATADIR)/hw" "$(DESTDIR)$(PKGDATADIR)/workloads" \
	    "$(DESTDIR)$(PKGDATADIR)/experiments" "$(DESTDIR)$(PKGDATADIR)" 2>/dev/null || true
	rmdir "$(DESTDIR)$(DOCDIR)/figures" "$(DESTDIR)$(DOCDIR)" 2>/dev/null || true

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d)
