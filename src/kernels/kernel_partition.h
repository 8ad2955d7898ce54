/**
 * \file kernel_partition.h
 * \brief Column partitions of the N x N grid for processes of given
 *        relative speeds (the column arrangement of Beaumont et al. 2000
 *        that Rico-Gallego et al. 2017 use, Fig. 8 and 10), so that
 *        configurations need not be written by hand.
 *
 * With speeds s_i normalised to sum 1, the processes are split into C
 * columns; a column of processes G has the width W_G = sum_{i in G} s_i
 * (times N) and process i of G the height s_i / W_G (times N), so that
 * every process gets an area proportional to its speed. The sum of the
 * half-perimeters of the rectangles, which is what SUMMA communicates,
 * is sum_G (|G| W_G + 1); as Beaumont et al. show, an optimal arrangement
 * has the processes sorted by speed and the columns contiguous in that
 * order, so a dynamic program over the sorted speeds finds the best C
 * groups (and the best C when none is given). Widths and heights are
 * rounded to whole units by largest remainders, each at least 1.
 */
#ifndef CPM_KERNEL_PARTITION_H
#define CPM_KERNEL_PARTITION_H

#include "kernel_config.h"

#include <cstddef>
#include <istream>
#include <string>
#include <vector>

/** \addtogroup kernels
 *  @{ */

namespace cpm::kernels {

/** The most processes read_layout and best_columns accept: the dynamic
 *  program of best_columns takes time O(P^3) and memory O(P^2): at this
 *  limit about 270 MB and 14 s (doc/kernels.md). */
constexpr std::size_t kMaxLayoutProcesses = 4096;

/** A process of a layout with its relative speed. */
struct LayoutProcess {
    std::string node;  /**< node name */
    std::string type;  /**< node type */
    double speed = 1;  /**< relative speed, > 0 */
};

/** Reads a layout: one line "node type speed [count]" per process (count
 *  copies of the line, default 1), in rank order; '#' starts a comment.
 *  A node has one type; at most kMaxLayoutProcesses processes. Throws cpm::UsageError "name:line: problem". */
std::vector<LayoutProcess> read_layout(std::istream &in,
                                       const std::string &name);

/** Splits total into parts proportional to weights, each at least 1,
 *  summing to total (largest remainders). Needs total >= weights.size()
 *  and positive weights (else cpm::UsageError). */
std::vector<long> apportion(long total, const std::vector<double> &weights);

/** The columns (groups of ranks, left to right; within a column top to
 *  bottom) of the arrangement with the least sum of half-perimeters:
 *  with columns == 0 the best number of columns, else exactly that many.
 *  A column never holds more than N processes and there are at most N
 *  columns (cpm::UsageError if no arrangement fits, or if there are more
 *  than kMaxLayoutProcesses speeds). */
std::vector<std::vector<int>> best_columns(const std::vector<double> &speeds,
                                           long N, int columns = 0);

/** The configuration of kernel k on an N x N grid: the layout's
 *  processes in the columns of best_columns, widths and heights as in the
 *  file comment. */
Config column_partition(Kernel k, long N,
                        const std::vector<LayoutProcess> &layout,
                        int columns = 0);

} // namespace cpm::kernels

/** @} */

#endif
