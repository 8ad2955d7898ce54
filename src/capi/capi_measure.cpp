// The measurements of CPM 1.0.1 through the C API: one-to-two (and
// one-to-one) experiments of every triplet, by bench::measure_triplets.
#include "capi_internal.h"

#include "benchmark_p2p.h"
#include "benchmark_schedule.h"
#include "common_mpi.h"

namespace cpm::capi {

namespace {

/* Measures every triplet of comm; the outputs are required on rank 0. */
int measure(const char *fn, MPI_Comm comm, int M, int parallel,
            MPIB_precision precision, bool with_one_to_one,
            MPIB_result *p2pp, MPIB_result **p2p)
{
    return run(fn, [&] {
        DupComm dc(comm);
        bench::Precision prec = precision_of(precision);
        collective(dc, [&] {
            if (dc.rank() == 0 &&
                (!p2pp || (with_one_to_one && (!p2p || !p2p[0] || !p2p[1]))))
                throw UsageError("the result arrays must not be NULL on "
                                 "rank 0");
            check_size(M);
            prec.validate();
        });
        bench::TripletResults r;
        collective(dc, [&] {
            r = bench::measure_triplets(dc, bench::all_triplets(dc.size()), M,
                                        with_one_to_one, parallel != 0, prec);
        });
        if (p2pp)
            for (std::size_t e = 0; e < r.one_to_two.size(); ++e)
                p2pp[e] = result_of(r.one_to_two[e]);
        for (int q = 0; q < 2 && with_one_to_one && p2p; ++q) {
            if (!p2p[q])
                continue;
            for (std::size_t e = 0; e < r.one_to_two.size(); ++e)
                p2p[q][e] = result_of(r.one_to_one[one_to_one_of(e, q)]);
        }
    });
}

} // namespace

} // namespace cpm::capi

using namespace cpm::capi;

extern "C" {

int CPM_measure_p2pp(MPI_Comm comm, int M, int parallel,
                     MPIB_precision precision, MPIB_result *results)
{
    return measure("CPM_measure_p2pp", comm, M, parallel, precision, false,
                   results, nullptr);
}

int CPM_measure_p2pp_p2p(MPI_Comm comm, int M, int parallel,
                         MPIB_precision precision, MPIB_result *results_p2pp,
                         MPIB_result *results_p2p[2])
{
    return measure("CPM_measure_p2pp_p2p", comm, M, parallel, precision, true,
                   results_p2pp, results_p2p);
}

} // extern "C"
