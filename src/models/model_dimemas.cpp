// The Dimemas collective model; equations at the top of model_dimemas.h.
#include "model_dimemas.h"

#include "common_error.h"

#include <cmath>
#include <istream>
#include <iterator>
#include <sstream>

namespace cpm::models {

namespace {

using stats::Estimate;

const DimemasFactor kNone = DimemasFactor::None;
const DimemasFactor kLin = DimemasFactor::Linear;
const DimemasFactor kLog = DimemasFactor::Log;
const DimemasSize kMax = DimemasSize::Max;
const DimemasSize kMin = DimemasSize::Min;
const DimemasSize kMean = DimemasSize::Mean;
const DimemasSize k2Max = DimemasSize::TwoMax;

/* A table record's values: in_factor in_size out_factor out_size. */
const std::vector<std::string> kRowValues = {"in_factor", "in_size",
                                             "out_factor", "out_size"};

/* An error in a record, so that read_dimemas can name its line. */
struct RecordError {
    std::string key;
    std::string what;
};

[[noreturn]] void bad(const std::string &key, const std::string &what)
{
    throw RecordError{key, what};
}

std::string fmt(double v)
{
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
}

DimemasFactor factor_code(const std::string &key, const char *field, double v)
{
    if (v == 0 || v == 1 || v == 2 || v == 3)
        return DimemasFactor(int(v));
    bad(key, std::string(field) + " " + fmt(v) +
                 " is not 0 (no phase), 1 (CT), 2 (LIN) or 3 (LOG)");
}

DimemasSize size_code(const std::string &key, const char *field, double v)
{
    if (v == 1 || v == 2 || v == 3 || v == 4 || v == 5)
        return DimemasSize(int(v));
    bad(key, std::string(field) + " " + fmt(v) +
                 " is not 1 (MAX), 2 (MIN), 3 (MEAN), 4 (2MAX) or 5 (S+R)");
}

/* from_data, with the key of a bad record in RecordError. */
Dimemas parse(const ModelData &d)
{
    Dimemas m;
    m.n = d.n;
    m.provenance = d.provenance;
    const std::vector<double> &L = d.scalar("L"), &B = d.scalar("B"),
                              &buses = d.scalar("buses");
    m.L = {L.at(0), L.at(1), 1};
    m.B = {B.at(0), B.at(1), 1};
    if (!(m.B.value != 0))
        bad("B", "bandwidth B = " + fmt(m.B.value) + " must not be 0");
    if (!(buses.at(0) >= 1) || buses.at(0) != std::floor(buses.at(0)) ||
        buses.at(0) > 1e9)
        bad("buses", "buses = " + fmt(buses.at(0)) +
                         " must be a whole number of at least 1");
    m.buses = long(buses.at(0));
    for (const std::string &op : dimemas_operations()) {
        const std::vector<double> &v = d.scalar(op);
        DimemasRow r;
        r.in.factor = factor_code(op, "in_factor", v.at(0));
        r.in.size = size_code(op, "in_size", v.at(1));
        r.out.factor = factor_code(op, "out_factor", v.at(2));
        r.out.size = size_code(op, "out_size", v.at(3));
        m.table.push_back(r);
    }
    return m;
}

std::string message(const RecordError &e)
{
    return "Dimemas model: '" + e.key + "' record: " + e.what;
}

} // namespace

const std::vector<std::string> &dimemas_operations()
{
    static const std::vector<std::string> ops = {
        "barrier",   "bcast",      "gather",   "gatherv",   "scatter",
        "scatterv",  "allgather",  "allgatherv", "alltoall", "alltoallv",
        "reduce",    "allreduce",  "reduce_scatter", "scan"};
    return ops;
}

std::size_t dimemas_operation(const std::string &op)
{
    const std::vector<std::string> &ops = dimemas_operations();
    std::string names;
    for (std::size_t k = 0; k < ops.size(); ++k) {
        if (ops[k] == op)
            return k;
        names += (k ? ", " : "") + ops[k];
    }
    throw UsageError("the Dimemas model has no operation '" + op +
                     "' (valid: " + names + ")");
}

const std::vector<DimemasRow> &dimemas_default_table()
{
    // The paper's Table 3, in the order of dimemas_operations().
    static const std::vector<DimemasRow> t = {
        {{kLin, kMax}, {kLin, kMax}},   // barrier
        {{kLog, kMax}, {kNone, kMax}},  // bcast
        {{kLog, kMean}, {kNone, kMax}}, // gather
        {{kLog, kMean}, {kNone, kMax}}, // gatherv
        {{kNone, kMax}, {kLog, kMean}}, // scatter
        {{kNone, kMax}, {kLog, kMean}}, // scatterv
        {{kLog, kMean}, {kLog, kMean}}, // allgather
        {{kLog, kMean}, {kLog, kMean}}, // allgatherv
        {{kLog, kMean}, {kLog, kMax}},  // alltoall
        {{kLog, kMean}, {kLog, kMax}},  // alltoallv
        {{kLog, k2Max}, {kNone, kMax}}, // reduce
        {{kLog, k2Max}, {kLog, kMax}},  // allreduce
        {{kLog, k2Max}, {kLog, kMin}},  // reduce_scatter
        {{kLog, kMax}, {kLog, kMax}},   // scan
    };
    return t;
}

DimemasBytes dimemas_root_bytes(std::size_t op, int P, double M)
{
    if (P < 1)
        throw UsageError("Dimemas: P must be at least 1, got " +
                         std::to_string(P));
    if (!(M >= 0))
        throw UsageError("message size must not be negative, got " + fmt(M));
    const std::string &name = dimemas_operations().at(op);
    double all = P * M;
    if (name == "barrier")
        return {0, 0};
    if (name == "bcast")
        return {M, 0};
    if (name == "gather" || name == "gatherv" || name == "allgather" ||
        name == "allgatherv")
        return {M, all};
    if (name == "scatter" || name == "scatterv" || name == "reduce_scatter")
        return {all, M};
    if (name == "alltoall" || name == "alltoallv")
        return {all, all};
    return {M, M}; // reduce, allreduce, scan
}

double dimemas_size(DimemasSize s, const DimemasBytes &b)
{
    switch (s) {
    case DimemasSize::Max:
        return std::max(b.S, b.R);
    case DimemasSize::Min:
        return std::min(b.S, b.R);
    case DimemasSize::Mean:
        return (b.S + b.R) / 2;
    case DimemasSize::TwoMax:
        return 2 * std::max(b.S, b.R);
    case DimemasSize::SendRecv:
        return b.S + b.R;
    }
    CPM_THROW("Dimemas: unknown size kind");
}

long dimemas_nsteps(int P, long buses)
{
    if (P < 1)
        throw UsageError("Dimemas: P must be at least 1, got " +
                         std::to_string(P));
    if (buses < 1)
        throw UsageError("Dimemas: buses must be at least 1, got " +
                         std::to_string(buses));
    long steps = 0;
    // Phase i: the 2^(i-1) processes holding the data send to as many of
    // the P - 2^(i-1) others; ceil(log2 P) phases reach everyone.
    for (long have = 1; have < P; have *= 2) {
        long C = std::min(have, long(P) - have);
        steps += (C + buses - 1) / buses;
    }
    return steps;
}

long dimemas_default_buses(int P)
{
    return std::max(1L, std::lround(0.6 * P));
}

const std::vector<RecordSpec> &Dimemas::schema()
{
    static const std::vector<RecordSpec> s = [] {
        std::vector<RecordSpec> v = {
            {"L", Index::None, {"value", "ci"}, true},
            {"B", Index::None, {"value", "ci"}, true},
            {"buses", Index::None, {"value"}, true},
        };
        for (const std::string &op : dimemas_operations())
            v.push_back({op, Index::None, kRowValues, true});
        return v;
    }();
    return s;
}

ModelData Dimemas::to_data() const
{
    ModelData d;
    d.model = name();
    d.n = n;
    d.provenance = provenance;
    d.add("L", {}, {L.value, L.ci});
    d.add("B", {}, {B.value, B.ci});
    d.add("buses", {}, {double(buses)});
    const std::vector<std::string> &ops = dimemas_operations();
    for (std::size_t k = 0; k < ops.size(); ++k) {
        const DimemasRow &r = table.at(k);
        d.add(ops[k], {},
              {double(int(r.in.factor)), double(int(r.in.size)),
               double(int(r.out.factor)), double(int(r.out.size))});
    }
    return d;
}

Dimemas Dimemas::from_data(const ModelData &d)
{
    try {
        return parse(d);
    } catch (const RecordError &e) {
        throw UsageError(message(e));
    }
}

double Dimemas::p2p(double M) const
{
    if (!(M >= 0))
        throw UsageError("message size must not be negative, got " + fmt(M));
    return L.value + M / B.value;
}

double Dimemas::factor(DimemasFactor f) const
{
    switch (f) {
    case DimemasFactor::None:
        return 0;
    case DimemasFactor::Constant:
        return 1;
    case DimemasFactor::Linear:
        return n;
    case DimemasFactor::Log:
        return double(dimemas_nsteps(n, buses));
    }
    CPM_THROW("Dimemas: unknown factor kind");
}

double Dimemas::fan_in(std::size_t op, double M) const
{
    const DimemasPhase &ph = table.at(op).in;
    double size = dimemas_size(ph.size, dimemas_root_bytes(op, n, M));
    return (L.value + size / B.value) * factor(ph.factor);
}

double Dimemas::fan_out(std::size_t op, double M) const
{
    const DimemasPhase &ph = table.at(op).out;
    double size = dimemas_size(ph.size, dimemas_root_bytes(op, n, M));
    return (L.value + size / B.value) * factor(ph.factor);
}

double Dimemas::collective(std::size_t op, double M) const
{
    return fan_in(op, M) + fan_out(op, M);
}

double Dimemas::collective(const std::string &op, double M) const
{
    return collective(dimemas_operation(op), M);
}

Dimemas dimemas_from_hockney(const Hockney &h)
{
    Estimate a = h.alpha_mean(), b = h.beta_mean();
    if (!(b.value != 0) || !std::isfinite(b.value))
        throw UsageError("Dimemas: the mean Hockney beta is " + fmt(b.value) +
                         " s/B: no bandwidth B = 1/beta");
    Dimemas m;
    m.n = h.n;
    m.L = {a.value, a.ci, a.n};
    m.B = {1 / b.value, b.ci / (b.value * b.value), b.n};
    if (!(a.value >= 0))
        m.warnings.push_back(
            "Dimemas: L = mean Hockney alpha = " + fmt(a.value) + " s (+- " +
            fmt(a.ci) + ") is negative (measurement noise or a platform the "
            "model does not fit): every phase is shorter by it");
    if (b.value < 0)
        m.warnings.push_back(
            "Dimemas: B = 1/(mean Hockney beta) = " + fmt(m.B.value) +
            " B/s is negative (beta " + fmt(b.value) + " s/B: the times hardly "
            "grow over the sizes measured, or noise; measure larger sizes): "
            "every phase shrinks with the size");
    m.buses = dimemas_default_buses(h.n);
    m.table = dimemas_default_table();
    m.provenance = h.provenance;
    m.provenance.extra["derivation"] =
        "from Hockney: L = mean alpha_ij, B = 1/(mean beta_ij) over the " +
        std::to_string(h.alpha.size()) +
        " pairs; buses = round(0.6 n); table = Girona et al. Table 3";
    return m;
}

Dimemas read_dimemas(std::istream &in, const std::string &filename)
{
    std::string text{std::istreambuf_iterator<char>(in),
                     std::istreambuf_iterator<char>()};
    std::istringstream s(text);
    ModelData d = read_text(s, filename, Dimemas::name(), Dimemas::schema());
    try {
        return parse(d);
    } catch (const RecordError &e) {
        // The line of the record (read_text has accepted each key once).
        std::istringstream lines(text);
        std::string line, first;
        for (int no = 1; std::getline(lines, line); ++no) {
            std::istringstream w(line);
            if (w >> first && first == e.key)
                throw UsageError(filename + ":" + std::to_string(no) + ": " +
                                 message(e));
        }
        throw UsageError(filename + ": " + message(e));
    }
}

} // namespace cpm::models
