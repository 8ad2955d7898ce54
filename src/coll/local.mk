# coll: CPM 1.0.1's model-based scatter and gather in C++: the decisions
# and predicted times of the models (coll_plan, no MPI), the collectives
# (coll_ops) and the models set for the C names (coll_instance). Depends
# on models, benchmark and common. The C names are in src/capi
# (capi_coll.cpp), through coll_internal.h, this layer's interface to it.
# See doc/collectives.md.
CPM_LIB_PARTS += src/coll/libcoll.la
src_coll_libcoll_la_SOURCES = \
	src/coll/coll_plan.cpp \
	src/coll/coll_util.cpp \
	src/coll/coll_ops.cpp \
	src/coll/coll_instance.cpp
src_coll_libcoll_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_COLL)
pkginclude_HEADERS += \
	src/coll/coll_plan.h \
	src/coll/coll_ops.h
noinst_HEADERS += \
	src/coll/coll_util.h \
	src/coll/coll_internal.h
EXTRA_DIST += doc/collectives.md
