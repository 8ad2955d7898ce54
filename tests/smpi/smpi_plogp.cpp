/*
 * smpi_plogp: what the PLogP experiments (benchmark_plogp.h) measure on a
 * simulated cluster with known parameters. Built with smpicxx from the
 * library sources, run under smpirun on a platform of cpm-smpi-platform
 * (see there for the settings that make times exact); the truth file is
 * read by its one reader, src/testbeds/smpi/smpi_truth_file.h.
 *
 * With x_h(m) = C_x + t_x*m for x in {os, or} on host h, w_ij(m) =
 * (m+16)/B_ij and ow(i,j,m) = os_i(m) + L_ij + w_ij(m) + or_j(m), the
 * experiments of pair (i initiator, j partner) at m bytes must give:
 *
 *   RTT(m) = ow(i,j,m) + ow(j,i,0)                     (both modes)
 *   RTT'(m) = ow(i,j,0) + ow(j,i,m)                    (both modes)
 *   os(m)  = os_i(m)                                   (both modes)
 *   or(m)  = or_i(m)                                   (both modes: the
 *            receive is posted before the request, so the reply is there
 *            when the wait is timed)
 *   mode "rendezvous" (SMPI's default: a transfer starts when its receive
 *   is posted; with logp_mpi's receive called after the delay, or(m) was
 *   L_ij + w_ij(m) + or_i(m)):
 *     g(m)  = max(os_i(m), L_ij + w_ij(m) + or_j(m))  (each message of a
 *             train crosses when j has posted its receive, after the
 *             previous one; or i is still busy sending)
 *   mode "eager" (--cfg=smpi/async-small-thresh above every size: a
 *   transfer starts when it is sent):
 *     g(m)  = max(os_i(m), or_j(m))            if os_i(m) >= w_ij(m)
 *     w_ij(m) <= g(m) <= w_ij(m) + or_j(m)     otherwise (the sender
 *       outruns the link; SimGrid shares the link fairly among the
 *       messages in flight, which then complete together, so the
 *       receiver's overhead is partly serialised with the transfers)
 *
 * Each mean must match within a relative tolerance (default 1e-6). Rank 0
 * prints each relation's worst error, the mismatches, and (with -v) every
 * measured value next to its expectation. Exit status 1 on a mismatch, 2
 * on bad input.
 *
 * usage: smpi_plogp TRUTH_FILE rendezvous|eager [TOLERANCE] [-v]
 */
#include "benchmark_plogp.h"
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

using cpm::smpi::Truth;

struct Check {
    std::string relation; // e.g. "g eager, sender slower than link"
    int i, j;
    long m;
    double measured, expected, hi; // hi > 0: a range [expected, hi]
};

double error_of(const Check &c)
{
    if (c.hi > 0) { // relative distance outside the range
        if (c.measured < c.expected)
            return (c.expected - c.measured) / c.expected;
        return c.measured > c.hi ? (c.measured - c.hi) / c.hi : 0;
    }
    return std::fabs(c.measured - c.expected) / std::fabs(c.expected);
}

std::vector<Check> run(const Truth &t, bool eager)
{
    int n = t.size(), rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<cpm::bench::Pair> pairs = cpm::bench::all_pairs(n);
    cpm::bench::Precision prec; // identical repetitions stop at min_reps
    std::vector<Check> out;
    for (bool parallel : {true, false})
        for (long m : {0L, 1024L, 65536L, 1048576L}) {
            auto res = cpm::bench::measure_plogp(MPI_COMM_WORLD, pairs, m,
                                                 parallel, prec);
            if (rank != 0)
                continue;
            for (std::size_t e = 0; e < pairs.size(); ++e) {
                int i = pairs[e].i, j = pairs[e].j;
                const cpm::bench::PLogPResult &r = res[e];
                const cpm::smpi::TruthHost &hi = t.hosts[i], &hj = t.hosts[j];
                double L = t.link(i, j).L, B = t.link(i, j).B;
                double w = double(m + 16) / B;
                double ow = hi.os(m) + L + w + hj.orecv(m);
                double back = hj.os(0) + L + 16 / B + hi.orecv(0);
                auto add = [&](const char *rel, const cpm::bench::Result &x,
                               double expected, double hi = 0) {
                    std::string what = rel;
                    if (!x.converged)
                        what += " (not converged)";
                    out.push_back({what, i, j, m, x.T, expected, hi});
                };
                add("RTT = ow(i,j,m) + ow(j,i,0)", r.rtt, ow + back);
                // The reverse roundtrip: empty request i -> j, m back.
                double fwd0 = hi.os(0) + L + 16 / B + hj.orecv(0);
                double owb = hj.os(m) + L + w + hi.orecv(m);
                add("RTT' = ow(i,j,0) + ow(j,i,m)", r.rtt_back, fwd0 + owb);
                add("os = os_i(m)", r.os, hi.os(m));
                add("or = or_i(m)", r.or_, hi.orecv(m));
                if (!eager) {
                    add("g = max(os_i, L + w(m) + or_j(m))", r.g,
                        std::max(hi.os(m), L + w + hj.orecv(m)));
                } else {
                    if (hi.os(m) >= w)
                        add("g = max(os_i, or_j) [os_i >= w]", r.g,
                            std::max(hi.os(m), hj.orecv(m)));
                    else
                        add("w <= g <= w + or_j [os_i < w]", r.g, w,
                            w + hj.orecv(m));
                }
            }
        }
    return out;
}

int report(const std::vector<Check> &checks, double tol, bool verbose)
{
    std::vector<std::string> rels;
    for (const Check &c : checks)
        if (std::find(rels.begin(), rels.end(), c.relation) == rels.end())
            rels.push_back(c.relation);
    int failures = 0; // values that do not match
    std::printf("%-44s %5s %12s\n", "relation", "count", "max rel err");
    for (const std::string &rel : rels) {
        double worst = 0;
        int count = 0, bad = 0;
        for (const Check &c : checks)
            if (c.relation == rel) {
                ++count;
                worst = std::max(worst, error_of(c));
                bad += !(error_of(c) <= tol) ||
                       rel.find("not converged") != std::string::npos;
            }
        std::printf("%-44s %5d %12.3g %s\n", rel.c_str(), count, worst,
                    bad ? "FAIL" : "ok");
        failures += bad;
    }
    for (const Check &c : checks) {
        bool bad = !(error_of(c) <= tol);
        if (!bad && !verbose)
            continue;
        char hi[40] = "";
        if (c.hi > 0)
            std::snprintf(hi, sizeof hi, " .. %.9e", c.hi);
        std::printf("%s %d-%d %7ld B: measured %.9e expected %.9e%s [%s]\n",
                    bad ? "MISMATCH" : "value", c.i, c.j, c.m, c.measured,
                    c.expected, hi, c.relation.c_str());
    }
    return failures;
}

} // namespace

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0, status = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    try {
        Truth truth;
        bool eager = false, verbose = false;
        double tol = 1e-6;
        cpm::agree(MPI_COMM_WORLD, [&] {
            std::vector<std::string> args(argv + 1, argv + argc);
            if (!args.empty() && args.back() == "-v") {
                verbose = true;
                args.pop_back();
            }
            if (args.size() < 2 || args.size() > 3 ||
                (args[1] != "rendezvous" && args[1] != "eager"))
                throw cpm::UsageError("usage: smpi_plogp TRUTH_FILE "
                                      "rendezvous|eager [TOLERANCE] [-v]");
            eager = args[1] == "eager";
            if (args.size() == 3) {
                tol = cpm::parse_double(args[2], "tolerance", 0, 1);
                if (!(tol > 0 && tol < 1))
                    throw cpm::UsageError(
                        "tolerance: expected a number in (0, 1), got " +
                        cpm::quoted(args[2]));
            }
            truth = cpm::smpi::read_truth_file(args[0]);
            if (truth.size() != size)
                throw cpm::UsageError("the truth file has " +
                                      std::to_string(truth.size()) +
                                      " hosts, but " + std::to_string(size) +
                                      " ranks run");
        });
        std::vector<std::string> names = cpm::processor_names(MPI_COMM_WORLD);
        cpm::agree(MPI_COMM_WORLD, [&] {
            for (int r = 0; r < size; ++r)
                if (names[r] != truth.hosts[r].name)
                    throw cpm::UsageError("rank " + std::to_string(r) +
                                          " runs on " + names[r] +
                                          ", the truth file says " +
                                          truth.hosts[r].name);
        });
        std::vector<Check> checks = run(truth, eager);
        int failures = 0;
        if (rank == 0) {
            std::printf("smpi_plogp: %d ranks, mode %s, tolerance %g\n", size,
                        eager ? "eager" : "rendezvous", tol);
            failures = report(checks, tol, verbose);
            std::printf("smpi_plogp: %s (%zu values, %d mismatches)\n",
                        failures ? "FAIL" : "PASS", checks.size(), failures);
            std::fflush(stdout);
        }
        MPI_Bcast(&failures, 1, MPI_INT, 0, MPI_COMM_WORLD);
        status = failures ? 1 : 0;
    } catch (const cpm::Error &e) {
        if (rank == 0 || !e.collective())
            std::fprintf(stderr, "smpi_plogp: error: %s\n", e.what());
        status = dynamic_cast<const cpm::UsageError *>(&e) ? 2 : 1;
    }
    MPI_Finalize();
    return status;
}
