/* A user's C program against an installed CPM (tests/install/install_tree.sh):
 * only cpm.h and MPI, compiled by the MPI C compiler with the flags of
 * `pkg-config cpm`. Builds the Hockney model, saves and reloads it on
 * rank 0; with the argument "lmo" also the LMO model, whose thresholds
 * need R and CPM's R code (found where CPM was installed). Prints
 * "hello_capi: ok" on rank 0 and exits with 0 on every rank if all
 * went well. */
#include "cpm.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failed(const char *what)
{
    fprintf(stderr, "hello_capi: %s failed: %s\n", what, CPM_error_message());
    return 1;
}

int main(int argc, char **argv)
{
    int rank, n, bad = 0, all = 1;
    int lmo = argc > 1 && strcmp(argv[1], "lmo") == 0;
    MPIB_precision precision;
    Hockney_model *h = NULL, *loaded = NULL;
    LMO_model *l = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    precision = CPM_default_precision();
    precision.min_reps = 3;
    precision.max_reps = 10;

    if (Hockney_build(MPI_COMM_WORLD, 65536, 1, precision, &h) != CPM_OK)
        bad |= failed("Hockney_build");
    if (h && rank == 0) {
        if (Hockney_save("hello_capi_hockney.out", h) != CPM_OK)
            bad |= failed("Hockney_save");
        else if (!(loaded = Hockney_load("hello_capi_hockney.out")))
            bad |= failed("Hockney_load");
        else if (loaded->a[0] != h->a[0] || loaded->b[0] != h->b[0])
            bad |= failed("Hockney save-load");
        if (!isfinite(Hockney_estimate(h, 0, n - 1, 1024)))
            bad |= failed("Hockney_estimate");
        printf("hello_capi: %d processes, Hockney 0 -> %d, 1 KiB: %g s\n", n,
               n - 1, Hockney_estimate(h, 0, n - 1, 1024));
    }
    if (lmo) {
        if (LMO_build(MPI_COMM_WORLD, 2048, 40960, 1, precision, &l) != CPM_OK)
            bad |= failed("LMO_build");
        else if (!isfinite(LMO_estimate_p2p(l, 0, n - 1, 1024)))
            bad |= failed("LMO_estimate_p2p");
        else if (rank == 0)
            printf("hello_capi: LMO S %d, M1 %d, M2 %d\n", l->S, l->M1, l->M2);
    }
    MPI_Allreduce(&bad, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0 && all == 0)
        printf("hello_capi: ok\n");
    Hockney_free(loaded);
    Hockney_free(h);
    LMO_free(l);
    MPI_Finalize();
    return all;
}
