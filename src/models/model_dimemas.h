/**
 * \file model_dimemas.h
 * \brief The Dimemas collective model (Girona, Labarta, Badia 2000):
 *        collectives as a fan-in and a fan-out phase priced with a latency
 *        and a bandwidth. No MPI.
 *
 * Point to point, M bytes:
 *
 *     T(M) = L + M / B
 *
 * A collective operation of P processes (P = n of the model), M bytes per
 * process:
 *
 *     T = FAN_IN + FAN_OUT
 *     FAN_IN  = (L + SIZE_IN  / B) x FACTOR(MODEL_IN)
 *     FAN_OUT = (L + SIZE_OUT / B) x FACTOR(MODEL_OUT)
 *
 *     FACTOR(0) = 0      no such phase
 *     FACTOR(CT) = 1     constant
 *     FACTOR(LIN) = P    linear
 *     FACTOR(LOG) = Nsteps = sum_{i=1}^{ceil(log2 P)} ceil(C_i / buses)
 *
 * C_i = min(2^(i-1), P - 2^(i-1)) is the number of messages that phase i
 * of a binomial tree sends at once (the processes that hold the data, at
 * most as many as those still without it; sum_i C_i = P - 1), and `buses`
 * is the number of transfers the network carries at once.
 *
 * SIZE_IN and SIZE_OUT are computed from S and R, the bytes that the root's
 * call of the operation sends and receives (its send and receive buffers,
 * what a trace of the call records; dimemas_root_bytes):
 *
 *     MAX = max(S, R)   MIN = min(S, R)   MEAN = (S + R) / 2
 *     2MAX = 2 max(S, R)   S+R = S + R
 *
 * Which factor and size each operation uses is a table (the paper's Table 3
 * by default, dimemas_default_table), kept in the model file so that a user
 * may edit it. L and B are the homogeneous Hockney averages: L = mean of
 * alpha_ij, B = 1 / mean of beta_ij over all pairs (dimemas_from_hockney),
 * so that the p2p time is the homogeneous Hockney time; a user may give
 * others by editing the file. buses defaults to round(0.6 P) (the paper's
 * approximation of a crossbar's capacity); note that a binomial phase never
 * has more than P/2 transfers, so this default never adds steps. The
 * table, S and R per operation, and measurements: doc/model-dimemas.md.
 */
#ifndef CPM_MODEL_DIMEMAS_H
#define CPM_MODEL_DIMEMAS_H

#include "model_data.h"
#include "model_hockney.h"
#include "stats_fit.h"

#include <iosfwd>
#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** How a phase scales with P (file code in parentheses). */
enum class DimemasFactor {
    None = 0,     /**< (0) no such phase: factor 0 */
    Constant = 1, /**< (1) CT: factor 1 */
    Linear = 2,   /**< (2) LIN: factor P */
    Log = 3       /**< (3) LOG: factor Nsteps */
};

/** How the size of a phase comes from the root's S and R (file code in
 *  parentheses). */
enum class DimemasSize {
    Max = 1,     /**< (1) MAX: max(S, R) */
    Min = 2,     /**< (2) MIN: min(S, R) */
    Mean = 3,    /**< (3) MEAN: (S + R) / 2 */
    TwoMax = 4,  /**< (4) 2MAX: 2 max(S, R) */
    SendRecv = 5 /**< (5) S+R: S + R */
};

/** One phase of an operation: its factor and its size. */
struct DimemasPhase {
    DimemasFactor factor = DimemasFactor::None; /**< MODEL_IN or MODEL_OUT */
    DimemasSize size = DimemasSize::Max;        /**< SIZE_IN or SIZE_OUT */
};

/** One row of the table: an operation's fan-in and fan-out. */
struct DimemasRow {
    DimemasPhase in;  /**< fan-in phase */
    DimemasPhase out; /**< fan-out phase */
};

/** The bytes the root's call sends (S) and receives (R). */
struct DimemasBytes {
    double S = 0; /**< sent by the root */
    double R = 0; /**< received by the root */
};

/** The operations of the table in the paper's order (Id_op 0..13):
 *  barrier, bcast, gather, gatherv, scatter, scatterv, allgather,
 *  allgatherv, alltoall, alltoallv, reduce, allreduce, reduce_scatter,
 *  scan. These are also the record keys of the table and the -E names. */
const std::vector<std::string> &dimemas_operations();

/** The index of an operation in dimemas_operations(); throws
 *  cpm::UsageError listing the names if there is none such. */
std::size_t dimemas_operation(const std::string &op);

/** The paper's Table 3, one row per operation of dimemas_operations(). */
const std::vector<DimemasRow> &dimemas_default_table();

/** S and R of the root of operation op (an index of dimemas_operations())
 *  for P processes and M bytes per process (the block each process
 *  contributes or receives; vector variants with M for every process):
 *  barrier 0, 0; bcast M, 0; gather(v) M, P M; scatter(v) P M, M;
 *  allgather(v) M, P M; alltoall(v) P M, P M; reduce M, M; allreduce M, M;
 *  reduce_scatter P M, M; scan M, M. */
DimemasBytes dimemas_root_bytes(std::size_t op, int P, double M);

/** SIZE from S and R. */
double dimemas_size(DimemasSize s, const DimemasBytes &b);

/** Nsteps = sum over the ceil(log2 P) phases of a binomial tree of
 *  ceil(C_i / buses), C_i = min(2^(i-1), P - 2^(i-1)). 0 for P = 1.
 *  Throws cpm::UsageError if P < 1 or buses < 1. */
long dimemas_nsteps(int P, long buses);

/** The default number of buses: round(0.6 P), at least 1. */
long dimemas_default_buses(int P);

/** The Dimemas model of n processes. */
struct Dimemas {
    int n = 0;                     /**< number of processes P */
    stats::Estimate L;             /**< latency (s) */
    stats::Estimate B;             /**< bandwidth (bytes/s) */
    long buses = 1;                /**< concurrent transfers of the network */
    std::vector<DimemasRow> table; /**< per operation of dimemas_operations() */
    Provenance provenance;         /**< how L and B were measured */
    std::vector<std::string> warnings; /**< suspicious estimates (not saved) */

    /** "Dimemas". */
    static const char *name() { return "Dimemas"; }
    /** The records: L, B, buses, and one table record per operation. */
    static const std::vector<RecordSpec> &schema();
    /** Converts to records. */
    ModelData to_data() const;
    /** Converts from records (checked by read_text against schema());
     *  throws cpm::UsageError naming the record if a table code, buses or
     *  B is out of range. */
    static Dimemas from_data(const ModelData &d);

    /** Point to point: L + M / B. */
    double p2p(double M) const;
    /** The factor of a phase: 0, 1, P or Nsteps. */
    double factor(DimemasFactor f) const;
    /** FAN_IN of operation op (index of dimemas_operations()). */
    double fan_in(std::size_t op, double M) const;
    /** FAN_OUT of operation op. */
    double fan_out(std::size_t op, double M) const;
    /** FAN_IN + FAN_OUT of operation op. */
    double collective(std::size_t op, double M) const;
    /** FAN_IN + FAN_OUT of the operation of that name. */
    double collective(const std::string &op, double M) const;
};

/** The Dimemas model from a Hockney model: L = mean alpha, B = 1 / mean
 *  beta (confidence interval by the delta method, ci_beta / beta^2),
 *  buses = dimemas_default_buses(n), the default table; the provenance is
 *  the Hockney model's, with a `derivation` field. Throws cpm::UsageError
 *  if the mean beta is 0 (no bandwidth); a negative mean alpha or beta
 *  (noise over the sizes measured) is kept and reported in
 *  Dimemas::warnings, as the other models report negative estimates. */
Dimemas dimemas_from_hockney(const Hockney &h);

/** Reads a Dimemas model file: read_text, then from_data; an error of
 *  from_data (a bad table code...) is reported as "FILE:LINE: problem" at
 *  the line of the offending record. */
Dimemas read_dimemas(std::istream &in, const std::string &filename);

} // namespace cpm::models

/** @} */

#endif
