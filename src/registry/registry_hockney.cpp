/* The Hockney model in the model tool: operations, build and load. */
#include "registry_handle.h"
#include "registry_kinds.h"
#include "coll_plan.h"

namespace cpm::registry {

namespace {

using models::Hockney;

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
        {"CPM_Scatter_binomial_opt",
         [](H h, Q q) { return coll::predict_scatter_binomial_opt(h, q.root, q.M); }},
        {"CPM_Scatter_binomial_cor",
         [](H h, Q q) { return coll::predict_scatter_binomial_cor(h, q.root, q.M); }},
        {"CPM_Gather_binomial_opt",
         [](H h, Q q) { return coll::predict_gather_binomial_opt(h, q.root, q.M); }},
        {"CPM_Gather_binomial_cor",
         [](H h, Q q) { return coll::predict_gather_binomial_cor(h, q.root, q.M); }},
        {"CPM_Scatter_binomial",
         [](H h, Q q) {
             return coll::predict_scatter_binomial_reordered(h, q.root, true, q.M);
         }},
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

} // namespace

ModelKind hockney_kind()
{
    return {"Hockney", "alpha + beta M per pair (heterogeneous) and averaged",
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
          "homogeneous, ceil(log2 n) alpha + (n-1) beta M", Subject::None},
         {"CPM_Scatter_binomial_opt", "binomial scatter, best mapping",
          Subject::Root},
         {"CPM_Scatter_binomial_cor", "binomial scatter, worst mapping",
          Subject::Root},
         {"CPM_Gather_binomial_opt", "binomial gather, best mapping",
          Subject::Root},
         {"CPM_Gather_binomial_cor", "binomial gather, worst mapping",
          Subject::Root},
         {"CPM_Scatter_binomial",
          "binomial scatter on CPM_p2p_initialize's communicator (opt)",
          Subject::Root}},
        build_hockney, load_hockney};
}

} // namespace cpm::registry
