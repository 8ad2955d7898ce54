# registry: the models as the programs see them, one descriptor per model
# (registry_NAME.cpp: its operations, build and load), registered in
# registry.cpp; and the comparison of measured outputs with a model's
# predictions (registry_compare). Private to the programs (not in
# libcpm). Depends on coll, models and below.
noinst_LTLIBRARIES += src/registry/libregistry.la
src_registry_libregistry_la_SOURCES = \
	src/registry/registry.cpp \
	src/registry/registry_hockney.cpp \
	src/registry/registry_lmo.cpp \
	src/registry/registry_plogp.cpp \
	src/registry/registry_hloggp.cpp \
	src/registry/registry_dimemas.cpp \
	src/registry/registry_taulop.cpp \
	src/registry/registry_compare.cpp
src_registry_libregistry_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_REGISTRY)
noinst_HEADERS += \
	src/registry/registry.h \
	src/registry/registry_handle.h \
	src/registry/registry_kinds.h \
	src/registry/registry_compare.h
