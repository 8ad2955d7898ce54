# The simulated cluster (SimGrid SMPI) test bed: see doc/testbed-smpi.md.
#   cpm-smpi-platform  (installed) writes a platform, its hostfile and its
#                      ground truth (plain C++, no MPI; the truth file's
#                      reader and writer, smpi_truth_file, are shared with
#                      the SMPI tests)
#   cpm-smpirun        (installed) runs an smpicxx-built MPI program on such
#                      a platform with the settings that make times exact
#   make smpi-tools    builds smpi/p2p, smpi/collective, smpi/model and
#                      smpi/kernel: the tools built with $(SMPICXX) from
#                      the sources of libcpm and of the tool (libcpm.la is
#                      built with the real MPI; only the objects of the
#                      MPI-free sources of SMPI_NATIVE_SRCS are shared with
#                      it), and smpi/flows, which times concurrent messages
#                      to show how a platform shares its links
#   (make smpi-settings, in tests/eval, measures what each setting of
#   cpm-smpirun is for)

bin_PROGRAMS += cpm-smpi-platform
# The truth file's one reader and writer (smpi_truth_file), shared with the
# SMPI tests, and the parser of numbers and bounded line reads of common;
# the platform is written by common's SimGrid writer (common_simgrid), the
# one writer of the format, which model --export simgrid uses too.
SMPI_TRUTH_FILE_SRC = \
	src/testbeds/smpi/smpi_truth_file.cpp \
	src/testbeds/smpi/smpi_truth_file.h \
	src/common/common_parse.cpp \
	src/common/common_text.cpp
cpm_smpi_platform_SOURCES = src/testbeds/smpi/cpm_smpi_platform.cpp \
	$(SMPI_TRUTH_FILE_SRC) \
	src/common/common_simgrid.cpp src/common/common_simgrid.h
# no MPI, no library: plain C++
cpm_smpi_platform_CPPFLAGS = $(INC_COMMON) -I$(top_srcdir)/src/testbeds/smpi

bin_SCRIPTS += cpm-smpirun
CLEANFILES += cpm-smpirun
EXTRA_DIST += src/testbeds/smpi/cpm-smpirun.in \
	src/testbeds/smpi/cpm_smpi_flows.cpp doc/testbed-smpi.md

# The smpirun found by configure is the default (SMPIRUN overrides it at
# run time).
cpm-smpirun: $(srcdir)/src/testbeds/smpi/cpm-smpirun.in Makefile
	$(AM_V_GEN)rm -f $@ $@.tmp && \
	sed -e 's|@SMPIRUN[@]|$(SMPIRUN)|g' \
	    -e 's|@PACKAGE_STRING[@]|$(PACKAGE_STRING)|g' \
	    $(srcdir)/src/testbeds/smpi/cpm-smpirun.in > $@.tmp && \
	chmod +x $@.tmp && mv $@.tmp $@

# The SMPI builds of the tools, in the build directory's smpi/. Every
# source is compiled once (smpi/obj/PATH.o) with $(SMPICXX), which
# includes smpi_helpers.h and builds position-independent code; each tool
# links the library's objects with its own. The R code is taken from the
# source tree (CPM_R_DIR), as for the tools run from the build directory.
SMPI_TOOLS = smpi/p2p smpi/collective smpi/model smpi/flows smpi/kernel
# The sanitizers of the user's CXXFLAGS (configure CXXFLAGS="...
# -fsanitize=address,undefined") go to the SMPI builds too, but for those
# that SMPI cannot run: AddressSanitizer (and LeakSanitizer) refuse the
# dlopen(RTLD_DEEPBIND) with which SMPI privatizes each rank's globals, so
# the SMPI builds get UndefinedBehaviorSanitizer and the like only.
smpi_comma = ,
smpi_empty =
smpi_space = $(smpi_empty) $(smpi_empty)
SMPI_SAN_LIST = $(filter-out address kernel-address hwaddress leak \
	pointer-compare pointer-subtract,$(subst $(smpi_comma),$(smpi_space),\
	$(patsubst -fsanitize=%,%,$(filter -fsanitize=%,$(CXXFLAGS)))))
SMPI_SANITIZE = $(if $(strip $(SMPI_SAN_LIST)),-fsanitize=$(subst \
	$(smpi_space),$(smpi_comma),$(strip $(SMPI_SAN_LIST))) \
	$(filter -fno-sanitize-recover% -fsanitize-recover%,$(CXXFLAGS)))
SMPI_TOOL_FLAGS = -std=c++17 -O2 $(CPM_CXXFLAGS) $(DEFS) -I$(top_builddir) \
	$(MPI_NOCXX_CPPFLAGS) $(INC_TOOLS) $(GSL_CFLAGS) $(RINSIDE_CPPFLAGS) \
	-DCPM_R_DIR='"$(abs_top_srcdir)/R"' $(SMPI_SANITIZE)
SMPI_TOOL_LIBS = $(RINSIDE_LIBS) $(GSL_LIBS) $(SMPI_SANITIZE)
# Coarse but safe: every object depends on every header.
SMPI_TOOL_HDR = $(top_builddir)/config.h $(pkginclude_HEADERS) \
	$(noinst_HEADERS)
# Sources without MPI whose library objects the SMPI tools link as they
# are, instead of compiling them again (a first build's smpi-tools in
# about three fifths of the time): the equations, files and statistics
# of the models. They must not include mpi.h nor call what smpicxx's
# smpi_helpers.h redirects to the simulation (sleep, time, getopt, exit,
# getpid, malloc; the check below stops the build if a reused object
# does), so neither benchmark/ nor any builder nor the registry is here,
# nor rbridge (its R directory differs between the builds). Reused only
# where libtool builds position-independent objects (not with
# --disable-shared) and CXXFLAGS and CPPFLAGS hold nothing but -O, -g,
# -W and -pipe options (a sanitizer, _GLIBCXX_DEBUG, another ABI, LTO or
# coverage would differ from the SMPI objects'); otherwise every source
# is compiled with $(SMPICXX).
SMPI_NATIVE_SRCS = src/common/common_parse.cpp src/common/common_text.cpp \
	src/common/common_simgrid.cpp src/stats/stats_ci.cpp \
	src/stats/stats_fit.cpp src/stats/stats_robust.cpp \
	src/kernels/kernel_config.cpp src/kernels/kernel_partition.cpp \
	src/kernels/kernel_pattern.cpp src/kernels/kernel_text.cpp \
	src/models/model_data.cpp src/models/model_segments.cpp \
	src/models/model_sharing.cpp src/models/model_hockney.cpp \
	src/models/model_lmo.cpp src/models/model_plogp.cpp \
	src/models/model_hloggp.cpp src/models/model_dimemas.cpp \
	src/models/model_taulop.cpp src/models/taulop_cost.cpp \
	src/models/model_taulop_kernel.cpp src/models/model_simgrid.cpp \
	src/coll/coll_plan.cpp
SMPI_REUSE = $(if $(filter-out -O% -g% -W% -pipe,$(CXXFLAGS) $(CPPFLAGS)),,$(filter yes,$(CPM_ENABLE_SHARED)))
SMPI_REUSED_SRCS = $(if $(SMPI_REUSE),$(SMPI_NATIVE_SRCS))
# src/D/NAME.cpp -> src/D/libD_la-NAME.lo or, in the unity build, the
# objects of src/unity/nompi-DIR.cpp (src/unity/local.mk); libtool
# writes the position-independent object of D/X.lo to D/.libs/X.o
smpi_lo = $(foreach s,$(1),$(dir $(s))lib$(notdir $(patsubst %/,%,$(dir $(s))))_la-$(notdir $(s:.cpp=.lo)))
SMPI_REUSED_LO = $(if $(SMPI_REUSE),$(if $(CPM_UNITY_ON),$(CPM_UNITY_NOMPI_LO),$(call smpi_lo,$(SMPI_REUSED_SRCS))))
SMPI_REUSED_OBJ = $(foreach l,$(SMPI_REUSED_LO),$(dir $(l)).libs/$(notdir $(l:.lo=.o)))
# The library's sources but the C API's model builders, which no tool
# calls (the collective tool calls the C API's collectives, capi_coll),
# and those reused; and the model tool's registry.
SMPI_LIBCPM_SRCS = $(filter %.cpp,$(filter-out \
	src/capi/capi_hockney.cpp src/capi/capi_lmo.cpp src/capi/capi_plogp.cpp \
	src/capi/capi_measure.cpp $(SMPI_REUSED_SRCS),$(CPM_LIB_SRCS)) \
	$(src_tools_libtools_la_SOURCES))
SMPI_REGISTRY_SRCS = $(filter %.cpp,$(src_registry_libregistry_la_SOURCES))
# These are compiled one directory at a time: smpi/unity/DIR.cpp (DIR
# with - for /) includes each of them that is in DIR, so that the
# headers they share (the standard library's, MPI's, json) are read and
# their templates instantiated once per directory instead of once per
# source. The names private to a source (anonymous namespaces, static)
# must therefore differ between the sources of one directory (the build
# stops on a clash, naming both); the native build compiles each source
# alone (but with --enable-unity-build, src/unity/local.mk), so each
# includes what it uses.
smpi_unity = $(addprefix smpi/unity/,$(addsuffix .o,$(subst /,-,$(sort \
	$(patsubst %/,%,$(dir $(1)))))))
SMPI_LIBCPM_OBJ = $(call smpi_unity,$(SMPI_LIBCPM_SRCS))
SMPI_REGISTRY_OBJ = $(call smpi_unity,$(SMPI_REGISTRY_SRCS))
SMPI_UNITY_SRCS = $(SMPI_LIBCPM_SRCS) $(SMPI_REGISTRY_SRCS)
SMPI_UNITY_OBJ = $(SMPI_LIBCPM_OBJ) $(SMPI_REGISTRY_OBJ)
# The tools' own sources, one object each.
SMPI_P2P_OBJ = $(patsubst %.cpp,smpi/obj/%.o,$(filter %.cpp,$(p2p_SOURCES)))
SMPI_COLLECTIVE_OBJ = \
	$(patsubst %.cpp,smpi/obj/%.o,$(filter %.cpp,$(collective_SOURCES)))
SMPI_MODEL_MAIN_OBJ = \
	$(patsubst %.cpp,smpi/obj/%.o,$(filter %.cpp,$(model_SOURCES)))
SMPI_MODEL_OBJ = $(SMPI_MODEL_MAIN_OBJ) $(SMPI_REGISTRY_OBJ)
SMPI_KERNEL_OBJ = \
	$(patsubst %.cpp,smpi/obj/%.o,$(filter %.cpp,$(kernel_SOURCES)))
SMPI_TOOL_OBJ = $(SMPI_P2P_OBJ) $(SMPI_COLLECTIVE_OBJ) \
	$(SMPI_MODEL_MAIN_OBJ) $(SMPI_KERNEL_OBJ)
SMPI_LIB_LINK = $(SMPI_LIBCPM_OBJ) $(SMPI_REUSED_OBJ)
# (and the SMPI objects of a build before the unity objects)
CLEANFILES += $(SMPI_TOOLS) $(SMPI_TOOL_OBJ) $(SMPI_UNITY_OBJ) \
	$(SMPI_UNITY_OBJ:.o=.cpp) \
	$(patsubst %.cpp,smpi/obj/%.o,$(SMPI_UNITY_SRCS) $(SMPI_NATIVE_SRCS))

if HAVE_SMPI
smpi-tools: $(SMPI_TOOLS)

$(SMPI_TOOL_OBJ): smpi/obj/%.o: $(srcdir)/%.cpp $(SMPI_TOOL_HDR)
	@$(MKDIR_P) $(@D)
	$(AM_V_CXX)$(SMPICXX) $(SMPI_TOOL_FLAGS) -c $< -o $@

# smpi/unity/DIR.cpp is written again only when its list changes (the
# Makefile can change without it), so that its object is not remade.
smpi/unity/%.cpp: Makefile $(srcdir)/src/unity/unity_source.sh
	@$(MKDIR_P) smpi/unity
	@$(UNITY_SOURCE) $@ `echo '$*' | tr - /` '$(abs_top_srcdir)' \
	    $(SMPI_UNITY_SRCS)
# Coarse as the objects above: each depends on every source compiled so.
$(SMPI_UNITY_OBJ): smpi/unity/%.o: smpi/unity/%.cpp \
		$(addprefix $(srcdir)/,$(SMPI_UNITY_SRCS)) $(SMPI_TOOL_HDR)
	$(AM_V_CXX)$(SMPICXX) $(SMPI_TOOL_FLAGS) -c $< -o $@

# smpi/reused.ok: every reused object exists, included no mpi.h (its
# dependency file, .deps/NAME.Plo, lists the headers it read) and calls
# neither MPI nor what smpi_helpers.h redirects (nm lists what it
# calls), else the build stops naming the object. Made again when the
# list (the Makefile) or an object changes.
smpi/reused.ok: $(SMPI_REUSED_LO) Makefile
	@$(MKDIR_P) smpi
	$(AM_V_GEN)for o in $(SMPI_REUSED_OBJ); do \
	    d=`echo "$$o" | sed 's|\.libs/\(.*\)\.o$$|.deps/\1.Plo|'`; \
	    test -f "$$o" && test -f "$$d" || { \
	        echo "smpi-tools: $$o or $$d is missing" >&2; exit 1; }; \
	    if grep -q '/mpi\.h' "$$d"; then \
	        echo "smpi-tools: $$o includes mpi.h: remove its source from SMPI_NATIVE_SRCS (src/testbeds/smpi/local.mk)" >&2; \
	        exit 1; \
	    fi; \
	    bad=`$(NM) -u "$$o" | awk '{ print $$NF }' | grep -E \
	        '^(P?MPI_|ompi_|opal_|mpi_|sleep$$|usleep$$|nanosleep$$|gettimeofday$$|clock_gettime$$|getopt|exit$$|_exit$$|getpid$$|malloc$$|calloc$$|realloc$$|free$$)' | head -n 1`; \
	    if test -n "$$bad"; then \
	        echo "smpi-tools: $$o calls $$bad: remove its source from SMPI_NATIVE_SRCS (src/testbeds/smpi/local.mk)" >&2; \
	        exit 1; \
	    fi; \
	done; touch $@
CLEANFILES += smpi/reused.ok

smpi/p2p: $(SMPI_LIBCPM_OBJ) $(SMPI_P2P_OBJ) smpi/reused.ok
	$(AM_V_CXXLD)$(SMPICXX) $(SMPI_P2P_OBJ) $(SMPI_LIB_LINK) \
		$(SMPI_TOOL_LIBS) -o $@
smpi/collective: $(SMPI_LIBCPM_OBJ) $(SMPI_COLLECTIVE_OBJ) smpi/reused.ok
	$(AM_V_CXXLD)$(SMPICXX) $(SMPI_COLLECTIVE_OBJ) $(SMPI_LIB_LINK) \
		$(SMPI_TOOL_LIBS) -o $@
smpi/model: $(SMPI_LIBCPM_OBJ) $(SMPI_MODEL_OBJ) smpi/reused.ok
	$(AM_V_CXXLD)$(SMPICXX) $(SMPI_MODEL_OBJ) $(SMPI_LIB_LINK) \
		$(SMPI_TOOL_LIBS) -o $@
smpi/kernel: $(SMPI_LIBCPM_OBJ) $(SMPI_KERNEL_OBJ) smpi/reused.ok
	$(AM_V_CXXLD)$(SMPICXX) $(SMPI_KERNEL_OBJ) $(SMPI_LIB_LINK) \
		$(SMPI_TOOL_LIBS) -o $@
smpi/flows: $(srcdir)/src/testbeds/smpi/cpm_smpi_flows.cpp
	@$(MKDIR_P) smpi
	$(AM_V_CXX)$(SMPICXX) -std=c++17 -O2 $(CPM_CXXFLAGS) \
		$(MPI_NOCXX_CPPFLAGS) $(srcdir)/src/testbeds/smpi/cpm_smpi_flows.cpp \
		-o $@

else
smpi-tools:
	@echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
	@exit 1
endif
.PHONY: smpi-tools

# The first run's build (./quickstart): what its main job runs and
# nothing more (cpm-validate --tools smpi --offline-model ./model --truth:
# the library, model, the platform writer, the scripts, the simulator's
# p2p, collective and model, smpi_truth), in one make, so that the two
# builds share the cores to their end; `make` builds the rest (p2p,
# collective, kernel, cpm-kernel-config, emu_delay; smpi/kernel and
# smpi/flows with make smpi-tools). Not `all`: it makes all-am in a
# make of its own, which would build the reused objects at the same time
# as this one. (Were BUILT_SOURCES or an all-local rule added, `all`
# would make them first and this target would not: add them here.)
first-run-build: config.h libcpm.la model$(EXEEXT) cpm-smpi-platform$(EXEEXT) \
	$(bin_SCRIPTS) $(pkgconfig_DATA) smpi/p2p smpi/collective smpi/model \
	tests/smpi/smpi_truth$(EXEEXT)
.PHONY: first-run-build
