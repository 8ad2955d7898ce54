/**
 * \file stats_gsl_guard.h
 * \brief Scoped switch-off of GSL's abort-on-error handler (private header).
 */
#ifndef CPM_STATS_GSL_GUARD_H
#define CPM_STATS_GSL_GUARD_H

#include <gsl/gsl_errno.h>

namespace cpm::stats {

/** While alive, GSL functions return error codes instead of aborting. */
class GslErrorGuard {
public:
    GslErrorGuard() : previous_(gsl_set_error_handler_off()) {}
    ~GslErrorGuard() { gsl_set_error_handler(previous_); }
    GslErrorGuard(const GslErrorGuard &) = delete;
    GslErrorGuard &operator=(const GslErrorGuard &) = delete;

private:
    gsl_error_handler_t *previous_;
};

} // namespace cpm::stats

#endif
