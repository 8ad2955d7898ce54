// Option parsing: defaults, sizes, and a clear error for each bad input.
#include "tools_options.h"
#include "common_error.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace cpm::bench;
using namespace cpm::tools;

namespace {

const unsigned kAll =
    kOptMeasure | kOptTiming | kOptCollective | kOptPairs | kOptParallel |
    kOptRoot;

ToolOptions parse(std::vector<std::string> args, unsigned groups = kAll)
{
    args.insert(args.begin(), "tool");
    std::vector<char *> argv;
    for (std::string &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    return parse_options(int(args.size()), argv.data(), groups);
}

// Expects a UsageError whose message contains `needle`.
void expect_error(std::vector<std::string> args, const std::string &needle,
                  unsigned groups = kAll)
{
    try {
        parse(args, groups);
        ADD_FAILURE() << "no error for " << needle;
    } catch (const cpm::UsageError &e) {
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
            << "message: " << e.what();
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
}

TEST(Options, DefaultsFollowCpm101)
{
    ToolOptions o = parse({"-O", "MPI_Scatter"});
    EXPECT_EQ(o.stride, 1024);
    EXPECT_EQ(o.max_size, 102400);
    EXPECT_TRUE(o.parallel);
    EXPECT_EQ(o.precision.min_reps, 5);
    EXPECT_EQ(o.precision.max_reps, 100);
    EXPECT_DOUBLE_EQ(o.precision.cl, 0.95);
    EXPECT_DOUBLE_EQ(o.precision.eps, 0.025);
    EXPECT_EQ(o.timing, Timing::Max);
    EXPECT_EQ(o.output, "-");
    std::vector<long> sizes = o.message_sizes();
    ASSERT_EQ(sizes.size(), 101u);
    EXPECT_EQ(sizes.front(), 0);
    EXPECT_EQ(sizes.back(), 102400);
}

TEST(Options, ValuesAreParsed)
{
    ToolOptions o = parse({"-s", "100", "-m", "350", "-p", "0", "-r", "3",
                           "-R", "9", "-c", "0.9", "-e", "0.1", "-t", "global",
                           "-O", "MPI_Gather", "--root", "2", "--pair", "0,3",
                           "--pair", "2,1", "-o", "out.txt", "-v"});
    EXPECT_EQ(o.message_sizes(), (std::vector<long>{0, 100, 200, 300}));
    EXPECT_FALSE(o.parallel);
    EXPECT_EQ(o.precision.min_reps, 3);
    EXPECT_EQ(o.precision.max_reps, 9);
    EXPECT_EQ(o.timing, Timing::Global);
    EXPECT_EQ(o.operation, "MPI_Gather");
    EXPECT_EQ(o.root, 2);
    ASSERT_EQ(o.pairs.size(), 2u);
    EXPECT_EQ(o.pairs[1].i, 2);
    EXPECT_EQ(o.pairs[1].j, 1);
    EXPECT_EQ(o.output, "out.txt");
    EXPECT_TRUE(o.verbose);
    EXPECT_EQ(parse({"-O", "x", "--sizes", "0,7,65536"}).message_sizes(),
              (std::vector<long>{0, 7, 65536}));
}

TEST(Options, BadInputGetsOneLineNamingTheProblem)
{
    expect_error({"-O", "x", "-x"}, "unknown option '-x'");
    expect_error({"-O", "x", "--bogus"}, "unknown option '--bogus'");
    expect_error({"-O", "x", "-s", "abc"}, "option -s: expected a positive integer, got 'abc'");
    expect_error({"-O", "x", "-s", "0"}, "option -s");
    expect_error({"-O", "x", "-m", "-5"}, "option -m");
    expect_error({"-O", "x", "-m", "10k"}, "option -m");
    expect_error({"-O", "x", "--sizes", "1,-2"}, "must not be negative");
    expect_error({"-O", "x", "--sizes", "1,,2"}, "option --sizes");
    expect_error({"-O", "x", "--sizes", ""}, "empty list of sizes");
    expect_error({"-O", "x", "-r", "10", "-R", "5"}, "exceed maximum repetitions");
    expect_error({"-O", "x", "-c", "1.5"}, "option -c: expected a number in (0,1)");
    expect_error({"-O", "x", "-e", "0"}, "option -e");
    expect_error({"-O", "x", "-e", "nan"}, "option -e");
    expect_error({"-O", "x", "-p", "2"}, "option -p: expected 0 or 1");
    expect_error({"-O", "x", "-t", "wall"}, "valid: max, root, global, span, sync");
    expect_error({"-O", "x", "--root", "-1"}, "option --root");
    expect_error({"-O", "x", "--pair", "1"}, "option --pair");
    expect_error({"-O", "x", "--pair", "1,1"}, "option --pair");
    expect_error({"-O", "x", "-s", "2048", "-m", "1024"}, "smaller than the stride");
    // Size lists are bounded before they are built (issue 13, item 1).
    expect_error({"-O", "x", "-s", "1", "-m", "9223372036854775807"},
                 "-s 1 -m 9223372036854775807 gives more than 100000 "
                 "message sizes");
    expect_error({"-O", "x", "-s", "1", "-m", "1073741824"},
                 "more than 100000 message sizes");
    // No overflow of the last size: 0, 2^62 and no more.
    EXPECT_EQ(parse({"-O", "x", "-s", "4611686018427387904", "-m",
                     "9223372036854775807"})
                  .message_sizes(),
              (std::vector<long>{0, 4611686018427387904L}));
    expect_error({"-O", "x", "--sizes", std::string(100000, ',')},
                 "at most 100000 sizes");
    EXPECT_EQ(parse({"-O", "x", "-s", "16384", "-m", "1073741824"})
                  .message_sizes()
                  .size(),
              65537u);
    ToolOptions set;
    set.stride = 1;
    set.max_size = 1L << 40;
    EXPECT_THROW(set.message_sizes(), cpm::UsageError);
    // No silent truncation of ranks to int.
    expect_error({"-O", "x", "--pair", "4294967297,1"}, "option --pair");
    expect_error({"-O", "x", "--root", "4294967296"}, "option --root");
    expect_error({"-O", "x", "extra"}, "unexpected argument 'extra'");
    expect_error({"-O", "x", "-s"}, "needs an argument");
    expect_error({}, "no collective operation");
    // Options of other tools are unknown.
    expect_error({"-t", "max"}, "unknown option '-t'", kOptMeasure);
    expect_error({"-p", "1"}, "unknown option '-p'", kOptMeasure);
}

// The model tool's options by group: kOptModelFile (-M -i, -M optional)
// for collective, kOptConfig (--config) for kernel; kOptModel has them all
// and requires -M.
TEST(Options, ModelGroups)
{
    const unsigned coll = kOptMeasure | kOptTiming | kOptCollective |
                          kOptRoot | kOptModelFile;
    ToolOptions o = parse({"-O", "x", "-M", "LMO", "-i", "f"}, coll);
    EXPECT_EQ(o.model, "LMO");
    EXPECT_EQ(o.input, "f");
    EXPECT_TRUE(parse({"-O", "x"}, coll).model.empty());
    for (const char *opt : {"--network", "--config", "--tau", "--tau-max",
                            "--compare", "-E", "--bp-ic"})
        expect_error({"-O", "x", opt, "x"},
                     "unknown option '" + std::string(opt) + "'", coll);
    expect_error({"-O", "x", "--json"}, "unknown option '--json'", coll);

    const unsigned kernel = kOptMeasure | kOptTiming | kOptConfig;
    EXPECT_EQ(parse({"--config", "k.conf"}, kernel).config, "k.conf");
    expect_error({"--config", "k.conf", "-M", "LMO"}, "unknown option '-M'",
                 kernel);
    expect_error({"--config", "k.conf", "-i", "f"}, "unknown option '-i'",
                 kernel);
    expect_error({"--config", "k.conf", "--network", "x"},
                 "unknown option '--network'", kernel);

    const unsigned model = kOptMeasure | kOptModel;
    o = parse({"-M", "taulop", "--config", "c"}, model);
    EXPECT_EQ(o.config, "c");
    EXPECT_TRUE(o.settings.empty());
    expect_error({"--config", "c"}, "no model given", model);
    expect_error({"-M", "taulop", "--tau", "4294967297"}, "option --tau",
                 model);
    expect_error({"-M", "taulop", "--tau", "0"}, "option --tau", model);
    EXPECT_TRUE(parse({"--list"}, model).list);
    expect_error({"--list", "-M", "LMO", "-i", "f"}, "--list excludes", model);
    // A model's own build options are not the parser's: without them as
    // extra options they are unknown.
    expect_error({"-M", "taulop", "--network", "staged"},
                 "unknown option '--network'", model);
    std::string help = options_help("model [options]", model);
    for (const char *opt : {"--model", "--input", "--config", "--list"})
        EXPECT_NE(help.find(opt), std::string::npos) << opt;
    help = options_help("kernel [options]", kOptMeasure | kOptConfig);
    EXPECT_NE(help.find("--config"), std::string::npos);
    EXPECT_EQ(help.find("--model"), std::string::npos);
}

// Extra options (the model tool's: each model's build options) are
// collected by name, the last value winning; one named as an option of the
// groups is that option.
TEST(Options, ExtraOptionsAreCollectedByName)
{
    const unsigned model = kOptMeasure | kOptModel;
    const std::vector<ExtraOption> extra = {
        {"network", "S", "network mode"},
        {"tau-max", "N", "largest tau"},
        {"config", "FILE", "a layout"}};
    auto parse_extra = [&](std::vector<std::string> args) {
        args.insert(args.begin(), "model");
        std::vector<char *> argv;
        for (std::string &a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        return parse_options(int(args.size()), argv.data(), model, extra);
    };
    ToolOptions o = parse_extra({"-M", "taulop", "--network", "staged",
                                 "--tau-max=4", "--network", "direct",
                                 "--config", "c"});
    EXPECT_EQ(o.settings.size(), 2u);
    EXPECT_EQ(o.settings["network"], "direct");
    EXPECT_EQ(o.settings["tau-max"], "4");
    EXPECT_EQ(o.config, "c");
    try {
        parse_extra({"-M", "taulop", "--network"});
        ADD_FAILURE() << "no error for a missing value";
    } catch (const cpm::UsageError &e) {
        EXPECT_EQ(std::string(e.what()), "option --network needs an argument");
    }
}

// The shared core: options in order, the operands after them.
TEST(Options, CommandLineCore)
{
    const std::vector<OptionSpec> specs = {
        {'k', "kernel", true, "S", "a kernel"},
        {'h', "help", false, "", "help"}};
    std::vector<std::string> args = {"tool", "-k", "summa", "--help", "file"};
    std::vector<char *> argv;
    for (std::string &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> seen;
    int first = parse_command_line(
        int(args.size()), argv.data(), specs,
        [&](const OptionSpec &, const std::string &opt, const std::string &v) {
            seen.push_back(opt + "=" + v);
        });
    // an option with a short form is named by it in messages
    EXPECT_EQ(seen, (std::vector<std::string>{"-k=summa", "-h="}));
    EXPECT_EQ(first, 4);
    EXPECT_NE(options_text(specs).find("  -k, --kernel S"), std::string::npos);
}

TEST(Options, HelpSkipsValidation)
{
    EXPECT_TRUE(parse({"-h"}).help);
    std::string help = options_help("p2p [options]", kOptMeasure | kOptPairs);
    EXPECT_NE(help.find("--pair"), std::string::npos);
    EXPECT_EQ(help.find("--timing"), std::string::npos);
}

} // namespace
