/**
 * \file model_build.h
 * \brief Building models by measurement (MPI): what every builder shares.
 *
 * The options every builder takes (BuildOptions: precision, sizes,
 * parallel rounds, timing, the command line and a progress log), the
 * sizes of a point-to-point build and their segments (sweep_sizes: the
 * user's list, or the adaptive sweep of SizePlan when none is given), the
 * provenance of a build and the entry checks of the builders. Each model's
 * builder is declared in its own header, model_NAME_build.h, with the
 * options only that model takes (e.g. LmoBuildOptions, TauLopBuildOptions).
 *
 * Builders are collective over the communicator; the model they return is
 * valid on every rank.
 */
#ifndef CPM_MODEL_BUILD_H
#define CPM_MODEL_BUILD_H

#include "benchmark_precision.h"
#include "benchmark_timing.h"
#include "model_data.h"

#include <mpi.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/**
 * The builders' sizes when the user gives none (no -s, -m or --sizes):
 * an adaptive sweep (sweep_sizes). It measures a log-spaced set from 0 to
 * max_size (initial()), finds the size segments of each transport class
 * (Bai-Perron), then refines, round after round, with sizes shared by the
 * pairs of a class:
 *  - at each break: the midpoint of the last size before the segment's
 *    start and the start (bisection), until the bracket (a, b] is at most
 *    max(1, resolution b) bytes wide: the start found is the first size
 *    after the break, within that resolution of the true one;
 *  - where a segment's line (least squares on the class's mean time) does
 *    not fit its points: the midpoints on both sides of the worst point,
 *    if its relative residual exceeds tolerance (as logp_mpi refines
 *    PLogP's functions where the interpolation misses);
 * until no size is added, max_rounds rounds, or a class has max_sizes
 * sizes. Each refinement call also measures again, below each new size,
 * a size of the first call: the new times are put on the first call's
 * footing, and breaks and misfits must stand out of the change between
 * calls this shows (ClassTimes). No segment search (--segments no, no
 * R): the initial set alone.
 */
struct SizePlan {
    long max_size = 4194304;  /**< largest size: 4 MiB */
    int per_octave = 2;       /**< sizes per octave from dense_from to
                                   sparse_from: 2^k (1 + j / per_octave) */
    long dense_from = 1024;   /**< below: 0 and the powers of two */
    long sparse_from = 262144; /**< from here: the powers of two (the
                                   large sizes cost the most) */
    double resolution = 0.01; /**< of a break's bracket, relative */
    double tolerance = 0.01;  /**< relative residual a segment's line may
                                   leave at a point */
    int max_rounds = 10;      /**< refinement rounds */
    std::size_t max_sizes = 160; /**< sizes of one class */

    /** The log-spaced initial sizes, increasing: 0, 1, 2, 4, ...,
     *  dense_from, then per_octave per octave up to sparse_from, then the
     *  powers of two, and max_size. Throws
     *  cpm::UsageError for a field out of range. */
    std::vector<long> initial() const;
};

/** How to measure a model: the settings every model's build takes. A
 *  model's own settings are a struct of its build header (e.g.
 *  LmoBuildOptions in model_lmo_build.h). */
struct BuildOptions {
    bench::Precision precision;        /**< repetitions, cl, eps */
    std::vector<long> sizes;           /**< message sizes of the sweeps */
    /** The user gave no sizes: builders that call sweep_sizes measure
     *  size_plan's adaptive sweep instead of sizes (the others keep
     *  sizes, the tools' default). */
    bool adaptive = false;
    SizePlan size_plan;                /**< the adaptive sweep's plan */
    bool parallel = true;              /**< independent experiments in rounds */
    bench::Timing timing = bench::Timing::Max; /**< for collectives */
    std::string command;               /**< recorded in the model file */
    /** Search the point-to-point sweeps for size segments
     *  (model_segments.h; needs R); false: one line per pair. */
    bool segments = true;
    /** Called on rank 0 with a line describing each step; may be empty. */
    std::function<void(const std::string &)> log;
    /** Passes a line to log on rank 0 of comm. */
    void say(MPI_Comm comm, const std::string &line) const;
};

/**
 * The size segments of each transport class of pairs (pair_class[p]: 0
 * one node, 1 two nodes; model_segments.h) from roundtrips rt[s][p] over
 * sizes: Bai-Perron on rank 0 on the class's mean half-roundtrip, the
 * starts broadcast (collective). Empty lists if !o.segments, fewer than 8
 * sizes, or no R (then o.say tells why).
 */
std::vector<std::vector<long>>
find_class_segments(MPI_Comm comm, const BuildOptions &o,
                    const std::vector<long> &sizes,
                    const std::vector<std::vector<bench::Result>> &rt,
                    const std::vector<int> &pair_class,
                    const std::string &model);

/** Measures the sizes for the pairs (indices into bench::all_pairs(n)),
 *  collectively: returns t[s][k], the one-way time of pair pairs[k] at
 *  sizes[s] (T and ci in seconds, valid on rank 0 at least). The builder
 *  keeps what else it measured. */
using MeasureSizes = std::function<std::vector<std::vector<bench::Result>>(
    const std::vector<long> &sizes, const std::vector<std::size_t> &pairs)>;

/** What sweep_sizes measured and found. Classes as pair_classes
 *  (model_segments.h): 0 one node, 1 two nodes. */
struct SizeSweep {
    std::vector<int> pair_class;                 /**< of each pair */
    std::vector<std::vector<long>> class_sizes;  /**< measured, per class */
    std::vector<std::vector<long>> segments;     /**< starts, per class */
    int rounds = 0;                              /**< refinement rounds */
    bool adaptive = false;                       /**< size_plan was used */

    /** The sizes measured for pair p (those of its class), increasing. */
    const std::vector<long> &sizes_of(std::size_t p) const
    {
        return class_sizes.at(std::size_t(pair_class.at(p)));
    }
    /** For the provenance: the sizes of each class with measured pairs
     *  (the explicit list as sizes_text; adaptive ones prefixed
     *  "adaptive"). */
    std::string text() const;
    /** For the provenance: "one node 0,...; two nodes 0,..." over the
     *  classes with measured pairs. */
    std::string segments_text() const;
};

/**
 * The sizes of a point-to-point build and their segments, in one place
 * for every builder (collective over comm, n ranks). If o.adaptive, the
 * sweep of o.size_plan (SizePlan): initial sizes for all pairs, then
 * refinement per class; otherwise o.sizes (sorted, distinct; 0 added if
 * add_zero) for all pairs, segments searched once (find_class_segments's
 * rules). measure is called with each batch of new sizes; o.say tells
 * what is measured and found. only: the pairs to measure (indices into
 * bench::all_pairs(n), e.g. LMO's few sweep pairs per class); empty: all
 * pairs. A class none of whose pairs is measured has no sizes and no
 * segments.
 */
SizeSweep sweep_sizes(MPI_Comm comm, const BuildOptions &o, int n,
                      const MeasureSizes &measure, const std::string &model,
                      bool add_zero = false,
                      const std::vector<std::size_t> &only = {});

/**
 * One refinement step of a class (no MPI; SizePlan's rules): given its
 * sizes (increasing), its mean one-way times y (> 0) and the segment
 * starts found on them, the sizes to measure next, increasing and not yet
 * measured; empty when the sweep is done. slack (seconds, one per size,
 * or empty for none): how far a time may be off the line before its
 * residual counts as a misfit (ClassTimes::slack: the scatter between
 * calls).
 */
std::vector<long> refine_sizes(const std::vector<long> &sizes,
                               const std::vector<double> &y,
                               const std::vector<long> &starts,
                               const SizePlan &plan,
                               const std::vector<double> &slack = {});

/**
 * The sizes a refinement call of sweep_sizes measures again besides its
 * new sizes add (no MPI; ClassTimes::anchors passes the first call's):
 * for each new size, the largest of sizes (increasing) below it, or the
 * smallest above it if none is below. Increasing and distinct; empty if
 * add or sizes is.
 */
std::vector<long> anchor_sizes(const std::vector<long> &sizes,
                               const std::vector<long> &add);

/**
 * The times of one transport class as sweep_sizes keeps them over its
 * calls (no MPI). A host's speed can change between two calls by more
 * than the scatter within a call (on the emulated clusters, tens to
 * hundreds of microseconds on a roundtrip of about 100 us), and a break
 * found between sizes of different calls can be that change alone. So
 * each refinement call also measures anchors(): for each new size, the
 * size of the first call below it. An anchor keeps its first time; the
 * change d of its time since the first call is taken off the new size's
 * time (which is then on the first call's footing), and |d| is the slack
 * of both: a break must stand out of it (width()), a misfit exceed it
 * (refine_sizes). The builders' own tables keep each call's raw times.
 */
struct ClassTimes {
    /** What is kept of one size. */
    struct Entry {
        double time = 0;  /**< mean one-way time, s */
        double half = 0;  /**< its interval half-width, s */
        double slack = 0; /**< scatter between calls, s */
        int call = 0;     /**< the call that first measured it */
    };
    std::map<long, Entry> at; /**< by size */
    int calls = 0;            /**< calls recorded so far */

    /** The anchors of a refinement call with new sizes add:
     *  anchor_sizes() of the first call's sizes. */
    std::vector<long> anchors(const std::vector<long> &add) const;

    /** Records a call's sizes (increasing, distinct) with their times and
     *  half-widths. A size measured before keeps its time and half-width;
     *  its slack becomes at least the change of its time since then. A
     *  new size is stored with its time less d, the change since the
     *  first call of its anchor in this call (the first call's size below
     *  it, else above it; d = 0 without one), and slack |d|. Throws
     *  cpm::Error if the lengths differ. */
    void record(const std::vector<long> &sizes, const std::vector<double> &t,
                const std::vector<double> &h);
    /** The sizes, increasing. */
    std::vector<long> sizes() const;
    /** The times, by sizes(). */
    std::vector<double> times() const;
    /** The slack, by sizes(). */
    std::vector<double> slacks() const;
    /** max(half-width, slack), by sizes(): what a break must stand out of
     *  (class_segments' ci). */
    std::vector<double> width() const;
};

/**
 * One refinement step of measurements that are interpolated linearly
 * between the measured sizes (tau-Lop's tables; no MPI). sizes:
 * increasing; series[k][s]: the k-th measured quantity at sizes[s], with
 * the interval half-width ci[k][s]; scale[s] > 0: the time deviations are
 * relative to (e.g. the one-way time). Where some series leaves, at an
 * inner size b, the line through its neighbours a < b < c by more than
 * plan.tolerance scale[b] plus the intervals at a, b and c, the
 * interpolation between a and c would miss: the midpoints of (a, b) and
 * (b, c) are returned, each if its interval is wider than max(1,
 * plan.resolution x its upper end). Increasing, not yet measured; empty
 * when the table interpolates within the tolerance everywhere.
 */
std::vector<long>
interpolation_sizes(const std::vector<long> &sizes,
                    const std::vector<std::vector<double>> &series,
                    const std::vector<std::vector<double>> &ci,
                    const std::vector<double> &scale, const SizePlan &plan);

/** The segment starts of a class's mean times y over sizes (no MPI): the
 *  Bai-Perron search of find_class_segments (h = 4 observations), less
 *  the breaks the times' interval half-widths ci, widened to the scatter
 *  between neighbouring sizes (scatter_band), do not support
 *  (supported_starts, model_segments.h); empty if fewer than 8 sizes, a
 *  time is not positive, or R cannot decide (then *failed, if given, gets
 *  R's message). */
std::vector<long> class_segments(const std::vector<long> &sizes,
                                 const std::vector<double> &y,
                                 const std::vector<double> &ci,
                                 std::string *failed = nullptr);

/** A few pairs of each transport class (pair_class[p] of each pair of
 *  bench::all_pairs order) for a sweep that stands for the class: the
 *  first pair of each class, then up to per_class - 1 more sharing no
 *  process with those chosen for the class (so they run at once), class
 *  0 first in each turn. Returns their indices, in the order chosen. */
std::vector<std::size_t> class_sweep_pairs(const std::vector<int> &pair_class,
                                           int n, int per_class = 2);

/**
 * The sizes every other pair of a class needs for one line per segment
 * (no MPI): from the sweep of the class's sweep pairs (sizes increasing,
 * series[k][s] the one-way time of sweep pair k at sizes[s], > 0) and
 * the segment starts, per segment its first size f and the smallest
 * later size g of the segment such that, on every series, g's time is at
 * least twice f's (the size term at least the fixed one, so that the
 * slope is not a difference of two near-equal times) and the line
 * through f and g leaves at every size of the segment a relative
 * residual of at most tolerance; the segment's largest size if none
 * reaches twice f's time. A segment where no such g fits keeps all its
 * sizes (its line is then a least-squares fit). Increasing; empty if the
 * series do not match the sizes.
 */
std::vector<long> segment_sizes(const std::vector<long> &sizes,
                                const std::vector<std::vector<double>> &series,
                                const std::vector<long> &starts,
                                double tolerance);

/** The one-way time of pair p (an index into bench::all_pairs order) at
 *  size M, as a builder measured it in its sweep (read on rank 0). */
using OneWayTime = std::function<double(long M, std::size_t p)>;

/** After an adaptive sweep w on the sweep pairs `few` (class_sweep_pairs):
 *  for each class (0, 1), the sizes every other pair of the class
 *  measures, segment_sizes over the sweep pairs of the class (the class's
 *  sweep sizes where it decides no fit; empty for a class without sweep
 *  pairs). Decided on rank 0 from one_way, the same on every rank
 *  (collective). */
std::vector<std::vector<long>>
class_pair_sizes(MPI_Comm comm, const SizeSweep &w,
                 const std::vector<std::size_t> &few, const OneWayTime &one_way,
                 double tolerance);

/** Gives every rank of comm rank 0's lists of sizes (lists.size() must be
 *  the same on every rank; the other ranks' contents are replaced).
 *  Collective. */
void bcast_size_lists(MPI_Comm comm, std::vector<std::vector<long>> &lists);

/** Provenance of a build: date, MPI, processors, options (collective). */
Provenance make_provenance(MPI_Comm comm, const BuildOptions &o,
                           const std::string &sizes_text);

/** The size of comm, at least min_n; throws cpm::UsageError "the MODEL
 *  model needs at least MIN processes, got N" (the same on every rank). */
int build_comm_size(MPI_Comm comm, int min_n, const std::string &model);

/** The message sizes of a build: sizes sorted and distinct, 0 added if
 *  add_zero; throws cpm::UsageError naming a negative size. */
std::vector<long> build_sizes(std::vector<long> sizes, bool add_zero);

/** Describes a size list compactly ("0:1024:102400" for a stride, else the
 *  list). */
std::string sizes_text(const std::vector<long> &sizes);

} // namespace cpm::models

/** @} */

#endif
