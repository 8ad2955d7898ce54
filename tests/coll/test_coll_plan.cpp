// The decisions and predicted times of the model-based collectives
// (src/coll/coll_plan.h) on models with chosen parameters, against values
// computed by hand (in the comments) and, for the mappings, against every
// mapping there is.
#include "coll_plan.h"

#include "common_error.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace cpm;
using namespace cpm::coll;

namespace {

const double us = 1e-6, ns = 1e-9;

stats::Estimate e(double v) { return {v, 0, 0}; }

/* LMO of 4 processes (times in us, per-byte delays in ns):
 *   C = 1 4 1 2, t = 1 1 5 2,
 *   L01 = 1, L02 = 2, L03 = 3, the others 1; 1/beta03 = 2 ns, others 1 ns.
 * From root 0, a(M) = 1 + 0.001 M and the legs T'_i(M) = L0i + C_i +
 * M (1/beta0i + t_i) are
 *   T'_1 = 5 + 0.002 M,  T'_2 = 3 + 0.006 M,  T'_3 = 5 + 0.004 M  (us). */
models::LMO lmo4()
{
    models::LMO m;
    m.n = 4;
    for (double c : {1, 4, 1, 2})
        m.C.push_back(e(c * us));
    for (double t : {1, 1, 5, 2})
        m.t.push_back(e(t * ns));
    // pairs (0,1) (0,2) (0,3) (1,2) (1,3) (2,3)
    for (double l : {1, 2, 3, 1, 1, 1})
        m.L.push_back(e(l * us));
    for (double b : {1e9, 1e9, 5e8, 1e9, 1e9, 1e9})
        m.beta.push_back(e(b));
    return m;
}

TEST(LinearPlan, Legs)
{
    models::LMO m = lmo4();
    EXPECT_NEAR(lmo_root_cost(m, 0, 1000), 2 * us, 1e-15);
    EXPECT_NEAR(lmo_leg(m, 0, 1, 1000), 7 * us, 1e-15);
    EXPECT_NEAR(lmo_leg(m, 0, 2, 1000), 9 * us, 1e-15);
    EXPECT_NEAR(lmo_leg(m, 0, 3, 1000), 9 * us, 1e-15);
    EXPECT_EQ(lmo_leg(m, 0, 0, 1000), 0);
    // The leg plus the root's cost is the model's point-to-point time.
    for (int r = 0; r < 4; ++r)
        for (int i = 0; i < 4; ++i)
            if (i != r) {
                EXPECT_NEAR(lmo_root_cost(m, r, 777) + lmo_leg(m, r, i, 777),
                            m.p2p(r, i, 777), 1e-15);
            }
}

TEST(LinearPlan, ScatterOrderLongestLegFirst)
{
    models::LMO m = lmo4();
    // M = 0: legs 5 3 5 -> 1 and 3 (tie, by rank), then 2
    EXPECT_EQ(scatter_linear_order(m, 0, 0), (std::vector<int>{1, 3, 2}));
    // M = 1000: legs 7 9 9 -> 2, 3 (tie), 1
    EXPECT_EQ(scatter_linear_order(m, 0, 1000), (std::vector<int>{2, 3, 1}));
    // M = 10000: legs 25 63 45
    EXPECT_EQ(scatter_linear_order(m, 0, 10000), (std::vector<int>{2, 3, 1}));
    // Another root: every other rank exactly once.
    std::vector<int> o = scatter_linear_order(m, 2, 500);
    std::sort(o.begin(), o.end());
    EXPECT_EQ(o, (std::vector<int>{0, 1, 3}));
}

TEST(LinearPlan, GatherOrderEarliestArrivalFirst)
{
    models::LMO m = lmo4();
    EXPECT_EQ(gather_linear_order(m, 0, 0), (std::vector<int>{2, 1, 3}));
    EXPECT_EQ(gather_linear_order(m, 0, 1000), (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(gather_linear_order(m, 0, 10000), (std::vector<int>{1, 3, 2}));
}

TEST(LinearPlan, ScatterPrediction)
{
    models::LMO m = lmo4();
    // M = 0, a = 1, order 1 3 2 with legs 5 5 3: max(1+5, 2+5, 3+3) = 7
    EXPECT_NEAR(predict_scatter_linear_opt(m, 0, 0), 7 * us, 1e-15);
    // M = 10000, a = 11, order 2 3 1 with legs 63 45 25:
    // max(11+63, 22+45, 33+25) = 74 (in rank order it would be 85)
    EXPECT_NEAR(predict_scatter_linear_opt(m, 0, 10000), 74 * us, 1e-14);
    // Above S the sends serialise: 3 a + sum of legs = 33 + 133 = 166
    m.S = 5000;
    EXPECT_NEAR(predict_scatter_linear_opt(m, 0, 10000), 166 * us, 1e-14);
    EXPECT_NEAR(predict_scatter_linear_opt(m, 0, 0), 7 * us, 1e-15);
    // Never above the model's own (order-blind) one-to-many time.
    m.S.reset();
    for (double M : {0.0, 1e3, 1e4, 1e5})
        for (int r = 0; r < 4; ++r)
            EXPECT_LE(predict_scatter_linear_opt(m, r, M),
                      m.one2many(r, M) * (1 + 1e-12));
}

TEST(LinearPlan, Pieces)
{
    models::LMO m = lmo4();
    EXPECT_EQ(gather_linear_pieces(m, 100000), 1); // no M1: never split
    m.M1 = 4000;
    m.M2 = 20000;
    EXPECT_EQ(gather_linear_pieces(m, 0), 1);
    EXPECT_EQ(gather_linear_pieces(m, 4000), 1);
    EXPECT_EQ(gather_linear_pieces(m, 4001), 2);
    EXPECT_EQ(gather_linear_pieces(m, 10000), 3);
    EXPECT_EQ(gather_linear_pieces(m, 20000), 5);
    EXPECT_EQ(gather_linear_pieces(m, 20001), 1); // large: not split
    m.M2.reset();                                  // no large range
    EXPECT_EQ(gather_linear_pieces(m, 20001), 6);
    m.M1 = 4000.5; // pieces of at most floor(M1) bytes
    EXPECT_EQ(gather_linear_pieces(m, 4001), 2);
    m.M1 = 0.5; // no whole byte below M1: not split
    EXPECT_EQ(gather_linear_pieces(m, 4001), 1);
    EXPECT_EQ(piece_offset(10000, 3, 0), 0);
    EXPECT_EQ(piece_offset(10000, 3, 1), 3333);
    EXPECT_EQ(piece_offset(10000, 3, 2), 6666);
    EXPECT_EQ(piece_offset(10000, 3, 3), 10000);
    EXPECT_EQ(piece_offset(1L << 30, 1000, 999), 1072668082);
}

TEST(LinearPlan, GatherPrediction)
{
    // The model's many-to-one time, whatever the receive order:
    // 3 a(M) + max_i T'_i(M) + kappa1 M for small sizes.
    models::LMO m = lmo4();
    // M = 0: 3 + max(5, 3, 5) = 8
    EXPECT_NEAR(predict_gather_linear_opt(m, 0, 0), 8 * us, 1e-15);
    m.kappa1 = 1e-10;
    m.kappa2 = 2e-10;
    // M = 10000 (small without M1): 33 + 63 + kappa1 M (1) = 97
    EXPECT_NEAR(predict_gather_linear_opt(m, 0, 10000), 97 * us, 1e-14);
    m.M1 = 4000;
    m.M2 = 20000;
    // M = 10000 is medium: 3 pieces of 3334, 3333, 3333 bytes, each a
    // small gather g(x) = 3 a(x) + T'_2(x) + kappa1 x = 6 + 0.0091 x us
    // (process 2's leg is the longest), in all 18 + 91 = 109: more than
    // one gather of 10000 bytes (97), which the model predicts without
    // the escalations that the pieces avoid
    EXPECT_NEAR(predict_gather_linear_opt(m, 0, 10000), 109 * us, 1e-13);
    // M = 30000 is large: 3 a + sum of legs + kappa2 M
    //   = 93 + (65 + 183 + 125) + 6 = 472
    EXPECT_NEAR(predict_gather_linear_opt(m, 0, 30000), 472 * us, 1e-13);
    // M = 4000 is small: 3 a + max(13, 27, 21) + kappa1 M = 15 + 27 + 0.4
    EXPECT_NEAR(predict_gather_linear_opt(m, 0, 4000), 42.4 * us, 1e-13);
    // Unsplit sizes are the model's many-to-one time itself.
    for (double M : {0.0, 4000.0, 30000.0})
        for (int r = 0; r < 4; ++r)
            EXPECT_NEAR(predict_gather_linear_opt(m, r, M), m.many2one(r, M),
                        1e-15);
}

TEST(LinearPlan, NonFiniteParametersStillGiveAnOrder)
{
    models::LMO m = lmo4();
    m.beta[1] = e(std::numeric_limits<double>::quiet_NaN());
    std::vector<int> o = scatter_linear_order(m, 0, 1000);
    std::sort(o.begin(), o.end());
    EXPECT_EQ(o, (std::vector<int>{1, 2, 3}));
}

TEST(LinearPlan, BadInput)
{
    models::LMO m = lmo4();
    EXPECT_THROW(scatter_linear_order(m, 4, 0), UsageError);
    EXPECT_THROW(predict_gather_linear_opt(m, -1, 0), UsageError);
    m.L.pop_back();
    EXPECT_THROW(predict_scatter_linear_opt(m, 0, 0), UsageError);
}

/* Hockney of n processes with every beta 0 and these latencies (us) by
 * pair (0,1) (0,2) ... : the times do not depend on M. */
models::Hockney latencies(int n, const std::vector<double> &alpha_us)
{
    models::Hockney h;
    h.n = n;
    for (double a : alpha_us) {
        h.alpha.push_back(e(a * us));
        h.beta.push_back(e(0));
    }
    return h;
}

/* A Hockney model of n processes with uneven links. */
models::Hockney uneven(int n)
{
    models::Hockney h;
    h.n = n;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            h.alpha.push_back(e((1 + (3 * i + 5 * j) % 7) * us));
            h.beta.push_back(e((1 + (i * j + i + 2 * j) % 5) * ns));
        }
    return h;
}

/*
 * n = 4, alpha01..alpha23 = 1 2 3 4 5 6. The tree: the root sends to
 * position 2 (two blocks) then to position 1; position 2 sends to 3.
 * With order = (0, x1, x2, x3):
 *   scatter  max(a(0,x2) + a(0,x1), a(0,x2) + a(x2,x3))
 *   gather   max(a(x1,0), a(x3,x2)) + a(x2,0)
 *   (x1,x2,x3)  scatter  gather
 *    1 2 3        8        8      (MPIB's mapping for root 0)
 *    1 3 2        9        9
 *    2 1 3        6        6
 *    2 3 1        6        8
 *    3 1 2        5        5
 *    3 2 1        5        6
 */
TEST(BinomialPlan, HandComputedMappings)
{
    models::Hockney h = latencies(4, {1, 2, 3, 4, 5, 6});
    for (double M : {0.0, 1e6}) {
        EXPECT_NEAR(binomial_time(h, {0, 1, 2, 3}, M, TreeOp::Scatter),
                    8 * us, 1e-15);
        EXPECT_NEAR(binomial_time(h, {0, 2, 3, 1}, M, TreeOp::Gather), 8 * us,
                    1e-15);
        EXPECT_EQ(binomial_mapping(h, 0, M, TreeOp::Scatter, TreeMap::Optimal),
                  (std::vector<int>{0, 3, 1, 2}));
        EXPECT_EQ(binomial_mapping(h, 0, M, TreeOp::Scatter, TreeMap::Worst),
                  (std::vector<int>{0, 1, 3, 2}));
        EXPECT_EQ(binomial_mapping(h, 0, M, TreeOp::Gather, TreeMap::Optimal),
                  (std::vector<int>{0, 3, 1, 2}));
        EXPECT_EQ(binomial_mapping(h, 0, M, TreeOp::Gather, TreeMap::Worst),
                  (std::vector<int>{0, 1, 3, 2}));
        EXPECT_EQ(binomial_mapping(h, 0, M, TreeOp::Scatter, TreeMap::Plain),
                  (std::vector<int>{0, 1, 2, 3}));
        EXPECT_NEAR(predict_scatter_binomial_opt(h, 0, M), 5 * us, 1e-15);
        EXPECT_NEAR(predict_scatter_binomial_cor(h, 0, M), 9 * us, 1e-15);
        EXPECT_NEAR(predict_gather_binomial_opt(h, 0, M), 5 * us, 1e-15);
        EXPECT_NEAR(predict_gather_binomial_cor(h, 0, M), 9 * us, 1e-15);
    }
    EXPECT_EQ(binomial_mapping(h, 2, 0, TreeOp::Scatter, TreeMap::Plain),
              (std::vector<int>{2, 3, 0, 1}));
}

TEST(BinomialPlan, PlainScatterIsTheModelsBinomial)
{
    for (int n = 2; n <= 9; ++n) {
        models::Hockney h = uneven(n);
        for (int root = 0; root < n; ++root)
            for (double M : {0.0, 1000.0, 65536.0}) {
                std::vector<int> plain = binomial_mapping(
                    h, root, M, TreeOp::Scatter, TreeMap::Plain);
                EXPECT_NEAR(binomial_time(h, plain, M, TreeOp::Scatter),
                            h.sg_binomial(root, M), 1e-15)
                    << "n=" << n << " root=" << root << " M=" << M;
            }
    }
}

TEST(BinomialPlan, GatherHandComputedWithSizes)
{
    // n = 3: the root receives position 1 (one block), then position 2
    // (one block): T = max(T(x1 -> 0), 0) + T(x2 -> 0) with alpha and beta.
    models::Hockney h;
    h.n = 3;
    h.alpha = {e(1 * us), e(2 * us), e(3 * us)}; // (0,1) (0,2) (1,2)
    h.beta = {e(1 * ns), e(3 * ns), e(1 * ns)};
    // order 0 1 2 at M = 1000: (1 + 1) + (2 + 3) = 7 us
    EXPECT_NEAR(binomial_time(h, {0, 1, 2}, 1000, TreeOp::Gather), 7 * us,
                1e-15);
    // scatter, n = 3: root sends to position 2 then 1: max(T02, T02 + T01)
    EXPECT_NEAR(binomial_time(h, {0, 1, 2}, 1000, TreeOp::Scatter), 7 * us,
                1e-15);
    // n = 5, root 0, plain: position 4 (1 block) first, then 2 (2 blocks),
    // then 1; position 2 sends to 3. Gather: the root receives 1, then 2
    // (after 2 has received 3), then 4.
    models::Hockney g = latencies(5, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
    // pairs: 01=1 02=2 03=3 04=4 12=5 13=6 14=7 23=8 24=9 34=10
    // scatter: arr4 = 4, arr2 = 4 + 2 = 6, arr1 = 6 + 1 = 7, arr3 = 6 + 8
    EXPECT_NEAR(binomial_time(g, {0, 1, 2, 3, 4}, 0, TreeOp::Scatter),
                14 * us, 1e-15);
    // gather: ready2 = a23 = 8; t = a01 = 1; t = max(1, 8) + a02 = 10;
    // t = max(10, 0) + a04 = 14
    EXPECT_NEAR(binomial_time(g, {0, 1, 2, 3, 4}, 0, TreeOp::Gather), 14 * us,
                1e-15);
}

/* Every mapping with order[0] == root, by brute force. */
std::vector<std::vector<int>> all_mappings(int n, int root)
{
    std::vector<int> o{root};
    for (int i = 0; i < n; ++i)
        if (i != root)
            o.push_back(i);
    std::vector<std::vector<int>> all;
    do
        all.push_back(o);
    while (std::next_permutation(o.begin() + 1, o.end()));
    return all;
}

TEST(BinomialPlan, ExhaustiveIsOptimalAndWorst)
{
    for (int n = 2; n <= 6; ++n) {
        models::Hockney h = uneven(n);
        for (int root = 0; root < n; ++root)
            for (double M : {0.0, 1024.0, 100000.0})
                for (TreeOp op : {TreeOp::Scatter, TreeOp::Gather}) {
                    double lo = 1e300, hi = -1;
                    for (const auto &o : all_mappings(n, root)) {
                        double t = binomial_time(h, o, M, op);
                        lo = std::min(lo, t);
                        hi = std::max(hi, t);
                    }
                    std::vector<int> best = binomial_mapping(
                        h, root, M, op, TreeMap::Optimal);
                    std::vector<int> worst =
                        binomial_mapping(h, root, M, op, TreeMap::Worst);
                    ASSERT_EQ(best[0], root);
                    ASSERT_EQ(worst[0], root);
                    EXPECT_EQ(binomial_time(h, best, M, op), lo)
                        << "n=" << n << " root=" << root << " M=" << M;
                    EXPECT_EQ(binomial_time(h, worst, M, op), hi)
                        << "n=" << n << " root=" << root << " M=" << M;
                    double opt = op == TreeOp::Scatter
                                     ? predict_scatter_binomial_opt(h, root, M)
                                     : predict_gather_binomial_opt(h, root, M);
                    double cor = op == TreeOp::Scatter
                                     ? predict_scatter_binomial_cor(h, root, M)
                                     : predict_gather_binomial_cor(h, root, M);
                    EXPECT_EQ(opt, lo);
                    EXPECT_EQ(cor, hi);
                }
    }
}

TEST(BinomialPlan, NonTrivialMappingsExist)
{
    // The synthetic model of the MPI tests is meant to move the tree: at
    // n = 4 and 5 the best mapping is not MPIB's for some root.
    for (int n : {4, 5}) {
        models::Hockney h = uneven(n);
        int moved = 0;
        for (int root = 0; root < n; ++root)
            moved += binomial_mapping(h, root, 1000, TreeOp::Scatter,
                                      TreeMap::Optimal) !=
                     binomial_mapping(h, root, 1000, TreeOp::Scatter,
                                      TreeMap::Plain);
        EXPECT_GT(moved, 0) << "n=" << n;
    }
}

TEST(BinomialPlan, HeuristicBeyondExhaustive)
{
    for (int n : {kExhaustiveMax + 1, 12, 70}) {
        models::Hockney h = uneven(n);
        for (int root : {0, n / 2, n - 1})
            for (TreeOp op : {TreeOp::Scatter, TreeOp::Gather}) {
                std::vector<int> best =
                    binomial_mapping(h, root, 4096, op, TreeMap::Optimal);
                std::vector<int> worst =
                    binomial_mapping(h, root, 4096, op, TreeMap::Worst);
                std::vector<int> plain =
                    binomial_mapping(h, root, 4096, op, TreeMap::Plain);
                for (auto o : {best, worst}) {
                    ASSERT_EQ(o[0], root);
                    std::sort(o.begin(), o.end());
                    for (int v = 0; v < n; ++v)
                        ASSERT_EQ(o[std::size_t(v)], v);
                }
                double b = binomial_time(h, best, 4096, op);
                double w = binomial_time(h, worst, 4096, op);
                double p = binomial_time(h, plain, 4096, op);
                if (n <= 64) { // improved by exchanges: no worse than MPIB's
                    EXPECT_LE(b, p);
                    EXPECT_GE(w, p);
                }
                EXPECT_LT(b, w);
            }
    }
}

TEST(BinomialPlan, HeuristicNoWorseThanReorderedMapping)
{
    // Beyond exhaustive search the mapping for M is at least as good at M
    // as the one CPM_Scatter_binomial uses (found for kReorderSize). Random
    // 16-process models where the best tree changes with M; seeds 8 and 9
    // made the former search (greedy at M plus exchanges) fail at 256 KiB
    // and 1 MiB.
    for (unsigned seed : {8u, 9u, 17u}) {
        std::mt19937 g(seed);
        std::uniform_real_distribution<double> u(1, 10);
        models::Hockney h;
        h.n = 16;
        for (int i = 0; i < h.n; ++i)
            for (int j = i + 1; j < h.n; ++j) {
                h.alpha.push_back(e(u(g) * us));
                h.beta.push_back(e(u(g) * ns));
            }
        for (double M : {1024.0, 262144.0, 1048576.0})
            for (TreeOp op : {TreeOp::Scatter, TreeOp::Gather}) {
                double here = binomial_time(
                    h, binomial_mapping(h, 0, M, op, TreeMap::Optimal), M, op);
                double reordered = binomial_time(
                    h, binomial_mapping(h, 0, kReorderSize, op, TreeMap::Optimal),
                    M, op);
                EXPECT_LE(here, reordered * (1 + 1e-12))
                    << "seed " << seed << " M " << M;
            }
    }
}

TEST(BinomialPlan, Reordered)
{
    models::Hockney h = latencies(4, {1, 2, 3, 4, 5, 6});
    // The mapping does not depend on M here (beta = 0).
    EXPECT_NEAR(predict_scatter_binomial_reordered(h, 0, true, 123), 5 * us,
                1e-15);
    EXPECT_NEAR(predict_scatter_binomial_reordered(h, 0, false, 123), 9 * us,
                1e-15);
}

TEST(BinomialPlan, BadInput)
{
    models::Hockney h = uneven(4);
    EXPECT_THROW(binomial_mapping(h, 4, 0, TreeOp::Scatter, TreeMap::Optimal),
                 UsageError);
    EXPECT_THROW(binomial_time(h, {0, 1, 2}, 0, TreeOp::Scatter), UsageError);
    h.beta.pop_back();
    EXPECT_THROW(predict_scatter_binomial_opt(h, 0, 0), UsageError);
}

} // namespace
