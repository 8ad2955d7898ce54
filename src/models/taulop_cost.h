/**
 * \file taulop_cost.h
 * \brief The tau-Lop cost algebra (Rico-Gallego, Lastovetsky, Diaz-Martin
 *        2017, section 3): transmissions as sequences of transfers, the
 *        concurrency operator and the assumptions A1-A3 for heterogeneous
 *        channels. No MPI; the parameters come through an interface.
 *
 * A transmission of m bytes on channel c between processes on nodes of
 * types s (sender) and r (receiver), k of them at once (k || T; eqs. 1-3;
 * the overhead is the processor's and is not multiplied by k):
 *
 *     channel 0 (shared memory, s = r):  k||T^0(m) = o^0_s(m) + 2 L^0_s(m,k)
 *     channel 1, staged (eq. 2):         k||T^1(m) = o^1_sr(m) + L^0_s(m,k)
 *                                                    + L^0_r(m,k) + L^1_sr(m,k)
 *     channel 1, direct (RDMA, eq. 3):   k||T^1(m) = o^1_sr(m) + L^1_sr(m,k)
 *
 * A phase is a set of streams that start together (a stream: a process's
 * transmissions one after the other, or one transmission of a process
 * that posts all its sends at once):
 *
 *   A2  on a channel, streams with totals m_(1) <= ... <= m_(n) there cost
 *       n||T(m_(1)) + (n-1)||T(m_(2) - m_(1)) + ...; the stream of total
 *       m_(r) pays the first r terms (k counts streams, not messages);
 *   A1  within a stream, terms on one link (channel and both node types)
 *       with the same k are one term of their total size;
 *   A3  channels do not interfere: a stream pays its terms on every
 *       channel it uses, and the phase costs what its most expensive
 *       stream pays.
 *
 * Phases one after the other add; the terms of each phase's most
 * expensive stream are joined by A1. Why this rule, and which of the
 * paper's derivations it reproduces: doc/model-taulop.md.
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
