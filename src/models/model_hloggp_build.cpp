// Building HLogGP by measurement: for 0 bytes and every size of o.sizes,
// the PLogP experiments (benchmark_plogp.h) of all pairs with the lower
// rank initiating and again with the higher rank initiating, so that every
// processor's overheads and gap and every direction's roundtrip are
// measured; then hloggp_solve (model_hloggp.h). Only the empty messages'
// os, or and g enter the model; at the other sizes only the roundtrips do
// (the slope G), the rest is measured because the experiment comes whole.
#include "model_hloggp_build.h"

#include "benchmark_plogp.h"
#include "common_error.h"
#include "model_segments.h"

#include <algorithm>

namespace cpm::models {

HLogGP build_hloggp(MPI_Comm comm, const BuildOptions &o)
{
    int n = build_comm_size(comm, 2, "HLogGP");
    std::vector<long> sizes = build_sizes(o.sizes, true); // L and the overheads: empty messages
    if (sizes.size() < 2)
        throw UsageError("the HLogGP model needs a message size above 0 (G "
                         "is the slope of the roundtrip)");
    const std::vector<bench::Pair> up = bench::all_pairs(n);
    std::vector<bench::Pair> reversed;
    for (const bench::Pair &p : up)
        reversed.push_back({p.j, p.i});
    const std::vector<bench::Pair> &down = reversed;
    const std::size_t nn = std::size_t(n) * n;
    HLogGPData data;
    data.n = n;
    data.sizes = sizes;
    data.os.resize(nn);
    data.or_.resize(nn);
    data.g.resize(nn);
    for (long m : sizes) {
        data.rtt.emplace_back(nn);
        for (const auto *dir : {&up, &down}) {
            o.say(comm, std::string("HLogGP: RTT, os, or and g of all pairs, ") +
                            (dir == &up ? "lower" : "higher") +
                            " rank initiating, " + std::to_string(m) +
                            " bytes");
            std::vector<bench::PLogPResult> r = bench::measure_plogp(
                comm, *dir, m, o.parallel, o.precision);
            for (std::size_t q = 0; q < dir->size(); ++q) {
                const bench::Pair &p = (*dir)[q];
                std::size_t e = std::size_t(p.i) * n + p.j;
                data.rtt.back()[e] = r[q].rtt;
                if (m == 0) {
                    data.os[e] = r[q].os;
                    data.or_[e] = r[q].or_;
                    data.g[e] = r[q].g;
                }
            }
        }
    }
    // Size segments per transport class, from the roundtrips with the
    // lower rank initiating (model_segments.h), as Hockney finds them.
    Provenance prov = make_provenance(comm, o, sizes_text(sizes));
    std::vector<int> classes = pair_classes(prov.processors);
    std::vector<std::vector<bench::Result>> rt;
    for (const auto &row : data.rtt) {
        rt.emplace_back();
        for (const bench::Pair &p : up)
            rt.back().push_back(row[std::size_t(p.i) * n + p.j]);
    }
    std::vector<std::vector<long>> segs =
        find_class_segments(comm, o, sizes, rt, classes, "HLogGP");
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
                        (c == 0 ? "one node " : "two nodes ") +
                        Segments{segs[c]}.text();
        h.provenance.extra["segments"] = text;
    }
    h.provenance.timing = "-";
    h.provenance.extra["experiments"] =
        "the PLogP experiments (benchmark_plogp.h) of every ordered pair i "
        "initiator, j partner: RTT_ij(m) m out, empty reply; os_ij(0) send "
        "call; or_ij(0) delayed receive; g_ij(0) from trains. os_i, or_i, "
        "g_i = means over j; G_ij = LSQ slope of RTT_ij(m); L_ij = (RTT_ij(0) "
        "+ RTT_ji(0))/4 - (os_i + or_i + os_j + or_j)/2";
    return h;
}

} // namespace cpm::models
