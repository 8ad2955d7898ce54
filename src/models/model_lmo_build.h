/**
 * \file model_lmo_build.h
 * \brief Building the LMO model by measurement (MPI), whole or in the
 *        three stages of CPM 1.0.1's LMO_build, and the settings only LMO
 *        takes: those of the Bai-Perron search for its thresholds.
 *
 * The stages: the one-to-many and many-to-one sweeps over the message
 * sizes with their thresholds S, M2 (Bai-Perron breakpoints, computed by R
 * on rank 0 and broadcast) and M1; then the point-to-point experiments and
 * the solution (model_lmo.h).
 */
#ifndef CPM_MODEL_LMO_BUILD_H
#define CPM_MODEL_LMO_BUILD_H

#include "model_build.h"
#include "model_lmo.h"
#include "rbridge.h"

#include <mpi.h>

#include <map>
#include <optional>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The settings of an LMO build beyond BuildOptions (`model -M LMO`'s
 *  --bp-h, --bp-breaks, --bp-ic). */
struct LmoBuildOptions {
    /** The Bai-Perron search for the thresholds S and M2. */
    rbridge::BreakpointOptions breakpoints;
};

/** The segment sweep of lmo_build_p2p: by size, the roundtrip results
 *  (M bytes out, empty reply) of the sweep pairs, and which of them were
 *  measured at that size (the adaptive sweep refines each transport class
 *  at its own sizes). */
struct LmoSweepResults {
    std::map<long, std::vector<bench::Result>> r; /**< by size, by pair */
    std::map<long, std::vector<char>> have;       /**< 1 where measured */
};

/** Sets g.Ma and g.Mb, the two sizes of the experiments of the segment
 *  starting at g.from and ending before hi (hi < 0: the last), from the
 *  sweep sw: Ma = g.from; Mb the smallest swept size of the segment whose
 *  time over Ma's is pinned to eps by the sweep's intervals and at least
 *  eps of Ma's on every sweep pair, and whose chord from Ma meets every
 *  swept time of the segment within 2 eps beyond the intervals; else, up
 *  to 1/8 of the sweep's largest size (the reach), the pinned size whose
 *  chord misses least; else the first pinned size; with none pinned, the
 *  largest swept size within reach. Sizes below S are preferred. */
void lmo_experiment_sizes(LmoSegmentData &g, long hi,
                          const LmoSweepResults &sw,
                          const std::optional<double> &S, double eps);

/** Measures and solves the LMO model (CPM 1.0.1's LMO_build): the
 *  one-to-many and many-to-one sweeps over o.sizes (if o.adaptive: 0 to
 *  102400 bytes in steps of 4096) with their thresholds (R), then the
 *  point-to-point experiments (their segment sweep over sweep_sizes:
 *  adaptive 0-4 MiB if o.adaptive). Needs 3 processes. */
LMO build_lmo(MPI_Comm comm, const BuildOptions &o,
              const LmoBuildOptions &lo = LmoBuildOptions());

/** The LMO sweeps of a build in stages. */
struct LmoSweeps {
    Sweep one2many; /**< linear scatter from root 0 over the sizes */
    Sweep many2one; /**< linear gather to root 0 over the sizes */
};

/** Stage 1 of build_lmo (CPM 1.0.1's LMO_build_one2many): the one-to-many
 *  sweep and the threshold S. */
void lmo_build_one2many(MPI_Comm comm, const BuildOptions &o, LMO &m,
                        LmoSweeps &s,
                        const LmoBuildOptions &lo = LmoBuildOptions());
/** Stage 2 (LMO_build_many2one): the many-to-one sweep, M2 and M1. */
void lmo_build_many2one(MPI_Comm comm, const BuildOptions &o, LMO &m,
                        LmoSweeps &s,
                        const LmoBuildOptions &lo = LmoBuildOptions());
/** Stage 3 (LMO_build_p2p): the segment sweep of a few pairs per
 *  transport class (sweep_sizes: o.sizes, or adaptive 0-4 MiB if
 *  o.adaptive, recorded as `measured p2p-sweep`), the point-to-point
 *  experiments at two sizes per segment (below S where possible), the
 *  solution, and (if both sweeps were measured) the fits and slope
 *  corrections; lo is recorded in the provenance. */
void lmo_build_p2p(MPI_Comm comm, const BuildOptions &o, LMO &m,
                   const LmoSweeps &s,
                   const LmoBuildOptions &lo = LmoBuildOptions());

} // namespace cpm::models

/** @} */

#endif
