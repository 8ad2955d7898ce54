# Tests of the CPM 1.0.1 C API (src/capi/cpm.h, doc/capi.md):
#   test_capi        serial (GoogleTest): models made in C, estimates by
#                    hand, save/load byte for byte, errors, indices
#   test_capi_c99    serial, written in C99 and compiled by $(CC)
#   mpi_capi         under mpirun at 2..4 processes (GoogleTest): builders
#                    and measurements, errors on every rank
#   mpi_capi_compat  under mpirun: a CPM 1.0.1-style program that uses
#                    only cpm.h (C code, compiled as C++; see below)
if HAVE_GTEST
CAPI_TEST_CPPFLAGS = $(TEST_CPPFLAGS) -I$(top_srcdir)/src/capi \
	-I$(top_srcdir)/src/coll

CAPI_TESTS = tests/capi/test_capi tests/capi/mpi_capi
check_PROGRAMS += $(CAPI_TESTS)
TESTS += $(CAPI_TESTS)

tests_capi_test_capi_SOURCES = tests/capi/test_capi.cpp
tests_capi_test_capi_CPPFLAGS = $(CAPI_TEST_CPPFLAGS)
tests_capi_test_capi_LDADD = $(TEST_LDADD) $(GTEST_MAIN_LIBS)

tests_capi_mpi_capi_SOURCES = tests/capi/mpi_capi.cpp tests/mpi/mpi_gtest_main.cpp
tests_capi_mpi_capi_CPPFLAGS = $(CAPI_TEST_CPPFLAGS)
tests_capi_mpi_capi_LDADD = $(TEST_LDADD)
endif

# A test in C. configure finds MPI through its C++ wrapper only: the C
# compiler knows no MPI flags, so this program is compiled against a
# stand-in <mpi.h> (tests/capi/c99) and calls only the serial part of the
# API. It is linked by the C++ linker (libcpm is C++).
check_PROGRAMS += tests/capi/test_capi_c99
TESTS += tests/capi/test_capi_c99
tests_capi_test_capi_c99_SOURCES = tests/capi/test_capi_c99.c \
	tests/capi/c99/mpi.h
nodist_EXTRA_tests_capi_test_capi_c99_SOURCES = tests/capi/capi_c99_link.cpp
tests_capi_test_capi_c99_CPPFLAGS = -I$(top_srcdir)/tests/capi/c99 \
	-I$(top_srcdir)/src/capi -I$(top_srcdir)/src/coll
tests_capi_test_capi_c99_CFLAGS = -std=c99 -pedantic-errors -Wall -Wextra
tests_capi_test_capi_c99_LDADD = libcpm.la -lm

# CPM 1.0.1-style C code that includes only cpm.h, under mpirun; compiled
# as C++ for want of an MPI C compiler (see above).
check_PROGRAMS += tests/capi/mpi_capi_compat
TESTS += tests/capi/mpi_capi_compat
tests_capi_mpi_capi_compat_SOURCES = tests/capi/mpi_capi_compat.cpp
tests_capi_mpi_capi_compat_CPPFLAGS = -I$(top_srcdir)/src/capi \
	-I$(top_srcdir)/src/coll $(MPI_NOCXX_CPPFLAGS)
tests_capi_mpi_capi_compat_LDADD = libcpm.la
