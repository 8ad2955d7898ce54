/* The Hockney model's descriptor: its operations (point-to-point, the
 * linear and binomial scatter/gather, their homogeneous forms and the
 * model-based binomial collectives) and its build. */
#include "registry_table.h"
#include "coll_plan.h"
#include "model_hockney_build.h"

namespace cpm::registry {

ModelKind hockney_kind()
{
    using models::Hockney;
    using H = const Hockney &;
    using Q = const Query &;
    Descriptor<Hockney> d;
    d.description = "alpha + beta M per pair (heterogeneous) and averaged";
    d.operations = {
        {"p2p", Subject::Pair, "one-way time i -> j", "alpha_ij + beta_ij M",
         [](H h, Q q) { return h.p2p(q.i, q.j, q.M); }},
        {"scatter", Subject::Root, "linear scatter time",
         "sequential (= sg_linear_sequential)",
         [](H h, Q q) { return h.sg_linear_sequential(q.root, q.M); }},
        {"gather", Subject::Root, "linear gather time",
         "sequential (= sg_linear_sequential)",
         [](H h, Q q) { return h.sg_linear_sequential(q.root, q.M); }},
        {"sg_linear_sequential", Subject::Root, "linear scatter/gather time",
         "messages in turn",
         [](H h, Q q) { return h.sg_linear_sequential(q.root, q.M); }},
        {"sg_linear_parallel", Subject::Root, "linear scatter/gather time",
         "messages at once",
         [](H h, Q q) { return h.sg_linear_parallel(q.root, q.M); }},
        {"sg_binomial", Subject::Root, "binomial scatter/gather time", "",
         [](H h, Q q) { return h.sg_binomial(q.root, q.M); }},
        {"h_p2p", Subject::None, "homogeneous one-way time", "alpha + beta M",
         [](H h, Q q) { return h.h_p2p(q.M); }},
        {"h_sg_linear_sequential", Subject::None,
         "homogeneous linear scatter/gather time", "(n-1)(alpha + beta M)",
         [](H h, Q q) { return h.h_sg_linear_sequential(q.M); }},
        {"h_sg_linear_parallel", Subject::None,
         "homogeneous linear scatter/gather time", "alpha + beta M",
         [](H h, Q q) { return h.h_sg_linear_parallel(q.M); }},
        {"h_sg_binomial", Subject::None,
         "homogeneous binomial scatter/gather time",
         "ceil(log2 n) alpha + (n-1) beta M",
         [](H h, Q q) { return h.h_sg_binomial(q.M); }},
        {"CPM_Scatter_binomial_opt", Subject::Root, "binomial scatter time",
         "best mapping",
         [](H h, Q q) {
             return coll::predict_scatter_binomial_opt(h, q.root, q.M);
         }},
        {"CPM_Scatter_binomial_cor", Subject::Root, "binomial scatter time",
         "worst mapping",
         [](H h, Q q) {
             return coll::predict_scatter_binomial_cor(h, q.root, q.M);
         }},
        {"CPM_Gather_binomial_opt", Subject::Root, "binomial gather time",
         "best mapping",
         [](H h, Q q) {
             return coll::predict_gather_binomial_opt(h, q.root, q.M);
         }},
        {"CPM_Gather_binomial_cor", Subject::Root, "binomial gather time",
         "worst mapping",
         [](H h, Q q) {
             return coll::predict_gather_binomial_cor(h, q.root, q.M);
         }},
        {"CPM_Scatter_binomial", Subject::Root, "binomial scatter time",
         "on CPM_p2p_initialize's communicator (opt)",
         [](H h, Q q) {
             return coll::predict_scatter_binomial_reordered(h, q.root, true,
                                                             q.M);
         }},
    };
    d.build = [](MPI_Comm c, const models::BuildOptions &o, NoOptions) {
        return models::build_hockney(c, o);
    };
    d.simgrid = [](const models::Hockney &m,
                   const models::SimgridExportOptions &o) {
        return models::simgrid_export(m, o);
    };
    return make_kind(std::move(d));
}

} // namespace cpm::registry
