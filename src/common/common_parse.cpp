#include "common_parse.h"

#include "common_error.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace cpm {

std::string quoted(const std::string &text, std::size_t max)
{
    std::string s = "'";
    std::size_t k = 0;
    for (; k < text.size() && k < max; ++k) {
        unsigned char c = static_cast<unsigned char>(text[k]);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            s += char(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            s += buf;
        }
    }
    if (k < text.size())
        s += "...";
    return s + "'";
}

namespace {

template <class T>
std::string range_text(T lo, T hi, T min, T max)
{
    std::ostringstream s;
    if (lo == min && hi == max)
        return "";
    if (hi == max)
        s << " >= " << lo;
    else if (lo == min)
        s << " <= " << hi;
    else
        s << " in [" << lo << ", " << hi << "]";
    return s.str();
}

} // namespace

long parse_long(const std::string &text, const std::string &what, long lo,
                long hi)
{
    errno = 0;
    char *end = nullptr;
    long v = std::strtol(text.c_str(), &end, 10);
    bool whole = !text.empty() && end == text.c_str() + text.size() &&
                 text.find_first_of(" \t\n\r\f\v") == std::string::npos;
    if (!whole || errno == ERANGE || v < lo || v > hi)
        throw UsageError(what + ": expected an integer" +
                         range_text(lo, hi, std::numeric_limits<long>::min(),
                                    std::numeric_limits<long>::max()) +
                         ", got " + quoted(text));
    return v;
}

int parse_int(const std::string &text, const std::string &what, int lo,
              int hi)
{
    return int(parse_long(text, what, lo, hi));
}

double parse_double(const std::string &text, const std::string &what,
                    double lo, double hi)
{
    errno = 0;
    char *end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    bool whole = !text.empty() && end == text.c_str() + text.size() &&
                 text.find_first_of(" \t\n\r\f\v") == std::string::npos;
    if (!whole || errno == ERANGE || !std::isfinite(v) || v < lo || v > hi)
        throw UsageError(
            what + ": expected a number" +
            range_text(lo, hi, -std::numeric_limits<double>::max(),
                       std::numeric_limits<double>::max()) +
            ", got " + quoted(text));
    return v;
}

} // namespace cpm
