/**
 * \file taulop_cost.h
 * \brief The tau-Lop cost algebra (Rico-Gallego, Lastovetsky, Diaz-Martin,
 *        section 3): transmissions as sequences of transfers, the
 *        concurrency operator and the assumptions A1-A3 for heterogeneous
 *        channels. No MPI; the parameters come through an interface.
 *
 * A transmission of m bytes on channel c between processes on nodes of
 * types s (sender) and r (receiver), with k of them contending (k || T):
 *
 *     channel 0 (shared memory, s = r):   k||T^0(m) = o^0_s(m) + 2 L^0_s(m,k)
 *     channel 1, staged (eq. 2):          k||T^1(m) = o^1_sr(m) + L^0_s(m,k)
 *                                                     + L^0_r(m,k) + L^1_sr(m,k)
 *     channel 1, direct (RDMA, eq. 3):    k||T^1(m) = o^1_sr(m) + L^1_sr(m,k)
 *
 * (the overhead belongs to the processor and is not multiplied by k).
 *
 * A phase: every stream (a process's sequence of transmissions, or one
 * transmission of a process that posts all its sends at once) starts at
 * the same time. It is evaluated as
 *
 *   A2  on a channel, the streams using it, with m_(1) <= ... <= m_(n)
 *       bytes there in total, progress together during the shorter ones:
 *       n||T(m_(1)) + (n-1)||T(m_(2)-m_(1)) + ... ; the stream with total
 *       m_(r) pays the first r terms. The contention k is the number of
 *       streams on the channel: one stream's messages go one after the
 *       other and never contend with each other, whatever their links;
 *       each term's bytes are priced on the links of the stream's messages
 *       they cover, in send order (a level can span two messages);
 *   A1  within a stream, the resulting terms on one link (channel and
 *       both node types) with the same k are one term of their total size;
 *   A3  channels do not interfere: a stream pays, on each channel it uses,
 *       its own A2 terms there, and the phase costs what its most
 *       expensive stream pays.
 *
 * The cost of a sequence of phases is the sum of the terms of each phase's
 * most expensive stream, where (A1 again) terms with the same channel,
 * node types and k are joined into one term of their total size, as in
 * the paper's step from (8) and (9) to (10). This rule reproduces the
 * paper's hand derivations (5) -> (7) (when T^1(m_b - m_d) >=
 * T^0(m_c - m_a), the case where the paper's "T^0(m_c - m_a) drops out"
 * is exact), (8), (9) and (10); doc/model-taulop.md explains why a
 * timeline simulation does not reproduce both (7) and (8).
 */
#ifndef CPM_TAULOP_COST_H
#define CPM_TAULOP_COST_H

#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models::taulop {

/** Where a transmission goes: channel 0 (both ends on one node of type
 *  src_type = dst_type) or 1 (nodes of types src_type and dst_type). */
struct Link {
    int channel = 0;  /**< 0 shared memory, 1 network */
    int src_type = 0; /**< node type of the sender */
    int dst_type = 0; /**< node type of the receiver */
    /** The same link with the types in increasing order (costs do not
     *  depend on the direction). */
    Link normalized() const;
    /** Strict order (channel, then types) for grouping. */
    bool operator<(const Link &o) const;
    /** Equality of all fields. */
    bool operator==(const Link &o) const;
};

/** The parameters the algebra needs (a model, or synthetic ones). */
class Params {
public:
    virtual ~Params() = default;
    /** Overhead o^c(m) of a transmission on the link (seconds). */
    virtual double overhead(const Link &l, double m) const = 0;
    /** Transfer time L^0_t(m, tau) of node type t (seconds). */
    virtual double transfer0(int type, double m, int tau) const = 0;
    /** Transfer time L^1_{s,r}(m, tau) between node types s and r. */
    virtual double transfer1(int s, int r, double m, int tau) const = 0;
    /** Whether channel 1 transmissions are direct (o + L^1, eq. 3) rather
     *  than staged (o + 2 L^0 + L^1, eq. 2). */
    virtual bool direct() const = 0;
};

/** One term of a cost expression: k || T(bytes) on a link. */
struct Term {
    Link link;        /**< channel and node types */
    int k = 1;        /**< concurrent transmissions (k >= 1) */
    double bytes = 0; /**< message size */
};

/** A cost expression: the sum of its terms. */
using Expr = std::vector<Term>;

/** k || T(m) on link l (eqs. 1-3 with every transfer at tau = k).
 *  Throws cpm::UsageError for k < 1 or m < 0. */
double transmission(const Params &p, const Link &l, double m, int k = 1);

/** The value of an expression: the sum of its terms. */
double evaluate(const Params &p, const Expr &e);

/** A1: terms with the same link and k joined into one of their total size
 *  (order of first appearance kept). */
Expr aggregate(const Expr &e);

/** One message of a stream. */
struct Transmission {
    Link link;        /**< channel and node types */
    double bytes = 0; /**< size */
};

/** A stream: transmissions one after the other, starting with the phase. */
using Stream = std::vector<Transmission>;

/** The terms each stream pays in a phase (A2 per channel over each
 *  stream's total bytes on it, the bytes priced on their own links in send
 *  order, A1 within streams, A3 across channels), by stream. */
std::vector<Expr> phase_terms(const std::vector<Stream> &streams);

/** The expression of a phase: the terms of its most expensive stream
 *  (empty if no stream sends). */
Expr phase(const Params &p, const std::vector<Stream> &streams);

/** The expression of phases run one after the other: the terms of each
 *  phase, joined by A1 if aggregate_terms. */
Expr phases(const Params &p, const std::vector<std::vector<Stream>> &ps,
            bool aggregate_terms = true);

/** A readable form, e.g. "2||T^0_0(116) + T^1_01(54)". */
std::string to_string(const Expr &e);

} // namespace cpm::models::taulop

/** @} */

#endif
