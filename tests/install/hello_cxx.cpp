// A user's C++ program against an installed CPM
// (tests/install/install_tree.sh): the C++ headers (model_hockney_build.h
// and what it includes), compiled by the MPI C++ compiler with the flags of
// `pkg-config cpm`. Builds the Hockney model by measurement and writes
// it as text; prints "hello_cxx: ok" on rank 0 and exits with 0 on every
// rank if all went well.
#include "common_error.h"
#include "model_hockney_build.h"

#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <sstream>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, bad = 0, all = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    try {
        cpm::models::BuildOptions o;
        o.precision.min_reps = 3;
        o.precision.max_reps = 10;
        o.sizes = {0, 16384, 65536};
        o.command = "hello_cxx";
        cpm::models::Hockney h = cpm::models::build_hockney(MPI_COMM_WORLD, o);
        double t = h.p2p(0, 1, 65536);
        std::ostringstream text;
        cpm::models::write_text(text, h.to_data(), cpm::models::Hockney::schema());
        if (!std::isfinite(t) || text.str().find("model Hockney") == std::string::npos)
            bad = 1;
        if (rank == 0)
            std::printf("hello_cxx: Hockney 0 -> 1, 64 KiB: %g s\n", t);
    } catch (const cpm::Error &e) {
        std::fprintf(stderr, "hello_cxx: %s\n", e.what());
        bad = 1;
    }
    MPI_Allreduce(&bad, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0 && all == 0)
        std::printf("hello_cxx: ok\n");
    MPI_Finalize();
    return all;
}
