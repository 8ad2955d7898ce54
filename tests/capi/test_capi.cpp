// The C API without MPI: models made in C, estimates against values worked
// out by hand, files saved, loaded and saved again byte for byte, errors
// as status codes with messages, and the pair and triplet indices against
// the order of the measurements.
#include "cpm.h"

#include "benchmark_schedule.h"
#include "capi_internal.h"
#include "model_data.h"
#include "model_hockney.h"
#include "model_lmo.h"
#include "model_plogp.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>

namespace {

std::string slurp(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void spit(const std::string &path, const std::string &text)
{
    std::ofstream(path, std::ios::binary) << text;
}

/* A fresh file name in the working directory (the build tree). */
std::string temp_name(const std::string &tag)
{
    return "capi_" + tag + "_" + std::to_string(getpid()) + ".txt";
}

std::string message() { return CPM_error_message(); }

bool contains(const std::string &s, const std::string &part)
{
    return s.find(part) != std::string::npos;
}

const double tol = 1e-12;

/* Hockney of 3 processes: pairs (0,1), (0,2), (1,2). */
Hockney_model *hockney3()
{
    Hockney_model *h = Hockney_alloc(3);
    const double a[3] = {1e-5, 2e-5, 3e-5}, b[3] = {1e-9, 2e-9, 3e-9};
    for (int p = 0; p < 3; ++p) {
        h->a[p] = a[p];
        h->b[p] = b[p];
    }
    return h;
}

/* LMO of 3 processes. */
LMO_model *lmo3()
{
    LMO_model *m = LMO_alloc(3);
    const double C[3] = {1e-6, 2e-6, 3e-6}, t[3] = {1e-9, 2e-9, 3e-9};
    const double L[3] = {10e-6, 20e-6, 30e-6}, b[3] = {1e8, 2e8, 4e8};
    for (int k = 0; k < 3; ++k) {
        m->C[k] = C[k];
        m->t[k] = t[k];
        m->L[k] = L[k];
        m->b[k] = b[k];
    }
    return m;
}

TEST(CapiHockney, AllocatedModel)
{
    Hockney_model *h = Hockney_alloc(4);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->n, 4);
    for (int p = 0; p < 6; ++p) {
        EXPECT_EQ(h->a[p], 0.0);
        EXPECT_EQ(h->b[p], 0.0);
    }
    EXPECT_NE(h->priv, nullptr);
    EXPECT_EQ(Hockney_free(h), CPM_OK);
    EXPECT_EQ(Hockney_free(nullptr), CPM_OK);
    EXPECT_EQ(Hockney_alloc(1), nullptr);
    EXPECT_TRUE(contains(message(), "Hockney_alloc: number of processes"))
        << message();
    EXPECT_EQ(Hockney_alloc(100001), nullptr);
}

TEST(CapiHockney, EstimatesByHand)
{
    Hockney_model *h = hockney3();
    const int M = 1000;
    // a_ij + b_ij M
    EXPECT_NEAR(Hockney_estimate(h, 0, 1, M), 1e-5 + 1e-6, tol);
    EXPECT_NEAR(Hockney_estimate(h, 2, 0, M), 2e-5 + 2e-6, tol);
    EXPECT_NEAR(Hockney_estimate(h, 1, 2, M), 3e-5 + 3e-6, tol);
    EXPECT_EQ(Hockney_estimate(h, 1, 1, M), 0.0);
    // root 0: legs 1.1e-5 (to 1) and 2.2e-5 (to 2)
    EXPECT_NEAR(Hockney_estimate_sg_linear_sequential(h, 0, M), 3.3e-5, tol);
    EXPECT_NEAR(Hockney_estimate_sg_linear_parallel(h, 0, M), 2.2e-5, tol);
    // binomial over 3: 0 sends to 2 (one block), then to 1
    EXPECT_NEAR(Hockney_estimate_sg_binomial(h, 0, M), 3.3e-5, tol);
    // root 2: legs 2.2e-5 (to 0) and 3.3e-5 (to 1); relative ranks 0 1 2
    // are 2 0 1: 2 sends to 1 first, then to 0
    EXPECT_NEAR(Hockney_estimate_sg_linear_sequential(h, 2, M), 5.5e-5, tol);
    EXPECT_NEAR(Hockney_estimate_sg_binomial(h, 2, M), 5.5e-5, tol);
    // homogeneous: alpha 2e-5, beta 2e-9
    EXPECT_NEAR(Hockney_hestimate_sg_linear_sequential(h, 0, M), 4.4e-5, tol);
    EXPECT_NEAR(Hockney_hestimate_sg_linear_parallel(h, 1, M), 2.2e-5, tol);
    EXPECT_NEAR(Hockney_hestimate_sg_binomial(h, 2, M), 2 * 2e-5 + 2 * 2e-6,
                tol);
    Hockney_free(h);
}

TEST(CapiHockney, EstimatesUseThePublicArrays)
{
    Hockney_model *h = hockney3();
    h->a[CPM_pair_index(3, 1, 0)] = 5e-5;
    EXPECT_NEAR(Hockney_estimate(h, 1, 0, 0), 5e-5, tol);
    EXPECT_NEAR(Hockney_estimate_sg_linear_parallel(h, 0, 0), 5e-5, tol);
    Hockney_free(h);
}

TEST(CapiHockney, EstimateErrorsAreNaN)
{
    Hockney_model *h = hockney3();
    EXPECT_TRUE(std::isnan(Hockney_estimate(nullptr, 0, 1, 0)));
    EXPECT_EQ(message(), "Hockney_estimate: the model is NULL");
    EXPECT_TRUE(std::isnan(Hockney_estimate(h, 0, 3, 0)));
    EXPECT_EQ(message(), "Hockney_estimate: rank 3 is outside 0..2");
    EXPECT_TRUE(std::isnan(Hockney_estimate(h, 0, 1, -1)));
    EXPECT_TRUE(contains(message(), "negative")) << message();
    EXPECT_TRUE(std::isnan(Hockney_estimate_sg_binomial(h, -1, 0)));
    EXPECT_EQ(message(), "Hockney_estimate_sg_binomial: root -1 is outside 0..2");
    EXPECT_TRUE(std::isnan(Hockney_hestimate_sg_binomial(h, 3, 0)));
    h->n = 4;
    EXPECT_TRUE(std::isnan(Hockney_estimate_sg_linear_parallel(h, 0, 0)));
    EXPECT_TRUE(contains(message(), "n was changed from 3 to 4")) << message();
    h->n = 3;
    Hockney_free(h);
}

TEST(CapiHockney, SaveLoadSaveIsByteForByte)
{
    std::string f1 = temp_name("h1"), f2 = temp_name("h2");
    Hockney_model *h = hockney3();
    ASSERT_EQ(Hockney_save(f1.c_str(), h), CPM_OK) << message();
    std::string text = slurp(f1);
    // an allocated model saves with "-" for what was never measured
    EXPECT_TRUE(contains(text, "processor 2 -\n")) << text;
    EXPECT_TRUE(contains(text, "measured date -\n")) << text;
    EXPECT_TRUE(contains(text, "measured precision min_reps=5 max_reps=100 "
                               "cl=0.95 eps=0.025\n"))
        << text;
    Hockney_model *g = Hockney_load(f1.c_str());
    ASSERT_NE(g, nullptr) << message();
    EXPECT_EQ(g->n, 3);
    for (int p = 0; p < 3; ++p) {
        EXPECT_EQ(g->a[p], h->a[p]);
        EXPECT_EQ(g->b[p], h->b[p]);
    }
    ASSERT_EQ(Hockney_save(f2.c_str(), g), CPM_OK) << message();
    EXPECT_EQ(slurp(f2), text);
    Hockney_free(g);
    Hockney_free(h);
    std::remove(f1.c_str());
    std::remove(f2.c_str());
}

TEST(CapiHockney, KeepsIntervalsAndProvenanceOfAFile)
{
    // A file as the C++ library writes it, with intervals and provenance.
    cpm::models::Hockney m;
    m.n = 3;
    m.alpha = {{1.5e-5, 1e-7, 5}, {2.25e-5, 2e-7, 5}, {3.125e-5, 3e-7, 5}};
    m.beta = {{1e-9, 1e-11, 5}, {2e-9, 2e-11, 5}, {3.3e-9, 3e-11, 5}};
    m.provenance.date = "2026-11-22T05:22:46Z";
    m.provenance.mpi = "Some MPI 1.2 (MPI 3.1)";
    m.provenance.command = "model -M Hockney -m 65536";
    m.provenance.processors = {"node 1", "node2", "node3"};
    m.provenance.precision.cl = 0.99;
    m.provenance.sizes = "0,65536";
    m.provenance.extra["experiments"] = "roundtrips";
    std::ostringstream s;
    cpm::models::write_text(s, m.to_data(), cpm::models::Hockney::schema());
    std::string f1 = temp_name("hf1"), f2 = temp_name("hf2");
    spit(f1, s.str());
    Hockney_model *h = Hockney_load(f1.c_str());
    ASSERT_NE(h, nullptr) << message();
    EXPECT_EQ(h->a[1], 2.25e-5);
    EXPECT_EQ(h->b[2], 3.3e-9);
    ASSERT_EQ(Hockney_save(f2.c_str(), h), CPM_OK) << message();
    EXPECT_EQ(slurp(f2), s.str());
    // An edited value is saved (and its interval kept).
    h->a[1] = 4e-5;
    ASSERT_EQ(Hockney_save(f2.c_str(), h), CPM_OK) << message();
    EXPECT_TRUE(contains(slurp(f2), "alpha 0 2 4e-05 2e-07\n")) << slurp(f2);
    Hockney_free(h);
    std::remove(f1.c_str());
    std::remove(f2.c_str());
}

TEST(CapiHockney, StandardInputAndOutput)
{
    Hockney_model *h = hockney3();
    testing::internal::CaptureStdout();
    ASSERT_EQ(Hockney_save("-", h), CPM_OK);
    std::string out = testing::internal::GetCapturedStdout();
    testing::internal::CaptureStdout();
    ASSERT_EQ(Hockney_save("stdout", h), CPM_OK);
    EXPECT_EQ(testing::internal::GetCapturedStdout(), out);
    EXPECT_TRUE(contains(out, "model Hockney\n")) << out;
    for (const char *name : {"-", "stdin"}) {
        std::istringstream in(out);
        std::streambuf *old = std::cin.rdbuf(in.rdbuf());
        Hockney_model *g = Hockney_load(name);
        std::cin.rdbuf(old);
        ASSERT_NE(g, nullptr) << message();
        EXPECT_EQ(g->a[2], 3e-5);
        Hockney_free(g);
    }
    Hockney_free(h);
}

TEST(CapiHockney, LoadErrorsReturnNullWithAMessage)
{
    EXPECT_EQ(Hockney_load("/nonexistent/capi.txt"), nullptr);
    EXPECT_TRUE(contains(message(), "Hockney_load: cannot open model file "
                                    "'/nonexistent/capi.txt'"))
        << message();
    EXPECT_EQ(Hockney_load(nullptr), nullptr);
    EXPECT_EQ(message(), "Hockney_load: the file name is NULL");

    std::string f = temp_name("bad"), g = temp_name("good");
    spit(f, "cpm-model 1\nmodel Hockney\nn 3\nprocessor 0 x\n");
    EXPECT_EQ(Hockney_load(f.c_str()), nullptr);
    EXPECT_TRUE(contains(message(), "Hockney_load: " + f + ":")) << message();

    // a file of the other model
    LMO_model *m = lmo3();
    ASSERT_EQ(LMO_save(g.c_str(), m), CPM_OK) << message();
    EXPECT_EQ(Hockney_load(g.c_str()), nullptr);
    EXPECT_TRUE(contains(message(), "LMO model, not Hockney"))
        << message();
    // a truncated one
    std::string text = slurp(g);
    spit(f, text.substr(0, text.size() - 4));
    EXPECT_EQ(LMO_load(f.c_str()), nullptr);
    EXPECT_TRUE(contains(message(), "LMO_load: ")) << message();
    LMO_free(m);
    std::remove(f.c_str());
    std::remove(g.c_str());
}

TEST(CapiHockney, SaveErrors)
{
    std::string f = temp_name("nonfinite");
    Hockney_model *h = hockney3();
    h->b[1] = INFINITY;
    EXPECT_EQ(Hockney_save(f.c_str(), h), CPM_ERR_INPUT);
    EXPECT_TRUE(contains(message(), "beta 0 2 has the value inf")) << message();
    EXPECT_FALSE(std::ifstream(f).good()); // nothing written
    EXPECT_EQ(Hockney_save(f.c_str(), nullptr), CPM_ERR_INPUT);
    EXPECT_EQ(Hockney_save(nullptr, h), CPM_ERR_INPUT);
    h->b[1] = 0;
    EXPECT_NE(Hockney_save("/nonexistent/dir/x.txt", h), CPM_OK);
    Hockney_free(h);
}

TEST(CapiLmo, AllocatedModel)
{
    LMO_model *m = LMO_alloc(4);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->n, 4);
    EXPECT_EQ(m->S, -1);
    EXPECT_EQ(m->M1, -1);
    EXPECT_EQ(m->M2, -1);
    for (double *f : {m->one2many_small, m->one2many_large, m->many2one_small,
                      m->many2one_large}) {
        EXPECT_TRUE(std::isnan(f[0]));
        EXPECT_TRUE(std::isnan(f[1]));
    }
    for (int k = 0; k < 4; ++k)
        EXPECT_EQ(m->C[k] + m->t[k], 0.0);
    for (int p = 0; p < 6; ++p)
        EXPECT_EQ(m->L[p] + m->b[p], 0.0);
    EXPECT_EQ(LMO_free(m), CPM_OK);
    EXPECT_EQ(LMO_free(nullptr), CPM_OK);
    EXPECT_EQ(LMO_alloc(0), nullptr);
}

TEST(CapiLmo, EstimatesByHand)
{
    LMO_model *m = lmo3();
    const int M = 1000;
    // C_0 + L_01 + C_1 + M (t_0 + 1/b_01 + t_1) = 13e-6 + 1000 * 13e-9
    EXPECT_NEAR(LMO_estimate_p2p(m, 0, 1, M), 26e-6, tol);
    EXPECT_NEAR(LMO_estimate_p2p(m, 1, 0, M), 26e-6, tol);
    // C_1 + L_12 + C_2 + M (t_1 + 1/b_12 + t_2) = 35e-6 + 1000 * 7.5e-9
    EXPECT_NEAR(LMO_estimate_p2p(m, 2, 1, M), 42.5e-6, tol);
    EXPECT_EQ(LMO_estimate_p2p(m, 2, 2, M), 0.0);
    // root 0: 2 (C_0 + t_0 M) = 4e-6; legs 24e-6 (to 1) and 31e-6 (to 2)
    EXPECT_NEAR(LMO_estimate_one2many(m, 0, M), 35e-6, tol);
    EXPECT_NEAR(LMO_estimate_many2one(m, 0, M), 35e-6, tol);
    m->S = 999; // M > S: the legs add up
    EXPECT_NEAR(LMO_estimate_one2many(m, 0, M), 59e-6, tol);
    m->S = 1000;
    EXPECT_NEAR(LMO_estimate_one2many(m, 0, M), 35e-6, tol);
    m->M2 = 999;
    EXPECT_NEAR(LMO_estimate_many2one(m, 0, M), 59e-6, tol);
    m->M2 = -1;
    EXPECT_NEAR(LMO_estimate_many2one(m, 0, M), 35e-6, tol);
    // an edited rate is used
    m->b[CPM_pair_index(3, 0, 1)] = 2e8;
    EXPECT_NEAR(LMO_estimate_p2p(m, 0, 1, M), 13e-6 + 1000 * 8e-9, tol);
    EXPECT_TRUE(std::isnan(LMO_estimate_one2many(m, 3, M)));
    EXPECT_EQ(message(), "LMO_estimate_one2many: root 3 is outside 0..2");
    EXPECT_TRUE(std::isnan(LMO_estimate_p2p(nullptr, 0, 1, M)));
    EXPECT_TRUE(std::isnan(LMO_estimate_many2one(m, 0, -5)));
    LMO_free(m);
}

TEST(CapiLmo, SaveLoadSaveIsByteForByte)
{
    std::string f1 = temp_name("l1"), f2 = temp_name("l2");
    LMO_model *m = lmo3();
    m->S = 8192;
    m->M2 = 20480;
    m->one2many_small[0] = 1e-5;
    m->one2many_small[1] = 3e-9;
    m->many2one_large[0] = 2e-5;
    m->many2one_large[1] = 5e-9;
    m->many2one_small[0] = NAN; // half a line: none
    m->many2one_small[1] = 1;
    ASSERT_EQ(LMO_save(f1.c_str(), m), CPM_OK) << message();
    std::string text = slurp(f1);
    EXPECT_TRUE(contains(text, "S 8192\n")) << text;
    EXPECT_TRUE(contains(text, "M2 20480\n")) << text;
    EXPECT_FALSE(contains(text, "M1 ")) << text;
    EXPECT_TRUE(contains(text, "one2many_small 1e-05 3e-09 0 0\n")) << text;
    EXPECT_FALSE(contains(text, "many2one_small")) << text;
    LMO_model *g = LMO_load(f1.c_str());
    ASSERT_NE(g, nullptr) << message();
    EXPECT_EQ(g->S, 8192);
    EXPECT_EQ(g->M1, -1);
    EXPECT_EQ(g->M2, 20480);
    EXPECT_EQ(g->one2many_small[1], 3e-9);
    EXPECT_TRUE(std::isnan(g->one2many_large[0]));
    EXPECT_TRUE(std::isnan(g->many2one_small[0]));
    EXPECT_EQ(g->many2one_large[0], 2e-5);
    for (int k = 0; k < 3; ++k) {
        EXPECT_EQ(g->C[k], m->C[k]);
        EXPECT_EQ(g->t[k], m->t[k]);
        EXPECT_EQ(g->L[k], m->L[k]);
        EXPECT_EQ(g->b[k], m->b[k]);
    }
    ASSERT_EQ(LMO_save(f2.c_str(), g), CPM_OK) << message();
    EXPECT_EQ(slurp(f2), text);
    // clearing a threshold and a fit removes them
    g->S = -1;
    g->one2many_small[0] = NAN;
    ASSERT_EQ(LMO_save(f2.c_str(), g), CPM_OK) << message();
    EXPECT_FALSE(contains(slurp(f2), "\nS ")) << slurp(f2);
    EXPECT_FALSE(contains(slurp(f2), "one2many_small")) << slurp(f2);
    LMO_free(g);
    LMO_free(m);
    std::remove(f1.c_str());
    std::remove(f2.c_str());
}

TEST(CapiLmo, KeepsWhatTheStructHasNoFieldFor)
{
    // A built model's file: intervals, exact thresholds, slope
    // corrections, extra provenance.
    cpm::models::LMO m;
    m.n = 3;
    m.C = {{1.1e-6, 1e-8, 3}, {2.2e-6, 2e-8, 3}, {3.3e-6, 3e-8, 3}};
    m.t = {{1e-9, 1e-12, 3}, {2e-9, 2e-12, 3}, {3e-9, 3e-12, 3}};
    m.L = {{1e-5, 1e-7, 1}, {2e-5, 2e-7, 1}, {3e-5, 3e-7, 1}};
    m.beta = {{1.25e8, 1e6, 1}, {2e8, 2e6, 1}, {4e8, 4e6, 1}};
    m.S = 6144.5;
    m.M1 = 1e12;
    cpm::stats::LineFit f;
    f.c0 = 1e-5;
    f.c1 = 2e-9;
    f.ci0 = 1e-7;
    f.ci1 = 1e-11;
    m.one2many_small = f;
    m.many2one_small = f;
    m.kappa1 = 1.5e-10;
    m.kappa2 = -2.5e-10;
    m.provenance.date = "2026-11-22T05:22:46Z";
    m.provenance.mpi = "Some MPI";
    m.provenance.processors = {"a", "b", "c"};
    m.provenance.timing = "max";
    m.provenance.extra["p2p-size"] = "4096";
    std::ostringstream s;
    cpm::models::write_text(s, m.to_data(), cpm::models::LMO::schema());
    std::string f1 = temp_name("lf1"), f2 = temp_name("lf2");
    spit(f1, s.str());
    LMO_model *c = LMO_load(f1.c_str());
    ASSERT_NE(c, nullptr) << message();
    EXPECT_EQ(c->S, 6144);        // rounded down
    EXPECT_EQ(c->M1, INT_MAX);    // clamped
    EXPECT_EQ(c->one2many_small[0], 1e-5);
    ASSERT_EQ(LMO_save(f2.c_str(), c), CPM_OK) << message();
    EXPECT_EQ(slurp(f2), s.str());
    // the slope correction kappa1 = 1.5e-10 (kept in priv) is applied
    const int M = 1000;
    EXPECT_NEAR(LMO_estimate_many2one(c, 0, M) - LMO_estimate_one2many(c, 0, M),
                1.5e-10 * M, tol);
    // an edited fit keeps its intervals
    c->one2many_small[1] = 4e-9;
    ASSERT_EQ(LMO_save(f2.c_str(), c), CPM_OK) << message();
    EXPECT_TRUE(contains(slurp(f2), "one2many_small 1e-05 4e-09 1e-07 1e-11\n"))
        << slurp(f2);
    LMO_free(c);

    // a negative threshold has no C form
    m.S = -3;
    std::ostringstream neg;
    cpm::models::write_text(neg, m.to_data(), cpm::models::LMO::schema());
    spit(f1, neg.str());
    EXPECT_EQ(LMO_load(f1.c_str()), nullptr);
    EXPECT_TRUE(contains(message(), "LMO_load: a negative threshold")) << message();
    std::remove(f1.c_str());
    std::remove(f2.c_str());
}

/* PLogP of 3 processes measured at 0 and 1000 bytes; pairs (0,1), (0,2),
 * (1,2). */
PLogP_model *plogp3()
{
    const int sizes[2] = {0, 1000};
    PLogP_model *m = PLogP_alloc(3, 2, sizes);
    const double L[3] = {10e-6, 20e-6, 30e-6};
    // [p][k]
    const double os[3][2] = {{1e-6, 2e-6}, {1e-6, 3e-6}, {2e-6, 4e-6}};
    const double orr[3][2] = {{1.5e-6, 2.5e-6}, {1e-6, 2e-6}, {1e-6, 1e-6}};
    const double g[3][2] = {{3e-6, 5e-6}, {4e-6, 8e-6}, {5e-6, 5e-6}};
    for (int p = 0; p < 3; ++p) {
        m->L[p] = L[p];
        for (int k = 0; k < 2; ++k) {
            m->os[2 * p + k] = os[p][k];
            m->or_[2 * p + k] = orr[p][k];
            m->g[2 * p + k] = g[p][k];
        }
    }
    return m;
}

/* A PLogP model as the C++ library builds it: 4 processes, sizes 0, 1,
 * 512 and 4096, intervals and provenance. */
cpm::models::PLogP plogp4()
{
    cpm::models::PLogP m;
    m.n = 4;
    m.sizes = {0, 1, 512, 4096};
    for (int p = 0; p < 6; ++p) {
        m.L.push_back({(10 + p) * 1e-6 + 1.25e-7, 1e-7 * (p + 1), 5});
        m.os.emplace_back();
        m.or_.emplace_back();
        m.g.emplace_back();
        for (std::size_t k = 0; k < m.sizes.size(); ++k) {
            double M = double(m.sizes[k]);
            m.os[p].push_back({1e-6 + M * (p + 1) * 1e-10, 1e-8, 5});
            m.or_[p].push_back({2e-6 + M * (p + 2) * 3e-11, 2e-8, 5});
            // a gap that bends at 512 bytes
            m.g[p].push_back({3.5e-6 + M * (k < 3 ? 1e-9 : 7e-10) * (p + 1),
                              3e-8, 5});
        }
    }
    m.provenance.date = "2026-11-22T05:22:46Z";
    m.provenance.mpi = "Some MPI 1.2 (MPI 3.1)";
    m.provenance.command = "model -M PLogP --sizes 1,512,4096";
    m.provenance.processors = {"a", "b", "c", "d"};
    m.provenance.timing = "-";
    m.provenance.sizes = "0,1,512,4096";
    m.provenance.extra["experiments"] = "per pair, lower rank initiates";
    return m;
}

std::string plogp_text(const cpm::models::PLogP &m)
{
    std::ostringstream s;
    cpm::models::write_text(s, m.to_data(), cpm::models::PLogP::schema());
    return s.str();
}

TEST(CapiPLogP, AllocatedModel)
{
    const int sizes[3] = {0, 1024, 4096};
    PLogP_model *m = PLogP_alloc(4, 3, sizes);
    ASSERT_NE(m, nullptr) << message();
    EXPECT_EQ(m->n, 4);
    EXPECT_EQ(m->nsizes, 3);
    for (int k = 0; k < 3; ++k)
        EXPECT_EQ(m->sizes[k], sizes[k]);
    for (int p = 0; p < 6; ++p) {
        EXPECT_EQ(m->L[p], 0.0);
        for (int k = 0; k < 3; ++k)
            EXPECT_EQ(m->os[3 * p + k] + m->or_[3 * p + k] + m->g[3 * p + k],
                      0.0);
    }
    EXPECT_NE(m->priv, nullptr);
    EXPECT_EQ(PLogP_free(m), CPM_OK);
    EXPECT_EQ(PLogP_free(nullptr), CPM_OK);

    EXPECT_EQ(PLogP_alloc(1, 3, sizes), nullptr);
    EXPECT_TRUE(contains(message(), "PLogP_alloc: number of processes"))
        << message();
    EXPECT_EQ(PLogP_alloc(3, 0, sizes), nullptr);
    EXPECT_EQ(message(), "PLogP_alloc: nsizes must be at least 1, got 0");
    EXPECT_EQ(PLogP_alloc(3, 2, nullptr), nullptr);
    EXPECT_EQ(message(), "PLogP_alloc: sizes is NULL");
    const int same[2] = {1024, 1024}, negative[2] = {-1, 5};
    EXPECT_EQ(PLogP_alloc(3, 2, same), nullptr);
    EXPECT_EQ(message(), "PLogP_alloc: the message sizes must increase, but "
                         "1024 follows 1024");
    EXPECT_EQ(PLogP_alloc(3, 2, negative), nullptr);
    EXPECT_EQ(message(), "PLogP_alloc: message size -1 is outside 0..INT_MAX");
}

TEST(CapiPLogP, EstimatesByHand)
{
    PLogP_model *m = plogp3();
    // L + g(M), g linear between 0 and 1000 bytes and beyond
    EXPECT_NEAR(PLogP_estimate(m, 0, 1, 1000), 15e-6, tol);
    EXPECT_NEAR(PLogP_estimate(m, 1, 0, 500), 14e-6, tol);
    EXPECT_NEAR(PLogP_estimate(m, 2, 0, 2000), 20e-6 + 12e-6, tol);
    EXPECT_NEAR(PLogP_estimate(m, 1, 2, 0), 35e-6, tol);
    EXPECT_EQ(PLogP_estimate(m, 2, 2, 1000), 0.0);
    EXPECT_NEAR(PLogP_g(m, 0, 2, 250), 5e-6, tol);
    EXPECT_NEAR(PLogP_os(m, 1, 0, 1000), 2e-6, tol);
    EXPECT_NEAR(PLogP_or(m, 2, 1, 500), 1e-6, tol);
    // LogGP, "1 byte" = 1000 bytes, the smallest size above 0. Pair (0,1):
    // L = 10 + 5 - 2 - 2.5 = 10.5 us, 2o = 4.5 us, G = 5 us / 1000 B
    EXPECT_NEAR(PLogP_estimate_LogGP(m, 0, 1, 1), 15e-6, tol);
    EXPECT_NEAR(PLogP_estimate_LogGP(m, 1, 0, 1001), 20e-6, tol);
    // pair (0,2): L = 20 + 8 - 3 - 2 = 23 us, 2o = 5 us, G = 8 ns/B
    EXPECT_NEAR(PLogP_estimate_LogGP(m, 2, 0, 101), 28.8e-6, tol);
    EXPECT_EQ(PLogP_estimate_LogGP(m, 1, 1, 101), 0.0);
    // an edited gap is used
    m->g[2 * CPM_pair_index(3, 0, 1) + 1] = 7e-6;
    EXPECT_NEAR(PLogP_estimate(m, 0, 1, 1000), 17e-6, tol);
    EXPECT_NEAR(PLogP_estimate_LogGP(m, 0, 1, 1), 17e-6, tol);
    PLogP_free(m);
}

TEST(CapiPLogP, MatchesTheCppModelExactly)
{
    cpm::models::PLogP m = plogp4();
    cpm::models::LogGP lg = cpm::models::loggp_from_plogp(m);
    std::string f = temp_name("pf");
    spit(f, plogp_text(m));
    PLogP_model *c = PLogP_load(f.c_str());
    ASSERT_NE(c, nullptr) << message();
    ASSERT_EQ(c->n, 4);
    ASSERT_EQ(c->nsizes, 4);
    EXPECT_EQ(c->sizes[2], 512);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            for (int M : {0, 1, 2, 300, 512, 1000, 4096, 100000}) {
                SCOPED_TRACE(std::to_string(i) + " -> " + std::to_string(j) +
                             ", " + std::to_string(M) + " B");
                EXPECT_EQ(PLogP_estimate(c, i, j, M), m.p2p(i, j, M));
                EXPECT_EQ(PLogP_estimate_LogGP(c, i, j, M), lg.p2p(i, j, M));
                if (i == j)
                    continue;
                EXPECT_EQ(PLogP_os(c, i, j, M), m.os_at(i, j, M));
                EXPECT_EQ(PLogP_or(c, i, j, M), m.or_at(i, j, M));
                EXPECT_EQ(PLogP_g(c, i, j, M), m.g_at(i, j, M));
            }
    PLogP_free(c);
    std::remove(f.c_str());
}

TEST(CapiPLogP, SaveLoadSaveIsByteForByte)
{
    // A file as the C++ library writes it, with intervals and provenance.
    cpm::models::PLogP m = plogp4();
    std::string text = plogp_text(m);
    std::string f1 = temp_name("p1"), f2 = temp_name("p2");
    spit(f1, text);
    PLogP_model *c = PLogP_load(f1.c_str());
    ASSERT_NE(c, nullptr) << message();
    ASSERT_EQ(PLogP_save(f2.c_str(), c), CPM_OK) << message();
    EXPECT_EQ(slurp(f2), text);
    // An edited value is saved, with its interval.
    int p = CPM_pair_index(4, 1, 3);
    c->g[4 * p + 2] = 6e-6;
    c->L[p] = 2e-5;
    ASSERT_EQ(PLogP_save(f2.c_str(), c), CPM_OK) << message();
    EXPECT_TRUE(contains(slurp(f2), "g 1 3 512 6e-06 3e-08\n")) << slurp(f2);
    EXPECT_TRUE(contains(slurp(f2), "L 1 3 2e-05 5e-07\n")) << slurp(f2);
    PLogP_free(c);

    // An allocated model saves with "-" for what was never measured, and
    // loads and saves again the same.
    PLogP_model *a = plogp3();
    ASSERT_EQ(PLogP_save(f1.c_str(), a), CPM_OK) << message();
    text = slurp(f1);
    EXPECT_TRUE(contains(text, "model PLogP\n")) << text;
    EXPECT_TRUE(contains(text, "measured date -\n")) << text;
    EXPECT_TRUE(contains(text, "os 0 2 1000 3e-06 0\n")) << text;
    PLogP_model *b = PLogP_load(f1.c_str());
    ASSERT_NE(b, nullptr) << message();
    for (int q = 0; q < 6; ++q)
        EXPECT_EQ(b->or_[q], a->or_[q]);
    ASSERT_EQ(PLogP_save(f2.c_str(), b), CPM_OK) << message();
    EXPECT_EQ(slurp(f2), text);
    // standard output and input
    testing::internal::CaptureStdout();
    ASSERT_EQ(PLogP_save("-", b), CPM_OK);
    EXPECT_EQ(testing::internal::GetCapturedStdout(), text);
    std::istringstream in(text);
    std::streambuf *old = std::cin.rdbuf(in.rdbuf());
    PLogP_model *d = PLogP_load("stdin");
    std::cin.rdbuf(old);
    ASSERT_NE(d, nullptr) << message();
    EXPECT_EQ(d->g[5], 5e-6);
    PLogP_free(d);
    PLogP_free(b);
    PLogP_free(a);
    std::remove(f1.c_str());
    std::remove(f2.c_str());
}

TEST(CapiPLogP, BadInputGivesAnErrorCodeAndMessage)
{
    PLogP_model *m = plogp3();
    EXPECT_TRUE(std::isnan(PLogP_estimate(nullptr, 0, 1, 0)));
    EXPECT_EQ(message(), "PLogP_estimate: the model is NULL");
    EXPECT_TRUE(std::isnan(PLogP_estimate(m, 0, 3, 0)));
    EXPECT_EQ(message(), "PLogP_estimate: rank 3 is outside 0..2");
    EXPECT_TRUE(std::isnan(PLogP_estimate_LogGP(m, -1, 0, 0)));
    EXPECT_EQ(message(), "PLogP_estimate_LogGP: rank -1 is outside 0..2");
    EXPECT_TRUE(std::isnan(PLogP_estimate(m, 0, 1, -1)));
    EXPECT_EQ(message(), "PLogP_estimate: message size -1 is negative");
    EXPECT_TRUE(std::isnan(PLogP_estimate_LogGP(m, 0, 1, -5)));
    EXPECT_EQ(message(), "PLogP_estimate_LogGP: message size -5 is negative");
    EXPECT_TRUE(std::isnan(PLogP_g(m, 1, 1, 0)));
    EXPECT_EQ(message(), "PLogP_g: no pair 1,1: the ranks are equal");
    EXPECT_TRUE(std::isnan(PLogP_os(nullptr, 0, 1, 0)));
    EXPECT_EQ(message(), "PLogP_os: the model is NULL");
    EXPECT_TRUE(std::isnan(PLogP_or(m, 0, 1, -1)));
    EXPECT_EQ(message(), "PLogP_or: message size -1 is negative");
    // the shape is fixed
    m->n = 4;
    EXPECT_TRUE(std::isnan(PLogP_estimate(m, 0, 1, 0)));
    EXPECT_EQ(message(), "PLogP_estimate: the model's n was changed from 3 to 4");
    m->n = 3;
    m->sizes[1] = 2000;
    EXPECT_TRUE(std::isnan(PLogP_estimate(m, 0, 1, 0)));
    EXPECT_EQ(message(), "PLogP_estimate: the model's sizes[1] was changed "
                         "from 1000 to 2000");
    EXPECT_EQ(PLogP_save("capi_never.txt", m), CPM_ERR_INPUT);
    m->sizes[1] = 1000;
    m->nsizes = 1;
    EXPECT_TRUE(std::isnan(PLogP_g(m, 0, 1, 0)));
    EXPECT_EQ(message(), "PLogP_g: the model's nsizes was changed from 2 to 1");
    m->nsizes = 2;
    PLogP_model fake = *m;
    fake.priv = nullptr;
    EXPECT_TRUE(std::isnan(PLogP_estimate(&fake, 0, 1, 0)));
    EXPECT_EQ(message(), "PLogP_estimate: the model was not made by "
                         "PLogP_alloc, PLogP_build or PLogP_load");
    EXPECT_TRUE(std::isfinite(PLogP_estimate(m, 0, 1, 0))) << message();

    // LogGP needs a size of at least 1 byte, whatever the pair
    const int zero[1] = {0};
    PLogP_model *z = PLogP_alloc(2, 1, zero);
    ASSERT_NE(z, nullptr) << message();
    EXPECT_EQ(PLogP_estimate(z, 0, 1, 100), 0.0); // g constant, all zero
    for (int j : {0, 1}) {
        EXPECT_TRUE(std::isnan(PLogP_estimate_LogGP(z, 0, j, 100)));
        EXPECT_EQ(message(), "PLogP_estimate_LogGP: LogGP needs a PLogP model "
                             "measured at a message size of at least 1 byte");
    }
    PLogP_free(z);

    // saving
    std::string f = temp_name("pbad");
    m->os[3] = NAN;
    EXPECT_EQ(PLogP_save(f.c_str(), m), CPM_ERR_INPUT);
    EXPECT_TRUE(contains(message(), "PLogP_save: os 0 2 1000 has the value nan"))
        << message();
    EXPECT_FALSE(std::ifstream(f).good()); // nothing written
    m->os[3] = 0;
    EXPECT_EQ(PLogP_save(f.c_str(), nullptr), CPM_ERR_INPUT);
    EXPECT_EQ(message(), "PLogP_save: the model is NULL");
    EXPECT_EQ(PLogP_save(nullptr, m), CPM_ERR_INPUT);
    EXPECT_EQ(message(), "PLogP_save: the file name is NULL");
    EXPECT_NE(PLogP_save("/nonexistent/dir/x.txt", m), CPM_OK);

    // loading: no file, no name, another model's file, a broken file
    EXPECT_EQ(PLogP_load("/nonexistent/capi.txt"), nullptr);
    EXPECT_TRUE(contains(message(), "PLogP_load: cannot open model file "
                                    "'/nonexistent/capi.txt'"))
        << message();
    EXPECT_EQ(PLogP_load(nullptr), nullptr);
    EXPECT_EQ(message(), "PLogP_load: the file name is NULL");
    Hockney_model *h = hockney3();
    ASSERT_EQ(Hockney_save(f.c_str(), h), CPM_OK) << message();
    EXPECT_EQ(PLogP_load(f.c_str()), nullptr);
    EXPECT_TRUE(contains(message(), "PLogP_load: " + f + ":")) << message();
    EXPECT_TRUE(contains(message(), "Hockney model, not PLogP")) << message();
    ASSERT_EQ(PLogP_save(f.c_str(), m), CPM_OK) << message();
    EXPECT_EQ(Hockney_load(f.c_str()), nullptr);
    EXPECT_TRUE(contains(message(), "PLogP model, not Hockney")) << message();
    EXPECT_EQ(LMO_load(f.c_str()), nullptr);
    EXPECT_TRUE(contains(message(), "PLogP model, not LMO")) << message();
    std::string text = slurp(f);
    std::size_t cut = text.rfind("\ng ");
    ASSERT_NE(cut, std::string::npos);
    spit(f, text.substr(0, cut + 1)); // the last gap missing
    EXPECT_EQ(PLogP_load(f.c_str()), nullptr);
    EXPECT_TRUE(contains(message(), "PLogP_load: ")) << message();
    Hockney_free(h);
    PLogP_free(m);
    std::remove(f.c_str());
}

TEST(CapiIndices, PairIndexFollowsAllPairs)
{
    for (int n = 2; n <= 9; ++n) {
        EXPECT_EQ(CPM_C2(n), long(n) * (n - 1) / 2);
        std::vector<cpm::bench::Pair> pairs = cpm::bench::all_pairs(n);
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            EXPECT_EQ(CPM_pair_index(n, pairs[p].i, pairs[p].j), int(p));
            EXPECT_EQ(CPM_pair_index(n, pairs[p].j, pairs[p].i), int(p));
        }
    }
    EXPECT_EQ(CPM_pair_index(4, 2, 2), -1);
    EXPECT_TRUE(contains(message(), "CPM_pair_index: no pair 2,2")) << message();
    EXPECT_EQ(CPM_pair_index(4, 0, 4), -1);
    EXPECT_EQ(CPM_C2(1), 0);
}

TEST(CapiIndices, TripletIndexFollowsAllTriplets)
{
    for (int n = 3; n <= 12; ++n) {
        std::vector<cpm::bench::Triplet> tr = cpm::bench::all_triplets(n);
        ASSERT_EQ(CPM_C3(n), long(tr.size()));
        for (std::size_t e = 0; e < tr.size(); ++e) {
            int v[3] = {tr[e].i, tr[e].j, tr[e].k};
            EXPECT_EQ(CPM_IJK2INDEX(n, v[0], v[1], v[2]), long(e));
            std::sort(v, v + 3);
            do
                EXPECT_EQ(CPM_triplet_index(n, v[0], v[1], v[2]), long(e));
            while (std::next_permutation(v, v + 3));
        }
    }
    // The macro also works on long arguments beyond int arithmetic.
    long big = 3000;
    EXPECT_EQ(CPM_IJK2INDEX(big, big - 3, big - 2, big - 1), CPM_C3(3000) - 1);
    EXPECT_EQ(CPM_triplet_index(3000, 2997, 2998, 2999), CPM_C3(3000) - 1);
    EXPECT_EQ(CPM_triplet_index(5, 1, 1, 2), -1);
    EXPECT_TRUE(contains(message(), "not distinct")) << message();
    EXPECT_EQ(CPM_triplet_index(5, 0, 1, 5), -1);
    EXPECT_EQ(CPM_C3(2), 0);
    EXPECT_EQ(CPM_C3(5), 10);
}

TEST(CapiIndices, OneToOneResultsGoWhereDocumented)
{
    // The order of bench::measure_triplets' one-to-one results (sender,
    // receiver) of triplet i < j < k, as benchmark_p2p.h states it.
    for (int n = 3; n <= 6; ++n) {
        std::vector<cpm::bench::Triplet> tr = cpm::bench::all_triplets(n);
        for (std::size_t e = 0; e < tr.size(); ++e) {
            int i = tr[e].i, j = tr[e].j, k = tr[e].k;
            const int order[6][2] = {{i, j}, {i, k}, {j, i},
                                     {j, k}, {k, i}, {k, j}};
            // cpm.h: results_p2p[q][3t + r] is from root r (i, j, k) to
            // its lower (q = 0) or higher (q = 1) peer.
            const int root[3] = {i, j, k};
            const int peer[3][2] = {{j, k}, {i, k}, {i, j}};
            for (int r = 0; r < 3; ++r)
                for (int q = 0; q < 2; ++q) {
                    std::size_t x = cpm::capi::one_to_one_of(3 * e + r, q);
                    ASSERT_LT(x, 6 * tr.size());
                    ASSERT_EQ(x / 6, e);
                    EXPECT_EQ(order[x % 6][0], root[r]);
                    EXPECT_EQ(order[x % 6][1], peer[r][q]);
                }
        }
    }
}

TEST(CapiErrors, MessagesAreKeptPerThread)
{
    EXPECT_TRUE(std::isnan(Hockney_estimate(nullptr, 0, 1, 0)));
    std::string mine = message();
    std::string theirs;
    std::thread other([&] {
        theirs = message(); // nothing failed in this thread yet
        LMO_alloc(-1);
    });
    other.join();
    EXPECT_EQ(theirs, "");
    EXPECT_EQ(message(), mine);
}

TEST(CapiMisc, DefaultPrecisionAndR)
{
    MPIB_precision p = CPM_default_precision();
    EXPECT_EQ(p.min_reps, 5);
    EXPECT_EQ(p.max_reps, 100);
    EXPECT_EQ(p.cl, 0.95);
    EXPECT_EQ(p.eps, 0.025);
    EXPECT_EQ(CPM_endR(), CPM_OK);
}

} // namespace
