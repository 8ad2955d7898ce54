# The test suite (make check), run by automake's parallel harness through
# tests/run-test: programs named mpi_* run under mpirun at 2, 3 and 4
# processes (CPM_TEST_NP overrides), smpi_*.sh under SimGrid, the rest
# directly. See doc/testing.md.
LOG_COMPILER = $(top_builddir)/tests/run-test
EXTRA_DIST += tests/run-test.in tests/mpirun-local

if HAVE_GTEST
TEST_CPPFLAGS = $(AM_CPPFLAGS) $(INC_TOOLS) $(GTEST_CPPFLAGS)
TEST_LDADD = libcpm.la $(GTEST_LIBS)

UNIT_TESTS = \
	tests/unit/test_stopping \
	tests/unit/test_schedule \
	tests/unit/test_options \
	tests/unit/test_atomic_file \
	tests/unit/test_fit \
	tests/unit/test_model_hockney \
	tests/unit/test_model_lmo \
	tests/unit/test_model_plogp \
	tests/unit/test_coll_variants
if HAVE_R
UNIT_TESTS += tests/unit/test_rbridge
UNIT_TESTS += tests/unit/test_size_plan
endif
MPI_TESTS = \
	tests/mpi/mpi_collectives \
	tests/mpi/mpi_experiments \
	tests/mpi/mpi_plogp
SCRIPT_TESTS = \
	tests/tools/tools_bad_input.sh \
	tests/tools/tools_output.sh \
	tests/tools/tools_signals.sh \
	tests/tools/tools_model.sh \
	tests/tools/tools_validate.sh \
	tests/tools/plots_render.sh \
	tests/tools/validate_report.sh \
	tests/tools/layers.sh

check_PROGRAMS += $(UNIT_TESTS) $(MPI_TESTS)
TESTS += $(UNIT_TESTS) $(MPI_TESTS) $(SCRIPT_TESTS)
EXTRA_DIST += $(SCRIPT_TESTS)

tests_unit_test_stopping_SOURCES = tests/unit/test_stopping.cpp
tests_unit_test_stopping_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_stopping_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_schedule_SOURCES = tests/unit/test_schedule.cpp
tests_unit_test_schedule_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_schedule_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_options_SOURCES = tests/unit/test_options.cpp
tests_unit_test_options_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_options_LDADD = src/tools/libtools.la $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_atomic_file_SOURCES = tests/unit/test_atomic_file.cpp
tests_unit_test_atomic_file_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_atomic_file_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)

tests_unit_test_fit_SOURCES = tests/unit/test_fit.cpp
tests_unit_test_fit_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_fit_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_model_hockney_SOURCES = tests/unit/test_model_hockney.cpp
tests_unit_test_model_hockney_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_model_hockney_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_model_lmo_SOURCES = tests/unit/test_model_lmo.cpp \
	tests/unit/lmo_synthetic.h
tests_unit_test_model_lmo_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_model_lmo_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_model_plogp_SOURCES = tests/unit/test_model_plogp.cpp
tests_unit_test_model_plogp_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_model_plogp_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_coll_variants_SOURCES = tests/unit/test_coll_variants.cpp
tests_unit_test_coll_variants_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_coll_variants_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
UNIT_TESTS += tests/unit/test_model_dimemas
tests_unit_test_model_dimemas_SOURCES = tests/unit/test_model_dimemas.cpp
tests_unit_test_model_dimemas_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_model_dimemas_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
# The SimGrid export: the writer's size rules, each model's platform.
UNIT_TESTS += tests/unit/test_model_simgrid
tests_unit_test_model_simgrid_SOURCES = tests/unit/test_model_simgrid.cpp
tests_unit_test_model_simgrid_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_model_simgrid_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
UNIT_TESTS += tests/unit/test_model_hloggp
tests_unit_test_model_hloggp_SOURCES = tests/unit/test_model_hloggp.cpp
tests_unit_test_model_hloggp_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_model_hloggp_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
UNIT_TESTS += tests/unit/test_kernel_config
tests_unit_test_kernel_config_SOURCES = tests/unit/test_kernel_config.cpp
tests_unit_test_kernel_config_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_kernel_config_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
SCRIPT_TESTS += tests/tools/tools_kernel.sh
EXTRA_DIST += tests/data/kernel_fig8.conf
UNIT_TESTS += tests/unit/test_taulop_cost tests/unit/test_model_taulop
tests_unit_test_taulop_cost_SOURCES = tests/unit/test_taulop_cost.cpp
tests_unit_test_taulop_cost_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_taulop_cost_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_model_taulop_SOURCES = tests/unit/test_model_taulop.cpp
tests_unit_test_model_taulop_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_model_taulop_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
# The file formats: bounded line reads and the readers built on them
# (test_text), measurement outputs (test_output, with the observed times of
# model --compare), the SMPI truth file (test_truth_file, also through
# cpm-smpi-platform).
UNIT_TESTS += tests/unit/test_text tests/unit/test_output \
	tests/unit/test_truth_file
tests_unit_test_text_SOURCES = tests/unit/test_text.cpp
tests_unit_test_text_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_text_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_output_SOURCES = tests/unit/test_output.cpp
tests_unit_test_output_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_output_LDADD = $(CPM_REGISTRY_LA) $(TEST_LDADD) \
	$(GTEST_MAIN_LIBS)
tests_unit_test_truth_file_SOURCES = tests/unit/test_truth_file.cpp \
	src/testbeds/smpi/smpi_truth_file.cpp src/testbeds/smpi/smpi_truth_file.h
tests_unit_test_truth_file_CPPFLAGS = $(TEST_CPPFLAGS) \
	-I$(top_srcdir)/src/testbeds/smpi
tests_unit_test_truth_file_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_rbridge_SOURCES = tests/unit/test_rbridge.cpp
tests_unit_test_rbridge_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_rbridge_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)
tests_unit_test_size_plan_SOURCES = tests/unit/test_size_plan.cpp
tests_unit_test_size_plan_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_test_size_plan_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)

tests_mpi_mpi_collectives_SOURCES = tests/mpi/mpi_collectives.cpp tests/mpi/mpi_gtest_main.cpp
tests_mpi_mpi_collectives_CPPFLAGS = $(TEST_CPPFLAGS)
tests_mpi_mpi_collectives_LDADD = $(TEST_LDADD)
tests_mpi_mpi_experiments_SOURCES = tests/mpi/mpi_experiments.cpp tests/mpi/mpi_gtest_main.cpp
tests_mpi_mpi_experiments_CPPFLAGS = $(TEST_CPPFLAGS)
tests_mpi_mpi_experiments_LDADD = $(TEST_LDADD)
tests_mpi_mpi_plogp_SOURCES = tests/mpi/mpi_plogp.cpp tests/mpi/mpi_gtest_main.cpp
tests_mpi_mpi_plogp_CPPFLAGS = $(TEST_CPPFLAGS)
tests_mpi_mpi_plogp_LDADD = $(TEST_LDADD)
else
check-local:
	@echo "make check needs GoogleTest: install it (Debian: libgtest-dev) and run configure again" >&2
	@exit 1
endif

# Simulated-cluster tests (SimGrid SMPI): their own rules.
include $(srcdir)/tests/smpi/local.mk

# Tests of the CPM 1.0.1 C API: their own rules.
include $(srcdir)/tests/capi/local.mk

# Emulated-cluster test: its own rules.
include $(srcdir)/tests/emu/local.mk

# Model-based collectives: their own rules.
include $(srcdir)/tests/coll/local.mk

# The build tree's and the installed tree's tools, as users run them.
include $(srcdir)/tests/install/local.mk

# The fixed data set of plots_render.sh, and the figure checker of
# validate_report.sh.
EXTRA_DIST += tests/data/plots tests/tools/check-figures

# The layers' include paths, for tests/tools/layers.sh.
check_SCRIPTS += tests/layers.env
CLEANFILES += tests/layers.env
tests/layers.env: Makefile
	@$(MKDIR_P) tests
	$(AM_V_GEN){ \
	echo "CXX='$(CXX)'"; \
	echo "BASE='$(DEFS) -I$(top_builddir) $(AM_CPPFLAGS) $(CPPFLAGS)'"; \
	echo "INC_COMMON='$(INC_COMMON)'"; \
	echo "INC_STATS='$(INC_STATS)'"; \
	echo "INC_RBRIDGE='$(INC_RBRIDGE)'"; \
	echo "INC_KERNELS='$(INC_KERNELS)'"; \
	echo "INC_BENCHMARK='$(INC_BENCHMARK)'"; \
	echo "INC_MODELS='$(INC_MODELS)'"; \
	echo "INC_COLL='$(INC_COLL)'"; \
	echo "INC_CAPI='$(INC_CAPI)'"; \
	echo "INC_REGISTRY='$(INC_REGISTRY)'"; \
	echo "INC_TOOLS='$(INC_TOOLS)'"; \
	} > $@.tmp && mv $@.tmp $@

# Fuzz targets and the sanitizer build (make fuzz, make check-sanitize).
include $(srcdir)/tests/fuzz/local.mk
