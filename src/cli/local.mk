# The model tool: builds, loads, converts and predicts with any model of
# the registry (cli_registry.cpp).
bin_PROGRAMS += model
model_SOURCES = \
	src/cli/cli_registry.cpp \
	src/cli/cli_registry.h \
	src/cli/cli_compare.cpp \
	src/cli/cli_compare.h \
	src/cli/cli_model_tool.cpp
model_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src/cli
model_LDADD = libcpm.la
