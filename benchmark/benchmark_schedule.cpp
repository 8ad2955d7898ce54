#include "benchmark_schedule.h"

#include "common_error.h"

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <string>
#include <utility>

namespace cpm::bench {

long choose(long n, int k)
{
    if (k < 0 || n < k)
        return 0;
    long c = 1;
    for (int m = 1; m <= k; ++m)
        c = c * (n - k + m) / m;
    return c;
}

int pair_index(int n, int i, int j)
{
    if (i > j)
        std::swap(i, j);
    if (i < 0 || j >= n || i == j)
        CPM_THROW("no pair " + std::to_string(i) + "," + std::to_string(j) +
                  " among " + std::to_string(n) + " processes");
    // rows 0..i-1 hold (n-1) + ... + (n-i) = i(2n-i-1)/2 pairs
    return i * (2 * n - i - 1) / 2 + (j - i - 1);
}

std::vector<Pair> all_pairs(int n)
{
    std::vector<Pair> v;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            v.push_back({i, j});
    return v;
}

std::vector<Triplet> all_triplets(int n)
{
    std::vector<Triplet> v;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            for (int k = j + 1; k < n; ++k)
                v.push_back({i, j, k});
    return v;
}

void check_pairs(int n, const std::vector<Pair> &pairs)
{
    for (const Pair &p : pairs) {
        if (p.i < 0 || p.j < 0 || p.i >= n || p.j >= n)
            throw UsageError("pair " + std::to_string(p.i) + "," +
                             std::to_string(p.j) + " names a rank outside 0.." +
                             std::to_string(n - 1));
        if (p.i == p.j)
            throw UsageError("pair " + std::to_string(p.i) + "," +
                             std::to_string(p.j) + " names one rank twice");
    }
}

namespace {

std::vector<Round> one_per_round(std::size_t count)
{
    std::vector<Round> rounds(count);
    for (std::size_t e = 0; e < count; ++e)
        rounds[e] = {e};
    return rounds;
}

/* Circle method: fix player m-1, rotate the others; a dummy player makes
 * m even when n is odd, and its pairs are dropped. */
std::vector<Round> circle_rounds(int n, const std::vector<Pair> &pairs)
{
    std::map<std::pair<int, int>, std::size_t> index;
    for (std::size_t e = 0; e < pairs.size(); ++e)
        index[{pairs[e].i, pairs[e].j}] = e;
    int m = n % 2 ? n + 1 : n;
    std::vector<Round> rounds;
    for (int r = 0; r < m - 1; ++r) {
        Round round;
        auto add = [&](int a, int b) {
            if (a >= n || b >= n)
                return;
            round.push_back(index.at({std::min(a, b), std::max(a, b)}));
        };
        add(r, m - 1);
        for (int k = 1; k < m / 2; ++k)
            add((r + k) % (m - 1), (r - k + m - 1) % (m - 1));
        std::sort(round.begin(), round.end());
        rounds.push_back(round);
    }
    return rounds;
}

/* Greedy packing, process by process: each round visits the free processes
 * in order of decreasing remaining load (experiments not yet scheduled) and
 * gives each the experiment, among those whose processes are all free, with
 * the largest total remaining load. Loaded processes are served first, which
 * keeps the last rounds from being sparse. */
template <int K>
std::vector<Round> greedy_pass(int n,
                               const std::vector<std::array<int, K>> &items,
                               unsigned seed)
{
    std::vector<long> load(n, 0);
    std::vector<std::vector<std::size_t>> of(n); // experiments of a process
    for (std::size_t e = 0; e < items.size(); ++e)
        for (int p : items[e]) {
            ++load[p];
            of[p].push_back(e);
        }
    if (seed) { // another order of candidates breaks ties differently
        std::mt19937 rng(seed);
        for (auto &list : of)
            std::shuffle(list.begin(), list.end(), rng);
    }
    std::vector<char> alive(items.size(), 1), busy(n);
    std::vector<int> order(n);
    std::size_t left = items.size();
    std::vector<Round> rounds;
    while (left > 0) {
        for (int p = 0; p < n; ++p)
            order[p] = p;
        std::stable_sort(order.begin(), order.end(),
                         [&](int a, int b) { return load[a] > load[b]; });
        std::fill(busy.begin(), busy.end(), 0);
        Round round;
        for (int p : order) {
            if (busy[p] || load[p] == 0)
                continue;
            std::size_t best = items.size();
            long best_w = -1;
            std::vector<std::size_t> &mine = of[p];
            std::size_t kept = 0;
            for (std::size_t e : mine) {
                if (!alive[e])
                    continue; // drop scheduled experiments from the list
                mine[kept++] = e;
                long w = 0;
                bool free = true;
                for (int q : items[e]) {
                    free = free && !busy[q];
                    w += load[q];
                }
                if (free && w > best_w) {
                    best_w = w;
                    best = e;
                }
            }
            mine.resize(kept);
            if (best == items.size())
                continue;
            alive[best] = 0;
            --left;
            for (int q : items[best]) {
                busy[q] = 1;
                --load[q];
            }
            round.push_back(best);
        }
        std::sort(round.begin(), round.end());
        rounds.push_back(round);
    }
    return rounds;
}

/* The best of a few greedy passes with different tie-breaking (one pass for
 * long lists, where passes cost more and gain less). The seeds are fixed, so
 * every rank computes the same schedule. */
template <int K>
std::vector<Round> greedy_rounds(int n,
                                 const std::vector<std::array<int, K>> &items)
{
    const unsigned passes = items.size() <= 5000 ? 8 : 1;
    std::vector<Round> best = greedy_pass<K>(n, items, 0);
    for (unsigned seed = 1; seed < passes; ++seed) {
        std::vector<Round> r = greedy_pass<K>(n, items, seed);
        if (r.size() < best.size())
            best.swap(r);
    }
    return best;
}

} // namespace

std::vector<Round> schedule_pairs(int n, const std::vector<Pair> &pairs,
                                  bool parallel)
{
    check_pairs(n, pairs);
    if (!parallel)
        return one_per_round(pairs.size());
    std::vector<Pair> sorted;
    for (const Pair &p : pairs)
        sorted.push_back({std::min(p.i, p.j), std::max(p.i, p.j)});
    std::vector<Pair> all = all_pairs(n);
    bool complete = sorted.size() == all.size() &&
                    std::equal(sorted.begin(), sorted.end(), all.begin(),
                               [](const Pair &a, const Pair &b) {
                                   return a.i == b.i && a.j == b.j;
                               });
    if (complete)
        return circle_rounds(n, sorted);
    std::vector<std::array<int, 2>> items;
    for (const Pair &p : sorted)
        items.push_back({p.i, p.j});
    return greedy_rounds<2>(n, items);
}

std::vector<Round> schedule_triplets(int n,
                                     const std::vector<Triplet> &triplets,
                                     bool parallel)
{
    for (const Triplet &t : triplets)
        if (t.i < 0 || t.k >= n || !(t.i < t.j && t.j < t.k))
            CPM_THROW("triplet " + std::to_string(t.i) + "," +
                      std::to_string(t.j) + "," + std::to_string(t.k) +
                      " is not i<j<k within 0.." + std::to_string(n - 1));
    if (!parallel)
        return one_per_round(triplets.size());
    std::vector<std::array<int, 3>> items;
    for (const Triplet &t : triplets)
        items.push_back({t.i, t.j, t.k});
    return greedy_rounds<3>(n, items);
}

} // namespace cpm::bench
