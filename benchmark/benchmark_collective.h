/**
 * \file benchmark_collective.h
 * \brief Collective experiments: the registry of measurable operations and
 *        their measurement under a timing method.
 *
 * A collective experiment with message size M moves M bytes (MPI_BYTE) per
 * process: the root scatters n blocks of M bytes, gathers n blocks of M
 * bytes, or broadcasts M bytes.
 */
#ifndef CPM_BENCHMARK_COLLECTIVE_H
#define CPM_BENCHMARK_COLLECTIVE_H

#include "benchmark_precision.h"
#include "benchmark_timing.h"

#include <mpi.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** What a collective operation does with the root's data. */
enum class CollKind { Scatter, Gather, Bcast };

/** Buffers for one collective experiment on one rank. */
struct CollBuffers {
    std::vector<char> root_data; /**< n*M bytes (scatter, gather) at root */
    std::vector<char> data;      /**< M bytes */
};

/** A measurable collective operation: one entry of the registry. */
struct CollectiveOp {
    const char *name;        /**< the -O name, such as MPIB_Scatter_binomial */
    const char *description; /**< one line for -h and error messages */
    CollKind kind;           /**< scatter, gather or broadcast */
    /** Runs the operation with M bytes per process; returns an MPI code. */
    int (*run)(CollBuffers &buf, int M, int root, MPI_Comm comm);
};

/** An operation of MPI_Scatter's signature as a registry entry's run
 *  (M bytes per process, MPI_BYTE). */
template <int (*F)(const void *, int, MPI_Datatype, void *, int,
                   MPI_Datatype, int, MPI_Comm)>
int scatter_as(CollBuffers &b, int M, int root, MPI_Comm comm)
{
    return F(b.root_data.data(), M, MPI_BYTE, b.data.data(), M, MPI_BYTE,
             root, comm);
}

/** An operation of MPI_Gather's signature as a registry entry's run. */
template <int (*F)(const void *, int, MPI_Datatype, void *, int,
                   MPI_Datatype, int, MPI_Comm)>
int gather_as(CollBuffers &b, int M, int root, MPI_Comm comm)
{
    return F(b.data.data(), M, MPI_BYTE, b.root_data.data(), M, MPI_BYTE,
             root, comm);
}

/** Every registered operation, in a stable order: the module's own, then
 *  those added with add_collective(). */
const std::vector<CollectiveOp> &collective_ops();
/** Adds an operation to the registry, after the others: the hook through
 *  which a tool links operations from outside this module (the
 *  model-based ones of src/coll). Throws cpm::Error if the name is taken.
 *  Call it before looking operations up; not thread-safe. */
void add_collective(const CollectiveOp &op);
/** The operation of that name; throws cpm::UsageError listing the valid
 *  names if there is none. */
const CollectiveOp &find_collective(const std::string &name);
/** The valid names, comma-separated. */
std::string collective_names();

/** Allocates the buffers an operation needs for size M on this rank. */
CollBuffers make_buffers(const CollectiveOp &op, long M, int root,
                         MPI_Comm comm);

/** Measures op with M bytes per process until the stopping rule is met.
 *  Collective; the result is returned on every rank. With the sync method
 *  it adds its late starts to late_start_tally() (benchmark_timing.h); a
 *  call replayed from a measurement journal adds the ones it recorded. */
Result measure_collective(MPI_Comm comm, const CollectiveOp &op, long M,
                          int root, Timing timing, const Precision &precision);

} // namespace cpm::bench

/** @} */

#endif
