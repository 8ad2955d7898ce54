/* Transfers that share one channel (model_sharing.h). */
#include "model_sharing.h"

#include <algorithm>
#include <cmath>

namespace cpm::models {

namespace {

/* The weighted max-min rates of the moving transfers (indices in a):
 * they saturate at their own rates in increasing order of rate / weight
 * while the channel has room, the rest share what is left by weight
 * (the last takes all that is left, so that the rates never exceed B). */
void share(const std::vector<Transfer> &t, const std::vector<std::size_t> &a,
           double B, std::vector<double> &rate)
{
    std::vector<std::size_t> order(a);
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return t[x].rate / t[x].weight < t[y].rate / t[y].weight;
    });
    // weights of the transfers from position q on (suffix sums, not a
    // running difference that rounding can drive to 0)
    std::vector<double> after(order.size() + 1, 0);
    for (std::size_t q = order.size(); q-- > 0;)
        after[q] = after[q + 1] + t[order[q]].weight;
    double room = B;
    for (std::size_t q = 0; q < order.size(); ++q) {
        const std::size_t k = order[q];
        double fair = q + 1 == order.size() ? room
                                            : room * (t[k].weight / after[q]);
        rate[k] = std::max(0.0, std::min({t[k].rate, fair, room}));
        room -= rate[k];
    }
}

bool valid(const Transfer &x)
{
    return std::isfinite(x.start) && std::isfinite(x.bytes) && x.bytes >= 0 &&
           (x.bytes == 0 || (x.rate > 0 && x.weight > 0 &&
                             std::isfinite(x.weight)));
}

} // namespace

std::vector<double> shared_finish_times(const std::vector<Transfer> &t,
                                        double B)
{
    const std::size_t n = t.size();
    std::vector<double> left(n), rate(n, 0), finish(n, NAN);
    // Values that are no times, sizes or rates (a meaningless model):
    // no finish time either.
    if (!(B > 0) || !std::all_of(t.begin(), t.end(), valid))
        return finish;
    std::vector<bool> done(n, false);
    std::size_t remaining = n;
    for (std::size_t k = 0; k < n; ++k) {
        left[k] = t[k].bytes;
        if (t[k].bytes == 0) {
            finish[k] = t[k].start;
            done[k] = true;
            --remaining;
        }
    }
    double now = HUGE_VAL;
    for (std::size_t k = 0; k < n; ++k)
        if (!done[k])
            now = std::min(now, t[k].start);
    // Each round starts a transfer (now = its start, exactly) or ends
    // one: at most 2 n rounds; the cap only guards against rounding.
    for (std::size_t round = 0; remaining > 0; ++round) {
        if (round > 2 * n + 2)
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
            if (left[k] / rate[k] < step) { // an infinite rate: step 0
                step = left[k] / rate[k];
                first = k;
            }
        now = first == n ? next_start : now + step;
        for (std::size_t k : moving) {
            left[k] = std::isinf(rate[k]) ? 0 : left[k] - rate[k] * step;
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
