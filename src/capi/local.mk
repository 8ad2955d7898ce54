# capi: the C API with CPM 1.0.1's names (cpm.h, which includes the
# collectives' cpm_coll.h), one error channel (CPM_error_message). Depends
# on coll, models, benchmark, rbridge and common. See doc/capi.md.
CPM_LIB_PARTS += src/capi/libcapi.la
src_capi_libcapi_la_SOURCES = \
	src/capi/capi_common.cpp \
	src/capi/capi_hockney.cpp \
	src/capi/capi_lmo.cpp \
	src/capi/capi_measure.cpp \
	src/capi/capi_plogp.cpp \
	src/capi/capi_coll.cpp
src_capi_libcapi_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_CAPI)
pkginclude_HEADERS += src/capi/cpm.h src/capi/cpm_coll.h
noinst_HEADERS += src/capi/capi_internal.h
EXTRA_DIST += doc/capi.md
