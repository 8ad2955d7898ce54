#include "benchmark_schedule.h"

#include "common_error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <queue>
#include <random>
#include <string>
#include <unordered_map>
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

/* List scheduling by expected durations (an event simulation): whenever
 * processes become free, the free processes are visited in order of
 * decreasing remaining work (the sum of the expected durations of their
 * experiments not yet started); each still free takes, among its
 * experiments whose processes are all free, the one whose processes have
 * the most remaining work, and that experiment starts at once. No process
 * waits for a round to end: it waits only when every experiment it has left
 * involves a busy process. The experiments are returned in order of their
 * simulated start, cut into rounds of disjoint experiments; each process
 * runs its own in that order, so if the durations are as expected the
 * run follows the simulation. */
template <int K>
std::vector<Round> list_rounds(int n,
                               const std::vector<std::array<int, K>> &items,
                               const std::vector<double> &cost)
{
    const std::size_t E = items.size();
    // Durations: non-finite or negative values count as the mean of the
    // others (the order must not depend on garbage, and stays the same on
    // every rank since every rank has the same vector).
    double sum = 0;
    std::size_t good = 0;
    for (double c : cost)
        if (std::isfinite(c) && c >= 0) {
            sum += c;
            ++good;
        }
    const double fill = good ? sum / double(good) : 1.0;
    const double tiny = fill > 0 ? fill * 1e-9 : 1e-12;
    std::vector<double> d(E);
    for (std::size_t e = 0; e < E; ++e) {
        double c = cost[e];
        d[e] = std::max(std::isfinite(c) && c >= 0 ? c : fill, tiny);
    }
    std::vector<double> rest(n, 0.0);         // work not yet started
    std::vector<std::vector<std::size_t>> of(n); // experiments of a process
    std::unordered_map<std::uint64_t, std::size_t> index;
    auto key = [](std::array<int, K> m) {
        std::sort(m.begin(), m.end());
        std::uint64_t k = 0;
        for (int p : m)
            k = k * 0x100000u + std::uint64_t(p);
        return k;
    };
    for (std::size_t e = 0; e < E; ++e) {
        for (int p : items[e]) {
            rest[p] += d[e];
            of[p].push_back(e);
        }
        index.emplace(key(items[e]), e); // a repeated experiment: scanned
    }
    std::vector<char> alive(E, 1), busy(n, 0);
    std::vector<double> start(E, 0.0);
    using Event = std::pair<double, int>; // (time free again, process)
    std::priority_queue<Event, std::vector<Event>, std::greater<Event>> ends;
    std::vector<int> free_set;
    for (int p = 0; p < n; ++p)
        if (!of[p].empty())
            free_set.push_back(p);
    double t = 0;
    std::size_t left = E;
    auto priority = [&](std::size_t e) {
        double w = 0;
        for (int q : items[e])
            w += rest[q];
        return w;
    };
    auto startable = [&](std::size_t e) {
        if (!alive[e])
            return false;
        for (int q : items[e])
            if (busy[q])
                return false;
        return true;
    };
    while (left > 0) {
        std::stable_sort(free_set.begin(), free_set.end(), [&](int a, int b) {
            return rest[a] > rest[b];
        });
        for (int p : free_set) {
            if (busy[p])
                continue;
            std::size_t best = E;
            double best_w = -1;
            auto consider = [&](std::size_t e) {
                if (!startable(e))
                    return;
                double w = priority(e);
                if (w > best_w || (w == best_w && e < best)) {
                    best_w = w;
                    best = e;
                }
            };
            // Candidates: the experiments of p among free processes, found
            // through the other free processes when they are fewer than
            // p's list.
            std::size_t others = free_set.size() - 1;
            std::size_t combos = K == 2 ? others : others * others / 2;
            std::vector<std::size_t> &mine = of[p];
            if (combos < mine.size()) {
                std::array<int, K> m;
                m[0] = p;
                for (std::size_t a = 0; a < free_set.size(); ++a) {
                    int q = free_set[a];
                    if (q == p || busy[q])
                        continue;
                    m[1] = q;
                    if constexpr (K == 2) {
                        auto it = index.find(key(m));
                        if (it != index.end())
                            consider(it->second);
                    } else {
                        for (std::size_t b = a + 1; b < free_set.size(); ++b) {
                            int r = free_set[b];
                            if (r == p || busy[r])
                                continue;
                            m[2] = r;
                            auto it = index.find(key(m));
                            if (it != index.end())
                                consider(it->second);
                        }
                    }
                }
            }
            if (best == E) { // also: repeated experiments, or few left
                std::size_t kept = 0;
                for (std::size_t e : mine) {
                    if (!alive[e])
                        continue; // drop started experiments from the list
                    mine[kept++] = e;
                    consider(e);
                }
                mine.resize(kept);
            }
            if (best == E)
                continue;
            alive[best] = 0;
            --left;
            start[best] = t;
            for (int q : items[best]) {
                busy[q] = 1;
                rest[q] -= d[best];
                ends.push({t + d[best], q});
            }
        }
        std::vector<int> still;
        for (int p : free_set)
            if (!busy[p])
                still.push_back(p);
        free_set.swap(still);
        if (left == 0 || ends.empty())
            break;
        t = ends.top().first;
        while (!ends.empty() && ends.top().first <= t) {
            int q = ends.top().second;
            ends.pop();
            busy[q] = 0;
            free_set.push_back(q);
        }
    }
    // Experiments in order of start; a new round whenever a process
    // would appear twice.
    std::vector<std::size_t> order(E);
    for (std::size_t e = 0; e < E; ++e)
        order[e] = e;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a,
                                                     std::size_t b) {
        return start[a] < start[b];
    });
    std::vector<Round> rounds;
    std::vector<char> used(n, 0);
    Round round;
    for (std::size_t e : order) {
        bool clash = false;
        for (int q : items[e])
            clash = clash || used[q];
        if (clash) {
            rounds.push_back(round);
            round.clear();
            std::fill(used.begin(), used.end(), 0);
        }
        round.push_back(e);
        for (int q : items[e])
            used[q] = 1;
    }
    if (!round.empty())
        rounds.push_back(round);
    return rounds;
}

} // namespace

namespace {
void check_cost(std::size_t items, const std::vector<double> &cost)
{
    if (!cost.empty() && cost.size() != items)
        CPM_THROW(std::to_string(cost.size()) + " expected durations for " +
                  std::to_string(items) + " experiments");
}
} // namespace

/* The durations tell experiments apart (valid ones not all equal); equal
 * durations schedule as no durations. */
bool list_scheduled(const std::vector<double> &cost)
{
    double first = std::numeric_limits<double>::quiet_NaN();
    for (double c : cost) {
        if (!std::isfinite(c) || c < 0)
            continue;
        if (std::isnan(first))
            first = c;
        else if (c != first)
            return true;
    }
    return false;
}

std::vector<Round> schedule_pairs(int n, const std::vector<Pair> &pairs,
                                  bool parallel,
                                  const std::vector<double> &cost)
{
    check_pairs(n, pairs);
    check_cost(pairs.size(), cost);
    if (!parallel)
        return one_per_round(pairs.size());
    std::vector<Pair> sorted;
    for (const Pair &p : pairs)
        sorted.push_back({std::min(p.i, p.j), std::max(p.i, p.j)});
    if (list_scheduled(cost)) {
        std::vector<std::array<int, 2>> items;
        for (const Pair &p : sorted)
            items.push_back({p.i, p.j});
        return list_rounds<2>(n, items, cost);
    }
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
                                     bool parallel,
                                     const std::vector<double> &cost)
{
    check_cost(triplets.size(), cost);
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
    if (list_scheduled(cost))
        return list_rounds<3>(n, items, cost);
    return greedy_rounds<3>(n, items);
}

double schedule_makespan(int n, const std::vector<Round> &rounds,
                         const std::vector<std::vector<int>> &members,
                         const std::vector<double> &cost)
{
    std::vector<double> ready(n, 0.0);
    for (const Round &round : rounds)
        for (std::size_t e : round) {
            double start = 0;
            for (int q : members.at(e))
                start = std::max(start, ready.at(q));
            for (int q : members[e])
                ready[q] = start + cost.at(e);
        }
    return n > 0 ? *std::max_element(ready.begin(), ready.end()) : 0.0;
}

double schedule_bound(int n, const std::vector<std::vector<int>> &members,
                      const std::vector<double> &cost)
{
    std::vector<double> load(n, 0.0);
    double work = 0;
    std::size_t k = 1;
    for (std::size_t e = 0; e < members.size(); ++e) {
        for (int q : members[e])
            load.at(q) += cost.at(e);
        work += cost.at(e);
        k = std::max(k, members[e].size());
    }
    double busiest = n > 0 ? *std::max_element(load.begin(), load.end()) : 0;
    std::size_t at_once = std::max<std::size_t>(1, std::size_t(n) / k);
    return std::max(busiest, work / double(at_once));
}

void DurationHistory::record(const std::vector<int> &key, double size,
                             double seconds)
{
    if (!std::isfinite(seconds) || !std::isfinite(size))
        return;
    Entry &e = entries_[key];
    if (e.count > 0 && e.p[0].size == size) {
        e.p[0].t = seconds;
        return;
    }
    e.p[1] = e.p[0];
    e.p[0] = {size, seconds};
    e.count = std::min(e.count + 1, 2);
}

double DurationHistory::predict(const std::vector<int> &key,
                                double size) const
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    auto it = entries_.find(key);
    if (it == entries_.end())
        return nan;
    const Entry &e = it->second;
    for (int q = 0; q < e.count; ++q)
        if (e.p[q].size == size)
            return e.p[q].t;
    if (e.count < 2)
        return nan;
    const Point &a = e.p[0], &b = e.p[1];
    double t = a.t + (b.t - a.t) * (size - a.size) / (b.size - a.size);
    double lo = std::min(a.t, b.t);
    return std::isfinite(t) ? std::max(t, size < std::min(a.size, b.size)
                                              ? lo
                                              : 0.0)
                            : nan;
}

} // namespace cpm::bench
