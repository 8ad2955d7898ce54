/* The descriptors of the PLogP model and of LogGP (measured as PLogP and
 * derived from it): their operations and builds. */
#include "registry_table.h"
#include "model_plogp_build.h"

namespace cpm::registry {

namespace {

/* --plan: the sizes PLogP measures (model_plogp_build.h). */
std::vector<Option<models::PLogPBuildOptions>> plan_option()
{
    return {{"plan", "P",
              "sizes: sweep (-s/-m/--sizes) or log (0, 1, 2, 4, ..., 4 MiB) "
             "(default: log without -s/-m/--sizes, else sweep)",
             [](models::PLogPBuildOptions &o, const std::string &v) {
                 o.plan = option_choice(v, "plan", {"sweep", "log"});
             }}};
}

} // namespace

ModelKind plogp_kind()
{
    using models::PLogP;
    using P = const PLogP &;
    using Q = const Query &;
    Descriptor<PLogP, models::PLogPBuildOptions> d;
    d.description = "per pair L and os(M), or(M), g(M) piecewise linear over sizes";
    d.operations = {
        {"p2p", Subject::Pair, "one-way time i -> j", "L + g(M)",
         [](P m, Q q) { return m.p2p(q.i, q.j, q.M); }},
        {"scatter", Subject::Root, "linear scatter time",
         "root busy one gap per message",
         [](P m, Q q) { return m.sg_linear(q.root, q.M); }},
        {"gather", Subject::Root, "linear gather time", "= scatter",
         [](P m, Q q) { return m.sg_linear(q.root, q.M); }},
        {"scatter_positional", Subject::Root, "linear scatter time",
         "variant: root busy os per message, transfers overlap",
         [](P m, Q q) { return m.scatter_positional(q.root, q.M); }},
        {"gather_queue", Subject::Root, "linear gather time",
         "variant: root busy or per message, in turn after arrival",
         [](P m, Q q) { return m.gather_queue(q.root, q.M); }},
        {"os", Subject::Pair, "parameter: send overhead os_ij(M)", "",
         [](P m, Q q) { return m.os_at(q.i, q.j, q.M); }},
        {"or", Subject::Pair, "parameter: receive overhead or_ij(M)", "",
         [](P m, Q q) { return m.or_at(q.i, q.j, q.M); }},
        {"g", Subject::Pair, "parameter: gap g_ij(M)", "",
         [](P m, Q q) { return m.g_at(q.i, q.j, q.M); }},
    };
    d.options = plan_option();
    d.build = [](MPI_Comm c, const models::BuildOptions &o,
                 const models::PLogPBuildOptions &po) {
        return models::build_plogp(c, o, po);
    };
    d.simgrid = [](const models::PLogP &m,
                   const models::SimgridExportOptions &o) {
        return models::simgrid_export(m, o);
    };
    return make_kind(std::move(d));
}

ModelKind loggp_kind()
{
    using models::LogGP;
    Descriptor<LogGP, models::PLogPBuildOptions> d;
    d.description = "per pair L, o, G, derived from PLogP measurements";
    d.operations = {
        {"p2p", Subject::Pair, "one-way time i -> j", "L + 2o + G (M - 1)",
         [](const LogGP &m, const Query &q) { return m.p2p(q.i, q.j, q.M); }},
    };
    d.options = plan_option();
    d.build = [](MPI_Comm c, const models::BuildOptions &o,
                 const models::PLogPBuildOptions &po) {
        return models::build_loggp(c, o, po);
    };
    d.derived_from = models::PLogP::name();
    d.derive = [](const models::ModelData &plogp) {
        return models::loggp_from_plogp(models::PLogP::from_data(plogp));
    };
    return make_kind(std::move(d));
}

} // namespace cpm::registry
