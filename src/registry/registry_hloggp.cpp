/* The HLogGP model's descriptor: its operations (point-to-point,
 * scatter/gather, the SUMMA and 2D-wave kernels of a configuration file,
 * the parameters) and its build. */
#include "registry_table.h"
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

} // namespace

ModelKind hloggp_kind()
{
    using H = const HLogGP &;
    using Q = const Query &;
    Descriptor<HLogGP> d;
    d.description =
        "per processor os, or, g; per link L and G (Bosque and Pastor)";
    d.operations = {
        {"p2p", Subject::Pair, "one-way time i -> j",
         "os_i + L_ij + M G_ij + or_j",
         [](H m, Q q) { return m.p2p(q.i, q.j, q.M); }},
        {"scatter", Subject::Root, "linear scatter time",
         "root's sends max(g, os + M G) apart",
         [](H m, Q q) { return m.scatter_linear(q.root, q.M); }},
        {"gather", Subject::Root, "linear gather time",
         "root's receives max(g, or + M G) apart",
         [](H m, Q q) { return m.gather_linear(q.root, q.M); }},
        {"scatter_binomial", Subject::Root, "binomial scatter time",
         "MPIB_Scatter_binomial",
         [](H m, Q q) { return m.scatter_binomial(q.root, q.M); }},
        {"gather_binomial", Subject::Root, "binomial gather time",
         "MPIB_Gather_binomial",
         [](H m, Q q) { return m.gather_binomial(q.root, q.M); }},
        {"summa", Subject::Config, "SUMMA communication time of --config",
         "-m = bytes per unit (sum over phases of max over senders of their "
         "sums)",
         [](H m, Q q) {
             return kernel_cost(m, q, kernels::Kernel::Summa, "summa");
         }},
        {"wave2d", Subject::Config,
         "2D-wave communication time per iteration of --config",
         "-m = bytes per unit (max over processes of the sum to neighbours)",
         [](H m, Q q) {
             return kernel_cost(m, q, kernels::Kernel::Wave2D, "wave2d");
         }},
        {"os", Subject::Pair, "parameter: send overhead of processor i",
         "--pair i,j", [](H m, Q q) { return m.send_overhead(q.i); }},
        {"or", Subject::Pair, "parameter: receive overhead of processor j",
         "--pair i,j", [](H m, Q q) { return m.recv_overhead(q.j); }},
        {"g", Subject::Pair, "parameter: gap of processor i", "--pair i,j",
         [](H m, Q q) { return m.gap(q.i); }},
        {"L", Subject::Pair, "parameter: latency L_ij", "",
         [](H m, Q q) { return m.latency(q.i, q.j); }},
        {"G", Subject::Pair, "parameter: gap per byte G_ij of i -> j", "",
         [](H m, Q q) { return m.gap_per_byte(q.i, q.j); }},
    };
    d.build = [](MPI_Comm c, const models::BuildOptions &o, NoOptions) {
        return models::build_hloggp(c, o);
    };
    return make_kind(std::move(d));
}

} // namespace cpm::registry
