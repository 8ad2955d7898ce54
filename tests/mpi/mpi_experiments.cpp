// Every experiment and timing method runs and gives finite, positive times,
// the same on every rank; too few processes is a clear error everywhere.
#include "benchmark_collective.h"
#include "benchmark_idle.h"
#include "benchmark_journal.h"
#include "benchmark_p2p.h"
#include "benchmark_timing.h"
#include "common_error.h"
#include "common_mpi.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>
#include <mpi.h>
#include <time.h>
#include <unistd.h>

using namespace cpm::bench;

namespace {

Precision quick()
{
    Precision p;
    p.min_reps = 3;
    p.max_reps = 8;
    return p;
}

int world_size()
{
    int n = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}

// The same value on every rank (checked through min and max reductions).
bool same_everywhere(double x)
{
    double lo = 0, hi = 0;
    MPI_Allreduce(&x, &lo, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&x, &hi, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return lo == hi;
}

void expect_valid(const Result &r, long M, const Precision &p)
{
    EXPECT_TRUE(std::isfinite(r.T));
    EXPECT_GT(r.T, 0.0);
    EXPECT_EQ(r.M, M);
    EXPECT_GE(r.reps, p.min_reps);
    EXPECT_LE(r.reps, p.max_reps);
    EXPECT_GE(r.ci, 0.0);
    EXPECT_GT(r.wtick, 0.0);
    EXPECT_EQ(r.converged, r.ci <= p.eps * r.T);
    EXPECT_TRUE(same_everywhere(r.T));
}

TEST(Roundtrips, AllPairsParallelAndSerial)
{
    int n = world_size();
    for (bool parallel : {true, false})
        for (long M : {0L, 4096L}) {
            std::vector<Result> res = measure_roundtrips(
                MPI_COMM_WORLD, all_pairs(n), M, M, parallel, quick());
            ASSERT_EQ(long(res.size()), choose(n, 2));
            for (const Result &r : res)
                expect_valid(r, M, quick());
        }
}

TEST(Roundtrips, GivenPairsAndAsymmetricSizes)
{
    int n = world_size();
    std::vector<Pair> pairs = {{n - 1, 0}, {0, 1}};
    std::vector<Result> res =
        measure_roundtrips(MPI_COMM_WORLD, pairs, 100000, 0, true, quick());
    ASSERT_EQ(res.size(), 2u);
    for (const Result &r : res)
        expect_valid(r, 100000, quick());
}

// Trains of roundtrips (Precision::train): each length, auto included,
// gives valid results for both experiments; a real clock costs something
// and wtime_cost() remembers its first measurement.
TEST(Roundtrips, TrainLengths)
{
    double cost = wtime_cost();
    EXPECT_GT(cost, 0.0);
    EXPECT_LT(cost, 1e-3);
    EXPECT_EQ(wtime_cost(), cost);
    int n = world_size();
    for (int train : {1, 7, 0}) {
        Precision p = quick();
        p.train = train;
        for (long M : {1L, 65536L}) {
            std::vector<Result> res = measure_roundtrips(
                MPI_COMM_WORLD, all_pairs(n), M, M, true, p);
            for (const Result &r : res)
                expect_valid(r, M, p);
        }
        if (n >= 3) {
            TripletResults t = measure_triplets(
                MPI_COMM_WORLD, all_triplets(n), 1024, true, true, p);
            for (const Result &r : t.one_to_two)
                expect_valid(r, 1024, p);
            for (const Result &r : t.one_to_one)
                expect_valid(r, 1024, p);
        }
    }
}

TEST(Roundtrips, BadPairIsAnErrorOnEveryRank)
{
    int n = world_size();
    EXPECT_THROW(measure_roundtrips(MPI_COMM_WORLD, {{0, n}}, 0, 0, true,
                                    quick()),
                 cpm::UsageError);
}

TEST(Triplets, OneToTwoAndOneToOne)
{
    int n = world_size();
    if (n < 3) {
        // Too few processes: every rank gets the same clear error.
        try {
            measure_triplets(MPI_COMM_WORLD, all_triplets(3), 1024, false, true,
                             quick());
            ADD_FAILURE() << "no error at " << n << " processes";
        } catch (const cpm::UsageError &e) {
            EXPECT_NE(std::string(e.what()).find("at least 3 processes"),
                      std::string::npos);
        }
        return;
    }
    for (bool parallel : {true, false}) {
        TripletResults r = measure_triplets(MPI_COMM_WORLD, all_triplets(n),
                                            2048, true, parallel, quick());
        ASSERT_EQ(long(r.one_to_two.size()), 3 * choose(n, 3));
        ASSERT_EQ(long(r.one_to_one.size()), 6 * choose(n, 3));
        for (const Result &x : r.one_to_two)
            expect_valid(x, 2048, quick());
        for (const Result &x : r.one_to_one)
            expect_valid(x, 2048, quick());
    }
    TripletResults only = measure_triplets(MPI_COMM_WORLD, all_triplets(n), 0,
                                           false, true, quick());
    EXPECT_EQ(long(only.one_to_two.size()), 3 * choose(n, 3));
    EXPECT_TRUE(only.one_to_one.empty());
}

// The convergence tally names the processes of each unconverged result:
// for a part of measure_triplets from the part's own order of triplets
// (its results are in round order, 3 or 9 per triplet), for a whole call
// from the key (3 per triplet in the list's order, then 6).
TEST(Tally, NamesTheProcessesOfEachUnconvergedResult)
{
    auto results = [](std::size_t count, std::size_t bad) {
        std::vector<Result> r(count);
        for (std::size_t x = 0; x < count; ++x) {
            r[x].M = 64;
            r[x].converged = x != bad;
        }
        return r;
    };
    convergence_reset();
    JournalEntry part(MPI_COMM_WORLD, "any key",
                      "triplet-part 3 0,1,2 1,2,3 0,2,3");
    part.record(results(9, 4)); // the second triplet's second result
    JournalEntry part9(MPI_COMM_WORLD, "another key",
                       "triplet-part 9 0,1,3 1,2,3");
    part9.record(results(18, 9)); // the second triplet's first
    JournalEntry call(MPI_COMM_WORLD,
                      "triplets 64 1 1 costs 0,1,2 0,1,3 precision x");
    call.record(results(18, 7)); // one-to-one: (7 - 6) / 6 -> 0,1,2
    const ConvergenceTally &t = convergence_tally();
    EXPECT_EQ(t.experiments, 45);
    ASSERT_EQ(t.unconverged.size(), 3u);
    EXPECT_EQ(t.unconverged[0].ranks, (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(t.unconverged[1].ranks, (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(t.unconverged[2].ranks, (std::vector<int>{0, 1, 2}));
    for (const UnconvergedExperiment &u : t.unconverged) {
        EXPECT_EQ(u.call, "triplets");
        EXPECT_EQ(u.M, 64);
    }
}

TEST(Collectives, EveryOperationAndTimingMethod)
{
    int n = world_size();
    for (const CollectiveOp &op : collective_ops())
        for (Timing t :
             {Timing::Max, Timing::Root, Timing::Global, Timing::Span,
              Timing::Sync}) {
            SCOPED_TRACE(std::string(op.name) + " " + timing_name(t));
            Result r = measure_collective(MPI_COMM_WORLD, op, 8192, n - 1, t,
                                          quick());
            expect_valid(r, 8192, quick());
        }
}

// global counts from the earliest start, span from the root's: rank 1
// leaves the barrier before the root (0), rank 2 after it and finishes
// last; its clock runs 0.25 s ahead of the root's.
TEST(Timer, SpanCountsFromTheRootsStart)
{
    const std::vector<double> events = {1.0, 1.3,   // root
                                        0.9, 1.1,   // early
                                        1.45, 1.75}, // late, clock +0.25
        offsets = {0, 0, 0.25};
    EXPECT_DOUBLE_EQ(span_time(Timing::Global, 0, events, offsets), 0.6);
    EXPECT_DOUBLE_EQ(span_time(Timing::Span, 0, events, offsets), 0.5);
    EXPECT_DOUBLE_EQ(span_time(Timing::Span, 1, events, offsets), 0.6);
    EXPECT_THROW(span_time(Timing::Span, 3, events, offsets), cpm::Error);
    EXPECT_STREQ(timing_name(parse_timing("span")), "span");
    // and under MPI: an operation in which only the root works 5 ms
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    Timer span(MPI_COMM_WORLD, 0, Timing::Span);
    double t = span.time([&] {
        double t0 = MPI_Wtime();
        while (rank == 0 && MPI_Wtime() - t0 < 5e-3) {
        }
    });
    if (rank == 0) {
        EXPECT_GE(t, 5e-3);
    }
}

// sync starts every process at one time on the root's clock: the starts
// recorded inside the operation agree within the offsets' error bounds
// and a scheduling slack, or the timer counted a late start; the root
// busy 5 ms gives >= 5 ms.
TEST(Timer, SyncStartsEveryProcessTogether)
{
    int rank = 0, n = world_size();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    Timer sync(MPI_COMM_WORLD, 0, Timing::Sync);
    EXPECT_STREQ(timing_name(parse_timing("sync")), "sync");
    if (rank == 0) {
        EXPECT_GT(sync.window(), 0);
    }
    const double err = *std::max_element(sync.offset_errors().begin(),
                                         sync.offset_errors().end());
    for (int k = 0; k < 5; ++k) {
        double start = 0, own = 0;
        const double window = sync.window(), called = MPI_Wtime();
        double t = sync.time([&] {
            own = MPI_Wtime();
            start = own - sync.offsets()[std::size_t(rank)];
            double t0 = MPI_Wtime();
            while (rank == 0 && MPI_Wtime() - t0 < 5e-3) {
            }
        });
        std::vector<double> starts(static_cast<std::size_t>(n));
        MPI_Gather(&start, 1, MPI_DOUBLE, starts.data(), 1, MPI_DOUBLE, 0,
                   MPI_COMM_WORLD);
        if (rank != 0)
            continue;
        EXPECT_GE(t, 5e-3);
        // the root waited the window after the barrier
        EXPECT_GE(own - called, window) << "repetition " << k;
        double spread = *std::max_element(starts.begin(), starts.end()) -
                        *std::min_element(starts.begin(), starts.end());
        if (sync.late_starts() == 0) {
            EXPECT_LE(spread, 2 * err + 1e-3) << "repetition " << k;
        }
    }
}

TEST(Collectives, BadRootAndName)
{
    int n = world_size();
    EXPECT_THROW(find_collective("MPI_Nothing"), cpm::UsageError);
    EXPECT_THROW(measure_collective(MPI_COMM_WORLD,
                                    find_collective("MPI_Scatter"), 16, n,
                                    Timing::Max, quick()),
                 cpm::UsageError);
}

// Clock offsets put every rank's events on the root's clock: a message that
// the root sends at t1 and gets answered by t2 must arrive, on the root's
// clock, between t1 and t2, up to the bound the timer gives for its offset
// estimate (half the shortest ping-pong: oversubscribed ranks may answer
// milliseconds late) and a little clock drift. Local clocks need not agree:
// Open MPI counts MPI_Wtime from each process's start.
TEST(Timer, GlobalOffsetsOrderEventsOnTheRootClock)
{
    int rank = 0, n = world_size();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    Timer timer(MPI_COMM_WORLD, 0, Timing::Global);
    for (int r = 1; r < n; ++r) {
        if (rank == 0) {
            const double slack = timer.offset_errors()[r] + 1e-5;
            double t1 = MPI_Wtime(), arrival = 0;
            MPI_Send(&t1, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD);
            MPI_Recv(&arrival, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            double t2 = MPI_Wtime();
            EXPECT_GE(arrival, t1 - slack) << "rank " << r;
            EXPECT_LE(arrival, t2 + slack) << "rank " << r;
        } else if (rank == r) {
            double t1 = 0;
            MPI_Recv(&t1, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            double arrival = MPI_Wtime() - timer.offsets()[r];
            MPI_Send(&arrival, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
        }
    }
    for (int r = 0; r < n; ++r) {
        EXPECT_TRUE(std::isfinite(timer.offsets()[r]));
        EXPECT_GE(timer.offset_errors()[r], 0.0);
        EXPECT_LT(timer.offset_errors()[r], 0.5) << "rank " << r;
    }
    Timer root(MPI_COMM_WORLD, 0, Timing::Root);
    EXPECT_GE(root.barrier_time(), 0.0);
    EXPECT_LT(root.barrier_time(), 0.1);
}

// This process's CPU time so far (s).
double process_cpu()
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Ranks that wait in an idle barrier sleep: while rank 0 computes for
// 0.3 s, the process CPU time of all the others in the barrier, together,
// stays a small part of it. With CPM_IDLE=poll (the control: make check
// TESTS=tests/mpi/mpi_experiments CPM_IDLE=poll) it is most of a
// processor's time, whichever rank the scheduler favours.
TEST(Idle, BarrierWaitsSleeping)
{
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    const double busy = 0.3;
    double w0 = MPI_Wtime(), c0 = process_cpu();
    if (rank == 0)
        while (MPI_Wtime() - w0 < busy) {
        }
    idle_barrier(MPI_COMM_WORLD);
    double wall = MPI_Wtime() - w0, used = rank == 0 ? 0 : process_cpu() - c0;
    EXPECT_GE(wall, rank == 0 ? busy : 0.8 * busy) << "rank " << rank;
    double waiting = 0;
    MPI_Allreduce(&used, &waiting, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (idle_sleeps())
        EXPECT_LT(waiting, 0.1 * busy);
    else
        EXPECT_GT(waiting, 0.5 * busy) << "(CPM_IDLE=poll)";
    // An idle wait on a request of its own.
    MPI_Request req = MPI_REQUEST_NULL;
    int x = rank, sum = 0;
    MPI_Iallreduce(&x, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
    idle_wait(&req);
    EXPECT_EQ(req, MPI_REQUEST_NULL);
    EXPECT_EQ(sum, world_size() * (world_size() - 1) / 2);
}

// One pair measured one at a time: the ranks in no experiment wait for it
// in idle barriers (the round's end, the share), so their process CPU time
// together stays a small part of the pair's measuring time. With
// CPM_IDLE=poll (the control) it does not. The experiment is sized from a
// short first call to last a second or more (1-4 s measured), whatever the
// MPI's speed: the call's blocking
// collectives (the communicator's duplicate, the results' gather) are
// polled, and with MPICH on an oversubscribed machine they take tens of
// milliseconds, which a 20-50 ms experiment does not dwarf.
TEST(Idle, RanksOutsideTheExperimentsSleep)
{
    int rank = 0, n = world_size();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (n < 3)
        GTEST_SKIP() << "no rank is outside the pair (run at 3 and 4 too)";
    Precision p;
    p.min_reps = p.max_reps = 50;
    p.train = 1;
    // The roundtrip's time, from a short call (its result is on every rank).
    double roundtrip = measure_roundtrips(MPI_COMM_WORLD, {{0, 1}}, 1 << 20,
                                          1 << 20, false, p)
                           .at(0)
                           .T;
    p.min_reps = p.max_reps =
        int(std::clamp(1.0 / std::max(roundtrip, 1e-6), 400.0, 200000.0));
    MPI_Barrier(MPI_COMM_WORLD);
    double w0 = MPI_Wtime(), c0 = process_cpu();
    std::vector<Result> r = measure_roundtrips(MPI_COMM_WORLD, {{0, 1}},
                                               1 << 20, 1 << 20, false, p);
    double wall = MPI_Wtime() - w0, used = rank < 2 ? 0 : process_cpu() - c0;
    ASSERT_EQ(r.size(), 1u);
    double waiting = 0, longest = 0;
    MPI_Allreduce(&used, &waiting, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&wall, &longest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0) // the figures, for the log
        std::printf("Idle: %d ranks outside the pair used %.4f s of CPU in "
                    "%.4f s (%.3f of it)\n",
                    n - 2, waiting, longest, waiting / longest);
    EXPECT_GT(longest, 0.3); // long enough for polling to show
    // Measured (the line above, 3 and 4 ranks on 2 processors): sleeping,
    // 0.015-0.08 (the call's blocking collectives, a test each millisecond);
    // polling (CPM_IDLE=poll), 0.48-0.58 with Open MPI (tests/mpirun-local
    // has it yield when idle), 0.69-1.0 with MPICH.
    if (idle_sleeps())
        EXPECT_LT(waiting, 0.2 * longest);
    else // the control, CPM_IDLE=poll
        EXPECT_GT(waiting, 0.3 * longest) << "(CPM_IDLE=poll)";
}

// The test runs on one machine (make check): all its ranks are there, on
// at most the processors the machine has online.
TEST(Idle, BusiestMachineHoldsEveryLocalRank)
{
    cpm::MachineLoad m = cpm::busiest_machine(MPI_COMM_WORLD);
    EXPECT_EQ(m.ranks, world_size());
    EXPECT_GE(m.processors, 1);
    EXPECT_LE(m.processors, int(sysconf(_SC_NPROCESSORS_ONLN)));
    EXPECT_EQ(cpm::oversubscribed(m), m.ranks > m.processors);
    EXPECT_TRUE(same_everywhere(m.ranks) && same_everywhere(m.processors));
}

} // namespace
