// Building the LMO model by measurement (CPM 1.0.1's LMO_build):
//  1. one-to-many (MPIB_Scatter_linear) and many-to-one (MPIB_Gather_linear)
//     from root 0 over the message sizes;
//  2. S: the first Bai-Perron break of the one-to-many times (T ~ M);
//     M2: the last Bai-Perron break of the many-to-one times (T ~ M);
//     M1: the first tenfold jump of the many-to-one times, narrowed by
//     bisection to one byte and truncated to a multiple of 1024;
//  3. the point-to-point experiments at 0 bytes and at M, the largest
//     measured size below S (one-to-two with empty replies avoids the
//     gather escalations), solved by model_lmo.cpp;
//  4. the fits of the regions and the slope corrections.
#include "model_lmo_build.h"

#include "benchmark_collective.h"
#include "benchmark_p2p.h"
#include "common_error.h"
#include "common_mpi.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cpm::models {

namespace {

/* Bai-Perron needs segments of at least 3 observations (2 regressors). */
std::size_t min_sizes(double h)
{
    return h < 1 ? std::size_t(std::ceil(3 / h)) : std::size_t(2 * h + 1);
}

Sweep sweep(MPI_Comm comm, const char *op, const std::vector<long> &sizes,
            const BuildOptions &o)
{
    const bench::CollectiveOp &c = bench::find_collective(op);
    Sweep s;
    for (long M : sizes) {
        bench::Result r =
            bench::measure_collective(comm, c, M, 0, o.timing, o.precision);
        s.M.push_back(double(M));
        s.T.push_back(r.T);
    }
    return s;
}

/* The many-to-one time at M (root 0), the same on every rank. */
double gather_at(MPI_Comm comm, long M, const BuildOptions &o)
{
    return bench::measure_collective(comm,
                                     bench::find_collective("MPIB_Gather_linear"),
                                     M, 0, o.timing, o.precision)
        .T;
}



/* The sorted distinct sizes, checked for Bai-Perron, and n >= 3. */
std::vector<long> checked_sizes(MPI_Comm comm, const BuildOptions &o,
                                const LmoBuildOptions &lo)
{
    build_comm_size(comm, 3, "LMO");
    std::vector<long> sizes = build_sizes(o.sizes, false);
    const double h = lo.breakpoints.h;
    if (sizes.size() < min_sizes(h) || (h >= 1 && h < 3))
        throw UsageError("the LMO thresholds need Bai-Perron segments of at "
                         "least 3 sizes: with --bp-h " + std::to_string(h) +
                         " that takes " + std::to_string(min_sizes(h)) +
                         " message sizes (-s, -m or --sizes), got " +
                         std::to_string(sizes.size()));
    return sizes;
}

/* A Bai-Perron break of a sweep computed by R on rank 0 and broadcast:
 * the size at the first (last = false) or last break; NaN if none. */
double break_size(MPI_Comm comm, const Sweep &s, bool last,
                  const LmoBuildOptions &lo)
{
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    double at = NAN;
    agree(comm, [&] {
        if (rank != 0)
            return;
        auto b = rbridge::breakpoints(s.M, s.T, false, lo.breakpoints);
        if (!b.empty())
            at = s.M[last ? b.back() : b.front()];
    });
    CPM_MPI(MPI_Bcast(&at, 1, MPI_DOUBLE, 0, comm));
    return at;
}

} // namespace

void lmo_build_one2many(MPI_Comm comm, const BuildOptions &o, LMO &m,
                        LmoSweeps &s, const LmoBuildOptions &lo)
{
    std::vector<long> sizes = checked_sizes(comm, o, lo);
    o.say(comm, "LMO: one-to-many (linear scatter) over " +
                    std::to_string(sizes.size()) + " sizes");
    s.one2many = sweep(comm, "MPIB_Scatter_linear", sizes, o);
    o.say(comm, "LMO: Bai-Perron breakpoints of one-to-many (R strucchange)");
    double S = break_size(comm, s.one2many, false, lo);
    m.S = std::isnan(S) ? std::nullopt : std::optional<double>(S);
}

void lmo_build_many2one(MPI_Comm comm, const BuildOptions &o, LMO &m,
                        LmoSweeps &s, const LmoBuildOptions &lo)
{
    std::vector<long> sizes = checked_sizes(comm, o, lo);
    o.say(comm, "LMO: many-to-one (linear gather) over " +
                    std::to_string(sizes.size()) + " sizes");
    Sweep &m2o = s.many2one;
    m2o = sweep(comm, "MPIB_Gather_linear", sizes, o);
    o.say(comm, "LMO: Bai-Perron breakpoints of many-to-one (R strucchange)");
    double M2 = break_size(comm, m2o, true, lo);
    m.M2 = std::isnan(M2) ? std::nullopt : std::optional<double>(M2);

    // M1: first tenfold jump, then bisection between the sizes around it.
    m.M1.reset();
    if (auto k = first_escalation(m2o)) {
        long lo = long(m2o.M[*k - 1]), hi = long(m2o.M[*k]);
        double base = m2o.T[*k - 1];
        o.say(comm, "LMO: escalation between " + std::to_string(lo) + " and " +
                        std::to_string(hi) + " bytes; narrowing M1");
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (gather_at(comm, mid, o) > 10 * base)
                hi = mid;
            else
                lo = mid;
        }
        m.M1 = hi >= 1024 ? double(hi / 1024 * 1024) : double(hi);
    }
}

void lmo_build_p2p(MPI_Comm comm, const BuildOptions &o, LMO &m,
                   const LmoSweeps &s, const LmoBuildOptions &lo)
{
    std::vector<long> sizes = checked_sizes(comm, o, lo);
    int n = 0;
    CPM_MPI(MPI_Comm_size(comm, &n));
    // The size of the non-empty point-to-point experiments.
    long M = 0;
    for (long x : sizes)
        if (x > 0 && (!m.S || double(x) < *m.S))
            M = x;
    if (M == 0)
        throw UsageError("no measured message size lies between 0 and the "
                         "scatter threshold S; use a smaller stride (-s)");

    std::vector<bench::Triplet> trip = bench::all_triplets(n);
    LmoP2pData d;
    d.n = n;
    d.M = double(M);
    o.say(comm, "LMO: empty roundtrips of all pairs");
    d.rt0 = bench::measure_roundtrips(comm, bench::all_pairs(n), 0, 0,
                                      o.parallel, o.precision);
    o.say(comm, "LMO: empty one-to-two experiments of all triplets");
    std::vector<double> rt0_times;
    for (const bench::Result &r : d.rt0)
        rt0_times.push_back(r.T);
    d.o2t0 = bench::measure_triplets(comm, trip, 0, false, o.parallel,
                                     o.precision, {}, rt0_times)
                 .one_to_two;
    o.say(comm, "LMO: one-to-two and one-to-one experiments with " +
                    std::to_string(M) + " bytes");
    bench::TripletResults tm =
        bench::measure_triplets(comm, trip, M, true, o.parallel, o.precision);
    d.o2tM = tm.one_to_two;
    d.o2oM = tm.one_to_one;

    lmo_solve_p2p(m, d, o.precision.cl);
    if (!s.one2many.M.empty() && !s.many2one.M.empty())
        lmo_fit_collectives(m, s.one2many, s.many2one, o.precision.cl);
    m.provenance = make_provenance(comm, o, sizes_text(sizes));
    m.provenance.extra["p2p-size"] = std::to_string(M);
    char hbuf[32];
    std::snprintf(hbuf, sizeof hbuf, "%g", lo.breakpoints.h);
    m.provenance.extra["breakpoints"] =
        std::string("h=") + hbuf +
        " max_breaks=" + std::to_string(lo.breakpoints.max_breaks) +
        " criterion=" + lo.breakpoints.criterion +
        "; S first break, M2 last break, both of T ~ M";
    m.provenance.extra["escalation"] =
        "M1 at the first time > 10x its neighbour's, bisected, KiB";
    m.provenance.extra["collectives"] =
        "MPIB_Scatter_linear MPIB_Gather_linear root 0";
}

LMO build_lmo(MPI_Comm comm, const BuildOptions &o, const LmoBuildOptions &lo)
{
    checked_sizes(comm, o, lo); // bad input before any measurement
    LMO m;
    LmoSweeps s;
    lmo_build_one2many(comm, o, m, s, lo);
    lmo_build_many2one(comm, o, m, s, lo);
    lmo_build_p2p(comm, o, m, s, lo);
    return m;
}

} // namespace cpm::models
