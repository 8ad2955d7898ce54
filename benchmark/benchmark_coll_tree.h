/**
 * \file benchmark_coll_tree.h
 * \brief The binomial tree of the MPIB binomial collectives, in positions
 *        0..n-1 (position 0 the root): position v > 0 has parent
 *        v - lowbit(v) and its subtree holds positions
 *        v .. v + min(lowbit(v), n - v) - 1; the root's children are
 *        top/2, top/4, ..., 1 with top = pow2_at_least(n).
 *
 * One copy for the measured collectives (benchmark_coll_binomial.cpp),
 * the model-based ones and their plans (src/coll) and the models that
 * predict binomial collectives.
 */
#ifndef CPM_BENCHMARK_COLL_TREE_H
#define CPM_BENCHMARK_COLL_TREE_H

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench::coll {

/** The lowest set bit of v > 0 (the size of v's subtree, capped by n). */
inline int lowbit(int v) { return v & -v; }

/** The least power of two >= n (1 for n <= 1). */
inline int pow2_at_least(int n)
{
    int p = 1;
    while (p < n)
        p <<= 1;
    return p;
}

} // namespace cpm::bench::coll

/** @} */

#endif
