// Building the Hockney model by measurement (CPM 1.0.1's Hockney_build):
// roundtrips of all pairs over the message sizes (the sizes of
// sweep_sizes: the user's, or the adaptive sweep), then the fits of
// model_hockney.cpp.
#include "model_hockney_build.h"

#include "benchmark_p2p.h"
#include "common_error.h"
#include "common_mpi.h"
#include "model_segments.h"

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
        std::vector<std::vector<double>> t;
        for (long M : sizes) {
            o.say(comm, "Hockney: roundtrips of " +
                            std::to_string(pairs.size()) + " pairs, " +
                            std::to_string(M) + " bytes");
            std::vector<bench::Result> r = bench::measure_roundtrips(
                comm, pairs, M, M, o.parallel, o.precision);
            std::vector<bench::Result> &row = rt[M];
            row.resize(all.size());
            std::vector<double> half;
            for (std::size_t k = 0; k < which.size(); ++k) {
                row[which[k]] = r[k];
                half.push_back(r[k].T / 2);
            }
            t.push_back(half);
        }
        return t;
    };
    SizeSweep w = sweep_sizes(comm, o, n, measure, "Hockney");
    std::vector<std::vector<long>> ms(all.size());
    std::vector<std::vector<bench::Result>> rs(all.size());
    for (std::size_t p = 0; p < all.size(); ++p)
        for (long M : w.sizes_of(p)) {
            ms[p].push_back(M);
            rs[p].push_back(rt[M][p]);
        }
    Provenance prov = make_provenance(comm, o, w.text());
    Hockney h = hockney_from_pair_sweeps(n, ms, rs, o.precision.cl,
                                         w.pair_class, w.segments);
    h.provenance = prov;
    if (o.segments)
        h.provenance.extra["segments"] = w.segments_text();
    h.provenance.timing = "-";
    h.provenance.extra["experiments"] =
        "roundtrips of all pairs, M bytes each way, timed on the lower rank";
    return h;
}

} // namespace cpm::models
