/**
 * \file common_mpi.h
 * \brief Small MPI helpers: an owned duplicate communicator, agreement
 *        on errors across ranks and gathering the rows each rank owns.
 */
#ifndef CPM_COMMON_MPI_H
#define CPM_COMMON_MPI_H

#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

/** \addtogroup common
 *  @{ */

namespace cpm {

/** A duplicate of a communicator, with MPI_ERRORS_RETURN, freed on scope
 *  exit. Library experiments run on one so that their messages never match
 *  the caller's and MPI failures become cpm::Error. */
class DupComm {
public:
    /** Duplicates comm (collective over comm). */
    explicit DupComm(MPI_Comm comm);
    ~DupComm();
    DupComm(const DupComm &) = delete;
    DupComm &operator=(const DupComm &) = delete;
    /** The duplicate. */
    operator MPI_Comm() const { return comm_; }
    /** This process's rank in it. */
    int rank() const { return rank_; }
    /** Its number of processes. */
    int size() const { return size_; }

private:
    MPI_Comm comm_ = MPI_COMM_NULL;
    int rank_ = 0, size_ = 0;
};

/**
 * Runs step on every rank of comm and makes its outcome collective: if it
 * throws cpm::Error on any rank, every rank throws the error of the lowest
 * failing rank (a cpm::UsageError stays one). Used where one rank alone may
 * fail (opening a file, parsing input) so that no rank is left waiting.
 */
void agree(MPI_Comm comm, const std::function<void()> &step);

/**
 * Rows of `width` doubles, row e (rows[e*width ..]) filled in on the one
 * rank with owned[e] set, gathered on every rank: each rank sends only
 * its own rows, each after its index, to rank 0 (MPI_Gatherv), which
 * broadcasts them all (rather than a sum over ranks of the whole array,
 * mostly zeros: a reduction and a broadcast of it). Collective over comm;
 * no rank returns before every rank has entered. Throws cpm::Error unless
 * every row is owned by exactly one rank, or if the rows are more than an
 * MPI count can hold.
 */
std::vector<double> allgather_rows(MPI_Comm comm,
                                   const std::vector<double> &rows,
                                   const std::vector<char> &owned, int width);

/** The machine of comm whose ranks most outnumber its processors. */
struct MachineLoad {
    int ranks = 0;      /**< ranks of comm running on it */
    int processors = 0; /**< processors they may run on there */
};

/**
 * The machine (operating system instance: Linux's boot id, the host name
 * elsewhere, so that the network namespaces of an emulated cluster on one
 * machine are one machine) with the most ranks of comm per processor, as
 * {ranks, processors}; processors counts the union of its ranks' affinity
 * masks (a batch system's cpuset or mpirun's binding; all online
 * processors where a mask cannot be read), not a CPU quota.
 * oversubscribed() if ranks exceed processors. Collective over comm.
 * Under SimGrid SMPI, whose hosts are simulated, {0, 0} (no MPI call).
 */
MachineLoad busiest_machine(MPI_Comm comm);

/** True if the load has more ranks than processors. */
inline bool oversubscribed(const MachineLoad &m)
{
    return m.ranks > m.processors;
}

/** Processor name of every rank, gathered on all ranks. */
std::vector<std::string> processor_names(MPI_Comm comm);

/** First line of MPI_Get_library_version, and the MPI standard version. */
std::string mpi_library_version();

} // namespace cpm

/** @} */

#endif
