/**
 * \file tools_options.h
 * \brief Command-line options shared by CPM's tools (getopt_long).
 *
 * Options follow CPM 1.0.1: -s stride, -m maximum size, -p parallel 0/1,
 * -r/-R minimum/maximum repetitions, -c confidence level, -e relative
 * error, -t timing, -O operation, -o output, -h help; and the additions
 * --sizes LIST, --root R, --pair I,J and -v. Each tool accepts a subset
 * (option groups). A caller may add long options of its own (the model
 * tool: each model's build options, from the registry), whose values are
 * collected by name: the parser knows no model.
 *
 * The core, parse_command_line and options_text, is the one getopt_long
 * loop of the programs, with the same one-line errors; cpm-kernel-config
 * uses it directly.
 */
#ifndef CPM_TOOLS_OPTIONS_H
#define CPM_TOOLS_OPTIONS_H

#include "benchmark_precision.h"
#include "benchmark_schedule.h"
#include "benchmark_timing.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

/** \addtogroup tools
 *  @{ */

namespace cpm::tools {

/** Bit set of option groups a tool accepts. */
enum OptionGroup : unsigned {
    kOptMeasure = 1u << 0,    /**< -s -m --sizes -r -R -c -e -o -v -h */
    kOptTiming = 1u << 1,     /**< -t */
    kOptCollective = 1u << 2, /**< -O */
    kOptPairs = 1u << 3,      /**< --pair */
    kOptParallel = 1u << 4,   /**< -p */
    kOptRoot = 1u << 5,       /**< --root */
    kOptModel = 1u << 6,      /**< the model tool's: -M -i --json -E --compare
                                   --tau --config --list; makes -M required
                                   (but for --list) */
    kOptModelFile = 1u << 7,  /**< -M -i alone (a model and its file) */
    kOptConfig = 1u << 8,     /**< --config alone (a kernel configuration) */
    kOptResume = 1u << 9,     /**< --resume (tools that journal their
                                   measurements) */
};

/** The largest message size a tool measures, in bytes (2^30): a rank
 *  allocates buffers of this order per message. Checked by the tools
 *  before they allocate (predictions, model -E, take any size). */
constexpr long kMaxMessageSize = 1L << 30;
/** The most message sizes in one list (-s/-m or --sizes). */
constexpr long kMaxSizeCount = 100000;

/** Parsed options; defaults as in CPM 1.0.1. */
struct ToolOptions {
    bench::Precision precision;      /**< -r -R -c -e */
    long stride = 1024;        /**< -s */
    long max_size = 102400;    /**< -m */
    std::vector<long> sizes;   /**< --sizes; overrides -s and -m */
    bool sizes_given = false;  /**< -s, -m or --sizes was given (else the
                                    model builders choose their sizes) */
    bool parallel = true;      /**< -p (without it, parallel_rounds()
                                    decides) */
    bool parallel_given = false; /**< -p was given */
    std::string output = "-";  /**< -o; "-" or "stdout" is standard output */
    bool verbose = false;      /**< -v: progress even if stderr is no tty */
    bench::Timing timing = bench::Timing::Max; /**< -t */
    std::string operation;     /**< -O */
    int root = 0;              /**< --root */
    std::vector<bench::Pair> pairs;  /**< --pair I,J (repeatable) */
    bool help = false;         /**< -h */
    std::string model;         /**< -M */
    std::string input;         /**< -i; "-" or "stdin" is standard input */
    bool json = false;         /**< --json */
    bool segments = true;      /**< --segments yes|no: size segments */
    bool list = false;         /**< --list: the models' operations */
    std::string estimate;      /**< -E: operation to predict */
    std::string compare;       /**< --compare: observed times to compare */
    std::string heatmap;       /**< --heatmap: a model file or p2p output */
    int tau = 0;               /**< --tau: concurrent transfers of -E (0: not
                                    given, 1) */
    std::string config;        /**< --config: kernel configuration (of -E,
                                    or of the kernel tool) */
    std::string resume;        /**< --resume: a measurement journal to
                                    replay (empty: OUT.journal of -o OUT) */
    /** The values of the caller's extra options (parse_options' extra), by
     *  name without "--"; a later occurrence replaces an earlier one. */
    std::map<std::string, std::string> settings;
    std::string command;       /**< the command line, for output headers */

    /** The message sizes to measure: --sizes, or 0, s, 2s, ... <= m. The
     *  parser has checked that there are at most kMaxSizeCount; options
     *  set otherwise are checked here again before the list is built
     *  (cpm::UsageError). */
    std::vector<long> message_sizes() const;
};

/** A long option with a value that a tool adds to its groups' options
 *  (the model tool: each model's build options). Its value is collected in
 *  ToolOptions::settings; the tool checks it. */
struct ExtraOption {
    std::string name; /**< long name, without "--" */
    std::string arg;  /**< its value in help texts, e.g. "D" */
    std::string help; /**< one line */
};

/** Parses argv for a tool accepting the given groups and the extra long
 *  options (an extra option named as an option of the groups is that
 *  option, not an extra one); throws cpm::UsageError with a one-line
 *  message on bad input. */
ToolOptions parse_options(int argc, char **argv, unsigned groups,
                          const std::vector<ExtraOption> &extra = {});

/** Help text for a tool: synopsis line plus the accepted options (of the
 *  groups; a tool lists its extra options where they belong). */
std::string options_help(const std::string &synopsis, unsigned groups);

/** One option of a command line, for the shared getopt_long loop and its
 *  help text. */
struct OptionSpec {
    int code;         /**< the short option's character, or >= 256 for a
                           long-only option */
    std::string name; /**< long name, without "--" */
    bool has_arg;     /**< takes a value */
    std::string arg;  /**< the value in help texts, e.g. "I" */
    std::string help; /**< one line */
};

/** The one getopt_long loop of the programs: calls handle with the spec,
 *  the option as written in messages ("-s", "--sizes") and its value, for
 *  each option of argv in order; returns the index of the first operand.
 *  Throws cpm::UsageError "unknown option '-x' (see -h)" and "option -s
 *  needs an argument". Resets getopt's state first (SimGrid keeps it per
 *  rank). */
int parse_command_line(
    int argc, char **argv, const std::vector<OptionSpec> &specs,
    const std::function<void(const OptionSpec &, const std::string &option,
                             const std::string &value)> &handle);

/** The help lines of specs: "  -s, --stride I" padded to indent columns,
 *  then the help (on the next line if the option is longer). */
std::string options_text(const std::vector<OptionSpec> &specs,
                         std::size_t indent = 26);

/** Parses a whole decimal integer; throws UsageError naming the option. */
long parse_integer(const std::string &text, const std::string &option);
/** Parses a whole floating-point number; throws UsageError naming the
 *  option. */
double parse_real(const std::string &text, const std::string &option);

} // namespace cpm::tools

/** @} */

#endif
