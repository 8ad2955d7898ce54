# Simulated-cluster tests and benchmark (SimGrid SMPI).
#
# The test bed itself is in src/testbeds/smpi (doc/testbed-smpi.md): the
# tests write their platforms with cpm-smpi-platform and run under
# cpm-smpirun. smpi_roundtrip and smpi_cost are MPI programs built with
# $(SMPICXX) straight from the library sources (libcpm.la is built with the
# real MPI), so no object file is shared with the normal build.
#   make check TESTS=tests/smpi/smpi_roundtrip.sh   the test (a few seconds)
#   make bench-measurement                          the cost benchmark (~6 min)
# Without SimGrid the test fails with a message; it is never skipped.

SMPI_LIB_SRC = \
	$(srcdir)/src/common/common_atomic_file.cpp \
	$(srcdir)/src/common/common_error.cpp \
	$(srcdir)/src/common/common_mpi.cpp \
	$(srcdir)/src/common/common_parse.cpp \
	$(srcdir)/src/common/common_text.cpp \
	$(srcdir)/src/testbeds/smpi/smpi_truth_file.cpp \
	$(srcdir)/src/stats/stats_ci.cpp \
	$(srcdir)/src/stats/stats_robust.cpp \
	$(srcdir)/benchmark/benchmark_precision.cpp \
	$(srcdir)/benchmark/benchmark_schedule.cpp \
	$(srcdir)/benchmark/benchmark_p2p.cpp \
	$(srcdir)/benchmark/benchmark_timing.cpp \
	$(srcdir)/benchmark/benchmark_idle.cpp \
	$(srcdir)/benchmark/benchmark_journal.cpp
SMPI_LIB_HDR = \
	$(srcdir)/src/common/common_atomic_file.h \
	$(srcdir)/src/common/common_error.h \
	$(srcdir)/src/common/common_mpi.h \
	$(srcdir)/src/common/common_parse.h \
	$(srcdir)/src/common/common_text.h \
	$(srcdir)/src/testbeds/smpi/smpi_truth_file.h \
	$(srcdir)/src/stats/stats_ci.h \
	$(srcdir)/src/stats/stats_robust.h \
	$(srcdir)/src/stats/stats_gsl_guard.h \
	$(srcdir)/benchmark/benchmark_precision.h \
	$(srcdir)/benchmark/benchmark_schedule.h \
	$(srcdir)/benchmark/benchmark_p2p.h \
	$(srcdir)/benchmark/benchmark_timing.h \
	$(srcdir)/benchmark/benchmark_idle.h \
	$(srcdir)/benchmark/benchmark_journal.h
SMPI_BUILD_FLAGS = -std=c++17 -O2 $(CPM_CXXFLAGS) $(SMPI_SANITIZE) $(MPI_NOCXX_CPPFLAGS) \
	-I$(top_srcdir)/src/common -I$(top_srcdir)/src/stats \
	-I$(top_srcdir)/benchmark -I$(top_srcdir)/src/testbeds/smpi $(GSL_CFLAGS)
SMPI_BINS = tests/smpi/smpi_roundtrip tests/smpi/smpi_cost \
	tests/smpi/smpi_plogp

TESTS += tests/smpi/smpi_roundtrip.sh tests/smpi/smpi_plogp.sh
EXTRA_DIST += \
	tests/smpi/smpi_plogp.sh \
	tests/smpi/smpi_plogp.cpp \
	tests/smpi/smpi_roundtrip.sh \
	tests/smpi/smpi_roundtrip.cpp \
	tests/smpi/smpi_cost.sh \
	tests/smpi/smpi_cost.cpp
CLEANFILES += $(SMPI_BINS) bench-measurement.md bench-measurement.md.tmp

# make check builds check_SCRIPTS (here: programs with their own rules)
# before it runs the tests.
SMPI_CHECK_BUILT =
check_SCRIPTS = $(SMPI_CHECK_BUILT)

if HAVE_SMPI
SMPI_CHECK_BUILT += $(SMPI_BINS)

tests/smpi/smpi_roundtrip: $(srcdir)/tests/smpi/smpi_roundtrip.cpp \
		$(SMPI_LIB_SRC) $(SMPI_LIB_HDR)
	@$(MKDIR_P) tests/smpi
	$(AM_V_CXX)$(SMPICXX) $(SMPI_BUILD_FLAGS) \
		$(srcdir)/tests/smpi/smpi_roundtrip.cpp $(SMPI_LIB_SRC) \
		$(GSL_LIBS) -o $@

tests/smpi/smpi_cost: $(srcdir)/tests/smpi/smpi_cost.cpp \
		$(SMPI_LIB_SRC) $(SMPI_LIB_HDR) \
		$(srcdir)/benchmark/benchmark_plogp.cpp \
		$(srcdir)/benchmark/benchmark_plogp.h
	@$(MKDIR_P) tests/smpi
	$(AM_V_CXX)$(SMPICXX) $(SMPI_BUILD_FLAGS) \
		$(srcdir)/tests/smpi/smpi_cost.cpp $(SMPI_LIB_SRC) \
		$(srcdir)/benchmark/benchmark_plogp.cpp $(GSL_LIBS) -o $@

# PLogP experiments against the truth (smpi_plogp.sh, a few seconds).
tests/smpi/smpi_plogp: $(srcdir)/tests/smpi/smpi_plogp.cpp \
		$(SMPI_LIB_SRC) $(SMPI_LIB_HDR) \
		$(srcdir)/benchmark/benchmark_plogp.cpp \
		$(srcdir)/benchmark/benchmark_plogp.h
	@$(MKDIR_P) tests/smpi
	$(AM_V_CXX)$(SMPICXX) $(SMPI_BUILD_FLAGS) \
		$(srcdir)/tests/smpi/smpi_plogp.cpp $(SMPI_LIB_SRC) \
		$(srcdir)/benchmark/benchmark_plogp.cpp $(GSL_LIBS) -o $@

# The cost benchmark (not a test): a markdown report in bench-measurement.md
# (progress on stderr). BENCH_SIZES="16 64" by default.
bench-measurement: tests/smpi/smpi_cost cpm-smpi-platform$(EXEEXT) cpm-smpirun
	SMPIRUN='$(SMPIRUN)' top_builddir='$(abs_top_builddir)' \
		bash $(srcdir)/tests/smpi/smpi_cost.sh $(BENCH_SIZES) \
		> bench-measurement.md.tmp
	mv bench-measurement.md.tmp bench-measurement.md
	cat bench-measurement.md
else
bench-measurement:
	@echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
	@exit 1
endif
.PHONY: bench-measurement

# The models against the platform's truth (smpi_models.sh on a "full"
# platform, smpi_switch.sh on a "switch" one; under a minute each): the
# model tool built with $(SMPICXX) (smpi/model, src/testbeds/smpi/local.mk,
# with R if configured) runs under cpm-smpirun; smpi_truth (no MPI calls;
# libcpm's model-file reader, the truth file's reader of
# src/testbeds/smpi) compares its model files with the truth. make check builds all three
# SMPI tools (smpi-tools), so that a broken one is seen.
check_PROGRAMS += tests/smpi/smpi_truth
tests_smpi_smpi_truth_SOURCES = tests/smpi/smpi_truth.cpp \
	src/testbeds/smpi/smpi_truth_file.cpp src/testbeds/smpi/smpi_truth_file.h
tests_smpi_smpi_truth_CPPFLAGS = $(AM_CPPFLAGS) $(INC_MODELS) \
	-I$(top_srcdir)/src/testbeds/smpi
tests_smpi_smpi_truth_LDADD = libcpm.la
TESTS += tests/smpi/smpi_models.sh tests/smpi/smpi_switch.sh tests/smpi/smpi_eval.sh \
	tests/smpi/smpi_validate.sh
EXTRA_DIST += tests/smpi/smpi_models.sh tests/smpi/smpi_switch.sh tests/smpi/smpi_eval.sh \
	tests/smpi/smpi_validate.sh \
	tests/smpi/smpi_common.sh
# -p 1 and -p 0 give the same Hockney and LMO models on a full platform
# (smpi_schedule.sh, under a minute).
TESTS += tests/smpi/smpi_schedule.sh
EXTRA_DIST += tests/smpi/smpi_schedule.sh
# The Dimemas model on a homogeneous platform (smpi_dimemas.sh, seconds).
TESTS += tests/smpi/smpi_dimemas.sh
EXTRA_DIST += tests/smpi/smpi_dimemas.sh

# The HLogGP model against a heterogeneous platform's truth (smpi_hloggp.sh,
# about 20 s): os, or, L, G exact, g within its bounds, negative controls.
TESTS += tests/smpi/smpi_hloggp.sh
EXTRA_DIST += tests/smpi/smpi_hloggp.sh
# The kernel tool's times grow with the unit size as the platform
# implies (smpi_kernel.sh, seconds; smpi/kernel of smpi-tools).
TESTS += tests/smpi/smpi_kernel.sh
EXTRA_DIST += tests/smpi/smpi_kernel.sh
# The tau-Lop experiments against a switch platform's truth (smpi_taulop.sh,
# a second): o and Ring^1_1 exact, contention of Ring^1_3, negative control.
TESTS += tests/smpi/smpi_taulop.sh
EXTRA_DIST += tests/smpi/smpi_taulop.sh

if HAVE_SMPI
SMPI_CHECK_BUILT += $(SMPI_TOOLS)
endif

# The test bed with size segments: p2p's times against the piecewise truth
# on both sides of every segment start (smpi_segments.sh, seconds).
TESTS += tests/smpi/smpi_segments.sh
EXTRA_DIST += tests/smpi/smpi_segments.sh
# The piecewise LMO model on the bed with size segments: every parameter of
# every segment against the truth, unseen sizes (smpi_lmo_segments.sh).
TESTS += tests/smpi/smpi_lmo_segments.sh
EXTRA_DIST += tests/smpi/smpi_lmo_segments.sh

# model --export simgrid, closed loop: each model's export against the
# platform it was measured on (smpi_export.sh, linear and segmented).
TESTS += tests/smpi/smpi_export.sh
EXTRA_DIST += tests/smpi/smpi_export.sh

# Long builds survive a kill (smpi_resume.sh, 43 s at load average 4, 30 s
# of CPU): Hockney, Dimemas, LMO, PLogP, LogGP, HLogGP and tau-Lop builds
# stopped part-way and resumed from their journal give the model of an
# uninterrupted build.
TESTS += tests/smpi/smpi_resume.sh
EXTRA_DIST += tests/smpi/smpi_resume.sh
# The same on 16 hosts, killed at half of the build's measurements
# (smpi_resume16.sh: 20 s at load average 3, 65 s at 7.5).
TESTS += tests/smpi/smpi_resume16.sh
EXTRA_DIST += tests/smpi/smpi_resume16.sh
# p2p and collective stopped part-way and resumed from their journal: the
# uninterrupted output (smpi_resume_tools.sh, a few seconds).
TESTS += tests/smpi/smpi_resume_tools.sh
EXTRA_DIST += tests/smpi/smpi_resume_tools.sh
# A 24-host LMO build killed between the two journalled parts of its last
# one-to-two call and resumed: the uninterrupted model byte for byte; a
# changed replayed time changes it (smpi_resume_parts.sh, about 25 s).
TESTS += tests/smpi/smpi_resume_parts.sh
EXTRA_DIST += tests/smpi/smpi_resume_parts.sh
# Piecewise PLogP and LogGP on the test bed with size segments: breaks
# found and bracketed, p2p at unseen sizes within mu 1.02
# (smpi_plogp_segments.sh, seconds).
TESTS += tests/smpi/smpi_plogp_segments.sh
EXTRA_DIST += tests/smpi/smpi_plogp_segments.sh
# LMO's named scatter/gather variants against the simulated linear scatter
# and gather (smpi_coll_variants.sh, under a minute).
TESTS += tests/smpi/smpi_coll_variants.sh
EXTRA_DIST += tests/smpi/smpi_coll_variants.sh
