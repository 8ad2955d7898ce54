/* The heterogeneous tau-Lop model: parameters, files and predictions
 * (equations at the top of model_taulop.h). */
#include "model_taulop.h"

#include "common_error.h"
#include "model_check.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace cpm::models {

using taulop::Link;
using taulop::Stream;

namespace {

std::string tau_key(int tau) { return "L" + std::to_string(tau); }

/* Linear through the points, extended by the nearest segment (constant
 * with one point). */
double linear(const std::vector<long> &x, const std::vector<double> &y,
              double m)
{
    std::size_t K = x.size();
    if (K == 0)
        CPM_THROW("tau-Lop: a table without sizes");
    if (K == 1)
        return y[0];
    std::size_t b = std::lower_bound(x.begin(), x.end(), m,
                                     [](long s, double v) { return s < v; }) -
                    x.begin();
    if (b < K && double(x[b]) == m)
        return y[b];
    b = std::min(std::max<std::size_t>(b, 1), K - 1);
    std::size_t a = b - 1;
    return y[a] + (m - double(x[a])) * (y[b] - y[a]) / double(x[b] - x[a]);
}

/* Linear between the points, proportional to m outside them
 * (L(A m) = A L(m)). */
double proportional(const std::vector<long> &x, const std::vector<double> &y,
                    double m)
{
    if (x.empty())
        CPM_THROW("tau-Lop: a table without sizes");
    if (m > double(x.back()))
        return x.back() > 0 ? y.back() * m / double(x.back()) : y.back();
    if (m < double(x.front()))
        return y.front() * m / double(x.front()); // x.front() > m >= 0
    return linear(x, y, m);
}

std::string channel_name(int c, int s, int r,
                         const std::vector<std::string> &names)
{
    auto nm = [&](int t) {
        return t >= 0 && t < int(names.size()) ? names[t] : std::to_string(t);
    };
    if (c == 0)
        return "channel 0 (shared memory) of node type " + nm(s);
    return "channel 1 (network) between node types " + nm(s) + " and " + nm(r);
}

} // namespace

const std::vector<RecordSpec> &TauLop::schema()
{
    static const std::vector<RecordSpec> s = [] {
        std::vector<RecordSpec> v = {
            {"network", Index::None, {"direct"}, true},
            {"type", Index::Processor, {"type"}, true},
            {"o", Index::PairSize, {"o"}, false},
        };
        for (int t = 1; t <= kTauMax; ++t)
            v.push_back({tau_key(t), Index::PairSize, {"L"}, false});
        return v;
    }();
    return s;
}

ModelData TauLop::to_data() const
{
    ModelData d;
    d.model = name();
    d.n = n;
    d.provenance = provenance;
    d.provenance.processors = nodes;
    std::string names;
    for (const std::string &t : type_names)
        names += (names.empty() ? "" : " ") + t;
    d.provenance.extra["types"] = names;
    d.add("network", {}, {direct_network ? 1.0 : 0.0});
    for (int i = 0; i < n; ++i)
        d.add("type", {i}, {double(type.at(i))});
    for (const TauLopTable &t : tables) {
        if (t.L.empty() || int(t.L.size()) > kTauMax)
            CPM_THROW("tau-Lop: " + channel_name(t.channel, t.s, t.r, type_names) +
                      " has " + std::to_string(t.L.size()) +
                      " tau values (1.." + std::to_string(kTauMax) + ")");
        int i = std::min(t.rank_i, t.rank_j), j = std::max(t.rank_i, t.rank_j);
        for (std::size_t k = 0; k < t.sizes.size(); ++k) {
            int m = int(t.sizes[k]);
            d.add("o", {i, j, m}, {t.o.at(k)});
            for (std::size_t tau = 0; tau < t.L.size(); ++tau)
                d.add(tau_key(int(tau) + 1), {i, j, m}, {t.L[tau].at(k)});
        }
    }
    return d;
}

TauLop TauLop::from_data(const ModelData &d)
{
    TauLop m;
    m.n = d.n;
    m.provenance = d.provenance;
    m.nodes = d.provenance.processors;
    m.nodes.resize(d.n);
    // The node of a rank decides its channels: without names every pair
    // would look like one node (shared memory).
    for (int i = 0; i < d.n; ++i)
        if (m.nodes[i].empty())
            throw UsageError("tau-Lop: rank " + std::to_string(i) +
                             " has no processor name (its node): every rank "
                             "needs a 'processor' line");
    m.direct_network = d.scalar("network").at(0) != 0;
    m.type.assign(d.n, 0);
    int ntypes = 0;
    for (const Record *r : d.find("type")) {
        double v = r->values.at(0);
        if (!(v >= 0 && v < 1e6 && v == std::floor(v)))
            throw UsageError("tau-Lop: type of rank " +
                             std::to_string(r->index[0]) +
                             " must be a non-negative integer");
        m.type[r->index[0]] = int(v);
        ntypes = std::max(ntypes, int(v) + 1);
    }
    auto it = d.provenance.extra.find("types");
    if (it != d.provenance.extra.end()) {
        std::istringstream s(it->second);
        std::string w;
        while (s >> w)
            m.type_names.push_back(w);
    }
    if (int(m.type_names.size()) < ntypes) {
        if (!m.type_names.empty())
            throw UsageError("tau-Lop: 'measured types' names " +
                             std::to_string(m.type_names.size()) +
                             " node types, the ranks use " +
                             std::to_string(ntypes));
        for (int t = 0; t < ntypes; ++t)
            m.type_names.push_back("type" + std::to_string(t));
    }
    std::map<std::string, int> node_type;
    for (int i = 0; i < d.n; ++i) {
        auto ins = node_type.insert({m.nodes[i], m.type[i]});
        if (ins.first->second != m.type[i])
            throw UsageError("tau-Lop: node " + m.nodes[i] +
                             " has ranks of two node types");
    }
    // The tables, one per identifying pair.
    std::map<std::pair<int, int>, TauLopTable> by_pair;
    for (const Record *r : d.find("o")) {
        TauLopTable &t = by_pair[{r->index[0], r->index[1]}];
        t.rank_i = r->index[0];
        t.rank_j = r->index[1];
        t.sizes.push_back(r->index[2]);
    }
    std::set<std::tuple<int, int, int>> seen;
    for (auto &kv : by_pair) {
        TauLopTable &t = kv.second;
        std::sort(t.sizes.begin(), t.sizes.end());
        Link l = m.link(t.rank_i, t.rank_j).normalized();
        t.channel = l.channel;
        t.s = l.src_type;
        t.r = l.dst_type;
        std::string what = channel_name(t.channel, t.s, t.r, m.type_names);
        if (!seen.insert({t.channel, t.s, t.r}).second)
            throw UsageError("tau-Lop: " + what +
                             " is given by two pairs of ranks");
        std::map<long, double> o;
        for (const Record *r : d.find("o"))
            if (r->index[0] == t.rank_i && r->index[1] == t.rank_j)
                o[r->index[2]] = r->values.at(0);
        for (long s : t.sizes)
            t.o.push_back(o[s]);
        for (int tau = 1; tau <= kTauMax; ++tau) {
            std::map<long, double> L;
            for (const Record *r : d.find(tau_key(tau)))
                if (r->index[0] == t.rank_i && r->index[1] == t.rank_j)
                    L[r->index[2]] = r->values.at(0);
            if (L.empty())
                break;
            std::vector<double> row;
            for (long s : t.sizes) {
                auto f = L.find(s);
                if (f == L.end())
                    throw UsageError("tau-Lop: " + what + ": " +
                                     tau_key(tau) + " missing at size " +
                                     std::to_string(s));
                row.push_back(f->second);
            }
            if (L.size() != t.sizes.size())
                throw UsageError("tau-Lop: " + what + ": " + tau_key(tau) +
                                 " at a size without 'o'");
            t.L.push_back(row);
        }
        if (t.L.empty())
            throw UsageError("tau-Lop: " + what + " has no L1 records");
        m.tables.push_back(t);
    }
    // L records of pairs without o, or with a gap in tau.
    for (int tau = 1; tau <= kTauMax; ++tau)
        for (const Record *r : d.find(tau_key(tau))) {
            auto f = by_pair.find({r->index[0], r->index[1]});
            if (f == by_pair.end() || int(f->second.L.size()) < tau)
                throw UsageError("tau-Lop: " + tau_key(tau) + " " +
                                 std::to_string(r->index[0]) + " " +
                                 std::to_string(r->index[1]) +
                                 " without 'o' or without every lower tau");
        }
    return m;
}

const TauLopTable &TauLop::table(int channel, int s, int r) const
{
    if (s > r)
        std::swap(s, r);
    if (channel == 0)
        r = s;
    for (const TauLopTable &t : tables)
        if (t.channel == channel && t.s == s && t.r == r)
            return t;
    throw UsageError("tau-Lop: the model has no parameters of the " +
                     channel_name(channel, s, r, type_names));
}

Link TauLop::link(int i, int j) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    if (nodes.at(i) == nodes.at(j))
        return {0, type.at(i), type.at(i)};
    return {1, type.at(i), type.at(j)};
}

int TauLop::type_of(const std::string &nm) const
{
    std::string all;
    for (std::size_t t = 0; t < type_names.size(); ++t) {
        if (type_names[t] == nm)
            return int(t);
        all += (all.empty() ? "" : ", ") + type_names[t];
    }
    if (type_names.size() == 1)
        return 0;
    throw UsageError("node type '" + nm + "' is not one of the model's (" +
                     all + ")");
}

double TauLop::o_at(const TauLopTable &t, double m)
{
    check_size(m);
    return linear(t.sizes, t.o, m);
}

double TauLop::L_at(const TauLopTable &t, double m, int tau)
{
    check_size(m);
    if (tau < 1)
        throw UsageError("tau must be >= 1, got " + std::to_string(tau));
    int tmax = int(t.L.size());
    if (tau <= tmax)
        return proportional(t.sizes, t.L[tau - 1], m);
    double b = proportional(t.sizes, t.L[tmax - 1], m);
    if (tmax == 1)
        return tau * b; // the upper bound L(m, A) <= A L(m, 1)
    double a = proportional(t.sizes, t.L[tmax - 2], m);
    return std::max(b, b + (tau - tmax) * (b - a));
}

double TauLop::overhead(const Link &l, double m) const
{
    return o_at(table(l.channel, l.src_type, l.dst_type), m);
}

double TauLop::transfer0(int t, double m, int tau) const
{
    return L_at(table(0, t, t), m, tau);
}

double TauLop::transfer1(int s, int r, double m, int tau) const
{
    return L_at(table(1, s, r), m, tau);
}

double TauLop::p2p(int i, int j, double m) const
{
    check_size(m);
    if (i == j)
        throw UsageError("p2p needs two different ranks, got " +
                         std::to_string(i) + " twice");
    return taulop::transmission(*this, link(i, j), m, 1);
}

double TauLop::concurrent(int i, int j, double m, int tau) const
{
    check_size(m);
    if (i == j)
        throw UsageError("p2p needs two different ranks, got " +
                         std::to_string(i) + " twice");
    return taulop::transmission(*this, link(i, j), m, tau);
}

std::vector<std::vector<Stream>>
TauLop::binomial_phases(int root, double m, bool scatter, bool gather) const
{
    check_rank(n, root, "root");
    check_size(m);
    int pow2 = 1;
    while (pow2 < n)
        pow2 *= 2;
    auto abs = [&](int v) { return (v + root) % n; };
    std::vector<int> masks;
    if (gather)
        for (int mask = 1; mask < n; mask *= 2)
            masks.push_back(mask);
    else
        for (int mask = pow2 / 2; mask > 0; mask /= 2)
            masks.push_back(mask);
    std::vector<std::vector<Stream>> out;
    for (int mask : masks) {
        std::vector<Stream> stage;
        for (int v = 0; v + mask < n; v += 2 * mask) {
            double blocks = scatter || gather ? std::min(mask, n - v - mask) : 1;
            int from = gather ? abs(v + mask) : abs(v);
            int to = gather ? abs(v) : abs(v + mask);
            stage.push_back({{link(from, to), blocks * m}});
        }
        out.push_back(stage);
    }
    return out;
}

double TauLop::bcast_binomial(int root, double m) const
{
    return taulop::evaluate(
        *this, taulop::phases(*this, binomial_phases(root, m, false, false),
                              false));
}

double TauLop::scatter_binomial(int root, double m) const
{
    return taulop::evaluate(
        *this, taulop::phases(*this, binomial_phases(root, m, true, false),
                              false));
}

double TauLop::gather_binomial(int root, double m) const
{
    return taulop::evaluate(
        *this, taulop::phases(*this, binomial_phases(root, m, false, true),
                              false));
}

double TauLop::scatter_linear(int root, double m) const
{
    check_rank(n, root, "root");
    check_size(m);
    // One message after another, each paying its own overhead (A1 is not
    // applied: the overheads it drops are what a linear scatter costs).
    double t = 0;
    for (int j = 0; j < n; ++j)
        if (j != root)
            t += taulop::transmission(*this, link(root, j), m, 1);
    return t;
}

double TauLop::gather_linear(int root, double m) const
{
    check_rank(n, root, "root");
    check_size(m);
    std::vector<Stream> all;
    for (int j = 0; j < n; ++j)
        if (j != root)
            all.push_back({{link(j, root), m}});
    return taulop::evaluate(*this, taulop::phase(*this, all));
}

} // namespace cpm::models

namespace cpm::models {

TauLop taulop_solve(const TauLopData &d)
{
    TauLop m;
    m.n = d.n;
    m.nodes = d.nodes;
    m.type = d.type;
    m.type_names = d.type_names;
    if (int(m.nodes.size()) != d.n || int(m.type.size()) != d.n)
        CPM_THROW("tau-Lop: nodes and types must be given for every rank");
    if (d.network != "auto" && d.network != "staged" && d.network != "direct")
        throw UsageError("tau-Lop network must be staged, direct or auto, got '" +
                         d.network + "'");
    auto table_of = [&](const TauLopMeasured &x) {
        if (x.sizes.empty() || x.o.size() != x.sizes.size() || x.ring.empty())
            CPM_THROW("tau-Lop: a measured channel without sizes or rings");
        if (int(x.ring.size()) > TauLop::kTauMax)
            throw UsageError("tau-Lop: tau up to " +
                             std::to_string(TauLop::kTauMax) + " only");
        for (const auto &row : x.ring)
            if (row.size() != x.sizes.size())
                CPM_THROW("tau-Lop: a ring row without every size");
        TauLopTable t;
        t.channel = x.channel;
        t.s = std::min(x.s, x.r);
        t.r = x.channel == 0 ? t.s : std::max(x.s, x.r);
        t.rank_i = x.rank_i;
        t.rank_j = x.rank_j;
        t.sizes = x.sizes;
        t.o = x.o;
        return t;
    };
    auto warn_negative = [&](const TauLopTable &t) {
        for (std::size_t tau = 0; tau < t.L.size(); ++tau)
            for (std::size_t k = 0; k < t.sizes.size(); ++k)
                if (t.L[tau][k] < 0) {
                    std::ostringstream w;
                    w << channel_name(t.channel, t.s, t.r, m.type_names)
                      << ": L(" << t.sizes[k] << ", " << tau + 1
                      << ") is negative (" << t.L[tau][k]
                      << " s): the ring took less than its overhead (and "
                         "staged memory transfers)";
                    m.warnings.push_back(w.str());
                    return;
                }
    };
    for (const TauLopMeasured &x : d.channels) {
        if (x.channel != 0)
            continue;
        TauLopTable t = table_of(x);
        for (const auto &row : x.ring) {
            std::vector<double> L;
            for (std::size_t k = 0; k < row.size(); ++k)
                L.push_back((row[k] - x.o[k]) / 2);
            t.L.push_back(L);
        }
        warn_negative(t);
        m.tables.push_back(t);
    }
    bool staged = d.network == "staged";
    if (d.network == "auto") {
        staged = true;
        for (const TauLopMeasured &x : d.channels)
            if (x.channel == 1)
                for (int t : {x.s, x.r}) {
                    bool have = false;
                    for (const TauLopTable &c : m.tables)
                        have = have || (c.channel == 0 && c.s == t);
                    staged = staged && have;
                }
    }
    m.direct_network = !staged;
    for (const TauLopMeasured &x : d.channels) {
        if (x.channel != 1)
            continue;
        TauLopTable t = table_of(x);
        for (std::size_t tau = 0; tau < x.ring.size(); ++tau) {
            std::vector<double> L;
            for (std::size_t k = 0; k < x.sizes.size(); ++k) {
                double v = x.ring[tau][k] - x.o[k];
                if (staged) {
                    double ms = double(x.sizes[k]);
                    v -= m.transfer0(x.s, ms, int(tau) + 1) +
                         m.transfer0(x.r, ms, int(tau) + 1);
                }
                L.push_back(v);
            }
            t.L.push_back(L);
        }
        warn_negative(t);
        m.tables.push_back(t);
    }
    return m;
}

} // namespace cpm::models
