/* The tool framework (tools_main.h): run information, the header of the
 * measurement outputs (written by benchmark_output), progress, and the
 * main() skeleton with clean error exits on every rank. */
#include "tools_main.h"

#include "benchmark_journal.h"
#include "benchmark_timing.h"
#include "common_atomic_file.h"
#include "common_error.h"
#include "common_mpi.h"
#include "common_parse.h"

#include <cstdio>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace cpm::tools {

using namespace cpm::bench;

RunInfo collect_run_info(MPI_Comm comm, const std::string &tool,
                         const std::string &command)
{
    RunInfo info;
    info.tool = tool;
    info.command = command;
    std::time_t now = std::time(nullptr);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    info.date = buf;
    info.mpi = mpi_library_version();
    info.processors = processor_names(comm);
    info.start = MPI_Wtime();
    return info;
}

std::vector<HeaderLine> run_lines(const RunInfo &info,
                                  const ToolOptions &opt)
{
    std::vector<HeaderLine> lines = {
        {"command", info.command},
        {"date", info.date},
        {"mpi", info.mpi},
        {"processes", std::to_string(info.processors.size())}};
    for (std::size_t r = 0; r < info.processors.size(); ++r)
        lines.push_back({"processor " + std::to_string(r), info.processors[r]});
    const Precision &p = opt.precision;
    std::ostringstream prec;
    prec << "min_reps=" << p.min_reps << " max_reps=" << p.max_reps
         << " cl=" << p.cl << " eps=" << p.eps
         << " estimator=" << estimator_name(p.estimator)
         << " warmup=" << p.warmup << " train="
         << (p.train ? std::to_string(p.train) : std::string("auto"));
    lines.push_back({"precision", prec.str()});
    return lines;
}

void write_header(std::ostream &out, const RunInfo &info,
                  const ToolOptions &opt, const std::vector<HeaderLine> &extra,
                  const std::vector<std::string> &columns)
{
    std::vector<HeaderLine> lines = run_lines(info, opt);
    lines.insert(lines.end(), extra.begin(), extra.end());
    write_output_header(out, info.tool, lines, columns);
}

void write_results(std::ostream &out, const RunInfo &info,
                   const ToolOptions &opt, std::vector<HeaderLine> lines,
                   const std::vector<Result> &results, double total,
                   const std::vector<HeaderLine> &trailing)
{
    std::vector<HeaderLine> summary = summary_lines(results, total);
    lines.insert(lines.end(), summary.begin(), summary.end());
    const LateStarts &late = late_start_tally();
    if (late.repetitions > 0)
        lines.push_back(
            {"late starts",
             std::to_string(late.late) + " of " +
                 std::to_string(late.repetitions) +
                 " sync repetitions (a process began after the agreed "
                 "start: its time runs from the earliest start)"});
    lines.insert(lines.end(), trailing.begin(), trailing.end());
    write_header(out, info, opt, lines, result_columns());
    for (const Result &r : results)
        write_result_row(out, r);
}

Progress::Progress(const std::string &tool, long total, bool verbose,
                   bool rank0)
    : tool_(tool), total_(total), on_(rank0 && (verbose || isatty(2))),
      tty_(isatty(2)), start_(MPI_Wtime())
{
}

void Progress::step(long k)
{
    done_ += k;
    if (!on_)
        return;
    double now = MPI_Wtime(), elapsed = now - start_;
    // On a terminal redraw often; in a log write a line every few seconds.
    if (done_ < total_ && now - last_ < (tty_ ? 0.2 : 5.0))
        return;
    last_ = now;
    std::ostringstream line;
    line << tool_ << ": " << done_ << "/" << total_ << " experiments, "
         << std::fixed << std::setprecision(1) << elapsed << " s elapsed";
    if (done_ > 0 && done_ < total_)
        line << ", ~" << elapsed * (total_ - done_) / done_ << " s left";
    std::cerr << (tty_ ? "\r" : "") << line.str() << (tty_ ? "   " : "\n")
              << std::flush;
}

void Progress::finish()
{
    if (on_ && tty_)
        std::cerr << "\n";
}

std::string journal_path(const ToolOptions &opt)
{
    struct stat st;
    if (!opt.resume.empty()) {
        if (stat(opt.resume.c_str(), &st) != 0)
            throw UsageError("option --resume: no journal " +
                             cpm::quoted(opt.resume));
        return opt.resume;
    }
    if (is_stdout_name(opt.output) ||
        (stat(opt.output.c_str(), &st) == 0 && !S_ISREG(st.st_mode)))
        return "";
    return opt.output + ".journal";
}

std::string count_of(long n, const std::string &noun)
{
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

long open_journal(MPI_Comm comm, const std::string &path,
                  const std::string &tool, const std::string &command)
{
    // Rank 0's answer for everyone: whether there is a journal (a message
    // of one size whatever the path, so that every run of a command reads
    // the same simulated clocks under SMPI); rank 0 alone uses the path.
    int has = path.empty() ? 0 : 1;
    CPM_MPI(MPI_Bcast(&has, 1, MPI_INT, 0, comm));
    if (!has)
        return 0;
    long recorded = bench::journal_open(comm, path, command);
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    if (recorded > 0 && rank == 0)
        std::cerr << tool << ": resuming from " << path << ": "
                  << count_of(recorded, "measurement") << " recorded"
                  << std::endl;
    return recorded;
}

std::string journal_resumed(MPI_Comm comm, const std::string &tool,
                            const std::string &path, long recorded)
{
    long replayed = bench::journal_replayed();
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    if (rank == 0 && replayed < recorded)
        std::cerr << tool << ": the journal held "
                  << count_of(recorded, "measurement")
                  << ", this run replayed " << replayed
                  << " (it needed no more of them)" << std::endl;
    if (replayed == 0)
        return "";
    return cpm::quoted(path, 4096) + " (" +
           count_of(replayed, "measurement") + " replayed)";
}

std::string journal_help(const std::string &run)
{
    return "A " + run + " with -o OUT keeps a journal of its measurements in\n"
           "OUT.journal: run the same command after a kill and it resumes\n"
           "(--resume JOURNAL names another journal; remove OUT.journal to\n"
           "start afresh).\n";
}

bool parallel_rounds(const std::string &tool, const ToolOptions &opt,
                     MPI_Comm comm)
{
    if (opt.parallel_given || !opt.parallel)
        return opt.parallel;
    MachineLoad m = busiest_machine(comm);
    if (!oversubscribed(m))
        return true;
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    // cpm-validate reads this line from its log (its oversubscription
    // warning) and tools_output.sh checks it: change them with it.
    if (rank == 0)
        std::cerr << tool << ": " << m.ranks << " ranks on a machine of "
                  << m.processors << " processors: experiments run one at "
                  << "a time (-p 1 runs them in parallel rounds)" << std::endl;
    return false;
}

int tool_main(int argc, char **argv, const std::string &tool,
              const std::string &synopsis, unsigned groups,
              const std::string &help_tail,
              const std::function<void(const ToolOptions &, MPI_Comm)> &body,
              const std::function<ToolOptions()> &parse)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    // SIGTERM (mpirun's to the other ranks when one fails), SIGINT, SIGHUP:
    // temporary outputs removed and one line naming the rank.
    set_signal_label(tool + ": rank " + std::to_string(rank));
    int rc = 0;
    try {
        ToolOptions opt;
        agree(MPI_COMM_WORLD, [&] {
            opt = parse ? parse() : parse_options(argc, argv, groups);
        });
        opt.command = tool;
        for (int a = 1; a < argc; ++a)
            opt.command += " " + std::string(argv[a]);
        if (opt.help) {
            if (rank == 0)
                std::cout << options_help(synopsis, groups) << help_tail;
        } else {
            body(opt, MPI_COMM_WORLD);
        }
    } catch (const Error &e) {
        if (!e.collective()) {
            std::cerr << tool << ": error on rank " << rank << ": " << e.what()
                      << std::endl;
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        if (rank == 0)
            std::cerr << tool << ": " << e.what() << std::endl;
        rc = dynamic_cast<const UsageError *>(&e) ? 2 : 1;
    } catch (const std::exception &e) {
        std::cerr << tool << ": error on rank " << rank << ": " << e.what()
                  << std::endl;
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    // Done: mpirun may stop this rank while it finalizes (another rank
    // exited non-zero), which is no news.
    set_signal_label("");
    MPI_Finalize();
    return rc;
}

} // namespace cpm::tools
