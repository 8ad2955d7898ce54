/**
 * \file model_taulop_build.h
 * \brief Building the heterogeneous tau-Lop model by measurement (MPI):
 *        the Ring_tau experiments per node type and pair of node types.
 *
 * Nodes are the processor names of the ranks (MPI_Get_processor_name);
 * every node has the same type unless TauLopBuildOptions::layout (`model
 * -M taulop --config FILE`) names a kernel configuration file
 * (doc/formats.md) whose process list gives each rank's node and type.
 * Other settings: TauLopBuildOptions::network (`--network`) = staged |
 * direct | auto (eq. 2 or eq. 3 for channel 1; auto: staged when every
 * node type has a node with two ranks to measure L^0, direct otherwise)
 * and TauLopBuildOptions::tau_max (`--tau-max`, 1..16, default 16; tau is
 * also limited by the ranks of the ring).
 *
 * Experiments (doc/model-taulop.md): for each node type with a node of at
 * least two ranks, Ring^0 on that node's ranks and o^0 between its first
 * two; for each pair of node types {s, r} with two distinct nodes of those
 * types, Ring^1 on their ranks taken alternately (A0 B0 A1 B1 ...) and o^1
 * from A0 to B0; tau = 1..min(ranks of the ring, tau_max); every size of
 * o.sizes or, if o.adaptive (no -s/-m/--sizes), per channel the initial
 * sizes of o.size_plan (0 to 4 MiB, log-spaced) refined, round after
 * round, where the linear interpolation of o or a Ring_tau between two
 * measured sizes misses the size between them (interpolation_sizes,
 * model_build.h).
 */
#ifndef CPM_MODEL_TAULOP_BUILD_H
#define CPM_MODEL_TAULOP_BUILD_H

#include "model_build.h"
#include "model_taulop.h"

#include <mpi.h>

#include <string>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The settings of a tau-Lop build beyond BuildOptions (`model -M
 *  taulop`'s --config, --network, --tau-max). */
struct TauLopBuildOptions {
    /** A kernel configuration whose process list gives each rank's node
     *  and node type ("": nodes from the processor names, one type). */
    std::string layout;
    int tau_max = 0;     /**< largest tau measured, 1..16 (0: 16) */
    std::string network; /**< staged, direct or auto ("": auto) */
};

/** Measures and solves the tau-Lop model (collective over comm; the
 *  result is valid on every rank). Throws cpm::UsageError if no channel
 *  can be measured or a setting is invalid. */
TauLop build_taulop(MPI_Comm comm, const BuildOptions &o,
                    const TauLopBuildOptions &to = TauLopBuildOptions());

} // namespace cpm::models

/** @} */

#endif
