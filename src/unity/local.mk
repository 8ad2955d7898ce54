# unity: how the library's layers are compiled. By default each layer
# is a convenience library of its own (CPM_LIB_PARTS, added by each
# local.mk), each source compiled alone with only its layer's include
# paths, which checks the direction of the dependencies. Configured
# with --enable-unity-build (quickstart's choice), the layers but
# rbridge, and the registry, are compiled one directory at a time:
# src/unity/DIR.cpp (DIR with - for /) includes every source of DIR
# (unity_source.sh), so that the headers they share (the standard
# library's, MPI's, json) are read and their templates instantiated once
# per directory instead of once per source: a first build in about half
# the CPU time, a rebuild after an edit compiles the whole directory
# (doc/results/first-run.md). The sources without MPI that the SMPI
# tools link as they are (SMPI_NATIVE_SRCS, src/testbeds/smpi/local.mk)
# are compiled apart, src/unity/nompi-DIR.cpp, so that they can.
EXTRA_DIST += src/unity/unity_source.sh
UNITY_SOURCE = $(SHELL) $(srcdir)/src/unity/unity_source.sh
CPM_UNITY_MPI_CPP = src/unity/src-common.cpp src/unity/benchmark.cpp \
	src/unity/src-models.cpp src/unity/src-coll.cpp src/unity/src-capi.cpp
CPM_UNITY_NOMPI_CPP = src/unity/nompi-src-common.cpp \
	src/unity/nompi-src-stats.cpp src/unity/nompi-src-kernels.cpp \
	src/unity/nompi-src-models.cpp src/unity/nompi-src-coll.cpp
CPM_UNITY_NOMPI_LO = $(patsubst src/unity/%.cpp,src/unity/libcpm_unity_la-%.lo,$(CPM_UNITY_NOMPI_CPP))
CPM_UNITY_REGISTRY_CPP = src/unity/src-registry.cpp
CPM_UNITY_CPP = $(CPM_UNITY_MPI_CPP) $(CPM_UNITY_NOMPI_CPP) \
	$(CPM_UNITY_REGISTRY_CPP)
if CPM_UNITY
CPM_UNITY_ON = yes
noinst_LTLIBRARIES += src/unity/libcpm_unity.la \
	src/unity/libregistry_unity.la
nodist_src_unity_libcpm_unity_la_SOURCES = $(CPM_UNITY_MPI_CPP) \
	$(CPM_UNITY_NOMPI_CPP)
src_unity_libcpm_unity_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_CAPI)
nodist_src_unity_libregistry_unity_la_SOURCES = $(CPM_UNITY_REGISTRY_CPP)
src_unity_libregistry_unity_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_REGISTRY)
libcpm_la_LIBADD += src/unity/libcpm_unity.la
CPM_REGISTRY_LA = src/unity/libregistry_unity.la
else
CPM_UNITY_ON =
noinst_LTLIBRARIES += $(CPM_LIB_PARTS) src/registry/libregistry.la
libcpm_la_LIBADD += $(CPM_LIB_PARTS)
CPM_REGISTRY_LA = src/registry/libregistry.la
endif
CPM_UNITY_SRCS = $(filter %.cpp,$(filter-out src/rbridge/%,$(CPM_LIB_SRCS)) \
	$(src_registry_libregistry_la_SOURCES))
# The directory of each unity source (nompi-DIR.cpp's too), and a
# source of the library in none of them, which would be left out.
CPM_UNITY_DIRS = $(sort $(subst -,/,$(patsubst src/unity/%.cpp,%, \
	$(CPM_UNITY_CPP:src/unity/nompi-%=src/unity/%))))
CPM_UNITY_LEFT = $(filter-out $(addsuffix /%,$(CPM_UNITY_DIRS)), \
	$(CPM_UNITY_SRCS))
# src/unity/nompi-DIR.cpp: the sources of DIR without MPI; DIR.cpp the
# others.
$(CPM_UNITY_CPP): src/unity/%.cpp: Makefile $(srcdir)/src/unity/unity_source.sh
	@$(MKDIR_P) src/unity
	@if test -n '$(CPM_UNITY_LEFT)'; then \
	    echo "src/unity/local.mk: $(CPM_UNITY_LEFT): no unity source for its directory" >&2; \
	    exit 1; \
	fi
	$(AM_V_GEN)$(UNITY_SOURCE) $@ `echo '$*' | sed 's/^nompi-//' | tr - /` \
	    '$(abs_top_srcdir)' $(if $(filter src/unity/nompi-%,$@), \
	    $(filter $(SMPI_NATIVE_SRCS),$(CPM_UNITY_SRCS)), \
	    $(filter-out $(SMPI_NATIVE_SRCS),$(CPM_UNITY_SRCS)))
# (and smpi/unity/DIR.cpp, src/testbeds/smpi/local.mk)
.PRECIOUS: $(CPM_UNITY_CPP) smpi/unity/%.cpp
CLEANFILES += $(CPM_UNITY_CPP)
