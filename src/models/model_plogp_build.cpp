// Building the PLogP model by measurement (CPM 1.0.1's PLogP_build, which
// called Kielmann et al.'s logp_mpi): for 0 bytes and every size of
// o.sizes, the experiments of benchmark_plogp.h on all pairs (the lower
// rank initiates), then the solver of model_plogp.cpp; LogGP is derived
// from that PLogP model.
#include "model_plogp_build.h"

#include "benchmark_plogp.h"
#include "common_error.h"

#include <algorithm>

namespace cpm::models {

PLogP build_plogp(MPI_Comm comm, const BuildOptions &o)
{
    int n = build_comm_size(comm, 2, "PLogP");
    std::vector<long> sizes = build_sizes(o.sizes, true); // L: the empty roundtrip
    if (sizes.size() < 2)
        throw UsageError("the PLogP model needs a message size above 0");
    PLogPData data;
    data.n = n;
    data.sizes = sizes;
    for (long m : sizes) {
        o.say(comm, "PLogP: RTT, os, or and g of all pairs, " +
                        std::to_string(m) + " bytes");
        std::vector<bench::PLogPResult> r = bench::measure_plogp(
            comm, bench::all_pairs(n), m, o.parallel, o.precision);
        data.rtt.emplace_back();
        data.os.emplace_back();
        data.or_.emplace_back();
        data.g.emplace_back();
        for (const bench::PLogPResult &x : r) {
            data.rtt.back().push_back(x.rtt);
            data.os.back().push_back(x.os);
            data.or_.back().push_back(x.or_);
            data.g.back().push_back(x.g);
        }
    }
    PLogP p = plogp_solve(data);
    p.provenance = make_provenance(comm, o, sizes_text(sizes));
    p.provenance.timing = "-";
    p.provenance.extra["experiments"] =
        "per pair, lower rank initiates: RTT(m) m out, empty reply; os(m) "
        "its send call; or(m) receive of m after a delay of 2 RTT(m) + 10 us; "
        "g(m) = (T_2k - T_k)/k from trains of k and 2k messages with an "
        "acknowledgement; L = RTT(0)/2 - g(0)";
    return p;
}

LogGP build_loggp(MPI_Comm comm, const BuildOptions &o)
{
    PLogP p = build_plogp(comm, o);
    LogGP g = loggp_from_plogp(p);
    g.warnings.insert(g.warnings.begin(), p.warnings.begin(), p.warnings.end());
    return g;
}

} // namespace cpm::models
