// Building the heterogeneous tau-Lop model by measurement: the Ring_tau
// and send-overhead experiments of benchmark_ring.h on the nodes chosen as
// model_taulop_build.h says, then taulop_solve (model_taulop.cpp).
#include "model_taulop_build.h"

#include "benchmark_ring.h"
#include "common_error.h"
#include "kernel_config.h"

#include <algorithm>
#include <map>

namespace cpm::models {

namespace {

/* The nodes in order of their first rank, with their ranks. */
struct Node {
    std::string name;
    int type = 0;
    std::vector<int> ranks;
};

} // namespace

TauLop build_taulop(MPI_Comm comm, const BuildOptions &o,
                    const TauLopBuildOptions &to)
{
    int n = build_comm_size(comm, 2, "tau-Lop");
    std::vector<long> sizes =
        o.adaptive ? o.size_plan.initial() : build_sizes(o.sizes, false);
    if (sizes.empty())
        throw UsageError("the tau-Lop model needs at least one message size");
    int tau_max = to.tau_max > 0 ? to.tau_max : TauLop::kTauMax;
    if (tau_max > TauLop::kTauMax)
        throw UsageError("option --tau-max: tau-Lop measures tau up to " +
                         std::to_string(TauLop::kTauMax) + ", got " +
                         std::to_string(tau_max));
    TauLopData d;
    d.n = n;
    d.network = to.network.empty() ? "auto" : to.network;
    if (d.network != "auto" && d.network != "staged" && d.network != "direct")
        throw UsageError("option --network: expected staged, direct or auto, "
                         "got '" + d.network + "'");
    Provenance prov = make_provenance(comm, o, sizes_text(sizes));
    const std::string &layout = to.layout;
    if (layout.empty()) {
        d.nodes = prov.processors;
        d.type.assign(n, 0);
        d.type_names = {"default"};
    } else {
        kernels::Config c = kernels::read_config_file(layout);
        if (int(c.procs.size()) != n)
            throw UsageError("layout " + layout + " (--config) lists " +
                             std::to_string(c.procs.size()) +
                             " processes, the build runs " + std::to_string(n));
        std::map<std::string, int> id;
        for (const kernels::Process &p : c.procs) {
            auto ins = id.insert({p.type, int(id.size())});
            if (ins.second)
                d.type_names.push_back(p.type);
            d.nodes.push_back(p.node);
            d.type.push_back(ins.first->second);
        }
        prov.extra["layout"] = layout;
    }
    std::vector<Node> nodes;
    for (int r = 0; r < n; ++r) {
        auto it = std::find_if(nodes.begin(), nodes.end(), [&](const Node &x) {
            return x.name == d.nodes[r];
        });
        if (it == nodes.end()) {
            nodes.push_back({d.nodes[r], d.type[r], {}});
            it = nodes.end() - 1;
        }
        if (it->type != d.type[r])
            throw UsageError("node " + it->name + " has ranks of two node types");
        it->ranks.push_back(r);
    }
    int ntypes = int(d.type_names.size());
    std::string sizes_prov; // adaptive: each channel's sizes
    auto measure = [&](int channel, int s, int r, const std::vector<int> &ring) {
        TauLopMeasured x;
        x.channel = channel;
        x.s = s;
        x.r = r;
        x.rank_i = ring[0];
        x.rank_j = ring[1];
        int taus = std::min(int(ring.size()), tau_max);
        std::string what = channel == 0
                               ? "channel 0 of type " + d.type_names[s]
                               : "channel 1 of types " + d.type_names[s] +
                                     "-" + d.type_names[r];
        // o and Ring_1..Ring_taus by size: T and interval half-width.
        std::map<long, std::vector<bench::Result>> got;
        auto run = [&](const std::vector<long> &ms) {
            for (long m : ms) {
                o.say(comm, "tau-Lop: " + what + ", " + std::to_string(m) +
                                " bytes: o and Ring_tau, tau = 1.." +
                                std::to_string(taus) + " on " +
                                std::to_string(ring.size()) + " ranks");
                std::vector<bench::Result> &v = got[m];
                v.push_back(bench::measure_send_overhead(comm, ring[0],
                                                         ring[1], m,
                                                         o.precision));
                for (int tau = 1; tau <= taus; ++tau)
                    v.push_back(bench::measure_ring(comm, ring, tau, m,
                                                    o.timing, o.precision));
            }
        };
        run(sizes);
        // Adaptive: refine where the interpolation between measured
        // sizes misses (interpolation_sizes; every rank has the same
        // results, so every rank decides the same).
        for (int round = 0; o.adaptive && round < o.size_plan.max_rounds &&
                            got.size() < o.size_plan.max_sizes;
             ++round) {
            std::vector<long> xs;
            std::vector<std::vector<double>> ys(std::size_t(taus) + 1),
                ci(std::size_t(taus) + 1);
            std::vector<double> scale;
            for (const auto &[m, v] : got) {
                xs.push_back(m);
                for (std::size_t k = 0; k < v.size(); ++k) {
                    ys[k].push_back(v[k].T);
                    ci[k].push_back(v[k].ci);
                }
                scale.push_back(std::max(v[1].T, 1e-12)); // Ring_1
            }
            std::vector<long> add =
                interpolation_sizes(xs, ys, ci, scale, o.size_plan);
            if (add.size() > o.size_plan.max_sizes - got.size())
                add.resize(o.size_plan.max_sizes - got.size());
            if (add.empty())
                break;
            o.say(comm, "tau-Lop: " + what + ": refinement round " +
                            std::to_string(round + 1) + ": " +
                            sizes_text(add));
            run(add);
        }
        x.ring.assign(std::size_t(taus), {});
        for (const auto &[m, v] : got) {
            x.sizes.push_back(m);
            x.o.push_back(v[0].T);
            for (int tau = 1; tau <= taus; ++tau)
                x.ring[std::size_t(tau) - 1].push_back(v[std::size_t(tau)].T);
        }
        if (o.adaptive)
            sizes_prov += std::string(sizes_prov.empty() ? "adaptive " : "; ") +
                          what + " " + sizes_text(x.sizes);
        d.channels.push_back(x);
    };
    // Channel 0: a node of each type with two ranks or more.
    for (int t = 0; t < ntypes; ++t)
        for (const Node &nd : nodes)
            if (nd.type == t && nd.ranks.size() >= 2) {
                measure(0, t, t, nd.ranks);
                break;
            }
    // Channel 1: two distinct nodes of types s <= r, ranks alternately.
    for (int s = 0; s < ntypes; ++s)
        for (int r = s; r < ntypes; ++r) {
            const Node *a = nullptr, *b = nullptr;
            for (const Node &x : nodes)
                if (!a && x.type == s)
                    a = &x;
            for (const Node &x : nodes)
                if (!b && x.type == r && &x != a)
                    b = &x;
            if (!a || !b)
                continue;
            std::vector<int> ring;
            std::size_t k = std::min(a->ranks.size(), b->ranks.size());
            for (std::size_t q = 0; q < k; ++q) {
                ring.push_back(a->ranks[q]);
                ring.push_back(b->ranks[q]);
            }
            measure(1, s, r, ring);
        }
    if (d.channels.empty())
        throw UsageError("tau-Lop: nothing to measure (no node with two ranks "
                         "and no two nodes)");
    TauLop m = taulop_solve(d);
    if (!sizes_prov.empty())
        prov.sizes = sizes_prov;
    m.provenance = prov;
    m.provenance.parallel = false; // one ring or pair at a time
    m.provenance.extra["network"] = m.direct_network ? "direct" : "staged";
    m.provenance.extra["experiments"] =
        "o(m): time of the MPI_Isend call of m bytes; Ring_tau(m): tau ranks "
        "of a ring send m bytes to the next at once (channel 0: the ranks of "
        "one node; channel 1: two nodes' ranks alternately); "
        "L0 = (Ring0 - o0)/2, L1 = Ring1 - o1 [- L0_s - L0_r if staged]";
    return m;
}

} // namespace cpm::models
