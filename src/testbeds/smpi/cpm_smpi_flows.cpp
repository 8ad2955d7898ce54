/*
 * smpi/flows: starts messages at one simulated instant and times each, to
 * see how a simulated platform shares its links (doc/testbed-smpi.md).
 * An MPI program for SimGrid SMPI only (it sleeps in simulated time).
 *
 *   cpm-smpirun PREFIX -np N smpi/flows [-t START] SRC:DST:BYTES...
 *
 * Every rank posts its receives, then all meet in a barrier and sleep until
 * simulated time START (default 1 s); then every sender posts MPI_Isend for
 * its flows, in the order given. Rank 0 prints one line per flow, in the
 * order given:
 *     SRC DST BYTES SECONDS
 * SECONDS = time the receive completed - time MPI_Isend was called (at
 * START, within the 1 ns of nanosleep). With the processing delays
 * of the platform set to 0 (cpm-smpi-platform --os-const 0 --os-slope 0
 * --ois-const 0 --ois-slope 0 --or-const 0 --or-slope 0), a flow alone
 * takes L_ij + (BYTES + 16) / B_ij; with them, ois_i(BYTES) + L_ij +
 * (BYTES + 16) / B_ij + or_j(BYTES). Errors: a message on stderr and exit
 * status 2 (bad arguments) or 1.
 */
#include <mpi.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace {

struct Flow {
    int src = 0, dst = 0;
    long bytes = 0;
};

bool parse_flow(const char *text, int size, Flow &f)
{
    char tail = 0;
    if (std::sscanf(text, "%d:%d:%ld%c", &f.src, &f.dst, &f.bytes, &tail) != 3)
        return false;
    return f.src >= 0 && f.src < size && f.dst >= 0 && f.dst < size &&
           f.src != f.dst && f.bytes >= 0 && f.bytes <= (1L << 30);
}

/** Sleeps until simulated time t (SMPI replaces nanosleep). */
void sleep_until(double t)
{
    double w = t - MPI_Wtime();
    if (w <= 0)
        return;
    timespec ts;
    ts.tv_sec = time_t(w);
    ts.tv_nsec = long((w - double(ts.tv_sec)) * 1e9);
    nanosleep(&ts, nullptr);
}

int usage_error(int rank, const std::string &msg)
{
    if (rank == 0)
        std::fprintf(stderr,
                     "flows: %s\nusage: flows [-t START] SRC:DST:BYTES...\n",
                     msg.c_str());
    return 2;
}

int run(int rank, int size, int argc, char **argv)
{
    double start = 1.0;
    std::vector<Flow> flows;
    for (int a = 1; a < argc; ++a) {
        std::string arg = argv[a];
        if (arg == "-t" && a + 1 < argc) {
            char *end = nullptr;
            start = std::strtod(argv[++a], &end);
            if (*end != '\0' || !(start >= 0) || !std::isfinite(start))
                return usage_error(rank, "-t: bad time");
            continue;
        }
        Flow f;
        if (!parse_flow(argv[a], size, f))
            return usage_error(rank, "bad flow '" + arg +
                                         "' (SRC:DST:BYTES, ranks < " +
                                         std::to_string(size) + ")");
        flows.push_back(f);
    }
    if (flows.empty())
        return usage_error(rank, "no flow given");

    const int n = int(flows.size());
    std::vector<std::vector<char>> buf(n);
    std::vector<MPI_Request> recvs, sends;
    std::vector<int> recv_flow;
    for (int k = 0; k < n; ++k) {
        buf[k].assign(std::size_t(flows[k].bytes) + 1, 0);
        if (flows[k].dst == rank) {
            recvs.emplace_back();
            recv_flow.push_back(k);
            MPI_Irecv(buf[k].data(), int(flows[k].bytes), MPI_CHAR,
                      flows[k].src, k, MPI_COMM_WORLD, &recvs.back());
        }
    }
    // The barrier's ranks leave it at different times: the latest decides.
    double now = MPI_Wtime(), latest = 0;
    MPI_Allreduce(&now, &latest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (latest > start) {
        if (rank == 0)
            std::fprintf(stderr, "flows: -t %g has passed already\n", start);
        return 1;
    }
    sleep_until(start);
    // begin[k] on the sender of flow k (the sleep ends within 1 ns of
    // START), end[k] on its receiver; -1 elsewhere.
    std::vector<double> begin(n, -1), end(n, -1);
    for (int k = 0; k < n; ++k)
        if (flows[k].src == rank) {
            begin[k] = MPI_Wtime();
            sends.emplace_back();
            MPI_Isend(buf[k].data(), int(flows[k].bytes), MPI_CHAR,
                      flows[k].dst, k, MPI_COMM_WORLD, &sends.back());
        }
    for (std::size_t done = 0; done < recvs.size(); ++done) {
        int idx = MPI_UNDEFINED;
        MPI_Waitany(int(recvs.size()), recvs.data(), &idx, MPI_STATUS_IGNORE);
        end[recv_flow[idx]] = MPI_Wtime();
    }
    MPI_Waitall(int(sends.size()), sends.data(), MPI_STATUSES_IGNORE);
    std::vector<double> b(n), e(n);
    MPI_Reduce(begin.data(), b.data(), n, MPI_DOUBLE, MPI_MAX, 0,
               MPI_COMM_WORLD);
    MPI_Reduce(end.data(), e.data(), n, MPI_DOUBLE, MPI_MAX, 0,
               MPI_COMM_WORLD);
    if (rank == 0)
        for (int k = 0; k < n; ++k)
            std::printf("%d %d %ld %.17g\n", flows[k].src, flows[k].dst,
                        flows[k].bytes, e[k] - b[k]);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rc = run(rank, size, argc, argv);
    MPI_Finalize();
    return rc;
}
