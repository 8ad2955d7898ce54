// Building the PLogP model by measurement (CPM 1.0.1's PLogP_build, which
// called Kielmann et al.'s logp_mpi): the experiments of benchmark_plogp.h
// on all pairs (the lower rank initiates) at the sizes chosen below, then
// the solver of model_plogp.cpp; LogGP is derived from that PLogP model.
//
// Sizes (doc/models.md, PLogP, "Sizes and segments"). A few disjoint
// pairs of each transport class (the probe) are measured first at the
// plan's sizes: the sweep of -s/-m/--sizes (--plan sweep, the default
// with sizes given), or the log plan 0, 1, 2, 4, ..., 4 MiB (--plan log,
// the default without -s/-m/--sizes). Walking up the sizes of a class, as logp_mpi does, each
// size is compared with the line through the two sizes before it in the
// same segment; where os, or, g or RTT/2 departs from it by more than eps of the
// one-way time (plus the measurement's interval), the probe measures the
// midpoint and goes on halving until the two sides are at most 1/128 of
// the size apart: the last size before the break and the first after it.
// A segment starts at that first size. All pairs are then measured at 0,
// 1, both sides of every break, and in each segment at the sizes that the
// piecewise-linear interpolation between the sizes chosen so far does not
// predict (for the log plan; the sweep plan keeps all its sizes). The
// open last segment is measured on all pairs up to kAllPairsCap only, its
// line checked against the probe up to the plan's largest size. A class
// whose probe needs more than kMaxHalvings halvings is taken as too noisy
// to bracket: one segment.
#include "model_plogp_build.h"

#include "benchmark_plogp.h"
#include "common_error.h"
#include "model_segments.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cpm::models {

namespace {

const long kLogPlanMax = 4L << 20;    // the log plan's largest size
const long kAllPairsCap = 256L << 10; // the last segment on all pairs
const int kProbePairs = 4;            // disjoint pairs per class
const int kMaxHalvings = 64;          // per class: more means noise

/* Every PLogP result measured so far, by size and pair (all_pairs order). */
struct Store {
    MPI_Comm comm;
    const BuildOptions &o;
    std::vector<bench::Pair> pairs;
    std::map<long, std::vector<bench::PLogPResult>> r;
    std::map<long, std::vector<char>> have;

    /* Measures the pairs `which` (indices) at size m that are not yet
     * measured there (collective). */
    void measure(long m, const std::vector<std::size_t> &which,
                 const std::string &what)
    {
        std::vector<char> &h = have[m];
        h.resize(pairs.size(), 0);
        std::vector<bench::Pair> todo;
        std::vector<std::size_t> idx;
        for (std::size_t q : which)
            if (!h[q]) {
                todo.push_back(pairs[q]);
                idx.push_back(q);
            }
        if (todo.empty())
            return;
        o.say(comm, "PLogP: RTT, os, or and g of " + what + ", " +
                        std::to_string(m) + " bytes");
        std::vector<bench::PLogPResult> got =
            bench::measure_plogp(comm, todo, m, o.parallel, o.precision);
        std::vector<bench::PLogPResult> &row = r[m];
        row.resize(pairs.size());
        for (std::size_t e = 0; e < idx.size(); ++e) {
            row[idx[e]] = got[e];
            h[idx[e]] = 1;
        }
    }
};

/* A class's mean os, or, g and one-way time RTT/2 at a size, with the
 * mean intervals. */
struct Point {
    double v[4] = {0, 0, 0, 0};  // os, or, g, RTT/2
    double ci[4] = {0, 0, 0, 0};
    double t = 0;                // RTT/2
};

Point mean_point(const Store &s, long m, const std::vector<std::size_t> &pp)
{
    Point p;
    const std::vector<bench::PLogPResult> &row = s.r.at(m);
    for (std::size_t q : pp) {
        const bench::PLogPResult &x = row[q];
        const bench::Result *f[3] = {&x.os, &x.or_, &x.g};
        for (int k = 0; k < 3; ++k) {
            p.v[k] += f[k]->T / double(pp.size());
            p.ci[k] += f[k]->ci / double(pp.size());
        }
        p.v[3] += (x.rtt.T + x.rtt_back.T) / 4 / double(pp.size());
        p.ci[3] += (x.rtt.ci + x.rtt_back.ci) / 4 / double(pp.size());
        p.t = p.v[3];
    }
    return p;
}

/* Whether the point at size c lies on the line through the points at a
 * and b (a < b), for os, or, g and RTT/2: within eps of the one-way time at c
 * plus the intervals. */
bool on_line(long a, const Point &pa, long b, const Point &pb, long c,
             const Point &pc, double eps)
{
    for (int k = 0; k < 4; ++k) {
        double slope = (pb.v[k] - pa.v[k]) / double(b - a);
        double expect = pb.v[k] + slope * double(c - b);
        double room = eps * std::fabs(pc.t) + pc.ci[k] + pa.ci[k] + pb.ci[k];
        if (!(std::fabs(pc.v[k] - expect) <= room))
            return false;
    }
    return true;
}

/* The segments of one class from its probe: walks up the sizes P
 * (sorted, measured on the probe pairs pp), halving the interval where a
 * size leaves the line of the two before it. Returns the index ranges
 * [first, end) of the segments in P, which it extends. */
std::vector<std::pair<std::size_t, std::size_t>>
probe_segments(Store &s, std::vector<long> &P,
               const std::vector<std::size_t> &pp, const std::string &what,
               bool &noisy)
{
    double eps = s.o.precision.eps;
    std::map<long, Point> pts;
    auto at = [&](long m) -> const Point & {
        auto it = pts.find(m);
        if (it == pts.end())
            it = pts.emplace(m, mean_point(s, m, pp)).first;
        return it->second;
    };
    std::vector<std::size_t> firsts = {0};
    std::size_t i = 2;
    int halvings = 0;
    while (i < P.size()) {
        std::size_t first = firsts.back();
        if (i < first + 2) {
            i = first + 2;
            continue;
        }
        long a = P[i - 2], b = P[i - 1], c = P[i];
        if (on_line(a, at(a), b, at(b), c, at(c), eps)) {
            ++i;
            continue;
        }
        if (c - b <= std::max<long>(1, c / 128)) {
            firsts.push_back(i); // the break lies between b and c
            continue;
        }
        if (++halvings > kMaxHalvings) {
            // Times that leave every line: noise, not breaks (e.g. an
            // oversubscribed machine). One segment, said in the file.
            noisy = true;
            return {{0, P.size()}};
        }
        long mid = b + (c - b) / 2;
        s.measure(mid, pp, what + " (bracketing a break)");
        P.insert(P.begin() + long(i), mid);
    }
    std::vector<std::pair<std::size_t, std::size_t>> seg;
    for (std::size_t k = 0; k < firsts.size(); ++k)
        seg.push_back({firsts[k], k + 1 < firsts.size() ? firsts[k + 1]
                                                        : P.size()});
    return seg;
}

/* The sizes of one segment Q (of the probe) to measure on all pairs: its
 * first and last (for the open last segment, the largest up to
 * kAllPairsCap), then, one at a time, the size that the interpolation
 * between the chosen ones misses most, until it misses none. */
std::vector<long> chosen_sizes(Store &s, const std::vector<long> &Q, bool last,
                               const std::vector<std::size_t> &pp)
{
    double eps = s.o.precision.eps;
    std::set<long> c = {Q.front()};
    long top = Q.back();
    if (last && Q.size() > 1) {
        top = Q[1];
        for (long m : Q)
            if (m <= kAllPairsCap && m > top)
                top = m;
    }
    c.insert(top);
    for (;;) {
        long worst = -1;
        double worst_dev = 0;
        for (long m : Q) {
            if (c.count(m) || c.size() < 2)
                continue;
            // The chosen neighbours of m, or the two nearest on one side.
            auto hi = c.upper_bound(m);
            long a, b;
            if (hi == c.end()) {
                b = *std::prev(hi);
                a = *std::prev(hi, 2);
            } else if (hi == c.begin()) {
                a = *hi;
                b = *std::next(hi);
            } else {
                a = *std::prev(hi);
                b = *hi;
            }
            Point pa = mean_point(s, a, pp), pb = mean_point(s, b, pp),
                  pm = mean_point(s, m, pp);
            if (on_line(a, pa, b, pb, m, pm, eps))
                continue;
            double dev = 0;
            for (int k = 0; k < 4; ++k) {
                double slope = (pb.v[k] - pa.v[k]) / double(b - a);
                dev = std::max(dev, std::fabs(pm.v[k] - pb.v[k] -
                                              slope * double(m - b)) /
                                        std::fabs(pm.t));
            }
            if (worst < 0 || dev > worst_dev) {
                worst = m;
                worst_dev = dev;
            }
        }
        if (worst < 0)
            break;
        c.insert(worst);
    }
    return {c.begin(), c.end()};
}

} // namespace

std::vector<long> plogp_log_plan()
{
    std::vector<long> v = {0};
    for (long m = 1; m <= kLogPlanMax; m *= 2)
        v.push_back(m);
    return v;
}

PLogP build_plogp(MPI_Comm comm, const BuildOptions &o,
                  const PLogPBuildOptions &po)
{
    int n = build_comm_size(comm, 2, "PLogP");
    // No plan named: the log plan when the user gave no sizes (it is
    // valid to 4 MiB), else the sweep of the user's sizes.
    bool log_plan = po.plan == "log" || (po.plan.empty() && o.adaptive);
    if (!po.plan.empty() && po.plan != "log" && po.plan != "sweep")
        throw UsageError("the PLogP size plan must be sweep or log, got '" +
                         po.plan + "'");
    std::vector<long> plan = log_plan ? plogp_log_plan()
                                      : build_sizes(o.sizes, true); // L: the empty roundtrip
    if (plan.size() < 2)
        throw UsageError("the PLogP model needs a message size above 0");
    Provenance prov = make_provenance(comm, o, "");
    Store s{comm, o, bench::all_pairs(n), {}, {}};
    std::size_t np = s.pairs.size();
    std::vector<std::size_t> everyone(np);
    for (std::size_t q = 0; q < np; ++q)
        everyone[q] = q;

    std::vector<long> sizes = plan;
    std::vector<std::vector<long>> starts(np);
    std::string seg_text;
    if (o.segments && plan.size() >= 8) { // as find_class_segments
        std::vector<int> cls = pair_classes(prov.processors);
        std::set<long> all = {0};
        if (std::binary_search(plan.begin(), plan.end(), 1L))
            all.insert(1);
        if (!log_plan)
            all.insert(plan.begin(), plan.end());
        for (int c = 0; c < 2; ++c) {
            // The probe: up to kProbePairs disjoint pairs of the class.
            std::vector<std::size_t> pp;
            std::vector<char> used(std::size_t(n), 0);
            for (std::size_t q = 0; q < np && int(pp.size()) < kProbePairs;
                 ++q)
                if (cls[q] == c && !used[std::size_t(s.pairs[q].i)] &&
                    !used[std::size_t(s.pairs[q].j)]) {
                    pp.push_back(q);
                    used[std::size_t(s.pairs[q].i)] = 1;
                    used[std::size_t(s.pairs[q].j)] = 1;
                }
            if (pp.empty())
                continue;
            std::string what = std::string("the probe pairs of ") +
                               pair_class_name(c);
            for (long m : plan)
                s.measure(m, pp, what);
            std::vector<long> P = plan;
            bool noisy = false;
            auto seg = probe_segments(s, P, pp, what, noisy);
            if (noisy) {
                o.say(comm, "PLogP: " + what + ": more than " +
                                std::to_string(kMaxHalvings) +
                                " halvings; the times are too noisy to "
                                "bracket breaks: one segment");
                seg_text += std::string(seg_text.empty() ? "" : "; ") +
                            pair_class_name(c) + " " +
                            "0 (too noisy to bracket breaks)";
            }
            std::vector<long> cstarts;
            for (std::size_t k = 0; k < seg.size(); ++k) {
                std::vector<long> Q(P.begin() + long(seg[k].first),
                                    P.begin() + long(seg[k].second));
                if (k > 0) {
                    cstarts.push_back(Q.front());
                    all.insert(P[seg[k].first - 1]); // the last before
                }
                std::vector<long> ch =
                    chosen_sizes(s, Q, k + 1 == seg.size(), pp);
                if (log_plan)
                    all.insert(ch.begin(), ch.end());
                else
                    all.insert(Q.front());
            }
            for (std::size_t q = 0; q < np; ++q)
                if (cls[q] == c)
                    starts[q] = cstarts;
            if (!noisy)
                seg_text += std::string(seg_text.empty() ? "" : "; ") +
                            pair_class_name(c) + " " +
                            Segments{cstarts}.text();
        }
        sizes.assign(all.begin(), all.end());
    }
    for (long m : sizes)
        s.measure(m, everyone, "all pairs");

    PLogPData data;
    data.n = n;
    data.sizes = sizes;
    for (long m : sizes) {
        data.rtt.emplace_back();
        data.os.emplace_back();
        data.or_.emplace_back();
        data.g.emplace_back();
        data.rtt_back.emplace_back();
        for (const bench::PLogPResult &x : s.r.at(m)) {
            data.rtt.back().push_back(x.rtt);
            data.rtt_back.back().push_back(x.rtt_back);
            data.os.back().push_back(x.os);
            data.or_.back().push_back(x.or_);
            data.g.back().push_back(x.g);
        }
    }
    bool any = false;
    for (const auto &v : starts)
        any = any || !v.empty();
    if (any)
        data.starts = starts;
    PLogP p = plogp_solve(data);
    p.provenance = prov;
    p.provenance.sizes = sizes_text(sizes);
    if (!seg_text.empty()) {
        p.provenance.extra["segments"] = seg_text;
        std::set<long> probed;
        for (const auto &kv : s.r)
            probed.insert(kv.first);
        p.provenance.extra["probe"] =
            std::string(log_plan ? "log plan" : "sweep") + " up to " +
            std::to_string(*probed.rbegin()) + " bytes, " +
            std::to_string(probed.size()) + " sizes on up to " +
            std::to_string(kProbePairs) + " disjoint pairs per class";
    }
    p.provenance.timing = "-";
    p.provenance.extra["experiments"] =
        "per pair, lower rank initiates: RTT(m) m out, empty reply; os(m) "
        "its send call; RTT'(m) empty request, m back (rtt = (RTT + RTT')/2); "
        "or(m) receive of m after a delay of 2 RTT(m) + 10 us; "
        "g(m) = (T_2k - T_k)/k from trains of k and 2k messages with an "
        "acknowledgement; L = RTT(0)/2 - g(0)";
    return p;
}

LogGP build_loggp(MPI_Comm comm, const BuildOptions &o,
                  const PLogPBuildOptions &po)
{
    PLogP p = build_plogp(comm, o, po);
    LogGP g = loggp_from_plogp(p);
    g.warnings.insert(g.warnings.begin(), p.warnings.begin(), p.warnings.end());
    return g;
}

} // namespace cpm::models
