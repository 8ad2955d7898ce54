// Hockney: exact recovery from synthetic roundtrips, predictions against
// hand-computed values, and the model file (save-load-save, errors).
#include "common_error.h"
#include "model_data.h"
#include "model_hockney.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <sstream>

using namespace cpm;
using namespace cpm::models;

namespace {

double rel(double a, double b) { return std::fabs(a - b) / std::fabs(b); }

// A heterogeneous "truth": alpha 10-100 us, beta 1-10 ns/B, fixed seed.
Hockney truth(int n)
{
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> a(1e-5, 1e-4), b(1e-9, 1e-8);
    Hockney h;
    h.n = n;
    for (int p = 0; p < n * (n - 1) / 2; ++p) {
        h.alpha.push_back({a(rng), 0, 1});
        h.beta.push_back({b(rng), 0, 1});
    }
    h.provenance.date = "2026-11-22T00:00:00Z";
    h.provenance.mpi = "synthetic";
    h.provenance.processors.assign(n, "node");
    h.provenance.sizes = "0,1024,65536,1048576";
    return h;
}

// Exact roundtrips (M bytes each way) implied by a model.
std::vector<std::vector<bench::Result>> roundtrips(const Hockney &h,
                                                   const std::vector<long> &sizes)
{
    std::vector<std::vector<bench::Result>> rt;
    for (long M : sizes) {
        std::vector<bench::Result> row;
        for (int i = 0; i < h.n; ++i)
            for (int j = i + 1; j < h.n; ++j) {
                bench::Result r;
                r.M = M;
                r.T = 2 * h.p2p(i, j, double(M));
                r.reps = 5;
                row.push_back(r);
            }
        rt.push_back(row);
    }
    return rt;
}

TEST(Hockney, RecoversParametersExactly)
{
    for (std::vector<long> sizes :
         {std::vector<long>{0, 1024, 65536, 1048576}, std::vector<long>{0, 65536}}) {
        Hockney t = truth(6);
        Hockney h = hockney_from_roundtrips(6, sizes, roundtrips(t, sizes), 0.95);
        ASSERT_EQ(h.alpha.size(), 15u);
        for (int p = 0; p < 15; ++p) {
            EXPECT_LT(rel(h.alpha[p].value, t.alpha[p].value), 1e-9);
            EXPECT_LT(rel(h.beta[p].value, t.beta[p].value), 1e-9);
        }
    }
}

TEST(Hockney, Predictions)
{
    // n = 4, alpha_ij = (i+j) us, beta_ij = (i+j+1) ns/B.
    Hockney h;
    h.n = 4;
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j) {
            h.alpha.push_back({(i + j) * 1e-6, 0, 1});
            h.beta.push_back({(i + j + 1) * 1e-9, 0, 1});
        }
    const double M = 1000;
    auto t = [&](int i, int j) { return (i + j) * 1e-6 + (i + j + 1) * 1e-9 * M; };
    EXPECT_DOUBLE_EQ(h.p2p(2, 1, M), t(1, 2));
    EXPECT_NEAR(h.sg_linear_sequential(1, M), t(1, 0) + t(1, 2) + t(1, 3), 1e-15);
    EXPECT_NEAR(h.sg_linear_parallel(1, M), t(1, 3), 1e-15);
    // Binomial from root 1: relative ranks 0..3 are 1,2,3,0. Root sends 2
    // blocks to v=2 (rank 3), then 1 block to v=1 (rank 2); v=2 sends 1
    // block to v=3 (rank 0).
    auto tb = [&](int i, int j, int blocks) {
        return (i + j) * 1e-6 + (i + j + 1) * 1e-9 * M * blocks;
    };
    double to3 = tb(1, 3, 2), to2 = to3 + tb(1, 2, 1), to0 = to3 + tb(3, 0, 1);
    EXPECT_NEAR(h.sg_binomial(1, M), std::max(to2, to0), 1e-15);
    // Homogeneous forms with the means.
    double a = h.alpha_mean().value, b = h.beta_mean().value;
    EXPECT_NEAR(a, (1 + 2 + 3 + 3 + 4 + 5) * 1e-6 / 6, 1e-18);
    EXPECT_NEAR(h.h_sg_linear_sequential(M), 3 * (a + b * M), 1e-15);
    EXPECT_NEAR(h.h_sg_linear_parallel(M), a + b * M, 1e-15);
    EXPECT_NEAR(h.h_sg_binomial(M), 2 * a + 3 * b * M, 1e-15);
    EXPECT_THROW(h.sg_binomial(4, M), UsageError);
}

TEST(Hockney, BinomialMatchesClosedFormWhenHomogeneous)
{
    for (int n : {2, 4, 8, 16}) {
        Hockney h;
        h.n = n;
        h.alpha.assign(n * (n - 1) / 2, {2e-5, 0, 1});
        h.beta.assign(n * (n - 1) / 2, {3e-9, 0, 1});
        for (int root = 0; root < n; ++root)
            EXPECT_NEAR(h.sg_binomial(root, 4096), h.h_sg_binomial(4096), 1e-15)
                << "n=" << n;
    }
}

std::string save(const Hockney &h)
{
    std::ostringstream s;
    write_text(s, h.to_data(), Hockney::schema());
    return s.str();
}

Hockney load(const std::string &text)
{
    std::istringstream s(text);
    return Hockney::from_data(read_text(s, "m.txt", "Hockney", Hockney::schema()));
}

TEST(ModelFile, SaveLoadSaveIsByteForByte)
{
    Hockney t = truth(5);
    t.alpha[3].ci = 1.25e-7;
    t.provenance.extra["note"] = "two words";
    std::string once = save(t);
    std::string twice = save(load(once));
    EXPECT_EQ(once, twice);
    Hockney back = load(once);
    EXPECT_EQ(back.alpha[3].value, t.alpha[3].value);
    EXPECT_EQ(back.alpha[3].ci, 1.25e-7);
    EXPECT_EQ(back.provenance.extra.at("note"), "two words");
    EXPECT_EQ(back.provenance.mpi, "synthetic");
}

// Expects loading `text` to fail with "m.txt:LINE: ..." containing `what`.
void expect_bad(const std::string &text, int line, const std::string &what,
                const std::string &model = "Hockney")
{
    std::istringstream s(text);
    try {
        read_text(s, "m.txt", model, Hockney::schema());
        ADD_FAILURE() << "no error for: " << what;
    } catch (const UsageError &e) {
        std::string msg = e.what();
        // line 0: the file has no line to name
        std::string where =
            line > 0 ? "m.txt:" + std::to_string(line) + ": " : "m.txt: ";
        EXPECT_EQ(msg.rfind(where, 0), 0u) << msg;
        EXPECT_NE(msg.find(what), std::string::npos) << msg;
        EXPECT_EQ(msg.find('\n'), std::string::npos);
    }
}

std::string replace(std::string s, const std::string &a, const std::string &b)
{
    std::size_t p = s.find(a);
    EXPECT_NE(p, std::string::npos) << a;
    return s.replace(p, a.size(), b);
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

TEST(ModelFile, EachKindOfMalformedFileGetsItsError)
{
    std::string good = save(truth(3));
    int n_lines = line_of(good, "end");
    expect_bad("", 0, "empty file");
    expect_bad("hello\n", 1, "not a CPM model file");
    expect_bad(replace(good, "cpm-model 1", "cpm-model 7"), 2,
               "format version 7 is not supported");
    expect_bad(good, 3, "holds a Hockney model, not LMO", "LMO");
    expect_bad(replace(good, "model Hockney", "model LMO"), 3,
               "holds an LMO model, not Hockney");
    expect_bad(replace(good, "\nend\n", "\n"), n_lines - 1, "truncated file");
    std::string cut = good.substr(0, good.find("beta 0 2"));
    expect_bad(cut, line_of(good, "beta 0 2") - 1, "truncated file");
    expect_bad(replace(good, "alpha 0 1 ", "alpha 0 1 x"),
               line_of(good, "alpha 0 1"), "bad number");
    expect_bad(replace(good, "alpha 0 1 ", "alpha 0 9 "),
               line_of(good, "alpha 0 1"), "index 9 outside 0..2");
    expect_bad(replace(good, "alpha 0 1 ", "alpha 1 0 "),
               line_of(good, "alpha 0 1"), "pair indices must be i < j");
    expect_bad(replace(good, "alpha 0 2 ", "alpha 0 1 "),
               line_of(good, "alpha 0 2"), "given twice");
    expect_bad(replace(good, "alpha 0 1 ", "gamma 0 1 "),
               line_of(good, "alpha 0 1"), "unknown record 'gamma'");
    expect_bad(replace(good, "alpha 0 1 ", "alpha 0 1 1 "),
               line_of(good, "alpha 0 1"), "needs 2 indices and 2 values");
    std::string missing = good;
    missing.erase(missing.find("beta 1 2"),
                  missing.find('\n', missing.find("beta 1 2")) -
                      missing.find("beta 1 2") + 1);
    expect_bad(missing, n_lines - 1, "'beta' given for 2 of 3 pairs");
    expect_bad(good + "alpha 0 1 1 1\n", n_lines + 1, "text after 'end'");
    expect_bad(replace(good, "n 3", "n 1"), 4, "number of processes");
    expect_bad(replace(good, "measured precision min_reps=5",
                       "measured precision min_reps=500"),
               line_of(good, "measured precision"), "precision");
}

TEST(ModelFile, NonFiniteValuesAreNotSaved)
{
    Hockney h = truth(3);
    for (double bad : {std::nan(""), HUGE_VAL, -HUGE_VAL}) {
        Hockney m = h;
        m.beta[2].ci = bad;
        std::ostringstream out;
        try {
            write_text(out, m.to_data(), Hockney::schema());
            ADD_FAILURE() << "saved " << bad;
        } catch (const UsageError &e) {
            std::string msg = e.what();
            EXPECT_NE(msg.find("beta 1 2 is"), std::string::npos) << msg;
            EXPECT_NE(msg.find("finite numbers only"), std::string::npos) << msg;
        }
        EXPECT_EQ(out.str(), "") << "something was written before the error";
    }
}

TEST(ModelFile, Json)
{
    std::ostringstream s;
    write_json(s, truth(3).to_data(), Hockney::schema());
    std::string j = s.str();
    for (const char *key : {"\"format\": \"cpm-model\"", "\"model\": \"Hockney\"",
                            "\"n\": 3", "\"alpha\": [", "\"i\": 0", "\"j\": 1",
                            "\"ci\":", "\"measured\":", "\"min_reps\": 5"})
        EXPECT_NE(j.find(key), std::string::npos) << key;
}

TEST(PairIndex, Lexicographic)
{
    int n = 5, k = 0;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            EXPECT_EQ(pair_index(n, i, j), k);
            EXPECT_EQ(pair_index(n, j, i), k++);
        }
    EXPECT_THROW(pair_index(n, 2, 2), Error);
}

} // namespace
