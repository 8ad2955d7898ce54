#include "benchmark_idle.h"

#include "common_error.h"

#include <cstdlib>
#include <cstring>
#include <time.h>

namespace cpm::bench {

bool idle_sleeps()
{
#ifdef SMPI_H
    return false;
#else
    static const bool sleeps = [] {
        const char *env = std::getenv("CPM_IDLE");
        return !(env && std::strcmp(env, "poll") == 0);
    }();
    return sleeps;
#endif
}

void idle_wait(MPI_Request *req)
{
    if (!idle_sleeps()) {
        CPM_MPI(MPI_Wait(req, MPI_STATUS_IGNORE));
        return;
    }
    struct timespec nap;
    nap.tv_sec = 0;
    nap.tv_nsec = long(kIdleNap * 1e9);
    for (;;) {
        int done = 0;
        CPM_MPI(MPI_Test(req, &done, MPI_STATUS_IGNORE));
        if (done)
            return;
        nanosleep(&nap, nullptr);
    }
}

void idle_barrier(MPI_Comm comm)
{
#ifdef SMPI_H
    CPM_MPI(MPI_Barrier(comm));
#else
    MPI_Request req = MPI_REQUEST_NULL;
    CPM_MPI(MPI_Ibarrier(comm, &req));
    idle_wait(&req);
#endif
}

void idle_gather_barrier(MPI_Comm comm)
{
#ifdef SMPI_H
    (void)comm;
#else
    idle_barrier(comm);
#endif
}

void idle_bcast(void *buf, int count, MPI_Datatype type, int root,
                MPI_Comm comm)
{
#ifdef SMPI_H
    CPM_MPI(MPI_Bcast(buf, count, type, root, comm));
#else
    MPI_Request req = MPI_REQUEST_NULL;
    CPM_MPI(MPI_Ibcast(buf, count, type, root, comm, &req));
    idle_wait(&req);
#endif
}

} // namespace cpm::bench
