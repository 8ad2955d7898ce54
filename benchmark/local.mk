# The measurement module (part of libcpm) and the tools p2p and collective.
BENCHMARK_SOURCES = \
	benchmark/benchmark_precision.cpp \
	benchmark/benchmark_schedule.cpp \
	benchmark/benchmark_timing.cpp \
	benchmark/benchmark_p2p.cpp \
	benchmark/benchmark_plogp.cpp \
	benchmark/benchmark_coll_util.cpp \
	benchmark/benchmark_coll_linear.cpp \
	benchmark/benchmark_coll_binomial.cpp \
	benchmark/benchmark_collective.cpp \
	benchmark/benchmark_kernel.cpp \
	benchmark/benchmark_ring.cpp \
	benchmark/benchmark_options.cpp \
	benchmark/benchmark_tool.cpp \
	benchmark/benchmark_tool_collective.cpp
libcpm_la_SOURCES += $(BENCHMARK_SOURCES)

pkginclude_HEADERS += \
	benchmark/benchmark_precision.h \
	benchmark/benchmark_schedule.h \
	benchmark/benchmark_timing.h \
	benchmark/benchmark_p2p.h \
	benchmark/benchmark_plogp.h \
	benchmark/benchmark_coll.h \
	benchmark/benchmark_collective.h \
	benchmark/benchmark_kernel.h \
	benchmark/benchmark_ring.h \
	benchmark/benchmark_options.h \
	benchmark/benchmark_tool.h
noinst_HEADERS += benchmark/benchmark_coll_util.h benchmark/benchmark_coll_tree.h

# The collective tool's main() is in src/coll (coll_tool_collective.cpp):
# it adds the model-based operations to this module's registry and runs
# run_collective_tool() of benchmark_tool_collective.cpp.
bin_PROGRAMS += p2p
p2p_SOURCES = benchmark/benchmark_tool_p2p.cpp
p2p_LDADD = libcpm.la
# kernel: the communication time of the SUMMA or 2D-wave kernel of a
# configuration (benchmark_kernel.cpp; doc/kernels.md).
bin_PROGRAMS += kernel
kernel_SOURCES = benchmark/benchmark_tool_kernel.cpp
kernel_LDADD = libcpm.la
