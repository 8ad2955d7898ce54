/* A program in the style of CPM 1.0.1, using only cpm.h and MPI: builds
 * the Hockney and PLogP models, measures the one-to-two and one-to-one
 * times of every triplet and builds the LMO model, and checks what comes
 * back. The code
 * is C (C99); it is compiled as C++ only because configure gives the C
 * compiler no MPI flags (see tests/capi/local.mk). Exit status 0 on every
 * rank if every check passed on every rank. */
#include "cpm.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n",   \
                    __FILE__, __LINE__, #cond, CPM_error_message());         \
            ++failures;                                                      \
        }                                                                    \
    } while (0)

static int good_result(const MPIB_result *r, int M)
{
    return r->M == M && isfinite(r->T) && r->T > 0 && r->reps >= 1;
}

static void hockney(MPI_Comm comm, int rank, int n, MPIB_precision precision)
{
    Hockney_model *model = NULL, *loaded;
    const char *name = "capi_compat_hockney.txt";
    int i, j;
    CHECK(Hockney_build(comm, 65536, 1, precision, &model) == 0);
    if (rank != 0 || !model) {
        Hockney_free(model);
        return;
    }
    CHECK(Hockney_save(name, model) == 0);
    loaded = Hockney_load(name);
    CHECK(loaded != NULL);
    for (i = 0; i < n && loaded; ++i)
        for (j = i + 1; j < n; ++j) {
            int p = CPM_pair_index(n, i, j);
            CHECK(loaded->a[p] == model->a[p] && loaded->b[p] == model->b[p]);
            CHECK(fabs(Hockney_estimate(loaded, j, i, 1024) -
                       (model->a[p] + model->b[p] * 1024)) <=
                  1e-12 * fabs(model->a[p]));
        }
    printf("Hockney: scatter of 64 KiB from 0: %g s (binomial %g s)\n",
           Hockney_estimate_sg_linear_sequential(model, 0, 65536),
           Hockney_estimate_sg_binomial(model, 0, 65536));
    Hockney_free(loaded);
    Hockney_free(model);
    remove(name);
}

static void plogp(MPI_Comm comm, int rank, int n, MPIB_precision precision)
{
    PLogP_model *model = NULL, *loaded;
    const char *name = "capi_compat_plogp.txt";
    int i, j, k, K;
    CHECK(PLogP_build(comm, 1024, 4096, 1, precision, &model) == 0);
    if (rank != 0 || !model) {
        PLogP_free(model);
        return;
    }
    K = model->nsizes;
    CHECK(K == 5 && model->sizes[K - 1] == 4096);
    CHECK(PLogP_save(name, model) == 0);
    loaded = PLogP_load(name);
    CHECK(loaded != NULL);
    for (i = 0; i < n && loaded; ++i)
        for (j = i + 1; j < n; ++j) {
            int p = CPM_pair_index(n, i, j);
            CHECK(loaded->L[p] == model->L[p]);
            for (k = 0; k < K; ++k)
                CHECK(loaded->os[p * K + k] == model->os[p * K + k] &&
                      loaded->or_[p * K + k] == model->or_[p * K + k] &&
                      loaded->g[p * K + k] == model->g[p * K + k]);
            /* at a measured size: L + g */
            CHECK(PLogP_estimate(loaded, j, i, 2048) ==
                  model->L[p] + model->g[p * K + 2]);
            CHECK(isfinite(PLogP_estimate_LogGP(loaded, i, j, 2048)));
        }
    printf("PLogP: 0 -> %d, 2 KiB: %g s (LogGP %g s)\n", n - 1,
           PLogP_estimate(model, 0, n - 1, 2048),
           PLogP_estimate_LogGP(model, 0, n - 1, 2048));
    PLogP_free(loaded);
    PLogP_free(model);
    remove(name);
}

static void measure(MPI_Comm comm, int rank, int n, MPIB_precision precision)
{
    long count = 3 * CPM_C3(n), t;
    int i, j, k, r;
    MPIB_result *p2pp = (MPIB_result *)malloc(sizeof(MPIB_result) * count);
    MPIB_result *p2p[2];
    p2p[0] = (MPIB_result *)malloc(sizeof(MPIB_result) * count);
    p2p[1] = (MPIB_result *)malloc(sizeof(MPIB_result) * count);
    CHECK(CPM_measure_p2pp(comm, 1024, 1, precision, p2pp) == 0);
    for (t = 0; t < count && rank == 0; ++t)
        CHECK(good_result(&p2pp[t], 1024));
    CHECK(CPM_measure_p2pp_p2p(comm, 4096, 1, precision, p2pp, p2p) == 0);
    for (i = 0; i < n && rank == 0; ++i)
        for (j = i + 1; j < n; ++j)
            for (k = j + 1; k < n; ++k) {
                t = CPM_IJK2INDEX(n, i, j, k);
                CHECK(t == CPM_triplet_index(n, i, j, k));
                for (r = 0; r < 3; ++r) {
                    CHECK(good_result(&p2pp[3 * t + r], 4096));
                    CHECK(good_result(&p2p[0][3 * t + r], 4096));
                    CHECK(good_result(&p2p[1][3 * t + r], 4096));
                }
            }
    free(p2pp);
    free(p2p[0]);
    free(p2p[1]);
}

static void lmo(MPI_Comm comm, int rank, int n, MPIB_precision precision)
{
    LMO_model *model = NULL;
    int rc;
    if (rank == 0)
        CPM_initR();
    rc = LMO_build(comm, 2048, 40960, 1, precision, &model);
    if (rc != 0 && strstr(CPM_error_message(), "without R")) {
        if (rank == 0)
            printf("LMO: skipped, CPM was built without R\n");
        return;
    }
    CHECK(rc == 0);
    if (rank == 0 && model) {
        CHECK(model->n == n);
        CHECK(model->S >= -1 && model->M1 >= -1 && model->M2 >= -1);
        CHECK(isfinite(LMO_estimate_p2p(model, 0, 1, 1024)));
        CHECK(isfinite(LMO_estimate_one2many(model, 0, 1024)));
        CHECK(isfinite(LMO_estimate_many2one(model, 0, 1024)));
        printf("LMO: S %d, M1 %d, M2 %d; 0 -> 1, 1 KiB: %g s\n", model->S,
               model->M1, model->M2, LMO_estimate_p2p(model, 0, 1, 1024));
    }
    /* The model-based gather, declared by cpm.h as in CPM 1.0.1: the
     * model set on rank 0 is broadcast; the data must arrive in rank
     * order whatever order the model chooses. */
    CHECK(LMO_initialize(comm, model) == MPI_SUCCESS);
    {
        int send[4], *recv = NULL, k, r;
        for (k = 0; k < 4; k++)
            send[k] = 100 * rank + k;
        if (rank == 0)
            recv = (int *)malloc(4 * n * sizeof(int));
        CHECK(CPM_Gather_linear_opt(send, 4, MPI_INT, recv, 4, MPI_INT, 0,
                                    comm) == MPI_SUCCESS);
        if (rank == 0)
            for (r = 0; r < n; r++)
                for (k = 0; k < 4; k++)
                    CHECK(recv[4 * r + k] == 100 * r + k);
        free(recv);
    }
    CHECK(LMO_finalize(comm) == MPI_SUCCESS);
    LMO_free(model);
    CPM_endR();
}

int main(int argc, char **argv)
{
    int rank = 0, n = 0, any = 0;
    MPIB_precision precision;
    MPIB_result one;
    LMO_model *none = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    precision.min_reps = 3;
    precision.max_reps = 8;
    precision.cl = 0.95;
    precision.eps = 0.025;

    hockney(MPI_COMM_WORLD, rank, n, precision);
    plogp(MPI_COMM_WORLD, rank, n, precision);
    if (n >= 3) {
        measure(MPI_COMM_WORLD, rank, n, precision);
        lmo(MPI_COMM_WORLD, rank, n, precision);
    } else {
        /* too few processes: an error on every rank, no abort */
        CHECK(CPM_measure_p2pp(MPI_COMM_WORLD, 0, 1, precision, &one) ==
              CPM_ERR_INPUT);
        CHECK(LMO_build(MPI_COMM_WORLD, 2048, 40960, 1, precision, &none) != 0);
        CHECK(none == NULL);
    }
    MPI_Allreduce(&failures, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return any ? 1 : 0;
}
