/* The heterogeneous tau-Lop model in the model tool: operations, build and
 * load. */
#include "registry_handle.h"
#include "registry_kinds.h"
#include "kernel_config.h"
#include "model_taulop_build.h"

namespace cpm::registry {

namespace {

using models::TauLop;

/* The kernel of the configuration of q (named q.config), which must be
 * `want`; the unit is q.M bytes. */
double kernel_of(const TauLop &m, const Query &q, kernels::Kernel want,
                 const char *op)
{
    return m.kernel(q.configuration(want, op), want, q.M);
}

std::map<std::string, Handle<TauLop>::Fn> taulop_ops()
{
    using Q = const Query &;
    using T = const TauLop &;
    return {
        {"p2p", [](T m, Q q) { return m.p2p(q.i, q.j, q.M); }},
        {"concurrent",
         [](T m, Q q) { return m.concurrent(q.i, q.j, q.M, q.tau); }},
        {"o",
         [](T m, Q q) { return m.overhead(m.link(q.i, q.j), q.M); }},
        {"L",
         [](T m, Q q) {
             models::taulop::Link l = m.link(q.i, q.j);
             return l.channel == 0
                        ? m.transfer0(l.src_type, q.M, q.tau)
                        : m.transfer1(l.src_type, l.dst_type, q.M, q.tau);
         }},
        {"bcast", [](T m, Q q) { return m.bcast_binomial(q.root, q.M); }},
        {"scatter", [](T m, Q q) { return m.scatter_linear(q.root, q.M); }},
        {"gather", [](T m, Q q) { return m.gather_linear(q.root, q.M); }},
        {"scatter_binomial",
         [](T m, Q q) { return m.scatter_binomial(q.root, q.M); }},
        {"gather_binomial",
         [](T m, Q q) { return m.gather_binomial(q.root, q.M); }},
        {"summa",
         [](T m, Q q) { return kernel_of(m, q, kernels::Kernel::Summa, "summa"); }},
        {"wave2d",
         [](T m, Q q) { return kernel_of(m, q, kernels::Kernel::Wave2D, "wave2d"); }},
    };
}

std::unique_ptr<ModelHandle> build_taulop(MPI_Comm c,
                                          const models::BuildOptions &o)
{
    return handle_with_warnings(models::build_taulop(c, o), taulop_ops());
}

std::unique_ptr<ModelHandle> load_taulop(const models::ModelData &d)
{
    return std::make_unique<Handle<TauLop>>(TauLop::from_data(d), taulop_ops());
}

} // namespace

ModelKind taulop_kind()
{
    ModelKind k{"taulop",
        "heterogeneous tau-Lop: o^c(m), L^c(m, tau) per channel and node type(s)",
        &TauLop::schema,
        {{"p2p", "one-way time i -> j, T^c(M) (eqs. 1-3)", Subject::Pair},
         {"concurrent", "--tau transmissions i -> j at once, tau||T^c(M)",
          Subject::Pair},
         {"o", "overhead o^c(M) of the channel of i, j", Subject::Pair},
         {"L", "transfer time L^c(M, tau) of the channel of i, j",
          Subject::Pair},
         {"bcast", "binomial broadcast, eq. 4 with the actual channels",
          Subject::Root},
         {"scatter", "linear scatter, the root's messages in turn",
          Subject::Root},
         {"gather", "linear gather, all messages to the root at once",
          Subject::Root},
         {"scatter_binomial", "binomial scatter, one phase per stage",
          Subject::Root},
         {"gather_binomial", "binomial gather, one phase per stage",
          Subject::Root},
         {"summa", "SUMMA communication, sum of N iterations (eq. 11); "
                   "-m sizes are bytes per unit (block)",
          Subject::Config},
         {"wave2d", "2D-wave communication per iteration (eq. 14); "
                    "-m sizes are bytes per unit (element)",
          Subject::Config}},
        build_taulop, load_taulop};
    k.layout_build = true;
    return k;
}

} // namespace cpm::registry
