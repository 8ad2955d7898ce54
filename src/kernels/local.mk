# kernels: the configurations of the SUMMA and 2D-wave kernels (process
# layout plus 2D partition; their one reader and writer), their
# communication patterns and column partitions (no MPI). Depends on
# common. See doc/kernels.md.
CPM_LIB_PARTS += src/kernels/libkernels.la
src_kernels_libkernels_la_SOURCES = \
	src/kernels/kernel_config.cpp \
	src/kernels/kernel_pattern.cpp \
	src/kernels/kernel_partition.cpp \
	src/kernels/kernel_text.cpp
src_kernels_libkernels_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_KERNELS)
pkginclude_HEADERS += \
	src/kernels/kernel_config.h \
	src/kernels/kernel_partition.h
noinst_HEADERS += src/kernels/kernel_text.h
