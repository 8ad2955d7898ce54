/* Size segments of point-to-point times (model_segments.h). */
#include "model_segments.h"

#include "common_error.h"

#include <algorithm>

namespace cpm::models {

int Segments::of(double M) const
{
    return int(std::upper_bound(starts.begin(), starts.end(), M,
                                [](double m, long s) { return m < double(s); }) -
               starts.begin());
}

std::string Segments::text() const
{
    std::string s = "0";
    for (long b : starts)
        s += "," + std::to_string(b);
    return s;
}

void Segments::validate() const
{
    for (std::size_t k = 0; k < starts.size(); ++k)
        if (starts[k] <= (k ? starts[k - 1] : 0))
            throw UsageError("segment starts must be positive and increasing, "
                             "got " + text());
}

std::vector<int> pair_classes(const std::vector<std::string> &processors)
{
    std::vector<int> c;
    std::size_t n = processors.size();
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            c.push_back(processors[i] == processors[j] ? 0 : 1);
    return c;
}

Segments find_segments(const std::vector<double> &x,
                       const std::vector<double> &y,
                       const rbridge::BreakpointOptions &options)
{
    Segments s;
    for (std::size_t k : rbridge::segments(x, y, y, options))
        if (k + 1 < x.size())
            s.starts.push_back(long(x[k + 1]));
    return s;
}

} // namespace cpm::models
