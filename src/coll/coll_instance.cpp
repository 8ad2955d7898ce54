// The models and the reordered communicator behind the C names of
// cpm_coll.h: one of each per process, set from rank 0's model by a
// broadcast of its parameters.
#include "coll_ops.h"

#include "common_error.h"

#include <map>
#include <memory>
#include <optional>
#include <tuple>

namespace cpm::coll {

namespace {

std::unique_ptr<models::LMO> g_lmo;
std::unique_ptr<models::Hockney> g_hockney;
std::map<std::tuple<int, int, int, double>, std::vector<int>> g_mappings;
std::unique_ptr<ReorderedComm> g_reordered;

const std::size_t kMaxMappings = 4096;

std::size_t pairs_of(int n) { return std::size_t(n) * std::size_t(n - 1) / 2; }

/* Reads the doubles of a packed model in turn. */
struct Reader {
    const std::vector<double> &v;
    std::size_t at = 0;
    double next() { return at < v.size() ? v[at++] : 0.0; }
    std::optional<double> maybe()
    {
        double has = next(), value = next();
        return has != 0 ? std::optional<double>(value) : std::nullopt;
    }
};

void put(std::vector<double> &v, const std::optional<double> &x)
{
    v.push_back(x ? 1 : 0);
    v.push_back(x ? *x : 0);
}

/* Rank 0's packed model (empty: none) to every process; throws
 * cpm::UsageError on every process if there is none or it is not of
 * comm's size. what names the model. */
std::vector<double> broadcast(MPI_Comm comm, std::vector<double> packed,
                              bool have, const char *what)
{
    int rank = 0, size = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    CPM_MPI(MPI_Comm_size(comm, &size));
    long len = rank == 0 ? (have ? long(packed.size()) : -1) : 0;
    CPM_MPI(MPI_Bcast(&len, 1, MPI_LONG, 0, comm));
    if (len < 0)
        throw UsageError(std::string("no ") + what +
                         " model (or an incomplete one) at rank 0");
    packed.resize(std::size_t(len));
    CPM_MPI(MPI_Bcast(packed.data(), int(len), MPI_DOUBLE, 0, comm));
    int n = packed.empty() ? 0 : int(packed[0]);
    if (n != size)
        throw UsageError(std::string("the ") + what + " model is of " +
                         std::to_string(n) + " processes, the communicator of " +
                         std::to_string(size));
    return packed;
}

bool complete(const models::LMO &m)
{
    std::size_t n = std::size_t(m.n > 0 ? m.n : 0);
    return m.n > 0 && m.C.size() == n && m.t.size() == n &&
           m.L.size() == pairs_of(m.n) && m.beta.size() == pairs_of(m.n);
}

bool complete(const models::Hockney &h)
{
    return h.n > 0 && h.alpha.size() == pairs_of(h.n) &&
           h.beta.size() == pairs_of(h.n);
}

} // namespace

void lmo_initialize(MPI_Comm comm, const models::LMO *model)
{
    std::vector<double> v;
    bool have = model && complete(*model);
    if (have) {
        const models::LMO &m = *model;
        v.push_back(m.n);
        for (const auto &e : m.C)
            v.push_back(e.value);
        for (const auto &e : m.t)
            v.push_back(e.value);
        for (const auto &e : m.L)
            v.push_back(e.value);
        for (const auto &e : m.beta)
            v.push_back(e.value);
        put(v, m.S);
        put(v, m.M1);
        put(v, m.M2);
        v.push_back(m.kappa1);
        v.push_back(m.kappa2);
        // The size segments after the first: count, then each one's start
        // and parameters.
        v.push_back(double(m.segments.size()));
        for (const models::LmoSegment &g : m.segments) {
            v.push_back(double(g.from));
            for (const auto *x : {&g.C, &g.t, &g.L, &g.beta})
                for (const auto &e : *x)
                    v.push_back(e.value);
        }
    }
    v = broadcast(comm, std::move(v), have, "LMO");
    Reader r{v};
    auto m = std::make_unique<models::LMO>();
    m->n = int(r.next());
    auto est = [&] { return stats::Estimate{r.next(), 0, 0}; };
    for (int i = 0; i < m->n; ++i)
        m->C.push_back(est());
    for (int i = 0; i < m->n; ++i)
        m->t.push_back(est());
    for (std::size_t p = 0; p < pairs_of(m->n); ++p)
        m->L.push_back(est());
    for (std::size_t p = 0; p < pairs_of(m->n); ++p)
        m->beta.push_back(est());
    m->S = r.maybe();
    m->M1 = r.maybe();
    m->M2 = r.maybe();
    m->kappa1 = r.next();
    m->kappa2 = r.next();
    std::size_t segments = std::size_t(r.next());
    for (std::size_t k = 0; k < segments; ++k) {
        models::LmoSegment g;
        g.from = long(r.next());
        for (int i = 0; i < m->n; ++i)
            g.C.push_back(est());
        for (int i = 0; i < m->n; ++i)
            g.t.push_back(est());
        for (std::size_t p = 0; p < pairs_of(m->n); ++p)
            g.L.push_back(est());
        for (std::size_t p = 0; p < pairs_of(m->n); ++p)
            g.beta.push_back(est());
        m->segments.push_back(std::move(g));
    }
    g_lmo = std::move(m);
}

void lmo_finalize() { g_lmo.reset(); }

const models::LMO *lmo_instance() { return g_lmo.get(); }

void hockney_initialize(MPI_Comm comm, const models::Hockney *model)
{
    std::vector<double> v;
    bool have = model && complete(*model);
    if (have) {
        v.push_back(model->n);
        for (const auto &e : model->alpha)
            v.push_back(e.value);
        for (const auto &e : model->beta)
            v.push_back(e.value);
    }
    v = broadcast(comm, std::move(v), have, "Hockney");
    Reader r{v};
    auto h = std::make_unique<models::Hockney>();
    h->n = int(r.next());
    for (std::size_t p = 0; p < pairs_of(h->n); ++p)
        h->alpha.push_back({r.next(), 0, 0});
    for (std::size_t p = 0; p < pairs_of(h->n); ++p)
        h->beta.push_back({r.next(), 0, 0});
    g_hockney = std::move(h);
    g_mappings.clear();
}

void hockney_finalize()
{
    g_hockney.reset();
    g_mappings.clear();
}

const models::Hockney *hockney_instance() { return g_hockney.get(); }

const std::vector<int> &hockney_mapping(int root, double M, TreeOp op,
                                        TreeMap kind)
{
    if (!g_hockney)
        throw UsageError("no Hockney model: call Hockney_initialize first");
    auto key = std::make_tuple(int(op), int(kind), root, M);
    auto it = g_mappings.find(key);
    if (it != g_mappings.end())
        return it->second;
    if (g_mappings.size() >= kMaxMappings)
        g_mappings.clear();
    return g_mappings[key] = binomial_mapping(*g_hockney, root, M, op, kind);
}

void p2p_initialize(MPI_Comm comm, int root, bool opt)
{
    if (!g_hockney)
        throw UsageError("no Hockney model: call Hockney_initialize first");
    auto r = std::make_unique<ReorderedComm>(comm, *g_hockney, root, opt);
    g_reordered = std::move(r);
}

void p2p_finalize() { g_reordered.reset(); }

const ReorderedComm *p2p_instance() { return g_reordered.get(); }

} // namespace cpm::coll
