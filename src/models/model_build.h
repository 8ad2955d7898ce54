/**
 * \file model_build.h
 * \brief Building models by measurement (MPI): what every builder shares.
 *
 * The options every builder takes (BuildOptions: precision, sizes,
 * parallel rounds, timing, the command line and a progress log), the
 * provenance of a build and the entry checks of the builders. Each model's
 * builder is declared in its own header, model_NAME_build.h, with the
 * options only that model takes (e.g. LmoBuildOptions, TauLopBuildOptions).
 *
 * Builders are collective over the communicator; the model they return is
 * valid on every rank.
 */
#ifndef CPM_MODEL_BUILD_H
#define CPM_MODEL_BUILD_H

#include "benchmark_precision.h"
#include "benchmark_timing.h"
#include "model_data.h"

#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** How to measure a model: the settings every model's build takes. A
 *  model's own settings are a struct of its build header (e.g.
 *  LmoBuildOptions in model_lmo_build.h). */
struct BuildOptions {
    bench::Precision precision;        /**< repetitions, cl, eps */
    std::vector<long> sizes;           /**< message sizes of the sweeps */
    bool parallel = true;              /**< independent experiments in rounds */
    bench::Timing timing = bench::Timing::Max; /**< for collectives */
    std::string command;               /**< recorded in the model file */
    /** Search the point-to-point sweeps for size segments
     *  (model_segments.h; needs R); false: one line per pair. */
    bool segments = true;
    /** Called on rank 0 with a line describing each step; may be empty. */
    std::function<void(const std::string &)> log;
    /** Passes a line to log on rank 0 of comm. */
    void say(MPI_Comm comm, const std::string &line) const;
};

/**
 * The size segments of each transport class of pairs (pair_class[p]: 0
 * one node, 1 two nodes; model_segments.h) from roundtrips rt[s][p] over
 * sizes: Bai-Perron on rank 0 on the class's mean half-roundtrip, the
 * starts broadcast (collective). Empty lists if !o.segments, fewer than 8
 * sizes, or no R (then o.say tells why).
 */
std::vector<std::vector<long>>
find_class_segments(MPI_Comm comm, const BuildOptions &o,
                    const std::vector<long> &sizes,
                    const std::vector<std::vector<bench::Result>> &rt,
                    const std::vector<int> &pair_class,
                    const std::string &model);

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

} // namespace cpm::models

/** @} */

#endif
