# libcpm: common (errors, MPI helpers, atomic files) and stats (GSL).
# The measurement module in benchmark/ adds its sources to the same library.
lib_LTLIBRARIES += libcpm.la
libcpm_la_SOURCES = \
	src/common/common_error.cpp \
	src/common/common_mpi.cpp \
	src/common/common_atomic_file.cpp \
	src/stats/stats_ci.cpp
libcpm_la_LIBADD = $(GSL_LIBS)
libcpm_la_LDFLAGS = -version-info 0:0:0

pkginclude_HEADERS += \
	src/common/common_error.h \
	src/common/common_mpi.h \
	src/common/common_atomic_file.h \
	src/stats/stats_ci.h
noinst_HEADERS += src/stats/stats_gsl_guard.h

# Fits and estimates with confidence intervals (GSL).
libcpm_la_SOURCES += src/stats/stats_fit.cpp
pkginclude_HEADERS += src/stats/stats_fit.h

# The R bridge: one embedded R through RInside (or a clear run-time error
# if built --without-R). CPM's R code is installed to $(rdir).
rdir = $(pkgdatadir)/R
dist_r_DATA = R/cpm_breakpoints.R
libcpm_la_SOURCES += src/rbridge/rbridge.cpp
pkginclude_HEADERS += src/rbridge/rbridge.h
libcpm_la_CPPFLAGS = $(AM_CPPFLAGS) $(R_CPPFLAGS) -DCPM_R_DIR='"$(rdir)"'
libcpm_la_LIBADD += $(R_LIBS)

