# common: errors, MPI helpers, atomic output files, the parser of
# numbers and quoting of input text, bounded line reads of the text
# readers. Depends on nothing.
CPM_LIB_PARTS += src/common/libcommon.la
src_common_libcommon_la_SOURCES = \
	src/common/common_error.cpp \
	src/common/common_mpi.cpp \
	src/common/common_atomic_file.cpp \
	src/common/common_parse.cpp \
	src/common/common_text.cpp
# The SimGrid platform format's one writer (also compiled into
# cpm-smpi-platform, which links no library).
src_common_libcommon_la_SOURCES += src/common/common_simgrid.cpp
src_common_libcommon_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_COMMON)
pkginclude_HEADERS += \
	src/common/common_error.h \
	src/common/common_mpi.h \
	src/common/common_atomic_file.h \
	src/common/common_parse.h \
	src/common/common_text.h
pkginclude_HEADERS += src/common/common_simgrid.h
