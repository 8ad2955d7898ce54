/* cpm_coll.h from a program written in C99 and compiled by the C
 * compiler, before cpm.h here and after it in test_coll_c99_order.c: the
 * header declares every C name of the model-based collectives, and its
 * model structs are those of cpm.h. Calls only what takes no MPI
 * argument. Exit status 0 if every check passes. */
#include "cpm_coll.h"

#include "cpm.h"

#include <stdio.h>
#include <string.h>

typedef int (*coll_fn)(const void *, int, MPI_Datatype, void *, int,
                       MPI_Datatype, int, MPI_Comm);

int initialize_with_cpm_h_first(void *lmo, void *hockney);

int main(void)
{
    int failures = 0;
    coll_fn fns[] = {CPM_Scatter_linear_opt,   CPM_Gather_linear_opt,
                     CPM_Scatter_binomial_opt, CPM_Scatter_binomial_cor,
                     CPM_Gather_binomial_opt,  CPM_Gather_binomial_cor,
                     CPM_Scatter_binomial};
    int (*init_lmo)(MPI_Comm, const LMO_model *) = LMO_initialize;
    int (*init_hockney)(MPI_Comm, const Hockney_model *) = Hockney_initialize;
    int (*p2p)(MPI_Comm, int, int) = CPM_p2p_initialize;
    int (*fin[])(MPI_Comm) = {LMO_finalize, Hockney_finalize,
                              CPM_p2p_finalize};
    size_t k;
    for (k = 0; k < sizeof fns / sizeof fns[0]; ++k)
        if (!fns[k]) {
            fprintf(stderr, "collective %u is NULL\n", (unsigned)k);
            ++failures;
        }
    if (!init_lmo || !init_hockney || !p2p || !fin[0] || !fin[1] || !fin[2] ||
        !initialize_with_cpm_h_first((void *)0, (void *)0)) {
        fprintf(stderr, "an initialize or finalize call is NULL\n");
        ++failures;
    }
    if (strcmp(CPM_error_message(), "") != 0) {
        fprintf(stderr, "error message before any failure: '%s'\n",
                CPM_error_message());
        ++failures;
    }
    printf("%d failure(s)\n", failures);
    return failures != 0;
}
