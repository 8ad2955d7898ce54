// The measurement output's writer and reader (benchmark_output.h), and the
// observed times of model --compare read through it (registry_compare.h).
#include "benchmark_output.h"
#include "common_error.h"
#include "registry_compare.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>

using namespace cpm;
using namespace cpm::bench;

namespace {

/* The message of the UsageError that reading text throws ("" if none). */
std::string read_error(const std::string &text)
{
    std::istringstream in(text);
    try {
        read_output(in, "t.out");
    } catch (const UsageError &e) {
        return e.what();
    }
    return "";
}

/* text with its first line (the CPM version) replaced by "# CPM TOOL". */
std::string output_of(const std::vector<HeaderLine> &lines,
                      const std::vector<Result> &rows, bool pairs)
{
    std::ostringstream out;
    write_output_header(out, pairs ? "p2p" : "collective", lines,
                        pairs ? pair_columns() : result_columns());
    for (std::size_t k = 0; k < rows.size(); ++k) {
        if (pairs)
            write_pair_row(out, rows[k], int(k), int(k + 1));
        else
            write_result_row(out, rows[k]);
    }
    return out.str();
}

Result result(long M, double T, double wtick, int reps, double ci)
{
    Result r;
    r.M = M;
    r.T = T;
    r.wtick = wtick;
    r.reps = reps;
    r.ci = ci;
    r.converged = reps >= 2 && ci <= 0.025 * T;
    return r;
}

/* A small p2p output, as the tool writes it. */
const char kP2P[] = "# CPM p2p 0.1.0\n"
                    "# command: p2p --sizes 0,1024\n"
                    "# processes: 3\n"
                    "# processor 0: vm\n"
                    "# processor 1: vm\n"
                    "# processor 2: vm\n"
                    "# columns: M i j T wtick reps ci\n"
                    "0 0 1 1.722990000e-06 1.000e-09 100 7.078e-08\n"
                    "0 0 2 1.906815000e-06 1.000e-09 100 3.899e-07\n"
                    "1024 1 2 1.879770000e-06 1.000e-09 100 5.466e-08\n";

} // namespace

TEST(Output, WriterFormatsAsDocumented)
{
    std::vector<Result> rows = {result(0, 5.3983e-07, 1e-9, 100, 1.08e-07),
                                result(16384, 1.2305325e-05, 1e-9, 40,
                                       3.062e-07)};
    std::string text = output_of({{"operation", "MPI_Scatter (x: y)"},
                                  {"root", "0"}},
                                 rows, false);
    // The first line names the tool and this CPM's version.
    EXPECT_EQ(text.rfind("# CPM collective ", 0), 0u);
    EXPECT_NE(text.find("\n# operation: MPI_Scatter (x: y)\n# root: 0\n"
                        "# columns: M T wtick reps ci\n"
                        "0 5.398300000e-07 1.000e-09 100 1.080e-07\n"
                        "16384 1.230532500e-05 1.000e-09 40 3.062e-07\n"),
              std::string::npos)
        << text;
    std::ostringstream pair;
    write_pair_row(pair, result(65536, 9.047026316e-06, 1e-9, 57, 2.244e-07),
                   0, 2);
    EXPECT_EQ(pair.str(), "65536 0 2 9.047026316e-06 1.000e-09 57 2.244e-07\n");
    // A value stays on its line.
    std::ostringstream nl;
    write_output_header(nl, "p2p", {{"command", "p2p a\nb\r"}}, {"M"});
    EXPECT_NE(nl.str().find("# command: p2p a b \n# columns: M\n"),
              std::string::npos);
}

TEST(Output, SummaryLines)
{
    std::vector<HeaderLine> s = summary_lines(
        {result(0, 1e-6, 1e-9, 100, 1e-9), result(1, 1e-6, 1e-9, 5, 1e-7)},
        0.0085679);
    ASSERT_EQ(s.size(), 3u);
    EXPECT_EQ(s[0], HeaderLine("total benchmarking time", "0.008568 s"));
    EXPECT_EQ(s[1], HeaderLine("converged", "1 of 2 experiments"));
    EXPECT_EQ(s[2], HeaderLine("outliers", "0 of 105 counted repetitions "
                                           "(beyond 3 IQR of their "
                                           "experiment; kept)"));
}

TEST(Output, RoundTripIsByteIdentical)
{
    std::vector<Result> rows = {result(0, 1.72299e-06, 1e-09, 100, 7.078e-08),
                                result(1024, 1.8714600001e-06, 1e-09, 25,
                                       4.607e-08),
                                result(65536, 9.047026316e-06, 1e-09, 57,
                                       2.244e-07)};
    std::vector<HeaderLine> lines = {{"command", "p2p --sizes 0,1024,65536"},
                                     {"processes", "4"},
                                     {"processor 0", "node: a"},
                                     {"empty", ""},
                                     {"T", "one-way time: halved"}};
    for (bool pairs : {true, false}) {
        std::string text = output_of(lines, rows, pairs);
        std::istringstream in(text);
        Output out = read_output(in, "t.out");
        EXPECT_EQ(out.tool, pairs ? "p2p" : "collective");
        EXPECT_FALSE(out.version.empty());
        ASSERT_EQ(out.lines.size(), lines.size() + 1);
        for (std::size_t k = 0; k < lines.size(); ++k) {
            EXPECT_EQ(out.lines[k].key, lines[k].first);
            EXPECT_EQ(out.lines[k].value, lines[k].second);
            EXPECT_EQ(out.lines[k].line, int(k + 2));
        }
        EXPECT_EQ(out.find("processor 0")->value, "node: a");
        EXPECT_EQ(out.find("nothing"), nullptr);
        EXPECT_EQ(out.columns, pairs ? pair_columns() : result_columns());
        EXPECT_EQ(out.columns_line, int(lines.size() + 2));
        ASSERT_EQ(out.rows.size(), rows.size());
        // Written again from what was read: the same bytes.
        std::vector<Result> back;
        for (const OutputRow &row : out.rows) {
            back.push_back(result(out.integer(row, out.column("M")),
                                  out.real(row, out.column("T")),
                                  out.real(row, out.column("wtick")),
                                  int(out.integer(row, out.column("reps"))),
                                  out.real(row, out.column("ci"))));
            if (pairs) {
                EXPECT_EQ(out.integer(row, out.column("j")),
                          out.integer(row, out.column("i")) + 1);
            }
        }
        EXPECT_EQ(output_of(lines, back, pairs), text);
        EXPECT_EQ(out.last_line, int(lines.size() + 2 + rows.size()));
    }
}

TEST(Output, ColumnsByNameInAnyOrder)
{
    std::istringstream in("# CPM kernel 1\n# columns: ci T extra M\n"
                          "\n"
                          "1e-9 2.5e-6 anything 64\r\n");
    Output out = read_output(in, "t.out");
    ASSERT_EQ(out.rows.size(), 1u);
    EXPECT_EQ(out.rows[0].line, 4);
    EXPECT_EQ(out.integer(out.rows[0], out.column("M")), 64);
    EXPECT_EQ(out.real(out.rows[0], out.column("T")), 2.5e-6);
    EXPECT_EQ(out.rows[0].fields[out.column("extra")], "anything");
    EXPECT_TRUE(out.has_column("extra"));
    EXPECT_FALSE(out.has_column("i"));
    try {
        out.column("i");
        FAIL() << "column i found";
    } catch (const UsageError &e) {
        EXPECT_STREQ(e.what(),
                     "t.out:2: no column 'i' (columns: ci T extra M)");
    }
    try {
        out.integer(out.rows[0], out.column("extra"));
        FAIL() << "text read as an integer";
    } catch (const UsageError &e) {
        EXPECT_STREQ(e.what(), "t.out:4: bad extra 'anything'");
    }
}

TEST(Output, BadInputsAreRefusedWithFileAndLine)
{
    const std::string h = "# CPM collective 0.1.0\n# processes: 2\n";
    const std::string c = "# columns: M T wtick reps ci\n";
    struct Case {
        std::string text, error;
    } cases[] = {
        {"", "t.out: empty file, not an output of p2p or collective"},
        {"\n\n", "t.out:2: empty file"},
        {"cpm-model 1\n", "t.out:1: not an output of p2p or collective, nor "
                          "of kernel"},
        {"# CPM model LMO: predicted p2p\n", "t.out:1: not an output"},
        {"# CPM p2p\n", "t.out:1: not an output"},
        {"\n# CPM p2p 1 x\n", "t.out:2: not an output"},
        {h, "t.out:2: no '# columns:' line"},
        {h + "0 1e-6 1e-9 5 1e-9\n", "t.out:3: data before the '# columns:'"},
        {h + c + c, "t.out:4: a second '# columns:' line (the first is "
                    "line 3)"},
        {h + "# columns:\n", "t.out:3: no column names"},
        {h + "# columns: M T M\n", "t.out:3: column 'M' named twice"},
        {h + c + "0 1e-6 1e-9 5\n", "t.out:4: expected 5 columns, got 4"},
        {h + c + "0 1e-6 1e-9 5 1e-9 7\n",
         "t.out:4: expected 5 columns, got 6"},
        {h + c + "x 1e-6 1e-9 5 1e-9\n", "t.out:4: bad message size 'x'"},
        {h + c + "-1 1e-6 1e-9 5 1e-9\n",
         "t.out:4: message size -1 must be >= 0"},
        {h + c + "99999999999999999999 1e-6 1e-9 5 1e-9\n",
         "t.out:4: bad message size '99999999999999999999'"},
        {h + c + "0 zz 1e-9 5 1e-9\n", "t.out:4: bad number 'zz'"},
        {h + c + "0 nan 1e-9 5 1e-9\n", "t.out:4: bad number 'nan'"},
        {h + c + "0 1e999 1e-9 5 1e-9\n", "t.out:4: bad number '1e999'"},
        {h + c + "0 1e-6 -1e-9 5 1e-9\n",
         "t.out:4: wtick '-1e-9' must be >= 0"},
        {h + c + "0 1e-6 1e-9 5 -1\n", "t.out:4: ci '-1' must be >= 0"},
        {h + c + "0 1e-6 1e-9 4294967296 1e-9\n",
         "t.out:4: repetitions 4294967296 outside 0..2147483647"},
        {h + c + "0 1e-6 1e-9 5.5 1e-9\n", "t.out:4: bad repetitions '5.5'"},
        {h + c + "\x1b[31m 1e-6 1e-9 5 1e-9\n",
         "t.out:4: bad message size '\\x1b[31m'"},
        {"# CPM p2p 1\n# columns: M i j T wtick reps ci\n"
         "0 0 -1 1e-6 1e-9 5 1e-9\n",
         "t.out:3: rank -1 outside 0..2147483647"},
        {h + c + "0 1e-6 1e-9 5 1e-9\n" + c,
         "t.out:5: a second '# columns:' line"},
    };
    for (const Case &k : cases) {
        std::string e = read_error(k.text);
        EXPECT_EQ(e.find(k.error), 0u)
            << "input:\n" << k.text << "got: " << e << "\nwanted: " << k.error;
        EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    }
    // Comments and blank lines are skipped; "# KEY:" has an empty value.
    std::istringstream in(h + "#no space\n# no key here\n# note:\n\n" + c);
    Output out = read_output(in, "t.out");
    ASSERT_NE(out.find("note"), nullptr);
    EXPECT_EQ(out.find("note")->value, "");
    EXPECT_TRUE(out.rows.empty());
}

TEST(Output, TooLongLineIsRefused)
{
    std::string text = "# CPM p2p 1\n# command: " +
                       std::string(kMaxLineBytes, 'x') + "\n";
    EXPECT_EQ(read_error(text),
              "t.out:2: line longer than " + std::to_string(kMaxLineBytes) +
                  " bytes");
    std::istringstream in("# CPM p2p 1\n# columns: M\n123456\n");
    try {
        read_output(in, "t.out", 5);
        FAIL() << "a line of 6 bytes read with a bound of 5";
    } catch (const UsageError &e) {
        EXPECT_STREQ(e.what(), "t.out:1: line longer than 5 bytes");
    }
}

TEST(Output, DevZeroIsRefusedInBoundedMemory)
{
    std::ifstream in("/dev/zero");
    ASSERT_TRUE(in);
    rusage before{}, after{};
    getrusage(RUSAGE_SELF, &before);
    try {
        read_output(in, "/dev/zero");
        FAIL() << "/dev/zero read as an output";
    } catch (const UsageError &e) {
        EXPECT_EQ(std::string(e.what()),
                  "/dev/zero:1: line longer than " +
                      std::to_string(kMaxLineBytes) + " bytes");
    }
    getrusage(RUSAGE_SELF, &after);
    EXPECT_LT(after.ru_maxrss - before.ru_maxrss, 64 * 1024) // KiB
        << "reading /dev/zero grew the process by "
        << (after.ru_maxrss - before.ru_maxrss) << " KiB";
}

TEST(Compare, ObservedTimesFromTheReader)
{
    std::istringstream in(kP2P);
    registry::Observed obs = registry::read_observed(in, "p.out");
    EXPECT_EQ(obs.tool, "p2p");
    EXPECT_EQ(obs.operation, "p2p");
    EXPECT_EQ(obs.n, 3);
    ASSERT_EQ(obs.rows.size(), 3u);
    EXPECT_EQ(obs.rows[2].M, 1024);
    EXPECT_EQ(obs.rows[2].i, 1);
    EXPECT_EQ(obs.rows[2].j, 2);
    EXPECT_EQ(obs.rows[2].T, 1.879770000e-06);
    EXPECT_EQ(obs.rows[2].ci, 5.466e-08);

    auto error = [](const std::string &text) -> std::string {
        std::istringstream s(text);
        try {
            registry::read_observed(s, "p.out");
        } catch (const UsageError &e) {
            return e.what();
        }
        return "";
    };
    std::string p2p = kP2P;
    auto replace = [&](const std::string &from, const std::string &to) {
        std::string t = p2p;
        return t.replace(t.find(from), from.size(), to);
    };
    EXPECT_EQ(error(replace("1024 1 2 1.879770000e-06", "1024 1 2 0")),
              "p.out:10: observed time '0' is not positive");
    EXPECT_EQ(error(replace("1024 1 2 1.879770000e-06", "1024 1 2 -1e-6")),
              "p.out:10: observed time '-1e-6' is not positive");
    EXPECT_EQ(error(replace("1024 1 2 ", "1024 1 3 ")),
              "p.out:10: pair 1,3 outside 0..2");
    EXPECT_EQ(error(replace("# processes: 3", "# processes: 4294967299")),
              "p.out:3: number of processes 4294967299 outside "
              "2..2147483647");
    EXPECT_EQ(error(replace("# processes: 3\n", "")),
              "p.out:9: no '# processes:' line");
    EXPECT_EQ(error(replace("M i j T", "M i T j")).find("p.out:"), 0u);
    EXPECT_EQ(error(replace(" wtick reps ci", " wtick reps")),
              "p.out:8: expected 6 columns, got 7");
    EXPECT_EQ(error(std::string(kP2P).substr(0, p2p.find("0 0 1"))),
              "p.out:7: no measurements");
    std::string coll = "# CPM collective 1\n# processes: 2\n"
                       "# operation: MPI_Scatter (native)\n# root: 2\n"
                       "# columns: M T wtick reps ci\n0 1e-6 1e-9 5 1e-9\n";
    EXPECT_EQ(error(coll), "p.out:4: root 2 outside 0..1");
}

TEST(Compare, KernelConfigurationFromItsLines)
{
    std::string text = "# CPM kernel 1\n# processes: 2\n"
                       "# operation: summa (x)\n# config: /x/y.conf\n"
                       "# config-line: kernel summa\n"
                       "# config-line: N 2\n"
                       "# config-line: n t 0 0 2 1  # rank 0\n"
                       "# config-line: n t 0 1 2 1\n"
                       "# columns: M T wtick reps ci\n"
                       "8 1e-3 1e-9 5 1e-9\n";
    std::istringstream in(text);
    registry::Observed obs = registry::read_observed(in, "k.out");
    ASSERT_TRUE(obs.kernel_config);
    EXPECT_EQ(obs.kernel_config->N, 2);
    EXPECT_EQ(obs.config, "/x/y.conf");
    EXPECT_EQ(obs.operation, "summa");
    // An error in the configuration names the output's line.
    std::string bad = text;
    bad.replace(bad.find("0 1 2 1"), 7, "0 1 2 x");
    std::istringstream b(bad);
    try {
        registry::read_observed(b, "k.out");
        FAIL() << "a bad configuration line read";
    } catch (const UsageError &e) {
        EXPECT_STREQ(e.what(), "k.out:8: bad h 'x'");
    }
}
