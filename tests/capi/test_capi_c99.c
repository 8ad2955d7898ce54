/* The serial part of the C API from a program written in C99 and compiled
 * by the C compiler: models made in C, estimates by hand, save, load and
 * save again byte for byte, errors, and the triplet index macro against a
 * lexicographic enumeration. Exit status 0 if every check passes. */
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
    indices();
    if (failures)
        fprintf(stderr, "test_capi_c99: %d checks failed\n", failures);
    return failures ? 1 : 0;
}
