/* The LMO model in the model tool: operations, build and load. */
#include "registry_handle.h"
#include "registry_kinds.h"
#include "coll_plan.h"

namespace cpm::registry {

namespace {

using models::LMO;

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
        {"CPM_Scatter_linear_opt",
         [](L m, Q q) { return coll::predict_scatter_linear_opt(m, q.root, q.M); }},
        {"CPM_Gather_linear_opt",
         [](L m, Q q) { return coll::predict_gather_linear_opt(m, q.root, q.M); }},
    };
}

std::unique_ptr<ModelHandle> build_lmo(MPI_Comm c,
                                       const models::BuildOptions &o)
{
    return handle_with_warnings(models::build_lmo(c, o), lmo_ops());
}

std::unique_ptr<ModelHandle> load_lmo(const models::ModelData &d)
{
    return std::make_unique<Handle<LMO>>(LMO::from_data(d), lmo_ops());
}

} // namespace

ModelKind lmo_kind()
{
    return {"LMO", "heterogeneous C_i, t_i, L_ij, beta_ij with thresholds S, M1, M2",
        &LMO::schema,
        {{"p2p", "one-way time i -> j", Subject::Pair},
         {"one2many", "one-to-many (linear scatter)", Subject::Root},
         {"many2one", "many-to-one (linear gather)", Subject::Root},
         {"scatter", "= one2many", Subject::Root},
         {"gather", "= many2one", Subject::Root},
         {"CPM_Scatter_linear_opt", "the model-based linear scatter",
          Subject::Root},
         {"CPM_Gather_linear_opt",
          "the model-based linear gather (medium sizes in pieces)",
          Subject::Root}},
        build_lmo, load_lmo};
}

} // namespace cpm::registry
