/**
 * \file model_build.h
 * \brief Building models by measurement (MPI): the options every builder
 *        takes and the builders of each model.
 *
 * Builders are collective over the communicator; the model they return is
 * valid on every rank. R (for the LMO thresholds) runs on rank 0 only and
 * its results are broadcast.
 */
#ifndef CPM_MODEL_BUILD_H
#define CPM_MODEL_BUILD_H

#include "benchmark_p2p.h"
#include "benchmark_precision.h"
#include "benchmark_timing.h"
#include "model_data.h"
#include "model_hockney.h"
#include "model_lmo.h"
#include "model_plogp.h"
#include "rbridge.h"

#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** How to measure a model. */
struct BuildOptions {
    bench::Precision precision;        /**< repetitions, cl, eps */
    std::vector<long> sizes;           /**< message sizes of the sweeps */
    bool parallel = true;              /**< independent experiments in rounds */
    bench::Timing timing = bench::Timing::Max; /**< for collectives */
    rbridge::BreakpointOptions breakpoints;    /**< Bai-Perron settings */
    std::string command;               /**< recorded in the model file */
    /** tau-Lop: a kernel configuration whose process list gives each
     *  rank's node and node type ("": nodes from the processor names,
     *  one type). */
    std::string layout;
    int tau_max = 0;                   /**< tau-Lop: largest tau (0: 16) */
    std::string network;               /**< tau-Lop: staged, direct, auto ("": auto) */
    /** Called on rank 0 with a line describing each step; may be empty. */
    std::function<void(const std::string &)> log;
    /** Passes a line to log on rank 0 of comm. */
    void say(MPI_Comm comm, const std::string &line) const;
};

/** Provenance of a build: date, MPI, processors, options (collective). */
Provenance make_provenance(MPI_Comm comm, const BuildOptions &o,
                           const std::string &sizes_text);

/** The size of comm, at least min_n; throws cpm::UsageError "the MODEL
 *  model needs at least MIN processes, got N" (the same on every rank). */
int build_comm_size(MPI_Comm comm, int min_n, const std::string &model);

/** The message sizes of a build: sizes sorted and distinct, 0 added if
 *  add_zero; throws cpm::UsageError naming a negative size. */
std::vector<long> build_sizes(std::vector<long> sizes, bool add_zero);

/** Describes a size list compactly ("0:1024:102400" for a stride, else the
 *  list). */
std::string sizes_text(const std::vector<long> &sizes);

/** Measures roundtrips of all pairs over o.sizes (at least two distinct)
 *  and fits the Hockney model (CPM 1.0.1's Hockney_build). */
Hockney build_hockney(MPI_Comm comm, const BuildOptions &o);

/** Measures and solves the LMO model (CPM 1.0.1's LMO_build): the
 *  one-to-many and many-to-one sweeps over o.sizes with their thresholds
 *  (R), then the point-to-point experiments. Needs 3 processes. */
LMO build_lmo(MPI_Comm comm, const BuildOptions &o);

/** The LMO sweeps of a build in stages. */
struct LmoSweeps {
    Sweep one2many; /**< linear scatter from root 0 over the sizes */
    Sweep many2one; /**< linear gather to root 0 over the sizes */
};

/** Stage 1 of build_lmo (CPM 1.0.1's LMO_build_one2many): the one-to-many
 *  sweep and the threshold S. */
void lmo_build_one2many(MPI_Comm comm, const BuildOptions &o, LMO &m,
                        LmoSweeps &s);
/** Stage 2 (LMO_build_many2one): the many-to-one sweep, M2 and M1. */
void lmo_build_many2one(MPI_Comm comm, const BuildOptions &o, LMO &m,
                        LmoSweeps &s);
/** Stage 3 (LMO_build_p2p): the point-to-point experiments at a size below
 *  S, the solution, and (if both sweeps were measured) the fits and slope
 *  corrections. */
void lmo_build_p2p(MPI_Comm comm, const BuildOptions &o, LMO &m,
                   const LmoSweeps &s);

/** Measures the PLogP experiments of all pairs at 0 bytes and at o.sizes
 *  (at least one above 0) and solves the PLogP model (CPM 1.0.1's
 *  PLogP_build); loggp_from_plogp derives LogGP from it. */
PLogP build_plogp(MPI_Comm comm, const BuildOptions &o);

} // namespace cpm::models

/** @} */

#endif
