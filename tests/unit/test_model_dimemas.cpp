// The Dimemas collective model: Nsteps, sizes and every default-table
// prediction against values computed by hand, a user-edited table, the
// derivation from Hockney, and the model file (save-load-save, JSON, errors
// of the table records with their line).
#include "common_error.h"
#include "model_data.h"
#include "model_dimemas.h"
#include "model_hockney.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace cpm;
using namespace cpm::models;

namespace {

// n = 5 (not a power of two), L = 2 s, B = 4 B/s, the default table and
// buses (round(0.6 * 5) = 3): numbers whose arithmetic is exact.
Dimemas small(long buses = 3)
{
    Dimemas m;
    m.n = 5;
    m.L = {2, 0.5, 1};
    m.B = {4, 0.25, 1};
    m.buses = buses;
    m.table = dimemas_default_table();
    m.provenance.date = "2026-11-23T00:00:00Z";
    m.provenance.mpi = "synthetic";
    m.provenance.processors.assign(5, "node");
    return m;
}

std::size_t op(const char *name) { return dimemas_operation(name); }

TEST(Dimemas, NstepsByHand)
{
    // P = 1: no phase; P = 2: one phase of one message.
    EXPECT_EQ(dimemas_nsteps(1, 1), 0);
    EXPECT_EQ(dimemas_nsteps(2, 1), 1);
    // P = 5: phases of 1, 2, min(4, 1) = 1 messages.
    EXPECT_EQ(dimemas_nsteps(5, 3), 3);
    EXPECT_EQ(dimemas_nsteps(5, 2), 3);
    EXPECT_EQ(dimemas_nsteps(5, 1), 4); // 1 + 2 + 1
    // P = 12: 1, 2, 4, min(8, 4) = 4.
    EXPECT_EQ(dimemas_nsteps(12, 10), 4);
    EXPECT_EQ(dimemas_nsteps(12, 3), 1 + 1 + 2 + 2);
    EXPECT_EQ(dimemas_nsteps(12, 1), 11);
    // P = 16: 1, 2, 4, 8; the paper's 10 buses never bind, 3 do.
    EXPECT_EQ(dimemas_nsteps(16, 10), 4);
    EXPECT_EQ(dimemas_nsteps(16, 3), 1 + 1 + 2 + 3);
    EXPECT_EQ(dimemas_nsteps(16, 1), 15);
    // One bus serialises all P - 1 messages of the tree.
    for (int P = 2; P <= 40; ++P)
        EXPECT_EQ(dimemas_nsteps(P, 1), P - 1) << P;
    EXPECT_THROW(dimemas_nsteps(5, 0), UsageError);
    EXPECT_THROW(dimemas_nsteps(0, 1), UsageError);
}

TEST(Dimemas, DefaultBuses)
{
    EXPECT_EQ(dimemas_default_buses(16), 10); // the paper's choice
    EXPECT_EQ(dimemas_default_buses(5), 3);
    EXPECT_EQ(dimemas_default_buses(2), 1);
    EXPECT_EQ(dimemas_default_buses(1), 1);
}

TEST(Dimemas, EverySizeKind)
{
    DimemasBytes b{8, 40};
    EXPECT_EQ(dimemas_size(DimemasSize::Max, b), 40);
    EXPECT_EQ(dimemas_size(DimemasSize::Min, b), 8);
    EXPECT_EQ(dimemas_size(DimemasSize::Mean, b), 24);
    EXPECT_EQ(dimemas_size(DimemasSize::TwoMax, b), 80);
    EXPECT_EQ(dimemas_size(DimemasSize::SendRecv, b), 48);
}

TEST(Dimemas, RootBytes)
{
    // P = 5, M = 8: P M = 40.
    auto sr = [](const char *o) {
        DimemasBytes b = dimemas_root_bytes(op(o), 5, 8);
        return std::make_pair(b.S, b.R);
    };
    using P = std::pair<double, double>;
    EXPECT_EQ(sr("barrier"), P(0, 0));
    EXPECT_EQ(sr("bcast"), P(8, 0));
    EXPECT_EQ(sr("gather"), P(8, 40));
    EXPECT_EQ(sr("gatherv"), P(8, 40));
    EXPECT_EQ(sr("scatter"), P(40, 8));
    EXPECT_EQ(sr("scatterv"), P(40, 8));
    EXPECT_EQ(sr("allgather"), P(8, 40));
    EXPECT_EQ(sr("allgatherv"), P(8, 40));
    EXPECT_EQ(sr("alltoall"), P(40, 40));
    EXPECT_EQ(sr("alltoallv"), P(40, 40));
    EXPECT_EQ(sr("reduce"), P(8, 8));
    EXPECT_EQ(sr("allreduce"), P(8, 8));
    EXPECT_EQ(sr("reduce_scatter"), P(40, 8));
    EXPECT_EQ(sr("scan"), P(8, 8));
    EXPECT_THROW(dimemas_root_bytes(op("bcast"), 5, -1), UsageError);
}

TEST(Dimemas, DefaultTablePredictionsByHand)
{
    Dimemas m = small(); // Nsteps = 3, P = 5, L + s/B = 2 + s/4
    double M = 8;
    EXPECT_EQ(m.p2p(M), 2 + 8 / 4.0);
    // LIN MAX (0 bytes) twice: 2 x 5 x 2.
    EXPECT_EQ(m.collective("barrier", M), 20);
    // LOG MAX = 8: 3 (2 + 2).
    EXPECT_EQ(m.collective("bcast", M), 12);
    EXPECT_EQ(m.fan_in(op("bcast"), M), 12);
    EXPECT_EQ(m.fan_out(op("bcast"), M), 0);
    // LOG MEAN = (8 + 40)/2 = 24: 3 (2 + 6).
    EXPECT_EQ(m.collective("gather", M), 24);
    EXPECT_EQ(m.collective("gatherv", M), 24);
    EXPECT_EQ(m.collective("scatter", M), 24);
    EXPECT_EQ(m.fan_in(op("scatter"), M), 0);
    EXPECT_EQ(m.collective("scatterv", M), 24);
    EXPECT_EQ(m.collective("allgather", M), 48);
    EXPECT_EQ(m.collective("allgatherv", M), 48);
    // LOG MEAN = 40 and LOG MAX = 40: 3 (2 + 10) twice.
    EXPECT_EQ(m.collective("alltoall", M), 72);
    EXPECT_EQ(m.collective("alltoallv", M), 72);
    // LOG 2MAX = 16: 3 (2 + 4).
    EXPECT_EQ(m.collective("reduce", M), 18);
    // + LOG MAX = 8: 3 (2 + 2).
    EXPECT_EQ(m.collective("allreduce", M), 30);
    // LOG 2MAX = 80: 3 (2 + 20); LOG MIN = 8: 3 (2 + 2).
    EXPECT_EQ(m.collective("reduce_scatter", M), 78);
    EXPECT_EQ(m.collective("scan", M), 24);
    EXPECT_THROW(m.collective("allgatherw", M), UsageError);
    EXPECT_THROW(m.p2p(-1), UsageError);
}

TEST(Dimemas, FewerBusesThanConcurrentMessages)
{
    // One bus: phase 2 (two messages) takes two steps, Nsteps = 4.
    Dimemas m = small(1);
    EXPECT_EQ(m.factor(DimemasFactor::Log), 4);
    EXPECT_EQ(m.collective("bcast", 8), 4 * (2 + 2));
    EXPECT_EQ(m.collective("scatter", 8), 4 * (2 + 6));
}

TEST(Dimemas, EveryFactorKindInAnEditedTable)
{
    Dimemas m = small();
    EXPECT_EQ(m.factor(DimemasFactor::None), 0);
    EXPECT_EQ(m.factor(DimemasFactor::Constant), 1);
    EXPECT_EQ(m.factor(DimemasFactor::Linear), 5);
    EXPECT_EQ(m.factor(DimemasFactor::Log), 3);
    // bcast as CT S+R in (8 + 0 = 8: 2 + 2) and CT MIN out (0: 2).
    m.table[op("bcast")] = {{DimemasFactor::Constant, DimemasSize::SendRecv},
                            {DimemasFactor::Constant, DimemasSize::Min}};
    EXPECT_EQ(m.collective("bcast", 8), 4 + 2);
    // gather as LIN 2MAX in (80: 5 (2 + 20)) and LOG S+R out (48: 3 (2+12)).
    m.table[op("gather")] = {{DimemasFactor::Linear, DimemasSize::TwoMax},
                             {DimemasFactor::Log, DimemasSize::SendRecv}};
    EXPECT_EQ(m.collective("gather", 8), 110 + 42);
}

Hockney hockney3()
{
    Hockney h;
    h.n = 3;
    h.alpha = {{1e-5, 0, 1}, {2e-5, 0, 1}, {3e-5, 0, 1}};
    h.beta = {{1e-9, 0, 1}, {2e-9, 0, 1}, {3e-9, 0, 1}};
    h.provenance.date = "2026-11-23T00:00:00Z";
    h.provenance.mpi = "synthetic";
    h.provenance.processors = {"a", "b", "c"};
    return h;
}

TEST(Dimemas, DerivedFromHockneyAverages)
{
    Hockney h = hockney3();
    Dimemas m = dimemas_from_hockney(h);
    EXPECT_DOUBLE_EQ(m.L.value, 2e-5);
    EXPECT_DOUBLE_EQ(m.B.value, 5e8);
    EXPECT_EQ(m.buses, 2); // round(1.8)
    EXPECT_EQ(m.n, 3);
    for (double M : {0.0, 1.0, 1e3, 1e6})
        EXPECT_NEAR(m.p2p(M), h.h_p2p(M), 1e-15 + 1e-12 * h.h_p2p(M));
    // bcast, P = 3: phases of 1 and 1 message, 2 (L + M/B).
    EXPECT_NEAR(m.collective("bcast", 1e6), 2 * (2e-5 + 2e-3), 1e-15);
    EXPECT_NE(m.provenance.extra.at("derivation").find("Hockney"),
              std::string::npos);
    EXPECT_TRUE(m.warnings.empty());
    // A negative mean alpha is kept as L, and warned about by name.
    Hockney neg = h;
    for (stats::Estimate &a : neg.alpha)
        a.value = -a.value;
    Dimemas w = dimemas_from_hockney(neg);
    EXPECT_DOUBLE_EQ(w.L.value, -2e-5);
    ASSERT_EQ(w.warnings.size(), 1u);
    EXPECT_NE(w.warnings[0].find("alpha"), std::string::npos);
    EXPECT_NE(w.warnings[0].find("negative"), std::string::npos);
    h.beta = {{-1e-9, 0, 1}, {0, 0, 1}, {1e-9, 0, 1}};
    EXPECT_THROW(dimemas_from_hockney(h), UsageError); // mean 0: no B
    h.beta = {{-4e-9, 0, 1}, {0, 0, 1}, {1e-9, 0, 1}};  // mean -1e-9
    Dimemas nb = dimemas_from_hockney(h);
    EXPECT_DOUBLE_EQ(nb.B.value, -1e9);
    ASSERT_EQ(nb.warnings.size(), 1u);
    EXPECT_NE(nb.warnings[0].find("B = "), std::string::npos);
    EXPECT_NE(nb.warnings[0].find("negative"), std::string::npos);
}

// With size segments L is the first segment's mean latency and B the
// bandwidth of each pair's last segment: a first segment of a few bytes
// (0-7 B, as Bai-Perron finds on TCP) has a slope that is noise.
TEST(Dimemas, DerivedFromSegmentedHockneyTakesTheLastSegmentsBandwidth)
{
    Hockney h = hockney3();
    h.beta = {{1e-3, 0, 1}, {-2e-3, 0, 1}, {4e-3, 0, 1}}; // 0-7 B: noise
    h.pieces.assign(3, {});
    h.pieces[0] = {{8, {1e-5, 0, 1}, {5e-9, 0, 1}}, {65536, {4e-5, 0, 1}, {1e-9, 0, 1}}};
    h.pieces[1] = {{8, {2e-5, 0, 1}, {5e-9, 0, 1}}, {65536, {5e-5, 0, 1}, {2e-9, 0, 1}}};
    h.pieces[2] = {{8, {3e-5, 0, 1}, {5e-9, 0, 1}}, {65536, {6e-5, 0, 1}, {3e-9, 0, 1}}};
    Dimemas m = dimemas_from_hockney(h);
    EXPECT_DOUBLE_EQ(m.L.value, 2e-5);
    EXPECT_DOUBLE_EQ(m.B.value, 5e8);
    EXPECT_TRUE(m.warnings.empty());
    // the homogeneous binomial tree takes the same line
    EXPECT_DOUBLE_EQ(h.h_sg_binomial(1e6), 2 * 2e-5 + 2 * 2e-9 * 1e6);
}

std::string save(const Dimemas &m)
{
    std::ostringstream s;
    write_text(s, m.to_data(), Dimemas::schema());
    return s.str();
}

Dimemas load(const std::string &text)
{
    std::istringstream s(text);
    return read_dimemas(s, "m.txt");
}

TEST(DimemasFile, SaveLoadSaveIsByteForByte)
{
    Dimemas m = dimemas_from_hockney(hockney3());
    m.L.ci = 1.25e-7;
    m.table[op("scan")] = {{DimemasFactor::Constant, DimemasSize::SendRecv},
                           {DimemasFactor::Linear, DimemasSize::Min}};
    std::string once = save(m);
    EXPECT_NE(once.find("\nbuses 2\n"), std::string::npos);
    EXPECT_NE(once.find("\nbcast 3 1 0 1\n"), std::string::npos);
    EXPECT_NE(once.find("\nscan 1 5 2 2\n"), std::string::npos);
    EXPECT_NE(once.find("\nmeasured derivation from Hockney"),
              std::string::npos);
    EXPECT_EQ(once, save(load(once)));
    Dimemas back = load(once);
    EXPECT_EQ(back.L.value, m.L.value);
    EXPECT_EQ(back.L.ci, 1.25e-7);
    EXPECT_EQ(back.B.value, m.B.value);
    for (const std::string &o : dimemas_operations())
        EXPECT_EQ(back.collective(o, 4096), m.collective(o, 4096)) << o;
    // The generic path (the model tool's) reads the same.
    std::istringstream s(once);
    Dimemas generic = Dimemas::from_data(
        read_text(s, "m.txt", Dimemas::name(), Dimemas::schema()));
    EXPECT_EQ(save(generic), once);
}

TEST(DimemasFile, EditedRecordsPredict)
{
    // A user gives L, B and buses by editing the file.
    std::string text = save(small());
    auto replace = [](std::string s, const std::string &a,
                      const std::string &b) {
        std::size_t p = s.find(a);
        EXPECT_NE(p, std::string::npos) << a;
        return s.replace(p, a.size(), b);
    };
    text = replace(text, "\nL 2 0.5\n", "\nL 1 0\n");
    text = replace(text, "\nB 4 0.25\n", "\nB 8 0\n");
    text = replace(text, "\nbuses 3\n", "\nbuses 1\n");
    text = replace(text, "\nbcast 3 1 0 1\n", "\nbcast 2 4 1 1\n");
    Dimemas m = load(text);
    // LIN 2MAX: 5 (1 + 16/8); CT MAX: 1 + 8/8.
    EXPECT_EQ(m.collective("bcast", 8), 15 + 2);
    // Nsteps with one bus: 4; scatter LOG MEAN 24: 4 (1 + 3).
    EXPECT_EQ(m.collective("scatter", 8), 16);
}

TEST(DimemasFile, Json)
{
    std::ostringstream s;
    write_json(s, small().to_data(), Dimemas::schema());
    std::string j = s.str();
    for (const char *key :
         {"\"model\": \"Dimemas\"", "\"buses\": {", "\"reduce_scatter\": {",
          "\"in_factor\": 3", "\"out_size\": 2"})
        EXPECT_NE(j.find(key), std::string::npos) << key;
}

int line_of(const std::string &s, const std::string &prefix)
{
    std::istringstream in(s);
    int n = 0;
    for (std::string l; std::getline(in, l);) {
        ++n;
        if (l.rfind(prefix, 0) == 0)
            return n;
    }
    return -1;
}

// Expects read_dimemas of `text` to fail with "m.txt:LINE: ..." holding
// `what`.
void expect_bad(const std::string &text, int line, const std::string &what)
{
    std::istringstream s(text);
    try {
        read_dimemas(s, "m.txt");
        ADD_FAILURE() << "no error for: " << what;
    } catch (const UsageError &e) {
        std::string msg = e.what();
        EXPECT_EQ(msg.rfind("m.txt:" + std::to_string(line) + ": ", 0), 0u)
            << msg;
        EXPECT_NE(msg.find(what), std::string::npos) << msg;
    }
}

TEST(DimemasFile, MalformedTableRecordsNameTheirLine)
{
    std::string good = save(small());
    auto with = [&](const std::string &from, const std::string &to) {
        std::string s = good;
        std::size_t p = s.find("\n" + from + "\n");
        EXPECT_NE(p, std::string::npos) << from;
        return s.replace(p + 1, from.size(), to);
    };
    int bcast = line_of(good, "bcast "), scan = line_of(good, "scan ");
    ASSERT_GT(bcast, 0);
    expect_bad(with("bcast 3 1 0 1", "bcast 3 1 0"), bcast,
               "'bcast' needs 0 indices and 4 values, got 3 fields");
    expect_bad(with("bcast 3 1 0 1", "bcast LOG MAX 0 MAX"), bcast,
               "bad number 'LOG'");
    expect_bad(with("bcast 3 1 0 1", "bcast 7 1 0 1"), bcast,
               "'bcast' record: in_factor 7 is not 0 (no phase), 1 (CT), 2 "
               "(LIN) or 3 (LOG)");
    expect_bad(with("bcast 3 1 0 1", "bcast 3 1 0 6"), bcast,
               "out_size 6 is not 1 (MAX)");
    expect_bad(with("bcast 3 1 0 1", "bcast 3 1.5 0 1"), bcast,
               "in_size 1.5 is not");
    expect_bad(with("scan 3 1 3 1", "scan 3 1 3 1\nscan 3 1 3 1"), scan + 1,
               "'scan' given twice");
    expect_bad(with("scan 3 1 3 1", "scan_all 3 1 3 1"), scan,
               "unknown record 'scan_all'");
    expect_bad(with("buses 3", "buses 0"), line_of(good, "buses "),
               "buses = 0 must be a whole number of at least 1");
    expect_bad(with("buses 3", "buses 2.5"), line_of(good, "buses "),
               "buses = 2.5");
    expect_bad(with("B 4 0.25", "B 0 0.25"), line_of(good, "B "),
               "bandwidth B = 0 must not be 0");
    // A missing row (a blank line instead): read_text counts it at 'end'.
    expect_bad(with("scan 3 1 3 1", ""), line_of(good, "end"),
               "'scan' given for 0 of 1");
    // The tool's path (records only) names the record, without a line.
    std::istringstream s(with("bcast 3 1 0 1", "bcast 7 1 0 1"));
    ModelData d = read_text(s, "m.txt", Dimemas::name(), Dimemas::schema());
    try {
        Dimemas::from_data(d);
        ADD_FAILURE() << "no error";
    } catch (const UsageError &e) {
        EXPECT_NE(std::string(e.what()).find("'bcast' record: in_factor 7"),
                  std::string::npos)
            << e.what();
    }
}

} // namespace
