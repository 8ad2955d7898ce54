# Model-based collectives (src/coll): see doc/collectives.md.
# CPM 1.0.1's optimised scatter and gather in libcpm: the decisions and
# predicted times of the models (coll_plan, no MPI), the collectives in
# C++ (coll_ops) and under their C names (cpm_coll.h, whose model structs
# come from src/capi/cpm.h). Depends on models and common.
libcpm_la_SOURCES += \
	src/coll/coll_plan.cpp \
	src/coll/coll_util.cpp \
	src/coll/coll_ops.cpp \
	src/coll/coll_instance.cpp \
	src/coll/coll_capi.cpp
pkginclude_HEADERS += \
	src/coll/coll_plan.h \
	src/coll/coll_ops.h \
	src/coll/cpm_coll.h
noinst_HEADERS += \
	src/coll/coll_util.h \
	src/coll/coll_internal.h
# For the headers that include cpm_coll.h (src/capi/cpm.h).
libcpm_la_CPPFLAGS += -I$(top_srcdir)/src/coll
EXTRA_DIST += doc/collectives.md

# The collective tool: the measurement module's registry and tool body
# (benchmark/) with the model-based operations added by this main.
bin_PROGRAMS += collective
collective_SOURCES = src/coll/coll_tool_collective.cpp
collective_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src/coll
collective_LDADD = libcpm.la
