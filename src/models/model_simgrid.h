/**
 * \file model_simgrid.h
 * \brief A model as a SimGrid platform (`model --export simgrid`): the
 *        platform whose simulated point-to-point times are the model's.
 *        No MPI.
 *
 * The platform is written by the one writer of the format,
 * common_simgrid.h, whose one-way time under the exactness settings is
 *
 *     T_ij(m) = os_i(m) + FLAT_s L_ij + (m + 16) / (FBW_s B_ij) + or_j(m).
 *
 * Each model is mapped onto it as follows (doc/formats.md, "SimGrid
 * export", gives the reasons and the residuals):
 *
 * - Hockney: a link per pair, no host delays. Segment 0 gives the link,
 *   B_ij = 1/beta_ij, L_ij = alpha_ij - 16 beta_ij; segment s > 0 (the
 *   union of the pairs' segment starts) gives global factors, FBW_s the
 *   median over pairs of beta^0/beta^s and FLAT_s the median of
 *   (alpha^s - 16 beta^s)/L_ij. Exact with one segment or where every
 *   pair scales alike.
 * - LMO: os = ois = or = C_i + t_i m on host i; a link per pair with
 *   B_ij = beta_ij and L_ij - 16/beta_ij. Exact.
 * - PLogP: os_i(m) and or_i(m) the medians over i's pairs of os and or at
 *   the measured sizes (linear in between, as PLogP interpolates); a link
 *   per pair with B_ij = 1/G_ij, G_ij the slope of g_ij between the two
 *   largest sizes (the wire time per byte, as LogGP's G), and latency the
 *   median over the sizes of what remains of L_ij + g_ij(m). or_j(m) is
 *   lowered where it would leave a pair less than its wire time (PLogP's
 *   or includes the transfer where the receive starts it).
 *
 * A parameter the platform cannot hold (negative, not finite, a zero or
 * negative bandwidth) makes the export throw cpm::UsageError naming it.
 */
#ifndef CPM_MODEL_SIMGRID_H
#define CPM_MODEL_SIMGRID_H

#include "common_simgrid.h"
#include "model_hockney.h"
#include "model_lmo.h"
#include "model_plogp.h"

#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** A model as a platform, with notes on how close it is. */
struct SimgridExport {
    SimgridPlatform platform; /**< hosts host0.., links, settings */
    /** How the model was mapped, and the residual: the largest and mean
     *  relative difference between the platform's one-way time and the
     *  model's p2p over all ordered pairs and the check sizes. */
    std::vector<std::string> notes;
    double max_rel = 0;  /**< largest relative difference */
    double mean_rel = 0; /**< mean relative difference */
};

/** Options of the export. */
struct SimgridExportOptions {
    /** smpi/send-is-detached-thresh: from this size on, sends are
     *  rendezvous (no os, no or); 0: every send detached (eager). */
    long rendezvous = 0;
};

/** The Hockney model as a platform (see the top). */
SimgridExport simgrid_export(const Hockney &m, const SimgridExportOptions &o);
/** The LMO model as a platform (see the top). */
SimgridExport simgrid_export(const LMO &m, const SimgridExportOptions &o);
/** The PLogP model as a platform (see the top). */
SimgridExport simgrid_export(const PLogP &m, const SimgridExportOptions &o);

} // namespace cpm::models

/** @} */

#endif
