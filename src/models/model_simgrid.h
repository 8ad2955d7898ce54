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
 * - Hockney: a link per pair. One segment: L_ij = alpha_ij - 16 beta_ij,
 *   B_ij = 1/beta_ij, no host delays. With segments (the union of the
 *   pairs' starts), per segment s the intercepts alpha - 16 beta and the
 *   slopes beta are fitted as u_i^s + u_j^s + F_s z_ij (least squares):
 *   host delays os = ois = or per segment, the link z, global factors F
 *   (smpi/lat-factor, smpi/bw-factor); exact where the times have that
 *   structure (the test bed's).
 * - LMO: os = ois = or = C_i + t_i m on host i; a link per pair with
 *   B_ij = beta_ij and L_ij - 16/beta_ij. Exact. With segments, the link
 *   parts L^s - 16/beta^s and 1/beta^s fitted as Hockney's (u^0 = 0), u
 *   added to LMO's C_i^s and t_i^s; from the rendezvous size on (no host
 *   delays in SMPI) the whole one-way time fitted, u = 0.
 * - PLogP: os = ois = or on host i, per size segment (the union of the
 *   pairs' segment starts and the rendezvous size) the least-squares
 *   line through the median os of the pairs i initiated (PLogP measures
 *   os on the lower rank); a link per pair, per segment the least-squares
 *   line through (T_ij(m) + T_ji(m))/2 - os_i(m) - or_j(m) (T the model's
 *   p2p) at the measured sizes of the segment and its ends, fitted as
 *   LMO's links are (a pair's link scaled by a global factor per
 *   segment, host corrections u^s added to the delays, u^0 = 0 unless a
 *   segment from the rendezvous size on, which has no host delays, fixes
 *   the links: then u^0 is fitted too, which gives the last rank, whose
 *   own os PLogP does not measure, its delay; a negative delay shifted
 *   from the host's links as in Hockney's).
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
