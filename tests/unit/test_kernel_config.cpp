// Kernel configurations: reading and validation, the SUMMA and 2D-wave
// patterns on fixed configurations (the SUMMA numbers of Rico-Gallego et
// al. 2017, Fig. 8 and eqs. 8-9), column partitions.
#include "common_error.h"
#include "kernel_config.h"
#include "kernel_partition.h"

#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <sstream>

using namespace cpm;
using namespace cpm::kernels;

namespace {

Config parse(const std::string &text)
{
    std::istringstream in(text);
    return read_config(in, "test.conf");
}

std::string parse_error(const std::string &text)
{
    try {
        parse(text);
    } catch (const UsageError &e) {
        return e.what();
    }
    return "(no error)";
}

/* Fig. 8 of the paper as the numbers of its text determine it: N = 256,
 * three columns of widths 124, 97 and 35 (the pbr messages of eq. 9),
 * node 0 white (p0, p1, p2), node 1 grey (p3, p4, p5); the heights follow
 * from p1 sending 134 blocks to p0 and 158 over the network, and p4
 * sending 116 in its node and 104 over the network (eq. 8). */
const char *const kFig8 = R"(# Rico-Gallego et al. 2017, Fig. 8
kernel summa
N 256
node0 white 124   0 97 134   # p0
node0 white   0   0 124 146  # p1
node0 white 221 152 35 104   # p2
node1 grey  221   0 35 152   # p3
node1 grey    0 146 124 110  # p4
node1 grey  124 134 97 122   # p5
)";

/* dst -> units of one sender's messages. */
std::map<int, long> messages_of(const Phase &ph, int src)
{
    std::map<int, long> m;
    for (const Sends &s : ph.senders)
        if (s.src == src)
            for (const Message &msg : s.messages)
                m[msg.dst] += msg.units;
    return m;
}

std::vector<int> senders(const Phase &ph)
{
    std::vector<int> v;
    for (const Sends &s : ph.senders)
        v.push_back(s.src);
    return v;
}

/* Units a sender sends within its node (channel 0) and off it. */
std::pair<long, long> by_channel(const Config &c, const Phase &ph, int src)
{
    long shm = 0, net = 0;
    for (const auto &[dst, units] : messages_of(ph, src))
        (same_node(c, src, dst) ? shm : net) += units;
    return {shm, net};
}

} // namespace

TEST(KernelConfig, ReadsTheFigure8Configuration)
{
    Config c = parse(kFig8);
    EXPECT_EQ(c.kernel, Kernel::Summa);
    EXPECT_EQ(c.N, 256);
    ASSERT_EQ(c.procs.size(), 6u);
    EXPECT_EQ(c.procs[4].node, "node1");
    EXPECT_EQ(c.procs[4].type, "grey");
    EXPECT_EQ(c.rects[4].y, 146);
    EXPECT_EQ(c.rects[4].h, 110);
    EXPECT_TRUE(same_node(c, 0, 2));
    EXPECT_FALSE(same_node(c, 1, 4));
}

TEST(KernelPattern, SummaIteration80MatchesEquations8And9)
{
    Config c = parse(kFig8);
    std::vector<Phase> it = summa_iteration(c, 80);
    ASSERT_EQ(it.size(), 2u);
    // Phase 1, pbc: grid column 80 is owned by p1 and p4.
    EXPECT_EQ(senders(it[0]), (std::vector<int>{1, 4}));
    EXPECT_EQ(messages_of(it[0], 1),
              (std::map<int, long>{{0, 134}, {3, 146}, {5, 12}}));
    EXPECT_EQ(messages_of(it[0], 4),
              (std::map<int, long>{{2, 104}, {3, 6}, {5, 110}}));
    // The paper's T^0(134) + T^1(158) for p1 and T^0(116) + T^1(104) for p4.
    EXPECT_EQ(by_channel(c, it[0], 1), std::make_pair(134L, 158L));
    EXPECT_EQ(by_channel(c, it[0], 4), std::make_pair(116L, 104L));
    for (const Sends &s : it[0].senders) {
        EXPECT_FALSE(s.concurrent);
        // in increasing rank of the receiver
        for (std::size_t i = 1; i < s.messages.size(); ++i)
            EXPECT_LT(s.messages[i - 1].dst, s.messages[i].dst);
    }
    // Phase 2, pbr: grid row 80 is owned by p0, p1 and p3; each sends its
    // column's width down the column, over the network (eq. 9:
    // T^1(124) || T^1(97) || T^1(35)).
    EXPECT_EQ(senders(it[1]), (std::vector<int>{0, 1, 3}));
    EXPECT_EQ(messages_of(it[1], 1), (std::map<int, long>{{4, 124}}));
    EXPECT_EQ(messages_of(it[1], 0), (std::map<int, long>{{5, 97}}));
    EXPECT_EQ(messages_of(it[1], 3), (std::map<int, long>{{2, 35}}));
    for (int p : {0, 1, 3})
        EXPECT_EQ(by_channel(c, it[1], p).first, 0);
}

TEST(KernelPattern, SummaHomogeneousFigure7)
{
    // Fig. 7: 16 processes in a 4 x 4 arrangement of 6 x 6 blocks, rank
    // 4*row + column.
    std::string text = "kernel summa\nN 24\n";
    for (int r = 0; r < 16; ++r)
        text += "n" + std::to_string(r / 4) + " t " + std::to_string(6 * (r % 4)) +
                " " + std::to_string(6 * (r / 4)) + " 6 6\n";
    Config c = parse(text);
    std::vector<Phase> it = summa_iteration(c, 8); // column block 1, row block 1
    EXPECT_EQ(senders(it[0]), (std::vector<int>{1, 5, 9, 13}));
    EXPECT_EQ(messages_of(it[0], 5),
              (std::map<int, long>{{4, 6}, {6, 6}, {7, 6}}));
    EXPECT_EQ(senders(it[1]), (std::vector<int>{4, 5, 6, 7}));
    EXPECT_EQ(messages_of(it[1], 5),
              (std::map<int, long>{{1, 6}, {9, 6}, {13, 6}}));
    EXPECT_EQ(kernel_iterations(c).size(), 24u);
}

TEST(KernelPattern, SummaEveryProcessGetsItsRowsAndColumns)
{
    // On any tiling, in every iteration a process that does not own
    // column k receives exactly h units of the pivot column, and one that
    // does not own row k exactly w units of the pivot row.
    std::vector<LayoutProcess> layout;
    double speeds[] = {6, 6, 5, 4, 4, 3, 2, 1.5, 1};
    for (int i = 0; i < 9; ++i)
        layout.push_back({"node" + std::to_string(i % 3), "t" + std::to_string(i % 3),
                          speeds[i]});
    for (int cols : {0, 1, 2, 3, 4}) {
        Config c = column_partition(Kernel::Summa, 37, layout, cols);
        for (long k = 0; k < c.N; ++k) {
            std::vector<Phase> it = summa_iteration(c, k);
            std::vector<long> pbc(9, 0), pbr(9, 0);
            for (const Sends &s : it[0].senders)
                for (const Message &m : s.messages)
                    pbc[std::size_t(m.dst)] += m.units;
            for (const Sends &s : it[1].senders)
                for (const Message &m : s.messages)
                    pbr[std::size_t(m.dst)] += m.units;
            for (std::size_t q = 0; q < 9; ++q) {
                const Rect &r = c.rects[q];
                bool owns_col = r.x <= k && k < r.x + r.w;
                bool owns_row = r.y <= k && k < r.y + r.h;
                EXPECT_EQ(pbc[q], owns_col ? 0 : r.h) << "k " << k << " q " << q;
                EXPECT_EQ(pbr[q], owns_row ? 0 : r.w) << "k " << k << " q " << q;
            }
        }
    }
}

TEST(KernelPattern, Wave2DNeighboursShareEdgesNotCorners)
{
    // Two columns of width 4 with heights 5+3 and 3+5: p0 touches p1
    // below, p2 and p3 to its right (3 and 2 rows); p1 (rows 5-7) and p2
    // (rows 0-2) do not touch.
    Config c = parse("kernel wave2d\nN 8\n"
                     "a t 0 0 4 5\n"  // p0
                     "a t 0 5 4 3\n"  // p1
                     "b u 4 0 4 3\n"  // p2
                     "b u 4 3 4 5\n"); // p3
    std::vector<Phase> it = wave2d_iteration(c);
    ASSERT_EQ(it.size(), 1u);
    EXPECT_EQ(messages_of(it[0], 0),
              (std::map<int, long>{{1, 4}, {2, 3}, {3, 2}}));
    EXPECT_EQ(messages_of(it[0], 1), (std::map<int, long>{{0, 4}, {3, 3}}));
    EXPECT_EQ(messages_of(it[0], 2), (std::map<int, long>{{0, 3}, {3, 4}}));
    EXPECT_EQ(messages_of(it[0], 3),
              (std::map<int, long>{{0, 2}, {1, 3}, {2, 4}}));
    for (const Sends &s : it[0].senders)
        EXPECT_TRUE(s.concurrent);
    EXPECT_EQ(kernel_iterations(c).size(), 1u);

    // 2 x 2 quadrants: diagonal quadrants meet at a corner only.
    Config q = parse("kernel wave2d\nN 6\nn t 0 0 3 3\nn t 3 0 3 3\n"
                     "n t 0 3 3 3\nn t 3 3 3 3\n");
    std::vector<Phase> w = wave2d_iteration(q);
    EXPECT_EQ(messages_of(w[0], 0), (std::map<int, long>{{1, 3}, {2, 3}}));
    EXPECT_EQ(messages_of(w[0], 3), (std::map<int, long>{{1, 3}, {2, 3}}));
}

TEST(KernelPattern, Wave2DIsSymmetricAndCoversInnerEdges)
{
    std::vector<LayoutProcess> layout;
    for (int i = 0; i < 7; ++i)
        layout.push_back({"n", "t", 1.0 + i});
    Config c = column_partition(Kernel::Wave2D, 50, layout);
    Phase ph = wave2d_iteration(c)[0];
    std::map<std::pair<int, int>, long> m;
    long total = 0;
    for (const Sends &s : ph.senders)
        for (const Message &msg : s.messages) {
            m[{s.src, msg.dst}] = msg.units;
            total += msg.units;
        }
    for (const auto &[pair, units] : m)
        EXPECT_EQ((m[{pair.second, pair.first}]), units);
    // Every edge element inside the grid is sent once from each side: the
    // half-perimeters of all rectangles, minus the grid's border, twice.
    long perimeters = 0;
    for (const Rect &r : c.rects)
        perimeters += 2 * (r.w + r.h);
    EXPECT_EQ(total, perimeters - 4 * c.N);
}

TEST(KernelConfig, RoundTripsThroughWriteConfig)
{
    Config c = parse(kFig8);
    std::ostringstream out;
    write_config(out, c);
    Config d = parse(out.str());
    ASSERT_EQ(d.procs.size(), c.procs.size());
    for (std::size_t r = 0; r < c.procs.size(); ++r) {
        EXPECT_EQ(d.procs[r].node, c.procs[r].node);
        EXPECT_EQ(d.procs[r].type, c.procs[r].type);
        EXPECT_EQ(d.rects[r].x, c.rects[r].x);
        EXPECT_EQ(d.rects[r].y, c.rects[r].y);
        EXPECT_EQ(d.rects[r].w, c.rects[r].w);
        EXPECT_EQ(d.rects[r].h, c.rects[r].h);
    }
    std::ostringstream again;
    write_config(again, d);
    EXPECT_EQ(again.str(), out.str());
}

TEST(KernelConfig, MalformedConfigurationsNameFileLineAndProblem)
{
    struct Case {
        const char *text, *error;
    } cases[] = {
        {"", "test.conf: empty configuration"},
        {"N 4\n", "test.conf:1: expected 'kernel summa' or 'kernel wave2d'"},
        {"kernel fft\n", "test.conf:1: unknown kernel 'fft'"},
        {"kernel summa\nkernel summa\n", "test.conf:2: expected 'N SIDE'"},
        {"kernel summa\nN four\n", "test.conf:2: bad grid side 'four'"},
        {"kernel summa\nN 0\n", "test.conf:2: grid side N 0 outside"},
        {"kernel summa\nN 4\n", "test.conf: no processes"},
        {"kernel summa\n# no side\n", "test.conf:2: no 'N SIDE' line"},
        {"kernel summa\nN 4\nn t 0 0 4\n",
         "test.conf:3: expected 'node type x y w h' for rank 0, got 5 fields"},
        {"kernel summa\nN 4\nn t 0 0 4 x\n", "test.conf:3: bad h 'x'"},
        {"kernel summa\nN 4\nn t 0 0 4 2\nn t 0 1 4 3\n",
         "test.conf:4: rank 1: rectangle 0 1 4 3 overlaps rank 0's 0 0 4 2"},
        {"kernel summa\nN 4\nn t 0 0 4 2\nn t 0 2 4 1\n",
         "test.conf: the rectangles cover 12 of the 16 units"},
        {"kernel summa\nN 4\nn t 0 0 4 2\nn t 0 2 4 3\n",
         "test.conf:4: rank 1: rectangle 0 2 4 3 leaves the 4 x 4 grid"},
        {"kernel summa\nN 4\nn t 0 0 0 4\nn t 0 0 4 4\n",
         "test.conf:3: rank 0: rectangle 0 0 0 4 has no area"},
        {"kernel summa\nN 4\nn t -1 0 4 4\n", "leaves the 4 x 4 grid"},
        {"kernel summa\nN 4\nn a 0 0 4 2\nn b 0 2 4 2\n",
         "test.conf:4: rank 1: node n has type a on an earlier line, b here"},
        {"kernel summa\nN 4\nn t 0 0 4 2\nm t 0 2 9223372036854775807 2\n",
         "leaves the 4 x 4 grid"},
    };
    for (const Case &k : cases) {
        std::string e = parse_error(k.text);
        EXPECT_NE(e.find(k.error), std::string::npos)
            << "input:\n" << k.text << "got: " << e << "\nwanted: " << k.error;
        EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    }
    EXPECT_THROW(read_config_file("/nonexistent/cpm.conf"), UsageError);
    EXPECT_THROW(summa_iteration(parse(kFig8), 256), UsageError);
    EXPECT_THROW(summa_iteration(parse(kFig8), -1), UsageError);
}

TEST(KernelPartition, ApportionSumsAndKeepsEveryPart)
{
    EXPECT_EQ(apportion(10, {1, 1}), (std::vector<long>{5, 5}));
    EXPECT_EQ(apportion(10, {1, 2, 2}), (std::vector<long>{2, 4, 4}));
    EXPECT_EQ(apportion(3, {100, 1, 1}), (std::vector<long>{1, 1, 1}));
    std::vector<long> p = apportion(256, {6, 6, 5, 4, 1, 0.01});
    EXPECT_EQ(std::accumulate(p.begin(), p.end(), 0L), 256);
    for (long v : p)
        EXPECT_GE(v, 1);
    EXPECT_THROW(apportion(2, {1, 1, 1}), UsageError);
    EXPECT_THROW(apportion(5, {1, -1}), UsageError);
}

TEST(KernelPartition, EqualSpeedsGiveASquareArrangement)
{
    std::vector<double> s(16, 1.0);
    std::vector<std::vector<int>> cols = best_columns(s, 100);
    ASSERT_EQ(cols.size(), 4u);
    for (const auto &col : cols)
        EXPECT_EQ(col.size(), 4u);
    // Forced counts, and the limits of the grid.
    EXPECT_EQ(best_columns(s, 100, 2).size(), 2u);
    EXPECT_EQ(best_columns(s, 4).size(), 4u);        // 4 x 4 just fits
    EXPECT_THROW(best_columns(s, 3), UsageError);    // 9 places < 16
    EXPECT_THROW(best_columns(s, 7, 2), UsageError); // 8 > N per column
    EXPECT_THROW(best_columns(s, 100, 17), UsageError);
}

TEST(KernelPartition, AreasFollowSpeedsAndColumnsAreSorted)
{
    std::vector<LayoutProcess> layout = {
        {"a", "fast", 6}, {"a", "fast", 6}, {"a", "fast", 5},
        {"b", "slow", 2}, {"b", "slow", 1}, {"b", "slow", 4}};
    const long N = 256;
    Config c = column_partition(Kernel::Summa, N, layout);
    double total = 24;
    for (std::size_t r = 0; r < layout.size(); ++r) {
        const Rect &a = c.rects[r];
        double want = double(N * N) * layout[r].speed / total;
        // width and height each within one unit of their real value
        EXPECT_NEAR(double(a.w * a.h), want, double(a.w + a.h + 1)) << r;
    }
    // Same column = same x and w; a column's processes are consecutive
    // in speed order.
    std::vector<std::vector<int>> cols =
        best_columns({6, 6, 5, 2, 1, 4}, N);
    for (const auto &col : cols)
        for (int r : col) {
            EXPECT_EQ(c.rects[std::size_t(r)].x, c.rects[std::size_t(col[0])].x);
            EXPECT_EQ(c.rects[std::size_t(r)].w, c.rects[std::size_t(col[0])].w);
        }
    for (std::size_t g = 1; g < cols.size(); ++g) {
        double lo = 1e9, hi = 0;
        for (int r : cols[g])
            lo = std::min(lo, layout[std::size_t(r)].speed);
        for (int r : cols[g - 1])
            hi = std::max(hi, layout[std::size_t(r)].speed);
        EXPECT_LE(hi, lo);
    }
}

TEST(KernelPartition, ReadsLayouts)
{
    std::istringstream in("# node type speed [count]\nn0 A 6 2\nn1 B 2.5\n");
    std::vector<LayoutProcess> l = read_layout(in, "layout");
    ASSERT_EQ(l.size(), 3u);
    EXPECT_EQ(l[1].node, "n0");
    EXPECT_EQ(l[2].type, "B");
    EXPECT_DOUBLE_EQ(l[2].speed, 2.5);
    for (const char *bad : {"n0 A\n", "n0 A 0\n", "n0 A x\n", "n0 A 1 0\n",
                            "# nothing\n", "n0 A 1\nn0 B 1\n"}) {
        std::istringstream b(bad);
        EXPECT_THROW(read_layout(b, "layout"), UsageError) << bad;
    }
}

// The partition's search takes time P^3 and memory P^2: layouts and speed
// lists above kMaxLayoutProcesses are refused with one line, not tried
// (65536 processes used to ask for tens of GB).
TEST(KernelPartition, ProcessCountIsCapped)
{
    const std::size_t max = kMaxLayoutProcesses;
    std::istringstream ok("n0 A 1 " + std::to_string(max) + "\n");
    EXPECT_EQ(read_layout(ok, "layout").size(), max);
    auto error = [](const std::string &text) {
        std::istringstream in(text);
        try {
            read_layout(in, "layout");
        } catch (const UsageError &e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    std::string e = error("n0 A 1 " + std::to_string(max + 1) + "\n");
    EXPECT_NE(e.find("layout:1: bad count"), std::string::npos) << e;
    EXPECT_NE(e.find(std::to_string(max)), std::string::npos) << e;
    e = error("n0 A 1 65536\n");
    EXPECT_NE(e.find("layout:1: bad count"), std::string::npos) << e;
    e = error("n0 A 1 " + std::to_string(max) + "\nn1 B 2\n");
    EXPECT_NE(e.find("layout:2: more than " + std::to_string(max) +
                     " processes"),
              std::string::npos)
        << e;
    EXPECT_EQ(e.find('\n'), std::string::npos);
    try {
        best_columns(std::vector<double>(65536, 1.0), 1L << 20);
        ADD_FAILURE() << "65536 processes partitioned";
    } catch (const UsageError &x) {
        EXPECT_NE(std::string(x.what()).find("at most " +
                                             std::to_string(max)),
                  std::string::npos)
            << x.what();
    }
}
