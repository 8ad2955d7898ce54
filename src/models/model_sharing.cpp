/* Transfers that share one channel (model_sharing.h). */
#include "model_sharing.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cpm::models {

namespace {

/* The weighted max-min rates of the moving transfers (indices in a):
 * they saturate at their own rates in increasing order of rate / weight
 * while the channel has room, the rest share what is left by weight. */
void share(const std::vector<Transfer> &t, const std::vector<std::size_t> &a,
           double B, std::vector<double> &rate)
{
    std::vector<std::size_t> order(a);
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return t[x].rate / t[x].weight < t[y].rate / t[y].weight;
    });
    double room = B, weights = 0;
    for (std::size_t k : order)
        weights += t[k].weight;
    for (std::size_t k : order) {
        double fair = room * t[k].weight / weights;
        rate[k] = std::min(t[k].rate, fair);
        room -= rate[k];
        weights -= t[k].weight;
    }
}

} // namespace

std::vector<double> shared_finish_times(const std::vector<Transfer> &t,
                                        double B)
{
    const std::size_t n = t.size();
    std::vector<double> left(n), rate(n, 0), finish(n, NAN);
    // Values that are no times, sizes or rates (a meaningless model):
    // no finish time either.
    if (!(B > 0) || !std::isfinite(B))
        return finish;
    for (const Transfer &x : t)
        if (!std::isfinite(x.start) || !std::isfinite(x.bytes) ||
            !(x.bytes >= 0) || !(x.rate > 0) || !(x.weight > 0) ||
            !std::isfinite(x.weight))
            return finish;
    std::vector<bool> done(n, false);
    for (std::size_t k = 0; k < n; ++k) {
        left[k] = t[k].bytes;
        if (!(t[k].bytes > 0)) {
            finish[k] = t[k].start;
            done[k] = true;
        }
    }
    double now = HUGE_VAL;
    for (std::size_t k = 0; k < n; ++k)
        if (!done[k])
            now = std::min(now, t[k].start);
    std::size_t remaining = std::size_t(std::count(done.begin(), done.end(), false));
    // Each round starts or ends a transfer: at most 2 n rounds.
    for (std::size_t round = 0; remaining > 0; ++round) {
        if (round > 2 * n + 2) // rounding left a transfer unfinished
            return std::vector<double>(n, NAN);
        std::vector<std::size_t> moving;
        double next_start = HUGE_VAL;
        for (std::size_t k = 0; k < n; ++k) {
            if (done[k])
                continue;
            if (t[k].start <= now)
                moving.push_back(k);
            else
                next_start = std::min(next_start, t[k].start);
        }
        if (moving.empty()) {
            now = next_start;
            continue;
        }
        share(t, moving, B, rate);
        double step = next_start - now;
        std::size_t first = n; // the transfer that ends first, if any
        for (std::size_t k : moving)
            if (left[k] / rate[k] < step) {
                step = left[k] / rate[k];
                first = k;
            }
        now += step;
        for (std::size_t k : moving) {
            left[k] -= rate[k] * step;
            // It, and any other that ends within rounding.
            if (k == first || left[k] <= 1e-12 * t[k].bytes) {
                finish[k] = now;
                done[k] = true;
                --remaining;
            }
        }
    }
    return finish;
}

} // namespace cpm::models
