# Tests of the model-based collectives (src/coll, doc/collectives.md):
#   test_coll_plan  serial (GoogleTest): orders, pieces, mappings and
#                   predicted times against hand-computed values and
#                   against every mapping
#   mpi_coll        under mpirun at 2..4 processes (GoogleTest): data of
#                   every collective for every root, counts and datatypes;
#                   the messages, traced, follow the model's decisions
#   coll_np5.sh     mpi_coll at 5 processes
#   coll_tool.sh    collective -O CPM_* -M -i at 3 processes, and bad
#                   model input failing cleanly
#   test_coll_c99   cpm_coll.h in C99 (-pedantic-errors), before and after
#                   cpm.h
if HAVE_GTEST
COLL_TEST_CPPFLAGS = $(TEST_CPPFLAGS) -I$(top_srcdir)/src/coll \
	-I$(top_srcdir)/src/capi
COLL_TESTS = tests/coll/test_coll_plan tests/coll/mpi_coll
COLL_SCRIPT_TESTS = tests/coll/coll_np5.sh tests/coll/coll_tool.sh
check_PROGRAMS += $(COLL_TESTS)
TESTS += $(COLL_TESTS) $(COLL_SCRIPT_TESTS)

tests_coll_test_coll_plan_SOURCES = tests/coll/test_coll_plan.cpp
tests_coll_test_coll_plan_CPPFLAGS = $(COLL_TEST_CPPFLAGS)
tests_coll_test_coll_plan_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)

tests_coll_mpi_coll_SOURCES = tests/coll/mpi_coll.cpp tests/mpi/mpi_gtest_main.cpp
tests_coll_mpi_coll_CPPFLAGS = $(COLL_TEST_CPPFLAGS)
tests_coll_mpi_coll_LDADD = $(TEST_LDADD)
endif
EXTRA_DIST += tests/coll/coll_np5.sh tests/coll/coll_tool.sh

# A test in C, compiled by the C compiler against a stand-in <mpi.h>
# (tests/coll/c99; the C compiler knows no MPI flags) and linked by the
# C++ linker (libcpm is C++), as tests/capi/test_capi_c99.
check_PROGRAMS += tests/coll/test_coll_c99
TESTS += tests/coll/test_coll_c99
tests_coll_test_coll_c99_SOURCES = tests/coll/test_coll_c99.c \
	tests/coll/test_coll_c99_order.c tests/coll/c99/mpi.h
nodist_EXTRA_tests_coll_test_coll_c99_SOURCES = tests/coll/coll_c99_link.cpp
tests_coll_test_coll_c99_CPPFLAGS = -I$(top_srcdir)/tests/coll/c99 \
	-I$(top_srcdir)/src/coll -I$(top_srcdir)/src/capi
tests_coll_test_coll_c99_CFLAGS = -std=c99 -pedantic-errors -Wall -Wextra
tests_coll_test_coll_c99_LDADD = libcpm.la
