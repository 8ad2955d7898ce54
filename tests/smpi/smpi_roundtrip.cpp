/*
 * smpi_roundtrip: checks the measurement module against the ground truth of
 * a simulated cluster. Built with smpicxx from the library sources and run
 * under smpirun on a platform written by cpm-smpi-platform (see there for
 * the settings that make times exactly linear); the truth file is read by
 * its one reader, src/testbeds/smpi/smpi_truth_file.h.
 *
 * With x_h(m) = C_x + t_x*m for x in {os, ois, or} on host h, and
 *     ow(i,j,m) = os_i(m) + L_ij + (m+16)/B_ij + or_j(m)   (MPI_Send),
 * the expected times are:
 *   roundtrip i <-> j, M1 out and M2 back:
 *     T = ow(i,j,M1) + ow(j,i,M2)
 *   one-to-two r -> a,b, M bytes, empty replies; a is the peer whose
 *   one-to-one time (measured just before) is not larger, b the other one
 *   (the farther peer is sent to second). r posts both receives, Isends to
 *   a then to b (each Isend sleeps ois_r(M) before it starts its transfer),
 *   then waits; the replies are MPI_Send:
 *     X_a = ois_r(M)   + L_ra + (M+16)/B_ra + or_a(M) + os_a(0) + L_ra + 16/B_ra
 *     X_b = 2 ois_r(M) + L_rb + (M+16)/B_rb + or_b(M) + os_b(0) + L_rb + 16/B_rb
 *     T   = max(min(X_a,X_b) + or_r(0), max(X_a,X_b)) + or_r(0)
 *   (the root's or delays are serialised: one after each completed receive).
 *   Whatever the exact form, T must be finite and at least the larger of
 *   the two one-way times ois_r(M) + L_rx + (M+16)/B_rx + or_x(M).
 *
 * Every measured mean must match within a relative tolerance (default
 * 1e-6). Rank 0 prints a summary per experiment set and a table of the
 * mismatches; every rank exits with status 1 on a mismatch, 2 on bad input.
 *
 * usage: smpi_roundtrip TRUTH_FILE [TOLERANCE]
 */
#include "benchmark_p2p.h"
#include "benchmark_precision.h"
#include "benchmark_schedule.h"
#include "common_error.h"
#include "common_mpi.h"
#include "common_parse.h"
#include "smpi_truth_file.h"

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using cpm::bench::Pair;
using cpm::bench::Result;
using cpm::bench::Triplet;

using cpm::smpi::Truth;
using cpm::smpi::TruthHost;

/** Time of one transfer on the link i-j (no host delays). */
double wire(const Truth &t, int i, int j, long m)
{
    return t.link(i, j).L + double(m + 16) / t.link(i, j).B;
}

/** One-way time of MPI_Send (isend false) or MPI_Isend i -> j. */
double one_way(const Truth &t, int i, int j, long m, bool isend)
{
    const TruthHost &s = t.hosts[i];
    return (isend ? s.ois(m) : s.os(m)) + wire(t, i, j, m) +
           t.hosts[j].orecv(m);
}

double roundtrip(const Truth &t, int i, int j, long M1, long M2)
{
    return one_way(t, i, j, M1, false) + one_way(t, j, i, M2, false);
}

/** One-to-two from r to a first, then b (see the file comment). */
double one_to_two(const Truth &t, int r, int a, int b, long M)
{
    const TruthHost &hr = t.hosts[r];
    auto back = [&](int x) {
        return t.hosts[x].orecv(M) + t.hosts[x].os(0) + wire(t, x, r, 0);
    };
    double xa = hr.ois(M) + wire(t, r, a, M) + back(a);
    double xb = 2 * hr.ois(M) + wire(t, r, b, M) + back(b);
    double o = hr.orecv(0);
    return std::max(std::min(xa, xb) + o, std::max(xa, xb)) + o;
}

/** One measured experiment and what the platform implies for it. */
struct Check {
    std::string set;   // e.g. "roundtrip parallel 1024/1024"
    std::string what;  // e.g. "0<->3" or "2->0,4"
    Result r;
    double expected;
    double lower; // a bound the time must reach (0 if none)
};

double rel_err(double measured, double expected)
{
    return std::fabs(measured - expected) / std::fabs(expected);
}

bool passes(const Check &c, double tol)
{
    return std::isfinite(c.r.T) && c.r.T > 0 && c.r.converged &&
           rel_err(c.r.T, c.expected) <= tol && c.r.T >= c.lower * (1 - tol);
}

std::string sizes(long M1, long M2)
{
    return std::to_string(M1) + "/" + std::to_string(M2);
}

const char *sched(bool parallel)
{
    return parallel ? "parallel" : "serial";
}

/** Runs every experiment; the checks are filled on rank 0 only. */
std::vector<Check> run_all(int n, const Truth &t)
{
    cpm::bench::Precision prec; // identical repetitions stop at min_reps
    std::vector<Check> checks;
    const long kSizes[][2] = {
        {0, 0}, {1024, 1024}, {65536, 65536}, {100000, 0}, {0, 100000}};
    std::vector<Pair> pairs = cpm::bench::all_pairs(n);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (bool parallel : {true, false})
        for (const auto &s : kSizes) {
            std::vector<Result> res = cpm::bench::measure_roundtrips(
                MPI_COMM_WORLD, pairs, s[0], s[1], parallel, prec);
            if (rank != 0)
                continue;
            std::string set = std::string("roundtrip ") + sched(parallel) +
                              " " + sizes(s[0], s[1]);
            for (std::size_t e = 0; e < pairs.size(); ++e) {
                const Pair &p = pairs[e];
                checks.push_back(
                    {set,
                     std::to_string(p.i) + "<->" + std::to_string(p.j),
                     res[e], roundtrip(t, p.i, p.j, s[0], s[1]), 0});
            }
        }
    // The same sizes through measure_roundtrip_sizes, each case on a new
    // communicator (no duration history): the same times.
    //  - "disjoint": pairs sharing no process, one call (a ready and a
    //    stop per pair, a next-size message between sizes);
    //  - "few": three pairs of three processes, each process in two of
    //    them, no more than the processes: one call in several rounds;
    //  - "all": all pairs, a size per call but the first two in one; in
    //    parallel a probe (a roundtrip per pair and size) comes first, so
    //    that every call is list-scheduled, that one too.
    // Without warm-up the next-size message is synchronous; with it, the
    // warm-up comes after it.
    std::vector<cpm::bench::RoundtripSize> all_sizes;
    for (const auto &s : kSizes)
        all_sizes.push_back({s[0], s[1]});
    struct Case {
        const char *name;
        std::vector<Pair> pairs;
    };
    std::vector<Case> cases = {{"all", pairs}};
    if (n >= 4)
        cases.push_back({"disjoint", {{0, 1}, {3, 2}}});
    if (n >= 3)
        cases.push_back({"few", {{0, 1}, {2, 0}, {1, 2}}});
    for (const Case &c : cases)
        for (bool parallel : {true, false})
            for (int warmup : {1, 0}) {
                cpm::bench::Precision p = prec;
                p.warmup = warmup;
                MPI_Comm fresh;
                MPI_Comm_dup(MPI_COMM_WORLD, &fresh);
                std::vector<std::vector<Result>> res =
                    cpm::bench::measure_roundtrip_sizes(fresh, c.pairs,
                                                        all_sizes, parallel, p);
                const cpm::bench::DurationHistory &h =
                    cpm::bench::duration_history(fresh);
                long listed = h.listed_calls;
                bool scheduling = h.enabled; // not with CPM_SCHEDULE=rounds
                MPI_Comm_free(&fresh);
                // More pairs than processes: a call per size but the first
                // two sizes in one, each list-scheduled in parallel (the
                // first from the probe; the platforms' pairs differ).
                long want = !parallel || !scheduling ||
                                    c.pairs.size() <= std::size_t(n)
                                ? 0
                                : long(all_sizes.size()) - 1;
                if (listed != want)
                    CPM_THROW(std::string("measure_roundtrip_sizes, ") +
                              c.name + " " + sched(parallel) + ": " +
                              std::to_string(listed) +
                              " calls list-scheduled, expected " +
                              std::to_string(want));
                if (rank != 0)
                    continue;
                if (res.size() != all_sizes.size())
                    CPM_THROW("measure_roundtrip_sizes: " +
                              std::to_string(res.size()) + " rows for " +
                              std::to_string(all_sizes.size()) + " sizes");
                for (std::size_t z = 0; z < all_sizes.size(); ++z) {
                    const long M1 = all_sizes[z].out, M2 = all_sizes[z].back;
                    std::string set = std::string("sizes ") + c.name + " " +
                                      sched(parallel) + " w" +
                                      std::to_string(warmup) + " " +
                                      sizes(M1, M2);
                    for (std::size_t e = 0; e < c.pairs.size(); ++e) {
                        const Pair &q = c.pairs[e];
                        checks.push_back(
                            {set,
                             std::to_string(q.i) + "<->" + std::to_string(q.j),
                             res[z].at(e), roundtrip(t, q.i, q.j, M1, M2), 0});
                    }
                }
            }
    if (n < 3)
        return checks;
    std::vector<Triplet> trips = cpm::bench::all_triplets(n);
    for (bool parallel : {true, false})
        for (long M : {0L, 65536L}) {
            cpm::bench::TripletResults tr = cpm::bench::measure_triplets(
                MPI_COMM_WORLD, trips, M, true, parallel, prec);
            if (rank != 0)
                continue;
            std::string set2 = std::string("one-to-two ") + sched(parallel) +
                               " " + std::to_string(M);
            std::string set1 = std::string("triplet roundtrip ") +
                               sched(parallel) + " " + sizes(M, 0);
            for (std::size_t e = 0; e < trips.size(); ++e) {
                int v[3] = {trips[e].i, trips[e].j, trips[e].k};
                for (int q = 0; q < 3; ++q) {
                    int r = v[q], a = v[(q + 1) % 3], b = v[(q + 2) % 3];
                    if (a > b)
                        std::swap(a, b);
                    // The module sends to the farther peer second, judged
                    // by the one-to-one times it has just measured.
                    const Result &ra = tr.one_to_one[6 * e + 2 * q];
                    const Result &rb = tr.one_to_one[6 * e + 2 * q + 1];
                    int first = ra.T > rb.T ? b : a;
                    int second = first == a ? b : a;
                    double lower = std::max(one_way(t, r, a, M, true),
                                            one_way(t, r, b, M, true));
                    checks.push_back({set2,
                                      std::to_string(r) + "->" +
                                          std::to_string(a) + "," +
                                          std::to_string(b),
                                      tr.one_to_two[3 * e + q],
                                      one_to_two(t, r, first, second, M),
                                      lower});
                    for (int k = 0; k < 2; ++k) {
                        int x = k == 0 ? a : b;
                        checks.push_back(
                            {set1, std::to_string(r) + "<->" + std::to_string(x),
                             tr.one_to_one[6 * e + 2 * q + k],
                             roundtrip(t, r, x, M, 0), 0});
                    }
                }
            }
        }
    return checks;
}

/** Prints the summary and mismatch table; returns the number of failures. */
int report(const std::vector<Check> &checks, double tol)
{
    // Sets in order of first appearance.
    std::vector<std::string> sets;
    for (const Check &c : checks)
        if (std::find(sets.begin(), sets.end(), c.set) == sets.end())
            sets.push_back(c.set);
    int failures = 0;
    std::printf("%-34s %5s %12s\n", "experiment set", "count", "max rel err");
    for (const std::string &set : sets) {
        double worst = 0;
        int count = 0, bad = 0;
        for (const Check &c : checks) {
            if (c.set != set)
                continue;
            ++count;
            worst = std::max(worst, rel_err(c.r.T, c.expected));
            bad += !passes(c, tol);
        }
        std::printf("%-34s %5d %12.3g %s\n", set.c_str(), count, worst,
                    bad ? "FAIL" : "ok");
        failures += bad;
    }
    if (failures) {
        std::printf("\nMismatches (tolerance %g):\n", tol);
        std::printf("%-34s %-10s %15s %15s %10s %4s %s\n", "experiment set",
                    "ranks", "measured (s)", "expected (s)", "rel err",
                    "reps", "note");
        const int kMaxRows = 50;
        int rows = 0;
        for (const Check &c : checks) {
            if (passes(c, tol))
                continue;
            if (++rows > kMaxRows) {
                std::printf("... and %d more\n", failures - kMaxRows);
                break;
            }
            std::string note;
            if (!std::isfinite(c.r.T) || c.r.T <= 0)
                note += " not finite/positive";
            if (!c.r.converged)
                note += " not converged";
            if (c.r.T < c.lower * (1 - tol))
                note += " below the larger one-way time";
            std::printf("%-34s %-10s %15.9e %15.9e %10.3g %4d%s\n",
                        c.set.c_str(), c.what.c_str(), c.r.T, c.expected,
                        rel_err(c.r.T, c.expected), c.r.reps, note.c_str());
        }
    }
    return failures;
}

} // namespace

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int status = 0;
    try {
        Truth truth;
        double tol = 1e-6;
        cpm::agree(MPI_COMM_WORLD, [&] {
            if (argc < 2 || argc > 3)
                throw cpm::UsageError(
                    "usage: smpi_roundtrip TRUTH_FILE [TOLERANCE]");
            if (argc == 3) {
                tol = cpm::parse_double(argv[2], "tolerance", 0, 1);
                if (!(tol > 0 && tol < 1))
                    throw cpm::UsageError(
                        "tolerance: expected a number in (0, 1), got " +
                        cpm::quoted(argv[2]));
            }
            if (rank != 0)
                return;
            truth = cpm::smpi::read_truth_file(argv[1]);
            if (int(truth.hosts.size()) != size)
                throw cpm::UsageError(
                    "the truth file has " +
                    std::to_string(truth.hosts.size()) + " hosts, but " +
                    std::to_string(size) + " ranks run");
        });
        std::vector<std::string> names = cpm::processor_names(MPI_COMM_WORLD);
        cpm::agree(MPI_COMM_WORLD, [&] {
            if (rank != 0)
                return;
            for (int r = 0; r < size; ++r)
                if (names[r] != truth.hosts[r].name)
                    throw cpm::UsageError(
                        "rank " + std::to_string(r) + " runs on " + names[r] +
                        ", the truth file puts it on " + truth.hosts[r].name +
                        " (hostfile out of step?)");
        });
        std::vector<Check> checks = run_all(size, truth);
        int failures = 0;
        if (rank == 0) {
            std::printf("smpi_roundtrip: %d ranks, tolerance %g\n", size, tol);
            failures = report(checks, tol);
            std::printf("smpi_roundtrip: %s (%zu experiments, %d mismatches)\n",
                        failures ? "FAIL" : "PASS", checks.size(), failures);
            std::fflush(stdout);
        }
        MPI_Bcast(&failures, 1, MPI_INT, 0, MPI_COMM_WORLD);
        status = failures ? 1 : 0;
    } catch (const cpm::UsageError &e) {
        if (rank == 0 || !e.collective())
            std::fprintf(stderr, "smpi_roundtrip: error: %s\n", e.what());
        status = 2;
    } catch (const cpm::Error &e) {
        if (rank == 0 || !e.collective())
            std::fprintf(stderr, "smpi_roundtrip: error: %s\n", e.what());
        status = 1;
    }
    MPI_Finalize();
    return status;
}
