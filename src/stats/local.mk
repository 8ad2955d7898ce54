# stats: GSL's t quantiles, confidence intervals (mean, median, trimmed
# mean), outlier counts and line fits (no MPI).
# Depends on common.
CPM_LIB_PARTS += src/stats/libstats.la
src_stats_libstats_la_SOURCES = \
	src/stats/stats_ci.cpp \
	src/stats/stats_fit.cpp \
	src/stats/stats_robust.cpp
src_stats_libstats_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_STATS)
pkginclude_HEADERS += src/stats/stats_ci.h src/stats/stats_fit.h \
	src/stats/stats_robust.h
noinst_HEADERS += src/stats/stats_gsl_guard.h
