// Bounded line reads (common_text.h), and every file reader built on them
// refusing a line too long and /dev/zero: model files, kernel
// configurations and layouts. (Measurement outputs and the truth file:
// test_output.cpp, test_truth_file.cpp.)
#include "common_error.h"
#include "common_text.h"
#include "kernel_config.h"
#include "kernel_partition.h"
#include "model_data.h"
#include "model_hockney.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>
#include <string>

using namespace cpm;

namespace {

std::string error_of(const std::function<void()> &f)
{
    try {
        f();
    } catch (const UsageError &e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(Text, ReadLine)
{
    std::istringstream in("one\ntwo\r\n\nlast");
    std::string l;
    EXPECT_EQ(read_line(in, l), LineStatus::Line);
    EXPECT_EQ(l, "one");
    EXPECT_EQ(read_line(in, l), LineStatus::Line);
    EXPECT_EQ(l, "two\r");
    EXPECT_EQ(read_line(in, l), LineStatus::Line);
    EXPECT_EQ(l, "");
    EXPECT_EQ(read_line(in, l), LineStatus::Line);
    EXPECT_EQ(l, "last");
    EXPECT_EQ(read_line(in, l), LineStatus::End);
    EXPECT_EQ(l, "");
    EXPECT_EQ(read_line(in, l), LineStatus::End);

    std::istringstream longer("12345\n123456\n");
    EXPECT_EQ(read_line(longer, l, 5), LineStatus::Line);
    EXPECT_EQ(l, "12345");
    EXPECT_EQ(read_line(longer, l, 5), LineStatus::TooLong);
    EXPECT_EQ(l, "12345");

    std::string nul("a\0b\n", 4);
    std::istringstream with_nul(nul);
    EXPECT_EQ(read_line(with_nul, l), LineStatus::Line);
    EXPECT_EQ(l, std::string("a\0b", 3));
}

TEST(Text, LineReaderCountsLinesAndNamesThem)
{
    std::istringstream in("a\nb 12\n");
    LineReader r(in, "f.txt");
    std::string l;
    EXPECT_EQ(r.line(), 0);
    ASSERT_TRUE(r.next(l));
    ASSERT_TRUE(r.next(l));
    EXPECT_EQ(r.line(), 2);
    EXPECT_EQ(split_words(l), (std::vector<std::string>{"b", "12"}));
    EXPECT_EQ(r.integer("12", "count", 0, 20), 12);
    EXPECT_FALSE(r.next(l));
    EXPECT_EQ(r.line(), 2);
    EXPECT_EQ(error_of([&] { r.integer("x1", "count"); }),
              "f.txt:2: bad count 'x1'");
    EXPECT_EQ(error_of([&] { r.integer("21", "count", 0, 20); }),
              "f.txt:2: count 21 outside 0..20");
    EXPECT_EQ(error_of([&] { r.integer("-1", "size", 0); }),
              "f.txt:2: size -1 must be >= 0");
    EXPECT_EQ(error_of([&] { r.integer("9", "rank", -5, 3); }),
              "f.txt:2: rank 9 outside -5..3");
    EXPECT_EQ(error_of([&] { r.real("inf", "time"); }),
              "f.txt:2: bad time 'inf'");
    EXPECT_EQ(error_of([&] { r.real("-2", "time", 0); }),
              "f.txt:2: time '-2' must be >= 0");
    EXPECT_EQ(error_of([&] { r.real("2", "p", 0, 1); }),
              "f.txt:2: p '2' outside [0, 1]");
    EXPECT_EQ(error_of([&] { r.positive("0", "rate"); }),
              "f.txt:2: rate '0' must be > 0");
    EXPECT_EQ(error_of([&] { r.fail("what"); }), "f.txt:2: what");
    EXPECT_EQ(at_line("f", 0, "empty"), "f: empty");

    std::istringstream longer("ok\n" + std::string(100, 'x'));
    LineReader b(longer, "g.txt", 99);
    ASSERT_TRUE(b.next(l));
    EXPECT_EQ(error_of([&] { b.next(l); }),
              "g.txt:2: line longer than 99 bytes");
}

TEST(Text, ModelFilesAreReadBounded)
{
    const auto &schema = models::Hockney::schema();
    std::ifstream zero("/dev/zero");
    EXPECT_EQ(error_of([&] {
                  models::read_text(zero, "/dev/zero", "Hockney", schema);
              }),
              "/dev/zero:1: line longer than 1048576 bytes");
    std::istringstream in("cpm-model 1\nmodel Hockney\nn 2\nprocessor 0 " +
                          std::string(kMaxLineBytes, 'a') + "\n");
    EXPECT_EQ(error_of([&] {
                  models::read_text(in, "m.out", "Hockney", schema);
              }),
              "m.out:4: line longer than 1048576 bytes");
    // Numbers: the one parser, the text quoted.
    std::istringstream bad("cpm-model 1\nmodel Hockney\nn \x1b[2J\n");
    EXPECT_EQ(error_of([&] {
                  models::read_text(bad, "m.out", "Hockney", schema);
              }),
              "m.out:3: bad number of processes '\\x1b[2J'");
    std::istringstream reps("cpm-model 1\nmodel Hockney\nn 2\n"
                            "measured precision min_reps=4294967301 "
                            "max_reps=100 cl=0.95 eps=0.025\n");
    EXPECT_EQ(error_of([&] {
                  models::read_text(reps, "m.out", "Hockney", schema);
              }),
              "m.out:4: min_reps 4294967301 outside "
              "-2147483648..2147483647");
}

TEST(Text, KernelConfigurationsAndLayoutsAreReadBounded)
{
    std::ifstream zero("/dev/zero");
    EXPECT_EQ(error_of([&] { kernels::read_config(zero, "/dev/zero"); }),
              "/dev/zero:1: line longer than 1048576 bytes");
    std::ifstream zero2("/dev/zero");
    EXPECT_EQ(error_of([&] { kernels::read_layout(zero2, "/dev/zero"); }),
              "/dev/zero:1: line longer than 1048576 bytes");
    std::istringstream in("kernel summa\n# " + std::string(kMaxLineBytes, '#') +
                          "\n");
    EXPECT_EQ(error_of([&] { kernels::read_config(in, "k.conf"); }),
              "k.conf:2: line longer than 1048576 bytes");
}
