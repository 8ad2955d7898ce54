# Simulated-cluster tests and benchmark (SimGrid SMPI).
#
# smpi_platform (plain C++) writes a heterogeneous platform with its ground
# truth. smpi_roundtrip and smpi_cost are MPI programs built with $(SMPICXX)
# straight from the library sources (libcpm.la is built with the real MPI),
# so no object file is shared with the normal build.
#   make check TESTS=tests/smpi/smpi_roundtrip.sh   the test (a few seconds)
#   make bench-measurement                          the cost benchmark (~6 min)
# Without SimGrid the test fails with a message; it is never skipped.

SMPI_LIB_SRC = \
	$(srcdir)/src/common/common_error.cpp \
	$(srcdir)/src/common/common_mpi.cpp \
	$(srcdir)/src/stats/stats_ci.cpp \
	$(srcdir)/benchmark/benchmark_precision.cpp \
	$(srcdir)/benchmark/benchmark_schedule.cpp \
	$(srcdir)/benchmark/benchmark_p2p.cpp
SMPI_LIB_HDR = \
	$(srcdir)/src/common/common_error.h \
	$(srcdir)/src/common/common_mpi.h \
	$(srcdir)/src/stats/stats_ci.h \
	$(srcdir)/src/stats/stats_gsl_guard.h \
	$(srcdir)/benchmark/benchmark_precision.h \
	$(srcdir)/benchmark/benchmark_schedule.h \
	$(srcdir)/benchmark/benchmark_p2p.h
SMPI_BUILD_FLAGS = -std=c++17 -O2 $(CPM_CXXFLAGS) $(MPI_NOCXX_CPPFLAGS) \
	-I$(top_srcdir)/src/common -I$(top_srcdir)/src/stats \
	-I$(top_srcdir)/benchmark $(GSL_CFLAGS)
SMPI_BINS = tests/smpi/smpi_roundtrip tests/smpi/smpi_cost \
	tests/smpi/smpi_plogp

check_PROGRAMS += tests/smpi/smpi_platform
tests_smpi_smpi_platform_SOURCES = tests/smpi/smpi_platform.cpp
# no MPI, no library: plain C++
tests_smpi_smpi_platform_CPPFLAGS =

TESTS += tests/smpi/smpi_roundtrip.sh tests/smpi/smpi_plogp.sh
EXTRA_DIST += \
	tests/smpi/smpi_plogp.sh \
	tests/smpi/smpi_plogp.cpp \
	tests/smpi/smpi_roundtrip.sh \
	tests/smpi/smpi_roundtrip.cpp \
	tests/smpi/smpi_cost.sh \
	tests/smpi/smpi_cost.cpp \
	doc/results/measurement-cost.md
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
		$(SMPI_LIB_SRC) $(SMPI_LIB_HDR)
	@$(MKDIR_P) tests/smpi
	$(AM_V_CXX)$(SMPICXX) $(SMPI_BUILD_FLAGS) \
		$(srcdir)/tests/smpi/smpi_cost.cpp $(SMPI_LIB_SRC) \
		$(GSL_LIBS) -o $@

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
bench-measurement: tests/smpi/smpi_cost tests/smpi/smpi_platform$(EXEEXT)
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

# The models against the platform's truth (smpi_models.sh, under a minute):
# smpi_model is the model tool built with $(SMPICXX) from every source of
# libcpm and of model (with R if configured); smpi_truth (plain C++)
# compares its model files with the truth.
check_PROGRAMS += tests/smpi/smpi_truth
tests_smpi_smpi_truth_SOURCES = tests/smpi/smpi_truth.cpp
tests_smpi_smpi_truth_CPPFLAGS =
TESTS += tests/smpi/smpi_models.sh
EXTRA_DIST += tests/smpi/smpi_models.sh
CLEANFILES += tests/smpi/smpi_model
SMPI_MODEL_SRC = $(libcpm_la_SOURCES) $(model_SOURCES)
SMPI_MODEL_FLAGS = $(SMPI_BUILD_FLAGS) $(DEFS) -I$(top_builddir) \
	-I$(top_srcdir)/src/rbridge -I$(top_srcdir)/src/models \
	-I$(top_srcdir)/src/cli $(R_CPPFLAGS) \
	-DCPM_R_DIR='"$(abs_top_srcdir)/R"'

if HAVE_SMPI
SMPI_CHECK_BUILT += tests/smpi/smpi_model

tests/smpi/smpi_model: $(SMPI_MODEL_SRC) $(pkginclude_HEADERS) \
		$(noinst_HEADERS)
	@$(MKDIR_P) tests/smpi
	$(AM_V_CXX)$(SMPICXX) $(SMPI_MODEL_FLAGS) \
		`for f in $(SMPI_MODEL_SRC); do \
			case $$f in *.cpp) echo "$(srcdir)/$$f";; esac; done` \
		$(R_LIBS) $(GSL_LIBS) -o $@
endif
