#include "model_build.h"

#include "model_segments.h"

#include "benchmark_collective.h"
#include "benchmark_schedule.h"
#include "common_error.h"
#include "common_mpi.h"
#include "stats_fit.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <map>
#include <set>
#include <sstream>

namespace cpm::models {

std::string sizes_text(const std::vector<long> &sizes)
{
    std::ostringstream s;
    bool strided = sizes.size() > 2;
    for (std::size_t k = 2; k < sizes.size() && strided; ++k)
        strided = sizes[k] - sizes[k - 1] == sizes[1] - sizes[0];
    if (strided) {
        s << sizes.front() << ":" << sizes[1] - sizes[0] << ":" << sizes.back();
        return s.str();
    }
    for (std::size_t k = 0; k < sizes.size(); ++k)
        s << (k ? "," : "") << sizes[k];
    return s.str();
}

Provenance make_provenance(MPI_Comm comm, const BuildOptions &o,
                           const std::string &sizes)
{
    Provenance p;
    std::time_t now = std::time(nullptr);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    p.date = buf;
    p.mpi = mpi_library_version();
    p.command = o.command.empty() ? "-" : o.command;
    p.processors = processor_names(comm);
    p.precision = o.precision;
    p.timing = bench::timing_name(o.timing);
    p.parallel = o.parallel;
    p.sizes = sizes;
    return p;
}

void BuildOptions::say(MPI_Comm comm, const std::string &line) const
{
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    if (rank == 0 && log)
        log(line);
}

int build_comm_size(MPI_Comm comm, int min_n, const std::string &model)
{
    int n = 0;
    CPM_MPI(MPI_Comm_size(comm, &n));
    if (n < min_n)
        throw UsageError("the " + model + " model needs at least " +
                         std::to_string(min_n) + " processes, got " +
                         std::to_string(n));
    return n;
}

std::vector<long> build_sizes(std::vector<long> sizes, bool add_zero)
{
    for (long m : sizes)
        if (m < 0)
            throw UsageError("message sizes must not be negative, got " +
                             std::to_string(m));
    if (add_zero)
        sizes.push_back(0);
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

std::vector<long> class_segments(const std::vector<long> &sizes,
                                 const std::vector<double> &y,
                                 const std::vector<double> &ci,
                                 std::string *failed)
{
    if (sizes.size() < 8 || y.size() != sizes.size() ||
        ci.size() != sizes.size())
        return {};
    for (double v : y)
        if (!(v > 0) || !std::isfinite(v))
            return {};
    rbridge::BreakpointOptions bp;
    bp.h = 4; // observations: a protocol range spans few sizes
    std::vector<double> x(sizes.begin(), sizes.end());
    // A break must stand out of the scatter from one size to the next as
    // well as of each size's interval: a host whose speed changes between
    // sizes scatters them more than their intervals say.
    try {
        return supported_starts(sizes, y, scatter_band(sizes, y, ci),
                                find_segments(x, y, bp).starts);
    } catch (const Error &e) {
        // R could not decide (too few sizes for h, a singular fit).
        if (failed)
            *failed += std::string(failed->empty() ? "" : "; ") + e.what();
        return {};
    }
}

std::vector<std::vector<long>>
class_pair_sizes(MPI_Comm comm, const SizeSweep &w,
                 const std::vector<std::size_t> &few, const OneWayTime &one_way,
                 double tolerance)
{
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    std::vector<std::vector<long>> plan(2);
    agree(comm, [&] {
        if (rank != 0)
            return;
        for (std::size_t c = 0; c < 2; ++c) {
            std::vector<std::vector<double>> series;
            const std::vector<long> &x = w.class_sizes.at(c);
            for (std::size_t p : few)
                if (w.pair_class.at(p) == int(c)) {
                    std::vector<double> y;
                    for (long M : x)
                        y.push_back(one_way(M, p));
                    series.push_back(y);
                }
            if (series.empty())
                continue;
            std::vector<long> v =
                segment_sizes(x, series, w.segments.at(c), tolerance);
            plan[c] = v.empty() ? x : v; // no fit decided: the sweep's
        }
    });
    bcast_size_lists(comm, plan);
    return plan;
}

void bcast_size_lists(MPI_Comm comm, std::vector<std::vector<long>> &lists)
{
    std::vector<long> flat; // per list: its length, then its sizes
    for (const std::vector<long> &v : lists) {
        flat.push_back(long(v.size()));
        flat.insert(flat.end(), v.begin(), v.end());
    }
    long count = long(flat.size());
    CPM_MPI(MPI_Bcast(&count, 1, MPI_LONG, 0, comm));
    flat.resize(std::size_t(count));
    CPM_MPI(MPI_Bcast(flat.data(), int(count), MPI_LONG, 0, comm));
    std::size_t at = 0;
    for (std::vector<long> &v : lists) {
        long k = flat[at++];
        v.assign(flat.begin() + long(at), flat.begin() + long(at) + k);
        at += std::size_t(k);
    }
}

std::vector<std::vector<long>>
find_class_segments(MPI_Comm comm, const BuildOptions &o,
                    const std::vector<long> &sizes,
                    const std::vector<std::vector<bench::Result>> &rt,
                    const std::vector<int> &pair_class,
                    const std::string &model)
{
    std::vector<std::vector<long>> segs(2);
    if (!o.segments || sizes.size() < 8)
        return segs;
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    if (!rbridge::available()) {
        o.say(comm, model + ": size segments not searched (built without R)");
        return segs;
    }
    std::string failed;
    agree(comm, [&] {
        if (rank != 0)
            return;
        for (int c = 0; c < 2; ++c) {
            std::vector<double> y, ci;
            for (std::size_t s = 0; s < sizes.size(); ++s) {
                double sum = 0, half = 0;
                int k = 0;
                for (std::size_t p = 0; p < pair_class.size(); ++p)
                    if (pair_class[p] == c) {
                        const bench::Result h = bench::one_way(rt[s][p]);
                        sum += h.T;
                        half += h.ci;
                        ++k;
                    }
                if (k == 0)
                    break;
                y.push_back(sum / k);
                ci.push_back(half / k);
            }
            if (y.size() == sizes.size())
                segs[std::size_t(c)] = class_segments(sizes, y, ci, &failed);
        }
    });
    bcast_size_lists(comm, segs);
    if (!failed.empty())
        o.say(comm, model + ": size segments not found, one line per pair (" +
                        failed + ")");
    for (int c = 0; c < 2; ++c)
        if (!segs[std::size_t(c)].empty())
            o.say(comm, model + ": size segments (" +
                            pair_class_name(int(c)) + ") " +
                            Segments{segs[std::size_t(c)]}.text());
    return segs;
}

std::vector<long> SizePlan::initial() const
{
    if (max_size < 1)
        throw UsageError("size plan: the largest size must be positive");
    if (per_octave < 1 || per_octave > 64)
        throw UsageError("size plan: sizes per octave must be 1..64");
    if (dense_from < 1 || sparse_from < dense_from)
        throw UsageError("size plan: dense_from must be positive and not "
                         "above sparse_from");
    if (!(resolution > 0) || !(tolerance > 0) || max_rounds < 0 ||
        max_sizes < 2)
        throw UsageError("size plan: resolution, tolerance, rounds or "
                         "largest number of sizes out of range");
    std::vector<long> v = {0};
    for (long p = 1; p <= max_size; p *= 2) {
        int steps = p < dense_from || p >= sparse_from ? 1 : per_octave;
        for (int j = 0; j < steps; ++j) {
            long M = p + p * j / steps;
            if (M <= max_size)
                v.push_back(M);
        }
        if (p > max_size / 2)
            break;
    }
    v.push_back(max_size);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

namespace {

/* Whether the bracket (a, b] of a break is narrow enough. */
bool resolved(long a, long b, double resolution)
{
    return b - a <= std::max(1.0, resolution * double(b));
}

/* Midpoint of a gap (a, b) if it can still be split (> 1 byte) and is
 * wider than the resolution; else -1. */
long split(long a, long b, double resolution)
{
    if (b - a < 2 || resolved(a, b, resolution))
        return -1;
    return a + (b - a) / 2;
}

/* The indices of the sizes in each size segment (the first from 0, the
 * others from each start), in order. */
std::vector<std::vector<std::size_t>>
segment_members(const std::vector<long> &sizes, const std::vector<long> &starts)
{
    std::vector<long> cuts = {0};
    cuts.insert(cuts.end(), starts.begin(), starts.end());
    std::vector<std::vector<std::size_t>> members(cuts.size());
    for (std::size_t c = 0; c < cuts.size(); ++c) {
        long lo = cuts[c];
        long hi = c + 1 < cuts.size() ? cuts[c + 1] : -1;
        for (std::size_t s = 0; s < sizes.size(); ++s)
            if (sizes[s] >= lo && (hi < 0 || sizes[s] < hi))
                members[c].push_back(s);
    }
    return members;
}

} // namespace

std::vector<long> refine_sizes(const std::vector<long> &sizes,
                               const std::vector<double> &y,
                               const std::vector<long> &starts,
                               const SizePlan &plan,
                               const std::vector<double> &slack)
{
    std::set<long> add;
    if (sizes.size() != y.size() || sizes.size() < 2 ||
        (!slack.empty() && slack.size() != sizes.size()))
        return {};
    for (double v : y)
        if (!(v > 0) || !std::isfinite(v))
            return {};
    // A misfit counts if it stands out of the scatter between sizes too
    // (more sizes cannot make a noisy host's line fit better).
    const double tolerance =
        std::max(plan.tolerance, kScatterBand * neighbour_scatter(sizes, y));
    // Bisection: the last size before each start and the start.
    for (long b : starts) {
        auto it = std::lower_bound(sizes.begin(), sizes.end(), b);
        if (it == sizes.begin() || it == sizes.end() || *it != b)
            continue;
        long m = split(*(it - 1), b, plan.resolution);
        if (m >= 0)
            add.insert(m);
    }
    // Misfit: each segment's line, fitted as the models fit theirs (on the
    // relative residuals), against its points.
    for (const std::vector<std::size_t> &in : segment_members(sizes, starts)) {
        if (in.size() < 3)
            continue;
        std::vector<double> xs, ys;
        for (std::size_t s : in) {
            xs.push_back(double(sizes[s]));
            ys.push_back(y[s]);
        }
        const stats::LineFit line = stats::fit_relative_line(xs, ys, 0.95);
        std::size_t worst = in.front();
        double r_worst = -1;
        for (std::size_t s : in) {
            double off = std::fabs(y[s] - line(double(sizes[s])));
            if (!slack.empty())
                off = std::max(0.0, off - slack[s]);
            double r = off / y[s];
            if (r > r_worst) {
                r_worst = r;
                worst = s;
            }
        }
        if (!(r_worst > tolerance))
            continue;
        if (worst > 0) {
            long m = split(sizes[worst - 1], sizes[worst], plan.resolution);
            if (m >= 0)
                add.insert(m);
        }
        if (worst + 1 < sizes.size()) {
            long m = split(sizes[worst], sizes[worst + 1], plan.resolution);
            if (m >= 0)
                add.insert(m);
        }
    }
    return std::vector<long>(add.begin(), add.end());
}

std::vector<long> anchor_sizes(const std::vector<long> &sizes,
                               const std::vector<long> &add)
{
    std::set<long> out;
    if (sizes.empty())
        return {};
    for (long m : add) {
        auto it = std::lower_bound(sizes.begin(), sizes.end(), m);
        out.insert(it == sizes.begin() ? *it : *(it - 1));
    }
    return std::vector<long>(out.begin(), out.end());
}

std::vector<long> ClassTimes::anchors(const std::vector<long> &add) const
{
    std::vector<long> first;
    for (const auto &e : at)
        if (e.second.call == 0)
            first.push_back(e.first);
    return anchor_sizes(first, add);
}

void ClassTimes::record(const std::vector<long> &sizes,
                        const std::vector<double> &t,
                        const std::vector<double> &h)
{
    if (t.size() != sizes.size() || h.size() != sizes.size())
        CPM_THROW("ClassTimes::record: " + std::to_string(sizes.size()) +
                  " sizes, " + std::to_string(t.size()) + " times, " +
                  std::to_string(h.size()) + " half-widths");
    // The anchors of this call (sizes of the first call) and how far this
    // call's time is from the first's there.
    std::map<long, double> moved;
    for (std::size_t s = 0; s < sizes.size(); ++s) {
        auto it = at.find(sizes[s]);
        if (it == at.end())
            continue;
        Entry &e = it->second;
        double d = t[s] - e.time;
        if (e.call == 0)
            moved[sizes[s]] = d;
        e.slack = std::max(e.slack, std::fabs(d));
    }
    for (std::size_t s = 0; s < sizes.size(); ++s) {
        if (at.count(sizes[s]))
            continue;
        double d = 0;
        if (!moved.empty()) {
            // anchor_sizes' rule: the anchor below, else the one above
            auto it = moved.lower_bound(sizes[s]);
            d = it == moved.begin() ? it->second : std::prev(it)->second;
            if (!(t[s] - d > 0))
                d = 0; // a drop between anchor and size: left as measured
        }
        // on the first call's footing
        at[sizes[s]] = Entry{t[s] - d, h[s], std::fabs(d), calls};
    }
    ++calls;
}

std::vector<long> ClassTimes::sizes() const
{
    std::vector<long> v;
    for (const auto &e : at)
        v.push_back(e.first);
    return v;
}

std::vector<double> ClassTimes::times() const
{
    std::vector<double> v;
    for (const auto &e : at)
        v.push_back(e.second.time);
    return v;
}

std::vector<double> ClassTimes::slacks() const
{
    std::vector<double> v;
    for (const auto &e : at)
        v.push_back(e.second.slack);
    return v;
}

std::vector<double> ClassTimes::width() const
{
    std::vector<double> v;
    for (const auto &e : at)
        v.push_back(std::max(e.second.half, e.second.slack));
    return v;
}

std::vector<std::size_t> class_sweep_pairs(const std::vector<int> &pair_class,
                                           int n, int per_class)
{
    std::vector<bench::Pair> all = bench::all_pairs(n);
    if (pair_class.size() != all.size())
        CPM_THROW("class_sweep_pairs: " + std::to_string(pair_class.size()) +
                  " classes for " + std::to_string(all.size()) + " pairs");
    std::vector<std::size_t> out;
    std::vector<int> have(2, 0);
    // Processes taken by each class's chosen pairs.
    std::vector<std::vector<char>> busy(2, std::vector<char>(std::size_t(n)));
    for (int turn = 0; turn < per_class; ++turn)
        for (int c = 0; c < 2; ++c)
            for (std::size_t p = 0; p < all.size(); ++p) {
                std::vector<char> &b = busy[std::size_t(c)];
                if (pair_class[p] != c || have[std::size_t(c)] > turn ||
                    b[std::size_t(all[p].i)] || b[std::size_t(all[p].j)])
                    continue;
                b[std::size_t(all[p].i)] = b[std::size_t(all[p].j)] = 1;
                out.push_back(p);
                ++have[std::size_t(c)];
                break;
            }
    return out;
}

std::vector<long> segment_sizes(const std::vector<long> &sizes,
                                const std::vector<std::vector<double>> &series,
                                const std::vector<long> &starts,
                                double tolerance)
{
    if (series.empty())
        return {};
    for (const auto &y : series) {
        if (y.size() != sizes.size())
            return {};
        for (double v : y)
            if (!(v > 0) || !std::isfinite(v))
                return {};
    }
    std::set<long> out;
    for (const std::vector<std::size_t> &in : segment_members(sizes, starts)) {
        if (in.size() < 3) {
            for (std::size_t s : in)
                out.insert(sizes[s]);
            continue;
        }
        std::size_t f = in.front();
        bool found = false;
        for (std::size_t q = 1; q < in.size() && !found; ++q) {
            std::size_t g = in[q];
            bool last = q + 1 == in.size(), fits = true;
            for (const auto &y : series) {
                if (!last && !(y[g] >= 2 * y[f])) {
                    fits = false;
                    break;
                }
                double b = (y[g] - y[f]) / double(sizes[g] - sizes[f]);
                for (std::size_t s : in) {
                    double r = y[f] + b * double(sizes[s] - sizes[f]);
                    if (!(std::fabs(y[s] - r) <= tolerance * y[s])) {
                        fits = false;
                        break;
                    }
                }
                if (!fits)
                    break;
            }
            if (fits) {
                out.insert(sizes[f]);
                out.insert(sizes[g]);
                found = true;
            }
        }
        if (!found)
            for (std::size_t s : in)
                out.insert(sizes[s]);
    }
    return std::vector<long>(out.begin(), out.end());
}

std::vector<long>
interpolation_sizes(const std::vector<long> &sizes,
                    const std::vector<std::vector<double>> &series,
                    const std::vector<std::vector<double>> &ci,
                    const std::vector<double> &scale, const SizePlan &plan)
{
    const std::size_t K = sizes.size();
    if (scale.size() != K || ci.size() != series.size())
        CPM_THROW("interpolation_sizes: the series do not match the sizes");
    for (std::size_t k = 0; k < series.size(); ++k)
        if (series[k].size() != K || ci[k].size() != K)
            CPM_THROW("interpolation_sizes: the series do not match the sizes");
    std::set<long> out;
    auto wide = [&](long lo, long hi) {
        return hi - lo > std::max<long>(1, long(plan.resolution * double(hi)));
    };
    for (std::size_t b = 1; b + 1 < K; ++b) {
        std::size_t a = b - 1, c = b + 1;
        double f = double(sizes[b] - sizes[a]) / double(sizes[c] - sizes[a]);
        bool misses = false;
        for (std::size_t k = 0; k < series.size() && !misses; ++k) {
            const std::vector<double> &y = series[k];
            double line = y[a] + f * (y[c] - y[a]);
            double room = plan.tolerance * scale[b] + ci[k][a] + ci[k][b] +
                          ci[k][c];
            misses = !(std::fabs(y[b] - line) <= room);
        }
        if (!misses)
            continue;
        if (wide(sizes[a], sizes[b]))
            out.insert(sizes[a] + (sizes[b] - sizes[a]) / 2);
        if (wide(sizes[b], sizes[c]))
            out.insert(sizes[b] + (sizes[c] - sizes[b]) / 2);
    }
    std::vector<long> v;
    for (long m : out)
        if (!std::binary_search(sizes.begin(), sizes.end(), m))
            v.push_back(m);
    return v;
}

std::string SizeSweep::text() const
{
    std::string s;
    for (std::size_t c = 0; c < class_sizes.size(); ++c) {
        if (std::count(pair_class.begin(), pair_class.end(), int(c)) == 0 ||
            class_sizes[c].empty())
            continue;
        s += std::string(s.empty() ? "" : "; ") +
             (class_sizes.size() > 1 && adaptive
                  ? std::string(pair_class_name(int(c))) + " "
                  : "") +
             sizes_text(class_sizes[c]);
        if (!adaptive)
            break; // the same list for every class
    }
    return adaptive ? "adaptive " + s : s;
}

std::string SizeSweep::segments_text() const
{
    std::string text;
    for (std::size_t c = 0; c < segments.size(); ++c)
        if (std::count(pair_class.begin(), pair_class.end(), int(c)) > 0 &&
            c < class_sizes.size() && !class_sizes[c].empty())
            text += std::string(text.empty() ? "" : "; ") +
                    pair_class_name(int(c)) + " " +
                    Segments{segments[c]}.text();
    return text;
}

SizeSweep sweep_sizes(MPI_Comm comm, const BuildOptions &o, int n,
                      const MeasureSizes &measure, const std::string &model,
                      bool add_zero, const std::vector<std::size_t> &only)
{
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    SizeSweep w;
    w.adaptive = o.adaptive;
    std::vector<std::string> names = processor_names(comm);
    if (int(names.size()) != n)
        CPM_THROW("sweep_sizes: " + std::to_string(names.size()) +
                  " processors for n = " + std::to_string(n));
    w.pair_class = pair_classes(names);
    w.class_sizes.assign(2, {});
    w.segments.assign(2, {});
    std::vector<std::size_t> all = only;
    if (all.empty())
        for (std::size_t p = 0; p < w.pair_class.size(); ++p)
            all.push_back(p);
    std::vector<std::vector<std::size_t>> members(2);
    for (std::size_t p : all) {
        if (p >= w.pair_class.size())
            CPM_THROW("sweep_sizes: pair " + std::to_string(p) + " of " +
                      std::to_string(w.pair_class.size()));
        members[std::size_t(w.pair_class[p])].push_back(p);
    }
    // Each class's mean one-way times over its calls (used on rank 0).
    std::vector<ClassTimes> times(2);

    auto run = [&](const std::vector<long> &sizes,
                   const std::vector<std::size_t> &which) {
        if (sizes.empty() || which.empty())
            return;
        std::vector<std::vector<bench::Result>> t = measure(sizes, which);
        if (t.size() != sizes.size())
            CPM_THROW("sweep_sizes: " + std::to_string(t.size()) +
                      " rows of times for " + std::to_string(sizes.size()) +
                      " sizes");
        std::vector<std::vector<double>> T(2), H(2);
        for (std::size_t s = 0; s < sizes.size(); ++s) {
            if (t[s].size() != which.size())
                CPM_THROW("sweep_sizes: times do not cover the pairs");
            double sum[2] = {0, 0}, ci[2] = {0, 0};
            int k[2] = {0, 0};
            for (std::size_t q = 0; q < which.size(); ++q) {
                int c = w.pair_class[which[q]];
                sum[c] += t[s][q].T;
                ci[c] += t[s][q].ci;
                ++k[c];
            }
            for (int c = 0; c < 2; ++c)
                if (k[c] > 0) {
                    T[std::size_t(c)].push_back(sum[c] / k[c]);
                    H[std::size_t(c)].push_back(ci[c] / k[c]);
                }
        }
        for (std::size_t c = 0; c < 2; ++c) {
            if (T[c].size() != sizes.size())
                continue; // no pair of the class measured
            times[c].record(sizes, T[c], H[c]);
            w.class_sizes[c] = times[c].sizes();
        }
    };

    std::vector<long> first =
        o.adaptive ? o.size_plan.initial() : build_sizes(o.sizes, add_zero);
    if (o.adaptive)
        o.say(comm, model + ": adaptive sizes, " +
                        std::to_string(first.size()) + " from 0 to " +
                        std::to_string(o.size_plan.max_size) + " bytes");
    run(first, all);
    if (!o.segments)
        return w;
    if (!rbridge::available()) {
        o.say(comm, model + ": size segments not searched (built without R)");
        return w;
    }
    std::string failed;
    for (int round = 0;; ++round) {
        // Rank 0 decides, per class: the starts, then the sizes to add
        // (lists: those of class 0, then of class 1).
        std::vector<std::vector<long>> lists(4);
        agree(comm, [&] {
            if (rank != 0)
                return;
            failed.clear();
            for (std::size_t c = 0; c < 2; ++c) {
                std::vector<long> starts, add;
                if (!members[c].empty()) {
                    const std::vector<long> x = times[c].sizes();
                    const std::vector<double> y = times[c].times();
                    starts = class_segments(x, y, times[c].width(), &failed);
                    if (o.adaptive && round < o.size_plan.max_rounds &&
                        x.size() < o.size_plan.max_sizes) {
                        add = refine_sizes(x, y, starts, o.size_plan,
                                           times[c].slacks());
                        if (add.size() > o.size_plan.max_sizes - x.size())
                            add.resize(o.size_plan.max_sizes - x.size());
                    }
                }
                lists[2 * c] = starts;
                lists[2 * c + 1] = add;
            }
        });
        bcast_size_lists(comm, lists);
        std::vector<std::vector<long>> add(2);
        for (std::size_t c = 0; c < 2; ++c) {
            w.segments[c] = lists[2 * c];
            add[c] = lists[2 * c + 1];
        }
        if (add[0].empty() && add[1].empty())
            break;
        ++w.rounds;
        for (std::size_t c = 0; c < 2; ++c) {
            if (add[c].empty())
                continue;
            // with sizes of the first call, for the scatter between calls
            std::vector<long> both = times[c].anchors(add[c]);
            o.say(comm, model + ": refinement round " +
                            std::to_string(w.rounds) + " (" +
                            pair_class_name(int(c)) + "): " +
                            sizes_text(add[c]) + " (again: " +
                            sizes_text(both) + ")");
            both.insert(both.end(), add[c].begin(), add[c].end());
            std::sort(both.begin(), both.end());
            run(both, members[c]);
        }
    }
    if (!failed.empty())
        o.say(comm, model + ": size segments not found, one line per pair (" +
                        failed + ")");
    for (std::size_t c = 0; c < 2; ++c)
        if (!members[c].empty())
            o.say(comm, model + ": " +
                            std::to_string(w.class_sizes[c].size()) +
                            " sizes (" + pair_class_name(int(c)) +
                            "), size segments " +
                            Segments{w.segments[c]}.text());
    return w;
}

} // namespace cpm::models
