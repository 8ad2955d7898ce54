/**
 * \file model_hockney_build.h
 * \brief Building the Hockney model by measurement (MPI): roundtrips of
 *        all pairs over the message sizes, then the fits of model_hockney.h
 *        (CPM 1.0.1's Hockney_build).
 */
#ifndef CPM_MODEL_HOCKNEY_BUILD_H
#define CPM_MODEL_HOCKNEY_BUILD_H

#include "model_build.h"
#include "model_hockney.h"

#include <mpi.h>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** Measures roundtrips of all pairs over o.sizes (at least two distinct)
 *  or, if o.adaptive: the adaptive sweep of o.size_plan (sweep_sizes,
 *  model_build.h: refined at each segment break) on a few pairs of each
 *  transport class (class_sweep_pairs), then every other pair of the
 *  class at the sizes segment_sizes picks from the sweep (per segment its
 *  first size and one whose line through it fits the sweep pairs within
 *  size_plan.tolerance; all the segment's sizes where none does; recorded
 *  as `pair-sizes`), and fits the Hockney model, one line per segment and
 *  pair (collective over comm; the model is valid on every rank). Throws
 *  cpm::UsageError for fewer than 2 processes or 2 sizes. */
Hockney build_hockney(MPI_Comm comm, const BuildOptions &o);

} // namespace cpm::models

/** @} */

#endif
