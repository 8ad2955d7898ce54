/* The collective tool's work once its options are parsed: times a
 * collective operation over a range of message sizes under a timing
 * method, one row per size. Its main() is in src/coll
 * (coll_tool_collective.cpp), which adds the model-based operations to the
 * registry; this module knows nothing of them. */
#include "benchmark_collective.h"
#include "benchmark_tool.h"
#include "common_atomic_file.h"
#include "common_error.h"
#include "common_mpi.h"

#include <algorithm>
#include <memory>

namespace cpm::bench {

void run_collective_tool(const ToolOptions &opt, MPI_Comm comm,
                         const CollectivePrepare &prepare)
{
    int rank = 0, n = 1;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    CPM_MPI(MPI_Comm_size(comm, &n));
    std::vector<long> sizes = opt.message_sizes();
    const CollectiveOp *op = nullptr;
    agree(comm, [&] {
        op = &find_collective(opt.operation);
        if (opt.root >= n)
            throw UsageError("root " + std::to_string(opt.root) +
                             " is outside 0.." + std::to_string(n - 1));
        for (long M : sizes)
            if (M > (long(1) << 30) / n)
                throw UsageError("message size " + std::to_string(M) +
                                 " times " + std::to_string(n) +
                                 " processes exceeds 1 GiB");
    });
    HeaderLines extra;
    if (prepare)
        extra = prepare(*op, comm);
    std::unique_ptr<AtomicFile> out;
    agree(comm, [&] {
        if (rank == 0)
            out = std::make_unique<AtomicFile>(opt.output);
    });
    RunInfo info = collect_run_info(comm, "collective", opt.command);
    Progress progress("collective", long(sizes.size()), opt.verbose,
                      rank == 0);
    std::vector<Result> results;
    for (long M : sizes) {
        results.push_back(measure_collective(comm, *op, M, opt.root,
                                             opt.timing, opt.precision));
        progress.step(1);
    }
    progress.finish();
    double total = MPI_Wtime() - info.start;
    agree(comm, [&] {
        if (rank != 0)
            return;
        HeaderLines lines = {{"operation", std::string(op->name) + " (" +
                                               op->description + ")"}};
        lines.insert(lines.end(), extra.begin(), extra.end());
        lines.insert(lines.end(), {{"root", std::to_string(opt.root)},
                                   {"timing", timing_name(opt.timing)},
                                   {"M", "bytes per process"}});
        write_results(out->stream(), info, opt, lines, results, total);
        out->commit();
    });
}

std::string collective_operations_help()
{
    std::string s = "\noperations (-O):\n";
    for (const CollectiveOp &op : collective_ops()) {
        std::string name = std::string("  ") + op.name;
        name.resize(std::max<std::size_t>(28, name.size() + 2), ' ');
        s += name + op.description + "\n";
    }
    return s;
}

} // namespace cpm::bench
