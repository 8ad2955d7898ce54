# Reliability targets (doc/testing.md, "Fuzzing" and "Sanitizers").

# make check-sanitize: the whole test suite built with AddressSanitizer and
# UndefinedBehaviorSanitizer. configure refuses a VPATH build of a
# configured source tree, so the sources are copied first (make distdir,
# as distcheck does) into $(SANITIZE_DIR)/src, and built in
# $(SANITIZE_DIR)/build with the sanitizer flags (and
# SANITIZE_CONFIGURE_FLAGS, e.g. MPICXX=...; shared libraries only, as
# make check needs no static ones: half the compilations); then the
# SimGrid tools and make check. A sanitizer
# report ends its program with an error, so it fails its test.
# LeakSanitizer is off: the MPI libraries keep allocations until exit.
SANITIZE_DIR = sanitize
# Tests left out of the sanitized make check (patterns of their paths, as
# in TESTS: e.g. tests/emu/%), and more arguments of that make check.
SANITIZE_SKIP =
SANITIZE_CHECK_FLAGS =
SANITIZE_TESTS = $(if $(strip $(SANITIZE_SKIP)),\
	TESTS="$(filter-out $(SANITIZE_SKIP),$(TESTS))")
SANITIZE_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
SANITIZE_ENV = ASAN_OPTIONS=detect_leaks=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
check-sanitize:
	rm -rf $(SANITIZE_DIR)
	$(MKDIR_P) $(SANITIZE_DIR)
	$(MAKE) $(AM_MAKEFLAGS) distdir distdir=$(SANITIZE_DIR)/src \
		top_distdir=$(SANITIZE_DIR)/src
	$(MKDIR_P) $(SANITIZE_DIR)/build
	cd $(SANITIZE_DIR)/build && \
		../src/configure -q --disable-static $(SANITIZE_CONFIGURE_FLAGS) \
			CXXFLAGS="-g -O1 $(SANITIZE_FLAGS)" \
			LDFLAGS="$(SANITIZE_FLAGS)" && \
		$(MAKE) $(AM_MAKEFLAGS) && \
		$(MAKE) $(AM_MAKEFLAGS) smpi-tools && \
		$(SANITIZE_ENV) $(MAKE) $(AM_MAKEFLAGS) check $(SANITIZE_TESTS) \
			$(SANITIZE_CHECK_FLAGS)
.PHONY: check-sanitize

# The fuzz driver (tests/fuzz/fuzz_readers.cpp): mutants of the seed files
# of tests/data/fuzz/TARGET read by the model-file, measurement-output,
# configuration and truth readers. make check runs a short run of each
# (tests/fuzz/fuzz_readers.sh, FUZZ_CHECK_EXECUTIONS each); make fuzz a
# long one (FUZZ_EXECUTIONS each, FUZZ_SEED).
check_PROGRAMS += tests/fuzz/fuzz_readers
tests_fuzz_fuzz_readers_SOURCES = tests/fuzz/fuzz_readers.cpp \
	src/testbeds/smpi/smpi_truth_file.cpp src/testbeds/smpi/smpi_truth_file.h
tests_fuzz_fuzz_readers_CPPFLAGS = $(AM_CPPFLAGS) $(INC_TOOLS) \
	-I$(top_srcdir)/src/testbeds/smpi
tests_fuzz_fuzz_readers_LDADD = src/registry/libregistry.la libcpm.la
TESTS += tests/fuzz/fuzz_readers.sh
EXTRA_DIST += tests/fuzz/fuzz_readers.sh \
	tests/data/fuzz/config/fig8.conf \
	tests/data/fuzz/config/summa3.conf \
	tests/data/fuzz/config/wave4.conf \
	tests/data/fuzz/model/Dimemas.model \
	tests/data/fuzz/model/HLogGP.model \
	tests/data/fuzz/model/Hockney.model \
	tests/data/fuzz/model/HockneySeg.model \
	tests/data/fuzz/model/LMO.model \
	tests/data/fuzz/model/LogGP.model \
	tests/data/fuzz/model/PLogP.model \
	tests/data/fuzz/model/taulop.model \
	tests/data/fuzz/output/bcast.out \
	tests/data/fuzz/output/kernel.out \
	tests/data/fuzz/output/p2p.out \
	tests/data/fuzz/output/scatter.out \
	tests/data/fuzz/truth/g4.truth \
	tests/data/fuzz/truth/p3.truth \
	tests/data/fuzz/truth/s3.truth
FUZZ_EXECUTIONS = 100000
FUZZ_SEED = 1
fuzz: tests/fuzz/fuzz_readers$(EXEEXT) model$(EXEEXT)
	top_builddir='$(abs_top_builddir)' top_srcdir='$(abs_top_srcdir)' \
		FUZZ_EXECUTIONS=$(FUZZ_EXECUTIONS) FUZZ_SEED=$(FUZZ_SEED) \
		bash $(srcdir)/tests/fuzz/fuzz_readers.sh
.PHONY: fuzz
