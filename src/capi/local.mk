# The CPM 1.0.1 C API (libcpm): see src/capi/cpm.h and doc/capi.md.
libcpm_la_SOURCES += \
	src/capi/capi_common.cpp \
	src/capi/capi_hockney.cpp \
	src/capi/capi_lmo.cpp \
	src/capi/capi_measure.cpp \
	src/capi/capi_plogp.cpp
pkginclude_HEADERS += src/capi/cpm.h
noinst_HEADERS += src/capi/capi_internal.h
EXTRA_DIST += doc/capi.md
