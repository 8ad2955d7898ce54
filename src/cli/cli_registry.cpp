#include "cli_registry.h"

#include "common_error.h"

#include <functional>
#include <map>

namespace cpm::cli {

namespace {

/* A handle around a model struct M with its prediction functions. */
template <class M>
class Handle : public ModelHandle {
public:
    using Fn = std::function<double(const M &, const Query &)>;
    Handle(M m, std::map<std::string, Fn> ops)
        : m_(std::move(m)), ops_(std::move(ops))
    {
    }
    models::ModelData data() const override
    {
        models::ModelData d = m_.to_data();
        for (const auto &kv : notes)
            d.provenance.extra[kv.first] = kv.second;
        return d;
    }
    double predict(const std::string &op, const Query &q) const override
    {
        auto it = ops_.find(op);
        if (it == ops_.end())
            throw UsageError("the " + std::string(M::name()) +
                             " model does not predict '" + op + "'");
        return it->second(m_, q);
    }

private:
    M m_;
    std::map<std::string, Fn> ops_;
};

using models::Hockney;
using models::LMO;
using models::LogGP;
using models::PLogP;

std::map<std::string, Handle<Hockney>::Fn> hockney_ops()
{
    using Q = const Query &;
    using H = const Hockney &;
    return {
        {"p2p", [](H h, Q q) { return h.p2p(q.i, q.j, q.M); }},
        {"scatter", [](H h, Q q) { return h.sg_linear_sequential(q.root, q.M); }},
        {"gather", [](H h, Q q) { return h.sg_linear_sequential(q.root, q.M); }},
        {"sg_linear_sequential",
         [](H h, Q q) { return h.sg_linear_sequential(q.root, q.M); }},
        {"sg_linear_parallel",
         [](H h, Q q) { return h.sg_linear_parallel(q.root, q.M); }},
        {"sg_binomial", [](H h, Q q) { return h.sg_binomial(q.root, q.M); }},
        {"h_p2p", [](H h, Q q) { return h.h_p2p(q.M); }},
        {"h_sg_linear_sequential",
         [](H h, Q q) { return h.h_sg_linear_sequential(q.M); }},
        {"h_sg_linear_parallel",
         [](H h, Q q) { return h.h_sg_linear_parallel(q.M); }},
        {"h_sg_binomial", [](H h, Q q) { return h.h_sg_binomial(q.M); }},
    };
}

std::map<std::string, Handle<LMO>::Fn> lmo_ops()
{
    using Q = const Query &;
    using L = const LMO &;
    return {
        {"p2p", [](L m, Q q) { return m.p2p(q.i, q.j, q.M); }},
        {"one2many", [](L m, Q q) { return m.one2many(q.root, q.M); }},
        {"many2one", [](L m, Q q) { return m.many2one(q.root, q.M); }},
        {"scatter", [](L m, Q q) { return m.one2many(q.root, q.M); }},
        {"gather", [](L m, Q q) { return m.many2one(q.root, q.M); }},
    };
}

std::map<std::string, Handle<PLogP>::Fn> plogp_ops()
{
    using Q = const Query &;
    using P = const PLogP &;
    return {
        {"p2p", [](P m, Q q) { return m.p2p(q.i, q.j, q.M); }},
        {"scatter", [](P m, Q q) { return m.sg_linear(q.root, q.M); }},
        {"gather", [](P m, Q q) { return m.sg_linear(q.root, q.M); }},
        {"os", [](P m, Q q) { return m.os_at(q.i, q.j, q.M); }},
        {"or", [](P m, Q q) { return m.or_at(q.i, q.j, q.M); }},
        {"g", [](P m, Q q) { return m.g_at(q.i, q.j, q.M); }},
    };
}

std::map<std::string, Handle<LogGP>::Fn> loggp_ops()
{
    using Q = const Query &;
    using G = const LogGP &;
    return {
        {"p2p", [](G m, Q q) { return m.p2p(q.i, q.j, q.M); }},
    };
}

std::unique_ptr<ModelHandle> build_hockney(MPI_Comm c,
                                           const models::BuildOptions &o)
{
    return std::make_unique<Handle<Hockney>>(models::build_hockney(c, o),
                                             hockney_ops());
}

std::unique_ptr<ModelHandle> load_hockney(const models::ModelData &d)
{
    return std::make_unique<Handle<Hockney>>(Hockney::from_data(d),
                                             hockney_ops());
}

std::unique_ptr<ModelHandle> build_lmo(MPI_Comm c,
                                       const models::BuildOptions &o)
{
    LMO m = models::build_lmo(c, o);
    std::vector<std::string> w = m.warnings;
    auto h = std::make_unique<Handle<LMO>>(std::move(m), lmo_ops());
    h->warnings = w;
    return h;
}

std::unique_ptr<ModelHandle> load_lmo(const models::ModelData &d)
{
    return std::make_unique<Handle<LMO>>(LMO::from_data(d), lmo_ops());
}

std::unique_ptr<ModelHandle> build_plogp(MPI_Comm c,
                                         const models::BuildOptions &o)
{
    PLogP m = models::build_plogp(c, o);
    std::vector<std::string> w = m.warnings;
    auto h = std::make_unique<Handle<PLogP>>(std::move(m), plogp_ops());
    h->warnings = w;
    return h;
}

std::unique_ptr<ModelHandle> load_plogp(const models::ModelData &d)
{
    return std::make_unique<Handle<PLogP>>(PLogP::from_data(d), plogp_ops());
}

/* LogGP is measured as PLogP and derived from it (manual 4.6.2.4). */
std::unique_ptr<ModelHandle> build_loggp(MPI_Comm c,
                                         const models::BuildOptions &o)
{
    PLogP p = models::build_plogp(c, o);
    LogGP m = models::loggp_from_plogp(p);
    std::vector<std::string> w = p.warnings;
    w.insert(w.end(), m.warnings.begin(), m.warnings.end());
    auto h = std::make_unique<Handle<LogGP>>(std::move(m), loggp_ops());
    h->warnings = w;
    return h;
}

std::unique_ptr<ModelHandle> load_loggp(const models::ModelData &d)
{
    return std::make_unique<Handle<LogGP>>(LogGP::from_data(d), loggp_ops());
}

} // namespace

const std::vector<ModelKind> &model_kinds()
{
    static const std::vector<ModelKind> kinds = {
        {"Hockney", "alpha + beta M per pair (heterogeneous) and averaged",
         &Hockney::schema,
         {{"p2p", "one-way time i -> j", Subject::Pair},
          {"scatter", "linear scatter, sequential (= sg_linear_sequential)",
           Subject::Root},
          {"gather", "linear gather, sequential (= sg_linear_sequential)",
           Subject::Root},
          {"sg_linear_sequential", "linear scatter/gather, messages in turn",
           Subject::Root},
          {"sg_linear_parallel", "linear scatter/gather, messages at once",
           Subject::Root},
          {"sg_binomial", "binomial scatter/gather", Subject::Root},
          {"h_p2p", "homogeneous one-way time, alpha + beta M", Subject::None},
          {"h_sg_linear_sequential", "homogeneous, (n-1)(alpha + beta M)",
           Subject::None},
          {"h_sg_linear_parallel", "homogeneous, alpha + beta M",
           Subject::None},
          {"h_sg_binomial",
           "homogeneous, ceil(log2 n) alpha + (n-1) beta M", Subject::None}},
         build_hockney, load_hockney},
        {"LMO", "heterogeneous C_i, t_i, L_ij, beta_ij with thresholds S, M1, M2",
         &LMO::schema,
         {{"p2p", "one-way time i -> j", Subject::Pair},
          {"one2many", "one-to-many (linear scatter)", Subject::Root},
          {"many2one", "many-to-one (linear gather)", Subject::Root},
          {"scatter", "= one2many", Subject::Root},
          {"gather", "= many2one", Subject::Root}},
         build_lmo, load_lmo},
        {"PLogP", "per pair L and os(M), or(M), g(M) piecewise linear over sizes",
         &PLogP::schema,
         {{"p2p", "one-way time i -> j, L + g(M)", Subject::Pair},
          {"scatter", "linear scatter, root busy one gap per message",
           Subject::Root},
          {"gather", "linear gather, = scatter", Subject::Root},
          {"os", "send overhead os_ij(M)", Subject::Pair},
          {"or", "receive overhead or_ij(M)", Subject::Pair},
          {"g", "gap g_ij(M)", Subject::Pair}},
         build_plogp, load_plogp},
        {"LogGP", "per pair L, o, G, derived from PLogP measurements",
         &LogGP::schema,
         {{"p2p", "one-way time i -> j, L + 2o + G (M - 1)", Subject::Pair}},
         build_loggp, load_loggp},
    };
    return kinds;
}

const ModelKind &find_model(const std::string &name)
{
    std::string names;
    for (const ModelKind &k : model_kinds()) {
        if (name == k.name)
            return k;
        names += (names.empty() ? "" : ", ") + std::string(k.name);
    }
    throw UsageError("unknown model '" + name + "' (valid: " + names + ")");
}

const Operation &find_operation(const ModelKind &kind, const std::string &op)
{
    std::string names;
    for (const Operation &o : kind.operations) {
        if (op == o.name)
            return o;
        names += (names.empty() ? "" : ", ") + std::string(o.name);
    }
    throw UsageError("the " + std::string(kind.name) +
                     " model does not predict '" + op + "' (valid: " + names +
                     ")");
}

} // namespace cpm::cli
