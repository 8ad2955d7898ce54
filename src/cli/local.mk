# The model tool: builds, loads, converts and predicts with any model of
# the registry (cli_registry.cpp; one cli_kind_NAME.cpp per model).
bin_PROGRAMS += model
model_SOURCES = \
	src/cli/cli_registry.cpp \
	src/cli/cli_registry.h \
	src/cli/cli_handle.h \
	src/cli/cli_kinds.h \
	src/cli/cli_kind_hockney.cpp \
	src/cli/cli_kind_lmo.cpp \
	src/cli/cli_kind_plogp.cpp \
	src/cli/cli_kind_hloggp.cpp \
	src/cli/cli_kind_dimemas.cpp \
	src/cli/cli_kind_taulop.cpp \
	src/cli/cli_compare.cpp \
	src/cli/cli_compare.h \
	src/cli/cli_model_tool.cpp
model_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src/cli -I$(top_srcdir)/src/coll
model_LDADD = libcpm.la

# The validation workflow (models, observed, comparison, figures).
bin_SCRIPTS += cpm-validate
CLEANFILES += cpm-validate
EXTRA_DIST += src/cli/cpm-validate.in
cpm-validate: $(srcdir)/src/cli/cpm-validate.in Makefile
	$(AM_V_GEN)sed -e 's|@pkgdatadir[@]|$(pkgdatadir)|g' \
		$(srcdir)/src/cli/cpm-validate.in > $@.tmp && \
		chmod +x $@.tmp && mv $@.tmp $@
