#include "benchmark_plogp.h"

#include "benchmark_idle.h"
#include "benchmark_journal.h"
#include "common_error.h"
#include "common_mpi.h"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace cpm::bench {

namespace {

// What the partner does with a message depends on its tag.
const int kPartnerReadyTag = 7301; // j -> i: ready to start
const int kRttTag = 7302;          // i -> j, m bytes: answer with 0 bytes
const int kOrTag = 7303;           // i -> j, empty: answer with m bytes
const int kTrainTag = 7304;        // i -> j, m bytes: in a train, no answer
const int kLastTag = 7305;         // i -> j, m bytes: last of a train, answer
const int kEndTag = 7306;          // i -> j, empty: the experiment is over
const int kReplyTag = 7307;        // j -> i: any answer

const double kTrainTime = 1e-3; // a train of k lasts about this long
const int kMinTrainLength = 1, kMaxTrainLength = kMaxPLogPTrain;

/* The train length: doubled from kMinTrainLength while a train of k
 * messages lasts less than kTrainTime (shortest(k): its time), at most
 * kMaxTrainLength. */
template <class Shortest> int choose_train(Shortest shortest)
{
    int k = kMinTrainLength;
    while (k < kMaxTrainLength && shortest(k) < kTrainTime)
        k *= 2;
    return k;
}

/* Whether k is a train length initiate() can choose (a journal's). */
bool train_ok(long k)
{
    return k >= kMinTrainLength && k <= kMaxTrainLength;
}

/* Waits `seconds` without calling MPI, so that a message on its way
 * arrives meanwhile; yields the processor to any other runnable process
 * (the partner, on an oversubscribed node). SMPI simulates no computation:
 * sleep there. */
void idle(double seconds)
{
#ifdef SMPI_H
    smpi_usleep(useconds_t(std::ceil(seconds * 1e6)));
#else
    double end = MPI_Wtime() + seconds;
    while (MPI_Wtime() < end)
        sched_yield();
#endif
}

/* The partner's side: ready, then answer by tag until stopped. */
void partner(MPI_Comm comm, int initiator, long m)
{
    std::vector<char> buf(std::max<long>(m, 1));
    CPM_MPI(MPI_Send(nullptr, 0, MPI_BYTE, initiator, kPartnerReadyTag, comm));
    for (;;) {
        MPI_Status st;
        CPM_MPI(MPI_Recv(buf.data(), int(m), MPI_BYTE, initiator, MPI_ANY_TAG,
                         comm, &st));
        if (st.MPI_TAG == kEndTag)
            return;
        if (st.MPI_TAG == kTrainTag)
            continue;
        int reply = st.MPI_TAG == kOrTag ? int(m) : 0;
        CPM_MPI(MPI_Send(buf.data(), reply, MPI_BYTE, initiator, kReplyTag,
                         comm));
    }
}

/* Time of a train of k messages of m bytes and its acknowledgement. */
double train(MPI_Comm comm, int j, std::vector<char> &buf, long m, int k)
{
    double t0 = MPI_Wtime();
    for (int q = 0; q < k; ++q)
        CPM_MPI(MPI_Send(buf.data(), int(m), MPI_BYTE, j,
                         q + 1 < k ? kTrainTag : kLastTag, comm));
    CPM_MPI(MPI_Recv(buf.data(), 0, MPI_BYTE, j, kReplyTag, comm,
                     MPI_STATUS_IGNORE));
    return MPI_Wtime() - t0;
}

Result finish(const Sampler &s, long m)
{
    Result r = s.result();
    r.M = m;
    r.wtick = MPI_Wtick();
    return r;
}

/* The initiator's side: RTT and os, then or, then g. */
PLogPResult initiate(MPI_Comm comm, int j, long m, const Precision &prec)
{
    std::vector<char> buf(std::max<long>(m, 1));
    CPM_MPI(MPI_Recv(nullptr, 0, MPI_BYTE, j, kPartnerReadyTag, comm,
                     MPI_STATUS_IGNORE));
    PLogPResult res;

    Sampler rtt(prec), os(prec);
    while (!rtt.done() || !os.done()) {
        double t0 = MPI_Wtime();
        CPM_MPI(MPI_Send(buf.data(), int(m), MPI_BYTE, j, kRttTag, comm));
        double t1 = MPI_Wtime();
        CPM_MPI(MPI_Recv(buf.data(), 0, MPI_BYTE, j, kReplyTag, comm,
                         MPI_STATUS_IGNORE));
        double t2 = MPI_Wtime();
        if (!rtt.done())
            rtt.add(t2 - t0);
        if (!os.done())
            os.add(t1 - t0);
    }
    res.rtt = finish(rtt, m);
    res.os = finish(os, m);

    Sampler back(prec);
    while (!back.done()) {
        double t0 = MPI_Wtime();
        CPM_MPI(MPI_Send(buf.data(), 0, MPI_BYTE, j, kOrTag, comm));
        CPM_MPI(MPI_Recv(buf.data(), int(m), MPI_BYTE, j, kReplyTag, comm,
                         MPI_STATUS_IGNORE));
        back.add(MPI_Wtime() - t0);
    }
    res.rtt_back = finish(back, m);

    // The receive is posted before the request leaves and completed
    // after the delay: an MPI that moves a message into a posted receive
    // (as SMPI, and RDMA transports, do whatever the size) has it there,
    // and the wait times the receive's own cost, as a linear gather's root
    // sees it; one that moves data only inside MPI calls moves it in the
    // wait, as in a receive called then (logp_mpi's method).
    const double delta = or_delay(res.rtt.T, res.rtt_back.T);
    Sampler orr(prec);
    while (!orr.done()) {
        MPI_Request req;
        CPM_MPI(MPI_Irecv(buf.data(), int(m), MPI_BYTE, j, kReplyTag, comm,
                          &req));
        CPM_MPI(MPI_Send(nullptr, 0, MPI_BYTE, j, kOrTag, comm));
        idle(delta);
        double t0 = MPI_Wtime();
        CPM_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
        orr.add(MPI_Wtime() - t0);
    }
    res.or_ = finish(orr, m);

    // k: doubled until a train lasts kTrainTime (the shorter of two, so
    // that one slow train does not stop the search early).
    const int k = choose_train([&](int len) {
        return std::min(train(comm, j, buf, m, len),
                        train(comm, j, buf, m, len));
    });
    Sampler g(prec);
    while (!g.done()) {
        double tk = train(comm, j, buf, m, k);
        double t2k = train(comm, j, buf, m, 2 * k);
        g.add((t2k - tk) / k);
    }
    res.g = finish(g, m);
    res.train = k;

    CPM_MPI(MPI_Send(nullptr, 0, MPI_BYTE, j, kEndTag, comm));
    return res;
}

/* Every result is filled in by its initiator and gathered on every
 * rank. */
const int kFields = kResultDoubles, kPackedPerPair = 5 * kFields + 1;

std::vector<PLogPResult> share(MPI_Comm comm,
                               const std::vector<PLogPResult> &mine,
                               const std::vector<char> &owned)
{
    std::vector<double> local(mine.size() * kPackedPerPair, 0.0);
    for (std::size_t e = 0; e < mine.size(); ++e) {
        if (!owned[e])
            continue;
        double *p = &local[e * kPackedPerPair];
        pack_result(mine[e].rtt, p);
        pack_result(mine[e].os, p + kFields);
        pack_result(mine[e].or_, p + 2 * kFields);
        pack_result(mine[e].g, p + 3 * kFields);
        pack_result(mine[e].rtt_back, p + 4 * kFields);
        p[5 * kFields] = mine[e].train;
    }
    idle_gather_barrier(comm); // as the roundtrips' share (benchmark_p2p.cpp)
    std::vector<double> all =
        allgather_rows(comm, local, owned, kPackedPerPair);
    std::vector<PLogPResult> out(mine.size());
    for (std::size_t e = 0; e < out.size(); ++e) {
        const double *p = &all[e * kPackedPerPair];
        out[e].rtt = unpack_result(p);
        out[e].os = unpack_result(p + kFields);
        out[e].or_ = unpack_result(p + 2 * kFields);
        out[e].g = unpack_result(p + 3 * kFields);
        out[e].rtt_back = unpack_result(p + 4 * kFields);
        out[e].train = int(p[5 * kFields]);
    }
    return out;
}

/* The train length initiate() would choose where a train of k lasts
 * (k - 1) g + rtt (a train of one is a roundtrip). */
int expected_train(double rtt, double g)
{
    return choose_train([&](int k) { return (k - 1) * g + rtt; });
}

/* Keys of the duration history: per pair (initiator, partner) the mean
 * time of each of RTT, RTT', or and g, so that a prediction at a new size
 * follows each on its own line and chooses its own train length. */
const int kHistoryFields = 4;

std::vector<int> plogp_key(const Pair &p, int field)
{
    return {kPLogPKind, p.i, p.j, field};
}

} // namespace

void record_plogp_history(DurationHistory &history, const Pair &p, long m,
                          const PLogPResult &x)
{
    const Result *f[kHistoryFields] = {&x.rtt, &x.rtt_back, &x.or_, &x.g};
    for (int q = 0; q < kHistoryFields; ++q)
        history.record(plogp_key(p, q), double(m), f[q]->T);
}

std::vector<double> expected_plogp(const DurationHistory &history,
                                   const std::vector<Pair> &pairs, long m,
                                   int reps)
{
    std::vector<double> cost;
    if (!history.enabled)
        return cost;
    for (const Pair &p : pairs) {
        PLogPResult y;
        Result *f[kHistoryFields] = {&y.rtt, &y.rtt_back, &y.or_, &y.g};
        for (int q = 0; q < kHistoryFields; ++q) {
            f[q]->T = history.predict(plogp_key(p, q), double(m));
            f[q]->reps = std::max(reps, 1);
            if (!std::isfinite(f[q]->T))
                return {};
        }
        y.train = expected_train(y.rtt.T, y.g.T);
        cost.push_back(plogp_work(y));
    }
    return cost;
}

std::vector<PLogPResult> measure_plogp(MPI_Comm comm,
                                       const std::vector<Pair> &pairs, long m,
                                       bool parallel,
                                       const Precision &precision,
                                       const ProgressFn &progress)
{
    precision.validate();
    if (m < 0 || m > long(1) << 30)
        throw UsageError("message size must lie in 0..2^30 bytes, got " +
                         std::to_string(m));
    int n = 0;
    CPM_MPI(MPI_Comm_size(comm, &n));
    if (n < 2)
        throw UsageError("PLogP experiments need at least 2 processes, got " +
                         std::to_string(n));
    // The history before the journal (its creation is collective), fed
    // by a replayed call as by a measured one (benchmark_p2p.h).
    DurationHistory &history = duration_history(comm);
    // One journal entry: per pair its kPLogPResults results and its train
    // length (benchmark_journal.h).
    std::string key = "plogp " + std::to_string(m) + " " +
                      std::to_string(parallel);
    for (const Pair &p : pairs)
        key += " " + std::to_string(p.i) + "," + std::to_string(p.j);
    // " or-posted": or is timed on a posted receive (since 2026-11-29); a
    // journal of the earlier method is refused, not replayed.
    JournalEntry journal(comm, journal_key(key, precision) + " or-posted");
    if (journal.replayed()) {
        const std::vector<Result> &all = journal.results();
        const std::vector<long> &k = journal.extra();
        bool bad_k = false;
        for (long x : k)
            bad_k = bad_k || !train_ok(x);
        if (all.size() != pairs.size() * kPLogPResults ||
            k.size() != pairs.size() || bad_k)
            journal.reject("PLogP experiments of " +
                           std::to_string(pairs.size()) + " pairs with " +
                           std::to_string(all.size()) + " results and " +
                           std::to_string(k.size()) + " train lengths" +
                           (bad_k ? ", not all in 1..1024" : "") +
                           " (expected " +
                           std::to_string(kPLogPResults) +
                           " results and 1 train length per pair)");
        std::vector<PLogPResult> out(pairs.size());
        for (std::size_t e = 0; e < out.size(); ++e) {
            out[e] = plogp_from_results(&all[e * kPLogPResults], k[e]);
            record_plogp_history(history, pairs[e], m, out[e]);
        }
        return out;
    }
    std::vector<Round> rounds = schedule_pairs(
        n, pairs, parallel,
        parallel ? expected_plogp(history, pairs, m, precision.min_reps)
                 : std::vector<double>());
    DupComm dc(comm);
    std::vector<PLogPResult> res(pairs.size());
    std::vector<char> owned(pairs.size(), 0);
    for (const Round &round : rounds) {
        for (std::size_t e : round) {
            const Pair &p = pairs[e];
            if (dc.rank() == p.i) {
                res[e] = initiate(dc, p.j, m, precision);
                owned[e] = 1;
            } else if (dc.rank() == p.j) {
                partner(dc, p.i, m);
            }
        }
        if (!parallel)
            idle_barrier(dc);
        if (progress && dc.rank() == 0)
            progress(long(round.size()));
    }
    std::vector<PLogPResult> out = share(dc, res, owned);
    std::vector<Result> all;
    std::vector<long> k;
    for (std::size_t e = 0; e < out.size(); ++e) {
        const PLogPResult &x = out[e];
        // (the order plogp_from_results reads)
        all.insert(all.end(), {x.rtt, x.rtt_back, x.os, x.or_, x.g});
        k.push_back(x.train);
        record_plogp_history(history, pairs[e], m, x);
    }
    journal.record(all, k);
    return out;
}

} // namespace cpm::bench
