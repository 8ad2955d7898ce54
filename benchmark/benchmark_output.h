/**
 * \file benchmark_output.h
 * \brief The measurement output of `p2p`, `collective` and `kernel`: its
 *        one writer and its one reader (doc/formats.md, "Measurement
 *        output").
 *
 * An output is text: a first line `# CPM TOOL VERSION`, header lines
 * `# key: value` in the tool's order, a last header line `# columns: NAMES`,
 * then one row per measurement, its fields separated by one space:
 *
 *     # CPM p2p 0.1.0
 *     # command: p2p --sizes 0,1024
 *     ...
 *     # columns: M i j T wtick reps ci
 *     0 0 1 1.722990000e-06 1.000e-09 100 7.078e-08
 *
 * The writer writes the header and the rows of bench::Result; the tools
 * choose the lines. The reader gives the header lines by key and the
 * fields by column name, and checks the columns it knows (M, i, j, T,
 * wtick, reps, ci) while reading, so that a bad row is refused as
 * "FILE:LINE: problem" before anything uses it. No MPI is called.
 */
#ifndef CPM_BENCHMARK_OUTPUT_H
#define CPM_BENCHMARK_OUTPUT_H

#include "benchmark_precision.h"
#include "common_text.h"

#include <istream>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** A header line `# KEY: VALUE` to write. */
using HeaderLine = std::pair<std::string, std::string>;

/** The tools that write measurement outputs: "p2p", "collective",
 *  "kernel". */
const std::vector<std::string> &output_tools();

/** The columns of a row of write_result_row: M T wtick reps ci. */
const std::vector<std::string> &result_columns();
/** The columns of a row of write_pair_row: M i j T wtick reps ci. */
const std::vector<std::string> &pair_columns();

/** The lines that end every header before the tool's trailing lines:
 *  "total benchmarking time" (total seconds, %.6f) and "converged" (C of
 *  K experiments) of results. */
std::vector<HeaderLine> summary_lines(const std::vector<Result> &results,
                                      double total);

/** Writes the header: `# CPM TOOL VERSION` (this CPM's version), a line
 *  `# KEY: VALUE` per line in order, then `# columns: ...`. A newline or
 *  carriage return in a value is written as a space, so that the header
 *  stays one line per key. */
void write_output_header(std::ostream &out, const std::string &tool,
                         const std::vector<HeaderLine> &lines,
                         const std::vector<std::string> &columns);

/** Writes r as a row of result_columns(): `%ld %.9e %.3e %d %.3e`. */
void write_result_row(std::ostream &out, const Result &r);

/** Writes r, measured between ranks i and j, as a row of pair_columns():
 *  `%ld %d %d %.9e %.3e %d %.3e`. */
void write_pair_row(std::ostream &out, const Result &r, int i, int j);

/** A header line as read: key, value and its line in the file. */
struct OutputLine {
    std::string key;   /**< text between "# " and the first ": " */
    std::string value; /**< text after the first ": " */
    int line = 0;      /**< line number in the file (from 1) */
};

/** A data row as read: its fields and its line in the file. */
struct OutputRow {
    std::vector<std::string> fields; /**< one per column, as written */
    int line = 0;                    /**< line number in the file */
};

/**
 * A measurement output as read by read_output. The known columns of every
 * row hold what their type allows (checked while reading): M an integer
 * >= 0; i, j, reps integers in 0..INT_MAX; T a finite number; wtick and
 * ci finite numbers >= 0. Other columns are text.
 */
struct Output {
    std::string name;                 /**< the file's name, in errors */
    std::string tool;                 /**< "p2p", "collective" or "kernel" */
    std::string version;              /**< the CPM version that wrote it */
    std::vector<OutputLine> lines;    /**< `# KEY: VALUE` lines, in order */
    std::vector<std::string> columns; /**< the names of `# columns:` */
    int columns_line = 0;             /**< the line of `# columns:` */
    std::vector<OutputRow> rows;      /**< the data rows, in order */
    int last_line = 0;                /**< the number of lines read */

    /** The first header line with this key, or null. */
    const OutputLine *find(const std::string &key) const;
    /** Every header line with this key, in order. */
    std::vector<const OutputLine *> find_all(const std::string &key) const;
    /** True if a column has this name. */
    bool has_column(const std::string &column) const;
    /** The index of the named column; throws "FILE:LINE: no column
     *  'NAME' (columns: ...)" at the `# columns:` line. */
    std::size_t column(const std::string &column) const;
    /** The field of row in column c as an integer in [lo, hi]; throws
     *  "FILE:LINE: bad COLUMN 'TEXT'" (cpm::integer_at) at the row's line. */
    long integer(const OutputRow &row, std::size_t c,
                 long lo = std::numeric_limits<long>::min(),
                 long hi = std::numeric_limits<long>::max()) const;
    /** The field of row in column c as a finite number; throws as
     *  integer(). */
    double real(const OutputRow &row, std::size_t c) const;
    /** Throws cpm::UsageError "FILE:LINE: what". */
    [[noreturn]] void fail(int line, const std::string &what) const;
};

/**
 * Reads a measurement output. Checks the first line (`# CPM TOOL VERSION`,
 * TOOL one of output_tools()), that `# columns:` comes once, before any
 * row, with distinct names, that every row has one field per column, and
 * the known columns (see Output). Header lines that are not `# KEY:
 * VALUE` are comments and skipped, as are blank lines; a CR before the
 * newline is dropped. Lines are read with a bound (max bytes). Throws
 * cpm::UsageError "NAME:LINE: problem" at the first problem. Header
 * values are not checked: what a key means is its user's business.
 */
Output read_output(std::istream &in, const std::string &name,
                   std::size_t max = kMaxLineBytes);

} // namespace cpm::bench

/** @} */

#endif
