// Building the Hockney model by measurement (CPM 1.0.1's Hockney_build):
// roundtrips of all pairs over the message sizes, then the fits of
// model_hockney.cpp.
#include "model_build.h"

#include "common_error.h"

#include <algorithm>

namespace cpm::models {

Hockney build_hockney(MPI_Comm comm, const BuildOptions &o)
{
    int n = 0;
    CPM_MPI(MPI_Comm_size(comm, &n));
    if (n < 2)
        throw UsageError("the Hockney model needs at least 2 processes, got " +
                         std::to_string(n));
    std::vector<long> sizes = o.sizes;
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    if (sizes.size() < 2)
        throw UsageError("the Hockney model needs at least two message sizes");
    std::vector<std::vector<bench::Result>> rt;
    for (long M : sizes) {
        o.say(comm, "Hockney: roundtrips of all pairs, " + std::to_string(M) +
                         " bytes");
        rt.push_back(bench::measure_roundtrips(comm, bench::all_pairs(n), M, M,
                                               o.parallel, o.precision));
    }
    Hockney h = hockney_from_roundtrips(n, sizes, rt, o.precision.cl);
    h.provenance = make_provenance(comm, o, sizes_text(sizes));
    h.provenance.timing = "-";
    h.provenance.extra["experiments"] =
        "roundtrips of all pairs, M bytes each way, timed on the lower rank";
    return h;
}

} // namespace cpm::models
