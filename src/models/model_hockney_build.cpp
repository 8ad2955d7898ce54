// Building the Hockney model by measurement (CPM 1.0.1's Hockney_build):
// roundtrips of all pairs over the user's message sizes or, by default,
// the adaptive sweep of sweep_sizes on a few pairs of each transport
// class and the other pairs at the sizes segment_sizes picks from it (two
// per segment where a line through them fits the sweep), then the fits
// of model_hockney.cpp.
#include "model_hockney_build.h"

#include "benchmark_p2p.h"
#include "common_error.h"
#include "common_mpi.h"
#include "model_segments.h"

#include <algorithm>
#include <map>

namespace cpm::models {

Hockney build_hockney(MPI_Comm comm, const BuildOptions &o)
{
    int n = build_comm_size(comm, 2, "Hockney");
    if (!o.adaptive && build_sizes(o.sizes, false).size() < 2)
        throw UsageError("the Hockney model needs at least two message sizes");
    std::vector<bench::Pair> all = bench::all_pairs(n);
    // Every roundtrip measured, by size; pairs not measured at a size
    // (another class's refinement) are never read.
    std::map<long, std::vector<bench::Result>> rt;
    MeasureSizes measure = [&](const std::vector<long> &sizes,
                               const std::vector<std::size_t> &which) {
        std::vector<bench::Pair> pairs;
        for (std::size_t p : which)
            pairs.push_back(all[p]);
        o.say(comm, "Hockney: roundtrips of " + std::to_string(pairs.size()) +
                        " pairs, " + sizes_text(sizes) + " bytes");
        // All the sizes in one call: one synchronisation of comm.
        std::vector<std::vector<bench::Result>> r = bench::measure_roundtrip_sizes(
            comm, pairs, bench::sweep_sizes(sizes, true), o.parallel,
            o.precision);
        std::vector<std::vector<bench::Result>> t;
        for (std::size_t s = 0; s < sizes.size(); ++s) {
            std::vector<bench::Result> &row = rt[sizes[s]];
            row.resize(all.size());
            std::vector<bench::Result> half;
            for (std::size_t k = 0; k < which.size(); ++k) {
                row[which[k]] = r[s][k];
                half.push_back(bench::one_way(r[s][k]));
            }
            t.push_back(half);
        }
        return t;
    };
    // Explicit sizes: every pair at every size. Adaptive: the sweep (and
    // its refinement) on a few pairs of each class, then every other
    // pair of the class at the few sizes that give each segment's line
    // (segment_sizes), sizes shared by the class.
    std::vector<std::size_t> few;
    std::vector<int> classes;
    if (o.adaptive) {
        classes = pair_classes(processor_names(comm));
        few = class_sweep_pairs(classes, n);
    }
    SizeSweep w = sweep_sizes(comm, o, n, measure, "Hockney", false, few);
    std::vector<std::vector<long>> ms(all.size());
    std::vector<char> swept(all.size(), o.adaptive ? 0 : 1);
    for (std::size_t p : few)
        swept[p] = 1;
    for (std::size_t p = 0; p < all.size(); ++p)
        if (swept[p])
            ms[p] = w.sizes_of(p);
    std::string rest_text;
    if (o.adaptive) {
        // Per class, from the sweep pairs' one-way times: the sizes of
        // the other pairs (rt is valid on rank 0, which decides).
        std::vector<std::vector<long>> plan = class_pair_sizes(
            comm, w, few,
            [&](long M, std::size_t p) { return rt[M][p].T / 2; },
            o.size_plan.tolerance);
        // Per class, its other pairs.
        std::vector<std::vector<std::size_t>> others(2);
        for (std::size_t p = 0; p < all.size(); ++p) {
            if (swept[p])
                continue;
            others[std::size_t(classes[p])].push_back(p);
            ms[p] = plan[std::size_t(classes[p])];
        }
        for (int c = 0; c < 2; ++c) {
            if (others[std::size_t(c)].empty())
                continue;
            std::string t = std::string(pair_class_name(c)) + " " +
                            sizes_text(plan[std::size_t(c)]);
            rest_text += (rest_text.empty() ? "" : "; ") + t;
            o.say(comm, "Hockney: the other pairs (" + t + ")");
        }
        // One class, or both at the same sizes: their pairs at those sizes
        // (measure_roundtrip_sizes: the first two in one call, probed in
        // parallel). Else a call per size, with the pairs of every class
        // that needs it.
        if (others[1].empty() || others[0].empty() || plan[0] == plan[1]) {
            std::vector<std::size_t> both = others[0];
            both.insert(both.end(), others[1].begin(), others[1].end());
            std::sort(both.begin(), both.end());
            if (!both.empty())
                measure(plan[others[0].empty() ? 1 : 0], both);
        } else {
            std::map<long, std::vector<std::size_t>> by_size;
            for (std::size_t c = 0; c < 2; ++c)
                for (long M : plan[c])
                    for (std::size_t p : others[c])
                        by_size[M].push_back(p);
            for (auto &[M, which] : by_size) {
                std::sort(which.begin(), which.end());
                measure({M}, which);
            }
        }
    }
    std::vector<std::vector<bench::Result>> rs(all.size());
    for (std::size_t p = 0; p < all.size(); ++p)
        for (long M : ms[p])
            rs[p].push_back(rt[M][p]);
    Provenance prov = make_provenance(comm, o, w.text());
    Hockney h = hockney_from_pair_sweeps(n, ms, rs, o.precision.cl,
                                         w.pair_class, w.segments);
    h.provenance = prov;
    if (o.segments)
        h.provenance.extra["segments"] = w.segments_text();
    if (!rest_text.empty())
        h.provenance.extra["pair-sizes"] = rest_text;
    h.provenance.timing = "-";
    h.provenance.extra["experiments"] =
        o.adaptive
            ? "roundtrips, M bytes each way, timed on the lower rank: the "
              "sweep on a few pairs of each class, the other pairs at the "
              "sizes of pair-sizes"
            : "roundtrips of all pairs, M bytes each way, timed on the lower "
              "rank";
    return h;
}

} // namespace cpm::models
