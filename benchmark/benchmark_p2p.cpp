#include "benchmark_p2p.h"

#include "benchmark_idle.h"
#include "benchmark_journal.h"
#include "benchmark_timing.h"
#include "common_error.h"
#include "common_mpi.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <new>
#include <limits>
#include <map>
#include <string>

namespace cpm::bench {

namespace {

/* Message buffers start on a page boundary, as NetPIPE's, so that where a
 * buffer starts within a page and a cache line does not depend on the
 * library's earlier allocations (doc/measurement.md). Filled with zeros
 * (touched), as a vector's. */
class PageBuffer {
public:
    explicit PageBuffer(long size)
    {
        std::size_t n = std::size_t(std::max<long>(size, 1));
        void *p = nullptr;
        if (posix_memalign(&p, kPage, n) != 0)
            throw std::bad_alloc();
        std::memset(p, 0, n);
        p_.reset(static_cast<char *>(p));
    }
    char *data() { return p_.get(); }

private:
    static const std::size_t kPage = 4096;
    struct Free {
        void operator()(char *p) const { std::free(p); }
    };
    std::unique_ptr<char, Free> p_;
};

const int kDataTag = 7201;
const int kStopTag = 7202;
const int kReadyTag = 7203;
const int kNextTag = 7204;

/* The largest message of the sizes, out or back (at least 1 byte: a
 * buffer's size). */
long largest(const std::vector<RoundtripSize> &sizes)
{
    long most = 1;
    for (const RoundtripSize &z : sizes)
        most = std::max({most, z.out, z.back});
    return most;
}

/* The passive side of roundtrip and one-to-two experiments: announce
 * readiness, then answer every message with sizes[s].back bytes, s the
 * size under way (0 at first, one more at each next-size message), until
 * the stop message arrives. */
void mirror(MPI_Comm comm, int initiator,
            const std::vector<RoundtripSize> &sizes)
{
    const long most = largest(sizes);
    PageBuffer buf(most);
    CPM_MPI(MPI_Send(nullptr, 0, MPI_BYTE, initiator, kReadyTag, comm));
    std::size_t s = 0;
    for (;;) {
        MPI_Status st;
        CPM_MPI(MPI_Recv(buf.data(), int(most), MPI_BYTE, initiator,
                         MPI_ANY_TAG, comm, &st));
        if (st.MPI_TAG == kStopTag)
            return;
        if (st.MPI_TAG == kNextTag) {
            if (++s >= sizes.size())
                CPM_THROW("roundtrips: more sizes than the " +
                          std::to_string(sizes.size()) + " agreed");
            continue;
        }
        CPM_MPI(MPI_Send(buf.data(), int(sizes[s].back), MPI_BYTE, initiator,
                         kDataTag, comm));
    }
}

void mirror(MPI_Comm comm, int initiator, long M1, long M2)
{
    mirror(comm, initiator, {{M1, M2}});
}

void wait_ready(MPI_Comm comm, int partner)
{
    CPM_MPI(MPI_Recv(nullptr, 0, MPI_BYTE, partner, kReadyTag, comm,
                     MPI_STATUS_IGNORE));
}

/* Synchronous: when it returns the stop messages have left, so that they
 * do not share the initiator's link with the first timed message of its
 * next experiment (on a switch, in parallel rounds, an eager stop still in
 * the link lengthened that message). The partners' handshakes overlap. */
void stop(MPI_Comm comm, std::initializer_list<int> partners)
{
    std::vector<MPI_Request> req(partners.size());
    std::size_t k = 0;
    for (int p : partners)
        CPM_MPI(MPI_Issend(nullptr, 0, MPI_BYTE, p, kStopTag, comm, &req[k++]));
    CPM_MPI(MPI_Waitall(int(k), req.data(), MPI_STATUSES_IGNORE));
}

/* Single rounds made, at most, to size an auto train (Precision::train). */
const int kTrainProbes = 8;

/* Repeats `once` (one roundtrip, or one one-to-two round) under the
 * stopping rule. Each repetition is a train of k rounds between two clock
 * readings, and the sampler gets the train's time over k. k is
 * precision.train, or for auto trains train_length() of the fastest of up
 * to kTrainProbes single rounds made first (they stop as soon as one
 * reaches the target: a round that long is timed alone; none is made where
 * the clock costs nothing, as under SMPI). The warm-up repetitions are
 * trains too. */
template <class Once>
Result sample_trains(const Precision &prec, long M, Once once)
{
    int k = prec.train;
    if (k == 0) {
        double cost = wtime_cost();
        double fastest = std::numeric_limits<double>::infinity();
        for (int c = 0; cost > 0 && c < kTrainProbes; ++c) {
            double t0 = MPI_Wtime();
            once();
            fastest = std::min(fastest, MPI_Wtime() - t0);
            if (fastest >= kTrainClocks * cost)
                break;
        }
        k = train_length(0, fastest, cost);
    }
    Sampler s(prec);
    while (!s.done()) {
        double t0 = MPI_Wtime();
        for (int q = 0; q < k; ++q)
            once();
        s.add((MPI_Wtime() - t0) / k);
    }
    Result r = s.result();
    r.M = M;
    r.wtick = MPI_Wtick();
    return r;
}

/* Roundtrips with the partner at each size in order, one Result per size,
 * between one ready message and one stop. From the second size on, a
 * next-size message tells the partner to answer with that size's reply;
 * it goes before the size's warm-up repetitions, which it cannot then
 * lengthen (synchronous if there are none, as the stop). */
std::vector<Result> roundtrips_with(MPI_Comm comm, int partner,
                                    const std::vector<RoundtripSize> &sizes,
                                    const Precision &prec)
{
    const long most = largest(sizes);
    PageBuffer buf(most);
    wait_ready(comm, partner);
    std::vector<Result> out;
    for (std::size_t s = 0; s < sizes.size(); ++s) {
        const long M1 = sizes[s].out, M2 = sizes[s].back;
        if (s > 0 && prec.warmup > 0)
            CPM_MPI(MPI_Send(nullptr, 0, MPI_BYTE, partner, kNextTag, comm));
        else if (s > 0)
            CPM_MPI(MPI_Ssend(nullptr, 0, MPI_BYTE, partner, kNextTag, comm));
        out.push_back(sample_trains(prec, M1, [&] {
            CPM_MPI(MPI_Send(buf.data(), int(M1), MPI_BYTE, partner, kDataTag,
                             comm));
            CPM_MPI(MPI_Recv(buf.data(), int(M2), MPI_BYTE, partner, kDataTag,
                             comm, MPI_STATUS_IGNORE));
        }));
    }
    stop(comm, {partner});
    return out;
}

Result roundtrip(MPI_Comm comm, int partner, long M1, long M2,
                 const Precision &prec)
{
    return roundtrips_with(comm, partner, {{M1, M2}}, prec).at(0);
}

/* Sends to `a` first, then to `b`. */
Result one_to_two(MPI_Comm comm, int a, int b, long M, const Precision &prec)
{
    PageBuffer out(M);
    char in[2];
    wait_ready(comm, a);
    wait_ready(comm, b);
    Result r = sample_trains(prec, M, [&] {
        MPI_Request req[4];
        CPM_MPI(MPI_Irecv(&in[0], 0, MPI_BYTE, a, kDataTag, comm, &req[0]));
        CPM_MPI(MPI_Irecv(&in[1], 0, MPI_BYTE, b, kDataTag, comm, &req[1]));
        CPM_MPI(MPI_Isend(out.data(), int(M), MPI_BYTE, a, kDataTag, comm,
                          &req[2]));
        CPM_MPI(MPI_Isend(out.data(), int(M), MPI_BYTE, b, kDataTag, comm,
                          &req[3]));
        CPM_MPI(MPI_Waitall(4, req, MPI_STATUSES_IGNORE));
    });
    stop(comm, {a, b});
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
 * overlap (an idle one: the processes of no experiment sleep in it,
 * benchmark_idle.h). In parallel, rounds are not separated: every process
 * runs its experiments in round order and the ready message makes each
 * experiment wait for all its processes, so no process is ever in two
 * experiments at once, and a process whose round ended early goes on with
 * the next one instead of waiting for the slowest experiment of the round.
 * (No deadlock: a process waiting in the lowest round still under way
 * waits for partners of that same round.) */
void end_round(MPI_Comm comm, bool parallel)
{
    if (!parallel)
        idle_barrier(comm);
}

/* Results are filled in by the rank that measured them and gathered on
 * every rank. */
std::vector<Result> share(MPI_Comm comm, const std::vector<Result> &mine,
                          const std::vector<char> &owned)
{
    std::vector<double> local(mine.size() * kResultDoubles, 0.0);
    for (std::size_t e = 0; e < mine.size(); ++e)
        if (owned[e])
            pack_result(mine[e], &local[e * kResultDoubles]);
    // No result travels while an experiment may still be under way: on a
    // switch the gather's messages would share the channels of the hosts
    // still measuring. (allgather_rows first gathers each rank's count on
    // rank 0 and broadcasts them, which no rank leaves before every rank
    // has entered: a barrier.) The processes done first wait in an idle
    // barrier before it, not polling in the gather (not under SMPI).
    idle_gather_barrier(comm);
    std::vector<double> all = allgather_rows(comm, local, owned, kResultDoubles);
    // A process with a slow link may leave the gather while its part of
    // it is still on the wire; the barrier keeps that traffic out of the
    // next batch's experiments (on a simulated 32-host switch, without it
    // p2p times were off by up to 70%, with it by at most 0.16%).
    idle_barrier(comm);
    std::vector<Result> out(mine.size());
    for (std::size_t e = 0; e < out.size(); ++e)
        out[e] = unpack_result(&all[e * kResultDoubles]);
    return out;
}

std::vector<int> pair_key(const Pair &p)
{
    return {kRoundtripKind, std::min(p.i, p.j), std::max(p.i, p.j)};
}

int delete_history(MPI_Comm, int, void *attr, void *)
{
    delete static_cast<DurationHistory *>(attr);
    return MPI_SUCCESS;
}

} // namespace

std::vector<double> expected_pairs(const DurationHistory &h,
                                   const std::vector<Pair> &pairs, double size)
{
    std::vector<double> cost;
    if (!h.enabled)
        return cost;
    for (const Pair &p : pairs) {
        double c = h.predict(pair_key(p), size);
        if (!std::isfinite(c))
            return {};
        cost.push_back(c);
    }
    return cost;
}

std::vector<double> expected_triplets(const DurationHistory &h,
                                      const std::vector<Triplet> &triplets,
                                      long M, bool with_one_to_one)
{
    const int kind = with_one_to_one ? kTripletKind : kOneToTwoKind;
    std::vector<double> cost;
    if (!h.enabled)
        return cost;
    for (const Triplet &t : triplets) {
        double c = h.predict({kind, t.i, t.j, t.k}, double(M));
        if (!std::isfinite(c)) {
            double ij = h.predict(pair_key({t.i, t.j}), double(M));
            double ik = h.predict(pair_key({t.i, t.k}), double(M));
            double jk = h.predict(pair_key({t.j, t.k}), double(M));
            if (!std::isfinite(ij + ik + jk))
                return {};
            c = std::max(ij, ik) + std::max(ij, jk) + std::max(ik, jk);
            if (with_one_to_one)
                c += 2 * (ij + ik + jk);
        }
        if (!std::isfinite(c))
            return {};
        cost.push_back(c);
    }
    return cost;
}

namespace {

/* Timed work of a result: its repetitions times their mean. (With trains
 * of roundtrips it is the train length times more; the length is not in
 * the result and the history must be the same on every rank, so it is
 * left out: the history only orders experiments.) */
double work(const Result &r) { return r.reps * r.T; }

/* Indices of triplets that together contain every pair of processes that
 * some triplet of the list contains: greedily, in list order, those that
 * add three uncovered pairs, then two, then one. */
std::vector<std::size_t> covering(int n, const std::vector<Triplet> &triplets)
{
    std::vector<char> covered(std::size_t(n) * std::size_t(n), 0);
    std::vector<char> taken(triplets.size(), 0);
    std::vector<std::size_t> out;
    auto cell = [&](int a, int b) -> char & {
        return covered[std::size_t(a) * std::size_t(n) + std::size_t(b)];
    };
    for (int need = 3; need >= 1; --need)
        for (std::size_t e = 0; e < triplets.size(); ++e) {
            const Triplet &t = triplets[e];
            if (taken[e] ||
                !cell(t.i, t.j) + !cell(t.i, t.k) + !cell(t.j, t.k) < need)
                continue;
            taken[e] = 1;
            cell(t.i, t.j) = cell(t.i, t.k) = cell(t.j, t.k) = 1;
            out.push_back(e);
        }
    std::sort(out.begin(), out.end());
    return out;
}

/* The triplets measured first when nothing predicts a parallel sweep with
 * one-to-one experiments (covering()); empty: none first (all at once). */
std::vector<std::size_t> triplet_probe(const DurationHistory &history, int n,
                                       const std::vector<Triplet> &triplets,
                                       long M, bool with_one_to_one,
                                       bool parallel)
{
    if (!parallel || !with_one_to_one || !history.enabled ||
        !expected_triplets(history, triplets, M, true).empty())
        return {};
    std::vector<std::size_t> probe = covering(n, triplets);
    if (probe.size() == triplets.size())
        return {};
    return probe;
}

/* Feeds the history the probe's one-to-one times (first: 6 per probe
 * triplet, in probe order): each pair's mean work. */
void record_probe(DurationHistory &history,
                  const std::vector<Triplet> &triplets,
                  const std::vector<std::size_t> &probe,
                  const std::vector<Result> &first, long M)
{
    std::map<std::pair<int, int>, std::pair<double, int>> pair_work;
    for (std::size_t x = 0; x < probe.size(); ++x) {
        const Triplet &t = triplets[probe[x]];
        std::array<int, 3> v{t.i, t.j, t.k};
        for (int r = 0; r < 3; ++r) {
            int a = v[(r + 1) % 3], b = v[(r + 2) % 3];
            if (a > b)
                std::swap(a, b);
            for (int q = 0; q < 2; ++q) {
                int other = q == 0 ? a : b;
                auto &w = pair_work[{std::min(v[r], other),
                                     std::max(v[r], other)}];
                w.first += work(first[6 * x + std::size_t(2 * r + q)]);
                ++w.second;
            }
        }
    }
    for (const auto &[pq, w] : pair_work)
        history.record(pair_key({pq.first, pq.second}), double(M),
                       w.first / w.second);
}

/* Feeds the history each triplet's work. */
void record_triplets(DurationHistory &history,
                     const std::vector<Triplet> &triplets, long M,
                     bool with_one_to_one, const TripletResults &out)
{
    const int kind = with_one_to_one ? kTripletKind : kOneToTwoKind;
    for (std::size_t e = 0; e < triplets.size(); ++e) {
        const Triplet &t = triplets[e];
        double w = 0;
        for (std::size_t q = 0; q < 3; ++q)
            w += work(out.one_to_two.at(3 * e + q));
        for (std::size_t q = 0; q < 6 && with_one_to_one; ++q)
            w += work(out.one_to_one.at(6 * e + q));
        history.record({kind, t.i, t.j, t.k}, double(M), w);
    }
}

} // namespace

DurationHistory &duration_history(MPI_Comm comm)
{
    // One keyval per process (statics are per rank under SMPI too).
    static int keyval = MPI_KEYVAL_INVALID;
    if (keyval == MPI_KEYVAL_INVALID)
        CPM_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_history,
                                       &keyval, nullptr));
    void *attr = nullptr;
    int flag = 0;
    CPM_MPI(MPI_Comm_get_attr(comm, keyval, &attr, &flag));
    if (flag)
        return *static_cast<DurationHistory *>(attr);
    // CPM_SCHEDULE=rounds (for comparisons): no list scheduling on comm.
    // Agreed over comm, so that no two processes follow different orders.
    const char *env = std::getenv("CPM_SCHEDULE");
    int rounds_only = env && std::string(env) == "rounds" ? 1 : 0, any = 0;
    CPM_MPI(MPI_Allreduce(&rounds_only, &any, 1, MPI_INT, MPI_MAX, comm));
    auto *h = new DurationHistory;
    h->enabled = any == 0;
    CPM_MPI(MPI_Comm_set_attr(comm, keyval, h));
    return *h;
}

std::vector<RoundtripSize> sweep_sizes(const std::vector<long> &sizes,
                                       bool echo)
{
    std::vector<RoundtripSize> out;
    for (long M : sizes)
        out.push_back({M, echo ? M : 0});
    return out;
}

std::vector<Result> measure_roundtrips(MPI_Comm comm,
                                       const std::vector<Pair> &pairs,
                                       long M1, long M2, bool parallel,
                                       const Precision &precision,
                                       const ProgressFn &progress)
{
    return measure_roundtrip_sizes(comm, pairs, {{M1, M2}}, parallel,
                                   precision, progress)
        .at(0);
}

namespace {

/* The experiments of a call: per pair, its roundtrips at every size in
 * one experiment, in the rounds of schedule_pairs (expected: its costs),
 * the results gathered on every rank (result [s * pairs + e]). */
std::vector<Result> run_roundtrips(MPI_Comm comm,
                                   const std::vector<Pair> &pairs,
                                   const std::vector<RoundtripSize> &sizes,
                                   bool parallel, const Precision &precision,
                                   const std::vector<double> &expected,
                                   const ProgressFn &progress)
{
    const std::size_t np = pairs.size(), ns = sizes.size();
    DupComm dc(comm);
    if (dc.size() < 2)
        throw UsageError("roundtrips need at least 2 processes, got " +
                         std::to_string(dc.size()));
    std::vector<Round> rounds =
        schedule_pairs(dc.size(), pairs, parallel, expected);
    std::vector<Result> res(ns * np);
    std::vector<char> owned(ns * np, 0);
    for (const Round &round : rounds) {
        for (std::size_t e : round) {
            const Pair &p = pairs[e];
            if (dc.rank() == p.i) {
                std::vector<Result> r = roundtrips_with(dc, p.j, sizes,
                                                        precision);
                for (std::size_t s = 0; s < ns; ++s) {
                    res[s * np + e] = r[s];
                    owned[s * np + e] = 1;
                }
            } else if (dc.rank() == p.j) {
                mirror(dc, p.i, sizes);
            }
        }
        end_round(dc, parallel);
        if (progress && dc.rank() == 0)
            progress(long(round.size() * ns));
    }
    return share(dc, res, owned);
}

/* One call of measure_roundtrip_sizes: one experiment per pair, all the
 * sizes, one journal entry. */
std::vector<std::vector<Result>>
roundtrip_call(MPI_Comm comm, const std::vector<Pair> &pairs,
               const std::vector<RoundtripSize> &sizes, bool parallel,
               const Precision &precision, const ProgressFn &progress)
{
    const std::size_t np = pairs.size(), ns = sizes.size();
    // The key: one size as it always was ("roundtrips M1 M2 P pairs"),
    // several as "roundtrip-sizes K M1 M2 ... P pairs" (results size by
    // size, the pairs' order within each).
    std::string key = ns == 1 ? "roundtrips" : "roundtrip-sizes " +
                                                   std::to_string(ns);
    for (const RoundtripSize &z : sizes)
        key += " " + std::to_string(z.out) + " " + std::to_string(z.back);
    key += " " + std::to_string(parallel) + pairs_text(pairs);
    // The history first (its creation is collective): a replayed call
    // creates it too, before the journal sets the clock, and feeds it the
    // replayed results, so that the calls after a replay schedule their
    // experiments as in the interrupted build.
    DurationHistory &history = duration_history(comm);
    // The expected durations from the history before this call's (the
    // same in a replay as when the call was measured): a pair's, the sum
    // over the sizes; none unless every pair has one at every size.
    std::vector<double> expected;
    for (std::size_t s = 0; parallel && s < ns; ++s) {
        std::vector<double> c = expected_pairs(
            history, pairs, double(sizes[s].out + sizes[s].back));
        if (c.empty()) {
            expected.clear();
            break;
        }
        expected.resize(np, 0.0);
        for (std::size_t e = 0; e < np; ++e)
            expected[e] += c[e];
    }
    history.listed_calls += list_scheduled(expected) ? 1 : 0;
    JournalEntry journal(comm, journal_key(key, precision));
    auto record = [&](const std::vector<Result> &flat) {
        std::vector<std::vector<Result>> out(ns);
        for (std::size_t s = 0; s < ns; ++s) {
            out[s].assign(flat.begin() + long(s * np),
                          flat.begin() + long((s + 1) * np));
            for (std::size_t e = 0; e < np; ++e)
                history.record(pair_key(pairs[e]),
                               double(sizes[s].out + sizes[s].back),
                               work(out[s][e]));
        }
        return out;
    };
    if (journal.replayed()) {
        if (journal.results().size() != ns * np)
            journal.reject(std::to_string(journal.results().size()) +
                           " results for " + std::to_string(ns * np) +
                           " roundtrips");
        int rank = 0;
        CPM_MPI(MPI_Comm_rank(comm, &rank));
        if (progress && rank == 0)
            progress(long(ns * np)); // replayed, done all the same
        return record(journal.results());
    }
    return record(journal.record(run_roundtrips(comm, pairs, sizes, parallel,
                                                precision, expected,
                                                progress)));
}

/* A pair's expected work from a probe's time of one roundtrip: the
 * repetitions a call makes at least (history units: work()). */
double probe_work(const Result &r, const Precision &precision)
{
    return r.T * precision.min_reps;
}

/* The probe before a parallel call of many pairs at sizes nothing
 * predicts: one roundtrip per pair and size (no warm-up, no train, not
 * journalled, not in the convergence tally: it only orders the call), in
 * the rounds of no durations, its times recorded in the history so that
 * the call is list-scheduled. Without it that call runs in those rounds
 * at full length, and where the pairs' links differ (by 100 times on the
 * simulated full-topology platforms) each round waits on its slowest pair
 * in turn. */
void probe_pairs(MPI_Comm comm, const std::vector<Pair> &pairs,
                 const std::vector<RoundtripSize> &sizes,
                 const Precision &precision)
{
    Precision once = precision;
    once.warmup = 0;
    once.min_reps = once.max_reps = 1;
    once.train = 1;
    std::vector<Result> r =
        run_roundtrips(comm, pairs, sizes, true, once, {}, {});
    DurationHistory &history = duration_history(comm);
    for (std::size_t s = 0; s < sizes.size(); ++s)
        for (std::size_t e = 0; e < pairs.size(); ++e)
            history.record(pair_key(pairs[e]),
                           double(sizes[s].out + sizes[s].back),
                           probe_work(r[s * pairs.size() + e], precision));
}

} // namespace

std::vector<std::vector<Result>>
measure_roundtrip_sizes(MPI_Comm comm, const std::vector<Pair> &pairs,
                        const std::vector<RoundtripSize> &sizes, bool parallel,
                        const Precision &precision, const ProgressFn &progress)
{
    precision.validate();
    if (sizes.empty())
        throw UsageError("roundtrips need at least one message size");
    for (const RoundtripSize &z : sizes) {
        check_size(z.out, "message size");
        check_size(z.back, "reply size");
    }
    // A few pairs (no more than the processes: the sweep pairs of the
    // builds, never all pairs of more than 3 processes; pairs that share
    // no process are at most half as many) make one call: they run in a
    // round or a few whatever the durations. The trade-off, for a caller
    // with that many pairs: one journal entry for all the sizes, and no
    // list scheduling size by size.
    int procs = 0;
    CPM_MPI(MPI_Comm_size(comm, &procs));
    if (sizes.size() == 1 || pairs.size() <= std::size_t(procs))
        return roundtrip_call(comm, pairs, sizes, parallel, precision,
                              progress);
    // More pairs, sharing processes: a call per size, each journalled (a
    // killed build loses one size at most) and list-scheduled from the
    // durations of the sizes before it; but the first two sizes make one
    // call if nothing predicts them (one synchronisation rather than two),
    // and in parallel a first call nothing predicts (the first size, with
    // the second if that is not predicted either) is probed first
    // (probe_pairs).
    const DurationHistory &history = duration_history(comm);
    auto unknown = [&](const RoundtripSize &z) {
        return expected_pairs(history, pairs, double(z.out + z.back)).empty();
    };
    std::vector<std::vector<Result>> out;
    std::size_t s = 0;
    if (unknown(sizes[0])) {
        s = unknown(sizes[1]) ? 2 : 1;
        std::vector<RoundtripSize> first(sizes.begin(), sizes.begin() + long(s));
        if (parallel && history.enabled && !journal_pending(comm))
            probe_pairs(comm, pairs, first, precision);
        out = roundtrip_call(comm, pairs, first, parallel, precision,
                             progress);
    }
    for (; s < sizes.size(); ++s)
        out.push_back(roundtrip_call(comm, pairs, {sizes[s]}, parallel,
                                     precision, progress)
                          .at(0));
    return out;
}

namespace {

/* Runs triplets' experiments (one-to-two from each root, with the
 * one-to-one experiments first if asked), filling in the results this
 * process measures (o2t: 3 per triplet, o2o: 6, own2/own1 mark them). */
struct TripletRunner {
    const DupComm &dc;
    const std::vector<Triplet> &triplets;
    long M;
    bool with_one_to_one, parallel;
    const Precision &precision;
    const ProgressFn &progress;
    const std::vector<double> &pair_cost;
    std::vector<Result> &o2t, &o2o;
    std::vector<char> &own2, &own1;

    /* The triplets ids[x] (x in the rounds; ids empty: x itself). */
    void operator()(const std::vector<Round> &rounds,
                    const std::vector<std::size_t> &ids) const
    {
        const int me = dc.rank(), n = dc.size();
        for (const Round &round : rounds) {
            for (std::size_t x : round) {
                std::size_t e = ids.empty() ? x : ids[x];
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
                            ca = pair_cost.at(pair_index(n, root, a));
                            cb = pair_cost.at(pair_index(n, root, b));
                        }
                        o2t[3 * e + r] =
                            ca > cb ? one_to_two(dc, b, a, M, precision)
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
    }
};

/* A call's rounds are journalled in parts of at least kPartRounds rounds,
 * at most kParts parts: a build killed inside a long call (LMO's one-to-two
 * experiments of all triplets at a size) loses one part at most. */
const std::size_t kParts = 8;
const std::size_t kPartRounds = 256;

/* measure_triplets where nothing needs a probe first: the schedule's
 * rounds in parts, each part a journal entry of its triplets' results
 * (3 one-to-two, then 6 one-to-one if measured, per triplet in round
 * order), shared at its end. */
TripletResults triplets_in_parts(MPI_Comm comm, int n, DurationHistory &history,
                                 const std::vector<Triplet> &triplets, long M,
                                 bool with_one_to_one, bool parallel,
                                 const Precision &precision,
                                 const ProgressFn &progress,
                                 const std::vector<double> &pair_cost,
                                 const std::string &key)
{
    const std::size_t nt = triplets.size(), per_triplet = with_one_to_one ? 9 : 3;
    std::vector<Round> rounds = schedule_triplets(
        n, triplets, parallel,
        parallel ? expected_triplets(history, triplets, M, with_one_to_one)
                 : std::vector<double>());
    const std::size_t per =
        std::max(kPartRounds, (rounds.size() + kParts - 1) / kParts);
    TripletResults out;
    out.one_to_two.resize(3 * nt);
    out.one_to_one.resize(with_one_to_one ? 6 * nt : 0);
    for (std::size_t r0 = 0; r0 < rounds.size(); r0 += per) {
        const std::size_t r1 = std::min(rounds.size(), r0 + per);
        std::vector<std::size_t> ids;
        for (std::size_t r = r0; r < r1; ++r)
            ids.insert(ids.end(), rounds[r].begin(), rounds[r].end());
        // The tally reads the processes of the part's results from its
        // triplets in round order (the key lists the call's).
        std::string order = "triplet-part " + std::to_string(per_triplet);
        for (std::size_t e : ids)
            order += " " + std::to_string(triplets[e].i) + "," +
                     std::to_string(triplets[e].j) + "," +
                     std::to_string(triplets[e].k);
        JournalEntry part(comm,
                          journal_key(key + " rounds " + std::to_string(r0) +
                                          "-" + std::to_string(r1),
                                      precision),
                          order);
        std::vector<Result> got;
        if (part.replayed()) {
            got = part.results();
            if (got.size() != ids.size() * per_triplet)
                part.reject("one-to-two experiments of " +
                            std::to_string(ids.size()) + " triplets with " +
                            std::to_string(got.size()) + " results");
        } else {
            // A communicator per part, made after its entry's look-up: a
            // resumed build then measures each part after the same calls
            // as the uninterrupted one (simulated clocks to the last bit).
            DupComm dc(comm);
            std::vector<Result> o2t(3 * nt), o2o(with_one_to_one ? 6 * nt : 0);
            std::vector<char> own2(3 * nt, 0), own1(o2o.size(), 0);
            TripletRunner run{dc, triplets, M, with_one_to_one, parallel,
                              precision, progress, pair_cost,
                              o2t, o2o, own2, own1};
            run(std::vector<Round>(rounds.begin() + long(r0),
                                   rounds.begin() + long(r1)),
                {});
            std::vector<Result> mine;
            std::vector<char> owned;
            for (std::size_t e : ids) {
                for (std::size_t q = 0; q < 3; ++q) {
                    mine.push_back(o2t[3 * e + q]);
                    owned.push_back(own2[3 * e + q]);
                }
                for (std::size_t q = 0; q < 6 && with_one_to_one; ++q) {
                    mine.push_back(o2o[6 * e + q]);
                    owned.push_back(own1[6 * e + q]);
                }
            }
            got = part.record(share(dc, mine, owned));
        }
        for (std::size_t x = 0; x < ids.size(); ++x) {
            const std::size_t e = ids[x];
            for (std::size_t q = 0; q < 3; ++q)
                out.one_to_two[3 * e + q] = got[per_triplet * x + q];
            for (std::size_t q = 0; q < 6 && with_one_to_one; ++q)
                out.one_to_one[6 * e + q] = got[per_triplet * x + 3 + q];
        }
    }
    record_triplets(history, triplets, M, with_one_to_one, out);
    return out;
}

} // namespace

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
    // As in measure_roundtrips: the history before the journal, fed by a
    // replayed call as the measured call fed it.
    DurationHistory &history = duration_history(comm);
    int n = 0;
    CPM_MPI(MPI_Comm_size(comm, &n));
    if (n < 3)
        throw UsageError("one-to-two experiments need at least 3 processes, "
                         "got " +
                         std::to_string(n));
    std::vector<std::size_t> probe =
        triplet_probe(history, n, triplets, M, with_one_to_one, parallel);
    std::size_t nt = triplets.size();
    if (probe.empty())
        return triplets_in_parts(comm, n, history, triplets, M,
                                 with_one_to_one, parallel, precision,
                                 progress, pair_cost, key);
    JournalEntry journal(comm, journal_key(key, precision));
    if (journal.replayed()) {
        const std::vector<Result> &all = journal.results();
        TripletResults out;
        out.one_to_two.assign(all.begin(), all.begin() + 3 * nt);
        out.one_to_one.assign(all.begin() + 3 * nt, all.end());
        if (out.one_to_one.size() == 6 * nt) {
            std::vector<Result> first;
            for (std::size_t e : probe)
                for (int q = 0; q < 6; ++q)
                    first.push_back(out.one_to_one[6 * e + std::size_t(q)]);
            record_probe(history, triplets, probe, first, M);
        }
        record_triplets(history, triplets, M, with_one_to_one, out);
        return out;
    }
    DupComm dc(comm);
    std::vector<Result> o2t(3 * nt), o2o(with_one_to_one ? 6 * nt : 0);
    std::vector<char> own2(3 * nt, 0), own1(o2o.size(), 0);
    TripletRunner run{dc, triplets, M, with_one_to_one, parallel, precision,
                      progress, pair_cost, o2t, o2o, own2, own1};
    // Nothing predicts these experiments: first a subset of the
    // triplets that covers every pair, whose one-to-one times (shared
    // at once) predict the others, then the others list-scheduled.
    std::vector<Triplet> sub;
    for (std::size_t e : probe)
        sub.push_back(triplets[e]);
    run(schedule_triplets(n, sub, true), probe);
    // Only the probe's one-to-one results are exchanged here.
    std::vector<Result> mine(6 * probe.size());
    std::vector<char> owned(mine.size(), 0);
    for (std::size_t x = 0; x < probe.size(); ++x)
        for (int q = 0; q < 6; ++q) {
            mine[6 * x + q] = o2o[6 * probe[x] + q];
            owned[6 * x + q] = own1[6 * probe[x] + q];
        }
    std::vector<Result> first = share(dc, mine, owned);
    record_probe(history, triplets, probe, first, M);
    std::vector<char> done(nt, 0);
    for (std::size_t e : probe)
        done[e] = 1;
    std::vector<Triplet> rest;
    std::vector<std::size_t> ids;
    for (std::size_t e = 0; e < nt; ++e)
        if (!done[e]) {
            rest.push_back(triplets[e]);
            ids.push_back(e);
        }
    run(schedule_triplets(n, rest, true,
                          expected_triplets(history, rest, M, true)),
        ids);
    TripletResults out;
    out.one_to_two = share(dc, o2t, own2);
    if (with_one_to_one)
        out.one_to_one = share(dc, o2o, own1);
    record_triplets(history, triplets, M, with_one_to_one, out);
    std::vector<Result> all = out.one_to_two;
    all.insert(all.end(), out.one_to_one.begin(), out.one_to_one.end());
    journal.record(all);
    return out;
}

} // namespace cpm::bench
