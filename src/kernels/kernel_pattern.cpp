/* The communication pattern of the SUMMA and 2D-wave kernels on a
 * configuration (Rico-Gallego, Lastovetsky, Diaz-Martin 2017, section 4).
 *
 * SUMMA, iteration k (0 <= k < N), C = A x B on an N x N grid of b x b
 * blocks; process p owns the rectangle R_p = [x_p, x_p+w_p) x [y_p, y_p+h_p)
 * of the three matrices:
 *   phase 1 (pbc): every p with x_p <= k < x_p+w_p owns blocks A(i,k) for
 *     its rows i and sends, one message after another, to every q != p
 *     whose rows overlap its own the overlapped blocks:
 *       units(p -> q) = |[y_p, y_p+h_p) n [y_q, y_q+h_q)|
 *   phase 2 (pbr): every p with y_p <= k < y_p+h_p owns blocks B(k,j) for
 *     its columns j and sends, one after another, to every q != p whose
 *     columns overlap its own:
 *       units(p -> q) = |[x_p, x_p+w_p) n [x_q, x_q+w_q)|
 *     (in the column arrangement of Beaumont et al. this is the column's
 *     width, sent to the other processes of the column).
 *   The paper's cost of the iteration is the cost of phase 1 plus that of
 *   phase 2 (eqs. 8-10), and of the kernel the sum over k (eq. 11).
 * 2D wave, one iteration of the 5-point stencil (eq. 12) on an N x N mesh:
 *   a single phase in which every p sends every neighbour q (a rectangle
 *   sharing an edge segment with R_p; corners alone do not count) the
 *   elements of that segment, all messages at once (eq. 13):
 *       units(p -> q) = length of the shared segment
 *   and the iteration's cost is the concurrent cost of all processes'
 *   sends (eq. 14).
 * Messages are listed in increasing rank of the receiver; processes that
 * send nothing in a phase are left out of it. */
#include "kernel_config.h"

#include "common_error.h"
#include "kernel_text.h"

#include <algorithm>

namespace cpm::kernels {

namespace {

using text::overlap;

bool contains(long start, long length, long k)
{
    return start <= k && k < start + length;
}

/* The sends of p to every q whose interval (of rows or columns) overlaps
 * p's: units = the overlap. */
Sends overlap_sends(const Config &c, int p, bool rows)
{
    Sends s;
    s.src = p;
    s.concurrent = false;
    const Rect &a = c.rects[std::size_t(p)];
    for (std::size_t q = 0; q < c.rects.size(); ++q) {
        if (int(q) == p)
            continue;
        const Rect &b = c.rects[q];
        long units = rows ? overlap(a.y, a.h, b.y, b.h)
                          : overlap(a.x, a.w, b.x, b.w);
        if (units > 0)
            s.messages.push_back({int(q), units});
    }
    return s;
}

/* The shared edge of two disjoint rectangles (0 if none, or a corner). */
long shared_edge(const Rect &a, const Rect &b)
{
    if (a.x + a.w == b.x || b.x + b.w == a.x)
        return overlap(a.y, a.h, b.y, b.h);
    if (a.y + a.h == b.y || b.y + b.h == a.y)
        return overlap(a.x, a.w, b.x, b.w);
    return 0;
}

} // namespace

std::vector<Phase> summa_iteration(const Config &c, long k)
{
    if (k < 0 || k >= c.N)
        throw UsageError("SUMMA iteration " + std::to_string(k) +
                         " outside 0.." + std::to_string(c.N - 1));
    std::vector<Phase> phases(2);
    for (std::size_t p = 0; p < c.rects.size(); ++p) {
        const Rect &r = c.rects[p];
        if (contains(r.x, r.w, k)) {
            Sends s = overlap_sends(c, int(p), true);
            if (!s.messages.empty())
                phases[0].senders.push_back(s);
        }
        if (contains(r.y, r.h, k)) {
            Sends s = overlap_sends(c, int(p), false);
            if (!s.messages.empty())
                phases[1].senders.push_back(s);
        }
    }
    return phases;
}

std::vector<Phase> wave2d_iteration(const Config &c)
{
    std::vector<Phase> phases(1);
    for (std::size_t p = 0; p < c.rects.size(); ++p) {
        Sends s;
        s.src = int(p);
        s.concurrent = true;
        for (std::size_t q = 0; q < c.rects.size(); ++q) {
            if (q == p)
                continue;
            long units = shared_edge(c.rects[p], c.rects[q]);
            if (units > 0)
                s.messages.push_back({int(q), units});
        }
        if (!s.messages.empty())
            phases[0].senders.push_back(s);
    }
    return phases;
}

std::vector<std::vector<Phase>> kernel_iterations(const Config &c)
{
    std::vector<std::vector<Phase>> its;
    if (c.kernel == Kernel::Summa) {
        for (long k = 0; k < c.N; ++k)
            its.push_back(summa_iteration(c, k));
    } else {
        its.push_back(wave2d_iteration(c));
    }
    return its;
}

} // namespace cpm::kernels
