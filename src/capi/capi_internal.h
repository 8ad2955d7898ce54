/**
 * \file capi_internal.h
 * \brief Private to the C API: turning exceptions into status codes and
 *        messages, precision and result conversions, the checks shared
 *        by the collective calls, and the frame every model struct
 *        shares (allocation, its private part, the builders).
 */
#ifndef CPM_CAPI_INTERNAL_H
#define CPM_CAPI_INTERNAL_H

#include "cpm.h"

#include "benchmark_precision.h"
#include "common_error.h"
#include "common_mpi.h"
#include "model_data.h"

#include <mpi.h>

#include <cstdlib>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <utility>
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

/** Runs body, which returns a new C model as a std::unique_ptr; the model,
 *  or NULL if body throws (the alloc and load calls). */
template <class F>
auto run_new(const char *fn, F &&body) -> decltype(body().release())
{
    decltype(body().release()) out = nullptr;
    run(fn, [&] { out = body().release(); });
    return out;
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

/** Checks the ranks i, j of n processes and the size M (cpm::UsageError);
 *  the index of the pair {i, j}, or -1 if i == j. */
int checked_pair(int n, int i, int j, int M);

/** The sizes 0, stride, 2 stride, ... <= max_size of a sweep; throws
 *  cpm::UsageError unless stride >= 1, 0 <= max_size <= 2^30 and there
 *  are at most 10^6 sizes. */
std::vector<long> sweep_sizes(int stride, int max_size);

/** "fn stride=S max_size=M", for the command of a model file. */
std::string sweep_call(const char *fn, int stride, int max_size);

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

/** count zeroed elements of type T (at least one) from calloc, for the C
 *  structs and their arrays; throws std::bad_alloc. */
template <class T>
T *new_zeroed(std::size_t count = 1)
{
    T *p = static_cast<T *>(std::calloc(count ? count : 1, sizeof(T)));
    if (!p)
        throw std::bad_alloc();
    return p;
}

/** A C model owned by C++ code until released, freed by Free. */
template <class C, int (*Free)(C *)>
struct FreeModel {
    void operator()(C *c) const { Free(c); }
};
template <class C, int (*Free)(C *)>
using Owned = std::unique_ptr<C, FreeModel<C, Free>>;

/** Frees C model c (NULL is allowed): its private part, a Priv, and its
 *  arrays, given as pointers to members. Returns CPM_OK. */
template <class Priv, class C, class... Arrays>
int free_model(C *c, Arrays... arrays)
{
    if (!c)
        return CPM_OK;
    delete static_cast<Priv *>(c->priv);
    (std::free(c->*arrays), ...);
    std::free(c);
    return CPM_OK;
}

/**
 * The private part of C model c, a Priv with the C++ model in Priv::m.
 * Throws cpm::UsageError if c is NULL, if it was not made by the library
 * (no priv, or arrays_ok false: an array is missing; makers names the
 * calls that make one) or if its n was changed.
 */
template <class Priv, class C>
Priv &priv_part(const C *c, bool arrays_ok, const char *makers)
{
    if (!c)
        throw UsageError("the model is NULL");
    if (!c->priv || !arrays_ok)
        throw UsageError(std::string("the model was not made by ") + makers);
    Priv &p = *static_cast<Priv *>(c->priv);
    if (c->n != p.m.n)
        throw UsageError("the model's n was changed from " +
                         std::to_string(p.m.n) + " to " + std::to_string(c->n));
    return p;
}

/**
 * The frame of the calls that build a whole model (Hockney_build,
 * LMO_build, PLogP_build). Sets *model to NULL (if model is not NULL);
 * then, on a duplicate of comm and each step collective: prepare(dc)
 * checks the input and sets up the build (after checking that model is
 * not NULL on rank 0); build(dc) measures and returns the C++ model;
 * wrap(that) makes the C model on every rank where model is not NULL,
 * stored in *model. Returns CPM_OK or the same error code on every rank.
 */
template <class C, class Prepare, class Build, class Wrap>
int build_model(const char *fn, MPI_Comm comm, C **model, Prepare &&prepare,
                Build &&build, Wrap &&wrap)
{
    if (model)
        *model = nullptr;
    return run(fn, [&] {
        DupComm dc(comm);
        collective(dc, [&] {
            if (dc.rank() == 0 && !model)
                throw UsageError("model must not be NULL on rank 0");
            prepare(dc);
        });
        decltype(build(dc)) m;
        collective(dc, [&] { m = build(dc); });
        decltype(wrap(std::move(m))) c;
        collective(dc, [&] {
            if (model)
                c = wrap(std::move(m));
        });
        if (model)
            *model = c.release();
    });
}

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
