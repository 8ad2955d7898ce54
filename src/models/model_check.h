/* Internal to the models: the argument checks every model's predictions
 * make (a rank of the model, a message size), one copy for all. */
#ifndef CPM_MODEL_CHECK_H
#define CPM_MODEL_CHECK_H

#include "common_error.h"

#include <cmath>
#include <string>

namespace cpm::models {

/** Throws cpm::UsageError unless 0 <= r < n ("WHAT r is outside 0..n-1"). */
inline void check_rank(int n, int r, const char *what)
{
    if (r < 0 || r >= n)
        throw UsageError(std::string(what) + " " + std::to_string(r) +
                         " is outside 0.." + std::to_string(n - 1));
}

/** Throws cpm::UsageError unless M is a finite size >= 0. */
inline void check_size(double M)
{
    if (!(M >= 0) || !std::isfinite(M))
        throw UsageError("message size must be a non-negative number, got " +
                         std::to_string(M));
}

} // namespace cpm::models

#endif
