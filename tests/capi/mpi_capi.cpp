// The collective calls of the C API at 2..4 processes: Hockney_build,
// LMO_build and its stages (at least 3 processes; R on rank 0),
// PLogP_build, CPM_measure_p2pp(_p2p). Models come out the same on every
// rank, and bad input or too few processes fail on every rank with the
// same message.
#include "cpm.h"

#include "model_data.h"
#include "model_plogp.h"
#include "rbridge.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <mpi.h>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

MPIB_precision quick()
{
    MPIB_precision p = CPM_default_precision();
    p.min_reps = 3;
    p.max_reps = 8;
    return p;
}

int world_size()
{
    int n = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}

int world_rank()
{
    int r = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

bool same_everywhere(double x)
{
    double lo = 0, hi = 0;
    MPI_Allreduce(&x, &lo, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&x, &hi, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return lo == hi || (std::isnan(lo) && std::isnan(hi));
}

/* The same text on every rank (compared with rank 0's). */
bool same_text_everywhere(const std::string &s)
{
    int len = int(s.size());
    MPI_Bcast(&len, 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::string root(std::size_t(len), '\0');
    if (world_rank() == 0)
        root = s;
    MPI_Bcast(root.data(), len, MPI_CHAR, 0, MPI_COMM_WORLD);
    int mine = root == s ? 1 : 0, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all == 1;
}

void expect_result(const MPIB_result &r, int M, const MPIB_precision &p)
{
    EXPECT_EQ(r.M, M);
    EXPECT_TRUE(std::isfinite(r.T));
    EXPECT_GT(r.T, 0.0);
    EXPECT_GT(r.wtick, 0.0);
    EXPECT_GE(r.reps, p.min_reps);
    EXPECT_LE(r.reps, p.max_reps);
    EXPECT_GE(r.ci, 0.0);
}

std::string slurp(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/* On rank 0: the file of a saved model, loaded and saved again, is the
 * same byte for byte. */
template <class Model>
void expect_round_trip(Model *m, int (*save)(const char *, const Model *),
                       Model *(*load)(const char *), int (*free_)(Model *))
{
    if (world_rank() != 0)
        return;
    std::string f1 = "capi_mpi_1_" + std::to_string(getpid()) + ".txt";
    std::string f2 = "capi_mpi_2_" + std::to_string(getpid()) + ".txt";
    ASSERT_EQ(save(f1.c_str(), m), CPM_OK) << CPM_error_message();
    Model *g = load(f1.c_str());
    ASSERT_NE(g, nullptr) << CPM_error_message();
    ASSERT_EQ(save(f2.c_str(), g), CPM_OK) << CPM_error_message();
    EXPECT_EQ(slurp(f1), slurp(f2));
    EXPECT_NE(slurp(f1).find("measured mpi "), std::string::npos);
    free_(g);
    std::remove(f1.c_str());
    std::remove(f2.c_str());
}

TEST(CapiHockney, BuildGivesTheSameModelEverywhere)
{
    int n = world_size();
    Hockney_model *h = nullptr;
    ASSERT_EQ(Hockney_build(MPI_COMM_WORLD, 4096, 1, quick(), &h), CPM_OK)
        << CPM_error_message();
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->n, n);
    for (long p = 0; p < CPM_C2(n); ++p) {
        EXPECT_TRUE(std::isfinite(h->a[p]));
        EXPECT_GT(h->a[p], 0.0);
        EXPECT_TRUE(std::isfinite(h->b[p]));
        EXPECT_TRUE(same_everywhere(h->a[p]));
        EXPECT_TRUE(same_everywhere(h->b[p]));
    }
    double t = Hockney_estimate(h, 0, n - 1, 4096);
    EXPECT_TRUE(std::isfinite(t));
    EXPECT_GT(t, 0.0);
    // finite, not positive: under load a noisy beta < 0 can make every
    // leg of the tree negative, and the estimate is then 0
    EXPECT_TRUE(std::isfinite(Hockney_estimate_sg_binomial(h, 0, 4096)));
    expect_round_trip(h, Hockney_save, Hockney_load, Hockney_free);
    Hockney_free(h);
}

TEST(CapiHockney, ModelOnlyOnRankZero)
{
    Hockney_model *h = nullptr;
    Hockney_model **where = world_rank() == 0 ? &h : nullptr;
    ASSERT_EQ(Hockney_build(MPI_COMM_WORLD, 1024, 0, quick(), where), CPM_OK)
        << CPM_error_message();
    EXPECT_EQ(h != nullptr, world_rank() == 0);
    Hockney_free(h);
}

TEST(CapiHockney, BadInputFailsOnEveryRank)
{
    Hockney_model *h = nullptr;
    EXPECT_EQ(Hockney_build(MPI_COMM_WORLD, 0, 1, quick(), &h), CPM_ERR_INPUT);
    EXPECT_EQ(h, nullptr);
    EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
    EXPECT_EQ(std::string(CPM_error_message()),
              "Hockney_build: message size M must be positive, got 0");
    // no model on rank 0: every rank fails
    Hockney_model **where = world_rank() == 0 ? nullptr : &h;
    EXPECT_EQ(Hockney_build(MPI_COMM_WORLD, 1024, 1, quick(), where),
              CPM_ERR_INPUT);
    EXPECT_EQ(std::string(CPM_error_message()),
              "Hockney_build: model must not be NULL on rank 0");
    MPIB_precision bad = quick();
    bad.cl = 1.5;
    EXPECT_EQ(Hockney_build(MPI_COMM_WORLD, 1024, 1, bad, &h), CPM_ERR_INPUT);
    EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
    EXPECT_EQ(h, nullptr);
}

TEST(CapiMeasure, OneToTwo)
{
    int n = world_size();
    MPIB_precision p = quick();
    std::vector<MPIB_result> r(std::size_t(3 * CPM_C3(n)) + 1);
    int rc = CPM_measure_p2pp(MPI_COMM_WORLD, 2048, 1, p, r.data());
    if (n < 3) {
        EXPECT_EQ(rc, CPM_ERR_INPUT);
        EXPECT_NE(std::string(CPM_error_message()).find(
                      "CPM_measure_p2pp: one-to-two experiments need at "
                      "least 3 processes"),
                  std::string::npos)
            << CPM_error_message();
        EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
        return;
    }
    ASSERT_EQ(rc, CPM_OK) << CPM_error_message();
    for (long e = 0; e < 3 * CPM_C3(n); ++e) {
        expect_result(r[std::size_t(e)], 2048, p);
        EXPECT_TRUE(same_everywhere(r[std::size_t(e)].T));
    }
}

TEST(CapiMeasure, OneToTwoAndOneToOne)
{
    int n = world_size();
    MPIB_precision p = quick();
    std::size_t count = std::size_t(3 * CPM_C3(n)) + 1;
    std::vector<MPIB_result> r(count), lo(count), hi(count);
    MPIB_result *p2p[2] = {lo.data(), hi.data()};
    int rc = CPM_measure_p2pp_p2p(MPI_COMM_WORLD, 1024, 0, p, r.data(), p2p);
    if (n < 3) {
        EXPECT_EQ(rc, CPM_ERR_INPUT);
        EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
        return;
    }
    ASSERT_EQ(rc, CPM_OK) << CPM_error_message();
    for (std::size_t e = 0; e + 1 < count; ++e) {
        expect_result(r[e], 1024, p);
        expect_result(lo[e], 1024, p);
        expect_result(hi[e], 1024, p);
    }
    // Missing arrays on rank 0: every rank fails.
    MPIB_result *half[2] = {lo.data(), world_rank() == 0 ? nullptr : hi.data()};
    EXPECT_EQ(CPM_measure_p2pp_p2p(MPI_COMM_WORLD, 1024, 0, p, r.data(), half),
              CPM_ERR_INPUT);
    EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
}

/* The LMO sweep: 21 sizes, enough for Bai-Perron segments of 3. */
const int kStride = 2048, kMax = 40960;

void expect_lmo(const LMO_model *m, int n)
{
    EXPECT_EQ(m->n, n);
    for (int i = 0; i < n; ++i) {
        EXPECT_TRUE(std::isfinite(m->C[i]));
        EXPECT_TRUE(std::isfinite(m->t[i]));
        EXPECT_TRUE(same_everywhere(m->C[i]));
    }
    for (long p = 0; p < CPM_C2(n); ++p) {
        EXPECT_TRUE(std::isfinite(m->L[p]));
        EXPECT_TRUE(std::isfinite(m->b[p]));
        EXPECT_TRUE(same_everywhere(m->b[p]));
    }
    EXPECT_TRUE(m->S == -1 || (m->S >= 0 && m->S <= kMax)) << m->S;
    EXPECT_TRUE(same_everywhere(m->S));
    EXPECT_TRUE(same_everywhere(m->M2));
    // the small one-to-many line is fitted whenever sizes lie below S
    EXPECT_TRUE(std::isfinite(m->one2many_small[1]));
    EXPECT_TRUE(std::isfinite(LMO_estimate_p2p(m, 0, n - 1, 1024)));
    EXPECT_TRUE(std::isfinite(LMO_estimate_one2many(m, 0, 1024)));
    EXPECT_TRUE(std::isfinite(LMO_estimate_many2one(m, n - 1, 1024)));
}

TEST(CapiLmo, Build)
{
    int n = world_size();
    if (!cpm::rbridge::available())
        GTEST_SKIP() << "built without R";
    LMO_model *m = nullptr;
    int rc = LMO_build(MPI_COMM_WORLD, kStride, kMax, 1, quick(), &m);
    if (n < 3) {
        EXPECT_EQ(rc, CPM_ERR_INPUT);
        EXPECT_EQ(m, nullptr);
        EXPECT_EQ(std::string(CPM_error_message()),
                  "LMO_build: the LMO model needs at least 3 processes, got 2");
        EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
        return;
    }
    ASSERT_EQ(rc, CPM_OK) << CPM_error_message();
    ASSERT_NE(m, nullptr);
    expect_lmo(m, n);
    expect_round_trip(m, LMO_save, LMO_load, LMO_free);
    LMO_free(m);
}

TEST(CapiLmo, BuildInStages)
{
    int n = world_size();
    if (!cpm::rbridge::available())
        GTEST_SKIP() << "built without R";
    if (world_rank() == 0) {
        EXPECT_EQ(CPM_initR(), CPM_OK) << CPM_error_message();
    }
    // The model only on rank 0, as CPM 1.0.1 programs have it.
    LMO_model *m = world_rank() == 0 ? LMO_alloc(n) : nullptr;
    MPIB_precision p = quick();
    // stage 3 before stages 1 and 2: every rank fails
    int rc = LMO_build_p2p(m, MPI_COMM_WORLD, 1, p);
    EXPECT_EQ(rc, CPM_ERR_INPUT);
    EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
    if (n < 3) {
        EXPECT_EQ(LMO_build_one2many(m, MPI_COMM_WORLD, kStride, kMax, p),
                  CPM_ERR_INPUT);
        EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
        LMO_free(m);
        return;
    }
    EXPECT_EQ(std::string(CPM_error_message()),
              "LMO_build_p2p: the model on rank 0 needs LMO_build_one2many "
              "and LMO_build_many2one first");
    // too few sizes for Bai-Perron: every rank fails
    EXPECT_EQ(LMO_build_one2many(m, MPI_COMM_WORLD, kStride, 10 * kStride, p),
              CPM_ERR_INPUT);
    EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
    ASSERT_EQ(LMO_build_one2many(m, MPI_COMM_WORLD, kStride, kMax, p), CPM_OK)
        << CPM_error_message();
    ASSERT_EQ(LMO_build_many2one(m, MPI_COMM_WORLD, kStride, kMax, p), CPM_OK)
        << CPM_error_message();
    ASSERT_EQ(LMO_build_p2p(m, MPI_COMM_WORLD, 0, p), CPM_OK)
        << CPM_error_message();
    if (world_rank() == 0) {
        EXPECT_EQ(m->n, n);
        for (int i = 0; i < n; ++i)
            EXPECT_TRUE(std::isfinite(m->C[i]));
        EXPECT_TRUE(std::isfinite(m->one2many_small[0]));
        EXPECT_TRUE(std::isfinite(LMO_estimate_one2many(m, 0, 1024)));
        std::string f = "capi_stages_" + std::to_string(getpid()) + ".txt";
        ASSERT_EQ(LMO_save(f.c_str(), m), CPM_OK) << CPM_error_message();
        std::string text = slurp(f);
        EXPECT_NE(text.find("measured command LMO_build_one2many stride=2048 "
                            "max_size=40960; LMO_build_many2one stride=2048 "
                            "max_size=40960; LMO_build_p2p parallel=0\n"),
                  std::string::npos)
            << text;
        std::remove(f.c_str());
    }
    LMO_free(m);
    EXPECT_EQ(CPM_endR(), CPM_OK);
}

TEST(CapiLmo, ModelOfTheWrongSize)
{
    LMO_model *m = LMO_alloc(world_size() + 1);
    EXPECT_EQ(LMO_build_one2many(m, MPI_COMM_WORLD, kStride, kMax, quick()),
              CPM_ERR_INPUT);
    EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
    EXPECT_NE(std::string(CPM_error_message()).find("the communicator has"),
              std::string::npos)
        << CPM_error_message();
    LMO_free(m);
}

/* PLogP at sizes 0, 1024, 2048: few sizes, as trains are measured at
 * each. */
const int kPStride = 1024, kPMax = 2048;

TEST(CapiPLogP, BuildGivesTheSameModelEverywhere)
{
    int n = world_size();
    PLogP_model *m = nullptr;
    ASSERT_EQ(PLogP_build(MPI_COMM_WORLD, kPStride, kPMax, 1, quick(), &m),
              CPM_OK)
        << CPM_error_message();
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->n, n);
    ASSERT_EQ(m->nsizes, 3);
    EXPECT_EQ(m->sizes[0], 0);
    EXPECT_EQ(m->sizes[1], 1024);
    EXPECT_EQ(m->sizes[2], 2048);
    for (long p = 0; p < CPM_C2(n); ++p) {
        EXPECT_TRUE(std::isfinite(m->L[p]));
        EXPECT_TRUE(same_everywhere(m->L[p]));
        for (long k = 0; k < 3; ++k)
            for (const double *v : {m->os, m->or_, m->g}) {
                EXPECT_TRUE(std::isfinite(v[3 * p + k]));
                EXPECT_TRUE(same_everywhere(v[3 * p + k]));
            }
    }
    double t = PLogP_estimate(m, n - 1, 0, 1500);
    EXPECT_TRUE(std::isfinite(t)) << CPM_error_message();
    EXPECT_TRUE(same_everywhere(t));
    EXPECT_TRUE(std::isfinite(PLogP_estimate_LogGP(m, 0, n - 1, 1500)))
        << CPM_error_message();
    expect_round_trip(m, PLogP_save, PLogP_load, PLogP_free);
    // On rank 0: the C++ model of the saved file predicts the same.
    if (world_rank() == 0) {
        std::string f = "capi_mpi_p_" + std::to_string(getpid()) + ".txt";
        ASSERT_EQ(PLogP_save(f.c_str(), m), CPM_OK) << CPM_error_message();
        std::ifstream in(f);
        cpm::models::PLogP cm = cpm::models::PLogP::from_data(
            cpm::models::read_text(in, f, "PLogP",
                                   cpm::models::PLogP::schema()));
        cpm::models::LogGP lg = cpm::models::loggp_from_plogp(cm);
        EXPECT_NE(slurp(f).find("measured command PLogP_build stride=1024 "
                                "max_size=2048 parallel=1\n"),
                  std::string::npos)
            << slurp(f);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                for (int M : {0, 1, 1024, 1500, 4096}) {
                    EXPECT_EQ(PLogP_estimate(m, i, j, M), cm.p2p(i, j, M));
                    EXPECT_EQ(PLogP_estimate_LogGP(m, i, j, M),
                              lg.p2p(i, j, M));
                }
        std::remove(f.c_str());
    }
    PLogP_free(m);
}

TEST(CapiPLogP, ModelOnlyOnRankZero)
{
    PLogP_model *m = nullptr;
    PLogP_model **where = world_rank() == 0 ? &m : nullptr;
    ASSERT_EQ(PLogP_build(MPI_COMM_WORLD, kPMax, kPMax, 0, quick(), where),
              CPM_OK)
        << CPM_error_message();
    EXPECT_EQ(m != nullptr, world_rank() == 0);
    if (m) {
        EXPECT_EQ(m->nsizes, 2); // 0 and max_size
    }
    PLogP_free(m);
}

TEST(CapiPLogP, BadInputFailsOnEveryRank)
{
    PLogP_model *m = nullptr;
    MPIB_precision p = quick();
    struct Case {
        int stride, max_size;
        const char *message;
    } cases[] = {
        {0, kPMax, "PLogP_build: stride must be at least 1, got 0"},
        {kPStride, -1, "PLogP_build: max_size must lie in 0..2^30, got -1"},
        {kPStride, 512,
         "PLogP_build: max_size 512 is below stride 1024: PLogP needs a "
         "message size above 0"},
    };
    for (const Case &c : cases) {
        EXPECT_EQ(PLogP_build(MPI_COMM_WORLD, c.stride, c.max_size, 1, p, &m),
                  CPM_ERR_INPUT);
        EXPECT_EQ(m, nullptr);
        EXPECT_EQ(std::string(CPM_error_message()), c.message);
        EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
    }
    // no model on rank 0: every rank fails
    PLogP_model **where = world_rank() == 0 ? nullptr : &m;
    EXPECT_EQ(PLogP_build(MPI_COMM_WORLD, kPStride, kPMax, 1, p, where),
              CPM_ERR_INPUT);
    EXPECT_EQ(std::string(CPM_error_message()),
              "PLogP_build: model must not be NULL on rank 0");
    EXPECT_EQ(m, nullptr);
    MPIB_precision bad = p;
    bad.min_reps = 0;
    EXPECT_EQ(PLogP_build(MPI_COMM_WORLD, kPStride, kPMax, 1, bad, &m),
              CPM_ERR_INPUT);
    EXPECT_TRUE(same_text_everywhere(CPM_error_message()));
    EXPECT_EQ(m, nullptr);
    // one process: too few
    EXPECT_EQ(PLogP_build(MPI_COMM_SELF, kPStride, kPMax, 1, p, &m),
              CPM_ERR_INPUT);
    EXPECT_EQ(std::string(CPM_error_message()),
              "PLogP_build: the PLogP model needs at least 2 processes, got 1");
    EXPECT_EQ(m, nullptr);
}

} // namespace
