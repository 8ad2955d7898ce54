/* One experiment sampled on one rank and shared (benchmark_sample.h). */
#include "benchmark_sample.h"

#include "benchmark_idle.h"
#include "common_error.h"

namespace cpm::bench {

Result bcast_result(MPI_Comm comm, int root, const Result &r)
{
    double p[kResultDoubles];
    pack_result(r, p);
    // The processes outside the experiment wait here while it runs.
    idle_bcast(p, kResultDoubles, MPI_DOUBLE, root, comm);
    return unpack_result(p);
}

Result sample_on_root(MPI_Comm comm, int root, long M,
                      const Precision &precision,
                      const std::function<double()> &repetition)
{
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    Sampler s(precision);
    int done = 0;
    while (!done) {
        double t = repetition();
        if (rank == root) {
            s.add(t);
            done = s.done();
        }
        CPM_MPI(MPI_Bcast(&done, 1, MPI_INT, root, comm));
    }
    Result r = bcast_result(comm, root, s.result());
    r.M = M;
    r.wtick = MPI_Wtick();
    return r;
}

} // namespace cpm::bench
