/**
 * \file model_data.h
 * \brief The parameters of any model as named records, with the facts of
 *        how they were measured, and their text and JSON forms. No MPI.
 *
 * Every model converts itself to and from a ModelData; the file format,
 * the JSON output and their checks live here once for all models. A model
 * declares its records with a schema: for each key, whether it is indexed
 * by nothing, by a processor i, by a pair i < j, or by a pair and a message
 * size m in bytes, and the names of its values. The text format is in
 * doc/formats.md:
 *
 *     cpm-model 1
 *     model LMO
 *     n 4
 *     processor 0 node01
 *     ...
 *     measured date 2026-11-22T05:22:46Z
 *     ...
 *     C 0 1.2e-05 3e-07
 *     L 0 1 4.1e-05 2e-06
 *     ...
 *     end
 */
#ifndef CPM_MODEL_DATA_H
#define CPM_MODEL_DATA_H

#include "benchmark_precision.h"
#include "benchmark_schedule.h"

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

/** \defgroup models Models: Hockney, LMO, PLogP/LogGP
 *  Build from measurements (MPI), predict and read/write (no MPI).
 *  Depends on benchmark, stats, rbridge and common.
 *  @{ */

namespace cpm::models {

/** Version of the model file format written and read. */
const int kFormatVersion = 1;

/** How a model's measurements were made. */
struct Provenance {
    std::string date;                    /**< UTC, ISO 8601 */
    std::string mpi;                     /**< MPI library and version */
    std::string command;                 /**< command line of the build */
    std::vector<std::string> processors; /**< processor name of each rank */
    bench::Precision precision;          /**< repetitions, cl, eps */
    std::string timing = "-";            /**< timing method of collectives */
    bool parallel = true;                /**< parallel rounds */
    std::string sizes = "-";             /**< message sizes used */
    std::map<std::string, std::string> extra; /**< model-specific facts */
};

/** How a record is indexed. PairSize records ("key i j m values") hold a
 *  function of the message size m (bytes, 0..INT_MAX) for each pair i < j;
 *  a required PairSize key must be given for every pair at every size that
 *  any PairSize record of the file names. */
enum class Index { None, Processor, Pair, PairSize };

/** One kind of record a model writes. */
struct RecordSpec {
    std::string key;                 /**< first word of its lines */
    Index index;                     /**< by nothing, i, i<j, or i<j and m */
    std::vector<std::string> values; /**< names of its values, in order */
    bool required;                   /**< must appear (all indices) */
    /** Whether the record's values depend on the message size range: a
     *  parameter of a model whose time is piecewise in the size holds one
     *  value per segment (between breakpoints), and a prediction uses the
     *  segment of each message's size. Declared for the piecewise
     *  point-to-point parameters to come; no model sets it yet, and it
     *  changes neither the file format nor any reading or writing
     *  (doc/adding-a-model.md, "Parameters that depend on the size"). */
    bool per_segment = false;
};

/** One record: a key, its indices and its values. */
struct Record {
    std::string key;            /**< the RecordSpec key */
    std::vector<int> index;     /**< 0, 1, 2 or 3 (i, j, m) indices */
    std::vector<double> values; /**< as RecordSpec::values */
};

/** A model as data: name, size, provenance and records. */
struct ModelData {
    std::string model;          /**< model name, e.g. "LMO" */
    int n = 0;                  /**< number of processes */
    Provenance provenance;      /**< how it was measured */
    std::vector<Record> records;/**< parameters */

    /** Adds a record. */
    void add(const std::string &key, std::vector<int> index,
             std::vector<double> values);
    /** The records with this key, in file order. */
    std::vector<const Record *> find(const std::string &key) const;
    /** The values of the single unindexed record with this key. */
    const std::vector<double> &scalar(const std::string &key) const;
    /** For a processor-indexed key: values of processor i, indexed by i. */
    std::vector<std::vector<double>> per_processor(const std::string &key) const;
    /** For a pair-indexed key: values of pair (i<j) at pair_index(n,i,j). */
    std::vector<std::vector<double>> per_pair(const std::string &key) const;
};

/** Index of pair (i, j), i != j, in the C(n,2) pairs in lexicographic
 *  order of (min, max): the measurement module's order. */
using bench::pair_index;

/** Writes data in the text format (each number with the fewest digits,
 *  15 to 17, that read back exactly, so that saving a loaded file
 *  reproduces it byte for byte). */
void write_text(std::ostream &out, const ModelData &data,
                const std::vector<RecordSpec> &schema);

/** Reads the text format; checks it against the schema of the expected
 *  model. Throws cpm::UsageError "FILE:LINE: problem" on a malformed,
 *  truncated, wrong-model or wrong-version file. */
ModelData read_text(std::istream &in, const std::string &filename,
                    const std::string &expected_model,
                    const std::vector<RecordSpec> &schema);

/** The model name in a file's header (to choose the model to load);
 *  throws cpm::UsageError like read_text. */
std::string peek_model(std::istream &in, const std::string &filename);

/** The parameters of d that rest on the given experiments, each named by
 *  its processes (an empty list: every process): a record indexed by
 *  processors (i, or i and j) rests on an experiment that involved all
 *  of them, an unindexed record on any experiment. Names "KEY I J" (the
 *  message size of a size-indexed record left out), each once, in the
 *  order of the keys in d, then by index, separated by ", "; empty if
 *  none. For the provenance line
 *  `measured unconverged` of a build whose experiments did not all
 *  converge (doc/formats.md). */
std::string parameters_resting_on(const ModelData &d,
                                  const std::vector<std::vector<int>> &experiments);

/** Writes data as one JSON object (keys in doc/formats.md). */
void write_json(std::ostream &out, const ModelData &data,
                const std::vector<RecordSpec> &schema);

} // namespace cpm::models

/** @} */

#endif
