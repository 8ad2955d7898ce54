/* The measurement output's writer and reader (benchmark_output.h). */
#include "benchmark_output.h"

#include "common_error.h"
#include "common_parse.h"

#include <algorithm>
#include <climits>
#include <cstdio>

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

namespace cpm::bench {

namespace {

/* The columns the format defines, their names in errors and their
 * ranges. */
struct KnownColumn {
    const char *name;
    const char *what;
    bool integer;
    long lo, hi; // integer columns
    double min;  // real columns: lower bound
};

const double kAnyReal = -std::numeric_limits<double>::max();

const KnownColumn kKnownColumns[] = {
    {"M", "message size", true, 0, LONG_MAX, 0},
    {"i", "rank", true, 0, INT_MAX, 0},
    {"j", "rank", true, 0, INT_MAX, 0},
    {"reps", "repetitions", true, 0, INT_MAX, 0},
    {"T", "number", false, 0, 0, kAnyReal},
    {"wtick", "wtick", false, 0, 0, 0.0},
    {"ci", "ci", false, 0, 0, 0.0},
};

const KnownColumn *known_column(const std::string &name)
{
    for (const KnownColumn &k : kKnownColumns)
        if (name == k.name)
            return &k;
    return nullptr;
}

/* A header value on one line. */
std::string one_line(std::string s)
{
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\r', ' ');
    return s;
}

std::string join(const std::vector<std::string> &words)
{
    std::string s;
    for (const std::string &w : words)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

} // namespace

const std::vector<std::string> &output_tools()
{
    static const std::vector<std::string> tools = {"p2p", "collective",
                                                   "kernel"};
    return tools;
}

const std::vector<std::string> &result_columns()
{
    static const std::vector<std::string> c = {"M", "T", "wtick", "reps",
                                               "ci"};
    return c;
}

const std::vector<std::string> &pair_columns()
{
    static const std::vector<std::string> c = {"M",     "i",    "j", "T",
                                               "wtick", "reps", "ci"};
    return c;
}

std::vector<HeaderLine> summary_lines(const std::vector<Result> &results,
                                      double total)
{
    long converged = 0, outliers = 0, reps = 0;
    for (const Result &r : results) {
        converged += r.converged;
        outliers += r.outliers;
        reps += r.reps;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f s", total);
    return {{"total benchmarking time", buf},
            {"converged", std::to_string(converged) + " of " +
                              std::to_string(results.size()) +
                              " experiments"},
            {"outliers", std::to_string(outliers) + " of " +
                             std::to_string(reps) +
                             " counted repetitions (beyond 3 IQR of their "
                             "experiment; kept)"}};
}

void write_output_header(std::ostream &out, const std::string &tool,
                         const std::vector<HeaderLine> &lines,
                         const std::vector<std::string> &columns)
{
    out << "# CPM " << tool << " " << PACKAGE_VERSION << "\n";
    for (const HeaderLine &kv : lines)
        out << "# " << one_line(kv.first) << ": " << one_line(kv.second)
            << "\n";
    out << "# columns: " << join(columns) << "\n";
}

void write_result_row(std::ostream &out, const Result &r)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, "%ld %.9e %.3e %d %.3e\n", r.M, r.T,
                  r.wtick, r.reps, r.ci);
    out << buf;
}

void write_pair_row(std::ostream &out, const Result &r, int i, int j)
{
    char buf[192];
    std::snprintf(buf, sizeof buf, "%ld %d %d %.9e %.3e %d %.3e\n", r.M, i, j,
                  r.T, r.wtick, r.reps, r.ci);
    out << buf;
}

const OutputLine *Output::find(const std::string &key) const
{
    for (const OutputLine &l : lines)
        if (l.key == key)
            return &l;
    return nullptr;
}

std::vector<const OutputLine *> Output::find_all(const std::string &key) const
{
    std::vector<const OutputLine *> found;
    for (const OutputLine &l : lines)
        if (l.key == key)
            found.push_back(&l);
    return found;
}

bool Output::has_column(const std::string &c) const
{
    return std::find(columns.begin(), columns.end(), c) != columns.end();
}

std::size_t Output::column(const std::string &c) const
{
    auto it = std::find(columns.begin(), columns.end(), c);
    if (it == columns.end())
        fail(columns_line, "no column " + quoted(c) + " (columns: " +
                               join(columns) + ")");
    return std::size_t(it - columns.begin());
}

long Output::integer(const OutputRow &row, std::size_t c, long lo,
                     long hi) const
{
    const KnownColumn *k = known_column(columns.at(c));
    return integer_at(name, row.line, row.fields.at(c),
                      k ? k->what : columns[c], lo, hi);
}

double Output::real(const OutputRow &row, std::size_t c) const
{
    const KnownColumn *k = known_column(columns.at(c));
    return real_at(name, row.line, row.fields.at(c),
                   k ? k->what : columns[c]);
}

void Output::fail(int line, const std::string &what) const
{
    fail_at(name, line, what);
}

Output read_output(std::istream &in, const std::string &name, std::size_t max)
{
    Output out;
    out.name = name;
    LineReader reader(in, name, max);
    std::vector<const KnownColumn *> known; // per column, null if unknown
    bool first = true;
    for (std::string text; reader.next(text);) {
        if (!text.empty() && text.back() == '\r')
            text.pop_back();
        if (text.find_first_not_of(" \t") == std::string::npos)
            continue;
        if (first) {
            std::vector<std::string> w = split_words(text);
            bool known_tool =
                w.size() == 4 && w[0] == "#" && w[1] == "CPM" &&
                std::find(output_tools().begin(), output_tools().end(),
                          w[2]) != output_tools().end();
            if (!known_tool)
                reader.fail("not an output of p2p or collective, nor of "
                            "kernel (expected '# CPM p2p', '# CPM "
                            "collective' or '# CPM kernel')");
            out.tool = w[2];
            out.version = w[3];
            first = false;
            continue;
        }
        if (text[0] == '#') {
            // "# KEY: VALUE" (or "# KEY:" with an empty value); other
            // comment lines are skipped.
            if (text.size() < 2 || text[1] != ' ')
                continue;
            std::size_t colon = text.find(": ", 2);
            if (colon == std::string::npos && text.back() == ':')
                colon = text.size() - 1;
            if (colon == std::string::npos || colon == 2)
                continue;
            OutputLine l{text.substr(2, colon - 2),
                         colon + 2 <= text.size() ? text.substr(colon + 2)
                                                  : "",
                         reader.line()};
            if (l.key == "columns") {
                if (out.columns_line)
                    reader.fail("a second '# columns:' line (the first is "
                                "line " +
                                std::to_string(out.columns_line) + ")");
                if (!out.rows.empty())
                    reader.fail("'# columns:' after the data");
                out.columns = split_words(l.value);
                out.columns_line = l.line;
                if (out.columns.empty())
                    reader.fail("no column names after '# columns:'");
                for (std::size_t c = 0; c < out.columns.size(); ++c) {
                    if (std::count(out.columns.begin(), out.columns.end(),
                                   out.columns[c]) > 1)
                        reader.fail("column " + quoted(out.columns[c]) +
                                    " named twice");
                    known.push_back(known_column(out.columns[c]));
                }
            }
            out.lines.push_back(std::move(l));
            continue;
        }
        if (!out.columns_line)
            reader.fail("data before the '# columns:' line");
        OutputRow row{split_words(text), reader.line()};
        if (row.fields.size() != out.columns.size())
            reader.fail("expected " + std::to_string(out.columns.size()) +
                        " columns, got " + std::to_string(row.fields.size()));
        for (std::size_t c = 0; c < known.size(); ++c) {
            const KnownColumn *k = known[c];
            if (!k)
                continue;
            if (k->integer)
                reader.integer(row.fields[c], k->what, k->lo, k->hi);
            else
                reader.real(row.fields[c], k->what, k->min);
        }
        out.rows.push_back(std::move(row));
    }
    out.last_line = reader.line();
    if (first)
        reader.fail("empty file, not an output of p2p or collective, nor of "
                    "kernel");
    if (!out.columns_line)
        reader.fail("no '# columns:' line");
    return out;
}

} // namespace cpm::bench
