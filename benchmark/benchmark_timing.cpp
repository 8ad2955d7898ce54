#include "benchmark_timing.h"

#include "benchmark_journal.h"

#include "common_error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sched.h>
#include <time.h>

namespace cpm::bench {

namespace {
const int kSyncTag = 7101;
const int kBarrierReps = 10;
const int kPingPongs = 10;
const int kWindowReps = 3;
/* The sync window grows (doubling) to at most this many times the one
 * measured first. */
const double kMaxWindowGrowth = 64;

/* Waits until the local clock reads t: sleeps to about 1 ms before it,
 * then reads the clock, yielding the processor (to the other ranks of an
 * oversubscribed node). SMPI simulates no computation, so the clock
 * would not advance in a loop: there the whole wait is a (simulated)
 * sleep. */
void wait_until(double t)
{
    double left = t - MPI_Wtime();
#ifdef SMPI_H
    const double margin = 0;
#else
    const double margin = 1e-3;
#endif
    if (left > margin) {
        double d = left - margin;
        struct timespec ts;
        ts.tv_sec = time_t(d);
        ts.tv_nsec = long((d - double(ts.tv_sec)) * 1e9);
        nanosleep(&ts, nullptr);
    }
#ifndef SMPI_H
    while (MPI_Wtime() < t)
        sched_yield();
#endif
}
} // namespace

double wtime_cost()
{
    static double cost = -1;
    if (cost < 0) {
        double best = std::numeric_limits<double>::infinity();
        for (int k = 0; k < 100; ++k) {
            double t0 = MPI_Wtime();
            double t1 = MPI_Wtime();
            best = std::min(best, t1 - t0);
        }
        // A clock that did not advance (a simulator's) costs nothing.
        cost = best > 0 ? std::max(best, MPI_Wtick()) : 0.0;
    }
    return cost;
}

int train_length(int train, double single, double cost)
{
    if (train > 0)
        return train;
    if (!(cost > 0) || !(single > 0))
        return 1;
    double k = std::ceil(kTrainClocks * cost / single);
    return int(std::min<double>(std::max(k, 1.0), kMaxTrain));
}

const char *timing_name(Timing t)
{
    switch (t) {
    case Timing::Max: return "max";
    case Timing::Root: return "root";
    case Timing::Global: return "global";
    case Timing::Span: return "span";
    case Timing::Sync: return "sync";
    }
    return "?";
}

Timing parse_timing(const std::string &name)
{
    for (Timing t :
         {Timing::Max, Timing::Root, Timing::Global, Timing::Span, Timing::Sync})
        if (name == timing_name(t))
            return t;
    throw UsageError("unknown timing method '" + name +
                     "' (valid: max, root, global, span, sync)");
}

double span_time(Timing method, int root, const std::vector<double> &events,
                 const std::vector<double> &offsets)
{
    const std::size_t n = offsets.size();
    if (events.size() != 2 * n || root < 0 || std::size_t(root) >= n)
        throw Error("span_time: " + std::to_string(events.size()) +
                    " events for " + std::to_string(n) + " processes");
    double start = std::numeric_limits<double>::infinity();
    double finish = -start;
    for (std::size_t r = 0; r < n; ++r) {
        start = std::min(start, events[2 * r] - offsets[r]);
        finish = std::max(finish, events[2 * r + 1] - offsets[r]);
    }
    if (method == Timing::Span)
        start = events[2 * std::size_t(root)] - offsets[std::size_t(root)];
    return finish - start;
}

Timer::Timer(MPI_Comm comm, int root, Timing method)
    : comm_(comm), root_(root), method_(method)
{
    CPM_MPI(MPI_Comm_rank(comm, &rank_));
    CPM_MPI(MPI_Comm_size(comm, &size_));
    if (root < 0 || root >= size_)
        throw UsageError("root " + std::to_string(root) +
                         " is outside 0.." + std::to_string(size_ - 1));
    offset_.assign(size_, 0.0);
    offset_error_.assign(size_, 0.0);
    if (method == Timing::Root) {
        // The shortest of several barriers: its fixed cost without noise.
        CPM_MPI(MPI_Barrier(comm_));
        barrier_ = std::numeric_limits<double>::infinity();
        for (int r = 0; r < kBarrierReps; ++r) {
            double t0 = MPI_Wtime();
            CPM_MPI(MPI_Barrier(comm_));
            barrier_ = std::min(barrier_, MPI_Wtime() - t0);
        }
        CPM_MPI(MPI_Bcast(&barrier_, 1, MPI_DOUBLE, root_, comm_));
    } else if (method == Timing::Global || method == Timing::Span ||
               method == Timing::Sync) {
        int *global = nullptr, flag = 0;
        CPM_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &global,
                                  &flag));
        if (!(flag && global && *global))
            measure_offsets();
        if (method == Timing::Sync)
            measure_window();
    }
}

void Timer::measure_offsets()
{
    for (int r = 0; r < size_; ++r) {
        if (r == root_)
            continue;
        if (rank_ == root_) {
            double best = std::numeric_limits<double>::infinity();
            for (int k = 0; k < kPingPongs; ++k) {
                double remote = 0, t1 = MPI_Wtime();
                CPM_MPI(MPI_Send(nullptr, 0, MPI_BYTE, r, kSyncTag, comm_));
                CPM_MPI(MPI_Recv(&remote, 1, MPI_DOUBLE, r, kSyncTag, comm_,
                                 MPI_STATUS_IGNORE));
                double t2 = MPI_Wtime();
                if (t2 - t1 < best) {
                    best = t2 - t1;
                    offset_[r] = remote - (t1 + t2) / 2;
                    offset_error_[r] = best / 2;
                }
            }
        } else if (rank_ == r) {
            for (int k = 0; k < kPingPongs; ++k) {
                CPM_MPI(MPI_Recv(nullptr, 0, MPI_BYTE, root_, kSyncTag,
                                 comm_, MPI_STATUS_IGNORE));
                double now = MPI_Wtime();
                CPM_MPI(MPI_Send(&now, 1, MPI_DOUBLE, root_, kSyncTag,
                                 comm_));
            }
        }
    }
    CPM_MPI(MPI_Bcast(offset_.data(), size_, MPI_DOUBLE, root_, comm_));
    CPM_MPI(MPI_Bcast(offset_error_.data(), size_, MPI_DOUBLE, root_,
                      comm_));
}

void Timer::measure_window()
{
    // The longest a start time broadcast by the root takes to reach every
    // process (on the root's clock), of a few tries; the window is twice
    // that plus the offsets' error bounds, so that every process learns
    // the start before it.
    double longest = 0;
    for (int k = 0; k < kWindowReps; ++k) {
        CPM_MPI(MPI_Barrier(comm_));
        double t0 = MPI_Wtime();
        CPM_MPI(MPI_Bcast(&t0, 1, MPI_DOUBLE, root_, comm_));
        double arrival = MPI_Wtime() - offset_[std::size_t(rank_)] - t0;
        double worst = 0;
        CPM_MPI(MPI_Allreduce(&arrival, &worst, 1, MPI_DOUBLE, MPI_MAX, comm_));
        longest = std::max(longest, worst);
    }
    window_ = 2 * (longest + max_offset_error());
    first_window_ = window_;
}

double Timer::max_offset_error() const
{
    return *std::max_element(offset_error_.begin(), offset_error_.end());
}

double Timer::gathered_time(const std::function<void()> &op, double go,
                            double learnt)
{
    double span[3];
    span[0] = MPI_Wtime();
    op();
    span[1] = MPI_Wtime();
    span[2] = learnt;
    std::vector<double> all(rank_ == root_ ? 3 * size_ : 0);
    CPM_MPI(MPI_Gather(span, 3, MPI_DOUBLE, all.data(), 3, MPI_DOUBLE, root_,
                       comm_));
    if (rank_ != root_)
        return 0;
    std::vector<double> events; // start_0, finish_0, start_1, ...
    for (int r = 0; r < size_; ++r) {
        events.push_back(all[3 * std::size_t(r)]);
        events.push_back(all[3 * std::size_t(r) + 1]);
    }
    if (method_ == Timing::Sync) {
        // A process that began after the agreed start go (the time, from
        // the earliest start, then includes its delay) is counted. Only if
        // one learnt go too late does the next window double (up to
        // kMaxWindowGrowth times the first): a process that knew go in
        // time but was not scheduled (more ranks than cores) would not
        // start sooner with a longer wait.
        const double late = go + max_offset_error() + 1e-6;
        bool began_late = false, learnt_late = false;
        for (int r = 0; r < size_; ++r) {
            const double off = offset_[std::size_t(r)];
            began_late = began_late || all[3 * std::size_t(r)] - off > late;
            learnt_late = learnt_late || all[3 * std::size_t(r) + 2] - off > go;
        }
        if (began_late)
            ++late_;
        if (learnt_late)
            window_ = std::min(2 * window_, kMaxWindowGrowth * first_window_);
    }
    // sync counts from the earliest start, as global
    return span_time(method_ == Timing::Span ? Timing::Span : Timing::Global,
                     root_, events, offset_);
}

namespace {
LateStarts g_late;
} // namespace

const LateStarts &late_start_tally()
{
    return g_late;
}

void add_late_starts(const LateStarts &counts)
{
    g_late.late += counts.late;
    g_late.repetitions += counts.repetitions;
}

Result replay_timed(const JournalEntry &entry)
{
    if (entry.results().size() != 1)
        entry.reject("expected 1 result, found " +
                     std::to_string(entry.results().size()));
    const std::vector<long> &x = entry.extra();
    if (x.size() == 2 && x[0] >= 0 && x[1] >= x[0])
        add_late_starts({x[0], x[1]});
    return entry.results()[0];
}

Result record_timed(JournalEntry &entry, const Result &r,
                    const LateStarts &late)
{
    return entry.record({r}, {late.late, late.repetitions}).at(0);
}

LateStarts Timer::add_to_tally() const
{
    if (method_ != Timing::Sync)
        return {};
    long v[2] = {late_, timed_};
    CPM_MPI(MPI_Bcast(v, 2, MPI_LONG, root_, comm_));
    LateStarts counts{v[0], v[1]};
    add_late_starts(counts);
    return counts;
}

double Timer::time(const std::function<void()> &op)
{
    CPM_MPI(MPI_Barrier(comm_));
    switch (method_) {
    case Timing::Max: {
        double t0 = MPI_Wtime();
        op();
        double local = MPI_Wtime() - t0, t = 0;
        CPM_MPI(MPI_Allreduce(&local, &t, 1, MPI_DOUBLE, MPI_MAX, comm_));
        return t;
    }
    case Timing::Root: {
        double t0 = MPI_Wtime();
        op();
        double own = MPI_Wtime() - t0; // the root's part: a lower bound
        CPM_MPI(MPI_Barrier(comm_));
        return std::max(own, MPI_Wtime() - t0 - barrier_);
    }
    case Timing::Global:
    case Timing::Span:
        return gathered_time(op);
    case Timing::Sync: {
        // Every process starts at one agreed time on the root's clock.
        ++timed_;
        double go = rank_ == root_ ? MPI_Wtime() + window_ : 0;
        CPM_MPI(MPI_Bcast(&go, 1, MPI_DOUBLE, root_, comm_));
        const double learnt = MPI_Wtime();
        wait_until(go + offset_[std::size_t(rank_)]);
        return gathered_time(op, go, learnt);
    }
    }
    return 0;
}

} // namespace cpm::bench
