# Models (part of libcpm): data, files and JSON, each model's equations
# and solver (no MPI), and the builders that measure them (MPI).
libcpm_la_SOURCES += \
	src/models/model_data.cpp \
	src/models/model_hockney.cpp \
	src/models/model_lmo.cpp \
	src/models/model_plogp.cpp \
	src/models/model_build.cpp \
	src/models/model_hockney_build.cpp \
	src/models/model_lmo_build.cpp \
	src/models/model_plogp_build.cpp
pkginclude_HEADERS += \
	src/models/model_data.h \
	src/models/model_hockney.h \
	src/models/model_lmo.h \
	src/models/model_plogp.h \
	src/models/model_build.h
