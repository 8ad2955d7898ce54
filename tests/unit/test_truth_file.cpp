// The SMPI truth file's reader and writer (src/testbeds/smpi/
// smpi_truth_file.h): round trips, through cpm-smpi-platform too, and bad
// files refused with file and line.
#include "common_error.h"
#include "common_text.h"
#include "smpi_truth_file.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <vector>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace cpm;
using namespace cpm::smpi;

namespace {

std::string read_error(const std::string &text)
{
    std::istringstream in(text);
    try {
        read_truth(in, "t.truth");
    } catch (const UsageError &e) {
        return e.what();
    }
    return "";
}

Truth sample(const std::string &topology)
{
    Truth t;
    t.topology = topology;
    t.resize(3);
    for (int r = 0; r < 3; ++r) {
        TruthHost &h = t.hosts[r];
        h.name = "node-" + std::to_string(r) + ".a_b";
        h.os = {1e-6 / 3 * (r + 1), 1e-10 / 7};
        h.ois = {2e-6 / 3, 0.1 + r};
        h.orecv = {0, 1.0 / 3e9};
        t.nic[r] = {1e-5 / 7 * (r + 1), 1.25e9 / (r + 1)};
    }
    if (t.is_switch()) {
        t.derive_switch_links();
    } else {
        t.set_link(0, 1, {1e-6 / 3, 1e8 / 7});
        t.set_link(0, 2, {0, 2e9});
        t.set_link(1, 2, {4e-5, 3.3e7});
    }
    return t;
}

std::string text_of(const Truth &t)
{
    std::ostringstream out;
    write_truth(out, t, "test");
    return out.str();
}

/* The file at path, without its first line (the command that wrote it). */
std::string body_of(const std::string &path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    std::string text = s.str();
    return text.substr(text.find('\n') + 1);
}

void expect_same(const Truth &a, const Truth &b)
{
    ASSERT_EQ(a.size(), b.size());
    EXPECT_EQ(a.topology, b.topology);
    for (int i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a.hosts[i].name, b.hosts[i].name);
        EXPECT_EQ(a.hosts[i].os, b.hosts[i].os);
        EXPECT_EQ(a.hosts[i].ois, b.hosts[i].ois);
        EXPECT_EQ(a.hosts[i].orecv, b.hosts[i].orecv);
        if (a.is_switch()) {
            EXPECT_EQ(a.nic[i].L, b.nic[i].L);
            EXPECT_EQ(a.nic[i].B, b.nic[i].B);
        }
        for (int j = 0; j < a.size(); ++j)
            if (i != j) {
                EXPECT_EQ(a.link(i, j).L, b.link(i, j).L);
                EXPECT_EQ(a.link(i, j).B, b.link(i, j).B);
            }
    }
}

} // namespace

TEST(TruthFile, RoundTripIsExact)
{
    for (const char *topology : {"full", "switch"}) {
        Truth t = sample(topology);
        std::string text = text_of(t);
        std::istringstream in(text);
        Truth back = read_truth(in, "t.truth");
        expect_same(t, back);
        EXPECT_EQ(text_of(back), text);
        EXPECT_EQ(back.link(2, 1).B, back.link(1, 2).B);
    }
    EXPECT_EQ(truth_number(0.1), "0.10000000000000001");
    Delay d{1e-6, 2e-9};
    EXPECT_DOUBLE_EQ(d(1000), 1e-6 + 2e-6);
}

TEST(TruthFile, SwitchLinksDerivedOrChecked)
{
    // The link lines of a switch may be left out: derived.
    std::string text = text_of(sample("switch"));
    std::string no_links;
    std::istringstream lines(text);
    for (std::string l; std::getline(lines, l);)
        if (l.rfind("link ", 0) != 0)
            no_links += l + "\n";
    std::istringstream in(no_links);
    Truth t = read_truth(in, "t.truth");
    expect_same(t, sample("switch"));
    // Link lines are taken as written (a test may perturb them) ...
    std::string perturbed = text;
    std::size_t at = perturbed.find("\nlink 0 1 ") + 10;
    perturbed.replace(at, perturbed.find(' ', at) - at, "0.5");
    std::istringstream p(perturbed);
    Truth q = read_truth(p, "p.truth");
    EXPECT_EQ(q.link(0, 1).L, 0.5);
    // ... and check_switch_links refuses them.
    try {
        check_switch_links(q, "p.truth");
        FAIL() << "a perturbed switch link passed";
    } catch (const UsageError &e) {
        EXPECT_EQ(std::string(e.what()).find("p.truth: link 0 1 disagrees "
                                             "with hostlinks 0 1"),
                  0u);
    }
    check_switch_links(t, "t.truth"); // agrees
    Truth full = sample("full");
    full.set_link(0, 1, {9, 9});
    check_switch_links(full, "f.truth"); // nothing to check
    EXPECT_EQ(full.link(0, 1).L, 9);
}

TEST(TruthFile, BadFilesAreRefusedWithFileAndLine)
{
    const std::string h = "cpm-smpi-truth 1\nhosts 2\n";
    const std::string hosts = "host 0 a 0 0 0 0 0 0\nhost 1 b 0 0 0 0 0 0\n";
    struct Case {
        std::string text, error;
    } cases[] = {
        {"", "t.truth: empty file, not a truth file"},
        {"# only a comment\n\n", "t.truth:2: empty file"},
        {"cpm-smpi-truth\n", "t.truth:1: not a truth file"},
        {"hosts 2\n", "t.truth:1: not a truth file"},
        {"cpm-smpi-truth 3\n", "t.truth:1: truth file format version 3 is "
                               "not supported"},
        {"cpm-smpi-truth 1\nsegment 0 0 1 1\n",
         "t.truth:2: 'segment' needs format version 2"},
        {"cpm-smpi-truth 2\nsegment 0 5 1 1\n",
         "t.truth:2: segment 0 must start at 0"},
        {"cpm-smpi-truth 2\nsegment 0 0 1 1\nsegment 1 0 1 1\n",
         "t.truth:3: segment 1 must start after segment 0"},
        {"cpm-smpi-truth 2\nsegment 0 0 0 1\n",
         "t.truth:2: bandwidth factor"},
        {"cpm-smpi-truth one\n", "t.truth:1: bad format version 'one'"},
        {"cpm-smpi-truth 1\n", "t.truth:1: incomplete truth file (no 'hosts'"},
        {"cpm-smpi-truth 1\nhosts 1\n",
         "t.truth:2: number of hosts 1 outside 2..1024"},
        {"cpm-smpi-truth 1\nhosts 4294967298\n",
         "t.truth:2: number of hosts 4294967298 outside 2..1024"},
        {h + "hosts 2\n", "t.truth:3: 'hosts' given twice"},
        {h + "topology full\n", "t.truth:3: 'topology' must come before"},
        {"cpm-smpi-truth 1\ntopology ring\n",
         "t.truth:2: unknown topology 'ring' (known: full, switch)"},
        {"cpm-smpi-truth 1\ntopology full\ntopology full\n",
         "t.truth:3: 'topology' given twice"},
        {"cpm-smpi-truth 1\nhost 0 a 0 0 0 0 0 0\n",
         "t.truth:2: 'host' before 'hosts'"},
        {h + "host 0 a 0 0 0 0 0\n", "t.truth:3: expected 'host R NAME"},
        {h + "host 2 a 0 0 0 0 0 0\n", "t.truth:3: host rank 2 outside 0..1"},
        {h + "host x a 0 0 0 0 0 0\n", "t.truth:3: bad host rank 'x'"},
        {h + "host 0 a 0 0 0 0 0 0\nhost 0 b 0 0 0 0 0 0\n",
         "t.truth:4: host 0 given twice"},
        {h + "host 0 a 0 0 0 0 0 0\nhost 1 a 0 0 0 0 0 0\n",
         "t.truth:4: host name a given twice"},
        {h + "host 0 a/b 0 0 0 0 0 0\n", "t.truth:3: bad host name 'a/b'"},
        {h + "host 0 a -1e-6 0 0 0 0 0\n",
         "t.truth:3: C_os '-1e-6' must be >= 0"},
        {h + "host 0 a 0 0 0 0 0 nan\n", "t.truth:3: bad t_or 'nan'"},
        {h + "host 0 a 0 0 0 0 0 1e999\n", "t.truth:3: bad t_or '1e999'"},
        {h + hosts + "link 0 1 1e-6\n", "t.truth:5: expected 'link I J L B'"},
        {h + hosts + "link 1 0 1e-6 1e9\n", "t.truth:5: link 1 0: need I < J"},
        {h + hosts + "link 0 2 1e-6 1e9\n", "t.truth:5: rank 2 outside 0..1"},
        {h + hosts + "link 0 1 1e-6 0\n",
         "t.truth:5: bandwidth '0' must be > 0"},
        {h + hosts + "link 0 1 1e-6 1e9\nlink 0 1 1e-6 1e9\n",
         "t.truth:6: link 0 1 given twice"},
        {h + hosts, "t.truth:4: incomplete truth file: link 0 1 missing"},
        {h + "host 0 a 0 0 0 0 0 0\n",
         "t.truth:3: incomplete truth file: host 1 missing"},
        {h + hosts + "hostlink 0 1e-6 1e9\n",
         "t.truth:5: 'hostlink' needs 'topology switch'"},
        {"cpm-smpi-truth 1\ntopology switch\nhosts 2\n" + hosts +
             "hostlink 0 1e-6 1e9\n",
         "t.truth:6: incomplete truth file: hostlink 1 missing"},
        {"cpm-smpi-truth 1\ntopology switch\nhosts 2\n" + hosts +
             "hostlink 0 1e-6 -1\n",
         "t.truth:6: bandwidth '-1' must be > 0"},
        {h + hosts + "link 0 1 1e-6 1e9 extra\n",
         "t.truth:5: expected 'link I J L B', got 6 fields"},
        {h + "routers 2\n", "t.truth:3: unknown keyword 'routers'"},
        {h + "\x1b]0;x\x07 2\n", "t.truth:3: unknown keyword '\\x1b]0;x\\x07'"},
        {h + "# " + std::string(kMaxLineBytes, 'x') + "\n",
         "t.truth:3: line longer than 1048576 bytes"},
    };
    for (const Case &k : cases) {
        std::string e = read_error(k.text);
        EXPECT_EQ(e.find(k.error), 0u)
            << "input:\n" << k.text.substr(0, 200) << "got: " << e
            << "\nwanted: " << k.error;
        EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    }
    std::ifstream zero("/dev/zero");
    try {
        read_truth(zero, "/dev/zero");
        FAIL() << "/dev/zero read as a truth file";
    } catch (const UsageError &e) {
        EXPECT_STREQ(e.what(), "/dev/zero:1: line longer than 1048576 bytes");
    }
    EXPECT_THROW(read_truth_file("/nonexistent/p.truth"), UsageError);
}

// cpm-smpi-platform writes with write_truth: its files read back, and
// --from-truth writes them again byte for byte (after the comment line
// naming the command).
TEST(TruthFile, RoundTripThroughCpmSmpiPlatform)
{
    const char *top = std::getenv("top_builddir");
    if (!top)
        GTEST_SKIP() << "top_builddir not set (run through make check)";
    std::string platform = std::string(top) + "/cpm-smpi-platform";
    std::string path = (std::filesystem::temp_directory_path() / "cpm-truth-XXXXXX").string();
        std::vector<char> tmpl(path.begin(), path.end());
        tmpl.push_back('\0');
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    std::string dir = tmpl.data();
    for (const char *topology : {"full", "switch"}) {
        std::string a = dir + "/" + topology + "-a", b = dir + "/" + topology +
                                                         "-b";
        std::string cmd = "'" + platform + "' -n 5 --seed 77 --topology " +
                          topology + " -o '" + a + "' && '" + platform +
                          "' --from-truth '" + a + ".truth' -o '" + b + "'";
        ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
        Truth t = read_truth_file(a + ".truth");
        EXPECT_EQ(t.size(), 5);
        EXPECT_EQ(t.topology, topology);
        std::ostringstream again;
        write_truth(again, t, "x");
        std::string text = again.str();
        EXPECT_EQ(text.substr(text.find('\n') + 1), body_of(a + ".truth"));
        EXPECT_EQ(body_of(b + ".truth"), body_of(a + ".truth"));
        expect_same(read_truth_file(b + ".truth"), t);
    }
    std::string rm = "rm -rf '" + dir + "'";
    ASSERT_EQ(std::system(rm.c_str()), 0);
}
