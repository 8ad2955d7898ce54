/*
 * smpi_truth: compares a model built under SMPI with the ground truth of
 * the simulated platform (smpi_platform's truth file). Plain C++: no MPI,
 * no library; it reads both files itself.
 *
 * usage: smpi_truth hockney|lmo TRUTH MODEL [TOLERANCE]
 * Prints every parameter with its relative error; exit status 0 if all are
 * within TOLERANCE (default 0.01), 1 if not, 2 on bad input.
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
 *     of every message, so it joins the latency);  beta_ij = B_ij.
 */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace {

struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Linear {
    double c = 0, t = 0;
    bool operator!=(const Linear &o) const { return c != o.c || t != o.t; }
};

struct Host {
    std::string name;
    Linear os, ois, orecv;
};

struct Truth {
    int n = 0;
    std::vector<Host> hosts;
    std::vector<std::vector<double>> L, B; // symmetric, diagonal unused
};

Truth read_truth(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        throw InputError("cannot open truth file '" + path + "'");
    Truth t;
    int hosts = 0, links = 0, lineno = 0;
    bool magic = false;
    std::string line;
    auto bad = [&](const std::string &why) {
        return InputError(path + ":" + std::to_string(lineno) + ": " + why);
    };
    while (std::getline(in, line)) {
        ++lineno;
        std::istringstream ss(line);
        std::string key;
        if (!(ss >> key) || key[0] == '#')
            continue;
        if (!magic) {
            int v = 0;
            if (key != "cpm-smpi-truth" || !(ss >> v) || v != 1)
                throw bad("not a truth file (expected 'cpm-smpi-truth 1')");
            magic = true;
        } else if (key == "topology" || key == "hostlink") {
            continue; // the link lines are the effective values
        } else if (key == "hosts") {
            if (t.n > 0 || !(ss >> t.n) || t.n < 2)
                throw bad("bad 'hosts' line");
            t.hosts.assign(t.n, Host{});
            t.L.assign(t.n, std::vector<double>(t.n, 0));
            t.B = t.L;
        } else if (key == "host") {
            int r = -1;
            if (t.n == 0 || !(ss >> r) || r < 0 || r >= t.n)
                throw bad("bad 'host' line");
            Host &h = t.hosts[r];
            if (!(ss >> h.name >> h.os.c >> h.os.t >> h.ois.c >> h.ois.t >>
                  h.orecv.c >> h.orecv.t))
                throw bad("bad 'host' line");
            ++hosts;
        } else if (key == "link") {
            int i = -1, j = -1;
            double L = 0, B = 0;
            if (t.n == 0 || !(ss >> i >> j >> L >> B) || i < 0 || j >= t.n ||
                i >= j || !(B > 0) || L < 0)
                throw bad("bad 'link' line");
            t.L[i][j] = t.L[j][i] = L;
            t.B[i][j] = t.B[j][i] = B;
            ++links;
        } else {
            throw bad("unknown keyword '" + key + "'");
        }
    }
    if (t.n == 0 || hosts != t.n || links != t.n * (t.n - 1) / 2)
        throw InputError(path + ": incomplete truth file");
    return t;
}

/* Model files (doc/formats.md): "model NAME", "n N", "KEY i [j] value ci",
 * "end". Only the parameters are read. */
struct ModelFile {
    std::string model;
    int n = 0;
    std::map<std::tuple<std::string, int, int>, double> values;

    double get(const std::string &key, int i, int j = -1) const
    {
        auto it = values.find({key, i, j});
        if (it == values.end())
            throw InputError("model file has no '" + key + " " +
                             std::to_string(i) +
                             (j >= 0 ? " " + std::to_string(j) : "") + "'");
        return it->second;
    }
};

ModelFile read_model(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        throw InputError("cannot open model file '" + path + "'");
    ModelFile f;
    std::string line;
    int lineno = 0;
    bool ended = false;
    while (std::getline(in, line)) {
        ++lineno;
        std::istringstream ss(line);
        std::string key;
        if (!(ss >> key) || key[0] == '#')
            continue;
        bool by_proc = key == "C" || key == "t";
        bool by_pair = key == "alpha" || key == "beta" || key == "L";
        int i = -1, j = -1;
        double v = 0;
        if (key == "model") {
            ss >> f.model;
        } else if (key == "n") {
            ss >> f.n;
        } else if (key == "end") {
            ended = true;
        } else if (by_proc || by_pair) {
            if (!(ss >> i) || (by_pair && !(ss >> j)) || !(ss >> v))
                throw InputError(path + ":" + std::to_string(lineno) +
                                 ": bad '" + key + "' record");
            f.values[{key, i, j}] = v;
        }
    }
    if (!ended || f.n < 2)
        throw InputError(path + ": not a complete model file");
    return f;
}

struct Row {
    std::string name;
    double expected, got;
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
        double e = std::fabs(r.got - r.expected) / std::fabs(r.expected);
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

std::vector<Row> hockney_rows(const Truth &t, const ModelFile &f)
{
    std::vector<Row> alpha, beta;
    for (int i = 0; i < t.n; ++i)
        for (int j = i + 1; j < t.n; ++j) {
            const Host &a = t.hosts[i], &b = t.hosts[j];
            double C = (a.os.c + a.orecv.c + b.os.c + b.orecv.c) / 2;
            double tm = (a.os.t + a.orecv.t + b.os.t + b.orecv.t) / 2;
            alpha.push_back({name("alpha", i, j),
                             C + t.L[i][j] + 16 / t.B[i][j],
                             f.get("alpha", i, j)});
            beta.push_back({name("beta", i, j), tm + 1 / t.B[i][j],
                            f.get("beta", i, j)});
        }
    alpha.insert(alpha.end(), beta.begin(), beta.end());
    return alpha;
}

std::vector<Row> lmo_rows(const Truth &t, const ModelFile &f)
{
    for (const Host &h : t.hosts)
        if (h.os != h.ois || h.os != h.orecv)
            throw InputError("host " + h.name +
                             ": the LMO model needs os = ois = or on every "
                             "host (one processing delay C_i + t_i M)");
    std::vector<Row> rows;
    for (int i = 0; i < t.n; ++i)
        rows.push_back({name("C", i), t.hosts[i].os.c, f.get("C", i)});
    for (int i = 0; i < t.n; ++i)
        rows.push_back({name("t", i), t.hosts[i].os.t, f.get("t", i)});
    for (int i = 0; i < t.n; ++i)
        for (int j = i + 1; j < t.n; ++j)
            rows.push_back({name("L", i, j), t.L[i][j] + 16 / t.B[i][j],
                            f.get("L", i, j)});
    for (int i = 0; i < t.n; ++i)
        for (int j = i + 1; j < t.n; ++j)
            rows.push_back({name("beta", i, j), t.B[i][j], f.get("beta", i, j)});
    return rows;
}

int run(const std::string &mode, const Truth &t, const std::string &file,
        double tol)
{
    const bool hockney = mode == "hockney";
    if (!hockney && mode != "lmo")
        throw InputError("unknown mode '" + mode + "' (hockney, lmo)");
    ModelFile f = read_model(file);
    const char *want = hockney ? "Hockney" : "LMO";
    if (f.model != want)
        throw InputError(std::string("expected a ") + want +
                         " model file, got '" + f.model + "'");
    if (f.n != t.n)
        throw InputError("the model has " + std::to_string(f.n) +
                         " processes, the platform " + std::to_string(t.n));
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
            throw InputError(
                "usage: smpi_truth hockney|lmo TRUTH MODEL [TOLERANCE]");
        double tol = 0.01;
        if (argc == 5) {
            char *end = nullptr;
            tol = std::strtod(argv[4], &end);
            if (*end != '\0' || !(tol > 0 && tol < 1))
                throw InputError(std::string("bad tolerance '") + argv[4] + "'");
        }
        int bad = run(argv[1], read_truth(argv[2]), argv[3], tol);
        std::printf("smpi_truth %s: %s\n", argv[1], bad ? "FAIL" : "PASS");
        return bad ? 1 : 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "smpi_truth: error: %s\n", e.what());
        return 2;
    }
}
