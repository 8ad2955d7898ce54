/**
 * \file model_hloggp.h
 * \brief The HLogGP model (Bosque and Pastor, IEEE TPDS 17(12), 2006):
 *        LogGP with per-processor overheads and gaps and per-link
 *        latencies and gaps per byte. No MPI.
 *
 * Parameters of n processors:
 *
 *     os_i, or_i  send and receive overhead of processor i (s), measured
 *                 apart (vectors)
 *     g_i         gap of processor i: least time between the starts of two
 *                 consecutive messages it sends (measured on trains of
 *                 empty messages), also the least time between two
 *                 receives (vector)
 *     L_ij        latency of the link i - j (symmetric matrix)
 *     G_ij        gap per byte of the direction i -> j (matrix, G_ij and
 *                 G_ji may differ)
 *
 * One-way time of M bytes i -> j:
 *
 *     T_ij(M) = os_i + L_ij + M G_ij + or_j
 *
 * (M G rather than LogGP's (M - 1) G: L is then the latency of an empty
 * message, which the roundtrips of empty messages give as a symmetric
 * matrix, and every per-byte cost of the direction, the processors' and
 * the link's, is in G_ij.) The processor is busy with consecutive sends
 * s_ij(M) = max(g_i, os_i + M G_ij) apart, and with consecutive receives
 * (j from i) r_ij(M) = max(g_j, or_j + M G_ij) apart: a processor's
 * interface handles one message at a time. There is no contention: links
 * and processors not named in a term are free.
 *
 * Linear scatter, root r, M bytes to each x_1 < ... < x_{n-1} (rank order,
 * as MPIB_Scatter_linear posts them):
 *     max_k [ sum_{l<k} s_{r x_l}(M) + T_{r x_k}(M) ]
 * Linear gather to r: the messages leave at once and arrive at
 * A_x = os_x + L_xr + M G_xr; r completes them in rank order,
 *     F_k = max(A_{x_k} + or_r, F_{k-1} + r_{x_k r}(M)),  gather = F_{n-1}
 * Alike processors and links: (n-2) s + T for both.
 * Binomial scatter and gather: the trees of MPIB_Scatter_binomial and
 * MPIB_Gather_binomial (v = rank - root mod n; v's parent v - lowbit(v);
 * a subtree holds min(lowbit(v), n - v) blocks): a node sends to its
 * children one after another, largest subtree first, s apart, each
 * message T of its blocks; in the gather a node completes its children's
 * messages smallest subtree first with the recurrence of the linear
 * gather, then sends its subtree's blocks to its parent.
 *
 * Kernels (Rico-Gallego, Lastovetsky, Diaz-Martin, section 4): a phase
 * (kernel_config.h) costs the maximum over its sending processes of the
 * sum of the times T of the process's messages to its neighbours, whether
 * they are sent one after another or at once (HLogGP has no concurrency
 * operator); an iteration is the sum of its phases, a kernel the sum of
 * its iterations. For SUMMA on a column-based partition this is the
 * paper's rule: the horizontal phase is the maximum over the processes of
 * the pivot column block of their costs, the vertical phase the maximum
 * over the process columns of the column's total (one pivot-row owner per
 * column), and the iteration their sum. For the 2D wave it is "sum over
 * neighbours, maximum over processes".
 *
 * Estimated from the PLogP experiments (benchmark_plogp.h) run in both
 * directions of every pair (build in model_hloggp_build.cpp, solver
 * hloggp_solve): with RTT_ij(M) (M bytes i -> j, empty reply, timed by i),
 * os_ij(0), or_ij(0) (i's delayed receive of an empty message from j) and
 * g_ij(0) (empty messages i -> j in trains),
 *     os_i = mean_j os_ij(0),  or_i = mean_j or_ij(0),  g_i = mean_j g_ij(0)
 *     G_ij = least-squares slope of RTT_ij(M) over the measured sizes
 *     L_ij = (RTT_ij(0) + RTT_ji(0))/4 - (os_i + or_i + os_j + or_j)/2
 * so that T_ij(0) + T_ji(0) is the mean measured empty roundtrip and
 * T_ij(M) - T_ij(0) its measured growth. Confidence intervals: t-intervals
 * of the means over partners (os, or, g; with n = 2, a single partner,
 * the measurement's own interval), the fit's (G), and the sum of
 * the roundtrips' halves and the overheads' (L).
 */
#ifndef CPM_MODEL_HLOGGP_H
#define CPM_MODEL_HLOGGP_H

#include "benchmark_precision.h"
#include "kernel_config.h"
#include "model_data.h"
#include "stats_fit.h"

#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The HLogGP model of n processors. */
struct HLogGP {
    int n = 0;                        /**< number of processors */
    std::vector<stats::Estimate> os;  /**< send overhead per processor (s) */
    std::vector<stats::Estimate> or_; /**< receive overhead per processor */
    std::vector<stats::Estimate> g;   /**< gap per processor (s) */
    std::vector<stats::Estimate> L;   /**< latency per pair i < j (s) */
    /** Gap per byte of i -> j at i * n + j (s/B); the diagonal unused. */
    std::vector<stats::Estimate> G;
    Provenance provenance;            /**< how it was measured */
    std::vector<std::string> warnings; /**< suspicious estimates (not saved) */

    /** "HLogGP". */
    static const char *name() { return "HLogGP"; }
    /** The records: os, or, g per processor; L and G (both directions) per
     *  pair. */
    static const std::vector<RecordSpec> &schema();
    /** Converts to records. */
    ModelData to_data() const;
    /** Converts from records (checked by read_text against schema()).
     *  Negative values are kept: they are what was measured (the build
     *  warned about them). */
    static HLogGP from_data(const ModelData &d);

    /** os_i. */
    double send_overhead(int i) const;
    /** or_i. */
    double recv_overhead(int i) const;
    /** g_i. */
    double gap(int i) const;
    /** L_ij (symmetric). */
    double latency(int i, int j) const;
    /** G_ij, the gap per byte of i -> j. */
    double gap_per_byte(int i, int j) const;
    /** One-way time i -> j of M bytes: os_i + L_ij + M G_ij + or_j. */
    double p2p(int i, int j, double M) const;
    /** s_ij(M) = max(g_i, os_i + M G_ij): consecutive sends of i. */
    double send_interval(int i, int j, double M) const;
    /** r_ij(M) = max(g_j, or_j + M G_ij): consecutive receives of j. */
    double recv_interval(int i, int j, double M) const;
    /** Linear scatter from root, M bytes per process. */
    double scatter_linear(int root, double M) const;
    /** Linear gather to root, M bytes per process. */
    double gather_linear(int root, double M) const;
    /** Binomial scatter (MPIB_Scatter_binomial's tree). */
    double scatter_binomial(int root, double M) const;
    /** Binomial gather (MPIB_Gather_binomial's tree). */
    double gather_binomial(int root, double M) const;
    /** A phase: max over senders of the sum of their messages' T, a unit
     *  being unit_bytes bytes. Throws cpm::UsageError for a rank outside
     *  the model. */
    double phase(const kernels::Phase &p, double unit_bytes) const;
    /** A kernel: the sum over iterations of the sum of their phases. */
    double kernel(const std::vector<std::vector<kernels::Phase>> &iterations,
                  double unit_bytes) const;
};

/** The measurements hloggp_solve needs, per ordered pair e = i * n + j
 *  (i initiator, j partner; the diagonal unused). */
struct HLogGPData {
    int n = 0;               /**< processes */
    std::vector<long> sizes; /**< increasing, distinct, starting with 0 */
    /** RTT_ij at [size k][i * n + j]: sizes[k] bytes out, empty reply. */
    std::vector<std::vector<bench::Result>> rtt;
    std::vector<bench::Result> os;  /**< os_ij(0) at i * n + j */
    std::vector<bench::Result> or_; /**< or_ij(0) at i * n + j */
    std::vector<bench::Result> g;   /**< g_ij(0) at i * n + j */
};

/** Solves HLogGP from measurements (the equations at the top of this
 *  file); cl is the confidence level of the intervals of means and fits.
 *  Throws cpm::Error if the data are inconsistent (no size 0, fewer than
 *  two sizes, missing pairs). Negative L or G and a send overhead above
 *  the gap beyond their intervals are reported in warnings. */
HLogGP hloggp_solve(const HLogGPData &data, double cl);

} // namespace cpm::models

/** @} */

#endif
