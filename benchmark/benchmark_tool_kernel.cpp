/* kernel: measures the communication time of the SUMMA or 2D-wave kernel
 * of a configuration (--config) for a range of unit sizes
 * (benchmark/benchmark_kernel.cpp does the measuring). */
#include "benchmark_kernel.h"
#include "benchmark_tool.h"
#include "common_error.h"

#include <string>
#include <vector>

using namespace cpm;
using namespace cpm::bench;

namespace {

const unsigned kGroups = kOptMeasure | kOptTiming;

/* A value of -M nobody types: --config lives in the model group, whose -M
 * parse_options requires. */
const char *const kNoModel = "\x01";

/* Parses with the model group for --config and refuses the model tool's
 * other options. */
ToolOptions parse(int argc, char **argv)
{
    std::vector<std::string> words = {argc > 0 ? argv[0] : "kernel", "-M",
                                      kNoModel};
    for (int a = 1; a < argc; ++a)
        words.push_back(argv[a]);
    std::vector<char *> args;
    for (std::string &w : words)
        args.push_back(&w[0]);
    args.push_back(nullptr);
    ToolOptions o = parse_options(int(words.size()), args.data(),
                                  kGroups | kOptModel);
    ToolOptions defaults;
    const char *other = o.model != kNoModel              ? "-M"
                        : !o.input.empty()               ? "-i"
                        : o.json                         ? "--json"
                        : !o.estimate.empty()            ? "-E"
                        : !o.compare.empty()             ? "--compare"
                        : o.tau != defaults.tau          ? "--tau"
                        : o.bp_h != defaults.bp_h        ? "--bp-h"
                        : o.bp_breaks != defaults.bp_breaks ? "--bp-breaks"
                        : o.bp_criterion != defaults.bp_criterion ? "--bp-ic"
                                                                  : nullptr;
    if (other)
        throw UsageError("unknown option '" + std::string(other) +
                         "' (see -h)");
    o.model.clear();
    if (!o.help && o.config.empty())
        throw UsageError("no kernel configuration given (--config FILE)");
    return o;
}

const char *const kHelpTail =
    "  --config FILE           the kernel configuration (required): kernel,\n"
    "                          grid side N, a node, type and rectangle per\n"
    "                          rank (doc/formats.md; cpm-kernel-config "
    "writes one)\n"
    "\n"
    "Message sizes (-s, -m, --sizes) are bytes per unit: a message of u units\n"
    "has u times that many bytes. T is the sum over SUMMA's N iterations, or\n"
    "the time of one 2D-wave iteration; each iteration starts with a barrier\n"
    "and is timed by the timing method (max: the slowest process). See\n"
    "doc/kernels.md.\n";

} // namespace

int main(int argc, char **argv)
{
    return tool_main(argc, argv, "kernel",
                     "mpirun -np P kernel --config FILE [options]", kGroups,
                     kHelpTail,
                     [](const ToolOptions &opt, MPI_Comm comm) {
                         run_kernel_tool(opt, comm);
                     },
                     [&] { return parse(argc, argv); });
}
