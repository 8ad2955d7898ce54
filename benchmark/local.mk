# benchmark: the measurement module (MPIBlib's design): precision and the
# stopping rule, timing methods, roundtrips, one-to-two experiments,
# collectives, the kernels' communication, tau-Lop's rings, schedules of
# parallel rounds, idle waits; the writer and reader of the measurement
# outputs.
# Depends on kernels, stats and common. The programs
# that drive it are in src/tools.
CPM_LIB_PARTS += benchmark/libbenchmark.la
benchmark_libbenchmark_la_SOURCES = \
	benchmark/benchmark_precision.cpp \
	benchmark/benchmark_sample.cpp \
	benchmark/benchmark_schedule.cpp \
	benchmark/benchmark_timing.cpp \
	benchmark/benchmark_idle.cpp \
	benchmark/benchmark_p2p.cpp \
	benchmark/benchmark_plogp.cpp \
	benchmark/benchmark_coll_util.cpp \
	benchmark/benchmark_coll_linear.cpp \
	benchmark/benchmark_coll_binomial.cpp \
	benchmark/benchmark_collective.cpp \
	benchmark/benchmark_kernel.cpp \
	benchmark/benchmark_ring.cpp \
	benchmark/benchmark_output.cpp \
	benchmark/benchmark_journal.cpp
benchmark_libbenchmark_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_BENCHMARK)
pkginclude_HEADERS += \
	benchmark/benchmark_precision.h \
	benchmark/benchmark_sample.h \
	benchmark/benchmark_schedule.h \
	benchmark/benchmark_timing.h \
	benchmark/benchmark_idle.h \
	benchmark/benchmark_p2p.h \
	benchmark/benchmark_plogp.h \
	benchmark/benchmark_coll.h \
	benchmark/benchmark_collective.h \
	benchmark/benchmark_kernel.h \
	benchmark/benchmark_ring.h \
	benchmark/benchmark_output.h \
	benchmark/benchmark_journal.h
noinst_HEADERS += benchmark/benchmark_coll_util.h benchmark/benchmark_coll_tree.h
