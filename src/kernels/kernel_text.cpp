/* Text helpers of the kernels module (kernel_text.h). */
#include "kernel_text.h"

#include "common_error.h"
#include "common_text.h"

#include <algorithm>

namespace cpm::kernels::text {

void fail(const std::string &name, int line, const std::string &what)
{
    cpm::fail_at(name, line, what); // "NAME:LINE: what", bytes escaped
}

bool next_words(std::istream &in, const std::string &name, int &line,
                std::vector<std::string> &words)
{
    std::string text;
    for (;;) {
        LineStatus s = read_line(in, text);
        if (s == LineStatus::End)
            break;
        ++line;
        if (s == LineStatus::TooLong)
            fail(name, line,
                 "line longer than " + std::to_string(kMaxLineBytes) +
                     " bytes");
        if (in.bad())
            break;
        std::size_t hash = text.find('#');
        if (hash != std::string::npos)
            text.erase(hash);
        words = split_words(text);
        if (!words.empty())
            return true;
    }
    if (in.bad())
        fail(name, line, "read error");
    words.clear();
    return false;
}

long overlap(long a, long la, long b, long lb)
{
    long lo = std::max(a, b), hi = std::min(a + la, b + lb);
    return hi > lo ? hi - lo : 0;
}

} // namespace cpm::kernels::text
