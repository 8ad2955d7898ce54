/**
 * \file tools_options.h
 * \brief Command-line options shared by CPM's tools (getopt_long).
 *
 * Options follow CPM 1.0.1: -s stride, -m maximum size, -p parallel 0/1,
 * -r/-R minimum/maximum repetitions, -c confidence level, -e relative
 * error, -t timing, -O operation, -o output, -h help; and the additions
 * --sizes LIST, --root R, --pair I,J and -v. Each tool accepts a subset.
 */
#ifndef CPM_TOOLS_OPTIONS_H
#define CPM_TOOLS_OPTIONS_H

#include "benchmark_precision.h"
#include "benchmark_schedule.h"
#include "benchmark_timing.h"

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
                                   --tau --tau-max --config --network --bp-h
                                   --bp-breaks --bp-ic; makes -M required */
    kOptModelFile = 1u << 7,  /**< -M -i alone (a model and its file) */
    kOptConfig = 1u << 8,     /**< --config alone (a kernel configuration) */
};

/** Parsed options; defaults as in CPM 1.0.1. */
struct ToolOptions {
    bench::Precision precision;      /**< -r -R -c -e */
    long stride = 1024;        /**< -s */
    long max_size = 102400;    /**< -m */
    std::vector<long> sizes;   /**< --sizes; overrides -s and -m */
    bool parallel = true;      /**< -p */
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
    std::string estimate;      /**< -E: operation to predict */
    std::string compare;       /**< --compare: observed times to compare */
    int tau = 0;               /**< --tau: concurrent transfers of -E (0: not
                                    given, 1) */
    int tau_max = 0;           /**< --tau-max: tau-Lop's largest tau (0: 16) */
    std::string config;        /**< --config: kernel configuration of -E,
                                    tau-Lop's layout when building */
    std::string network;       /**< --network: tau-Lop's network mode */
    double bp_h = 0.15;        /**< --bp-h: Bai-Perron minimal segment */
    int bp_breaks = 0;         /**< --bp-breaks: maximal breaks (0: any) */
    std::string bp_criterion = "BIC"; /**< --bp-ic: BIC or LWZ */
    std::string command;       /**< the command line, for output headers */

    /** The message sizes to measure: --sizes, or 0, s, 2s, ... <= m. */
    std::vector<long> message_sizes() const;
};

/** Parses argv for a tool accepting the given groups; throws
 *  cpm::UsageError with a one-line message on bad input. */
ToolOptions parse_options(int argc, char **argv, unsigned groups);

/** Help text for a tool: synopsis line plus the accepted options. */
std::string options_help(const std::string &synopsis, unsigned groups);

/** Parses a whole decimal integer; throws UsageError naming the option. */
long parse_integer(const std::string &text, const std::string &option);
/** Parses a whole floating-point number; throws UsageError naming the
 *  option. */
double parse_real(const std::string &text, const std::string &option);

} // namespace cpm::tools

/** @} */

#endif
