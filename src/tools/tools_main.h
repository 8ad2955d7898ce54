/**
 * \file tools_main.h
 * \brief What every CPM tool shares: the main() skeleton with clean error
 *        exits on all ranks, the output header, and progress on stderr.
 */
#ifndef CPM_TOOLS_MAIN_H
#define CPM_TOOLS_MAIN_H

#include "benchmark_output.h"
#include "tools_options.h"

#include <mpi.h>

#include <chrono>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

/** \addtogroup tools
 *  @{ */

namespace cpm::tools {

/** Facts about a run, written as '#' lines at the top of every output. */
struct RunInfo {
    std::string tool;                    /**< tool name */
    std::string command;                 /**< the command line */
    std::string date;                    /**< start, UTC, ISO 8601 */
    std::string mpi;                     /**< MPI library and version */
    std::vector<std::string> processors; /**< processor name of each rank */
    double start = 0;                    /**< MPI_Wtime at the start */
};

/** Collects the run facts (collective over comm). */
RunInfo collect_run_info(MPI_Comm comm, const std::string &tool,
                         const std::string &command);

/** The header lines every measurement output starts with (after `# CPM
 *  TOOL VERSION`): command, date, mpi, processes, a processor line per
 *  rank and the precision (doc/formats.md). */
std::vector<bench::HeaderLine> run_lines(const RunInfo &info,
                                         const ToolOptions &opt);

/** Writes the header of a measurement output (bench::write_output_header):
 *  the run's lines, then extra, then `# columns:` with columns. */
void write_header(std::ostream &out, const RunInfo &info,
                  const ToolOptions &opt,
                  const std::vector<bench::HeaderLine> &extra,
                  const std::vector<std::string> &columns);

/** Writes a measurement output of the collective and kernel tools: the
 *  header with the lines, then "total benchmarking time", the number of
 *  converged experiments (bench::summary_lines), the trailing lines and
 *  "columns: M T wtick reps ci", then one row per result. */
void write_results(std::ostream &out, const RunInfo &info,
                   const ToolOptions &opt,
                   std::vector<bench::HeaderLine> lines,
                   const std::vector<bench::Result> &results, double total,
                   const std::vector<bench::HeaderLine> &trailing = {});

/** The measurement journal of a run (benchmark_journal.h): --resume
 *  JOURNAL, which must exist (else cpm::UsageError), or OUT.journal beside
 *  a regular output file -o OUT; "" (no journal) for standard output or a
 *  device. Called on rank 0 alone, which reads and writes the journal
 *  (open_journal gives the others its answer). */
std::string journal_path(const ToolOptions &opt);

/** Opens the journal at rank 0's path unless that is empty (collective;
 *  the other ranks' path is not used; see bench::journal_open) and, if it
 *  holds recorded measurements, says on rank 0's stderr that TOOL resumes
 *  from it. Returns how many it holds. */
long open_journal(MPI_Comm comm, const std::string &path,
                  const std::string &tool, const std::string &command);

/** After a run's measurements: the text of its `resumed` line (a model
 *  note, an output header line), the journal and how many measurements
 *  were replayed, or "" if none were. If the journal held more than were
 *  replayed (the run needed fewer), rank 0 says so on stderr. */
std::string journal_resumed(MPI_Comm comm, const std::string &tool,
                            const std::string &path, long recorded);

/** "N NOUNs" ("1 NOUN"): a count in a message or header line. */
std::string count_of(long n, const std::string &noun);

/** Help text of the journal, for the tools that keep one: "A RUN with -o
 *  OUT keeps ..." (run: "build" or "run"). */
std::string journal_help(const std::string &run);

/** Progress of a run on rank 0's stderr: experiments done of total, time
 *  elapsed and an estimate of the time left. Silent unless stderr is a
 *  terminal or verbose is set. */
class Progress {
public:
    /** Progress of total experiments; shown only on rank 0 (rank0 true). */
    Progress(const std::string &tool, long total, bool verbose, bool rank0);
    /** Counts k more experiments as done. */
    void step(long k);
    /** Ends the progress line. */
    void finish();

private:
    std::string tool_;
    long total_, done_ = 0;
    bool on_, tty_;
    double start_, last_ = -1;
};

/**
 * Whether experiments run in parallel rounds: -p's value if given; without
 * it, false where some machine runs more ranks of comm than it has
 * processors (busiest_machine), said on rank 0's standard error, else
 * true. Parallel experiments would share processors there, and their
 * times would be partly the scheduler's; one at a time, the ranks in no
 * experiment sleep (benchmark_idle.h) and the two that measure have a
 * processor each. Collective over comm; a tool calls it before it
 * measures.
 */
bool parallel_rounds(const std::string &tool, const ToolOptions &opt,
                     MPI_Comm comm);

/**
 * Runs a tool: initialises MPI, parses the options on every rank (agreed),
 * prints help on -h, calls body, and turns errors into one line on rank 0
 * and a non-zero exit of every rank (2 for bad input, 1 otherwise). An
 * error raised on some ranks only aborts the job (MPI_Abort), since the
 * other ranks may be waiting in a collective. A tool that has parsed its
 * options before MPI_Init passes `parse` (returning them, or throwing the
 * UsageError it got): argv is then not parsed twice, which SimGrid's
 * per-rank getopt state would not allow.
 */
int tool_main(int argc, char **argv, const std::string &tool,
              const std::string &synopsis, unsigned groups,
              const std::string &help_tail,
              const std::function<void(const ToolOptions &, MPI_Comm)> &body,
              const std::function<ToolOptions()> &parse = {});

} // namespace cpm::tools

/** @} */

#endif
