// Building the LMO model by measurement (CPM 1.0.1's LMO_build):
//  1. one-to-many (MPIB_Scatter_linear) and many-to-one (MPIB_Gather_linear)
//     from root 0 over the message sizes (without -s/-m/--sizes, 0 to
//     100 KiB in steps of 4 KiB: threshold_sizes);
//  2. S: the first Bai-Perron break of the one-to-many times (T ~ M);
//     M2: the last Bai-Perron break of the many-to-one times (T ~ M);
//     M1: the first tenfold jump of the many-to-one times, narrowed by
//     bisection to one byte and truncated to a multiple of 1024;
//  3. the size segments of the point-to-point time (Bai-Perron on a
//     one-to-one sweep of a few pairs per transport class over
//     sweep_sizes: adaptive 0-4 MiB without -s/-m/--sizes), then per
//     segment the one-to-one experiments of all pairs and the one-to-two
//     experiments of all triplets at two sizes inside it (its first
//     size, 0 in the first segment, and the smallest swept size whose
//     time over the first's is pinned to eps and at least eps of it, and
//     whose chord from the first meets the segment's sweep; below S where
//     possible;
//     empty replies avoid the gather escalations), solved by
//     model_lmo.cpp;
//  4. S and M2 dropped where the sweep does not change form (the slope
//     above the break short of half the model's serialising: sum - max
//     of the legs), the fits of the regions and the slope corrections.
#include "model_lmo_build.h"

#include "benchmark_collective.h"
#include "benchmark_p2p.h"
#include "common_error.h"
#include "common_mpi.h"
#include "model_segments.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

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



/* The thresholds' sweep without -s/-m/--sizes (o.adaptive): 0 to
 * kThresholdMax bytes in steps of kThresholdStep, or the step that gives
 * Bai-Perron's minimal number of sizes for h if that is more. */
const long kThresholdMax = 102400;
const long kThresholdStep = 4096;

std::vector<long> threshold_sizes(double h)
{
    long step = kThresholdStep;
    long need = long(min_sizes(h));
    if (need > 1 && kThresholdMax / step + 1 < need)
        step = std::max(1L, kThresholdMax / (need - 1));
    std::vector<long> v;
    for (long M = 0; M <= kThresholdMax; M += step)
        v.push_back(M);
    return v;
}

/* The sorted distinct sizes of the thresholds' sweeps (the user's, or
 * threshold_sizes if o.adaptive), checked for Bai-Perron, and n >= 3. */
std::vector<long> checked_sizes(MPI_Comm comm, const BuildOptions &o,
                                const LmoBuildOptions &lo)
{
    build_comm_size(comm, 3, "LMO");
    const double h = lo.breakpoints.h;
    std::vector<long> sizes = o.adaptive ? threshold_sizes(h)
                                         : build_sizes(o.sizes, false);
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

namespace {

/* A few pairs per transport class for the segment sweep: the first pair
 * of each class in all_pairs order, then a second one sharing no process
 * with those chosen, if any. Returns their indices in all_pairs(n). */
std::vector<std::size_t> sweep_pairs(int n, const std::vector<int> &classes)
{
    std::vector<bench::Pair> all = bench::all_pairs(n);
    std::vector<std::size_t> out;
    std::vector<int> have(2, 0);
    std::vector<char> busy(std::size_t(n), 0);
    for (int round = 0; round < 2; ++round)
        for (int c = 0; c < 2; ++c)
            for (std::size_t p = 0; p < all.size(); ++p) {
                if (classes[p] != c || have[std::size_t(c)] > round)
                    continue;
                const bench::Pair &q = all[p];
                if (busy[std::size_t(q.i)] || busy[std::size_t(q.j)])
                    continue;
                busy[std::size_t(q.i)] = busy[std::size_t(q.j)] = 1;
                out.push_back(p);
                ++have[std::size_t(c)];
                break;
            }
    return out;
}

/* The precision of the one-to-two experiments of all triplets: the
 * stopping rule of p from kTripletMinReps repetitions (or p.min_reps if
 * fewer) and no warm-up of their own. Each C_r and t_r is the mean over
 * the C(n-1,2) experiments rooted at r, so each experiment needs less
 * precision than a parameter measured alone (the CPM paper's additional
 * level of averaging: Lastovetsky, Rychkov, O'Flynn, EuroPVM/MPI 2008,
 * section 4); each still stops only when its interval is within eps or
 * at p.max_reps (on a noisy machine the median's interval needs 6
 * repetitions). The messages of a one-to-two are those of its root's two
 * one-to-one experiments measured just before (same size, same pairs and
 * directions, empty replies), whose warm-up set up the connections and
 * the protocol; a build resumed from a journal replays those and measures
 * the next one-to-two experiments on connections not yet used in that
 * run (doc/measurement.md). */
const int kTripletMinReps = 2;

bench::Precision triplet_precision(const bench::Precision &p)
{
    bench::Precision t = p;
    t.min_reps = std::min(p.min_reps, kTripletMinReps);
    t.warmup = 0;
    return t;
}

const double kChordTolerance = 2; // in units of eps
const long kReach = 8; // Mb beyond 1/kReach of the sweep's largest size
                       // only where no size within reach is pinned

/* How far the chord through (Ma, M) misses the sweep in [Ma, hi) (hi < 0:
 * no end): at each swept size x of a sweep pair measured at Ma, M and x,
 * the miss (|chord(x) - T(x)| - ci(x) - ci_chord(x)) / min(chord(x), T(x))
 * (mu - 1 beyond the intervals, 0 within them; infinite where the chord is
 * not positive), where ci_chord(x) = |1 - w| ci(Ma) + |w| ci(M), w = (x -
 * Ma) / (M - Ma); the largest (0 if nothing else was swept). */
double chord_miss(long Ma, long M, long hi, const LmoSweepResults &sw)
{
    const std::vector<bench::Result> &a = sw.r.at(Ma), &b = sw.r.at(M);
    const std::vector<char> &ha = sw.have.at(Ma), &hb = sw.have.at(M);
    double worst = 0;
    for (const auto &kv : sw.r) {
        const long x = kv.first;
        if (x <= Ma || x == M || (hi >= 0 && x >= hi))
            continue;
        const std::vector<char> &hx = sw.have.at(x);
        const double w = double(x - Ma) / double(M - Ma);
        for (std::size_t p = 0; p < kv.second.size(); ++p) {
            const double T = kv.second[p].T;
            if (!ha[p] || !hb[p] || !hx[p] || !(T > 0))
                continue;
            const double chord = a[p].T + (b[p].T - a[p].T) * w;
            const double d = std::abs(chord - T) - kv.second[p].ci -
                             std::abs(1 - w) * a[p].ci - std::abs(w) * b[p].ci;
            const double lo = std::min(chord, T);
            const double miss = d <= 0 ? 0 : lo > 0 ? d / lo : INFINITY;
            worst = std::max(worst, miss);
        }
    }
    return worst;
}

} // namespace

/* The rule is stated with the declaration (model_lmo_build.h); why it is
 * so (doc/models.md, LMO, with the figures):
 *  - the pinning: ci(Ma) + ci(Mb) <= eps dT pins the slope to the
 *    requested precision; dT >= eps T(Ma) is what an interval cannot see:
 *    an interval of 0 (a simulator's equal times) says nothing about an
 *    error in proportion to the time (the clock, the simulator's rounding),
 *    which enters the slopes t_i, 1/beta_ij multiplied by
 *    (T(Ma) + T(Mb)) / dT: 10^4 at Mb = 1 byte, at most about 2 / eps here;
 *  - the chord: the line through Ma and Mb is what the segment's
 *    parameters will be, so it must meet the segment's sweep; a slope read
 *    from a few microseconds of a noisy pair, or across a break the
 *    sweep's search did not keep, does not. On an affine segment the
 *    first pinned size's chord meets the sweep and Mb stays as small as
 *    the pinning allows;
 *  - the reach: without it the least miss of a noisy segment can be at
 *    the sweep's largest size, where every pair's and triplet's
 *    experiments cost the most; an eighth of the range reads the slope
 *    nearly as well;
 *  - below S: the one-to-two experiments are part scatters. */
void lmo_experiment_sizes(LmoSegmentData &g, long hi,
                          const LmoSweepResults &sw,
                          const std::optional<double> &S, double eps)
{
    g.Ma = double(g.from);
    std::vector<long> cand, below;
    for (const auto &kv : sw.r)
        if (kv.first > g.from && (hi < 0 || kv.first < hi)) {
            cand.push_back(kv.first);
            if (!S || double(kv.first) < *S)
                below.push_back(kv.first);
        }
    if (cand.empty()) {
        // No swept size beyond the segment's first: one in the middle of
        // the segment, or twice its start in the last one.
        g.Mb = hi > 0 ? double(g.from + std::max(1L, (hi - g.from) / 2))
                      : double(std::max(2 * g.from, g.from + 1024));
        return;
    }
    // Sizes beyond reach are chosen only where nothing within reach will
    // do: the first pinned size, or the smallest of the segment.
    const long reach = sw.r.rbegin()->first / kReach;
    const std::vector<long> &v0 = below.empty() ? cand : below;
    g.Mb = double(v0.front());
    for (long M : v0)
        if (M <= reach)
            g.Mb = double(M);
    auto a = sw.r.find(g.from);
    if (a == sw.r.end())
        return; // the start was not swept: no interval to judge by
    const std::vector<char> &ha = sw.have.at(g.from);
    auto pinned = [&](long M) {
        const std::vector<bench::Result> &k = sw.r.at(M);
        const std::vector<char> &hk = sw.have.at(M);
        int judged = 0;
        for (std::size_t p = 0; p < k.size(); ++p) {
            if (!ha[p] || !hk[p])
                continue;
            double dT = k[p].T - a->second[p].T;
            if (!(dT > 0 && k[p].ci + a->second[p].ci <= eps * dT &&
                  dT >= eps * a->second[p].T))
                return false;
            ++judged;
        }
        return judged > 0;
    };
    // Of the pinned sizes of v, the smallest whose chord meets the sweep
    // (accepted), else of those within reach the smallest whose chord's
    // miss is within the tolerance of the least, else the smallest; 0 if
    // none is pinned.
    const double tol = kChordTolerance * eps;
    struct Pick {
        long M = 0;
        bool accepted = false;
    };
    auto pick = [&](const std::vector<long> &v) {
        std::vector<std::pair<long, double>> miss;
        long first = 0;
        for (long M : v) {
            if (!pinned(M))
                continue;
            double c = chord_miss(g.from, M, hi, sw);
            if (c <= tol)
                return Pick{M, true};
            if (first == 0)
                first = M;
            if (M <= reach)
                miss.push_back({M, c});
        }
        double least = INFINITY;
        for (const auto &m : miss)
            least = std::min(least, m.second);
        for (const auto &m : miss)
            if (m.second <= least + tol)
                return Pick{m.first, false};
        return Pick{first, false};
    };
    Pick b = pick(below);
    if (!b.accepted && below.size() < cand.size())
        b = pick(cand);
    if (b.M > 0)
        g.Mb = double(b.M);
}

void lmo_build_p2p(MPI_Comm comm, const BuildOptions &o, LMO &m,
                   const LmoSweeps &s, const LmoBuildOptions &lo)
{
    std::vector<long> sizes = checked_sizes(comm, o, lo);
    int n = 0;
    CPM_MPI(MPI_Comm_size(comm, &n));
    const double start = MPI_Wtime();
    Provenance prov = make_provenance(comm, o, sizes_text(sizes));
    std::vector<int> classes = pair_classes(prov.processors);

    // The segment sweep: one-to-one experiments (M out, empty reply) of a
    // few pairs per transport class over the sizes of sweep_sizes (the
    // user's, or the adaptive plan's without -s/-m/--sizes); their times
    // are piecewise in M with the breaks of the one-way time.
    std::vector<bench::Pair> all = bench::all_pairs(n);
    std::vector<std::size_t> few = sweep_pairs(n, classes);
    std::vector<std::size_t> slot(all.size(), few.size());
    for (std::size_t q = 0; q < few.size(); ++q)
        slot[few[q]] = q;
    o.say(comm, "LMO: one-to-one sweep of " + std::to_string(few.size()) +
                    " pair(s) " +
                    (o.adaptive ? std::string("over the adaptive sizes")
                                : "over " + std::to_string(sizes.size()) +
                                      " sizes") +
                    " (size segments)");
    LmoSweepResults sw;
    MeasureSizes measure = [&](const std::vector<long> &ms,
                               const std::vector<std::size_t> &which) {
        std::vector<bench::Pair> pairs;
        for (std::size_t p : which)
            pairs.push_back(all[p]);
        // All the sizes in one call: one synchronisation of comm.
        std::vector<std::vector<bench::Result>> all_r =
            bench::measure_roundtrip_sizes(comm, pairs,
                                           bench::sweep_sizes(ms, false),
                                           o.parallel, o.precision);
        std::vector<std::vector<bench::Result>> t;
        for (std::size_t s = 0; s < ms.size(); ++s) {
            const long M = ms[s];
            const std::vector<bench::Result> &r = all_r[s];
            std::vector<bench::Result> &row = sw.r[M];
            std::vector<char> &h = sw.have[M];
            row.resize(few.size());
            h.resize(few.size(), 0);
            std::vector<bench::Result> half;
            for (std::size_t k = 0; k < which.size(); ++k) {
                row[slot[which[k]]] = r[k];
                h[slot[which[k]]] = 1;
                half.push_back(bench::one_way(r[k]));
            }
            t.push_back(half);
        }
        return t;
    };
    SizeSweep w = sweep_sizes(comm, o, n, measure, "LMO", false, few);
    // One set of segments for the model: the union of the classes' starts
    // (a start of one class splits a segment of the other in two, both
    // affine).
    std::vector<long> starts;
    for (const auto &c : w.segments)
        starts.insert(starts.end(), c.begin(), c.end());
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());

    LmoP2pData d;
    d.n = n;
    for (std::size_t k = 0; k <= starts.size(); ++k) {
        LmoSegmentData g;
        g.from = k == 0 ? 0 : starts[k - 1];
        long hi = k < starts.size() ? starts[k] : -1;
        lmo_experiment_sizes(g, hi, sw, m.S, o.precision.eps);
        d.segments.push_back(g);
    }

    std::vector<bench::Triplet> trip = bench::all_triplets(n);
    // Both directions of every pair: i -> j (i < j), then j -> i.
    std::vector<bench::Pair> pairs = all;
    const std::size_t np = pairs.size();
    for (std::size_t p = 0; p < np; ++p)
        pairs.push_back({pairs[p].j, pairs[p].i});
    // A pair's cost for the one-to-two order: the mean of its directions.
    auto times = [np](const std::vector<bench::Result> &v) {
        std::vector<double> t;
        for (std::size_t p = 0; p < np; ++p)
            t.push_back((v[p].T + v[np + p].T) / 2);
        return t;
    };
    std::string chosen;
    for (LmoSegmentData &g : d.segments) {
        for (int side = 0; side < 2; ++side) {
            long M = long(side == 0 ? g.Ma : g.Mb);
            o.say(comm, "LMO: one-to-one experiments of all ordered pairs, " +
                            std::to_string(M) + " bytes, empty replies");
            std::vector<bench::Result> &oo = side == 0 ? g.o2oA : g.o2oB;
            oo = bench::measure_roundtrips(comm, pairs, M, 0, o.parallel,
                                           o.precision);
            o.say(comm, "LMO: one-to-two experiments of all triplets, " +
                            std::to_string(M) + " bytes, empty replies");
            (side == 0 ? g.o2tA : g.o2tB) =
                bench::measure_triplets(comm, trip, M, false, o.parallel,
                                        triplet_precision(o.precision), {},
                                        times(oo))
                    .one_to_two;
        }
        chosen += std::string(chosen.empty() ? "" : "; ") +
                  std::to_string(long(g.Ma)) + "," + std::to_string(long(g.Mb));
    }

    const double measured = MPI_Wtime() - start;
    lmo_solve_p2p(m, d, o.precision.cl);
    std::string dropped;
    if (!s.one2many.M.empty() && !s.many2one.M.empty()) {
        const std::optional<double> S0 = m.S, M20 = m.M2;
        lmo_fit_collectives(m, s.one2many, s.many2one, o.precision.cl);
        if (S0 && !m.S)
            dropped += "S " + std::to_string(long(*S0));
        if (M20 && !m.M2)
            dropped += std::string(dropped.empty() ? "" : ", ") + "M2 " +
                       std::to_string(long(*M20));
        if (!dropped.empty())
            o.say(comm, "LMO: break(s) without a change of form dropped: " +
                            dropped);
    }
    m.provenance = prov;
    if (w.adaptive)
        m.provenance.extra["p2p-sweep"] = w.text();
    if (d.segments.size() == 1)
        m.provenance.extra["p2p-size"] = std::to_string(long(d.segments[0].Mb));
    else
        m.provenance.extra["p2p-sizes"] = chosen;
    m.provenance.extra["p2p-experiments"] =
        "per size segment at two sizes inside it (Ma,Mb; 0 in the first): "
        "one-to-one of all pairs and one-to-two of all triplets, empty "
        "replies, the one-to-two from 2 repetitions with no warm-up of "
        "their own; Mb the smallest swept size whose time over Ma's is "
        "pinned to eps by the sweep and at least eps of Ma's time, and "
        "whose chord from Ma meets the sweep of the segment within 2 eps "
        "beyond its intervals (else, up to 1/8 of the sweep's largest "
        "size, the one whose chord misses least)";
    if (o.segments)
        m.provenance.extra["segments"] = Segments{starts}.text();
    char tbuf[32];
    std::snprintf(tbuf, sizeof tbuf, "%g s", measured);
    m.provenance.extra["p2p-time"] = tbuf; // rank 0's: sweep and experiments
    char hbuf[32];
    std::snprintf(hbuf, sizeof hbuf, "%g", lo.breakpoints.h);
    m.provenance.extra["breakpoints"] =
        std::string("h=") + hbuf +
        " max_breaks=" + std::to_string(lo.breakpoints.max_breaks) +
        " criterion=" + lo.breakpoints.criterion +
        "; S first break, M2 last break, both of T ~ M, kept where the "
        "slope above exceeds that below by half the model's sum-max "
        "slope" +
        (dropped.empty() ? std::string() : " (dropped: " + dropped + ")");
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
