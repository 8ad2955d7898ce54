/* kernel: measures the communication time of the SUMMA or 2D-wave kernel
 * of a configuration (--config) for a range of unit sizes
 * (benchmark/benchmark_kernel.cpp measures). */
#include "benchmark_journal.h"
#include "benchmark_kernel.h"
#include "common_atomic_file.h"
#include "common_error.h"
#include "common_mpi.h"
#include "tools_main.h"

#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

using namespace cpm;
using namespace cpm::bench;
using namespace cpm::tools;
using kernels::Config;
using kernels::Kernel;
using kernels::Phase;

namespace {

/* The generic options listed by -h; --config is described in the help's
 * tail (its generic text is the model tool's). */
const unsigned kGroups = kOptMeasure | kOptTiming | kOptResume;

ToolOptions parse(int argc, char **argv)
{
    ToolOptions o = parse_options(argc, argv, kGroups | kOptConfig);
    if (!o.help && o.config.empty())
        throw UsageError("no kernel configuration given (--config FILE)");
    return o;
}

const char *const kHelpTail =
    "      --config FILE       the kernel configuration (required): kernel,\n"
    "                          grid side N, a node, type and rectangle per\n"
    "                          rank (doc/formats.md; cpm-kernel-config "
    "writes one)\n"
    "\n"
    "Message sizes (-s, -m, --sizes) are bytes per unit: a message of u units\n"
    "has u times that many bytes. T is the sum over SUMMA's N iterations, or\n"
    "the time of one 2D-wave iteration; each iteration starts with a barrier\n"
    "and is timed by the timing method (max: the slowest process). See\n"
    "doc/kernels.md.\n";

std::string help_tail()
{
    return kHelpTail + ("\n" + journal_help("run"));
}

std::string absolute(const std::string &path)
{
    char *p = realpath(path.c_str(), nullptr);
    if (!p)
        return path;
    std::string s = p;
    std::free(p);
    return s;
}

/* Whether the configuration's nodes group the ranks as the processor
 * names do; if not, a pair of ranks that shows it. */
std::string layout_note(const Config &c, const std::vector<std::string> &pn)
{
    for (std::size_t a = 0; a < pn.size(); ++a)
        for (std::size_t b = a + 1; b < pn.size(); ++b)
            if ((pn[a] == pn[b]) != kernels::same_node(c, int(a), int(b)))
                return "the configuration's nodes differ from the processors "
                       "(ranks " + std::to_string(a) + " and " +
                       std::to_string(b) + ": nodes " + c.procs[a].node +
                       ", " + c.procs[b].node + "; processors " + pn[a] +
                       ", " + pn[b] + ")";
    return "the configuration's nodes match the processors";
}

/* The kernel tool once its options are parsed: reads opt.config on every
 * rank, measures every size of opt.message_sizes() (bytes per unit) and
 * writes the output of doc/formats.md to opt.output. */
void run_kernel_tool(const ToolOptions &opt, MPI_Comm comm)
{
    int rank = 0, n = 1;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    CPM_MPI(MPI_Comm_size(comm, &n));
    std::vector<long> sizes = opt.message_sizes();
    Config c;
    long messages = 0, units = 0;
    agree(comm, [&] {
        if (opt.config.empty())
            throw UsageError("no kernel configuration given (--config FILE)");
        c = kernels::read_config_file(opt.config);
        if (n != int(c.procs.size()))
            throw UsageError(opt.config + " has " +
                             std::to_string(c.procs.size()) +
                             " processes, the job " + std::to_string(n) +
                             " (run it with -np " +
                             std::to_string(c.procs.size()) + ")");
        for (const auto &it : kernels::kernel_iterations(c))
            for (const Phase &ph : it)
                for (const kernels::Sends &s : ph.senders)
                    for (const kernels::Message &m : s.messages) {
                        ++messages;
                        units += m.units;
                    }
    });
    std::unique_ptr<AtomicFile> out;
    std::string journal;
    agree(comm, [&] {
        if (rank == 0) {
            journal = journal_path(opt);
            out = std::make_unique<AtomicFile>(opt.output);
        }
    });
    RunInfo info = collect_run_info(comm, "kernel", opt.command);
    long recorded = open_journal(comm, journal, "kernel", opt.command);
    Progress progress("kernel", long(sizes.size()), opt.verbose, rank == 0);
    std::vector<Result> results;
    for (long M : sizes) {
        results.push_back(
            measure_kernel(comm, c, M, opt.timing, opt.precision));
        progress.step(1);
    }
    progress.finish();
    double total = MPI_Wtime() - info.start;
    std::string resumed = journal_resumed(comm, "kernel", journal, recorded);
    agree(comm, [&] {
        if (rank != 0)
            return;
        bool summa = c.kernel == Kernel::Summa;
        long iterations = summa ? c.N : 1;
        std::vector<std::pair<std::string, std::string>> lines = {
            {"operation",
             std::string(kernels::kernel_name(c.kernel)) +
                 (summa ? " (SUMMA communication: pivot block column by "
                          "Isend/Irecv, pivot block row by Send/Recv)"
                        : " (2D-wave halo exchange by Isend/Irecv)")},
            {"config", absolute(opt.config)},
            {"N", std::to_string(c.N)},
            {"iterations", std::to_string(iterations)},
            {"messages", std::to_string(messages) + " of " +
                             std::to_string(units) + " units in all"},
            {"layout", layout_note(c, info.processors)},
            {"timing", timing_name(opt.timing)},
            {"M", summa ? "bytes per unit (a b x b block)"
                        : "bytes per unit (a mesh element)"},
            {"T", summa ? "sum over the N iterations of the iteration's time "
                          "(barrier first; s)"
                        : "time of one iteration (barrier first; s)"}};
        // The configuration itself, so that the output is read without the
        // file (model --compare rebuilds it from these lines).
        std::ostringstream conf;
        kernels::write_config(conf, c);
        std::istringstream conf_lines(conf.str());
        std::vector<std::pair<std::string, std::string>> config_lines;
        for (std::string l; std::getline(conf_lines, l);)
            config_lines.push_back({"config-line", l});
        if (!resumed.empty())
            config_lines.push_back({"resumed", resumed});
        write_results(out->stream(), info, opt, lines, results, total,
                      config_lines);
        out->commit();
    });
    journal_close(true); // the output is saved: the journal has served
}

} // namespace

int main(int argc, char **argv)
{
    return tool_main(argc, argv, "kernel",
                     "mpirun -np P kernel --config FILE [options]", kGroups,
                     help_tail(),
                     [](const ToolOptions &opt, MPI_Comm comm) {
                         run_kernel_tool(opt, comm);
                     },
                     [&] { return parse(argc, argv); });
}
