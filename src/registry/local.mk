# registry: the models as the programs see them, one descriptor per model
# (registry_NAME.cpp: its table of operations, its build options, build
# and load; registry_table.h), registered by one line each in
# registry_list.def; and the comparison of measured outputs with a
# model's predictions (registry_compare). Private to the programs (not in
# libcpm). Depends on coll, models and below. Built as
# src/registry/libregistry.la or, in the unity build, as
# src/unity/libregistry_unity.la (CPM_REGISTRY_LA, src/unity/local.mk).
src_registry_libregistry_la_SOURCES = \
	src/registry/registry.cpp \
	src/registry/registry_compare.cpp
src_registry_libregistry_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_REGISTRY)
noinst_HEADERS += \
	src/registry/registry.h \
	src/registry/registry_table.h \
	src/registry/registry_list.def \
	src/registry/registry_compare.h
# One descriptor per model (doc/adding-a-model.md).
src_registry_libregistry_la_SOURCES += src/registry/registry_hockney.cpp
src_registry_libregistry_la_SOURCES += src/registry/registry_lmo.cpp
src_registry_libregistry_la_SOURCES += src/registry/registry_plogp.cpp
src_registry_libregistry_la_SOURCES += src/registry/registry_hloggp.cpp
src_registry_libregistry_la_SOURCES += src/registry/registry_dimemas.cpp
src_registry_libregistry_la_SOURCES += src/registry/registry_taulop.cpp
