/* cpm-kernel-config: writes a kernel configuration (doc/formats.md) for a
 * layout of processes with relative speeds, as a column partition
 * (kernel_partition.h). No MPI. */
#include "tools_options.h"
#include "common_atomic_file.h"
#include "common_error.h"
#include "kernel_config.h"
#include "kernel_partition.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace cpm;
using namespace cpm::kernels;

namespace {

const char *const kUsage =
    "usage: cpm-kernel-config -k summa|wave2d -N SIDE [-c COLUMNS] "
    "[-o FILE] LAYOUT\n"
    "\n"
    "Writes the configuration of a kernel on an N x N grid for the processes\n"
    "of LAYOUT (- for standard input): one line 'node type speed [count]'\n"
    "per process in rank order ('#' comments). Processes are arranged in\n"
    "columns (Beaumont et al.): column widths proportional to the column's\n"
    "total speed, heights proportional to speed within the column; the\n"
    "number of columns and their members minimise the sum of half-perimeters\n"
    "unless -c gives the number. See doc/kernels.md.\n"
    "\n"
    "options:\n";

/* Its options, parsed and shown by the tools' option core. */
const std::vector<tools::OptionSpec> kSpecs = {
    {'k', "kernel", true, "S", "summa or wave2d (required)"},
    {'N', "side", true, "N",
     "grid side in units: SUMMA blocks, 2D-wave elements (required)"},
    {'c', "columns", true, "C", "exactly C columns (default: the best number)"},
    {'o', "output", true, "FILE",
     "output file, - for standard output (default: -)"},
    {'h', "help", false, "", "print this help and exit"},
};

long whole(const std::string &text, const std::string &opt, long lo)
{
    errno = 0;
    char *end = nullptr;
    long v = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end || errno == ERANGE || v < lo)
        throw UsageError("option " + opt + ": expected an integer >= " +
                         std::to_string(lo) + ", got '" + text + "'");
    return v;
}

int run(int argc, char **argv, std::string &command)
{
    std::string kernel, output = "-";
    long N = 0, columns = 0;
    bool help = false;
    int first = tools::parse_command_line(
        argc, argv, kSpecs,
        [&](const tools::OptionSpec &spec, const std::string &opt,
            const std::string &arg) {
            switch (spec.code) {
            case 'k':
                kernel = arg;
                break;
            case 'N':
                N = whole(arg, opt, 1);
                break;
            case 'c':
                columns = whole(arg, opt, 1);
                break;
            case 'o':
                if (arg.empty())
                    throw UsageError("option -o: empty file name");
                output = arg;
                break;
            case 'h':
                help = true;
                break;
            }
        });
    if (help) {
        std::cout << kUsage << tools::options_text(kSpecs, 21);
        return 0;
    }
    if (kernel.empty())
        throw UsageError("no kernel given (-k summa or -k wave2d)");
    Kernel k = parse_kernel(kernel);
    if (N == 0)
        throw UsageError("no grid side given (-N SIDE)");
    if (first + 1 != argc)
        throw UsageError(first == argc ? "no layout file given (see -h)"
                                       : "more than one layout file given");
    std::string path = argv[first];
    std::vector<LayoutProcess> layout;
    if (is_stdin_name(path)) {
        layout = read_layout(std::cin, "stdin");
    } else {
        std::ifstream in(path);
        if (!in)
            throw UsageError(path + ": cannot open the layout");
        layout = read_layout(in, path);
    }
    if (columns > long(kMaxLayoutProcesses))
        throw UsageError("option -c: more than " +
                         std::to_string(kMaxLayoutProcesses) + " columns");
    Config conf = column_partition(k, N, layout, int(columns));

    AtomicFile out(output);
    std::ostream &os = out.stream();
    os << "# CPM kernel configuration, written by: " << command << "\n";
    os << "# column partition of " << layout.size()
       << " processes; area of rank r proportional to its speed:\n";
    for (std::size_t r = 0; r < layout.size(); ++r) {
        const Rect &a = conf.rects[r];
        char buf[160];
        std::snprintf(buf, sizeof buf,
                      "#   rank %zu speed %g area %ld (%.2f%% of %ld)\n", r,
                      layout[r].speed, a.w * a.h,
                      100.0 * double(a.w * a.h) / double(N * N), N * N);
        os << buf;
    }
    write_config(os, conf);
    out.commit();
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    std::string command = "cpm-kernel-config";
    for (int a = 1; a < argc; ++a)
        command += " " + std::string(argv[a]);
    try {
        return run(argc, argv, command);
    } catch (const UsageError &e) {
        std::cerr << "cpm-kernel-config: " << e.what() << std::endl;
        return 2;
    } catch (const std::exception &e) {
        std::cerr << "cpm-kernel-config: " << e.what() << std::endl;
        return 1;
    }
}
