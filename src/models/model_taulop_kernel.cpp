/* tau-Lop costs of the SUMMA and 2D-wave kernels (section 4 of the paper):
 * the phases of kernel_config.h turned into streams and evaluated by the
 * algebra of taulop_cost.h. */
#include "model_taulop.h"

#include "common_error.h"

namespace cpm::models {

using taulop::Link;
using taulop::Stream;

std::vector<Stream> TauLop::streams(const kernels::Config &c,
                                    const kernels::Phase &ph,
                                    double unit_bytes) const
{
    if (!(unit_bytes >= 0))
        throw UsageError("unit size must not be negative, got " +
                         std::to_string(unit_bytes));
    int P = int(c.procs.size());
    std::vector<int> t(P);
    for (int r = 0; r < P; ++r)
        t[r] = type_of(c.procs[r].type);
    auto link = [&](int a, int b) {
        if (a < 0 || a >= P || b < 0 || b >= P)
            throw UsageError("a kernel message names a rank outside 0.." +
                             std::to_string(P - 1));
        if (kernels::same_node(c, a, b))
            return Link{0, t[a], t[a]};
        return Link{1, t[a], t[b]};
    };
    std::vector<Stream> out;
    for (const kernels::Sends &s : ph.senders) {
        if (s.concurrent) {
            for (const kernels::Message &msg : s.messages)
                out.push_back({{link(s.src, msg.dst), msg.units * unit_bytes}});
        } else {
            Stream one;
            for (const kernels::Message &msg : s.messages)
                one.push_back({link(s.src, msg.dst), msg.units * unit_bytes});
            out.push_back(one);
        }
    }
    return out;
}

taulop::Expr TauLop::iteration(const kernels::Config &c,
                               const std::vector<kernels::Phase> &phases,
                               double unit_bytes) const
{
    std::vector<std::vector<Stream>> ps;
    for (const kernels::Phase &ph : phases)
        ps.push_back(streams(c, ph, unit_bytes));
    return taulop::phases(*this, ps, true);
}

double TauLop::kernel(const kernels::Config &c, kernels::Kernel k,
                      double unit_bytes) const
{
    double t = 0;
    if (k == kernels::Kernel::Summa) {
        for (long i = 0; i < c.N; ++i)
            t += taulop::evaluate(
                *this, iteration(c, kernels::summa_iteration(c, i), unit_bytes));
    } else {
        t = taulop::evaluate(*this,
                             iteration(c, kernels::wave2d_iteration(c),
                                       unit_bytes));
    }
    return t;
}

} // namespace cpm::models
