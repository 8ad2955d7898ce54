#include "benchmark_precision.h"

#include "common_error.h"
#include "stats_ci.h"

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
    x_.push_back(t);
    int r = int(x_.size());
    stats::Summary s = stats::summarize(x_, p_.cl);
    mean_ = s.mean;
    ci_ = s.ci;
    if (r < p_.min_reps)
        return;
    // With one repetition there is no interval: stop only when forced to.
    converged_ = r >= 2 && ci_ <= p_.eps * std::fabs(mean_);
    done_ = converged_ || r >= p_.max_reps;
}

Result Sampler::result() const
{
    Result res;
    res.T = mean_;
    res.ci = ci_;
    res.reps = int(x_.size());
    res.converged = converged_;
    return res;
}

} // namespace cpm::bench
