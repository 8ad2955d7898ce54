/**
 * \file model_dimemas_build.h
 * \brief Building the Dimemas collective model by measurement (MPI): the
 *        Hockney build, then dimemas_from_hockney (model_dimemas.h).
 */
#ifndef CPM_MODEL_DIMEMAS_BUILD_H
#define CPM_MODEL_DIMEMAS_BUILD_H

#include "model_build.h"
#include "model_dimemas.h"

#include <mpi.h>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** Measures the Hockney model (build_hockney) and derives Dimemas's L and
 *  B from its averages (collective over comm; the model is valid on every
 *  rank). */
Dimemas build_dimemas(MPI_Comm comm, const BuildOptions &o);

} // namespace cpm::models

/** @} */

#endif
