# rbridge: the one embedded R (RInside): Bai-Perron breakpoints through
# strucchange, or a clear run-time error if built --without-R. CPM's R
# code (R/) is installed to $(rdir). Depends on common.
rdir = $(pkgdatadir)/R
dist_r_DATA = R/cpm_breakpoints.R
noinst_LTLIBRARIES += src/rbridge/librbridge.la
src_rbridge_librbridge_la_SOURCES = src/rbridge/rbridge.cpp
src_rbridge_librbridge_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_RBRIDGE) \
	$(R_CPPFLAGS) -DCPM_R_DIR='"$(rdir)"'
libcpm_la_LIBADD += src/rbridge/librbridge.la
pkginclude_HEADERS += src/rbridge/rbridge.h
