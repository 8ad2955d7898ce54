/**
 * \file benchmark_precision.h
 * \brief Measurement precision, results and the stopping rule.
 *
 * An experiment is repeated until the Student-t confidence interval of the
 * mean time is within a relative error eps of the mean:
 *   t_{(1+cl)/2, r-1} * s_r / sqrt(r) <= eps * mean_r,
 * checked after every repetition r with min_reps <= r <= max_reps.
 */
#ifndef CPM_BENCHMARK_PRECISION_H
#define CPM_BENCHMARK_PRECISION_H

#include <mpi.h>

#include <functional>
#include <vector>

/** \defgroup benchmark Benchmark: the measurement module
 *  Precision and results, timing methods, point-to-point, one-to-two and
 *  collective experiments, and their parallel scheduling.
 *  Depends on common, stats and MPI.
 *  @{ */

namespace cpm::bench {

/** How precisely an experiment is measured. */
struct Precision {
    int min_reps = 5;    /**< repetitions always made */
    int max_reps = 100;  /**< repetitions never exceeded */
    double cl = 0.95;    /**< confidence level, 0 < cl < 1 */
    double eps = 0.025;  /**< relative error of the mean, 0 < eps < 1 */

    /** Throws cpm::UsageError naming the first invalid field. */
    void validate() const;
};

/** The outcome of one experiment. */
struct Result {
    long M = 0;            /**< message size in bytes */
    double T = 0;          /**< mean time in seconds */
    double wtick = 0;      /**< resolution of MPI_Wtime in seconds */
    int reps = 0;          /**< repetitions made */
    double ci = 0;         /**< half-width of the confidence interval (s) */
    bool converged = false;/**< ci <= eps*T was reached within max_reps */
};

/**
 * Collects the times of one experiment and applies the stopping rule.
 * Feed it with add() after each repetition until done() is true.
 */
class Sampler {
public:
    /** A sampler for precision p (validated: throws cpm::UsageError). */
    explicit Sampler(const Precision &p);
    /** Records the time of one repetition. */
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
    double mean_ = 0, ci_ = 0;
    bool converged_ = false, done_ = false;
};

/** Number of doubles pack_result() writes. */
const int kResultDoubles = 6;

/** Writes r's fields into p[0 .. kResultDoubles-1] (for reductions and
 *  broadcasts of results). */
void pack_result(const Result &r, double *p);
/** The result pack_result() wrote into p. */
Result unpack_result(const double *p);

/** Rank root's r on every rank of comm (collective). */
Result bcast_result(MPI_Comm comm, int root, const Result &r);

/**
 * Repeats one experiment under the stopping rule decided on rank root of
 * comm: every rank calls repetition() (which returns the time root's
 * timing method gives), root records it, and root's decision to stop is
 * broadcast after each repetition. Returns root's result on every rank,
 * with M = M and wtick = MPI_Wtick() (collective).
 */
Result sample_on_root(MPI_Comm comm, int root, long M,
                      const Precision &precision,
                      const std::function<double()> &repetition);

} // namespace cpm::bench

/** @} */

#endif
