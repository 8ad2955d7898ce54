/**
 * \file benchmark_precision.h
 * \brief Measurement precision, results and the stopping rule.
 *
 * An experiment is repeated until the confidence interval of its time
 * estimate is within a relative error eps of the estimate:
 *   h_r <= eps * T_r,
 * checked after every counted repetition r with min_reps <= r <= max_reps,
 * where T_r is the estimate of the first r counted times and h_r the
 * half-width of its interval at level cl. The first `warmup` repetitions
 * of every experiment are made and not counted (connections, caches,
 * protocol set-up). The estimator is one of
 *  - Mean (CPM 1.0.1, MPIBlib): h_r = t_{(1+cl)/2, r-1} s_r / sqrt(r);
 *  - Median: the order-statistics interval (stats_robust.h), which needs
 *    enough repetitions for level cl (6 at 0.95);
 *  - Trimmed: the 20% trimmed mean with its Tukey-McLaughlin interval.
 * Where the estimator has no interval yet, the rule is met only by a
 * sample of equal times (to 1e-12 relative: a simulator's). Repetitions beyond Tukey's outer fences (3 IQR)
 * are counted as outliers in the result; they stay in the sample.
 * No MPI here (the models' files include it): a result sampled on one
 * rank and shared is benchmark_sample.h.
 * A repetition of a point-to-point experiment may be a train of
 * roundtrips timed as a whole (Precision::train); the sampler sees the
 * train's time per roundtrip.
 */
#ifndef CPM_BENCHMARK_PRECISION_H
#define CPM_BENCHMARK_PRECISION_H

#include <string>
#include <vector>

/** \defgroup benchmark Benchmark: the measurement module
 *  Precision and results, timing methods, point-to-point, one-to-two and
 *  collective experiments, and their parallel scheduling.
 *  Depends on common, stats and MPI.
 *  @{ */

namespace cpm::bench {

/** The statistic of an experiment's times that is reported and stopped
 *  on. */
enum class Estimator {
    Mean,    /**< arithmetic mean, Student-t interval (CPM 1.0.1) */
    Median,  /**< median, order-statistics interval */
    Trimmed, /**< 20% trimmed mean, Tukey-McLaughlin interval */
};

/** The name of an estimator: "mean", "median" or "trimmed". */
const char *estimator_name(Estimator e);
/** The estimator of that name; throws cpm::UsageError listing the names. */
Estimator parse_estimator(const std::string &name);

/** The longest train of roundtrips one repetition may be
 *  (Precision::train). */
const int kMaxTrain = 1000;

/** How precisely an experiment is measured. */
struct Precision {
    int min_reps = 5;    /**< counted repetitions always made */
    int max_reps = 100;  /**< counted repetitions never exceeded */
    double cl = 0.95;    /**< confidence level, 0 < cl < 1 */
    double eps = 0.025;  /**< relative error of the estimate, 0 < eps < 1 */
    int warmup = 1;      /**< repetitions made first and not counted */
    /** Roundtrips (or one-to-two rounds) per timed repetition: the clock
     *  is read before and after a train of that many, back to back, and
     *  the repetition's time is the train's time over its length.
     *  1: each alone (CPM 1.0.1, MPIBlib); 0 (auto): per experiment, the
     *  fewest whose time reaches 1000 clock readings (train_length() in
     *  benchmark_timing.h). Point-to-point experiments only. */
    int train = 0;
    Estimator estimator = Estimator::Median; /**< what T is */

    /** Throws cpm::UsageError naming the first invalid field. */
    void validate() const;
};

/** The outcome of one experiment. */
struct Result {
    long M = 0;            /**< message size in bytes */
    double T = 0;          /**< mean time in seconds */
    double wtick = 0;      /**< resolution of MPI_Wtime in seconds */
    int reps = 0;          /**< counted repetitions made */
    double ci = 0;         /**< half-width of the confidence interval (s) */
    bool converged = false;/**< ci <= eps*T was reached within max_reps */
    int outliers = 0;      /**< counted repetitions beyond 3 IQR */
};

/** The one-way time of a roundtrip's result: T and ci halved. */
inline Result one_way(Result r)
{
    r.T /= 2;
    r.ci /= 2;
    return r;
}

/**
 * Collects the times of one experiment and applies the stopping rule.
 * Feed it with add() after each repetition until done() is true.
 */
class Sampler {
public:
    /** A sampler for precision p (validated: throws cpm::UsageError). */
    explicit Sampler(const Precision &p);
    /** Records the time of one repetition (the first p.warmup are made
     *  and not counted). */
    void add(double t);
    /** True once the rule says to stop (converged or max_reps reached). */
    bool done() const { return done_; }
    /** The result so far (M and wtick are left for the caller to set). */
    Result result() const;
    /** Times recorded so far. */
    const std::vector<double> &samples() const { return x_; }

private:
    Precision p_;
    std::vector<double> x_;
    int warm_ = 0;
    double est_ = 0, ci_ = 0;
    bool converged_ = false, done_ = false;
};

/** Number of doubles pack_result() writes. */
const int kResultDoubles = 7;

/** Writes r's fields into p[0 .. kResultDoubles-1] (for reductions and
 *  broadcasts of results). */
void pack_result(const Result &r, double *p);
/** The result pack_result() wrote into p. */
Result unpack_result(const double *p);

} // namespace cpm::bench

/** @} */

#endif
