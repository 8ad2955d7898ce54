/**
 * \file coll_plan.h
 * \brief Model-based collectives: what the models imply (send and receive
 *        orders, pieces, binomial-tree mappings) and the predicted times.
 *        No MPI.
 *
 * Linear scatter and gather with the LMO model (src/models/model_lmo.h).
 * With root r, M bytes per process, the root's serialised cost of one
 * message a(M) = C_r + t_r M and the rest of the message to i,
 * T'_i(M) = L_ri + C_i + M (1/beta_ri + t_i):
 *
 * - CPM_Scatter_linear_opt sends to the processes in decreasing order of
 *   T'_i(M), so that the longest legs start first and overlap the root's
 *   later sends. The k-th message (k = 1..n-1) leaves after k a(M), so
 *     T = max_k ( k a(M) + T'_(k)(M) )             if M <= S (or no S),
 *     T = (n-1) a(M) + sum_i T'_i(M)               if M > S,
 *   where T'_(k) is the leg of the k-th process in that order (above S
 *   the transfers serialise and the order does not matter).
 * - CPM_Gather_linear_opt posts its receives in increasing order of
 *   T'_i(M), the order in which the messages are expected. The model's
 *   many-to-one time has the root process every message after the last
 *   has arrived, so the order does not enter the prediction:
 *     g(M) = (n-1) a(M) + max_i T'_i(M) + kappa1 M  (small)
 *     T = g(M)                                      if M <= M1 (or no M1)
 *     T = (n-1) a(M) + sum_i T'_i(M) + kappa2 M     if M > M2
 *     T = sum_{p=1..K} g(m_p)                      if M1 < M <= M2
 *   (LMO::many2one, piece by piece). In the medium range, where gather
 *   escalates (the model predicts the time without the escalations),
 *   every process sends its block in K = ceil(M / floor(M1)) pieces of
 *   m_p <= M1 bytes (q = floor(M/K) or q + 1 bytes), and the root gathers
 *   the pieces round by round, each round's receives in the order for q
 *   bytes: K small gathers in place of one medium one. Without M2 the
 *   medium range has no upper end.
 *
 * Binomial scatter and gather with the Hockney model
 * (src/models/model_hockney.h). The tree is that of MPIB_Scatter_binomial
 * (benchmark/benchmark_coll.h) over positions v = 0..n-1, position 0 the
 * root; a mapping order[v] puts a process at each position (MPIB's own is
 * order[v] = (v + root) mod n). With T_ij(M) = alpha_ij + beta_ij M:
 *
 * - scatter: a node sends its children's subtrees one after another,
 *   largest first; the child c with s blocks receives at
 *     arrival(c) = arrival(parent) + sum of T_{order[parent],order[x]}(s_x M)
 *   over the children x sent before it and c itself; T = max_v arrival(v)
 *   (Hockney::sg_binomial for MPIB's mapping).
 * - gather: a node receives its children's subtrees one after another,
 *   smallest first, each once the child has its whole subtree:
 *     ready(v) = fold over children c: t = max(t, ready(c)) + T_{order[c],order[v]}(s_c M)
 *   starting from t = 0; T = ready(0).
 * - _opt: the mapping with the least predicted time for this root and M;
 *   _cor: the one with the greatest (the deliberately bad mapping, for
 *   comparison). Exact (all (n-1)! mappings, the first best in
 *   lexicographic order) for n <= kExhaustiveMax, else a greedy mapping
 *   (position by position, parents first, the cheapest or dearest link
 *   from the parent) improved by exchanging pairs of positions while that
 *   helps (for n <= 64).
 *
 * Every function is deterministic: processes that hold the same model
 * reach the same decisions without communicating.
 */
#ifndef CPM_COLL_PLAN_H
#define CPM_COLL_PLAN_H

#include "model_hockney.h"
#include "model_lmo.h"

#include <vector>

/** \defgroup coll Model-based collectives
 *  CPM 1.0.1's optimised scatter and gather: orders and mappings chosen
 *  from the LMO and Hockney models, their predicted times (no MPI), the
 *  collectives themselves (MPI) and the C names (cpm_coll.h). Depends on
 *  models and common.
 *  @{ */

namespace cpm::coll {

/** C_r + t_r M: the root's processing of one message (LMO). */
double lmo_root_cost(const models::LMO &m, int root, double M);

/** T'_i(M) = L_ri + C_i + M (1/beta_ri + t_i): a message root -> i after
 *  the root's processing (LMO). */
double lmo_leg(const models::LMO &m, int root, int i, double M);

/** The ranks other than root in the order CPM_Scatter_linear_opt sends
 *  to them: decreasing T'_i(M), ties by rank. */
std::vector<int> scatter_linear_order(const models::LMO &m, int root,
                                      double M);

/** The ranks other than root in the order CPM_Gather_linear_opt posts
 *  its receives: increasing T'_i(M), ties by rank. */
std::vector<int> gather_linear_order(const models::LMO &m, int root,
                                     double M);

/** Number of pieces CPM_Gather_linear_opt sends each block of M bytes
 *  in: ceil(M / floor(M1)) if M1 < M <= M2 (or M > M1 without M2) and
 *  floor(M1) >= 1, else 1. */
long gather_linear_pieces(const models::LMO &m, long M);

/** Start (bytes) of piece p of K of a block of M bytes: floor(p M / K);
 *  piece p is [piece_offset(p), piece_offset(p+1)). */
long piece_offset(long M, long K, long p);

/** Predicted time of CPM_Scatter_linear_opt (see the file comment). */
double predict_scatter_linear_opt(const models::LMO &m, int root, double M);

/** Predicted time of CPM_Gather_linear_opt (see the file comment). */
double predict_gather_linear_opt(const models::LMO &m, int root, double M);

/** Which binomial collective a mapping is for. */
enum class TreeOp { Scatter, Gather };

/** Which mapping of the binomial tree onto the processes. */
enum class TreeMap {
    Plain,   /**< MPIB's: position v on rank (v + root) mod n */
    Optimal, /**< least predicted time (the _opt collectives) */
    Worst    /**< greatest predicted time (the _cor collectives) */
};

/** Up to this many processes the mappings are searched exhaustively. */
const int kExhaustiveMax = 8;

/** Message size (bytes per process) for which CPM_p2p_initialize chooses
 *  its mapping, having none given. */
const double kReorderSize = 65536;

/** order[v]: the rank at position v of the binomial tree rooted at root
 *  (order[0] == root), chosen for M bytes per process. */
std::vector<int> binomial_mapping(const models::Hockney &h, int root,
                                  double M, TreeOp op, TreeMap kind);

/** Predicted time of the binomial scatter or gather with M bytes per
 *  process on the mapping order (see the file comment). */
double binomial_time(const models::Hockney &h, const std::vector<int> &order,
                     double M, TreeOp op);

/** Predicted time of CPM_Scatter_binomial_opt. */
double predict_scatter_binomial_opt(const models::Hockney &h, int root,
                                    double M);
/** Predicted time of CPM_Scatter_binomial_cor. */
double predict_scatter_binomial_cor(const models::Hockney &h, int root,
                                    double M);
/** Predicted time of CPM_Gather_binomial_opt. */
double predict_gather_binomial_opt(const models::Hockney &h, int root,
                                   double M);
/** Predicted time of CPM_Gather_binomial_cor. */
double predict_gather_binomial_cor(const models::Hockney &h, int root,
                                   double M);
/** Predicted time of CPM_Scatter_binomial with M bytes per process on the
 *  communicator CPM_p2p_initialize(comm, root, opt) makes (its mapping
 *  chosen for kReorderSize bytes). */
double predict_scatter_binomial_reordered(const models::Hockney &h, int root,
                                          bool opt, double M);

} // namespace cpm::coll

/** @} */

#endif
