/*
 * smpi_truth: compares a model built under SMPI with the ground truth of
 * the simulated platform (cpm-smpi-platform's truth file). Calls no MPI:
 * the truth file is read by its one reader (src/testbeds/smpi/
 * smpi_truth_file.h), the model file by libcpm's (models::read_text).
 *
 * usage: smpi_truth hockney|lmo TRUTH MODEL [TOLERANCE]
 *        smpi_truth p2p TRUTH P2P_OUTPUT [TOLERANCE]
 * Prints every parameter (or every p2p row: half the roundtrip of the
 * pair at the size, Truth::p2p, on platforms with size segments too) with
 * its relative error; exit status 0 if all are within TOLERANCE (default
 * 0.01), 1 if not, 2 on bad input.
 *
 * On the platform a message i -> j of m bytes takes
 *   os_i(m) + L_ij + (m+16)/B_ij + or_j(m),   x_h(m) = C_x,h + t_x,h m,
 * SMPI adding a 16-byte envelope to every message (doc/testbed-smpi.md;
 * smpi_roundtrip.cpp checks this). The models should find:
 *   Hockney (half the roundtrip with m each way)
 *     alpha_ij = (C_os,i + C_or,i + C_os,j + C_or,j)/2 + L_ij + 16/B_ij
 *     beta_ij  = (t_os,i + t_or,i + t_os,j + t_or,j)/2 + 1/B_ij
 *   LMO (needs os = ois = or on every host: one delay C_i + t_i m)
 *     C_i, t_i the host's;  L_ij + 16/B_ij (the envelope is a fixed cost
 *     of every message, so it joins the latency);  beta_ij = B_ij;
 *     on a platform with segments, per piece s (segment or rendezvous
 *     start): C_i, t_i of the segment's host delays (0 by rendezvous),
 *     FLAT_s L_ij + 16/(FBW_s B_ij) and FBW_s B_ij.
 */
#include "benchmark_output.h"
#include "common_error.h"
#include "common_parse.h"
#include "model_data.h"
#include "model_hockney.h"
#include "model_lmo.h"
#include "smpi_truth_file.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using cpm::UsageError;
using cpm::models::ModelData;
using cpm::smpi::Truth;
using cpm::smpi::TruthHost;

/* A model file's records by key and index. */
struct ModelFile {
    ModelData d;

    double get(const std::string &key, int i, int j = -1) const
    {
        if (j < 0)
            return d.per_processor(key).at(std::size_t(i)).at(0);
        return d.per_pair(key)
            .at(std::size_t(cpm::models::pair_index(d.n, i, j)))
            .at(0);
    }
};

ModelFile read_model(const std::string &path, const std::string &model,
                     const std::vector<cpm::models::RecordSpec> &schema)
{
    std::ifstream in(path);
    if (!in)
        throw UsageError("cannot open model file " + cpm::quoted(path, 4096));
    return {cpm::models::read_text(in, path, model, schema)};
}

struct Row {
    std::string name;
    double expected, got;
    double scale = 0; /**< the error's denominator if expected is 0 */
};

/** Prints the rows; returns the number above tol (non-finite counts). */
int report(const std::string &title, const std::vector<Row> &rows, double tol)
{
    std::printf("%s\n", title.c_str());
    std::printf("  %-12s %24s %24s %10s\n", "parameter", "expected", "got",
                "rel err");
    int bad = 0;
    double worst = 0;
    for (const Row &r : rows) {
        double e = std::fabs(r.got - r.expected) /
                   (r.expected == 0 && r.scale > 0 ? r.scale
                                                   : std::fabs(r.expected));
        bool fail = !(e <= tol); // NaN fails
        bad += fail;
        if (std::isfinite(e))
            worst = std::max(worst, e);
        std::printf("  %-12s %24.17g %24.17g %10.3g%s\n", r.name.c_str(),
                    r.expected, r.got, e, fail ? "  FAIL" : "");
    }
    std::printf("  %zu parameters, max rel err %.3g, %d above %g\n",
                rows.size(), worst, bad, tol);
    return bad;
}

std::string name(const char *key, int i, int j = -1)
{
    return std::string(key) + "_" + std::to_string(i) +
           (j >= 0 ? "," + std::to_string(j) : "");
}

/* The first sizes of the pieces of the truth's p2p times: the segment
 * starts and the rendezvous size. */
std::vector<long> truth_starts(const Truth &t)
{
    std::vector<long> v = {0};
    for (const cpm::smpi::TruthSegment &g : t.segments)
        if (g.from > 0)
            v.push_back(g.from);
    if (t.rendezvous > 0)
        v.push_back(t.rendezvous);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

/* A piecewise truth: every pair's line in every piece (intercept and
 * slope of Truth::p2p between two sizes of the piece) against the model's
 * alpha, beta (first piece) and "segment I J FROM" records (the others). */
std::vector<Row> hockney_segment_rows(const Truth &t, const ModelFile &f)
{
    std::vector<long> starts = truth_starts(t);
    std::vector<Row> rows;
    for (int i = 0; i < t.size(); ++i)
        for (int j = i + 1; j < t.size(); ++j)
            for (std::size_t k = 0; k < starts.size(); ++k) {
                long m1 = starts[k];
                long m2 = k + 1 < starts.size()
                              ? std::min(m1 + 4096, starts[k + 1] - 1)
                              : m1 + 4096;
                double b = (t.p2p(i, j, m2) - t.p2p(i, j, m1)) /
                           double(m2 - m1);
                double a = t.p2p(i, j, m1) - b * double(m1);
                double ga = NAN, gb = NAN;
                if (k == 0) {
                    ga = f.get("alpha", i, j);
                    gb = f.get("beta", i, j);
                } else {
                    for (const cpm::models::Record *r : f.d.find("segment"))
                        if (r->index[0] == i && r->index[1] == j &&
                            r->index[2] == m1) {
                            ga = r->values.at(0);
                            gb = r->values.at(2);
                        }
                }
                std::string at = "@" + std::to_string(m1);
                rows.push_back({name("alpha", i, j) + at, a, ga});
                rows.push_back({name("beta", i, j) + at, b, gb});
            }
    return rows;
}

std::vector<Row> hockney_rows(const Truth &t, const ModelFile &f)
{
    if (t.segmented())
        return hockney_segment_rows(t, f);
    std::vector<Row> alpha, beta;
    for (int i = 0; i < t.size(); ++i)
        for (int j = i + 1; j < t.size(); ++j) {
            const TruthHost &a = t.hosts[i], &b = t.hosts[j];
            double C = (a.os.c + a.orecv.c + b.os.c + b.orecv.c) / 2;
            double tm = (a.os.t + a.orecv.t + b.os.t + b.orecv.t) / 2;
            const cpm::smpi::TruthLink &l = t.link(i, j);
            alpha.push_back({name("alpha", i, j), C + l.L + 16 / l.B,
                             f.get("alpha", i, j)});
            beta.push_back({name("beta", i, j), tm + 1 / l.B,
                            f.get("beta", i, j)});
        }
    alpha.insert(alpha.end(), beta.begin(), beta.end());
    return alpha;
}

/* A piecewise truth: in every piece (segment start or rendezvous size)
 * C_i, t_i (the host's delays of the segment, 0 from the rendezvous size
 * on: then the error is relative to the first segment's value),
 * L_ij = FLAT_s L + 16 / (FBW_s B), beta_ij = FBW_s B, against the model's
 * first segment and its "segment I J FROM" records. */
std::vector<Row> lmo_segment_rows(const Truth &t, const ModelFile &f)
{
    int n = t.size();
    std::vector<Row> rows;
    std::vector<long> starts = truth_starts(t);
    for (long from : starts) {
        int s = t.segment_of(from);
        cpm::smpi::TruthSegment g = t.segment(s);
        bool eager = t.rendezvous <= 0 || from < t.rendezvous;
        std::string at = "@" + std::to_string(from);
        // The model's values of the piece: NaN where it has none.
        std::vector<double> C(n, NAN), tt(n, NAN);
        std::vector<std::vector<double>> L(n, std::vector<double>(n, NAN)),
            B = L;
        if (from == 0) {
            for (int i = 0; i < n; ++i) {
                C[i] = f.get("C", i);
                tt[i] = f.get("t", i);
                for (int j = i + 1; j < n; ++j) {
                    L[i][j] = f.get("L", i, j);
                    B[i][j] = f.get("beta", i, j);
                }
            }
        } else {
            for (const cpm::models::Record *r : f.d.find("segment"))
                if (r->index[2] == from) {
                    int i = r->index[0], j = r->index[1];
                    L[i][j] = r->values.at(0);
                    B[i][j] = r->values.at(2);
                    C[i] = r->values.at(4);
                    tt[i] = r->values.at(6);
                    C[j] = r->values.at(8);
                    tt[j] = r->values.at(10);
                }
        }
        for (int i = 0; i < n; ++i) {
            cpm::smpi::HostDelays h = t.hosts[i].delays(s);
            if (h.os != h.ois || h.os != h.orecv)
                throw UsageError("host " + t.hosts[i].name +
                                 ": the LMO model needs os = ois = or on "
                                 "every host and segment (--one-delay)");
            rows.push_back({name("C", i) + at, eager ? h.os.c : 0, C[i],
                            t.hosts[i].os.c});
            rows.push_back({name("t", i) + at, eager ? h.os.t : 0, tt[i],
                            t.hosts[i].os.t});
        }
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) {
                const cpm::smpi::TruthLink &l = t.link(i, j);
                rows.push_back({name("L", i, j) + at,
                                g.flat * l.L + 16 / (g.fbw * l.B), L[i][j]});
                rows.push_back({name("beta", i, j) + at, g.fbw * l.B,
                                B[i][j]});
            }
    }
    return rows;
}

std::vector<Row> lmo_rows(const Truth &t, const ModelFile &f)
{
    if (t.segmented())
        return lmo_segment_rows(t, f);
    for (const TruthHost &h : t.hosts)
        if (h.os != h.ois || h.os != h.orecv)
            throw UsageError("host " + h.name +
                             ": the LMO model needs os = ois = or on every "
                             "host (one processing delay C_i + t_i M)");
    int n = t.size();
    std::vector<Row> rows;
    for (int i = 0; i < n; ++i)
        rows.push_back({name("C", i), t.hosts[i].os.c, f.get("C", i)});
    for (int i = 0; i < n; ++i)
        rows.push_back({name("t", i), t.hosts[i].os.t, f.get("t", i)});
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            rows.push_back({name("L", i, j),
                            t.link(i, j).L + 16 / t.link(i, j).B,
                            f.get("L", i, j)});
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            rows.push_back(
                {name("beta", i, j), t.link(i, j).B, f.get("beta", i, j)});
    return rows;
}

/* Every row of a p2p output against the truth of its pair and size. */
std::vector<Row> p2p_rows(const Truth &t, const std::string &file)
{
    std::ifstream in(file);
    if (!in)
        throw UsageError("cannot open p2p output " + cpm::quoted(file, 4096));
    cpm::bench::Output o = cpm::bench::read_output(in, file);
    if (o.tool != "p2p")
        throw UsageError(file + ": not a p2p output (tool " + o.tool + ")");
    std::size_t cm = o.column("M"), ci = o.column("i"), cj = o.column("j"),
                ct = o.column("T");
    std::vector<Row> rows;
    for (const cpm::bench::OutputRow &r : o.rows) {
        long m = long(o.real(r, cm));
        int i = int(o.real(r, ci)), j = int(o.real(r, cj));
        if (i >= t.size() || j >= t.size())
            throw UsageError(file + ":" + std::to_string(r.line) +
                             ": pair outside the platform");
        rows.push_back({"T" + std::to_string(i) + "," + std::to_string(j) +
                            "@" + std::to_string(m),
                        t.p2p(i, j, m), o.real(r, ct)});
    }
    return rows;
}

int run(const std::string &mode, const Truth &t, const std::string &file,
        double tol)
{
    if (mode == "p2p")
        return report("p2p rows vs platform (half the roundtrip, per size "
                      "segment)",
                      p2p_rows(t, file), tol);
    const bool hockney = mode == "hockney";
    if (!hockney && mode != "lmo")
        throw UsageError("unknown mode " + cpm::quoted(mode) +
                         " (hockney, lmo, p2p)");
    ModelFile f =
        hockney ? read_model(file, cpm::models::Hockney::name(),
                             cpm::models::Hockney::schema())
                : read_model(file, cpm::models::LMO::name(),
                             cpm::models::LMO::schema());
    if (f.d.n != t.size())
        throw UsageError("the model has " + std::to_string(f.d.n) +
                         " processes, the platform " +
                         std::to_string(t.size()));
    if (hockney)
        return report("Hockney model vs platform (alpha = C_i + C_j + L_ij + "
                      "16/B_ij, beta = t_i + t_j + 1/B_ij)",
                      hockney_rows(t, f), tol);
    return report("LMO model vs platform (L_ij includes the envelope 16/B_ij)",
                  lmo_rows(t, f), tol);
}

} // namespace

int main(int argc, char **argv)
{
    try {
        if (argc < 4 || argc > 5)
            throw UsageError(
                "usage: smpi_truth hockney|lmo|p2p TRUTH FILE [TOLERANCE]");
        double tol = 0.01;
        if (argc == 5) {
            tol = cpm::parse_double(argv[4], "tolerance", 0, 1);
            if (!(tol > 0 && tol < 1))
                throw UsageError(
                    "tolerance: expected a number in (0, 1), got " +
                    cpm::quoted(argv[4]));
        }
        int bad = run(argv[1], cpm::smpi::read_truth_file(argv[2]), argv[3],
                      tol);
        std::printf("smpi_truth %s: %s\n", argv[1], bad ? "FAIL" : "PASS");
        return bad ? 1 : 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "smpi_truth: error: %s\n", e.what());
        return 2;
    }
}
