/* Model files (model_data.h): the records of any model, their text form
 * (the one reader and writer of model files, doc/formats.md) and their
 * JSON form. */
#include "model_data.h"

#include "common_error.h"
#include "common_text.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <limits>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <sstream>

namespace cpm::models {

void ModelData::add(const std::string &key, std::vector<int> index,
                    std::vector<double> values)
{
    records.push_back({key, std::move(index), std::move(values)});
}

std::vector<const Record *> ModelData::find(const std::string &key) const
{
    std::vector<const Record *> out;
    for (const Record &r : records)
        if (r.key == key)
            out.push_back(&r);
    return out;
}

const std::vector<double> &ModelData::scalar(const std::string &key) const
{
    std::vector<const Record *> r = find(key);
    if (r.size() != 1)
        CPM_THROW(model + " model: expected one '" + key + "' record, found " +
                  std::to_string(r.size()));
    return r[0]->values;
}

std::vector<std::vector<double>>
ModelData::per_processor(const std::string &key) const
{
    std::vector<std::vector<double>> out(n);
    for (const Record *r : find(key))
        out.at(r->index.at(0)) = r->values;
    return out;
}

std::vector<std::vector<double>>
ModelData::per_pair(const std::string &key) const
{
    std::vector<std::vector<double>> out(n * (n - 1) / 2);
    for (const Record *r : find(key))
        out.at(pair_index(n, r->index.at(0), r->index.at(1))) = r->values;
    return out;
}

namespace {

/* The shortest of %.15g, %.16g, %.17g that reads back as the same double:
 * exact, and 0.95 stays 0.95. */
std::string number(double v)
{
    char buf[40];
    for (int digits = 15; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v)
            break;
    }
    return buf;
}

std::string precision_text(const bench::Precision &p)
{
    return "min_reps=" + std::to_string(p.min_reps) +
           " max_reps=" + std::to_string(p.max_reps) + " cl=" + number(p.cl) +
           " eps=" + number(p.eps);
}

const RecordSpec *spec_of(const std::vector<RecordSpec> &schema,
                          const std::string &key)
{
    for (const RecordSpec &s : schema)
        if (s.key == key)
            return &s;
    return nullptr;
}

int arity(Index i)
{
    return i == Index::None ? 0 : i == Index::Processor ? 1 : i == Index::Pair ? 2 : 3;
}

std::string one_line(std::string s)
{
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\r', ' ');
    return s.empty() ? "-" : s;
}

} // namespace

void write_text(std::ostream &out, const ModelData &d,
                const std::vector<RecordSpec> &schema)
{
    // A file holds finite numbers only: refuse before writing anything.
    for (const Record &r : d.records)
        for (double v : r.values)
            if (!std::isfinite(v)) {
                std::ostringstream s;
                s << "cannot save the " << d.model << " model: " << r.key;
                for (int i : r.index)
                    s << " " << i;
                s << " is " << v << " (a model file holds finite numbers only)";
                throw UsageError(s.str());
            }
    const Provenance &p = d.provenance;
    out << "# CPM model file; format described in doc/formats.md\n";
    out << "cpm-model " << kFormatVersion << "\n";
    out << "model " << d.model << "\n";
    out << "n " << d.n << "\n";
    for (std::size_t r = 0; r < p.processors.size(); ++r)
        out << "processor " << r << " " << one_line(p.processors[r]) << "\n";
    out << "measured date " << one_line(p.date) << "\n";
    out << "measured mpi " << one_line(p.mpi) << "\n";
    out << "measured command " << one_line(p.command) << "\n";
    out << "measured precision " << precision_text(p.precision) << "\n";
    out << "measured timing " << one_line(p.timing) << "\n";
    out << "measured parallel " << (p.parallel ? 1 : 0) << "\n";
    out << "measured sizes " << one_line(p.sizes) << "\n";
    for (const auto &kv : p.extra)
        out << "measured " << kv.first << " " << one_line(kv.second) << "\n";
    for (const RecordSpec &s : schema) {
        std::vector<const Record *> rs = d.find(s.key);
        std::stable_sort(rs.begin(), rs.end(),
                         [](const Record *a, const Record *b) {
                             return a->index < b->index;
                         });
        for (const Record *r : rs) {
            out << r->key;
            for (int i : r->index)
                out << " " << i;
            for (double v : r->values)
                out << " " << number(v);
            out << "\n";
        }
    }
    out << "end\n";
}

namespace {

/* "a Hockney", "an LMO": the article as the name is spoken. */
std::string article(const std::string &model)
{
    // An acronym (two capitals) whose first letter's name starts with a
    // vowel sound: L, M, H, ... read "el", "em", "aitch".
    bool acronym = model.size() > 1 &&
                   std::isupper(static_cast<unsigned char>(model[0])) &&
                   std::isupper(static_cast<unsigned char>(model[1]));
    bool vowel = std::string("AEFHILMNORSX").find(model[0]) != std::string::npos;
    return (acronym && vowel ? "an " : "a ") + model;
}

/* Reads the text format line by line (bounded: common_text's LineReader)
 * and reports the first problem with the file name and line number. */
class Parser {
public:
    Parser(std::istream &in, const std::string &file) : in_(in, file) {}

    [[noreturn]] void fail(const std::string &what) const { in_.fail(what); }

    /* Next non-blank, non-comment line split into words; false at EOF. */
    bool next(std::vector<std::string> &words, std::string &text)
    {
        while (in_.next(text)) {
            std::size_t start = text.find_first_not_of(" \t\r");
            if (start == std::string::npos || text[start] == '#')
                continue;
            words = split_words(text);
            return true;
        }
        return false;
    }

    /* The rest of a line after its first `skip` words. */
    static std::string rest(const std::string &text, int skip)
    {
        // the blanks of split_words (isspace), so that the words skipped
        // are the words counted, and a saved value reads back the same
        const std::string blank = " \t\r\v\f";
        std::size_t pos = 0;
        for (int k = 0; k < skip; ++k) {
            pos = text.find_first_not_of(blank, pos);
            pos = text.find_first_of(blank, pos);
            if (pos == std::string::npos)
                return "";
        }
        pos = text.find_first_not_of(blank, pos);
        std::string s = pos == std::string::npos ? "" : text.substr(pos);
        while (!s.empty() && blank.find(s.back()) != std::string::npos)
            s.pop_back();
        return s;
    }

    /* "bad WHAT 'W'" unless w is an integer (cpm::parse_long), "WHAT V
     * outside LO..HI" unless it lies in [lo, hi]. */
    long integer(const std::string &w, const char *what,
                 long lo = std::numeric_limits<long>::min(),
                 long hi = std::numeric_limits<long>::max()) const
    {
        return in_.integer(w, what, lo, hi);
    }

    /* "bad number 'W'" unless w is a finite number (cpm::parse_double). */
    double real(const std::string &w) const { return in_.real(w, "number"); }

    int line() const { return in_.line(); }

private:
    LineReader in_;
};

/* Header lines up to and including "model NAME". */
std::string read_header(Parser &p)
{
    std::vector<std::string> w;
    std::string text;
    if (!p.next(w, text))
        p.fail("empty file, not a CPM model file");
    if (w[0] != "cpm-model" || w.size() != 2)
        p.fail("not a CPM model file (expected 'cpm-model VERSION')");
    long version = p.integer(w[1], "format version");
    if (version != kFormatVersion)
        p.fail("format version " + w[1] + " is not supported (this CPM reads " +
               std::to_string(kFormatVersion) + ")");
    if (!p.next(w, text) || w[0] != "model" || w.size() != 2)
        p.fail("expected 'model NAME'");
    return w[1];
}

bench::Precision parse_precision(Parser &p, const std::string &text)
{
    bench::Precision prec;
    std::istringstream s(text);
    std::set<std::string> seen;
    for (std::string kv; s >> kv;) {
        std::size_t eq = kv.find('=');
        std::string k = kv.substr(0, eq);
        std::string v = eq == std::string::npos ? "" : kv.substr(eq + 1);
        if (k == "min_reps")
            prec.min_reps = int(p.integer(v, "min_reps", INT_MIN, INT_MAX));
        else if (k == "max_reps")
            prec.max_reps = int(p.integer(v, "max_reps", INT_MIN, INT_MAX));
        else if (k == "cl")
            prec.cl = p.real(v);
        else if (k == "eps")
            prec.eps = p.real(v);
        else
            p.fail("unknown precision field '" + k + "'");
        seen.insert(k);
    }
    if (seen.size() != 4)
        p.fail("precision needs min_reps, max_reps, cl and eps");
    try {
        prec.validate();
    } catch (const UsageError &e) {
        p.fail(std::string("precision: ") + e.what());
    }
    return prec;
}

} // namespace

std::string peek_model(std::istream &in, const std::string &filename)
{
    Parser p(in, filename);
    return read_header(p);
}

ModelData read_text(std::istream &in, const std::string &filename,
                    const std::string &expected_model,
                    const std::vector<RecordSpec> &schema)
{
    Parser p(in, filename);
    ModelData d;
    d.model = read_header(p);
    if (!expected_model.empty() && d.model != expected_model)
        p.fail("the file holds " + article(d.model) + " model, not " +
               expected_model);
    std::vector<std::string> w;
    std::string text;
    if (!p.next(w, text) || w[0] != "n" || w.size() != 2)
        p.fail("expected 'n PROCESSES'");
    long n = p.integer(w[1], "number of processes");
    if (n < 2 || n > 100000)
        p.fail("number of processes must lie in 2..100000, got " + w[1]);
    d.n = int(n);
    Provenance &prov = d.provenance;
    prov.processors.assign(d.n, "");
    std::vector<char> named(d.n, 0);
    std::set<std::string> measured;
    std::set<std::vector<int>> seen_none;
    std::map<std::string, std::set<std::vector<int>>> seen;
    std::set<int> sizes; // message sizes of PairSize records
    bool ended = false;
    while (p.next(w, text)) {
        const std::string &key = w[0];
        if (ended)
            p.fail("text after 'end'");
        if (key == "end") {
            if (w.size() != 1)
                p.fail("'end' takes no arguments");
            ended = true;
        } else if (key == "processor") {
            if (w.size() < 3)
                p.fail("expected 'processor RANK NAME'");
            long r = p.integer(w[1], "rank");
            if (r < 0 || r >= n)
                p.fail("processor rank " + w[1] + " outside 0.." +
                       std::to_string(n - 1));
            if (named[r]++)
                p.fail("processor " + w[1] + " named twice");
            prov.processors[r] = Parser::rest(text, 2);
        } else if (key == "measured") {
            if (w.size() < 3)
                p.fail("expected 'measured FIELD VALUE'");
            const std::string &f = w[1];
            std::string v = Parser::rest(text, 2);
            if (!measured.insert(f).second)
                p.fail("'measured " + f + "' given twice");
            if (f == "date")
                prov.date = v;
            else if (f == "mpi")
                prov.mpi = v;
            else if (f == "command")
                prov.command = v;
            else if (f == "precision")
                prov.precision = parse_precision(p, v);
            else if (f == "timing")
                prov.timing = v;
            else if (f == "parallel") {
                if (v != "0" && v != "1")
                    p.fail("'measured parallel' must be 0 or 1");
                prov.parallel = v == "1";
            } else if (f == "sizes")
                prov.sizes = v;
            else
                prov.extra[f] = v;
        } else {
            const RecordSpec *s = spec_of(schema, key);
            if (!s)
                p.fail("unknown record '" + key + "' in " + article(d.model) +
                       " model");
            std::size_t k = arity(s->index);
            if (w.size() != 1 + k + s->values.size())
                p.fail("'" + key + "' needs " + std::to_string(k) +
                       " indices and " + std::to_string(s->values.size()) +
                       " values, got " + std::to_string(w.size() - 1) +
                       " fields");
            Record r;
            r.key = key;
            for (std::size_t x = 1; x <= k; ++x) {
                long v = p.integer(w[x], x == 3 ? "message size" : "index");
                if (x == 3 && (v < 0 || v > INT_MAX))
                    p.fail("message size " + w[x] + " outside 0.." +
                           std::to_string(INT_MAX));
                if (x < 3 && (v < 0 || v >= n))
                    p.fail("index " + w[x] + " outside 0.." +
                           std::to_string(n - 1));
                r.index.push_back(int(v));
            }
            if (k == 3)
                sizes.insert(r.index[2]);
            if (k >= 2 && r.index[0] >= r.index[1])
                p.fail("pair indices must be i < j, got " + w[1] + " " + w[2]);
            for (std::size_t x = 1 + k; x < w.size(); ++x)
                r.values.push_back(p.real(w[x]));
            if (!seen[key].insert(r.index).second)
                p.fail("'" + key + "' given twice for the same index");
            d.records.push_back(r);
        }
    }
    if (!ended)
        p.fail("truncated file: no 'end' line");
    for (long r = 0; r < n; ++r)
        if (!named[r])
            p.fail("no processor line for rank " + std::to_string(r));
    for (const char *f : {"date", "mpi", "precision"})
        if (!measured.count(f))
            p.fail(std::string("no 'measured ") + f + "' line");
    for (const RecordSpec &s : schema) {
        if (!s.required)
            continue;
        std::size_t pairs = std::size_t(n * (n - 1) / 2);
        std::size_t want = s.index == Index::None        ? 1
                           : s.index == Index::Processor ? std::size_t(n)
                           : s.index == Index::Pair
                               ? pairs
                               : pairs * std::max<std::size_t>(sizes.size(), 1);
        if (seen[s.key].size() != want)
            p.fail("'" + s.key + "' given for " +
                   std::to_string(seen[s.key].size()) + " of " +
                   std::to_string(want) +
                   (s.index == Index::Pair        ? " pairs"
                    : s.index == Index::Processor ? " processors"
                    : s.index == Index::PairSize
                        ? " (pair, size) combinations: every pair needs every "
                          "message size"
                        : " (expected once)"));
    }
    return d;
}

std::string parameters_resting_on(const ModelData &d,
                                  const std::vector<std::vector<int>> &experiments)
{
    auto rests = [&](const Record &r) {
        std::size_t k = std::min<std::size_t>(r.index.size(), 2); // i, j
        for (const std::vector<int> &e : experiments) {
            bool all = true;
            for (std::size_t x = 0; x < k && !e.empty(); ++x)
                all = all && std::find(e.begin(), e.end(), r.index[x]) != e.end();
            if (all)
                return true;
        }
        return false;
    };
    std::vector<Record> sorted = d.records;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Record &a, const Record &b) {
                         return a.index < b.index;
                     });
    std::string out;
    std::set<std::string> named;
    // in the file's order: by key as the records come, then by index
    std::vector<std::string> keys;
    for (const Record &r : d.records)
        if (std::find(keys.begin(), keys.end(), r.key) == keys.end())
            keys.push_back(r.key);
    for (const std::string &key : keys)
        for (const Record &r : sorted) {
            if (r.key != key || !rests(r))
                continue;
            std::string name = r.key;
            for (std::size_t x = 0; x < r.index.size() && x < 2; ++x)
                name += " " + std::to_string(r.index[x]);
            if (named.insert(name).second)
                out += (out.empty() ? "" : ", ") + name;
        }
    return out;
}

void write_json(std::ostream &out, const ModelData &d,
                const std::vector<RecordSpec> &schema)
{
    using nlohmann::ordered_json;
    const Provenance &p = d.provenance;
    ordered_json j;
    j["format"] = "cpm-model";
    j["version"] = kFormatVersion;
    j["model"] = d.model;
    j["n"] = d.n;
    j["processors"] = p.processors;
    ordered_json m;
    m["date"] = p.date;
    m["mpi"] = p.mpi;
    m["command"] = p.command;
    m["precision"] = {{"min_reps", p.precision.min_reps},
                      {"max_reps", p.precision.max_reps},
                      {"cl", p.precision.cl},
                      {"eps", p.precision.eps}};
    m["timing"] = p.timing;
    m["parallel"] = p.parallel;
    m["sizes"] = p.sizes;
    for (const auto &kv : p.extra)
        m[kv.first] = kv.second;
    j["measured"] = m;
    ordered_json params = ordered_json::object();
    for (const RecordSpec &s : schema) {
        std::vector<const Record *> rs = d.find(s.key);
        std::stable_sort(rs.begin(), rs.end(),
                         [](const Record *a, const Record *b) {
                             return a->index < b->index;
                         });
        auto entry = [&](const Record &r) {
            ordered_json e;
            if (r.index.size() >= 1)
                e["i"] = r.index[0];
            if (r.index.size() >= 2)
                e["j"] = r.index[1];
            if (r.index.size() == 3)
                e["m"] = r.index[2];
            for (std::size_t k = 0; k < s.values.size(); ++k)
                e[s.values[k]] = r.values.at(k);
            return e;
        };
        if (s.index == Index::None) {
            if (!rs.empty())
                params[s.key] = entry(*rs[0]);
        } else {
            ordered_json arr = ordered_json::array();
            for (const Record *r : rs)
                arr.push_back(entry(*r));
            params[s.key] = arr;
        }
    }
    j["parameters"] = params;
    // Text from the file (processor names, measured fields) may hold bytes
    // that are not UTF-8: written as U+FFFD, not refused at the last step.
    out << j.dump(2, ' ', false, ordered_json::error_handler_t::replace)
        << "\n";
}

} // namespace cpm::models
