/* The option parser of CPM's programs: the shared getopt_long loop and
 * help text (parse_command_line, options_text), and the options of the
 * MPI tools by group (parse_options, options_help). */
#include "tools_options.h"

#include "common_error.h"
#include "common_parse.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <getopt.h>
#include <sstream>

namespace cpm::tools {

using namespace cpm::bench;

namespace {

enum LongOnly {
    kSizes = 1000,
    kRoot,
    kPair,
    kJson,
    kCompare,
    kTau,
    kConfig,
    kList,
    kEstimator,
    kWarmup,
    kSegments,
    kHeatmap,
    kTrain,
    kResume,
    kExtra = 2000 /**< kExtra + k: the caller's k-th extra option */
};

struct Spec {
    int code;
    const char *long_name;
    bool has_arg;
    const char *arg;
    const char *help;
    unsigned group; /**< the groups that accept it (any of them) */
};

const Spec kSpecs[] = {
    {'s', "stride", true, "I", "message size stride in bytes (default: 1024)",
     kOptMeasure},
    {'m', "max-size", true, "I",
     "maximum message size in bytes (default: 102400)", kOptMeasure},
    {kSizes, "sizes", true, "LIST",
     "explicit message sizes, e.g. 0,1024,65536 (overrides -s, -m)",
     kOptMeasure},
    {'p', "parallel", true, "0/1",
     "run independent experiments in parallel rounds (default: 1, or 0 "
     "where a machine runs more ranks than it has processors)",
     kOptParallel},
    {'r', "min-reps", true, "I", "minimum number of repetitions (default: 5)",
     kOptMeasure},
    {'R', "max-reps", true, "I",
     "maximum number of repetitions (default: 100)", kOptMeasure},
    {'c', "cl", true, "D", "confidence level, 0 < D < 1 (default: 0.95)",
     kOptMeasure},
    {'e', "eps", true, "D",
     "relative error of the estimate, 0 < D < 1 (default: 0.025)",
     kOptMeasure},
    {kEstimator, "estimator", true, "S",
     "time of an experiment: median, mean (CPM 1.0.1) or trimmed (20%) "
     "(default: median)",
     kOptMeasure},
    {kWarmup, "warmup", true, "I",
     "repetitions of each experiment made first, not counted (default: 1)",
     kOptMeasure},
    {kTrain, "train", true, "N",
     "roundtrips timed as one repetition of a point-to-point experiment: "
     "auto (enough for the clock's cost to be under 0.1%) or 1.." "1000 "
     "(1: each alone, CPM 1.0.1) (default: auto)",
     kOptMeasure},
    {'t', "timing", true, "S",
     "timing method: max, root, global, span, sync (default: max)", kOptTiming},
    {'O', "operation", true, "S", "collective operation (required; see below)",
     kOptCollective},
    {kRoot, "root", true, "R",
     "root rank (collective: of the operation; model: of -E) (default: 0)",
     kOptRoot},
    {'M', "model", true, "S", "model name (required; see below)",
     kOptModel | kOptModelFile},
    {'i', "input", true, "FILE",
     "load the model from FILE (- for standard input) instead of building it",
     kOptModel | kOptModelFile},
    {kJson, "json", false, nullptr, "write the model as JSON", kOptModel},
    {kSegments, "segments", true, "yes/no",
     "when building, find size segments of point-to-point times (needs R; "
     "default: yes)",
     kOptModel},
    {'E', "estimate", true, "OP",
     "print predicted times of OP over the sizes (see below)", kOptModel},
    {kCompare, "compare", true, "FILE",
     "compare with the times of a p2p, collective or kernel output FILE: "
     "observed, predicted, mu per row and their mean and max (with -i)",
     kOptModel},
    {kHeatmap, "heatmap", true, "FILE",
     "write per-pair latency and bandwidth matrices of FILE, a model file "
     "or a p2p output, at the first and last size (no -M needed)",
     kOptModel},
    {kList, "list", false, nullptr,
     "list the operations of every model (of -M's, with -M), one line "
     "each: MODEL, OPERATION, SUBJECT, HELP separated by tabs",
     kOptModel},
    {kTau, "tau", true, "N",
     "-E: concurrent transfers (tau-Lop; default: 1)", kOptModel},
    {kConfig, "config", true, "FILE",
     "a kernel configuration: the kernel tool's, or of model -E summa or "
     "wave2d (and a model's own option, see below)",
     kOptModel | kOptConfig},
    {kPair, "pair", true, "I,J",
     "p2p: measure only this pair (repeatable; default: all pairs); "
     "model: the pair of -E (default: 0,1)",
     kOptPairs},
    {'o', "output", true, "FILE",
     "output file, - for standard output (default: -)", kOptMeasure},
    {kResume, "resume", true, "JOURNAL",
     "replay the measurements that JOURNAL holds, then measure the rest "
     "(default: OUT.journal of -o OUT if it exists)",
     kOptResume},
    {'v', "verbose", false, nullptr,
     "show progress on stderr even if it is not a terminal", kOptMeasure},
    {'h', "help", false, nullptr, "print this help and exit", kOptMeasure},
};

long positive(const std::string &text, const std::string &opt)
{
    long v = 0;
    try {
        v = parse_integer(text, opt);
    } catch (const UsageError &) {
        v = 0;
    }
    if (v <= 0)
        throw UsageError("option " + opt + ": expected a positive integer, got '" +
                         text + "'");
    return v;
}

double unit_interval(const std::string &text, const std::string &opt)
{
    double v = 0;
    try {
        v = parse_real(text, opt);
    } catch (const UsageError &) {
        v = 0;
    }
    if (!(v > 0 && v < 1))
        throw UsageError("option " + opt + ": expected a number in (0,1), got '" +
                         text + "'");
    return v;
}

std::vector<std::string> split(const std::string &s, char sep)
{
    std::vector<std::string> parts;
    std::string cur;
    std::istringstream in(s);
    while (std::getline(in, cur, sep))
        parts.push_back(cur);
    if (!s.empty() && s.back() == sep)
        parts.push_back("");
    return parts;
}

} // namespace

long parse_integer(const std::string &text, const std::string &option)
{
    return parse_long(text, "option " + option);
}

double parse_real(const std::string &text, const std::string &option)
{
    return parse_double(text, "option " + option);
}

namespace {

/* The bound of a size list, checked before it is built: at most
 * kMaxSizeCount sizes. (The tools that measure refuse sizes above
 * kMaxMessageSize before they allocate; predictions take any size.) */
void check_size_list(long stride, long max_size, std::size_t listed)
{
    if (listed > std::size_t(kMaxSizeCount))
        throw UsageError("option --sizes: at most " +
                         std::to_string(kMaxSizeCount) + " sizes, got " +
                         std::to_string(listed));
    if (listed > 0)
        return;
    if (stride <= 0)
        throw UsageError("option -s: expected a positive integer, got " +
                         std::to_string(stride));
    if (max_size < 0)
        throw UsageError("option -m: expected a positive integer, got " +
                         std::to_string(max_size));
    if (max_size / stride >= kMaxSizeCount)
        throw UsageError("-s " + std::to_string(stride) + " -m " +
                         std::to_string(max_size) + " gives more than " +
                         std::to_string(kMaxSizeCount) + " message sizes");
}

} // namespace

std::vector<long> ToolOptions::message_sizes() const
{
    check_size_list(stride, max_size, sizes.size());
    if (!sizes.empty())
        return sizes;
    std::vector<long> v;
    for (long k = 0; k <= max_size / stride; ++k) // k * stride <= max_size
        v.push_back(k * stride);
    return v;
}

int parse_command_line(
    int argc, char **argv, const std::vector<OptionSpec> &specs,
    const std::function<void(const OptionSpec &, const std::string &,
                             const std::string &)> &handle)
{
    std::string shorts = ":";
    std::vector<option> longs;
    for (const OptionSpec &s : specs) {
        if (s.code < 256) {
            shorts += char(s.code);
            if (s.has_arg)
                shorts += ':';
        }
        longs.push_back({s.name.c_str(),
                         s.has_arg ? required_argument : no_argument, nullptr,
                         s.code});
    }
    longs.push_back({nullptr, 0, nullptr, 0});

    optind = 0; // 0, not 1: glibc then also resets its internal state
    opterr = 0;
    int c, index = -1;
    while ((c = getopt_long(argc, argv, shorts.c_str(), longs.data(),
                            &index)) != -1) {
        if (c == ':')
            throw UsageError("option " + std::string(argv[optind - 1]) +
                             " needs an argument");
        const OptionSpec *spec = nullptr;
        for (const OptionSpec &s : specs)
            if (s.code == c)
                spec = &s;
        if (c == '?' || !spec) {
            std::string last = argv[optind - 1];
            std::string bad = last.rfind("--", 0) == 0
                                  ? last.substr(0, last.find('='))
                                  : std::string("-") + char(optopt);
            throw UsageError("unknown option '" + bad + "' (see -h)");
        }
        std::string opt = spec->code < 256
                              ? std::string("-") + char(spec->code)
                              : "--" + spec->name;
        handle(*spec, opt, optarg ? optarg : "");
    }
    return optind;
}

std::string options_text(const std::vector<OptionSpec> &specs,
                         std::size_t indent)
{
    std::ostringstream out;
    for (const OptionSpec &s : specs) {
        std::string left = "  ";
        if (s.code < 256)
            left += std::string("-") + char(s.code) + ", ";
        else
            left += "    ";
        left += "--" + s.name;
        if (s.has_arg)
            left += " " + s.arg;
        if (left.size() < indent)
            left.resize(indent, ' ');
        else
            left += "\n" + std::string(indent, ' ');
        out << left << s.help << "\n";
    }
    return out.str();
}

namespace {

/* The options of the groups, then the extra ones (not those named as an
 * option of the groups). */
std::vector<OptionSpec> specs_of(unsigned groups,
                                 const std::vector<ExtraOption> &extra)
{
    std::vector<OptionSpec> v;
    for (const Spec &s : kSpecs)
        if (s.group & groups)
            v.push_back({s.code, s.long_name, s.has_arg, s.arg ? s.arg : "",
                         s.help});
    for (std::size_t k = 0; k < extra.size(); ++k) {
        bool known = false;
        for (const OptionSpec &o : v)
            known = known || o.name == extra[k].name;
        if (!known)
            v.push_back({kExtra + int(k), extra[k].name, true, extra[k].arg,
                         extra[k].help});
    }
    return v;
}

} // namespace

ToolOptions parse_options(int argc, char **argv, unsigned groups,
                          const std::vector<ExtraOption> &extra)
{
    ToolOptions o;
    int first = parse_command_line(
        argc, argv, specs_of(groups, extra),
        [&](const OptionSpec &spec, const std::string &opt,
            const std::string &arg) {
            switch (spec.code) {
            case 's':
                o.stride = positive(arg, opt);
                o.sizes_given = true;
                break;
            case 'm':
                o.max_size = positive(arg, opt);
                o.sizes_given = true;
                break;
            case kSizes:
                o.sizes_given = true;
                if (arg.empty())
                    throw UsageError("option " + opt + ": empty list of sizes");
                o.sizes.clear();
                if (std::size_t(std::count(arg.begin(), arg.end(), ',')) >=
                    std::size_t(kMaxSizeCount))
                    throw UsageError("option " + opt + ": at most " +
                                     std::to_string(kMaxSizeCount) +
                                     " sizes");
                for (const std::string &part : split(arg, ',')) {
                    long M = parse_integer(part, opt);
                    if (M < 0)
                        throw UsageError(
                            "option " + opt +
                            ": message sizes must not be negative, got '" +
                            part + "'");
                    o.sizes.push_back(M);
                }
                break;
            case 'p': {
                long p = parse_integer(arg, opt);
                if (p != 0 && p != 1)
                    throw UsageError("option " + opt +
                                     ": expected 0 or 1, got '" + arg + "'");
                o.parallel = p == 1;
                o.parallel_given = true;
                break;
            }
            case 'r':
            case 'R': {
                long v = positive(arg, opt);
                if (v > 1000000)
                    throw UsageError("option " + opt +
                                     ": at most 1000000 repetitions, got " +
                                     quoted(arg));
                (spec.code == 'r' ? o.precision.min_reps
                                  : o.precision.max_reps) =
                    int(v);
                break;
            }
            case 'c':
                o.precision.cl = unit_interval(arg, opt);
                break;
            case 'e':
                o.precision.eps = unit_interval(arg, opt);
                break;
            case kEstimator:
                try {
                    o.precision.estimator = bench::parse_estimator(arg);
                } catch (const UsageError &) {
                    throw UsageError("option " + opt +
                                     ": expected median, mean or trimmed, "
                                     "got " + quoted(arg));
                }
                break;
            case kWarmup:
                o.precision.warmup =
                    parse_int(arg, "option " + opt, 0, 1000000);
                break;
            case kTrain:
                o.precision.train =
                    std::string(arg) == "auto"
                        ? 0
                        : parse_int(arg, "option " + opt, 1, bench::kMaxTrain);
                break;
            case 't':
                o.timing = parse_timing(arg);
                break;
            case 'O':
                o.operation = arg;
                break;
            case kRoot:
                o.root = parse_int(arg, "option " + opt, 0);
                break;
            case kPair: {
                std::vector<std::string> ij = split(arg, ',');
                if (ij.size() != 2)
                    throw UsageError("option " + opt +
                                     ": expected two ranks I,J, got '" + arg +
                                     "'");
                int i = parse_int(ij[0], "option " + opt, 0),
                    j = parse_int(ij[1], "option " + opt, 0);
                if (i == j)
                    throw UsageError(
                        "option " + opt +
                        ": expected two different ranks >= 0, got '" + arg +
                        "'");
                o.pairs.push_back({i, j});
                break;
            }
            case 'M':
                o.model = arg;
                break;
            case 'i':
                if (arg.empty())
                    throw UsageError("option " + opt + ": empty file name");
                o.input = arg;
                break;
            case kJson:
                o.json = true;
                break;
            case kSegments:
                if (arg != "yes" && arg != "no")
                    throw UsageError("option " + opt +
                                     ": expected yes or no, got " +
                                     quoted(arg));
                o.segments = arg == "yes";
                break;
            case kList:
                o.list = true;
                break;
            case 'E':
                o.estimate = arg;
                break;
            case kCompare:
                if (arg.empty())
                    throw UsageError("option " + opt + ": empty file name");
                o.compare = arg;
                break;
            case kHeatmap:
                if (arg.empty())
                    throw UsageError("option " + opt + ": empty file name");
                o.heatmap = arg;
                break;
            case kTau:
                o.tau = parse_int(arg, "option " + opt, 1);
                break;
            case kConfig:
                if (arg.empty())
                    throw UsageError("option " + opt + ": empty file name");
                o.config = arg;
                break;
            case kResume:
                if (arg.empty())
                    throw UsageError("option " + opt + ": empty file name");
                o.resume = arg;
                break;
            case 'o':
                if (arg.empty())
                    throw UsageError("option " + opt + ": empty file name");
                o.output = arg;
                break;
            case 'v':
                o.verbose = true;
                break;
            case 'h':
                o.help = true;
                break;
            default: // an extra option: its value, checked by the tool
                o.settings[spec.name] = arg;
                break;
            }
        });
    if (first < argc)
        throw UsageError("unexpected argument '" + std::string(argv[first]) +
                         "' (see -h)");
    if (o.help)
        return o;
    o.precision.validate();
    if (o.sizes.empty() && o.max_size < o.stride)
        throw UsageError("maximum message size (-m " +
                         std::to_string(o.max_size) +
                         ") is smaller than the stride (-s " +
                         std::to_string(o.stride) + ")");
    check_size_list(o.stride, o.max_size, o.sizes.size());
    if ((groups & kOptCollective) && o.operation.empty())
        throw UsageError("no collective operation given (-O NAME; see -h)");
    if (!o.heatmap.empty() &&
        (o.list || !o.input.empty() || !o.estimate.empty() || o.json ||
         !o.compare.empty()))
        throw UsageError("--heatmap excludes -i, -E, --json, --compare and "
                         "--list");
    if ((groups & kOptModel) && o.model.empty() && !o.list &&
        o.heatmap.empty())
        throw UsageError("no model given (-M NAME; see -h)");
    if (o.list && (!o.input.empty() || !o.estimate.empty() || o.json ||
                   !o.compare.empty()))
        throw UsageError("--list excludes -i, -E, --json and --compare");
    if (o.json && !o.estimate.empty())
        throw UsageError("--json and -E exclude each other");
    if (!o.compare.empty() && o.json)
        throw UsageError("--json and --compare exclude each other");
    if (!o.compare.empty() && o.input.empty())
        throw UsageError("--compare needs a model file (-i FILE)");
    return o;
}

std::string options_help(const std::string &synopsis, unsigned groups)
{
    return "usage: " + synopsis + "\n\noptions:\n" +
           options_text(specs_of(groups, {}));
}

} // namespace cpm::tools
