/**
 * \file benchmark_timing.h
 * \brief Timing methods for collective experiments.
 *
 * - max:    barrier; every rank times the operation locally; the time is
 *           the maximum of the local times (MPI_MAX reduction).
 * - root:   barrier; the root times the operation followed by a second
 *           barrier, and subtracts the time of a barrier measured
 *           beforehand (the shortest of ten). The result is never less
 *           than the root's own time in the operation, a lower bound that
 *           noisy barriers (oversubscribed nodes) could otherwise undercut.
 * - global: every rank records its start and finish; both are moved onto
 *           the root's clock with offsets estimated by ping-pong (Cristian's
 *           method, the sample with the shortest roundtrip), unless the
 *           MPI_WTIME_IS_GLOBAL attribute says that clocks are synchronised;
 *           the time is the latest finish minus the earliest start.
 * - span:   as global, but from the root's start: the latest finish minus
 *           the root's start, what the models predict (an operation
 *           begins when its root calls it). Processes that leave the
 *           barrier before the root are not counted from their exit, and
 *           one that leaves it late is (unlike max) counted from the root's.
 * - sync:   every process starts the operation at one agreed time: the
 *           root broadcasts a start a window ahead (twice the longest
 *           broadcast measured when the timer is created, plus the
 *           offsets' error bounds), each process waits for it on its own
 *           clock (offset as in global), and the time is the latest
 *           finish minus the earliest start. No barrier skew enters: the
 *           models' assumption that all processes start together. A
 *           process that starts late (window too short) is counted, and
 *           the window doubles.
 *
 * Point-to-point experiments read the clock around a train of roundtrips
 * (Precision::train): wtime_cost() and train_length() size the train.
 */
#ifndef CPM_BENCHMARK_TIMING_H
#define CPM_BENCHMARK_TIMING_H

#include "benchmark_precision.h"

#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** How many clock costs a train of roundtrips lasts at least (auto
 *  trains): the clock's part in a repetition's time is then at most
 *  1/kTrainClocks of it. */
const double kTrainClocks = 1000;

/**
 * The cost of reading the clock on this process, in seconds: the smallest
 * difference of two consecutive MPI_Wtime() readings out of 100, or
 * MPI_Wtick() if larger. Measured at the first call, then remembered.
 * 0 where no two readings differed (a simulator's clock with no
 * computation time injected; a clock coarser than 100 readings).
 */
double wtime_cost();

/**
 * Roundtrips per repetition for Precision::train = train: train itself if
 * positive (1: each roundtrip timed alone); for 0 (auto), the fewest whose
 * time reaches kTrainClocks times the clock cost `cost`, given the time of
 * one roundtrip `single` (s), between 1 and kMaxTrain; 1 if cost is 0 or
 * single is not positive.
 */
int train_length(int train, double single, double cost);

/** How the time of a collective experiment is taken. */
enum class Timing { Max, Root, Global, Span, Sync };

/** "max", "root", "global", "span" or "sync". */
const char *timing_name(Timing t);
/** Parses a timing name; throws cpm::UsageError listing the valid names. */
Timing parse_timing(const std::string &name);

/**
 * The time of one repetition from every process's start and finish
 * (events: start_0, finish_0, start_1, ...; each on its own clock) and
 * the clocks' offsets against the root's: the latest finish minus the
 * earliest start (global) or minus the root's start (span), all on the
 * root's clock. Throws cpm::Error if the sizes disagree.
 */
double span_time(Timing method, int root, const std::vector<double> &events,
                 const std::vector<double> &offsets);

/** The sync method's late starts in the measurements of this process so
 *  far (measure_collective and measure_kernel add theirs; a replayed
 *  journal entry of either adds those it recorded): for the output
 *  header. */
struct LateStarts {
    long late = 0;        /**< repetitions in which a process began late */
    long repetitions = 0; /**< repetitions timed by the sync method */
};

/** This process's tally (the same on every rank of the measurements). */
const LateStarts &late_start_tally();

/** Adds counts to this process's tally (a replayed measurement's). */
void add_late_starts(const LateStarts &counts);

class JournalEntry;

/** The one result of a replayed journal entry of a timed call
 *  (measure_collective, measure_kernel), whose late starts, recorded
 *  beside it, are added to the tally (an entry written before they were
 *  recorded has none). An entry of another count of results is rejected
 *  (JournalEntry::reject: one line naming the journal). */
Result replay_timed(const JournalEntry &entry);
/** Records a timed call's result and its late starts in its entry. */
Result record_timed(JournalEntry &entry, const Result &r,
                    const LateStarts &late);

/**
 * Times repetitions of a collective operation on a communicator. Creating a
 * Timer is collective: it measures the barrier (root method) or the clock
 * offsets (global, span and sync methods) once.
 */
class Timer {
public:
    /** A timer for operations rooted at root (collective over comm). */
    Timer(MPI_Comm comm, int root, Timing method);
    /** Runs op once on every rank and returns its time. Collective; the
     *  value is significant at the root (and, for max, on every rank). */
    double time(const std::function<void()> &op);
    /** The timing method. */
    Timing method() const { return method_; }
    /** Clock offsets against the root (global, span, sync), seconds. */
    const std::vector<double> &offsets() const { return offset_; }
    /** Bound on the error of each offset, seconds: half the shortest
     *  ping-pong it was taken from (0 where the clocks are global). */
    const std::vector<double> &offset_errors() const { return offset_error_; }
    /** Barrier time subtracted by the root method, seconds. */
    double barrier_time() const { return barrier_; }
    /** The sync method's current window, seconds (at the root). */
    double window() const { return window_; }
    /** Repetitions of the sync method in which a process started late
     *  (counted at the root). */
    long late_starts() const { return late_; }
    /** Adds the root's late starts and sync repetitions to every process's
     *  late_start_tally() and returns them (collective; nothing, and
     *  zeros, for the other methods). */
    LateStarts add_to_tally() const;

private:
    void measure_offsets();
    void measure_window();
    double max_offset_error() const;
    /* Runs op between two clock readings on every rank, gathers them at
     * the root and returns their span_time there (0 elsewhere); for sync,
     * go is the agreed start that late starts are checked against and
     * learnt when this process had it (its own clock). */
    double gathered_time(const std::function<void()> &op, double go = 0,
                         double learnt = 0);

    MPI_Comm comm_;
    int root_, rank_, size_;
    Timing method_;
    double barrier_ = 0;
    double window_ = 0, first_window_ = 0;
    long late_ = 0, timed_ = 0;
    std::vector<double> offset_;
    std::vector<double> offset_error_;
};

} // namespace cpm::bench

/** @} */

#endif
