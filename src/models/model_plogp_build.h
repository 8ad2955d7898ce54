/**
 * \file model_plogp_build.h
 * \brief Building the PLogP model by measurement (MPI), and LogGP, which is
 *        measured as PLogP and derived from it (CPM 1.0.1's PLogP_build;
 *        manual 4.6.2.4).
 */
#ifndef CPM_MODEL_PLOGP_BUILD_H
#define CPM_MODEL_PLOGP_BUILD_H

#include "model_build.h"
#include "model_plogp.h"

#include <mpi.h>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** Measures the PLogP experiments of all pairs at 0 bytes and at o.sizes
 *  (at least one above 0) and solves the PLogP model (collective over
 *  comm; the model is valid on every rank). */
PLogP build_plogp(MPI_Comm comm, const BuildOptions &o);

/** build_plogp, then loggp_from_plogp; the warnings of the PLogP build come
 *  first in LogGP::warnings. */
LogGP build_loggp(MPI_Comm comm, const BuildOptions &o);

} // namespace cpm::models

/** @} */

#endif
