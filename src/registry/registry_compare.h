/**
 * \file registry_compare.h
 * \brief Observed against predicted: reads the output of `p2p`,
 *        `collective` or `kernel` (doc/formats.md) and compares each
 *        measured time with a model's prediction of the same operation.
 *
 * For an observed time r and a predicted time e, both positive, the
 * proportional error is
 *
 *     mu = max(r, e) / min(r, e)  >= 1,
 *
 * which weighs over- and underestimates alike (a prediction half or twice
 * the observation both give mu = 2; Rico-Gallego et al. 2017 explain the
 * choice).
 * A prediction that is not positive and finite has no mu: it is counted
 * as such and the mean and max are over the other rows.
 */
#ifndef CPM_REGISTRY_COMPARE_H
#define CPM_REGISTRY_COMPARE_H

#include "registry.h"

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

/** \addtogroup cli
 *  @{ */

namespace cpm::registry {

/** A measurement output file of `p2p`, `collective` or `kernel`. */
struct Observed {
    std::string tool;      /**< "p2p", "collective" or "kernel" */
    std::string operation; /**< collective: the -O name; p2p: "p2p";
                                kernel: "summa" or "wave2d" */
    int root = 0;          /**< collective: the root */
    std::string config;    /**< kernel: its configuration file (as named at
                                measurement time) */
    /** kernel: the configuration rebuilt from the `# config-line:` lines
     *  (null for an output without them: then config is read). */
    std::shared_ptr<const kernels::Config> kernel_config;
    int n = 0;             /**< number of processes */
    /** One measured time. */
    struct Row {
        long M = 0;       /**< message size (bytes; per process; kernel:
                               per unit) */
        int i = -1;       /**< p2p: the pair; -1 for a collective */
        int j = -1;       /**< p2p: the pair; -1 for a collective */
        double T = 0;     /**< observed time (s; p2p: one way) */
        double ci = 0;    /**< half-width of its confidence interval (s) */
    };
    std::vector<Row> rows; /**< in file order */
};

/** Reads a p2p, collective or kernel output (bench::read_output) and the
 *  header lines and columns a comparison needs: processes, operation,
 *  root, config and config-line; M, T, ci, and i, j for p2p. Observed
 *  times must be positive. Throws cpm::UsageError "FILE:LINE: problem". */
Observed read_observed(std::istream &in, const std::string &name);

/** The model operation that predicts an observed one: "p2p" for p2p,
 *  the kernel's name for a kernel, and for a collective "scatter" or
 *  "gather" by its -O name. Throws
 *  cpm::UsageError for an operation no model predicts (bcast). */
std::string default_operation(const Observed &obs);

/** The summary of a comparison. */
struct CompareSummary {
    std::size_t rows = 0;      /**< rows compared */
    std::size_t no_mu = 0;     /**< predictions not positive and finite */
    double mean_mu = 0;        /**< mean of mu over the other rows */
    double max_mu = 0;         /**< max of mu over the other rows */
    /** rows whose observed interval meets the prediction's interval
     *  (predict_intervals) */
    std::size_t inside = 0;
};

/** mu = max(r, e)/min(r, e); NaN unless both are positive and finite. */
double proportional_error(double observed, double predicted);

/** Predicts every row of obs with operation op of the model and writes
 *  the table (M [i j] observed ci predicted mu lo hi inside: lo, hi the
 *  interval of predict_intervals, inside 1 if the observed time's own
 *  interval, observed +- (ci + 1e-8 observed), meets it) with `#` header lines and a last `# summary:` line (rows, mean and
 *  max mu, no_mu, inside). */
CompareSummary write_comparison(std::ostream &out, const ModelKind &kind,
                                const ModelHandle &model,
                                const Observed &obs, const std::string &op,
                                const std::string &obs_name);

} // namespace cpm::registry

/** @} */

#endif
