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

#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The settings of a PLogP (and LogGP) build beyond BuildOptions (`model
 *  -M PLogP --plan P`). */
struct PLogPBuildOptions {
    /** "sweep" (the sizes of BuildOptions::sizes, with 0, all measured
     *  on all pairs) or "log" (plogp_log_plan(), all pairs only where the
     *  interpolation needs them); "": "log" if BuildOptions::adaptive
     *  (the user gave no sizes), else "sweep". Either way, unless
     *  BuildOptions::segments is false, the breaks are bracketed by
     *  measuring more sizes (model_plogp_build.cpp). */
    std::string plan;
};

/** PLogP's own size plan: 0 and the powers of 2 from 1 byte to 4 MiB. */
std::vector<long> plogp_log_plan();

/** Measures the PLogP experiments of all pairs at 0 bytes and at the
 *  sizes of the plan (at least one above 0), with the size segments found
 *  from the data and both sides of every break measured, and solves the
 *  PLogP model (collective over comm; the model is valid on every rank). */
PLogP build_plogp(MPI_Comm comm, const BuildOptions &o,
                  const PLogPBuildOptions &po = PLogPBuildOptions());

/** build_plogp, then loggp_from_plogp; the warnings of the PLogP build come
 *  first in LogGP::warnings. */
LogGP build_loggp(MPI_Comm comm, const BuildOptions &o,
                  const PLogPBuildOptions &po = PLogPBuildOptions());

} // namespace cpm::models

/** @} */

#endif
