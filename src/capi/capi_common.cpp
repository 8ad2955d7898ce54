// The C API's errors, conversions, utilities and R calls.
#include "capi_internal.h"

#include "common_atomic_file.h"
#include "common_mpi.h"
#include "rbridge.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

namespace cpm::capi {

namespace {

thread_local std::string last_error;

} // namespace

void set_error(const char *fn, const std::string &what)
{
    try {
        last_error = std::string(fn) + ": " + what;
    } catch (...) {
        // No memory for the message: keep the previous one.
    }
}

bench::Precision precision_of(const MPIB_precision &p)
{
    bench::Precision q;
    q.min_reps = p.min_reps;
    q.max_reps = p.max_reps;
    q.cl = p.cl;
    q.eps = p.eps;
    // MPIB_precision is CPM 1.0.1's: the mean and its Student-t interval,
    // of single timed roundtrips (no trains).
    q.estimator = bench::Estimator::Mean;
    q.train = 1;
    return q;
}

MPIB_result result_of(const bench::Result &r)
{
    MPIB_result c;
    c.M = int(r.M);
    c.T = r.T;
    c.wtick = r.wtick;
    c.reps = r.reps;
    c.ci = r.ci;
    return c;
}

void check_size(int M)
{
    if (M < 0)
        throw UsageError("message size " + std::to_string(M) + " is negative");
}

void check_rank(int n, int r, const char *what)
{
    if (r < 0 || r >= n)
        throw UsageError(std::string(what) + " " + std::to_string(r) +
                         " is outside 0.." + std::to_string(n - 1));
}

void check_processes(int n)
{
    if (n < 2 || n > 100000)
        throw UsageError("number of processes must lie in 2..100000, got " +
                         std::to_string(n));
}

int checked_pair(int n, int i, int j, int M)
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    check_size(M);
    return i == j ? -1 : models::pair_index(n, i, j);
}

std::vector<long> sweep_sizes(int stride, int max_size)
{
    if (stride < 1)
        throw UsageError("stride must be at least 1, got " +
                         std::to_string(stride));
    if (max_size < 0 || max_size > (1 << 30))
        throw UsageError("max_size must lie in 0..2^30, got " +
                         std::to_string(max_size));
    long count = long(max_size) / stride + 1;
    if (count > 1000000)
        throw UsageError("a sweep of " + std::to_string(count) +
                         " message sizes is too long; use a larger stride");
    std::vector<long> s;
    for (long M = 0; M <= max_size; M += stride)
        s.push_back(M);
    return s;
}

std::string sweep_call(const char *fn, int stride, int max_size)
{
    return std::string(fn) + " stride=" + std::to_string(stride) +
           " max_size=" + std::to_string(max_size);
}

void collective(MPI_Comm comm, const std::function<void()> &step)
{
    agree(comm, [&] {
        try {
            step();
        } catch (const Error &) {
            throw;
        } catch (const std::bad_alloc &) {
            throw Error("out of memory");
        } catch (const std::exception &e) {
            throw Error(e.what());
        }
    });
}

models::Provenance empty_provenance(int n)
{
    models::Provenance p;
    p.date = "-";
    p.mpi = "-";
    p.command = "-";
    p.processors.assign(std::size_t(n), "-");
    p.timing = "-";
    p.sizes = "-";
    return p;
}

models::ModelData load_data(const char *filename, const char *model,
                            const std::vector<models::RecordSpec> &schema)
{
    if (!filename)
        throw UsageError("the file name is NULL");
    std::string name = filename;
    if (is_stdin_name(name))
        return models::read_text(std::cin, "stdin", model, schema);
    std::ifstream in(name);
    if (!in)
        throw UsageError("cannot open model file '" + name +
                         "': " + std::strerror(errno));
    return models::read_text(in, name, model, schema);
}

void save_data(const char *filename, const models::ModelData &data,
               const std::vector<models::RecordSpec> &schema)
{
    if (!filename)
        throw UsageError("the file name is NULL");
    for (const models::Record &r : data.records)
        for (double v : r.values)
            if (!std::isfinite(v)) {
                std::ostringstream s;
                s << r.key;
                for (int i : r.index)
                    s << " " << i;
                s << " has the value " << v
                  << "; a model file holds finite numbers only";
                throw UsageError(s.str());
            }
    AtomicFile out(filename);
    models::write_text(out.stream(), data, schema);
    out.commit();
}

} // namespace cpm::capi

using namespace cpm;
using namespace cpm::capi;

extern "C" {

const char *CPM_error_message(void) { return last_error.c_str(); }

MPIB_precision CPM_default_precision(void)
{
    bench::Precision p;
    MPIB_precision c;
    c.min_reps = p.min_reps;
    c.max_reps = p.max_reps;
    c.cl = p.cl;
    c.eps = p.eps;
    return c;
}

long CPM_C2(int n) { return n < 2 ? 0 : long(n) * (n - 1) / 2; }

long CPM_C3(int n) { return n < 3 ? 0 : long(n) * (n - 1) * (n - 2) / 6; }

int CPM_pair_index(int n, int i, int j)
{
    int index = -1;
    run("CPM_pair_index", [&] {
        check_rank(n, i, "rank");
        check_rank(n, j, "rank");
        if (i == j)
            throw UsageError("no pair " + std::to_string(i) + "," +
                             std::to_string(j) + ": the ranks are equal");
        int lo = std::min(i, j), hi = std::max(i, j);
        // rows (0,1..n-1), (1,2..n-1), ...: lo rows of n-1, n-2, ... pairs
        long x = long(lo) * (2L * n - lo - 1) / 2 + (hi - lo - 1);
        if (x > INT_MAX)
            throw UsageError("the index of pair " + std::to_string(lo) + "," +
                             std::to_string(hi) + " exceeds INT_MAX");
        index = int(x);
    });
    return index;
}

long CPM_triplet_index(int n, int i, int j, int k)
{
    long index = -1;
    run("CPM_triplet_index", [&] {
        int v[3] = {i, j, k};
        for (int r : v)
            check_rank(n, r, "rank");
        std::sort(v, v + 3);
        if (v[0] == v[1] || v[1] == v[2])
            throw UsageError("no triplet " + std::to_string(i) + "," +
                             std::to_string(j) + "," + std::to_string(k) +
                             ": the ranks are not distinct");
        long N = n, a = v[0], b = v[1], c = v[2];
        // triplets before row a: C(n,3) - C(n-a,3); before (a,b) within
        // the row: C(n-a-1,2) - C(n-b,2); then c - b - 1.
        index = CPM_C3(n) - CPM_C3(int(N - a)) + CPM_C2(int(N - a - 1)) -
                CPM_C2(int(N - b)) + (c - b - 1);
    });
    return index;
}

int CPM_initR(void) { return run("CPM_initR", [] { rbridge::init(); }); }

int CPM_endR(void) { return CPM_OK; }

} // extern "C"
