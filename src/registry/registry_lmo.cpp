/* The LMO model's descriptor: its operations (point-to-point, one-to-many
 * and many-to-one, the model-based linear collectives), its build and the
 * build options only it takes, those of the Bai-Perron search for its
 * thresholds. */
#include "registry_table.h"
#include "coll_plan.h"
#include "model_lmo_build.h"

namespace cpm::registry {

ModelKind lmo_kind()
{
    using models::LMO;
    using models::LmoBuildOptions;
    using L = const LMO &;
    using Q = const Query &;
    Descriptor<LMO, LmoBuildOptions> d;
    d.description =
        "heterogeneous C_i, t_i, L_ij, beta_ij with thresholds S, M1, M2";
    d.operations = {
        {"p2p", Subject::Pair, "one-way time i -> j",
         "C_i + L_ij + C_j + M (t_i + 1/beta_ij + t_j)",
         [](L m, Q q) { return m.p2p(q.i, q.j, q.M); }},
        {"one2many", Subject::Root, "linear scatter time", "one-to-many",
         [](L m, Q q) { return m.one2many(q.root, q.M); }},
        {"many2one", Subject::Root, "linear gather time", "many-to-one",
         [](L m, Q q) { return m.many2one(q.root, q.M); }},
        {"scatter", Subject::Root, "linear scatter time", "= one2many",
         [](L m, Q q) { return m.one2many(q.root, q.M); }},
        {"gather", Subject::Root, "linear gather time", "= many2one",
         [](L m, Q q) { return m.many2one(q.root, q.M); }},
        {"scatter_positional", Subject::Root, "linear scatter time",
         "variant: the k-th send's delay before the k-th transfer only",
         [](L m, Q q) { return m.one2many_positional(q.root, q.M); }},
        {"gather_queue", Subject::Root, "linear gather time",
         "variant: the root's receive delays in turn, each after arrival",
         [](L m, Q q) { return m.many2one_queue(q.root, q.M); }},
        {"scatter_shared", Subject::Root, "linear scatter time",
         "variant: scatter_positional, the transfers sharing the root's "
         "interface",
         [](L m, Q q) { return m.one2many_shared(q.root, q.M); }},
        {"gather_shared", Subject::Root, "linear gather time",
         "variant: gather_queue, the transfers sharing the root's interface",
         [](L m, Q q) { return m.many2one_shared(q.root, q.M); }},
        {"CPM_Scatter_linear_opt", Subject::Root, "linear scatter time",
         "the model-based linear scatter",
         [](L m, Q q) {
             return coll::predict_scatter_linear_opt(m, q.root, q.M);
         }},
        {"CPM_Gather_linear_opt", Subject::Root, "linear gather time",
         "the model-based linear gather (medium sizes in pieces)",
         [](L m, Q q) {
             return coll::predict_gather_linear_opt(m, q.root, q.M);
         }},
    };
    d.options = {
        {"bp-h", "D",
         "Bai-Perron minimal segment, fraction or count (default: 0.15)",
         [](LmoBuildOptions &o, const std::string &v) {
             o.breakpoints.h = option_positive_real(v, "bp-h");
         }},
        {"bp-breaks", "I",
         "Bai-Perron maximal number of breaks, 0 for any (default: 0)",
         [](LmoBuildOptions &o, const std::string &v) {
             o.breakpoints.max_breaks = option_count(v, "bp-breaks");
         }},
        {"bp-ic", "S",
         "criterion for the number of breaks: BIC or LWZ (default: BIC)",
         [](LmoBuildOptions &o, const std::string &v) {
             o.breakpoints.criterion = option_choice(v, "bp-ic", {"BIC", "LWZ"});
         }},
    };
    d.build = [](MPI_Comm c, const models::BuildOptions &o,
                 const LmoBuildOptions &lo) {
        return models::build_lmo(c, o, lo);
    };
    d.simgrid = [](const models::LMO &m,
                   const models::SimgridExportOptions &o) {
        return models::simgrid_export(m, o);
    };
    return make_kind(std::move(d));
}

} // namespace cpm::registry
