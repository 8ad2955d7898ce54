/**
 * \file benchmark_journal.h
 * \brief A journal of finished measurements, so that a long build or
 *        measurement run killed part-way resumes where it stopped.
 *
 * While a journal is open, every measurement call of the benchmark layer
 * (measure_roundtrips, measure_triplets, measure_collective, measure_ring,
 * measure_send_overhead, measure_plogp, measure_kernel) is an entry: at its start, if the
 * journal still holds recorded entries, the next one is replayed (its
 * results returned, nothing measured) after checking that it was recorded
 * by the same call with the same parameters; once the recorded entries are
 * used up, calls measure and append their results. Rank 0 of the
 * journal's communicator alone reads and writes the file (one entry's
 * lines, then an fsync); the decisions and replayed results reach the
 * other ranks by broadcast. Because a builder's decisions depend only on
 * the results, a build resumed from the journal of an interrupted one
 * makes the same calls in the same order and ends with the same model.
 * Each entry also records every rank's MPI_Wtime at the end of the call;
 * under SimGrid SMPI a replayed call sets each rank's simulated clock to
 * it, so that the calls after the replay read the same absolute simulated
 * times as in the interrupted build.
 * The format is in doc/formats.md ("Measurement journal").
 *
 * Every measure call (journal or not) also counts its results in the
 * convergence tally, which names the experiments that did not converge
 * (convergence_tally()): a build records the parameters resting on them.
 */
#ifndef CPM_BENCHMARK_JOURNAL_H
#define CPM_BENCHMARK_JOURNAL_H

#include "benchmark_precision.h"

#include <mpi.h>

#include <string>
#include <vector>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/**
 * Opens the journal at path for the measurements over comm (collective;
 * every rank passes the same arguments). Rank 0 reads the entries already
 * in the file, if it exists, to be replayed (an entry cut short by a kill
 * is dropped), and then appends to it; a new file starts with a header
 * line and `command` (the command line, for the reader). Throws
 * cpm::UsageError on every rank if the file is not a journal or cannot be
 * written. Returns the number of recorded entries (on every rank).
 */
long journal_open(MPI_Comm comm, const std::string &path,
                  const std::string &command);

/** Closes the journal (collective over the journal's communicator); with
 *  remove, rank 0 deletes the file (the build it served is saved).
 *  Returns the number of entries replayed. */
long journal_close(bool remove);

/** The number of entries replayed so far from the open journal (0 with
 *  none open). */
long journal_replayed();

/** True if comm is the open journal's communicator (or congruent to it)
 *  and the journal has recorded entries not yet replayed: the next
 *  measure call on comm is replayed, not measured (work done only to
 *  prepare that call can be skipped). False on every rank otherwise. */
bool journal_pending(MPI_Comm comm);

/** True while a journal is open. */
bool journal_active();

/**
 * One measurement call's entry (used at the entry and exit of each
 * measure function). key names the call and its parameters; the journal
 * keeps a hash of it. With no open journal, or a comm other than (or not
 * congruent to) the journal's, it does nothing.
 */
class JournalEntry {
public:
    /** Looks up the next recorded entry (collective over comm if a
     *  journal is open). Throws cpm::UsageError on every rank if the
     *  recorded entry was made by another call. */
    JournalEntry(MPI_Comm comm, const std::string &key);
    /** The same, with the text the convergence tally reads the results'
     *  processes from when it is not the key (a key's format: the
     *  measure functions'; or `triplet-part PER i,j,k ...`, PER results
     *  per triplet in that order). */
    JournalEntry(MPI_Comm comm, const std::string &key,
                 const std::string &tally_text);
    /** True if the results come from the journal. */
    bool replayed() const { return replayed_; }
    /** The replayed results. */
    const std::vector<Result> &results() const { return results_; }
    /** The replayed integers recorded beside the results (record()'s
     *  extra; empty if none were). */
    const std::vector<long> &extra() const { return extra_; }
    /** Appends the call's results (rank 0 writes; the others only count)
     *  and returns them. extra: integers the call keeps besides its
     *  results (measure_plogp's train lengths, measure_collective's late
     *  starts), recorded and replayed with them (the same on every
     *  rank). */
    std::vector<Result> record(const std::vector<Result> &r,
                               const std::vector<long> &extra = {});
    /** record() of one result. */
    Result record(const Result &r);
    /** Throws cpm::UsageError on every rank (collective, as the replayed
     *  results are the same on every rank): "journal 'PATH': entry K:
     *  what", for a replayed entry whose results the call cannot use. */
    [[noreturn]] void reject(const std::string &what) const;

private:
    double t0_ = MPI_Wtime(); // the call's start, for the tally
    bool on_ = false, replayed_ = false;
    long entry_ = -1; // the replayed entry's number
    std::string key_;
    std::string text_; // the key's text, for the convergence tally
    std::vector<Result> results_;
    std::vector<long> extra_;
};

/** An experiment (one Result) that did not converge within its precision
 *  (Result::converged false). */
struct UnconvergedExperiment {
    std::string call;       /**< the measure call: roundtrips, triplets,
                                 ring, send-overhead, collective,
                                 kernel */
    std::vector<int> ranks; /**< the processes it involved; empty: every
                                 process of the communicator */
    long M = 0;             /**< its message size (bytes) */
};

/** The experiments of the measure calls since convergence_reset(),
 *  measured or replayed, with or without a journal (rank 0's view). */
struct ConvergenceTally {
    long experiments = 0; /**< results returned */
    std::vector<UnconvergedExperiment> unconverged; /**< in call order */
    /** The calls' busiest processes: per call, the largest work of one
     *  process, added over the calls. An experiment's work is its
     *  repetitions, the warm-ups included, at their mean time (a PLogP
     *  pair's: plogp_work with its train length; a roundtrip's trains
     *  count one round per repetition); an experiment of every process
     *  counts for each, and a call made only of such experiments counts
     *  its own time if longer (it includes their synchronisation). No
     *  schedule that keeps each process in one
     *  experiment at a time and runs the calls one after another takes
     *  less (in seconds; a lower bound of the build's measuring time). */
    double busiest = 0;
};

/** Starts a new tally (at the start of a build). */
void convergence_reset();
/** The tally since the last convergence_reset(). */
const ConvergenceTally &convergence_tally();

/** The key text of a call: its name and parameters in a canonical form
 *  (helpers for the measure functions). */
std::string journal_key(const std::string &call, const Precision &p);
/** v exactly, as a C99 hexadecimal float (for keys). */
std::string journal_hex(double v);

} // namespace cpm::bench

/** @} */

#endif
