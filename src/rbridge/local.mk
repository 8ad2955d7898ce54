# rbridge: the one embedded R (RInside): Bai-Perron breakpoints through
# strucchange, or a clear run-time error if built --without-R. CPM's R
# code (R/) is installed to $(rdir); the programs of the build tree read
# the source tree's (rbridge.cpp, r_dir). Depends on common.
rdir = $(pkgdatadir)/R
dist_r_DATA = R/cpm_breakpoints.R
noinst_LTLIBRARIES += src/rbridge/librbridge.la
src_rbridge_librbridge_la_SOURCES = src/rbridge/rbridge.cpp
src_rbridge_librbridge_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_RBRIDGE) \
	$(RINSIDE_CPPFLAGS) -DCPM_R_DIR='"$(rdir)"' \
	-DCPM_BUILD_DIR='"$(abs_top_builddir)"' \
	-DCPM_SOURCE_R_DIR='"$(abs_top_srcdir)/R"'
libcpm_la_LIBADD += src/rbridge/librbridge.la
pkginclude_HEADERS += src/rbridge/rbridge.h
