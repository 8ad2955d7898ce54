// Building the Hockney model by measurement (CPM 1.0.1's Hockney_build):
// roundtrips of all pairs over the message sizes, then the fits of
// model_hockney.cpp.
#include "model_hockney_build.h"

#include "benchmark_p2p.h"
#include "common_error.h"
#include "common_mpi.h"
#include "model_segments.h"

#include <algorithm>

namespace cpm::models {

Hockney build_hockney(MPI_Comm comm, const BuildOptions &o)
{
    int n = build_comm_size(comm, 2, "Hockney");
    std::vector<long> sizes = build_sizes(o.sizes, false);
    if (sizes.size() < 2)
        throw UsageError("the Hockney model needs at least two message sizes");
    std::vector<std::vector<bench::Result>> rt;
    for (long M : sizes) {
        o.say(comm, "Hockney: roundtrips of all pairs, " + std::to_string(M) +
                         " bytes");
        rt.push_back(bench::measure_roundtrips(comm, bench::all_pairs(n), M, M,
                                               o.parallel, o.precision));
    }
    Provenance prov = make_provenance(comm, o, sizes_text(sizes));
    std::vector<int> classes = pair_classes(prov.processors);
    std::vector<std::vector<long>> segs =
        find_class_segments(comm, o, sizes, rt, classes, "Hockney");
    Hockney h =
        hockney_from_roundtrips(n, sizes, rt, o.precision.cl, classes, segs);
    h.provenance = prov;
    if (o.segments) {
        std::string text;
        for (std::size_t c = 0; c < segs.size(); ++c)
            if (std::count(classes.begin(), classes.end(), int(c)) > 0)
                text += std::string(text.empty() ? "" : "; ") +
                        (c == 0 ? "one node " : "two nodes ") +
                        Segments{segs[c]}.text();
        h.provenance.extra["segments"] = text;
    }
    h.provenance.timing = "-";
    h.provenance.extra["experiments"] =
        "roundtrips of all pairs, M bytes each way, timed on the lower rank";
    return h;
}

} // namespace cpm::models
