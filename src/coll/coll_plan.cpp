#include "coll_plan.h"

#include "benchmark_coll_tree.h"
#include "common_error.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cpm::coll {

namespace {

void check_root(int n, int root)
{
    if (root < 0 || root >= n)
        throw UsageError("root " + std::to_string(root) + " is outside 0.." +
                         std::to_string(n - 1));
}

void check_lmo(const models::LMO &m)
{
    std::size_t n = std::size_t(m.n > 0 ? m.n : 0), pairs = n * (n - 1) / 2;
    if (m.n < 1 || m.C.size() != n || m.t.size() != n || m.L.size() != pairs ||
        m.beta.size() != pairs)
        throw UsageError("the LMO model is incomplete (n = " +
                         std::to_string(m.n) + ")");
    for (const models::LmoSegment &g : m.segments)
        if (g.C.size() != n || g.t.size() != n || g.L.size() != pairs ||
            g.beta.size() != pairs)
            throw UsageError("the LMO model's segment from " +
                             std::to_string(g.from) + " is incomplete");
}

void check_hockney(const models::Hockney &h)
{
    std::size_t n = std::size_t(h.n > 0 ? h.n : 0), pairs = n * (n - 1) / 2;
    if (h.n < 1 || h.alpha.size() != pairs || h.beta.size() != pairs)
        throw UsageError("the Hockney model is incomplete (n = " +
                         std::to_string(h.n) + ")");
}

/* The legs T'_i(M) of the ranks other than root, ordered by the leg
 * (decreasing if descending), ties by rank. */
std::vector<int> order_by_leg(const models::LMO &m, int root, double M,
                              bool descending)
{
    check_lmo(m);
    check_root(m.n, root);
    std::vector<int> ranks;
    std::vector<double> leg(std::size_t(m.n), 0.0);
    for (int i = 0; i < m.n; ++i)
        if (i != root) {
            ranks.push_back(i);
            double t = lmo_leg(m, root, i, M);
            // NaN (from a broken model) last, for a strict weak order
            leg[std::size_t(i)] =
                std::isnan(t) ? (descending ? -1 : 1) * HUGE_VAL : t;
        }
    std::stable_sort(ranks.begin(), ranks.end(), [&](int x, int y) {
        return descending ? leg[std::size_t(x)] > leg[std::size_t(y)]
                          : leg[std::size_t(x)] < leg[std::size_t(y)];
    });
    return ranks;
}

using bench::coll::lowbit;
using bench::coll::pow2_at_least;

/* Children of position v of the n-position tree, in the order a scatter
 * serves them (largest subtree first): pairs (child, blocks). */
std::vector<std::pair<int, int>> children(int v, int n)
{
    std::vector<std::pair<int, int>> c;
    int low = v == 0 ? pow2_at_least(n) : lowbit(v);
    for (int mask = low / 2; mask > 0; mask >>= 1)
        if (v + mask < n)
            c.push_back({v + mask, std::min(mask, n - v - mask)});
    return c;
}

int parent(int v) { return v - lowbit(v); }

/* The objective a mapping search minimises: the predicted time, or its
 * negation for the worst mapping. */
double cost(const models::Hockney &h, const std::vector<int> &order,
            double M, TreeOp op, TreeMap kind)
{
    double t = binomial_time(h, order, M, op);
    return kind == TreeMap::Worst ? -t : t;
}

std::vector<int> exhaustive(const models::Hockney &h, int root, double M,
                            TreeOp op, TreeMap kind)
{
    std::vector<int> order{root}, best;
    for (int i = 0; i < h.n; ++i)
        if (i != root)
            order.push_back(i);
    double best_cost = 0;
    do {
        double c = cost(h, order, M, op, kind);
        if (best.empty() || c < best_cost) {
            best = order;
            best_cost = c;
        }
    } while (std::next_permutation(order.begin() + 1, order.end()));
    return best;
}

/* Greedy: positions in increasing order (a parent before its children);
 * each takes the free process with the cheapest (dearest) link from its
 * parent for its subtree's data of G bytes per block. */
std::vector<int> greedy(const models::Hockney &h, int root, double G,
                        TreeMap kind)
{
    int n = h.n;
    std::vector<int> order(std::size_t(n), -1);
    std::vector<bool> used(std::size_t(n), false);
    order[0] = root;
    used[std::size_t(root)] = true;
    for (int v = 1; v < n; ++v) {
        int p = parent(v), blocks = std::min(lowbit(v), n - v);
        int pick = -1;
        double pick_t = 0;
        for (int x = 0; x < n; ++x) {
            if (used[std::size_t(x)])
                continue;
            double t = h.p2p(order[std::size_t(p)], x, blocks * G);
            if (kind == TreeMap::Worst)
                t = -t;
            if (pick < 0 || t < pick_t) {
                pick = x;
                pick_t = t;
            }
        }
        order[std::size_t(v)] = pick;
        used[std::size_t(pick)] = true;
    }
    return order;
}

/* Pairwise exchanges of positions 1..n-1 while one lowers the cost at M
 * (up to n = 64; beyond, the order is returned as it is). */
std::vector<int> exchange(const models::Hockney &h, std::vector<int> order,
                          double M, TreeOp op, TreeMap kind)
{
    int n = h.n;
    if (n > 64)
        return order;
    double best = cost(h, order, M, op, kind);
    for (int pass = 0; pass < 100; ++pass) {
        bool better = false;
        for (int a = 1; a < n; ++a)
            for (int b = a + 1; b < n; ++b) {
                std::swap(order[std::size_t(a)], order[std::size_t(b)]);
                double c = cost(h, order, M, op, kind);
                if (c < best) {
                    best = c;
                    better = true;
                } else {
                    std::swap(order[std::size_t(a)], order[std::size_t(b)]);
                }
            }
        if (!better)
            break;
    }
    return order;
}

/* Greedy plus exchanges at M, started from the greedy mappings for M and
 * for sizes around it (the links that matter change with the size); the
 * best at M is kept. */
std::vector<int> search(const models::Hockney &h, int root, double M,
                        TreeOp op, TreeMap kind)
{
    std::vector<int> best;
    double best_cost = 0;
    for (double S : {M, M / 16, M * 16, 0.0}) {
        std::vector<int> o = exchange(h, greedy(h, root, S, kind), M, op, kind);
        double c = cost(h, o, M, op, kind);
        if (best.empty() || c < best_cost) {
            best = o;
            best_cost = c;
        }
    }
    return best;
}

/* Beyond exhaustive search. The search's mapping for kReorderSize (the one
 * of CPM_p2p_initialize and CPM_Scatter_binomial) is also a start, so that
 * the _opt collectives are never predicted slower than CPM_Scatter_binomial
 * on its communicator: a local search from M's own starts alone can end in
 * a worse local minimum (seen on a 16-host simulated switch at 1 MiB). */
std::vector<int> heuristic(const models::Hockney &h, int root, double M,
                           TreeOp op, TreeMap kind)
{
    std::vector<int> best = search(h, root, M, op, kind);
    if (M == kReorderSize)
        return best;
    std::vector<int> o =
        exchange(h, search(h, root, kReorderSize, op, kind), M, op, kind);
    if (cost(h, o, M, op, kind) < cost(h, best, M, op, kind))
        best = o;
    return best;
}

} // namespace

double lmo_root_cost(const models::LMO &m, int root, double M)
{
    check_lmo(m);
    check_root(m.n, root);
    return m.C_at(root, M) + m.t_at(root, M) * M;
}

double lmo_leg(const models::LMO &m, int root, int i, double M)
{
    check_lmo(m);
    check_root(m.n, root);
    check_root(m.n, i);
    return m.leg(root, i, M); // in the segment of M
}

std::vector<int> scatter_linear_order(const models::LMO &m, int root,
                                      double M)
{
    return order_by_leg(m, root, M, true);
}

std::vector<int> gather_linear_order(const models::LMO &m, int root,
                                     double M)
{
    return order_by_leg(m, root, M, false);
}

long gather_linear_pieces(const models::LMO &m, long M)
{
    if (!m.M1 || !(double(M) > *m.M1) || (m.M2 && double(M) > *m.M2))
        return 1;
    double piece = std::floor(*m.M1);
    if (!(piece >= 1))
        return 1;
    return long(std::ceil(double(M) / piece));
}

long piece_offset(long M, long K, long p)
{
    // floor(p M / K) without overflow for M, K < 2^31
    return long((static_cast<long long>(p) * M) / K);
}

double predict_scatter_linear_opt(const models::LMO &m, int root, double M)
{
    std::vector<int> order = scatter_linear_order(m, root, M);
    double a = lmo_root_cost(m, root, M);
    if (m.S && M > *m.S) {
        double sum = 0;
        for (int i : order)
            sum += lmo_leg(m, root, i, M);
        return double(m.n - 1) * a + sum;
    }
    double t = 0;
    int k = 0;
    for (int i : order) {
        ++k;
        t = std::max(t, double(k) * a + lmo_leg(m, root, i, M));
    }
    return t;
}

double predict_gather_linear_opt(const models::LMO &m, int root, double M)
{
    check_lmo(m);
    check_root(m.n, root);
    long whole = long(M);
    long K = double(whole) == M ? gather_linear_pieces(m, whole) : 1;
    if (K > 1) {
        // K small gathers of q or q + 1 bytes, r of them q + 1
        // (piece_offset); each piece is at most M1 < M2 bytes
        long q = whole / K, r = whole % K;
        return double(K - r) * m.many2one(root, double(q)) +
               (r ? double(r) * m.many2one(root, double(q + 1)) : 0.0);
    }
    return m.many2one(root, M);
}

double binomial_time(const models::Hockney &h, const std::vector<int> &order,
                     double M, TreeOp op)
{
    check_hockney(h);
    int n = int(order.size());
    if (n != h.n)
        throw UsageError("a mapping of " + std::to_string(n) +
                         " positions for a model of " + std::to_string(h.n) +
                         " processes");
    auto at = [&](int v) { return order[std::size_t(v)]; };
    if (op == TreeOp::Scatter) {
        std::vector<double> arrival(std::size_t(n), 0.0);
        for (int v = 0; v < n; ++v) {
            double t = arrival[std::size_t(v)];
            for (auto [c, blocks] : children(v, n)) {
                t += h.p2p(at(v), at(c), blocks * M);
                arrival[std::size_t(c)] = t;
            }
        }
        return *std::max_element(arrival.begin(), arrival.end());
    }
    // Gather: children are received smallest subtree first, each once
    // it is ready; a subtree's root is ready once all of its children
    // have been received.
    std::vector<double> ready(std::size_t(n), 0.0);
    for (int v = n - 1; v >= 0; --v) {
        std::vector<std::pair<int, int>> c = children(v, n);
        double t = 0;
        for (auto it = c.rbegin(); it != c.rend(); ++it)
            t = std::max(t, ready[std::size_t(it->first)]) +
                h.p2p(at(it->first), at(v), it->second * M);
        ready[std::size_t(v)] = t;
    }
    return ready[0];
}

std::vector<int> binomial_mapping(const models::Hockney &h, int root,
                                  double M, TreeOp op, TreeMap kind)
{
    check_hockney(h);
    check_root(h.n, root);
    if (kind == TreeMap::Plain || h.n <= 2) {
        std::vector<int> order(std::size_t(h.n));
        for (int v = 0; v < h.n; ++v)
            order[std::size_t(v)] = (v + root) % h.n;
        return order;
    }
    if (h.n <= kExhaustiveMax)
        return exhaustive(h, root, M, op, kind);
    return heuristic(h, root, M, op, kind);
}

double predict_scatter_binomial_opt(const models::Hockney &h, int root,
                                    double M)
{
    return binomial_time(
        h, binomial_mapping(h, root, M, TreeOp::Scatter, TreeMap::Optimal), M,
        TreeOp::Scatter);
}

double predict_scatter_binomial_cor(const models::Hockney &h, int root,
                                    double M)
{
    return binomial_time(
        h, binomial_mapping(h, root, M, TreeOp::Scatter, TreeMap::Worst), M,
        TreeOp::Scatter);
}

double predict_gather_binomial_opt(const models::Hockney &h, int root,
                                   double M)
{
    return binomial_time(
        h, binomial_mapping(h, root, M, TreeOp::Gather, TreeMap::Optimal), M,
        TreeOp::Gather);
}

double predict_gather_binomial_cor(const models::Hockney &h, int root,
                                   double M)
{
    return binomial_time(
        h, binomial_mapping(h, root, M, TreeOp::Gather, TreeMap::Worst), M,
        TreeOp::Gather);
}

double predict_scatter_binomial_reordered(const models::Hockney &h, int root,
                                          bool opt, double M)
{
    return binomial_time(h,
                         binomial_mapping(h, root, kReorderSize,
                                          TreeOp::Scatter,
                                          opt ? TreeMap::Optimal
                                              : TreeMap::Worst),
                         M, TreeOp::Scatter);
}

} // namespace cpm::coll
