/**
 * \file kernel_config.h
 * \brief Kernel configurations (process layout plus 2D partition) and the
 *        communication pattern of the SUMMA and 2D-wave kernels
 *        (Rico-Gallego, Lastovetsky, Diaz-Martin 2017, section 4).
 *
 * A configuration says on which node (and node type) each process runs and
 * which rectangle of an N x N grid of units it owns. The pattern of a
 * kernel iteration is a list of phases; in a phase every process starts
 * its sends at the same time. A process's sends in a phase are either
 * sequential (one after the other, e.g. SUMMA's blocking column sends) or
 * concurrent (all posted at once, e.g. the 2D-wave halo exchange).
 * Communication models turn a phase into a time (tau-Lop: the concurrency
 * algebra; HLogGP: sum over a process's neighbours, max over processes).
 *
 * Message sizes are in units; a unit is unit_bytes bytes (SUMMA: one
 * b x b block of doubles; 2D wave: one element of a halo edge).
 */
#ifndef CPM_KERNEL_CONFIG_H
#define CPM_KERNEL_CONFIG_H

#include <istream>
#include <ostream>
#include <string>
#include <vector>

/** \defgroup kernels Kernel configurations and communication patterns
 *  Depends on common only.
 *  @{ */

namespace cpm::kernels {

/** Which kernel a configuration describes. */
enum class Kernel { Summa, Wave2D };

/** One process of the layout. */
struct Process {
    std::string node; /**< node name (processes on one node share memory) */
    std::string type; /**< node type (tau-Lop parameters are per type) */
};

/** A rectangle of the N x N unit grid: columns x..x+w-1, rows y..y+h-1. */
struct Rect {
    long x = 0; /**< first column */
    long y = 0; /**< first row */
    long w = 0; /**< width in columns, >= 1 */
    long h = 0; /**< height in rows, >= 1 */
};

/** A configuration: layout and partition (one rectangle per process). */
struct Config {
    Kernel kernel = Kernel::Summa; /**< the kernel it describes */
    long N = 0;                  /**< grid side in units */
    std::vector<Process> procs;  /**< by rank */
    std::vector<Rect> rects;     /**< by rank; they tile the grid */
};

/** One message of a phase. */
struct Message {
    int dst = 0;    /**< receiving rank */
    long units = 0; /**< size in units (bytes = units * unit_bytes) */
};

/** What one process sends in a phase. */
struct Sends {
    int src = 0;                   /**< sending rank */
    bool concurrent = false;       /**< all at once, or one after another */
    std::vector<Message> messages; /**< in the order they are sent */
};

/** A phase: every process starts its sends at the same time. */
struct Phase {
    std::vector<Sends> senders; /**< processes that send in this phase */
};

/** "summa" or "wave2d". */
const char *kernel_name(Kernel k);
/** Parses a kernel name; throws cpm::UsageError listing the valid names. */
Kernel parse_kernel(const std::string &name);

/** Checks that a configuration is usable: 1 <= N <= 2^20, at least one
 *  process, a rectangle per process with w, h >= 1 inside the grid, no
 *  two rectangles overlapping, their areas adding up to N*N (so they tile
 *  the grid), a node name and type per process and one type per node.
 *  Throws cpm::UsageError "name:line: problem" (line: lines[rank], the
 *  configuration line of the offending rank, if given). */
void validate_config(const Config &c, const std::string &name,
                     const std::vector<int> &lines = {});

/** Reads a configuration (format in doc/formats.md); throws
 *  cpm::UsageError naming name:line on malformed input, a partition that
 *  does not tile the grid, or a rank without a rectangle. */
Config read_config(std::istream &in, const std::string &name);
/** Reads a configuration file by path (same errors; unreadable file). */
Config read_config_file(const std::string &path);

/** Writes a configuration in the format read_config reads (a comment
 *  with the rank after each process line). */
void write_config(std::ostream &out, const Config &c);

/** Whether ranks a and b share a node (channel 0) or not (channel 1). */
bool same_node(const Config &c, int a, int b);

/** The phases of SUMMA iteration k (0 <= k < N; else cpm::UsageError):
 *  phase 1 (pbc): each owner p of grid column k sends, one message after
 *  another, to every other process whose rows overlap p's, the number of
 *  overlapped rows in units; phase 2 (pbr): each owner p of grid row k
 *  sends, one after another, to every other process whose columns overlap
 *  p's, the number of overlapped columns. Always two phases; a process
 *  that sends nothing is not listed; messages go in increasing rank of
 *  the receiver (kernel_pattern.cpp). */
std::vector<Phase> summa_iteration(const Config &c, long k);
/** The single phase of one 2D-wave iteration: each process sends each
 *  neighbour (a rectangle sharing an edge segment with its own; corners
 *  do not count) the segment's length in units, all sends concurrent. */
std::vector<Phase> wave2d_iteration(const Config &c);
/** The iterations of the configuration's kernel: N for SUMMA (eq. 11),
 *  one for the 2D wave (its time per iteration). */
std::vector<std::vector<Phase>> kernel_iterations(const Config &c);

} // namespace cpm::kernels

/** @} */

#endif
