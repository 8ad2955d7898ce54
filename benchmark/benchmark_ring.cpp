/* Ring_tau and send-overhead experiments of the tau-Lop model
 * (benchmark_ring.h). */
#include "benchmark_ring.h"

#include "benchmark_journal.h"
#include "benchmark_sample.h"
#include "common_error.h"

#include <algorithm>
#include <set>

namespace cpm::bench {

namespace {

const int kRingTag = 7301;

/* Checks ring ranks against comm; returns comm's size. */
int check_ranks(MPI_Comm comm, const std::vector<int> &ranks)
{
    int n = 0;
    CPM_MPI(MPI_Comm_size(comm, &n));
    std::set<int> seen;
    for (int r : ranks) {
        if (r < 0 || r >= n)
            throw UsageError("ring rank " + std::to_string(r) +
                             " is outside 0.." + std::to_string(n - 1));
        if (!seen.insert(r).second)
            throw UsageError("rank " + std::to_string(r) +
                             " appears twice in a ring");
    }
    if (ranks.size() < 2)
        throw UsageError("a ring needs at least 2 ranks");
    return n;
}

/* The sub-communicator of `ranks`, ordered as listed (MPI_COMM_NULL
 * elsewhere). */
MPI_Comm sub_comm(MPI_Comm comm, const std::vector<int> &ranks)
{
    int me = 0;
    CPM_MPI(MPI_Comm_rank(comm, &me));
    auto it = std::find(ranks.begin(), ranks.end(), me);
    int color = it == ranks.end() ? MPI_UNDEFINED : 0;
    int key = int(it - ranks.begin());
    MPI_Comm sub = MPI_COMM_NULL;
    CPM_MPI(MPI_Comm_split(comm, color, key, &sub));
    return sub;
}

/* Throws cpm::UsageError unless 0 <= M <= 2^30 ("WHAT: message size"). */
void check_message_size(long M, const char *what)
{
    if (M < 0 || M > (1L << 30))
        throw UsageError(std::string(what) + ": message size " +
                         std::to_string(M) + " outside 0..2^30");
}

} // namespace

Result measure_ring(MPI_Comm comm, const std::vector<int> &ring, int tau,
                    long M, Timing timing, const Precision &precision)
{
    check_ranks(comm, ring);
    int R = int(ring.size());
    if (tau < 1 || tau > R)
        throw UsageError("Ring_tau: tau " + std::to_string(tau) +
                         " outside 1.." + std::to_string(R));
    check_message_size(M, "Ring_tau");
    precision.validate();
    std::string key = "ring " + std::to_string(tau) + " " + std::to_string(M) +
                      " " + std::to_string(int(timing));
    for (int r : ring)
        key += " " + std::to_string(r);
    JournalEntry journal(comm, journal_key(key, precision));
    if (journal.replayed())
        return journal.results().at(0);
    Result res;
    res.M = M;
    MPI_Comm sub = sub_comm(comm, ring);
    if (sub != MPI_COMM_NULL) {
        int k = 0;
        CPM_MPI(MPI_Comm_rank(sub, &k));
        bool sends = k < tau;
        int pred = (k + R - 1) % R;
        bool receives = pred < tau;
        std::vector<char> out(std::max<long>(M, 1)), in(std::max<long>(M, 1));
        Timer timer(sub, 0, timing);
        Sampler s(precision);
        auto op = [&] {
            MPI_Request rq[2];
            int nr = 0;
            if (receives)
                CPM_MPI(MPI_Irecv(in.data(), int(M), MPI_BYTE, pred, kRingTag,
                                  sub, &rq[nr++]));
            if (sends)
                CPM_MPI(MPI_Isend(out.data(), int(M), MPI_BYTE, (k + 1) % R,
                                  kRingTag, sub, &rq[nr++]));
            CPM_MPI(MPI_Waitall(nr, rq, MPI_STATUSES_IGNORE));
        };
        while (!s.done()) {
            double t = timer.time(op);
            CPM_MPI(MPI_Bcast(&t, 1, MPI_DOUBLE, 0, sub));
            s.add(t);
        }
        res = s.result();
        res.M = M;
        res.wtick = MPI_Wtick();
        CPM_MPI(MPI_Comm_free(&sub));
    }
    return journal.record(bcast_result(comm, ring[0], res));
}

Result measure_send_overhead(MPI_Comm comm, int a, int b, long M,
                             const Precision &precision)
{
    check_ranks(comm, {a, b});
    check_message_size(M, "send overhead");
    precision.validate();
    JournalEntry journal(
        comm, journal_key("send-overhead " + std::to_string(a) + " " +
                              std::to_string(b) + " " + std::to_string(M),
                          precision));
    if (journal.replayed())
        return journal.results().at(0);
    Result res;
    res.M = M;
    MPI_Comm sub = sub_comm(comm, {a, b});
    if (sub != MPI_COMM_NULL) {
        int k = 0;
        CPM_MPI(MPI_Comm_rank(sub, &k));
        std::vector<char> buf(std::max<long>(M, 1));
        Sampler s(precision);
        while (!s.done()) {
            double t = 0;
            MPI_Request rq = MPI_REQUEST_NULL;
            // The receive is posted before the barrier, so it is pending
            // when the sender calls MPI_Isend.
            if (k == 1)
                CPM_MPI(MPI_Irecv(buf.data(), int(M), MPI_BYTE, 0, kRingTag,
                                  sub, &rq));
            CPM_MPI(MPI_Barrier(sub));
            if (k == 0) {
                double t0 = MPI_Wtime();
                CPM_MPI(MPI_Isend(buf.data(), int(M), MPI_BYTE, 1, kRingTag,
                                  sub, &rq));
                t = MPI_Wtime() - t0;
            }
            CPM_MPI(MPI_Wait(&rq, MPI_STATUS_IGNORE));
            CPM_MPI(MPI_Bcast(&t, 1, MPI_DOUBLE, 0, sub));
            s.add(t);
        }
        res = s.result();
        res.M = M;
        res.wtick = MPI_Wtick();
        CPM_MPI(MPI_Comm_free(&sub));
    }
    return journal.record(bcast_result(comm, a, res));
}

} // namespace cpm::bench
