#include "benchmark_precision.h"

#include "common_error.h"
#include "common_mpi.h"
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

void pack_result(const Result &r, double *p)
{
    p[0] = double(r.M);
    p[1] = r.T;
    p[2] = r.wtick;
    p[3] = r.reps;
    p[4] = r.ci;
    p[5] = r.converged;
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
    return r;
}

Result bcast_result(MPI_Comm comm, int root, const Result &r)
{
    double p[kResultDoubles];
    pack_result(r, p);
    CPM_MPI(MPI_Bcast(p, kResultDoubles, MPI_DOUBLE, root, comm));
    return unpack_result(p);
}

Result sample_on_root(MPI_Comm comm, int root, long M,
                      const Precision &precision,
                      const std::function<double()> &repetition)
{
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    Sampler s(precision);
    int done = 0;
    while (!done) {
        double t = repetition();
        if (rank == root) {
            s.add(t);
            done = s.done();
        }
        CPM_MPI(MPI_Bcast(&done, 1, MPI_INT, root, comm));
    }
    Result r = bcast_result(comm, root, s.result());
    r.M = M;
    r.wtick = MPI_Wtick();
    return r;
}

} // namespace cpm::bench
