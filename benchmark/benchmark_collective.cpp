#include "benchmark_collective.h"

#include "benchmark_coll.h"
#include "benchmark_journal.h"
#include "benchmark_sample.h"
#include "common_error.h"
#include "common_mpi.h"

#include <algorithm>

namespace cpm::bench {

namespace {

int comm_size(MPI_Comm comm)
{
    int n = 1;
    MPI_Comm_size(comm, &n);
    return n;
}


template <int (*F)(void *, int, MPI_Datatype, int, MPI_Comm)>
int bcast(CollBuffers &b, int M, int root, MPI_Comm comm)
{
    return F(b.data.data(), M, MPI_BYTE, root, comm);
}

/* Scatterv and gatherv with equal counts: block i at displacement i*M. */
int scatterv(CollBuffers &b, int M, int root, MPI_Comm comm)
{
    int n = comm_size(comm);
    std::vector<int> counts(n, M), displs(n);
    for (int i = 0; i < n; ++i)
        displs[i] = i * M;
    return MPI_Scatterv(b.root_data.data(), counts.data(), displs.data(),
                        MPI_BYTE, b.data.data(), M, MPI_BYTE, root, comm);
}

int gatherv(CollBuffers &b, int M, int root, MPI_Comm comm)
{
    int n = comm_size(comm);
    std::vector<int> counts(n, M), displs(n);
    for (int i = 0; i < n; ++i)
        displs[i] = i * M;
    return MPI_Gatherv(b.data.data(), M, MPI_BYTE, b.root_data.data(),
                       counts.data(), displs.data(), MPI_BYTE, root, comm);
}

int bcast_native(CollBuffers &b, int M, int root, MPI_Comm comm)
{
    return MPI_Bcast(b.data.data(), M, MPI_BYTE, root, comm);
}

std::vector<CollectiveOp> &registry()
{
    static std::vector<CollectiveOp> ops = {
        {"MPI_Scatter", "native MPI_Scatter", CollKind::Scatter,
         scatter_as<MPI_Scatter>},
        {"MPI_Scatterv", "native MPI_Scatterv, equal counts",
         CollKind::Scatter, scatterv},
        {"MPIB_Scatter_linear", "linear scatter (root sends to each rank)",
         CollKind::Scatter, scatter_as<MPIB_Scatter_linear>},
        {"MPIB_Scatter_binomial", "binomial-tree scatter", CollKind::Scatter,
         scatter_as<MPIB_Scatter_binomial>},
        {"MPI_Gather", "native MPI_Gather", CollKind::Gather,
         gather_as<MPI_Gather>},
        {"MPI_Gatherv", "native MPI_Gatherv, equal counts", CollKind::Gather,
         gatherv},
        {"MPIB_Gather_linear", "linear gather (root receives from each rank)",
         CollKind::Gather, gather_as<MPIB_Gather_linear>},
        {"MPIB_Gather_binomial", "binomial-tree gather", CollKind::Gather,
         gather_as<MPIB_Gather_binomial>},
        {"MPI_Bcast", "native MPI_Bcast", CollKind::Bcast, bcast_native},
        {"MPIB_Bcast_linear", "linear broadcast (root sends to each rank)",
         CollKind::Bcast, bcast<MPIB_Bcast_linear>},
        {"MPIB_Bcast_binomial", "binomial-tree broadcast", CollKind::Bcast,
         bcast<MPIB_Bcast_binomial>},
    };
    return ops;
}

} // namespace

const std::vector<CollectiveOp> &collective_ops() { return registry(); }

void add_collective(const CollectiveOp &op)
{
    for (const CollectiveOp &o : registry())
        if (std::string(o.name) == op.name)
            CPM_THROW(std::string("collective operation ") + op.name +
                      " is registered twice");
    registry().push_back(op);
}

std::string collective_names()
{
    std::string s;
    for (const CollectiveOp &op : collective_ops())
        s += (s.empty() ? "" : ", ") + std::string(op.name);
    return s;
}

const CollectiveOp &find_collective(const std::string &name)
{
    for (const CollectiveOp &op : collective_ops())
        if (name == op.name)
            return op;
    throw UsageError("unknown collective operation '" + name +
                     "' (valid: " + collective_names() + ")");
}

CollBuffers make_buffers(const CollectiveOp &op, long M, int root,
                         MPI_Comm comm)
{
    int rank = 0, n = 1;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    CPM_MPI(MPI_Comm_size(comm, &n));
    CollBuffers b;
    b.data.assign(std::max<long>(M, 1), char(rank));
    if (op.kind != CollKind::Bcast && rank == root)
        b.root_data.assign(std::max<long>(long(n) * M, 1), char(rank));
    else
        b.root_data.assign(1, 0);
    return b;
}

Result measure_collective(MPI_Comm comm, const CollectiveOp &op, long M,
                          int root, Timing timing, const Precision &precision)
{
    precision.validate();
    DupComm dc(comm);
    if (M < 0 || (dc.size() > 0 && M > (long(1) << 30) / dc.size()))
        throw UsageError("message size " + std::to_string(M) +
                         " is out of range for " + op.name + " on " +
                         std::to_string(dc.size()) + " processes");
    JournalEntry journal(
        comm, journal_key("collective " + std::string(op.name) + " " +
                              std::to_string(M) + " " + std::to_string(root) +
                              " " + std::to_string(int(timing)),
                          precision));
    if (journal.replayed())
        return replay_timed(journal);
    Timer timer(dc, root, timing);
    CollBuffers buf = make_buffers(op, M, root, dc);
    auto run = [&] { CPM_MPI(op.run(buf, int(M), root, dc)); };
    run(); // warm-up: connections, buffers
    Result r = sample_on_root(dc, root, M, precision,
                              [&] { return timer.time(run); });
    return record_timed(journal, r, timer.add_to_tally());
}

} // namespace cpm::bench
