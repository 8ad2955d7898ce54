# Kernel configurations (part of libcpm): the process layout plus 2D
# partition of the SUMMA and 2D-wave kernels, their communication patterns
# (no MPI), column partitions; and cpm-kernel-config, which writes a
# configuration from a layout with speeds. See doc/kernels.md.
libcpm_la_SOURCES += \
	src/kernels/kernel_config.cpp \
	src/kernels/kernel_pattern.cpp \
	src/kernels/kernel_partition.cpp \
	src/kernels/kernel_text.cpp \
	src/kernels/kernel_text.h
pkginclude_HEADERS += \
	src/kernels/kernel_config.h \
	src/kernels/kernel_partition.h

bin_PROGRAMS += cpm-kernel-config
cpm_kernel_config_SOURCES = src/kernels/kernel_tool_config.cpp
cpm_kernel_config_LDADD = libcpm.la
