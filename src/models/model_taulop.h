/**
 * \file model_taulop.h
 * \brief The heterogeneous tau-Lop model (Rico-Gallego, Lastovetsky,
 *        Diaz-Martin 2017): overhead o^c(m) and transfer time L^c(m, tau)
 *        per channel and node type, and its predictions. No MPI.
 *
 * Parameters, per node type t (channel 0, shared memory) and per pair of
 * node types {s, r} (channel 1, network):
 *
 *     o^0_t(m), L^0_t(m, tau)        o^1_sr(m), L^1_sr(m, tau)
 *
 * for tau = 1..tau_max concurrent transfers, tabulated at the measured
 * message sizes m_1 < ... < m_K. Between measured sizes every parameter is
 * linear in m. Beyond the largest size (and below the smallest, if it is
 * not 0) L follows the paper's L(A m, tau) = A L(m, tau) and o the line
 * through the two nearest sizes (constant if only one). Above tau_max,
 * L(m, tau) continues the line through tau_max - 1 and tau_max (never
 * below L(m, tau_max)). Transmissions and their concurrency: the algebra
 * of taulop_cost.h.
 *
 * Estimation (model_taulop_build.cpp, benchmark_ring.h): o^c(m) is the
 * time of the MPI_Isend call of m bytes on the channel; Ring_tau^c(m) is
 * the time of tau processes each sending m bytes to the next of a ring at
 * once, which the algebra says is tau||T^c(m), so
 *
 *     L^0_t(m, tau) = (Ring^0_tau(m) - o^0_t(m)) / 2
 *     L^1_sr(m, tau) = Ring^1_tau(m) - o^1_sr(m)
 *                      [- L^0_s(m, tau) - L^0_r(m, tau)]
 *
 * (the bracket for a staged network). The rings measured, the predictions
 * (p2p, concurrent transfers, collectives, kernels) and measurements:
 * doc/model-taulop.md.
 */
#ifndef CPM_MODEL_TAULOP_H
#define CPM_MODEL_TAULOP_H

#include "kernel_config.h"
#include "model_data.h"
#include "taulop_cost.h"

#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The parameters of one channel between node types (channel 0: s = r). */
struct TauLopTable {
    int channel = 0;         /**< 0 shared memory, 1 network */
    /** the node type of one end, s <= r */
    int s = 0, r = 0;        /**< the node type of the other end */
    /** one of the two ranks that identify the channel in files */
    int rank_i = 0, rank_j = 1; /**< the other rank that identifies it */
    std::vector<long> sizes; /**< measured sizes, increasing */
    std::vector<double> o;   /**< o(m_k) (s) */
    /** L[tau-1][k] = L(m_k, tau) (s), tau = 1..tau_max. */
    std::vector<std::vector<double>> L;
};

/** The heterogeneous tau-Lop model of a set of processes. */
class TauLop : public taulop::Params {
public:
    /** Largest tau a model file can hold (record keys L1..L16). */
    static const int kTauMax = 16;

    int n = 0;                          /**< processes */
    std::vector<std::string> nodes;     /**< node (processor name) by rank */
    std::vector<int> type;              /**< node type by rank */
    std::vector<std::string> type_names;/**< name of each type */
    bool direct_network = false;        /**< channel 1 as eq. 3, not eq. 2 */
    std::vector<TauLopTable> tables;    /**< one per channel and types */
    Provenance provenance;              /**< how it was measured */
    std::vector<std::string> warnings;  /**< suspicious estimates (not saved) */

    /** "taulop". */
    static const char *name() { return "taulop"; }
    /** Records: type per rank, network mode, and o, L1..L16 per
     *  identifying pair and size. */
    static const std::vector<RecordSpec> &schema();
    /** Converts to records (checks the tables; throws cpm::Error). */
    ModelData to_data() const;
    /** Converts from records; throws cpm::UsageError on inconsistent
     *  tables (missing sizes or tau, two pairs for one channel). */
    static TauLop from_data(const ModelData &d);

    /** The table of a channel between node types; throws cpm::UsageError
     *  naming it if it was not measured. */
    const TauLopTable &table(int channel, int s, int r) const;
    /** The link between ranks i and j. */
    taulop::Link link(int i, int j) const;
    /** Type index of a type name; with a single type any name maps to it;
     *  throws cpm::UsageError listing the names otherwise. */
    int type_of(const std::string &name) const;

    /* taulop::Params */
    double overhead(const taulop::Link &l, double m) const override;
    double transfer0(int type, double m, int tau) const override;
    double transfer1(int s, int r, double m, int tau) const override;
    bool direct() const override { return direct_network; }

    /** L^c(m, tau) of a table (interpolated as the file's top says). */
    static double L_at(const TauLopTable &t, double m, int tau);
    /** o^c(m) of a table. */
    static double o_at(const TauLopTable &t, double m);

    /** One-way time i -> j of m bytes: T^c(m). */
    double p2p(int i, int j, double m) const;
    /** tau transmissions of m bytes on the channel of i and j at once. */
    double concurrent(int i, int j, double m, int tau) const;
    /** Binomial broadcast from root (eq. 4 with the actual channels). */
    double bcast_binomial(int root, double m) const;
    /** Linear scatter: the root sends m bytes to each other rank in turn. */
    double scatter_linear(int root, double m) const;
    /** Linear gather: every other rank sends m bytes to the root at once. */
    double gather_linear(int root, double m) const;
    /** Binomial scatter (the measurement module's tree), m per process. */
    double scatter_binomial(int root, double m) const;
    /** Binomial gather (the measurement module's tree), m per process. */
    double gather_binomial(int root, double m) const;

    /** The streams of a kernel phase on a configuration: a process's
     *  sequential sends are one stream, concurrent sends one stream each;
     *  a message of u units is u * unit_bytes bytes; channels and node
     *  types from the configuration (types matched by name, type_of). */
    std::vector<taulop::Stream> streams(const kernels::Config &c,
                                        const kernels::Phase &ph,
                                        double unit_bytes) const;
    /** The expression of phases run one after the other (A1 across them,
     *  as in the paper's (10)). */
    taulop::Expr iteration(const kernels::Config &c,
                           const std::vector<kernels::Phase> &phases,
                           double unit_bytes) const;
    /** The communication time of a kernel on a configuration: the sum over
     *  its iterations (eq. 11) of their evaluated expressions; SUMMA's N
     *  iterations or one 2D-wave iteration (eq. 14). */
    double kernel(const kernels::Config &c, kernels::Kernel k,
                  double unit_bytes) const;

    /** The phases of the binomial tree of n ranks from root: stage by
     *  stage, who sends how many bytes to whom (bcast: blocks = 1). */
    std::vector<std::vector<taulop::Stream>>
    binomial_phases(int root, double m, bool scatter, bool gather) const;
};

/** The measurements of one channel between node types: the send
 *  overhead and Ring_tau times at each size (seconds). */
struct TauLopMeasured {
    int channel = 0;            /**< 0 shared memory, 1 network */
    /** the node type of one end */
    int s = 0, r = 0;           /**< the node type of the other end */
    /** one of the two ranks it was measured between */
    int rank_i = 0, rank_j = 1; /**< the other rank it was measured between */
    std::vector<long> sizes;    /**< increasing */
    std::vector<double> o;      /**< o(m_k) */
    /** ring[tau-1][k] = Ring_tau(m_k), tau = 1..tau_max. */
    std::vector<std::vector<double>> ring;
};

/** Everything the solver needs. */
struct TauLopData {
    int n = 0;                           /**< processes */
    std::vector<std::string> nodes;      /**< node by rank */
    std::vector<int> type;               /**< node type by rank */
    std::vector<std::string> type_names; /**< name of each type */
    /** "staged", "direct" or "auto" (staged if every type of a channel-1
     *  measurement has channel-0 parameters). */
    std::string network = "auto";
    std::vector<TauLopMeasured> channels; /**< measured channels */
};

/** Solves tau-Lop from measurements (equations at the top of this file):
 *  L^0 = (Ring^0 - o^0)/2, then L^1 = Ring^1 - o^1 [- L^0_s - L^0_r].
 *  Throws cpm::UsageError if the network is staged and a type of a
 *  channel-1 measurement has no channel-0 parameters, or the data are
 *  inconsistent. Negative L are kept and reported in warnings. */
TauLop taulop_solve(const TauLopData &data);

} // namespace cpm::models

/** @} */

#endif
