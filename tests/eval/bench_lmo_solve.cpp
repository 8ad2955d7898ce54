/*
 * bench_lmo_solve: the CPU time of LMO's solver (lmo_solve_p2p) alone, on
 * the measurements a random n-process model implies exactly (one size
 * segment, 0 and 32768 bytes: C(n,2) one-to-one experiments each way and
 * 3 C(n,3) one-to-two per size), and the largest relative error of the
 * recovered C, t, L and beta. A benchmark (issue 12, item 4: the n = 256
 * model from its measurements in under 1 s of CPU), not a test; `make
 * bench-lmo-solve` runs it for n = 16, 64, 128 and 256.
 *
 * usage: bench_lmo_solve N [SEED]
 * Prints: n, triplets, results held, seconds of CPU to make the data and
 * to solve, and the largest relative error.
 */
#include "lmo_synthetic.h"
#include "common_error.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

using namespace cpm;
using namespace cpm::models;

namespace {

double cpu_seconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

double max_rel(const std::vector<stats::Estimate> &got,
               const std::vector<stats::Estimate> &want)
{
    double e = 0;
    for (std::size_t k = 0; k < want.size() && k < got.size(); ++k)
        e = std::max(e, std::fabs(got[k].value - want[k].value) /
                            std::fabs(want[k].value));
    return got.size() == want.size() ? e : INFINITY;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: bench_lmo_solve N [SEED]\n");
        return 2;
    }
    int n = std::atoi(argv[1]);
    unsigned seed = argc > 2 ? unsigned(std::atol(argv[2])) : 1u;
    if (n < 3 || n > 1024) {
        std::fprintf(stderr, "bench_lmo_solve: N must lie in 3..1024, got '%s'\n",
                     argv[1]);
        return 2;
    }
    try {
        LMO t = synthetic::truth(n, seed);
        double c0 = cpu_seconds();
        LmoP2pData d;
        d.n = n;
        d.segments.push_back(synthetic::segment_data(t, 0, 0, 32768));
        double c1 = cpu_seconds();
        LMO m;
        lmo_solve_p2p(m, d, 0.95);
        double c2 = cpu_seconds();
        const LmoSegmentData &g = d.segments[0];
        std::size_t held = g.o2oA.size() + g.o2oB.size() + g.o2tA.size() +
                           g.o2tB.size();
        double err = std::max({max_rel(m.C, t.C), max_rel(m.t, t.t),
                               max_rel(m.L, t.L), max_rel(m.beta, t.beta)});
        std::printf("n %d triplets %ld results %zu (%.0f MB) data-cpu %.3f s "
                    "solve-cpu %.3f s max-rel-err %.2e\n",
                    n, long(g.o2tA.size() / 3), held,
                    double(held * sizeof(bench::Result)) / 1e6, c1 - c0,
                    c2 - c1, err);
        return err < 1e-6 ? 0 : 1;
    } catch (const Error &e) {
        std::fprintf(stderr, "bench_lmo_solve: %s\n", e.what());
        return 1;
    }
}
