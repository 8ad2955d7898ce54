/*
 * lmo_synthetic.h: a random LMO model and the point-to-point measurements
 * it implies exactly, in the measurement library's order (for
 * tests/unit/test_model_lmo.cpp and the solver benchmark
 * tests/eval/bench_lmo_solve.cpp).
 */
#ifndef CPM_TESTS_LMO_SYNTHETIC_H
#define CPM_TESTS_LMO_SYNTHETIC_H

#include "benchmark_schedule.h"
#include "model_lmo.h"

#include <random>

namespace cpm::models::synthetic {

/* C_i, t_i, L_ij and beta_ij drawn uniformly from ranges of real
 * clusters (beta over a factor 125), seeded. */
inline LMO truth(int n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> C(5e-6, 5e-5), t(1e-10, 2e-9),
        L(1e-6, 1e-4), beta(1e7, 1.25e9);
    LMO m;
    m.n = n;
    for (int i = 0; i < n; ++i) {
        m.C.push_back({C(rng), 0, 1});
        m.t.push_back({t(rng), 0, 1});
    }
    for (int p = 0; p < n * (n - 1) / 2; ++p) {
        m.L.push_back({L(rng), 0, 1});
        m.beta.push_back({beta(rng), 0, 1});
    }
    m.provenance.date = "2026-11-22T00:00:00Z";
    m.provenance.mpi = "synthetic";
    m.provenance.processors.assign(std::size_t(n), "node");
    return m;
}

/* A measured time: 5 repetitions of T. */
inline bench::Result result(double T)
{
    bench::Result r;
    r.T = T;
    r.reps = 5;
    return r;
}

/* The measurements of one segment at Ma < Mb that the model implies
 * exactly, in the library's order. */
inline LmoSegmentData segment_data(const LMO &m, long from, double Ma,
                                   double Mb)
{
    LmoSegmentData g;
    g.from = from;
    g.Ma = Ma;
    g.Mb = Mb;
    for (int dir = 0; dir < 2; ++dir)
        for (const bench::Pair &p : bench::all_pairs(m.n)) {
            int i = dir ? p.j : p.i, j = dir ? p.i : p.j;
            g.o2oA.push_back(result(m.roundtrip(i, j, Ma, 0)));
            g.o2oB.push_back(result(m.roundtrip(i, j, Mb, 0)));
        }
    for (const bench::Triplet &tr : bench::all_triplets(m.n)) {
        int v[3] = {tr.i, tr.j, tr.k};
        for (int r = 0; r < 3; ++r) {
            int a = v[(r + 1) % 3], b = v[(r + 2) % 3];
            g.o2tA.push_back(result(m.one_to_two(v[r], a, b, Ma)));
            g.o2tB.push_back(result(m.one_to_two(v[r], a, b, Mb)));
        }
    }
    return g;
}

} // namespace cpm::models::synthetic

#endif
