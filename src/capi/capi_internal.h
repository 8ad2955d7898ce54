/**
 * \file capi_internal.h
 * \brief Private to the C API: turning exceptions into status codes and
 *        messages, precision and result conversions, and the checks shared
 *        by the collective calls.
 */
#ifndef CPM_CAPI_INTERNAL_H
#define CPM_CAPI_INTERNAL_H

#include "cpm.h"

#include "benchmark_precision.h"
#include "common_error.h"
#include "model_data.h"

#include <mpi.h>

#include <exception>
#include <functional>
#include <limits>
#include <new>
#include <string>
#include <vector>

namespace cpm::capi {

/** Records the message of a failed call of function fn in this thread. */
void set_error(const char *fn, const std::string &what);

/** Runs body; returns CPM_OK, or records the exception thrown and returns
 *  CPM_ERR_INPUT (cpm::UsageError) or CPM_ERR_FAIL (anything else). */
template <class F>
int run(const char *fn, F &&body)
{
    try {
        body();
        return CPM_OK;
    } catch (const UsageError &e) {
        set_error(fn, e.what());
        return CPM_ERR_INPUT;
    } catch (const std::bad_alloc &) {
        set_error(fn, "out of memory");
    } catch (const std::exception &e) {
        set_error(fn, e.what());
    } catch (...) {
        set_error(fn, "unknown error");
    }
    return CPM_ERR_FAIL;
}

/** Runs body, which returns a value; NaN if it throws. */
template <class F>
double run_estimate(const char *fn, F &&body)
{
    double v = std::numeric_limits<double>::quiet_NaN();
    run(fn, [&] { v = body(); });
    return v;
}

/** The C++ precision of a C one. */
bench::Precision precision_of(const MPIB_precision &p);

/** The C result of a C++ one. */
MPIB_result result_of(const bench::Result &r);

/** Throws cpm::UsageError unless 0 <= M. */
void check_size(int M);

/** Throws cpm::UsageError unless 0 <= r < n. */
void check_rank(int n, int r, const char *what);

/** Throws cpm::UsageError unless 2 <= n <= 100000 (the range of model
 *  files). */
void check_processes(int n);

/** Runs step on every rank of comm (see cpm::agree): if it fails on any
 *  rank, every rank throws the error of the lowest failing one. Failures
 *  other than cpm::Error (memory) count too. */
void collective(MPI_Comm comm, const std::function<void()> &step);

/** Provenance of a model made in C: every text "-", one processor named
 *  "-" per process, the default precision. */
models::Provenance empty_provenance(int n);

/** Reads a model file of the named model ("stdin" or "-": standard
 *  input); throws cpm::UsageError on a bad file. */
models::ModelData load_data(const char *filename, const char *model,
                            const std::vector<models::RecordSpec> &schema);

/** Writes a model file atomically ("stdout" or "-": standard output)
 *  after checking that every value is finite, so that it loads again. */
void save_data(const char *filename, const models::ModelData &data,
               const std::vector<models::RecordSpec> &schema);

/** Index in bench::TripletResults::one_to_one (six per triplet: i->j,
 *  i->k, j->i, j->k, k->i, k->j) of the experiment from the root of
 *  one-to-two result e (three per triplet: roots i, j, k) to its
 *  lower-ranked (q = 0) or higher-ranked (q = 1) peer. */
inline std::size_t one_to_one_of(std::size_t e, int q)
{
    return 6 * (e / 3) + 2 * (e % 3) + std::size_t(q);
}

/** Number of pairs of n processes. */
inline std::size_t pairs_of(int n) { return std::size_t(n) * (n - 1) / 2; }

} // namespace cpm::capi

#endif
