/* Text helpers of the kernels module (kernel_text.h). */
#include "kernel_text.h"

#include "common_error.h"

#include <algorithm>
#include <sstream>

namespace cpm::kernels::text {

void fail(const std::string &name, int line, const std::string &what)
{
    throw UsageError(line > 0 ? name + ":" + std::to_string(line) + ": " + what
                              : name + ": " + what);
}

bool next_words(std::istream &in, int &line, std::vector<std::string> &words)
{
    std::string text;
    while (std::getline(in, text)) {
        ++line;
        std::size_t hash = text.find('#');
        if (hash != std::string::npos)
            text.erase(hash);
        std::istringstream s(text);
        words.clear();
        for (std::string x; s >> x;)
            words.push_back(x);
        if (!words.empty())
            return true;
    }
    words.clear();
    return false;
}

long overlap(long a, long la, long b, long lb)
{
    long lo = std::max(a, b), hi = std::min(a + la, b + lb);
    return hi > lo ? hi - lo : 0;
}

} // namespace cpm::kernels::text
