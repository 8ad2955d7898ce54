/* cpm.h before cpm_coll.h (see test_coll_c99.c). */
#include "cpm.h"

#include "cpm_coll.h"

int initialize_with_cpm_h_first(void *lmo, void *hockney)
{
    int (*a)(MPI_Comm, const struct LMO_model *) = LMO_initialize;
    int (*b)(MPI_Comm, const struct Hockney_model *) = Hockney_initialize;
    LMO_model *l = (LMO_model *)lmo;
    Hockney_model *h = (Hockney_model *)hockney;
    return a != 0 && b != 0 && (l == 0 || l->n >= 0) && (h == 0 || h->n >= 0);
}
