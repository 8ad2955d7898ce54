/* Column partitions (kernel_partition.h): processes sorted by speed, split
 * into contiguous columns by a dynamic program minimising
 *     sum over columns G of ( |G| * W_G + 1 ),   W_G = sum_{i in G} s_i,
 * the sum of the rectangles' half-perimeters with speeds normalised to 1
 * (a rectangle of column G has width W_G and height s_i / W_G). */
#include "kernel_partition.h"

#include "common_error.h"
#include "kernel_text.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <numeric>

namespace cpm::kernels {

using text::fail;

std::vector<LayoutProcess> read_layout(std::istream &in,
                                       const std::string &name)
{
    std::vector<LayoutProcess> procs;
    std::map<std::string, std::string> type_of;
    int line = 0;
    for (std::vector<std::string> w; text::next_words(in, name, line, w);) {
        if (w.size() != 3 && w.size() != 4)
            fail(name, line, "expected 'node type speed [count]', got " +
                                 std::to_string(w.size()) + " fields");
        errno = 0;
        char *end = nullptr;
        double speed = std::strtod(w[2].c_str(), &end);
        if (*end || errno == ERANGE || !std::isfinite(speed) || !(speed > 0))
            fail(name, line, "bad speed '" + w[2] + "' (expected a number > 0)");
        long count = 1;
        if (w.size() == 4) {
            errno = 0;
            count = std::strtol(w[3].c_str(), &end, 10);
            if (*end || errno == ERANGE || count < 1 ||
                count > long(kMaxLayoutProcesses))
                fail(name, line,
                     "bad count '" + w[3] + "' (expected 1.." +
                         std::to_string(kMaxLayoutProcesses) + ")");
        }
        auto it = type_of.emplace(w[0], w[1]).first;
        if (it->second != w[1])
            fail(name, line, "node " + w[0] + " has type " + it->second +
                                 " on an earlier line, " + w[1] + " here");
        for (long i = 0; i < count; ++i)
            procs.push_back({w[0], w[1], speed});
        if (procs.size() > kMaxLayoutProcesses)
            fail(name, line, "more than " +
                                 std::to_string(kMaxLayoutProcesses) +
                                 " processes (the column partition's limit)");
    }
    if (in.bad())
        fail(name, line, "read error");
    if (procs.empty())
        fail(name, line, "no processes (one line 'node type speed [count]' "
                         "per process)");
    return procs;
}

std::vector<long> apportion(long total, const std::vector<double> &weights)
{
    std::size_t n = weights.size();
    if (n == 0 || total < long(n))
        throw UsageError("cannot split " + std::to_string(total) +
                         " units into " + std::to_string(n) +
                         " parts of at least 1");
    double sum = 0;
    for (double w : weights) {
        if (!(w > 0) || !std::isfinite(w))
            throw UsageError("weights must be positive and finite");
        sum += w;
    }
    std::vector<double> quota(n);
    std::vector<long> part(n);
    long given = 0;
    for (std::size_t i = 0; i < n; ++i) {
        quota[i] = double(total) * weights[i] / sum;
        part[i] = std::max(1L, long(std::floor(quota[i])));
        given += part[i];
    }
    // Too few: one more to the largest remainders; too many (parts raised
    // to 1): one less from the most over-served parts above 1.
    while (given != total) {
        std::size_t best = n;
        for (std::size_t i = 0; i < n; ++i) {
            double excess = double(part[i]) - quota[i];
            if (given < total) {
                if (best == n || excess < double(part[best]) - quota[best])
                    best = i;
            } else if (part[i] > 1) {
                if (best == n || excess > double(part[best]) - quota[best])
                    best = i;
            }
        }
        if (given < total) {
            ++part[best];
            ++given;
        } else {
            --part[best];
            --given;
        }
    }
    return part;
}

std::vector<std::vector<int>> best_columns(const std::vector<double> &speeds,
                                           long N, int columns)
{
    const std::size_t P = speeds.size();
    if (P == 0)
        throw UsageError("no processes to partition");
    if (P > kMaxLayoutProcesses)
        throw UsageError("cannot partition " + std::to_string(P) +
                         " processes: at most " +
                         std::to_string(kMaxLayoutProcesses) +
                         " (the search takes time P^3 and memory P^2)");
    if (columns < 0 || std::size_t(columns) > P)
        throw UsageError("cannot arrange " + std::to_string(P) +
                         " processes in " + std::to_string(columns) +
                         " columns");
    double sum = 0;
    for (double s : speeds) {
        if (!(s > 0) || !std::isfinite(s))
            throw UsageError("speeds must be positive and finite");
        sum += s;
    }
    // Ranks by increasing speed (ties: increasing rank).
    std::vector<int> order(P);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return speeds[std::size_t(a)] < speeds[std::size_t(b)];
    });
    std::vector<double> prefix(P + 1, 0);
    for (std::size_t i = 0; i < P; ++i)
        prefix[i + 1] = prefix[i] + speeds[std::size_t(order[i])] / sum;
    // f[c][j]: least cost of the first j sorted processes in c columns.
    const double inf = std::numeric_limits<double>::infinity();
    std::size_t cmax = std::min<std::size_t>(P, std::size_t(std::min<long>(
                                                    N, long(P))));
    std::vector<std::vector<double>> f(cmax + 1,
                                       std::vector<double>(P + 1, inf));
    std::vector<std::vector<std::size_t>> from(
        cmax + 1, std::vector<std::size_t>(P + 1, 0));
    f[0][0] = 0;
    for (std::size_t c = 1; c <= cmax; ++c)
        for (std::size_t j = 1; j <= P; ++j)
            for (std::size_t i = c - 1; i < j; ++i) {
                // column of sorted processes i..j-1
                if (f[c - 1][i] == inf || long(j - i) > N)
                    continue;
                double cost = f[c - 1][i] +
                              double(j - i) * (prefix[j] - prefix[i]) + 1;
                if (cost < f[c][j] - 1e-12) {
                    f[c][j] = cost;
                    from[c][j] = i;
                }
            }
    std::size_t best = 0;
    if (columns > 0) {
        if (std::size_t(columns) > cmax || f[std::size_t(columns)][P] == inf)
            throw UsageError(std::to_string(P) + " processes do not fit " +
                             std::to_string(columns) + " columns of a " +
                             std::to_string(N) + " x " + std::to_string(N) +
                             " grid (at most N columns of at most N "
                             "processes)");
        best = std::size_t(columns);
    } else {
        for (std::size_t c = 1; c <= cmax; ++c)
            if (f[c][P] < inf && (best == 0 || f[c][P] < f[best][P] - 1e-12))
                best = c;
        if (best == 0)
            throw UsageError(std::to_string(P) + " processes do not fit a " +
                             std::to_string(N) + " x " + std::to_string(N) +
                             " grid");
    }
    std::vector<std::vector<int>> cols(best);
    std::size_t j = P;
    for (std::size_t c = best; c >= 1; --c) {
        std::size_t i = from[c][j];
        for (std::size_t k = i; k < j; ++k)
            cols[c - 1].push_back(order[k]);
        std::sort(cols[c - 1].begin(), cols[c - 1].end());
        j = i;
    }
    return cols;
}

Config column_partition(Kernel k, long N,
                        const std::vector<LayoutProcess> &layout, int columns)
{
    if (N < 1)
        throw UsageError("grid side N must be >= 1, got " + std::to_string(N));
    std::vector<double> speeds;
    for (const LayoutProcess &p : layout)
        speeds.push_back(p.speed);
    std::vector<std::vector<int>> cols = best_columns(speeds, N, columns);
    std::vector<double> col_speed;
    for (const auto &col : cols) {
        double s = 0;
        for (int r : col)
            s += speeds[std::size_t(r)];
        col_speed.push_back(s);
    }
    std::vector<long> width = apportion(N, col_speed);
    Config c;
    c.kernel = k;
    c.N = N;
    c.rects.resize(layout.size());
    for (const LayoutProcess &p : layout)
        c.procs.push_back({p.node, p.type});
    long x = 0;
    for (std::size_t g = 0; g < cols.size(); ++g) {
        std::vector<double> s;
        for (int r : cols[g])
            s.push_back(speeds[std::size_t(r)]);
        std::vector<long> height = apportion(N, s);
        long y = 0;
        for (std::size_t i = 0; i < cols[g].size(); ++i) {
            Rect &r = c.rects[std::size_t(cols[g][i])];
            r.x = x;
            r.y = y;
            r.w = width[g];
            r.h = height[i];
            y += height[i];
        }
        x += width[g];
    }
    validate_config(c, "column partition");
    return c;
}

} // namespace cpm::kernels
