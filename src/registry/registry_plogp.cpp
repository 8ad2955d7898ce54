/* The PLogP model and LogGP (derived from PLogP measurements) in the model
 * tool: operations, build and load. */
#include "registry_handle.h"
#include "registry_kinds.h"

namespace cpm::registry {

namespace {

using models::LogGP;
using models::PLogP;

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

std::unique_ptr<ModelHandle> build_plogp(MPI_Comm c,
                                         const models::BuildOptions &o)
{
    return handle_with_warnings(models::build_plogp(c, o), plogp_ops());
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
    return handle_with_warnings(models::loggp_from_plogp(p), loggp_ops(),
                                p.warnings);
}

std::unique_ptr<ModelHandle> load_loggp(const models::ModelData &d)
{
    return std::make_unique<Handle<LogGP>>(LogGP::from_data(d), loggp_ops());
}

} // namespace

ModelKind plogp_kind()
{
    return {"PLogP", "per pair L and os(M), or(M), g(M) piecewise linear over sizes",
        &PLogP::schema,
        {{"p2p", "one-way time i -> j, L + g(M)", Subject::Pair},
         {"scatter", "linear scatter, root busy one gap per message",
          Subject::Root},
         {"gather", "linear gather, = scatter", Subject::Root},
         {"os", "send overhead os_ij(M)", Subject::Pair},
         {"or", "receive overhead or_ij(M)", Subject::Pair},
         {"g", "gap g_ij(M)", Subject::Pair}},
        build_plogp, load_plogp};
}

ModelKind loggp_kind()
{
    return {"LogGP", "per pair L, o, G, derived from PLogP measurements",
        &LogGP::schema,
        {{"p2p", "one-way time i -> j, L + 2o + G (M - 1)", Subject::Pair}},
        build_loggp, load_loggp};
}

} // namespace cpm::registry
