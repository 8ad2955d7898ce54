/* Bounded line reads and the errors and numbers of the text readers
 * (common_text.h). */
#include "common_text.h"

#include "common_error.h"
#include "common_parse.h"

#include <cstdio>
#include <sstream>
#include <utility>

namespace cpm {

LineStatus read_line(std::istream &in, std::string &line, std::size_t max)
{
    line.clear();
    std::istream::sentry ok(in, true); // no skipping of blanks
    if (!ok)
        return LineStatus::End;
    std::streambuf *sb = in.rdbuf();
    bool any = false;
    try {
        for (;;) {
            int c = sb->sbumpc();
            if (c == std::char_traits<char>::eof()) {
                in.setstate(any ? std::ios::eofbit
                                : std::ios::eofbit | std::ios::failbit);
                return any ? LineStatus::Line : LineStatus::End;
            }
            any = true;
            if (c == '\n')
                return LineStatus::Line;
            if (line.size() >= max)
                return LineStatus::TooLong;
            line.push_back(char(c));
        }
    } catch (...) {
        in.setstate(std::ios::badbit);
    }
    return any ? LineStatus::Line : LineStatus::End;
}

std::string at_line(const std::string &name, int line, const std::string &what)
{
    return line > 0 ? name + ":" + std::to_string(line) + ": " + what
                    : name + ": " + what;
}

std::vector<std::string> split_words(const std::string &text)
{
    std::vector<std::string> words;
    std::istringstream s(text);
    for (std::string w; s >> w;)
        words.push_back(w);
    return words;
}

void fail_at(const std::string &name, int line, const std::string &what)
{
    throw UsageError(at_line(name, line, what)); // bytes escaped by Error
}

namespace {

std::string number_text(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

} // namespace

long integer_at(const std::string &name, int line, const std::string &text,
                const std::string &what, long lo, long hi)
{
    long v = 0;
    try {
        v = parse_long(text, what);
    } catch (const UsageError &) {
        fail_at(name, line, "bad " + what + " " + quoted(text));
    }
    const long min = std::numeric_limits<long>::min();
    const long max = std::numeric_limits<long>::max();
    if (v < lo || v > hi)
        fail_at(name, line,
                what + " " + std::to_string(v) +
                    (hi == max   ? " must be >= " + std::to_string(lo)
                     : lo == min ? " must be <= " + std::to_string(hi)
                                 : " outside " + std::to_string(lo) + ".." +
                                       std::to_string(hi)));
    return v;
}

double real_at(const std::string &name, int line, const std::string &text,
               const std::string &what, double lo, double hi)
{
    double v = 0;
    try {
        v = parse_double(text, what);
    } catch (const UsageError &) {
        fail_at(name, line, "bad " + what + " " + quoted(text));
    }
    const double max = std::numeric_limits<double>::max();
    if (v < lo || v > hi)
        fail_at(name, line,
                what + " " + quoted(text) +
                    (hi == max    ? " must be >= " + number_text(lo)
                     : lo == -max ? " must be <= " + number_text(hi)
                                  : " outside [" + number_text(lo) + ", " +
                                        number_text(hi) + "]"));
    return v;
}

double positive_at(const std::string &name, int line, const std::string &text,
                   const std::string &what)
{
    double v = real_at(name, line, text, what);
    if (!(v > 0))
        fail_at(name, line, what + " " + quoted(text) + " must be > 0");
    return v;
}

LineReader::LineReader(std::istream &in, std::string name, std::size_t max)
    : in_(in), name_(std::move(name)), max_(max)
{
}

bool LineReader::next(std::string &line)
{
    LineStatus s = read_line(in_, line, max_);
    if (s == LineStatus::End) {
        if (in_.bad())
            fail("read error");
        return false;
    }
    ++line_;
    if (s == LineStatus::TooLong)
        fail("line longer than " + std::to_string(max_) + " bytes");
    if (in_.bad())
        fail("read error");
    return true;
}

void LineReader::fail(const std::string &what) const
{
    fail_at(name_, line_, what);
}

long LineReader::integer(const std::string &text, const std::string &what,
                         long lo, long hi) const
{
    return integer_at(name_, line_, text, what, lo, hi);
}

double LineReader::real(const std::string &text, const std::string &what,
                        double lo, double hi) const
{
    return real_at(name_, line_, text, what, lo, hi);
}

double LineReader::positive(const std::string &text,
                            const std::string &what) const
{
    return positive_at(name_, line_, text, what);
}

} // namespace cpm
