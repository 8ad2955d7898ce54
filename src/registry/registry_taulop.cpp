/* The heterogeneous tau-Lop model's descriptor: its operations
 * (point-to-point, concurrent transmissions, its parameters, collectives
 * and the SUMMA and 2D-wave kernels), its build and the build options only
 * it takes: the layout (--config), the network mode and the largest tau. */
#include "registry_table.h"
#include "kernel_config.h"
#include "model_taulop_build.h"

namespace cpm::registry {

namespace {

using models::TauLop;
using models::TauLopBuildOptions;

/* The kernel of the configuration of q (named q.config), which must be
 * `want`; the unit is q.M bytes. */
double kernel_of(const TauLop &m, const Query &q, kernels::Kernel want,
                 const char *op)
{
    return m.kernel(q.configuration(want, op), want, q.M);
}

} // namespace

ModelKind taulop_kind()
{
    using T = const TauLop &;
    using Q = const Query &;
    Descriptor<TauLop, TauLopBuildOptions> d;
    d.description = "heterogeneous tau-Lop: o^c(m), L^c(m, tau) per channel "
                    "and node type(s)";
    d.operations = {
        {"p2p", Subject::Pair, "one-way time i -> j", "T^c(M) (eqs. 1-3)",
         [](T m, Q q) { return m.p2p(q.i, q.j, q.M); }},
        {"concurrent", Subject::Pair,
         "time of --tau transmissions i -> j at once", "tau||T^c(M)",
         [](T m, Q q) { return m.concurrent(q.i, q.j, q.M, q.tau); }},
        {"o", Subject::Pair,
         "parameter: overhead o^c(M) of the channel of i, j", "",
         [](T m, Q q) { return m.overhead(m.link(q.i, q.j), q.M); }},
        {"L", Subject::Pair,
         "parameter: transfer time L^c(M, tau) of the channel of i, j", "",
         [](T m, Q q) {
             models::taulop::Link l = m.link(q.i, q.j);
             return l.channel == 0
                        ? m.transfer0(l.src_type, q.M, q.tau)
                        : m.transfer1(l.src_type, l.dst_type, q.M, q.tau);
         }},
        {"bcast", Subject::Root, "binomial broadcast time",
         "eq. 4 with the actual channels",
         [](T m, Q q) { return m.bcast_binomial(q.root, q.M); }},
        {"scatter", Subject::Root, "linear scatter time",
         "the root's messages in turn",
         [](T m, Q q) { return m.scatter_linear(q.root, q.M); }},
        {"gather", Subject::Root, "linear gather time",
         "all messages to the root at once",
         [](T m, Q q) { return m.gather_linear(q.root, q.M); }},
        {"scatter_binomial", Subject::Root, "binomial scatter time",
         "one phase per stage",
         [](T m, Q q) { return m.scatter_binomial(q.root, q.M); }},
        {"gather_binomial", Subject::Root, "binomial gather time",
         "one phase per stage",
         [](T m, Q q) { return m.gather_binomial(q.root, q.M); }},
        {"summa", Subject::Config, "SUMMA communication time",
         "sum of N iterations (eq. 11); -m sizes are bytes per unit (block)",
         [](T m, Q q) {
             return kernel_of(m, q, kernels::Kernel::Summa, "summa");
         }},
        {"wave2d", Subject::Config, "2D-wave communication time per iteration",
         "eq. 14; -m sizes are bytes per unit (element)",
         [](T m, Q q) {
             return kernel_of(m, q, kernels::Kernel::Wave2D, "wave2d");
         }},
    };
    d.options = {
        {"config", "FILE",
         "build: node types and nodes from a kernel configuration's process "
         "list (default: nodes from the processor names, one type)",
         [](TauLopBuildOptions &o, const std::string &v) {
             o.layout = option_file(v, "config");
         }},
        {"network", "S",
         "network transmissions staged (o + 2L0 + L1), direct (o + L1) or "
         "auto (default: auto)",
         [](TauLopBuildOptions &o, const std::string &v) {
             o.network = option_choice(v, "network", {"staged", "direct", "auto"});
         }},
        {"tau-max", "N", "the largest tau measured, 1..16 (default: 16)",
         [](TauLopBuildOptions &o, const std::string &v) {
             o.tau_max = option_positive_int(v, "tau-max");
         }},
    };
    // The layout is read on every rank before anything is measured, so
    // that a rank that cannot read it makes every rank stop.
    d.check = [](const TauLopBuildOptions &o) {
        if (!o.layout.empty())
            kernels::read_config_file(o.layout);
    };
    d.build = [](MPI_Comm c, const models::BuildOptions &o,
                 const TauLopBuildOptions &to) {
        return models::build_taulop(c, o, to);
    };
    return make_kind(std::move(d));
}

} // namespace cpm::registry
