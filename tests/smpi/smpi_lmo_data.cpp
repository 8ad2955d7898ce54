/*
 * smpi_lmo_data: measures, under smpirun, the point-to-point experiments
 * that the LMO builder solves (model_lmo_build.cpp, step 3) and writes the
 * raw mean times, so that estimation procedures can be tried offline
 * against the ground truth (smpi_truth lmo-exact). Built with smpicxx from
 * the library sources, like smpi_roundtrip.
 *
 * The experiments are those of build_lmo, with the library's functions and
 * default precision (in parallel rounds):
 *   empty roundtrips of all pairs                 measure_roundtrips 0/0
 *   empty one-to-two of all triplets              measure_triplets M=0
 *   one-to-two and one-to-one (M out, empty back) measure_triplets M
 * and, for the proposed measurement order, the one-to-two experiments
 * again in the other send order (B first): measure_triplets on a
 * communicator with the ranks reversed, where the library's "lower rank
 * first" is the higher world rank first.
 *
 * Output (rank 0, to FILE or standard output), times in seconds with 17
 * significant digits:
 *     cpm-lmo-p2p 1
 *     n N
 *     M BYTES
 *     pair I J T0_IJ                              (I < J, all pairs)
 *     triplet R A B T2_0 T2_M T1_RA T1_RB R2_0 R2_M  (3 per triplet, A < B)
 * T0 is the empty roundtrip; T2_0 and T2_M the one-to-two from R to A and
 * B (the library sends to A, the lower rank, first) with 0 and M bytes;
 * T1_RX the one-to-one R -> X with M bytes out and an empty reply,
 * measured within the same triplet; R2_0 and R2_M the one-to-two with the
 * sends in the other order (to B first).
 *
 * usage: smpi_lmo_data M [FILE]
 */
#include "benchmark_p2p.h"
#include "benchmark_precision.h"
#include "benchmark_schedule.h"
#include "common_error.h"
#include "common_mpi.h"

#include <mpi.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int status = 0;
    try {
        long M = 0;
        cpm::agree(MPI_COMM_WORLD, [&] {
            if (argc < 2 || argc > 3)
                throw cpm::UsageError("usage: smpi_lmo_data M [FILE]");
            char *end = nullptr;
            M = std::strtol(argv[1], &end, 10);
            if (*end != '\0' || M <= 0)
                throw cpm::UsageError(std::string("bad message size '") +
                                      argv[1] + "'");
            if (size < 3)
                throw cpm::UsageError("needs at least 3 processes");
        });
        cpm::bench::Precision prec;
        std::vector<cpm::bench::Pair> pairs = cpm::bench::all_pairs(size);
        std::vector<cpm::bench::Triplet> trip = cpm::bench::all_triplets(size);
        std::vector<cpm::bench::Result> rt0 = cpm::bench::measure_roundtrips(
            MPI_COMM_WORLD, pairs, 0, 0, true, prec);
        std::vector<cpm::bench::Result> o2t0 =
            cpm::bench::measure_triplets(MPI_COMM_WORLD, trip, 0, false, true,
                                         prec)
                .one_to_two;
        cpm::bench::TripletResults tm = cpm::bench::measure_triplets(
            MPI_COMM_WORLD, trip, M, true, true, prec);
        // The other send order: world rank w is rank size-1-w in rev.
        MPI_Comm rev;
        MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &rev);
        std::vector<cpm::bench::Result> rev0 =
            cpm::bench::measure_triplets(rev, trip, 0, false, true, prec)
                .one_to_two;
        std::vector<cpm::bench::Result> revM =
            cpm::bench::measure_triplets(rev, trip, M, false, true, prec)
                .one_to_two;
        MPI_Comm_free(&rev);
        // (world root, lower world peer, higher world peer) -> index
        std::map<std::array<int, 3>, std::size_t> rev_index;
        for (std::size_t e = 0; e < trip.size(); ++e) {
            int v[3] = {size - 1 - trip[e].i, size - 1 - trip[e].j,
                        size - 1 - trip[e].k};
            for (int r = 0; r < 3; ++r) {
                int a = v[(r + 1) % 3], b = v[(r + 2) % 3];
                rev_index[{v[r], std::min(a, b), std::max(a, b)}] = 3 * e + r;
            }
        }
        if (rank == 0) {
            FILE *out = stdout;
            if (argc == 3 && !(out = std::fopen(argv[2], "w")))
                throw cpm::Error(std::string("cannot write '") + argv[2] +
                                 "'");
            std::fprintf(out, "cpm-lmo-p2p 1\nn %d\nM %ld\n", size, M);
            for (std::size_t p = 0; p < pairs.size(); ++p)
                std::fprintf(out, "pair %d %d %.17g\n", pairs[p].i, pairs[p].j,
                             rt0[p].T);
            for (std::size_t e = 0; e < trip.size(); ++e) {
                int v[3] = {trip[e].i, trip[e].j, trip[e].k};
                for (int r = 0; r < 3; ++r) {
                    int a = v[(r + 1) % 3], b = v[(r + 2) % 3];
                    if (a > b)
                        std::swap(a, b);
                    std::size_t q = rev_index.at({v[r], a, b});
                    std::fprintf(out,
                                 "triplet %d %d %d %.17g %.17g %.17g %.17g "
                                 "%.17g %.17g\n",
                                 v[r], a, b, o2t0[3 * e + r].T,
                                 tm.one_to_two[3 * e + r].T,
                                 tm.one_to_one[6 * e + 2 * r].T,
                                 tm.one_to_one[6 * e + 2 * r + 1].T,
                                 rev0[q].T, revM[q].T);
                }
            }
            if (out != stdout && std::fclose(out) != 0)
                throw cpm::Error(std::string("cannot write '") + argv[2] + "'");
        }
    } catch (const cpm::UsageError &e) {
        if (rank == 0 || !e.collective())
            std::fprintf(stderr, "smpi_lmo_data: error: %s\n", e.what());
        status = 2;
    } catch (const cpm::Error &e) {
        std::fprintf(stderr, "smpi_lmo_data: error: %s\n", e.what());
        status = 1;
    }
    MPI_Finalize();
    return status;
}
