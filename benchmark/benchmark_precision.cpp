#include "benchmark_precision.h"

#include "common_error.h"
#include "stats_ci.h"
#include "stats_robust.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace cpm::bench {

namespace {
std::string format_number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}
} // namespace

const char *estimator_name(Estimator e)
{
    switch (e) {
    case Estimator::Mean:
        return "mean";
    case Estimator::Median:
        return "median";
    case Estimator::Trimmed:
        return "trimmed";
    }
    return "?";
}

Estimator parse_estimator(const std::string &name)
{
    for (Estimator e : {Estimator::Mean, Estimator::Median, Estimator::Trimmed})
        if (name == estimator_name(e))
            return e;
    throw UsageError("unknown estimator '" + name +
                     "' (valid: mean, median, trimmed)");
}

void Precision::validate() const
{
    if (min_reps < 1)
        throw UsageError("minimum repetitions must be at least 1, got " +
                         std::to_string(min_reps));
    if (max_reps < min_reps)
        throw UsageError("minimum repetitions (" + std::to_string(min_reps) +
                         ") exceed maximum repetitions (" +
                         std::to_string(max_reps) + ")");
    if (!(cl > 0 && cl < 1))
        throw UsageError("confidence level must lie in (0,1), got " +
                         format_number(cl));
    if (!(eps > 0 && eps < 1))
        throw UsageError("relative error must lie in (0,1), got " +
                         format_number(eps));
    if (warmup < 0)
        throw UsageError("warm-up repetitions must be at least 0, got " +
                         std::to_string(warmup));
    if (train < 0 || train > kMaxTrain)
        throw UsageError("train length must lie in 0.." +
                         std::to_string(kMaxTrain) + " (0: auto), got " +
                         std::to_string(train));
}

Sampler::Sampler(const Precision &p) : p_(p)
{
    p_.validate();
    x_.reserve(p_.min_reps);
}

void Sampler::add(double t)
{
    if (done_)
        CPM_THROW("Sampler::add called after the stopping rule was met");
    if (warm_ < p_.warmup) {
        ++warm_;
        return;
    }
    x_.push_back(t);
    int r = int(x_.size());
    bool has_ci = r >= 2;
    switch (p_.estimator) {
    case Estimator::Mean: {
        stats::Summary s = stats::summarize(x_, p_.cl);
        est_ = s.mean;
        ci_ = s.ci;
        break;
    }
    case Estimator::Median:
    case Estimator::Trimmed: {
        stats::Location e = p_.estimator == Estimator::Median
                                ? stats::median_ci(x_, p_.cl)
                                : stats::trimmed_mean_ci(x_, 0.2, p_.cl);
        est_ = e.value;
        ci_ = e.half_width();
        has_ci = e.has_ci;
        break;
    }
    }
    if (r < p_.min_reps)
        return;
    if (has_ci) {
        converged_ = ci_ <= p_.eps * std::fabs(est_);
    } else {
        // No interval yet: only a sample of equal times (to rounding, as
        // a simulator's) is settled.
        auto [lo, hi] = std::minmax_element(x_.begin(), x_.end());
        converged_ = r >= 2 && *hi - *lo <= 1e-12 * std::fabs(est_);
        ci_ = *hi - *lo;
    }
    done_ = converged_ || r >= p_.max_reps;
}

Result Sampler::result() const
{
    Result res;
    res.T = est_;
    res.ci = ci_;
    res.reps = int(x_.size());
    res.converged = converged_;
    res.outliers = int(stats::count_outliers(x_));
    return res;
}

void pack_result(const Result &r, double *p)
{
    p[0] = double(r.M);
    p[1] = r.T;
    p[2] = r.wtick;
    p[3] = r.reps;
    p[4] = r.ci;
    p[5] = r.converged;
    p[6] = r.outliers;
}

Result unpack_result(const double *p)
{
    Result r;
    r.M = long(p[0]);
    r.T = p[1];
    r.wtick = p[2];
    r.reps = int(p[3]);
    r.ci = p[4];
    r.converged = p[5] != 0;
    r.outliers = int(p[6]);
    return r;
}

} // namespace cpm::bench
