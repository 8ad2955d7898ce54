/* The HLogGP model in the model tool: operations (point-to-point,
 * scatter/gather, the SUMMA and 2D-wave kernels of a configuration file,
 * the parameters), build and load. */
#include "registry_handle.h"
#include "registry_kinds.h"
#include "kernel_config.h"
#include "model_hloggp_build.h"

namespace cpm::registry {

namespace {

using models::HLogGP;

/* The kernel of the configuration of q (named q.config), which must be
 * `want`; the unit is q.M bytes. */
double kernel_cost(const HLogGP &m, const Query &q, kernels::Kernel want,
                   const char *op)
{
    kernels::Config c = q.configuration(want, op);
    if (int(c.procs.size()) > m.n)
        throw UsageError(q.config + ": " + std::to_string(c.procs.size()) +
                         " processes, but the HLogGP model has " +
                         std::to_string(m.n));
    return m.kernel(kernels::kernel_iterations(c), q.M);
}

std::map<std::string, Handle<HLogGP>::Fn> hloggp_ops()
{
    using Q = const Query &;
    using H = const HLogGP &;
    return {
        {"p2p", [](H m, Q q) { return m.p2p(q.i, q.j, q.M); }},
        {"scatter", [](H m, Q q) { return m.scatter_linear(q.root, q.M); }},
        {"gather", [](H m, Q q) { return m.gather_linear(q.root, q.M); }},
        {"scatter_binomial",
         [](H m, Q q) { return m.scatter_binomial(q.root, q.M); }},
        {"gather_binomial",
         [](H m, Q q) { return m.gather_binomial(q.root, q.M); }},
        {"summa",
         [](H m, Q q) {
             return kernel_cost(m, q, kernels::Kernel::Summa, "summa");
         }},
        {"wave2d",
         [](H m, Q q) {
             return kernel_cost(m, q, kernels::Kernel::Wave2D, "wave2d");
         }},
        {"os", [](H m, Q q) { return m.send_overhead(q.i); }},
        {"or", [](H m, Q q) { return m.recv_overhead(q.j); }},
        {"g", [](H m, Q q) { return m.gap(q.i); }},
        {"L", [](H m, Q q) { return m.latency(q.i, q.j); }},
        {"G", [](H m, Q q) { return m.gap_per_byte(q.i, q.j); }},
    };
}

std::unique_ptr<ModelHandle> build_hloggp(MPI_Comm c,
                                          const models::BuildOptions &o)
{
    return handle_with_warnings(models::build_hloggp(c, o), hloggp_ops());
}

std::unique_ptr<ModelHandle> load_hloggp(const models::ModelData &d)
{
    return std::make_unique<Handle<HLogGP>>(HLogGP::from_data(d),
                                            hloggp_ops());
}

} // namespace

ModelKind hloggp_kind()
{
    return {"HLogGP",
        "per processor os, or, g; per link L and G (Bosque and Pastor)",
        &HLogGP::schema,
        {{"p2p", "one-way time i -> j, os_i + L_ij + M G_ij + or_j",
          Subject::Pair},
         {"scatter", "linear scatter, root's sends max(g, os + M G) apart",
          Subject::Root},
         {"gather", "linear gather, root's receives max(g, or + M G) apart",
          Subject::Root},
         {"scatter_binomial", "binomial scatter (MPIB_Scatter_binomial)",
          Subject::Root},
         {"gather_binomial", "binomial gather (MPIB_Gather_binomial)",
          Subject::Root},
         {"summa", "SUMMA communication of --config, -m = bytes per unit "
          "(sum over phases of max over senders of their sums)",
          Subject::Config},
         {"wave2d", "2D-wave communication per iteration of --config, -m = "
          "bytes per unit (max over processes of the sum to neighbours)",
          Subject::Config},
         {"os", "send overhead of processor i (--pair i,j)", Subject::Pair},
         {"or", "receive overhead of processor j (--pair i,j)",
          Subject::Pair},
         {"g", "gap of processor i (--pair i,j)", Subject::Pair},
         {"L", "latency L_ij", Subject::Pair},
         {"G", "gap per byte G_ij of i -> j", Subject::Pair}},
        build_hloggp, load_hloggp};
}

} // namespace cpm::registry
