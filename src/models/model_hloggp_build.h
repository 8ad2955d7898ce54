/**
 * \file model_hloggp_build.h
 * \brief Building the HLogGP model by measurement (MPI): the PLogP
 *        experiments of benchmark_plogp.h in both directions of every pair
 *        at 0 bytes, roundtrips above, then hloggp_solve (model_hloggp.h).
 */
#ifndef CPM_MODEL_HLOGGP_BUILD_H
#define CPM_MODEL_HLOGGP_BUILD_H

#include "model_build.h"
#include "model_hloggp.h"

#include <mpi.h>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** Measures os, or, g and the roundtrip of every ordered pair (i
 *  initiator) at 0 bytes, and the roundtrips above 0 bytes at o.sizes (at
 *  least one above 0) or, if o.adaptive, at the sizes of an adaptive
 *  sweep (sweep_sizes on a few pairs of each class, then class_pair_sizes
 *  for every ordered pair; model_hloggp_build.cpp), and solves HLogGP
 *  (collective over comm; the model is valid on every rank). Throws
 *  cpm::UsageError for fewer than 2 processes, a negative size or no size
 *  above 0. */
HLogGP build_hloggp(MPI_Comm comm, const BuildOptions &o);

} // namespace cpm::models

/** @} */

#endif
