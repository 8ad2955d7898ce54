/* p2p: roundtrips between all pairs of processes (or the given pairs) over
 * a range of message sizes. Prints one row per pair and size with the
 * one-way time, i.e. half the estimated roundtrip (doc/measurement.md). */
#include "benchmark_journal.h"
#include "benchmark_output.h"
#include "benchmark_p2p.h"
#include "tools_main.h"
#include "common_atomic_file.h"
#include "common_error.h"
#include "common_mpi.h"

#include <memory>

using namespace cpm;
using namespace cpm::bench;
using namespace cpm::tools;

namespace {

void run(const ToolOptions &opt, MPI_Comm comm)
{
    int rank = 0, n = 1;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    CPM_MPI(MPI_Comm_size(comm, &n));
    std::vector<Pair> pairs = opt.pairs.empty() ? all_pairs(n) : opt.pairs;
    std::vector<long> sizes = opt.message_sizes();
    std::unique_ptr<AtomicFile> out;
    std::string journal;
    agree(comm, [&] {
        if (rank == 0)
            journal = journal_path(opt);
        if (n < 2)
            throw UsageError("p2p needs at least 2 processes, got " +
                             std::to_string(n));
        check_pairs(n, pairs);
        for (long M : sizes)
            if (M > long(1) << 30)
                throw UsageError("message size " + std::to_string(M) +
                                 " exceeds 1 GiB");
        if (rank == 0)
            out = std::make_unique<AtomicFile>(opt.output);
    });
    const bool parallel = parallel_rounds("p2p", opt, comm);
    RunInfo info = collect_run_info(comm, "p2p", opt.command);
    long recorded = open_journal(comm, journal, "p2p", opt.command);
    Progress progress("p2p", long(sizes.size() * pairs.size()), opt.verbose,
                      rank == 0);
    std::vector<std::vector<Result>> results;
    for (long M : sizes)
        results.push_back(measure_roundtrips(
            comm, pairs, M, M, parallel, opt.precision,
            [&](long k) { progress.step(k); }));
    progress.finish();
    double total = MPI_Wtime() - info.start;
    std::string resumed = journal_resumed(comm, "p2p", journal, recorded);
    // How many sizes' pairs were list-scheduled (benchmark_p2p.h: once the
    // duration history predicts every pair, from the third size on), the
    // others in the rounds of schedule_pairs.
    long listed = duration_history(comm).listed_calls;
    agree(comm, [&] {
        if (rank != 0)
            return;
        // One-way times: the halves of the roundtrips.
        std::vector<Result> halves;
        std::vector<Pair> of;
        for (const auto &row : results)
            for (std::size_t e = 0; e < row.size(); ++e) {
                halves.push_back(one_way(row[e]));
                of.push_back(pairs[e]);
            }
        std::size_t rounds = schedule_pairs(n, pairs, parallel).size();
        std::string schedule = count_of(long(rounds), "round") + " per size";
        if (listed > 0)
            schedule = count_of(long(rounds), "round") + " at " +
                       count_of(long(sizes.size()) - listed, "size") +
                       ", list-scheduled by expected duration at " +
                       count_of(listed, "size");
        std::vector<HeaderLine> lines = {
            {"experiment", "roundtrip i <-> j, M bytes each way, timed on i"},
            {"T", "one-way time = estimated roundtrip / 2 (s); ci likewise halved"},
            {"parallel",
             std::to_string(parallel) + " (" + schedule + ")"}};
        std::vector<HeaderLine> summary = summary_lines(halves, total);
        lines.insert(lines.end(), summary.begin(), summary.end());
        if (!resumed.empty())
            lines.push_back({"resumed", resumed});
        std::ostream &os = out->stream();
        write_header(os, info, opt, lines, pair_columns());
        for (std::size_t k = 0; k < halves.size(); ++k)
            write_pair_row(os, halves[k], of[k].i, of[k].j);
        out->commit();
    });
    bench::journal_close(true); // the output is saved: the journal has served
}

} // namespace

int main(int argc, char **argv)
{
    return tool_main(argc, argv, "p2p", "mpirun -np N p2p [options]",
                     kOptMeasure | kOptParallel | kOptPairs | kOptResume,
                     "\n" + journal_help("run"), run);
}
