# models: data, files and JSON, each model's equations and solver (no
# MPI), and the builders that measure them (MPI). Depends on benchmark,
# rbridge, stats, kernels and common.
CPM_LIB_PARTS += src/models/libmodels.la
# What every model shares: records and model files (model_data), the
# options and checks of every build (model_build), the size segments of
# point-to-point times (model_segments), transfers sharing a channel
# (model_sharing).
src_models_libmodels_la_SOURCES = \
	src/models/model_data.cpp \
	src/models/model_build.cpp \
	src/models/model_segments.cpp \
	src/models/model_sharing.cpp
pkginclude_HEADERS += src/models/model_data.h src/models/model_build.h \
	src/models/model_segments.h src/models/model_sharing.h
noinst_HEADERS += src/models/model_check.h
# One model per pair of lines: model_NAME.cpp (equations, no MPI) and
# model_NAME_build.cpp (its builder), then their headers
# (doc/adding-a-model.md).
src_models_libmodels_la_SOURCES += src/models/model_hockney.cpp src/models/model_hockney_build.cpp
pkginclude_HEADERS += src/models/model_hockney.h src/models/model_hockney_build.h
src_models_libmodels_la_SOURCES += src/models/model_lmo.cpp src/models/model_lmo_build.cpp
pkginclude_HEADERS += src/models/model_lmo.h src/models/model_lmo_build.h
src_models_libmodels_la_SOURCES += src/models/model_plogp.cpp src/models/model_plogp_build.cpp
pkginclude_HEADERS += src/models/model_plogp.h src/models/model_plogp_build.h
src_models_libmodels_la_SOURCES += src/models/model_hloggp.cpp src/models/model_hloggp_build.cpp
pkginclude_HEADERS += src/models/model_hloggp.h src/models/model_hloggp_build.h
src_models_libmodels_la_SOURCES += src/models/model_dimemas.cpp src/models/model_dimemas_build.cpp
pkginclude_HEADERS += src/models/model_dimemas.h src/models/model_dimemas_build.h
# tau-Lop: also its cost algebra (taulop_cost) and kernel predictions.
src_models_libmodels_la_SOURCES += src/models/model_taulop.cpp src/models/model_taulop_build.cpp \
	src/models/taulop_cost.cpp src/models/model_taulop_kernel.cpp
pkginclude_HEADERS += src/models/model_taulop.h src/models/model_taulop_build.h \
	src/models/taulop_cost.h
# A model as a SimGrid platform (model --export simgrid; no MPI).
src_models_libmodels_la_SOURCES += src/models/model_simgrid.cpp
pkginclude_HEADERS += src/models/model_simgrid.h
src_models_libmodels_la_CPPFLAGS = $(AM_CPPFLAGS) $(INC_MODELS)
