# tools: CPM's programs, one tools_NAME.cpp each, and what they share
# (libtools: tool_main with clean error exits on every rank, the output
# header and progress, tools_main; the option parser, tools_options).
# Depends on every layer; nothing depends on it.
noinst_LTLIBRARIES += src/tools/libtools.la
src_tools_libtools_la_SOURCES = \
	src/tools/tools_main.cpp \
	src/tools/tools_options.cpp
src_tools_libtools_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_TOOLS)
noinst_HEADERS += src/tools/tools_main.h src/tools/tools_options.h
TOOLS_LDADD = src/tools/libtools.la libcpm.la

bin_PROGRAMS += p2p collective kernel model cpm-kernel-config

# p2p: roundtrips of pairs of processes over a range of sizes.
p2p_SOURCES = src/tools/tools_p2p.cpp
p2p_CPPFLAGS = $(AM_CPPFLAGS) $(INC_TOOLS)
p2p_LDADD = $(TOOLS_LDADD)

# collective: a collective operation (native, MPIB, or model-based CPM_*).
collective_SOURCES = src/tools/tools_collective.cpp
collective_CPPFLAGS = $(AM_CPPFLAGS) $(INC_TOOLS)
collective_LDADD = $(TOOLS_LDADD)

# kernel: the communication time of the SUMMA or 2D-wave kernel of a
# configuration (doc/kernels.md).
kernel_SOURCES = src/tools/tools_kernel.cpp
kernel_CPPFLAGS = $(AM_CPPFLAGS) $(INC_TOOLS)
kernel_LDADD = $(TOOLS_LDADD)

# model: builds, loads, converts, predicts and compares any model of the
# registry.
model_SOURCES = src/tools/tools_model.cpp
model_CPPFLAGS = $(AM_CPPFLAGS) $(INC_TOOLS)
model_LDADD = $(CPM_REGISTRY_LA) $(TOOLS_LDADD)

# cpm-kernel-config: a kernel configuration from a layout with speeds.
cpm_kernel_config_SOURCES = src/tools/tools_kernel_config.cpp
cpm_kernel_config_CPPFLAGS = $(AM_CPPFLAGS) $(INC_TOOLS)
cpm_kernel_config_LDADD = $(TOOLS_LDADD)

# cpm-validate: the validation workflow (models, observed, comparison,
# figures).
bin_SCRIPTS += cpm-validate
CLEANFILES += cpm-validate
EXTRA_DIST += src/tools/cpm-validate.in
cpm-validate: $(srcdir)/src/tools/cpm-validate.in Makefile
	$(AM_V_GEN)sed -e 's|@pkgdatadir[@]|$(pkgdatadir)|g' \
		-e 's|@abs_top_builddir[@]|$(abs_top_builddir)|g' \
		-e 's|@abs_top_srcdir[@]|$(abs_top_srcdir)|g' \
		$(srcdir)/src/tools/cpm-validate.in > $@.tmp && \
		chmod +x $@.tmp && mv $@.tmp $@
