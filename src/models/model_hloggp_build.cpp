// Building HLogGP by measurement. At 0 bytes, the PLogP experiments
// (benchmark_plogp.h) of all pairs with the lower rank initiating and
// again with the higher rank initiating, so that every processor's
// overheads and gap and every direction's empty roundtrip are measured.
// Above 0 bytes only the roundtrips enter the model (the slope G), at
// the sizes of one of two plans:
//  - the user's sizes (-s/-m/--sizes): the PLogP experiments of every
//    ordered pair at every size (the experiment comes whole), segments
//    searched once on the roundtrips (find_class_segments);
//  - otherwise the adaptive plan, as Hockney's: roundtrips, m bytes out
//    and an empty reply, over the adaptive sweep of sweep_sizes on a few
//    pairs of each transport class (its segments and refinement), then
//    every ordered pair at the few sizes class_pair_sizes picks from it
//    (two per segment where a line through them fits the sweep).
// Then hloggp_solve (model_hloggp.h).
#include "model_hloggp_build.h"

#include "benchmark_p2p.h"
#include "benchmark_plogp.h"
#include "common_error.h"
#include "common_mpi.h"
#include "model_segments.h"

#include <algorithm>
#include <map>
#include <set>

namespace cpm::models {

namespace {

/* The PLogP experiments of the ordered pairs `dir` at m bytes into data
 * (the roundtrips; at 0 bytes also os, or and g). */
void plogp_into(MPI_Comm comm, const BuildOptions &o,
                const std::vector<bench::Pair> &dir, bool lower, long m,
                std::size_t k, HLogGPData &data)
{
    const int n = data.n;
    o.say(comm, std::string("HLogGP: RTT, os, or and g of all pairs, ") +
                    (lower ? "lower" : "higher") + " rank initiating, " +
                    std::to_string(m) + " bytes");
    std::vector<bench::PLogPResult> r =
        bench::measure_plogp(comm, dir, m, o.parallel, o.precision);
    for (std::size_t q = 0; q < dir.size(); ++q) {
        std::size_t e = std::size_t(dir[q].i) * n + dir[q].j;
        data.rtt[k][e] = r[q].rtt;
        if (m == 0) {
            data.os[e] = r[q].os;
            data.or_[e] = r[q].or_;
            data.g[e] = r[q].g;
        }
    }
}

} // namespace

HLogGP build_hloggp(MPI_Comm comm, const BuildOptions &o)
{
    int n = build_comm_size(comm, 2, "HLogGP");
    if (!o.adaptive && build_sizes(o.sizes, true).size() < 2)
        throw UsageError("the HLogGP model needs a message size above 0 (G "
                         "is the slope of the roundtrip)");
    const std::vector<bench::Pair> up = bench::all_pairs(n);
    std::vector<bench::Pair> down; // the same pairs, higher rank initiating
    for (const bench::Pair &p : up)
        down.push_back({p.j, p.i});
    const std::vector<bench::Pair> *const dirs[] = {&up, &down};
    const std::size_t nn = std::size_t(n) * n;
    HLogGPData data;
    data.n = n;
    data.os.resize(nn);
    data.or_.resize(nn);
    data.g.resize(nn);
    // (the sizes measured are set once they are known)
    Provenance prov = make_provenance(comm, o, "");
    std::vector<int> classes = pair_classes(prov.processors);
    std::vector<std::vector<long>> segs; // starts, per class
    std::string pair_sizes;

    if (!o.adaptive) {
        data.sizes = build_sizes(o.sizes, true); // L and overheads: 0 bytes
        for (std::size_t k = 0; k < data.sizes.size(); ++k) {
            data.rtt.emplace_back(nn);
            plogp_into(comm, o, up, true, data.sizes[k], k, data);
            plogp_into(comm, o, down, false, data.sizes[k], k, data);
        }
        // Size segments per transport class, from the roundtrips with the
        // lower rank initiating (model_segments.h), as Hockney finds them.
        std::vector<std::vector<bench::Result>> rt;
        for (const auto &row : data.rtt) {
            rt.emplace_back();
            for (const bench::Pair &p : up)
                rt.back().push_back(row[std::size_t(p.i) * n + p.j]);
        }
        segs = find_class_segments(comm, o, data.sizes, rt, classes, "HLogGP");
        prov.sizes = sizes_text(data.sizes);
    } else {
        // The roundtrips measured, by size and ordered pair (i * n + j).
        std::map<long, std::map<std::size_t, bench::Result>> rt;
        auto roundtrips = [&](long M, const std::vector<bench::Pair> &pairs,
                              const std::string &what) {
            o.say(comm, "HLogGP: roundtrips of " + what + ", " +
                            std::to_string(M) + " bytes out, empty reply");
            std::vector<bench::Result> r = bench::measure_roundtrips(
                comm, pairs, M, 0, o.parallel, o.precision);
            for (std::size_t q = 0; q < pairs.size(); ++q)
                rt[M][std::size_t(pairs[q].i) * n + pairs[q].j] = r[q];
            return r;
        };
        MeasureSizes measure = [&](const std::vector<long> &sizes,
                                   const std::vector<std::size_t> &which) {
            std::vector<bench::Pair> pairs;
            for (std::size_t p : which)
                pairs.push_back(up[p]);
            o.say(comm, "HLogGP: roundtrips of " +
                            std::to_string(pairs.size()) + " sweep pairs, " +
                            sizes_text(sizes) + " bytes out, empty reply");
            // All the sizes in one call: one synchronisation of comm.
            std::vector<std::vector<bench::Result>> t =
                bench::measure_roundtrip_sizes(comm, pairs,
                                               bench::sweep_sizes(sizes, false),
                                               o.parallel, o.precision);
            for (std::size_t s = 0; s < sizes.size(); ++s)
                for (std::size_t q = 0; q < pairs.size(); ++q) {
                    bench::Result &x = t[s][q];
                    rt[sizes[s]][std::size_t(pairs[q].i) * n + pairs[q].j] = x;
                    x = bench::one_way(x);
                }
            return t;
        };
        std::vector<std::size_t> few = class_sweep_pairs(classes, n);
        SizeSweep w = sweep_sizes(comm, o, n, measure, "HLogGP", true, few);
        std::vector<std::vector<long>> plan = class_pair_sizes(
            comm, w, few,
            [&](long M, std::size_t p) {
                return rt[M][std::size_t(up[p].i) * n + up[p].j].T / 2;
            },
            o.size_plan.tolerance);
        // Every pair of a class at its class's sizes; data.sizes is their
        // union with 0 (a pair's sizes of the other class are measured
        // too: the solver fits all pairs over the same sizes).
        std::set<long> all = {0};
        for (std::size_t c = 0; c < 2; ++c) {
            if (std::count(classes.begin(), classes.end(), int(c)) == 0)
                continue;
            all.insert(plan[c].begin(), plan[c].end());
            pair_sizes += std::string(pair_sizes.empty() ? "" : "; ") +
                          pair_class_name(int(c)) + " " + sizes_text(plan[c]);
        }
        o.say(comm, "HLogGP: every ordered pair (" + pair_sizes + ")");
        data.sizes.assign(all.begin(), all.end());
        for (std::size_t k = 0; k < data.sizes.size(); ++k) {
            long M = data.sizes[k];
            data.rtt.emplace_back(nn);
            if (M == 0) {
                plogp_into(comm, o, up, true, 0, k, data);
                plogp_into(comm, o, down, false, 0, k, data);
                continue;
            }
            // The sweep pairs' lower-rank roundtrips are measured already.
            std::vector<bench::Pair> todo;
            for (const std::vector<bench::Pair> *dir : dirs)
                for (const bench::Pair &p : *dir)
                    if (!rt[M].count(std::size_t(p.i) * n + p.j))
                        todo.push_back(p);
            if (!todo.empty())
                roundtrips(M, todo, std::to_string(todo.size()) + " ordered pairs");
            for (const std::vector<bench::Pair> *dir : dirs)
                for (const bench::Pair &p : *dir) {
                    std::size_t e = std::size_t(p.i) * n + p.j;
                    data.rtt[k][e] = rt[M].at(e);
                }
        }
        segs = w.segments;
        prov.sizes = w.text();
    }

    bool any = false;
    for (const auto &v : segs)
        any = any || !v.empty();
    if (any)
        for (int c : classes)
            data.starts.push_back(segs.at(std::size_t(c)));
    HLogGP h = hloggp_solve(data, o.precision.cl);
    h.provenance = prov;
    if (any) {
        std::string text;
        for (std::size_t c = 0; c < segs.size(); ++c)
            if (std::count(classes.begin(), classes.end(), int(c)) > 0)
                text += std::string(text.empty() ? "" : "; ") +
                        pair_class_name(int(c)) + " " + Segments{segs[c]}.text();
        h.provenance.extra["segments"] = text;
    }
    if (!pair_sizes.empty())
        h.provenance.extra["pair-sizes"] = pair_sizes;
    h.provenance.timing = "-";
    h.provenance.extra["experiments"] =
        std::string("the PLogP experiments (benchmark_plogp.h) of every "
                    "ordered pair i initiator, j partner, at 0 bytes: "
                    "RTT_ij(0); os_ij(0) send call; or_ij(0) delayed "
                    "wait on a posted receive; g_ij(0) from trains; ") +
        (o.adaptive ? "above 0 bytes roundtrips RTT_ij(m), m bytes out, "
                      "empty reply: the sweep on a few pairs of each class "
                      "(lower rank initiating), every ordered pair at the "
                      "sizes of pair-sizes"
                    : "the same experiments at every size above 0 (only "
                      "RTT_ij(m), m out, empty reply, enters)") +
        ". os_i, or_i, g_i = means over j; G_ij = LSQ slope of RTT_ij(m) "
        "per segment; L_ij = (RTT_ij(0) + RTT_ji(0))/4 - (os_i + or_i + "
        "os_j + or_j)/2";
    return h;
}

} // namespace cpm::models
