/* The serial part of the C API from a program written in C99 and compiled
 * by the C compiler: models made in C (Hockney, LMO, PLogP), estimates by
 * hand, save, load and save again byte for byte, errors, and the triplet
 * index macro against a lexicographic enumeration. Exit status 0 if every
 * check passes. */
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

#define CLOSE(x, y) (fabs((x) - (y)) <= 1e-12)

/* The whole of a file as a string (malloc'd; NULL if unreadable). */
static char *slurp(const char *name)
{
    FILE *f = fopen(name, "rb");
    char *text;
    long size;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)calloc((size_t)size + 1, 1);
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        text = NULL;
    }
    fclose(f);
    return text;
}

static int same_files(const char *a, const char *b)
{
    char *x = slurp(a), *y = slurp(b);
    int same = x && y && strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

static void hockney(void)
{
    const char *f1 = "capi_c99_h1.txt", *f2 = "capi_c99_h2.txt";
    Hockney_model *h = Hockney_alloc(3), *g;
    int p;
    CHECK(h != NULL);
    if (!h)
        return;
    for (p = 0; p < 3; ++p) {
        h->a[p] = (p + 1) * 1e-5;
        h->b[p] = (p + 1) * 1e-9;
    }
    CHECK(CLOSE(Hockney_estimate(h, 2, 0, 1000), 2.2e-5));
    CHECK(CLOSE(Hockney_estimate_sg_linear_sequential(h, 0, 1000), 3.3e-5));
    CHECK(CLOSE(Hockney_estimate_sg_linear_parallel(h, 0, 1000), 2.2e-5));
    CHECK(CLOSE(Hockney_hestimate_sg_binomial(h, 0, 1000), 4.4e-5));
    CHECK(isnan(Hockney_estimate(h, 0, 7, 1000)));
    CHECK(strcmp(CPM_error_message(),
                 "Hockney_estimate: rank 7 is outside 0..2") == 0);

    CHECK(Hockney_save(f1, h) == CPM_OK);
    g = Hockney_load(f1);
    CHECK(g != NULL);
    if (g) {
        CHECK(g->n == 3 && g->a[2] == h->a[2] && g->b[1] == h->b[1]);
        CHECK(Hockney_save(f2, g) == CPM_OK);
        CHECK(same_files(f1, f2));
        Hockney_free(g);
    }
    CHECK(Hockney_load("capi_c99_missing.txt") == NULL);
    CHECK(strstr(CPM_error_message(), "Hockney_load: cannot open") != NULL);
    CHECK(LMO_load(f1) == NULL);
    CHECK(strstr(CPM_error_message(), "not LMO") != NULL);
    Hockney_free(h);
    remove(f1);
    remove(f2);
}

static void lmo(void)
{
    const char *f1 = "capi_c99_l1.txt", *f2 = "capi_c99_l2.txt";
    LMO_model *m = LMO_alloc(3), *g;
    int k;
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK(m->S == -1 && m->M1 == -1 && m->M2 == -1);
    CHECK(isnan(m->one2many_small[0]) && isnan(m->many2one_large[1]));
    for (k = 0; k < 3; ++k) {
        m->C[k] = (k + 1) * 1e-6;
        m->t[k] = (k + 1) * 1e-9;
        m->L[k] = (k + 1) * 10e-6;
        m->b[k] = (1 << k) * 1e8;
    }
    CHECK(CLOSE(LMO_estimate_p2p(m, 0, 1, 1000), 26e-6));
    CHECK(CLOSE(LMO_estimate_one2many(m, 0, 1000), 35e-6));
    m->S = 999;
    CHECK(CLOSE(LMO_estimate_one2many(m, 0, 1000), 59e-6));
    m->one2many_small[0] = 1e-5;
    m->one2many_small[1] = 2e-9;
    CHECK(LMO_save(f1, m) == CPM_OK);
    g = LMO_load(f1);
    CHECK(g != NULL);
    if (g) {
        CHECK(g->S == 999 && g->M2 == -1 && g->one2many_small[1] == 2e-9);
        CHECK(isnan(g->one2many_large[0]));
        CHECK(LMO_save(f2, g) == CPM_OK);
        CHECK(same_files(f1, f2));
        LMO_free(g);
    }
    m->b[0] = INFINITY;
    CHECK(LMO_save(f2, m) == CPM_ERR_INPUT);
    LMO_free(m);
    remove(f1);
    remove(f2);
}

static void plogp(void)
{
    const char *f1 = "capi_c99_p1.txt", *f2 = "capi_c99_p2.txt";
    const char *fh = "capi_c99_ph.txt";
    const int sizes[2] = {0, 1000};
    PLogP_model *m = PLogP_alloc(3, 2, sizes), *g;
    Hockney_model *h;
    int p;
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK(m->n == 3 && m->nsizes == 2 && m->sizes[1] == 1000);
    /* pair p: L = (p+1) 10 us; at 0 and 1000 bytes os 1, 2 us, or 1.5,
     * 2.5 us, g 3, (p+5) us */
    for (p = 0; p < 3; ++p) {
        m->L[p] = (p + 1) * 10e-6;
        m->os[2 * p] = 1e-6;
        m->os[2 * p + 1] = 2e-6;
        m->or_[2 * p] = 1.5e-6;
        m->or_[2 * p + 1] = 2.5e-6;
        m->g[2 * p] = 3e-6;
        m->g[2 * p + 1] = (p + 5) * 1e-6;
    }
    /* L + g(M), g linear between the sizes */
    CHECK(CLOSE(PLogP_estimate(m, 0, 1, 1000), 15e-6));
    CHECK(CLOSE(PLogP_estimate(m, 2, 1, 500), 30e-6 + 5e-6));
    CHECK(CLOSE(PLogP_g(m, 0, 2, 2000), 9e-6));
    CHECK(CLOSE(PLogP_os(m, 1, 0, 500), 1.5e-6));
    CHECK(CLOSE(PLogP_or(m, 1, 0, 0), 1.5e-6));
    /* LogGP of pair (0,1), 1000 bytes standing for 1: L = 10 + 5 - 2 -
     * 2.5 = 10.5 us, 2o = 4.5 us, G = 5 ns/B */
    CHECK(CLOSE(PLogP_estimate_LogGP(m, 1, 0, 1), 15e-6));
    CHECK(CLOSE(PLogP_estimate_LogGP(m, 0, 1, 201), 16e-6));
    CHECK(PLogP_estimate_LogGP(m, 2, 2, 201) == 0);
    CHECK(isnan(PLogP_estimate(m, 0, 3, 1000)));
    CHECK(strcmp(CPM_error_message(),
                 "PLogP_estimate: rank 3 is outside 0..2") == 0);
    CHECK(isnan(PLogP_estimate_LogGP(m, 0, 1, -1)));
    CHECK(strcmp(CPM_error_message(),
                 "PLogP_estimate_LogGP: message size -1 is negative") == 0);
    CHECK(isnan(PLogP_estimate(NULL, 0, 1, 0)));
    CHECK(strcmp(CPM_error_message(), "PLogP_estimate: the model is NULL") ==
          0);

    CHECK(PLogP_save(f1, m) == CPM_OK);
    g = PLogP_load(f1);
    CHECK(g != NULL);
    if (g) {
        CHECK(g->n == 3 && g->nsizes == 2 && g->sizes[0] == 0);
        CHECK(g->L[2] == m->L[2] && g->g[5] == m->g[5]);
        CHECK(g->or_[1] == m->or_[1] && g->os[4] == m->os[4]);
        CHECK(PLogP_estimate(g, 1, 2, 777) == PLogP_estimate(m, 1, 2, 777));
        CHECK(PLogP_save(f2, g) == CPM_OK);
        CHECK(same_files(f1, f2));
        PLogP_free(g);
    }
    /* the file of another model */
    h = Hockney_alloc(3);
    CHECK(h != NULL && Hockney_save(fh, h) == CPM_OK);
    CHECK(PLogP_load(fh) == NULL);
    CHECK(strstr(CPM_error_message(), "Hockney model, not PLogP") != NULL);
    CHECK(Hockney_load(f1) == NULL);
    CHECK(strstr(CPM_error_message(), "PLogP model, not Hockney") != NULL);
    CHECK(PLogP_alloc(3, 2, NULL) == NULL);
    CHECK(strcmp(CPM_error_message(), "PLogP_alloc: sizes is NULL") == 0);
    m->g[0] = NAN;
    CHECK(PLogP_save(f2, m) == CPM_ERR_INPUT);
    Hockney_free(h);
    PLogP_free(m);
    remove(f1);
    remove(f2);
    remove(fh);
}

static void indices(void)
{
    int n, i, j, k;
    for (n = 3; n <= 10; ++n) {
        long e = 0;
        int pair = 0;
        for (i = 0; i < n; ++i)
            for (j = i + 1; j < n; ++j) {
                CHECK(CPM_pair_index(n, j, i) == pair);
                ++pair;
                for (k = j + 1; k < n; ++k) {
                    CHECK(CPM_IJK2INDEX(n, i, j, k) == e);
                    CHECK(CPM_triplet_index(n, k, i, j) == e);
                    ++e;
                }
            }
        CHECK(e == CPM_C3(n) && pair == CPM_C2(n));
    }
    CHECK(CPM_triplet_index(4, 0, 0, 1) == -1);
}

int main(void)
{
    MPIB_precision p = CPM_default_precision();
    CHECK(p.min_reps == 5 && p.max_reps == 100);
    hockney();
    lmo();
    plogp();
    indices();
    if (failures)
        fprintf(stderr, "test_capi_c99: %d checks failed\n", failures);
    return failures ? 1 : 0;
}
