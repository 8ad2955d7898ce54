/* kernel: measures the communication time of the SUMMA or 2D-wave kernel
 * of a configuration (--config) for a range of unit sizes
 * (benchmark/benchmark_kernel.cpp does the measuring). */
#include "benchmark_kernel.h"
#include "benchmark_tool.h"
#include "common_error.h"

#include <string>

using namespace cpm;
using namespace cpm::bench;

namespace {

/* The generic options listed by -h; --config is described in the help's
 * tail (its generic text is the model tool's). */
const unsigned kGroups = kOptMeasure | kOptTiming;

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
