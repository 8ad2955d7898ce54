#include "benchmark_p2p.h"

#include "benchmark_journal.h"
#include "common_error.h"
#include "common_mpi.h"

#include <algorithm>
#include <array>
#include <string>

namespace cpm::bench {

namespace {

const int kDataTag = 7201;
const int kStopTag = 7202;
const int kReadyTag = 7203;

/* The passive side of roundtrip and one-to-two experiments: announce
 * readiness, then answer every message of up to M1 bytes with M2 bytes
 * until the stop message arrives. */
void mirror(MPI_Comm comm, int initiator, long M1, long M2)
{
    std::vector<char> buf(std::max<long>({M1, M2, 1}));
    CPM_MPI(MPI_Send(nullptr, 0, MPI_BYTE, initiator, kReadyTag, comm));
    for (;;) {
        MPI_Status st;
        CPM_MPI(MPI_Recv(buf.data(), int(M1), MPI_BYTE, initiator, MPI_ANY_TAG,
                         comm, &st));
        if (st.MPI_TAG == kStopTag)
            return;
        CPM_MPI(MPI_Send(buf.data(), int(M2), MPI_BYTE, initiator, kDataTag,
                         comm));
    }
}

void wait_ready(MPI_Comm comm, int partner)
{
    CPM_MPI(MPI_Recv(nullptr, 0, MPI_BYTE, partner, kReadyTag, comm,
                     MPI_STATUS_IGNORE));
}

void stop(MPI_Comm comm, int partner)
{
    CPM_MPI(MPI_Send(nullptr, 0, MPI_BYTE, partner, kStopTag, comm));
}

Result roundtrip(MPI_Comm comm, int partner, long M1, long M2,
                 const Precision &prec)
{
    std::vector<char> buf(std::max<long>({M1, M2, 1}));
    wait_ready(comm, partner);
    Sampler s(prec);
    while (!s.done()) {
        double t0 = MPI_Wtime();
        CPM_MPI(MPI_Send(buf.data(), int(M1), MPI_BYTE, partner, kDataTag,
                         comm));
        CPM_MPI(MPI_Recv(buf.data(), int(M2), MPI_BYTE, partner, kDataTag,
                         comm, MPI_STATUS_IGNORE));
        s.add(MPI_Wtime() - t0);
    }
    stop(comm, partner);
    Result r = s.result();
    r.M = M1;
    r.wtick = MPI_Wtick();
    return r;
}

/* Sends to `a` first, then to `b`. */
Result one_to_two(MPI_Comm comm, int a, int b, long M, const Precision &prec)
{
    std::vector<char> out(std::max<long>(M, 1));
    char in[2];
    wait_ready(comm, a);
    wait_ready(comm, b);
    Sampler s(prec);
    while (!s.done()) {
        MPI_Request req[4];
        double t0 = MPI_Wtime();
        CPM_MPI(MPI_Irecv(&in[0], 0, MPI_BYTE, a, kDataTag, comm, &req[0]));
        CPM_MPI(MPI_Irecv(&in[1], 0, MPI_BYTE, b, kDataTag, comm, &req[1]));
        CPM_MPI(MPI_Isend(out.data(), int(M), MPI_BYTE, a, kDataTag, comm,
                          &req[2]));
        CPM_MPI(MPI_Isend(out.data(), int(M), MPI_BYTE, b, kDataTag, comm,
                          &req[3]));
        CPM_MPI(MPI_Waitall(4, req, MPI_STATUSES_IGNORE));
        s.add(MPI_Wtime() - t0);
    }
    stop(comm, a);
    stop(comm, b);
    Result r = s.result();
    r.M = M;
    r.wtick = MPI_Wtick();
    return r;
}

/* The pairs of a journal key. */
std::string pairs_text(const std::vector<Pair> &pairs)
{
    std::string s;
    for (const Pair &p : pairs)
        s += " " + std::to_string(p.i) + "," + std::to_string(p.j);
    return s;
}

void check_size(long M, const char *what)
{
    if (M < 0 || M > long(1) << 30)
        throw UsageError(std::string(what) + " must lie in 0..2^30 bytes, got " +
                         std::to_string(M));
}

/* One at a time, a barrier ends every round so that no two experiments
 * overlap. In parallel, rounds are not separated: every process runs its
 * experiments in round order and the ready message makes each experiment
 * wait for all its processes, so no process is ever in two experiments at
 * once, and a process whose round ended early goes on with the next one
 * instead of waiting for the slowest experiment of the round. (No
 * deadlock: a process waiting in the lowest round still under way waits
 * for partners of that same round.) */
void end_round(MPI_Comm comm, bool parallel)
{
    if (!parallel)
        CPM_MPI(MPI_Barrier(comm));
}

/* Results are filled in by the rank that measured them; a sum over ranks
 * gives everyone the whole array. */
const int kPacked = kResultDoubles;

std::vector<Result> share(MPI_Comm comm, const std::vector<Result> &mine,
                          const std::vector<char> &owned)
{
    std::vector<double> local(mine.size() * kPacked, 0.0), all(local.size());
    for (std::size_t e = 0; e < mine.size(); ++e)
        if (owned[e])
            pack_result(mine[e], &local[e * kPacked]);
    CPM_MPI(MPI_Allreduce(local.data(), all.data(), int(all.size()),
                          MPI_DOUBLE, MPI_SUM, comm));
    // A process with a slow link may leave the reduction while its part of
    // it is still on the wire; the barrier keeps that traffic out of the
    // next batch's experiments (on a simulated 32-host switch, without it
    // p2p times were off by up to 70%, with it by at most 0.16%).
    CPM_MPI(MPI_Barrier(comm));
    std::vector<Result> out(mine.size());
    for (std::size_t e = 0; e < out.size(); ++e)
        out[e] = unpack_result(&all[e * kPacked]);
    return out;
}

} // namespace

std::vector<Result> measure_roundtrips(MPI_Comm comm,
                                       const std::vector<Pair> &pairs,
                                       long M1, long M2, bool parallel,
                                       const Precision &precision,
                                       const ProgressFn &progress)
{
    precision.validate();
    check_size(M1, "message size");
    check_size(M2, "reply size");
    JournalEntry journal(comm, journal_key("roundtrips " + std::to_string(M1) +
                                               " " + std::to_string(M2) + " " +
                                               std::to_string(parallel) +
                                               pairs_text(pairs),
                                           precision));
    if (journal.replayed())
        return journal.results();
    DupComm dc(comm);
    if (dc.size() < 2)
        throw UsageError("roundtrips need at least 2 processes, got " +
                         std::to_string(dc.size()));
    std::vector<Round> rounds = schedule_pairs(dc.size(), pairs, parallel);
    std::vector<Result> res(pairs.size());
    std::vector<char> owned(pairs.size(), 0);
    for (const Round &round : rounds) {
        for (std::size_t e : round) {
            const Pair &p = pairs[e];
            if (dc.rank() == p.i) {
                res[e] = roundtrip(dc, p.j, M1, M2, precision);
                owned[e] = 1;
            } else if (dc.rank() == p.j) {
                mirror(dc, p.i, M1, M2);
            }
        }
        end_round(dc, parallel);
        if (progress && dc.rank() == 0)
            progress(long(round.size()));
    }
    return journal.record(share(dc, res, owned));
}

TripletResults measure_triplets(MPI_Comm comm,
                                const std::vector<Triplet> &triplets, long M,
                                bool with_one_to_one, bool parallel,
                                const Precision &precision,
                                const ProgressFn &progress,
                                const std::vector<double> &pair_cost)
{
    precision.validate();
    check_size(M, "message size");
    std::string key = "triplets " + std::to_string(M) + " " +
                      std::to_string(with_one_to_one) + " " +
                      std::to_string(parallel) + " costs";
    for (double c : pair_cost)
        key += " " + journal_hex(c);
    for (const Triplet &t : triplets)
        key += " " + std::to_string(t.i) + "," + std::to_string(t.j) + "," +
               std::to_string(t.k);
    JournalEntry journal(comm, journal_key(key, precision));
    if (journal.replayed()) {
        const std::vector<Result> &all = journal.results();
        TripletResults out;
        out.one_to_two.assign(all.begin(), all.begin() + 3 * triplets.size());
        out.one_to_one.assign(all.begin() + 3 * triplets.size(), all.end());
        return out;
    }
    DupComm dc(comm);
    if (dc.size() < 3)
        throw UsageError("one-to-two experiments need at least 3 processes, "
                         "got " +
                         std::to_string(dc.size()));
    std::vector<Round> rounds = schedule_triplets(dc.size(), triplets, parallel);
    std::size_t nt = triplets.size();
    std::vector<Result> o2t(3 * nt), o2o(with_one_to_one ? 6 * nt : 0);
    std::vector<char> own2(3 * nt, 0), own1(o2o.size(), 0);
    int me = dc.rank();
    for (const Round &round : rounds) {
        for (std::size_t e : round) {
            const Triplet &t = triplets[e];
            std::array<int, 3> v{t.i, t.j, t.k};
            if (me != t.i && me != t.j && me != t.k)
                continue;
            for (int r = 0; r < 3; ++r) {
                int root = v[r], a = v[(r + 1) % 3], b = v[(r + 2) % 3];
                if (a > b)
                    std::swap(a, b);
                // root -> a, then root -> b, each with an empty reply
                for (int q = 0; q < 2 && with_one_to_one; ++q) {
                    int other = q == 0 ? a : b;
                    std::size_t idx = 6 * e + 2 * r + q;
                    if (me == root) {
                        o2o[idx] = roundtrip(dc, other, M, 0, precision);
                        own1[idx] = 1;
                    } else if (me == other) {
                        mirror(dc, root, M, 0);
                    }
                }
                // one-to-two from this root, to the farther peer second
                if (me == root) {
                    double ca = 0, cb = 0;
                    if (with_one_to_one) {
                        ca = o2o[6 * e + 2 * r].T;
                        cb = o2o[6 * e + 2 * r + 1].T;
                    } else if (!pair_cost.empty()) {
                        ca = pair_cost.at(pair_index(dc.size(), root, a));
                        cb = pair_cost.at(pair_index(dc.size(), root, b));
                    }
                    o2t[3 * e + r] = ca > cb
                                         ? one_to_two(dc, b, a, M, precision)
                                         : one_to_two(dc, a, b, M, precision);
                    own2[3 * e + r] = 1;
                } else {
                    mirror(dc, root, M, 0);
                }
            }
        }
        end_round(dc, parallel);
        if (progress && me == 0)
            progress(long(round.size()) *
                     experiments_per_triplet(with_one_to_one));
    }
    TripletResults out;
    out.one_to_two = share(dc, o2t, own2);
    if (with_one_to_one)
        out.one_to_one = share(dc, o2o, own1);
    std::vector<Result> all = out.one_to_two;
    all.insert(all.end(), out.one_to_one.begin(), out.one_to_one.end());
    journal.record(all);
    return out;
}

} // namespace cpm::bench
