#include "model_simgrid.h"

#include "benchmark_schedule.h"
#include "common_error.h"
#include "stats_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace cpm::models {

namespace {

std::string pair_name(const char *key, int i, int j)
{
    return std::string(key) + " " + std::to_string(i) + " " + std::to_string(j);
}

std::string num(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

/* Refuses a value the platform cannot hold, naming the parameter. */
void need(bool ok, const std::string &param, double v, const char *why)
{
    if (!ok)
        throw UsageError("cannot export: " + param + " = " + num(v) + " " +
                         why);
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    std::size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : (v[k - 1] + v[k]) / 2;
}

SimgridPlatform base_platform(int n, const char *model, long rendezvous)
{
    SimgridPlatform p;
    p.topology = "full";
    p.comment = std::string("CPM: the ") + model +
                " model as a SimGrid platform (model --export simgrid); "
                "settings in smpirun.cfg";
    for (int r = 0; r < n; ++r) {
        SimgridHost h;
        h.name = "host" + std::to_string(r);
        p.hosts.push_back(h);
    }
    p.settings_before = simgrid_exact_settings();
    p.detached = rendezvous > 0 ? rendezvous : 1000000000L;
    return p;
}

/* The residual of the platform against the model's p2p at the sizes. */
template <class F>
void residual(SimgridExport &e, int n, const std::set<long> &sizes, F model)
{
    double sum = 0, worst = 0;
    long count = 0;
    std::string where;
    for (long m : sizes)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                if (i == j)
                    continue;
                double T = model(i, j, double(m));
                double S = simgrid_one_way(e.platform, i, j, double(m));
                if (!(T > 0))
                    continue;
                double r = std::fabs(S - T) / T;
                sum += r;
                ++count;
                if (r > worst) {
                    worst = r;
                    where = "m=" + std::to_string(m) + ", " +
                            std::to_string(i) + "->" + std::to_string(j);
                }
            }
    e.max_rel = worst;
    e.mean_rel = count ? sum / double(count) : 0;
    e.notes.push_back("residual: platform one-way time against the model's "
                      "p2p, " + std::to_string(count) +
                      " ordered pairs x sizes: max rel " + num(worst) +
                      (where.empty() ? "" : " (" + where + ")") +
                      ", mean rel " + num(e.mean_rel));
}

std::set<long> check_sizes(const std::vector<long> &starts)
{
    std::set<long> s = {0, 1, 1024, 65536, 1048576};
    for (long b : starts) {
        s.insert(b);
        if (b > 0)
            s.insert(b - 1);
    }
    return s;
}

void rendezvous_note(SimgridExport &e, long rendezvous)
{
    if (rendezvous > 0)
        e.notes.push_back("rendezvous from " + std::to_string(rendezvous) +
                          " bytes: no os and no or from there on");
}

/* The fits' starting factors: per segment, the median over pairs of the
 * ratio of a pair's value to its first segment's (pairs with a value
 * <= 0 there left out; 1 if none is left). */
std::vector<double> start_factors(const std::vector<std::vector<double>> &y)
{
    std::vector<double> F(y.size(), 1.0);
    for (std::size_t s = 1; s < y.size(); ++s) {
        std::vector<double> r;
        for (std::size_t p = 0; p < y[0].size(); ++p)
            if (y[0][p] > 0)
                r.push_back(y[s][p] / y[0][p]);
        F[s] = r.empty() ? 1.0 : median(r);
    }
    return F;
}

/* The fit of the Hockney export: values y[s][p] of every segment s and
 * pair p (in all_pairs order) as
 *
 *     y[s][p] = u[s][i] + u[s][j] + F[s] z[p],    F[0] = 1, u[0] = 0,
 *
 * a per-host part u (a host delay) and a per-pair part z scaled by a
 * global factor F, by least squares, alternating closed forms: z given u
 * and F (per pair), F given z and u (per segment), u given z and F (per
 * segment, the normal equations of u_i + u_j = r_ij have the inverse of
 * (n-2) I + 1 1^T). Exact data converge to 1e-13 in a few thousand
 * rounds. u is then defined up to a shift u[s][i] += F[s] d[i],
 * z[p] -= d[i] + d[j], which export_hockney chooses. Segments s with
 * no_hosts[s] keep u[s] = 0 (their y is all link: rendezvous); such a
 * segment fixes the shift, and with free_first u[0] is fitted as well
 * (the host parts of the first segment from the links that segment
 * gives). */
struct PairFit {
    std::vector<std::vector<double>> u; // [segment][host]
    std::vector<double> z;              // [pair]
    std::vector<double> F;              // [segment]
};

PairFit fit_pairs(int n, const std::vector<bench::Pair> &pairs,
                  const std::vector<std::vector<double>> &y,
                  std::vector<double> F,
                  const std::vector<char> &no_hosts = {},
                  bool free_first = false)
{
    std::size_t S = y.size(), P = pairs.size();
    PairFit f;
    f.F = std::move(F);
    f.u.assign(S, std::vector<double>(std::size_t(n), 0.0));
    f.z = y[0];
    if (n < 3)
        n = 0; // one pair (n = 2): no host parts, F = y[s]/y[0] fits exactly
    // y less the host parts of the pair (none with n = 0)
    auto link_part = [&](std::size_t s, std::size_t p) {
        return y[s][p] - (n ? f.u[s][std::size_t(pairs[p].i)] +
                                  f.u[s][std::size_t(pairs[p].j)]
                            : 0);
    };
    double prev = -1;
    for (int round = 0; round < 100000; ++round) {
        double sf = 0;
        for (double x : f.F)
            sf += x * x;
        for (std::size_t p = 0; p < P; ++p) {
            double num = 0;
            for (std::size_t s = 0; s < S; ++s)
                num += f.F[s] * link_part(s, p);
            f.z[p] = num / sf;
        }
        double zz = 0;
        for (double x : f.z)
            zz += x * x;
        for (std::size_t s = 1; s < S && zz > 0; ++s) {
            double num = 0;
            for (std::size_t p = 0; p < P; ++p)
                num += f.z[p] * link_part(s, p);
            f.F[s] = num / zz;
        }
        for (std::size_t s = free_first ? 0 : 1; s < S && n >= 3; ++s) {
            if (s < no_hosts.size() && no_hosts[s])
                continue; // u[s] stays 0
            std::vector<double> g(std::size_t(n), 0.0);
            for (std::size_t p = 0; p < P; ++p) {
                double r = y[s][p] - f.F[s] * f.z[p];
                g[std::size_t(pairs[p].i)] += r;
                g[std::size_t(pairs[p].j)] += r;
            }
            double G = 0;
            for (double x : g)
                G += x;
            G /= double(2 * n - 2);
            for (int i = 0; i < n; ++i)
                f.u[s][std::size_t(i)] = (g[std::size_t(i)] - G) / double(n - 2);
        }
        if (round % 100 == 99) { // stop when the residual stops shrinking
            double worst = 0;
            for (std::size_t s = 0; s < S; ++s)
                for (std::size_t p = 0; p < P; ++p) {
                    double m = f.F[s] * f.z[p] +
                               (n ? f.u[s][pairs[p].i] +
                                        f.u[s][pairs[p].j]
                                  : 0);
                    double d = std::fabs(y[s][p] - m);
                    double scale = std::fabs(y[s][p]);
                    worst = std::max(worst, scale > 0 ? d / scale : d);
                }
            if (worst < 1e-13 || (prev >= 0 && worst > prev * 0.999999))
                break;
            prev = worst;
        }
    }
    return f;
}

/* The least shift of each host's delays that makes them >= 0: the time
 * per byte first (db, from 0), then the fixed part (da, from floor_a):
 * F_s d added to host i's delay in every segment s, d_i + d_j to be taken
 * from each of its links (fit_pairs' host and link parts are defined up
 * to such a shift). D[host][segment]: the delays before the shift; fb,
 * fa: the fits of the times per byte and of the latency parts. */
struct HostShift {
    std::vector<double> db, da; // [host]
};

HostShift shift_hosts(std::vector<std::vector<SimgridDelay>> &D,
                      const PairFit &fb, const PairFit &fa, double floor_a)
{
    std::size_t n = D.size();
    HostShift h{std::vector<double>(n, 0.0), std::vector<double>(n, floor_a)};
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<SimgridDelay> &d = D[i];
        for (std::size_t s = 0; s < d.size(); ++s)
            if (fb.F[s] > 0)
                h.db[i] = std::max(h.db[i], -d[s].t / fb.F[s]);
        for (std::size_t s = 0; s < d.size(); ++s)
            if (fa.F[s] > 0)
                h.da[i] = std::max(
                    h.da[i], -(d[s].c + 16 * fb.F[s] * h.db[i]) / fa.F[s]);
        for (std::size_t s = 0; s < d.size(); ++s) {
            d[s].t += fb.F[s] * h.db[i];
            d[s].c += fa.F[s] * h.da[i] + 16 * fb.F[s] * h.db[i];
        }
    }
    return h;
}

} // namespace

SimgridExport simgrid_export(const Hockney &m, const SimgridExportOptions &o)
{
    SimgridExport e;
    e.platform = base_platform(m.n, "Hockney", o.rendezvous);
    int n = m.n;
    // The segments: the union of every pair's starts.
    std::set<long> starts_set;
    for (const auto &v : m.pieces)
        for (const HockneyPiece &c : v)
            starts_set.insert(c.from);
    std::vector<long> starts(starts_set.begin(), starts_set.end());
    std::vector<long> from = {0};
    from.insert(from.end(), starts.begin(), starts.end());
    std::size_t S = from.size();
    const std::vector<bench::Pair> pairs = bench::all_pairs(n);
    // y_a = alpha - 16 beta and y_b = beta of every segment and pair.
    std::vector<std::vector<double>> ya(S), yb(S);
    for (std::size_t s = 0; s < S; ++s)
        for (auto [i, j] : pairs) {
            int p = pair_index(n, i, j);
            double a = m.alpha[std::size_t(p)].value;
            double b = m.beta[std::size_t(p)].value;
            std::string name = pair_name("alpha", i, j);
            std::string bname = pair_name("beta", i, j);
            if (std::size_t(p) < m.pieces.size())
                for (const HockneyPiece &c : m.pieces[std::size_t(p)])
                    if (c.from <= from[s]) {
                        a = c.alpha.value;
                        b = c.beta.value;
                        std::string seg = "segment " + std::to_string(i) +
                                          " " + std::to_string(j) + " " +
                                          std::to_string(c.from);
                        name = seg + " alpha";
                        bname = seg + " beta";
                    }
            need(std::isfinite(b) && b > 0, bname, b,
                 "s/B: a link needs a finite time per byte > 0");
            need(std::isfinite(a) && a - 16 * b >= 0, name, a,
                 ("s: below 16 beta = " + num(16 * b) +
                  " s (SMPI's 16-byte envelope), no latency >= 0 gives it")
                     .c_str());
            ya[s].push_back(a - 16 * b);
            yb[s].push_back(b);
        }
    std::vector<double> Fa = start_factors(ya), Fb = start_factors(yb);
    PairFit fb = fit_pairs(n, pairs, yb, Fb);
    PairFit fa = fit_pairs(n, pairs, ya, Fa);
    // The shift of each problem: the least that makes every host delay
    // >= 0 (t first, then C = u_a + 16 t; C may shift down).
    std::vector<std::vector<SimgridDelay>> D(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        for (std::size_t s = 0; s < S; ++s)
            D[std::size_t(i)].push_back(
                {from[s],
                 fa.u[s][std::size_t(i)] + 16 * fb.u[s][std::size_t(i)],
                 fb.u[s][std::size_t(i)]});
    HostShift shift = shift_hosts(D, fb, fa, -1e300);
    const std::vector<double> &db = shift.db, &da = shift.da;
    for (std::vector<SimgridDelay> &d : D)
        for (SimgridDelay &x : d) {
            // rounding: exact zeros rather than -1e-21
            x.c = std::max(x.c, 0.0);
            x.t = std::max(x.t, 0.0);
        }
    long clipped = 0;
    for (std::size_t p = 0; p < pairs.size(); ++p) {
        auto [i, j] = pairs[p];
        double w = fb.z[p] - db[std::size_t(i)] - db[std::size_t(j)];
        double L = fa.z[p] - da[std::size_t(i)] - da[std::size_t(j)];
        if (!(w > 0)) {
            w = yb[0][p];
            ++clipped;
        }
        if (!(L >= 0)) {
            L = 0;
            ++clipped;
        }
        e.platform.links.push_back({L, 1 / w});
    }
    bool delays = false;
    for (const std::vector<SimgridDelay> &d : D)
        for (const SimgridDelay &x : d)
            delays = delays || x.c > 0 || x.t > 0;
    if (delays)
        for (int i = 0; i < n; ++i) {
            SimgridHost &h = e.platform.hosts[std::size_t(i)];
            h.os = D[std::size_t(i)];
            h.ois = h.orecv = h.os;
        }
    if (S > 1) {
        for (std::size_t s = 0; s < S; ++s)
            e.platform.segments.push_back({from[s], 1 / fb.F[s], fa.F[s]});
        e.notes.push_back(
            "Hockney with " + std::to_string(S) +
            " size segments: per segment s, alpha - 16 beta and beta of "
            "pair i-j fitted (least squares) as host parts u_i^s + u_j^s "
            "(smpi/os = smpi/or, per segment) plus the pair's link scaled by "
            "a global factor (smpi/lat-factor, smpi/bw-factor)" +
            (clipped ? "; " + std::to_string(clipped) +
                           " link values clipped to stay >= 0"
                     : std::string()));
    } else {
        e.notes.push_back("Hockney: link i-j latency alpha_ij - 16 beta_ij, "
                          "bandwidth 1/beta_ij; no host delays");
    }
    rendezvous_note(e, o.rendezvous);
    residual(e, n, check_sizes(starts),
             [&](int i, int j, double M) { return m.p2p(i, j, M); });
    return e;
}

namespace {

/* A value the platform holds, allowing the rounding of the fit: a
 * negative value within tol of 0 is 0; below, the export is refused. */
double at_least_zero(double v, double tol, const std::string &param,
                     const char *why)
{
    need(std::isfinite(v) && v > -tol, param, v, why);
    return std::max(v, 0.0);
}

/* LMO with size segments (see model_simgrid.h and doc/formats.md): per
 * segment s, the link parts L^s - 16/beta^s and 1/beta^s of every pair
 * fitted as host corrections u_i^s + u_j^s plus the pair's link scaled by
 * a global factor (fit_pairs; u^0 = 0: the first segment is LMO's own
 * split), the host delays of s C_i^s + u_a,i^s + 16 u_b,i^s and
 * t_i^s + u_b,i^s. From the rendezvous size on SMPI has no host delays:
 * there the whole one-way time is the link's. */
void export_lmo_segments(SimgridExport &e, const LMO &m, long rendezvous)
{
    int n = m.n;
    std::set<long> fs = {0};
    for (const LmoSegment &g : m.segments)
        fs.insert(g.from);
    if (rendezvous > 0)
        fs.insert(rendezvous); // the protocol changes inside a segment
    std::vector<long> from(fs.begin(), fs.end());
    std::size_t S = from.size();
    std::vector<char> rv(S, 0);
    for (std::size_t s = 0; s < S; ++s)
        rv[s] = rendezvous > 0 && from[s] >= rendezvous;
    const std::vector<bench::Pair> pairs = bench::all_pairs(n);
    auto at = [](long f) {
        return f == 0 ? std::string() : " (segment " + std::to_string(f) + ")";
    };
    std::vector<std::vector<double>> ya(S), yb(S);
    for (std::size_t s = 0; s < S; ++s) {
        double M = double(from[s]);
        for (int i = 0; i < n; ++i) {
            double C = m.C_at(i, M), t = m.t_at(i, M);
            need(std::isfinite(C), "C " + std::to_string(i) + at(from[s]), C,
                 "s: not a finite delay");
            need(std::isfinite(t), "t " + std::to_string(i) + at(from[s]), t,
                 "s/B: not a finite delay");
        }
        for (auto [i, j] : pairs) {
            int p = pair_index(n, i, j);
            double L = m.L_at(p, M), beta = m.beta_at(p, M);
            // (a negative beta may be LMO's split of a segment whose
            // processors' delays the experiments do not separate: the
            // fit's host corrections or the rendezvous sum take it up;
            // the fitted links and delays are checked below)
            need(std::isfinite(beta) && beta != 0,
                 pair_name("beta", i, j) + at(from[s]), beta,
                 "B/s: a rate must be finite and not 0");
            need(std::isfinite(L), pair_name("L", i, j) + at(from[s]), L,
                 "s: not a finite latency");
            double a = L - 16 / beta, b = 1 / beta;
            if (rv[s]) { // no host delays: all of it on the link
                b += m.t_at(i, M) + m.t_at(j, M);
                a = L + m.C_at(i, M) + m.C_at(j, M) - 16 * b;
            }
            ya[s].push_back(a);
            yb[s].push_back(b);
        }
    }
    std::vector<double> Fa = start_factors(ya), Fb = start_factors(yb);
    std::vector<char> fixed = rv;
    fixed[0] = 1;
    PairFit fa = fit_pairs(n, pairs, ya, Fa, fixed);
    PairFit fb = fit_pairs(n, pairs, yb, Fb, fixed);
    for (std::size_t s = 0; s < S; ++s) {
        need(fb.F[s] > 0, "segment " + std::to_string(from[s]) +
                              " bandwidth factor", 1 / fb.F[s],
             "(the fitted factor must be > 0)");
        need(fa.F[s] >= 0, "segment " + std::to_string(from[s]) +
                               " latency factor", fa.F[s],
             "(the fitted factor must be >= 0)");
    }
    // Host delays per segment (none from the rendezvous size on).
    for (int i = 0; i < n; ++i) {
        SimgridHost &h = e.platform.hosts[std::size_t(i)];
        for (std::size_t s = 0; s < S; ++s) {
            double M = double(from[s]), c = 0, t = 0;
            if (!rv[s]) {
                std::size_t k = std::size_t(i);
                t = m.t_at(i, M) + fb.u[s][k];
                c = m.C_at(i, M) + fa.u[s][k] + 16 * fb.u[s][k];
                std::string where = std::to_string(i) + at(from[s]);
                t = at_least_zero(t, 1e-15, "t " + where, "s/B: the host's "
                                  "delay per byte comes out negative");
                c = at_least_zero(c, 1e-12, "C " + where, "s: the host's "
                                  "fixed delay comes out negative");
            }
            h.os.push_back({from[s], c, t});
        }
        h.ois = h.orecv = h.os;
    }
    for (std::size_t p = 0; p < pairs.size(); ++p) {
        auto [i, j] = pairs[p];
        double w = fb.z[p];
        need(std::isfinite(w) && w > 0, pair_name("beta", i, j), 1 / w,
             "B/s: the fitted link bandwidth must be finite and > 0");
        double L = at_least_zero(fa.z[p], 1e-12, pair_name("L", i, j),
                                 "s: the fitted link latency comes out "
                                 "negative");
        e.platform.links.push_back({L, 1 / w});
    }
    for (std::size_t s = 0; s < S; ++s)
        e.platform.segments.push_back({from[s], 1 / fb.F[s], fa.F[s]});
    e.notes.push_back(
        "LMO with " + std::to_string(S) +
        " size segments: per segment s, the link parts L - 16/beta and "
        "1/beta of pair i-j fitted (least squares) as the pair's link "
        "scaled by a global factor (smpi/lat-factor, smpi/bw-factor) plus "
        "host corrections u_i^s + u_j^s (0 in the first segment) added to "
        "LMO's C_i^s, t_i^s (smpi/os = smpi/ois = smpi/or, per segment)" +
        std::string(rendezvous > 0 ? "; from the rendezvous size on, no "
                                     "host delays: C_i + C_j and t_i + t_j "
                                     "join the link"
                                   : ""));
}

} // namespace

SimgridExport simgrid_export(const LMO &m, const SimgridExportOptions &o)
{
    SimgridExport e;
    e.platform = base_platform(m.n, "LMO", o.rendezvous);
    int n = m.n;
    if (!m.segments.empty()) {
        export_lmo_segments(e, m, o.rendezvous);
        std::vector<long> starts; // the platform's: LMO's and the rendezvous
        for (const SimgridSegment &g : e.platform.segments)
            starts.push_back(g.from);
        rendezvous_note(e, o.rendezvous);
        residual(e, n, check_sizes(starts),
                 [&](int i, int j, double M) { return m.p2p(i, j, M); });
        return e;
    }
    for (int i = 0; i < n; ++i) {
        double C = m.C[std::size_t(i)].value, t = m.t[std::size_t(i)].value;
        need(std::isfinite(C) && C >= 0, "C " + std::to_string(i), C,
             "s: a processing delay must be finite and >= 0");
        need(std::isfinite(t) && t >= 0, "t " + std::to_string(i), t,
             "s/B: a processing delay must be finite and >= 0");
        SimgridHost &h = e.platform.hosts[std::size_t(i)];
        h.os = h.ois = h.orecv = {{0, C, t}};
    }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            double beta = m.beta[std::size_t(p)].value;
            double L = m.L[std::size_t(p)].value;
            need(std::isfinite(beta) && beta > 0, pair_name("beta", i, j),
                 beta, "B/s: a bandwidth must be finite and > 0");
            need(std::isfinite(L) && L - 16 / beta >= 0, pair_name("L", i, j),
                 L, ("s: below 16/beta = " + num(16 / beta) +
                     " s (SMPI's 16-byte envelope), no link latency >= 0 "
                     "gives it").c_str());
            e.platform.links.push_back({L - 16 / beta, beta});
        }
    e.notes.push_back("LMO: os = ois = or = C_i + t_i m on host i; link i-j: "
                      "latency L_ij - 16/beta_ij, bandwidth beta_ij");
    rendezvous_note(e, o.rendezvous);
    residual(e, n, check_sizes({}),
             [&](int i, int j, double M) { return m.p2p(i, j, M); });
    return e;
}

SimgridExport simgrid_export(const PLogP &m, const SimgridExportOptions &o)
{
    SimgridExport e;
    e.platform = base_platform(m.n, "PLogP", o.rendezvous);
    int n = m.n;
    const std::vector<long> &sz = m.sizes;
    std::size_t K = sz.size();
    if (K < 2)
        throw UsageError("cannot export: PLogP measured at " +
                         std::to_string(K) +
                         " size(s); the link's bandwidth needs two");
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            double L = m.L[std::size_t(p)].value;
            need(std::isfinite(L) && L >= 0, pair_name("L", i, j), L,
                 "s: a latency must be finite and >= 0");
            for (std::size_t k = 0; k < K; ++k) {
                std::string at = " " + std::to_string(sz[k]);
                double os = m.os[std::size_t(p)][k].value;
                double g = m.g[std::size_t(p)][k].value;
                need(std::isfinite(os) && os >= 0,
                     pair_name("os", i, j) + at, os,
                     "s: an overhead must be finite and >= 0");
                need(std::isfinite(g) && g >= 0, pair_name("g", i, j) + at, g,
                     "s: a gap must be finite and >= 0");
            }
        }
    // The size segments: the union of every pair's starts, and the
    // rendezvous size (no host delays from there on).
    std::set<long> starts_set;
    for (const auto &v : m.starts)
        starts_set.insert(v.begin(), v.end());
    if (o.rendezvous > 0)
        starts_set.insert(o.rendezvous);
    starts_set.erase(0);
    std::vector<long> from = {0};
    from.insert(from.end(), starts_set.begin(), starts_set.end());
    std::size_t S = from.size();
    auto seg_end = [&](std::size_t s) { // the last size of segment s
        return s + 1 < S ? from[s + 1] - 1
                         : std::max(2 * from[s], from[s] + 1048576L);
    };
    auto eager = [&](std::size_t s) {
        return o.rendezvous <= 0 || from[s] < o.rendezvous;
    };
    // Host delays: host i's os, the median over the pairs it initiated
    // (PLogP measures os on the lower rank; the last rank initiated none:
    // the median of its pairs') at the measured sizes, then per segment
    // the least-squares line through those inside it (one size: a
    // constant; none: the line of the segment before). The same delay is
    // written as os, ois and or (PLogP's own or is not used: on an MPI
    // that moves data only inside its calls it includes a rendezvous
    // message's transfer, as it did on SMPI in files measured before
    // 2026-11-29).
    std::vector<std::vector<SimgridDelay>> H(static_cast<std::size_t>(n));
    long clipped = 0;
    for (int i = 0; i < n; ++i) {
        std::vector<double> h;
        for (std::size_t k = 0; k < K; ++k) {
            std::vector<double> x;
            for (int j = i + 1; j < n; ++j)
                x.push_back(m.os[std::size_t(pair_index(n, i, j))][k].value);
            if (x.empty())
                for (int j = 0; j < i; ++j)
                    x.push_back(m.os[std::size_t(pair_index(n, j, i))][k].value);
            h.push_back(median(x));
        }
        for (std::size_t s = 0; s < S; ++s) {
            SimgridDelay d{from[s], 0, 0};
            if (eager(s)) {
                std::vector<double> xs, ys;
                for (std::size_t k = 0; k < K; ++k)
                    if (sz[k] >= from[s] && sz[k] <= seg_end(s)) {
                        xs.push_back(double(sz[k]));
                        ys.push_back(h[k]);
                    }
                if (xs.size() >= 2) {
                    stats::LineFit f = stats::fit_line(xs, ys, 0.95);
                    d.c = f.c0;
                    d.t = f.c1;
                } else if (xs.size() == 1) {
                    d.c = ys[0];
                } else if (s > 0) {
                    d.c = H[std::size_t(i)].back().c;
                    d.t = H[std::size_t(i)].back().t;
                }
                if (d.t < 0) { // a delay that shrinks with the size
                    d.c += d.t * double(seg_end(s));
                    d.t = 0;
                    ++clipped;
                }
                if (d.c < 0) {
                    d.c = 0;
                    ++clipped;
                }
            }
            H[std::size_t(i)].push_back(d);
        }
    }
    // The links: per segment and pair, the least-squares line through the
    // link's part of the model's one-way time, (T_ij(m) + T_ji(m))/2 -
    // os_i(m) - or_j(m), at the measured sizes inside the segment and its
    // two ends; then, as the Hockney export does, latency - 16 s/B and
    // s/B fitted as the pair's link scaled by a factor per segment
    // (smpi/lat-factor, smpi/bw-factor).
    const std::vector<bench::Pair> pairs = bench::all_pairs(n);
    std::vector<std::vector<double>> ya(S), yb(S);
    for (std::size_t s = 0; s < S; ++s)
        for (auto [i, j] : pairs) {
            std::set<long> at = {from[s], seg_end(s)};
            for (long x : sz)
                if (x >= from[s] && x <= seg_end(s))
                    at.insert(x);
            std::vector<double> xs, ys;
            for (long x : at) {
                double M = double(x);
                xs.push_back(M);
                ys.push_back((m.p2p(i, j, M) + m.p2p(j, i, M)) / 2 -
                             delay_at(H[std::size_t(i)], M) -
                             delay_at(H[std::size_t(j)], M));
            }
            stats::LineFit f = stats::fit_line(xs, ys, 0.95);
            need(std::isfinite(f.c0) && std::isfinite(f.c1),
                 "segment " + std::to_string(from[s]) + " link " +
                     std::to_string(i) + " " + std::to_string(j),
                 f.c1, "s/B: not finite");
            ya[s].push_back(f.c0 - 16 * f.c1);
            yb[s].push_back(f.c1);
        }
    // Host corrections u^s (u^0 = 0) where the hosts have delays: the
    // medians stand for a host's own os only approximately (the last
    // rank initiated no pair), and a per-host error there is a per-host
    // pattern in the links that u takes back out, as in LMO's export.
    // A segment without host delays (from the rendezvous size on) gives
    // the links alone, and so the hosts' parts of the first segment too:
    // there the corrections start at the first segment (free_first).
    std::vector<char> no_hosts(S, 0);
    for (std::size_t s = 0; s < S; ++s)
        no_hosts[s] = !eager(s);
    bool first_too = std::any_of(no_hosts.begin(), no_hosts.end(),
                                 [](char x) { return x != 0; });
    PairFit fb =
        fit_pairs(n, pairs, yb, start_factors(yb), no_hosts, first_too);
    PairFit fa =
        fit_pairs(n, pairs, ya, start_factors(ya), no_hosts, first_too);
    for (std::size_t s = 0; s < S; ++s)
        need(std::isfinite(fb.F[s]) && fb.F[s] > 0,
             "segment " + std::to_string(from[s]) + " bandwidth factor",
             1 / fb.F[s], "(no bandwidth factor > 0 fits the links there)");
    // Host delays: the medians plus the corrections (in the first segment
    // only with a rendezvous segment), shifted where one comes out
    // negative (shift_hosts); not where a segment has no host delays
    // (rendezvous): its links would change with nothing to take the shift.
    bool shift = !first_too;
    std::vector<std::vector<SimgridDelay>> D = H;
    for (int i = 0; i < n; ++i)
        for (std::size_t s = first_too ? 0 : 1; s < S; ++s)
            if (eager(s)) {
                SimgridDelay &d = D[std::size_t(i)][s];
                d.t += fb.u[s][std::size_t(i)];
                d.c += fa.u[s][std::size_t(i)] + 16 * fb.u[s][std::size_t(i)];
            }
    HostShift hs{std::vector<double>(std::size_t(n), 0.0),
                 std::vector<double>(std::size_t(n), 0.0)};
    if (shift)
        hs = shift_hosts(D, fb, fa, 0.0);
    const std::vector<double> &db = hs.db, &da = hs.da;
    for (std::size_t p = 0; p < pairs.size(); ++p) {
        auto [i, j] = pairs[p];
        double w = fb.z[p] - db[std::size_t(i)] - db[std::size_t(j)];
        double L = fa.z[p] - da[std::size_t(i)] - da[std::size_t(j)];
        if (!(w > 0)) {
            w = yb[0][p];
            ++clipped;
        }
        // The send call's time can hold the transfer (rendezvous): then
        // less is left for the link than nothing. No bandwidth gives it.
        need(w > 0, "link " + std::to_string(i) + " " + std::to_string(j), w,
             "s/B: the model's time less the hosts' os and or does not grow "
             "with the size (does os hold the transfer? --rendezvous SIZE "
             "takes no host delays from SIZE on)");
        if (!(L >= 0)) {
            L = 0;
            ++clipped;
        }
        e.platform.links.push_back({L, 1 / w});
    }
    for (int i = 0; i < n; ++i) {
        SimgridHost &host = e.platform.hosts[std::size_t(i)];
        host.os = D[std::size_t(i)];
        for (SimgridDelay &d : host.os)
            for (double *v : {&d.c, &d.t})
                if (*v < 0) { // rounding: exact zeros rather than -1e-21
                    if (*v < -1e-9 * (d.c + 1e6 * d.t + 1e-12))
                        ++clipped;
                    *v = 0;
                }
        host.ois = host.orecv = host.os;
    }
    if (S > 1)
        for (std::size_t s = 0; s < S; ++s)
            e.platform.segments.push_back(
                {from[s], 1 / fb.F[s], std::max(fa.F[s], 0.0)});
    e.notes.push_back(
        "PLogP with " + std::to_string(S) +
        " size segment(s): host i's delay (os = ois = or) per segment, the "
        "line through the median os of the pairs i initiated; link i-j per "
        "segment: the line through (T_ij + T_ji)/2 - os_i - or_j (T the "
        "model's p2p), latency and time per byte fitted as the pair's link "
        "scaled by a factor per segment plus host corrections u_i^s + u_j^s "
        "(0 in the first segment) added to the host delays" +
        (clipped ? "; " + std::to_string(clipped) +
                       " values clipped to stay >= 0"
                 : std::string()));
    rendezvous_note(e, o.rendezvous);
    std::set<long> s = check_sizes(from);
    s.insert(sz.begin(), sz.end());
    residual(e, n, s, [&](int i, int j, double M) { return m.p2p(i, j, M); });
    return e;
}

} // namespace cpm::models
