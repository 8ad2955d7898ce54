/* model: builds a communication performance model by measurement (under
 * mpirun) and saves it, or loads a saved one (-i, no mpirun needed) to
 * re-save it, write it as JSON, or print predicted times for plotting;
 * lists the models and their operations (-h, --list). Every model, its
 * operations and its own build options come from the registry. */
#include "tools_main.h"
#include "registry_compare.h"
#include "registry.h"
#include "common_atomic_file.h"
#include "common_error.h"
#include "common_mpi.h"
#include "common_parse.h"
#include "benchmark_journal.h"
#include "common_simgrid.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

using namespace cpm;
using namespace cpm::bench;
using namespace cpm::tools;
using namespace cpm::registry;

namespace {

const unsigned kGroups = kOptMeasure | kOptParallel | kOptTiming | kOptRoot |
                         kOptPairs | kOptModel | kOptResume;

/* The pair or root that -E is about, checked against n processes. */
Query query_of(const ToolOptions &opt, const ModelKind &kind, int n,
               std::string &what)
{
    const Operation &op = find_operation(kind, opt.estimate);
    Query q;
    what = "no pair or root";
    if (op.subject == Subject::Pair) {
        if (opt.pairs.size() > 1)
            throw UsageError("-E " + opt.estimate + " takes one --pair");
        if (!opt.pairs.empty()) {
            q.i = opt.pairs[0].i;
            q.j = opt.pairs[0].j;
        }
        what = "pair " + std::to_string(q.i) + "," + std::to_string(q.j);
    } else if (op.subject == Subject::Root) {
        q.root = opt.root;
        what = "root " + std::to_string(q.root);
    } else if (op.subject == Subject::Config) {
        if (opt.config.empty())
            throw UsageError("-E " + opt.estimate +
                             " needs a kernel configuration (--config FILE)");
        q.config = opt.config;
        what = "configuration " + opt.config;
    }
    q.tau = opt.tau > 0 ? opt.tau : 1;
    if (q.tau > 1)
        what += ", tau=" + std::to_string(q.tau);
    if (std::max({q.i, q.j, q.root}) >= n)
        throw UsageError(what + " names a rank outside 0.." +
                         std::to_string(n - 1) + " of this " + kind.name +
                         " model");
    return q;
}

/* --config with -E: only for an operation on a kernel configuration
 * (else it would be ignored). */
void check_config_applies(const ToolOptions &opt, const ModelKind &kind)
{
    if (opt.config.empty() || opt.estimate.empty())
        return;
    if (find_operation(kind, opt.estimate).subject != Subject::Config)
        throw UsageError("option --config does not apply to -E " +
                         opt.estimate + " (only to the operations on a "
                         "kernel configuration, and to building " +
                         models_taking("config") + ")");
}

/* Opens a named input file; a directory or a file that cannot be opened
 * is refused with one line naming it as what. */
void open_input(std::ifstream &in, const std::string &path,
                const std::string &what)
{
    struct stat st;
    if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        throw UsageError(what + " " + quoted(path, 4096) + " is a directory");
    in.open(path);
    if (!in)
        throw UsageError("cannot open " + what + " " + quoted(path, 4096));
}

/* The build options of every model (registry), for the option parser:
 * their values land in ToolOptions::settings. */
std::vector<ExtraOption> model_options()
{
    std::vector<ExtraOption> v;
    for (const BuildOption &o : build_options())
        v.push_back({o.name, o.arg, o.help});
    // the export's (with -i): taken out of the settings by run_offline
    v.push_back({"export", "FORMAT",
                 "with -i: write the model as a platform of FORMAT "
                 "(simgrid) into the directory -o DIR"});
    v.push_back({"rendezvous", "D",
                 "--export: sends of D bytes and more are rendezvous "
                 "(default: all eager)"});
    // the build's: taken out of the settings by build_settings
    v.push_back({"warnings", "FILE",
                 "when building (or deriving LogGP from a PLogP file): "
                 "write every warning to FILE, one per line (standard "
                 "error shows at most 3 of a form)"});
    return v;
}

/* Takes option --NAME out of the settings: its value, or "" if absent. */
std::string take_setting(Settings &s, const char *name)
{
    auto it = s.find(name);
    if (it == s.end())
        return "";
    std::string v = it->second;
    s.erase(it);
    return v;
}

/* The files of an export directory. */
const char *const kExportFiles[] = {"platform.xml", "hostfile",
                                    "smpirun.cfg"};

/* Writes an export into directory dir whole or not at all: into a new
 * directory beside it, then renamed into place. An existing dir is
 * replaced only if it holds nothing but an earlier export's files. */
void write_export_dir(const std::string &dir, const models::SimgridExport &e,
                      const std::string &source)
{
    namespace fs = std::filesystem;
    if (dir.empty() || is_stdout_name(dir))
        throw UsageError("--export needs an output directory (-o DIR)");
    fs::path target = fs::path(dir).lexically_normal();
    if (target.filename().empty()) // "DIR/"
        target = target.parent_path();
    std::error_code ec;
    if (fs::exists(target, ec)) {
        if (!fs::is_directory(target, ec))
            throw UsageError("-o " + dir + ": exists and is not a directory");
        for (const auto &f : fs::directory_iterator(target, ec)) {
            std::string name = f.path().filename().string();
            if (std::find(std::begin(kExportFiles), std::end(kExportFiles),
                          name) == std::end(kExportFiles))
                throw UsageError("-o " + dir + ": exists and holds '" + name +
                                 "', not only an earlier export");
        }
    }
    fs::path parent = target.parent_path().empty() ? fs::path(".")
                                                    : target.parent_path();
    std::string tmpl =
        (parent / (target.filename().string() + ".tmp.XXXXXX")).string();
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data()))
        throw Error("cannot make a directory beside '" + dir + "'");
    fs::path tmp(buf.data());
    try {
        SimgridPlatform p = e.platform;
        p.settings_comments.insert(
            p.settings_comments.begin(),
            {"SimGrid settings of the platform in platform.xml, exported by "
             "model --export simgrid from " + source,
             "run: cpm-smpirun DIR PROGRAM, or smpirun -platform "
             "DIR/platform.xml -hostfile DIR/hostfile $(grep -v '^#' "
             "DIR/smpirun.cfg) PROGRAM"});
        for (const std::string &n : e.notes)
            p.settings_comments.push_back(n);
        const std::string text[] = {simgrid_platform_xml(p),
                                    simgrid_hostfile(p), simgrid_settings(p)};
        for (int k = 0; k < 3; ++k) {
            std::ofstream out(tmp / kExportFiles[k]);
            out << text[k];
            out.close();
            if (!out)
                throw Error("cannot write '" +
                            (tmp / kExportFiles[k]).string() + "'");
        }
        if (fs::exists(target, ec))
            fs::remove_all(target);
        fs::rename(tmp, target);
    } catch (...) {
        fs::remove_all(tmp, ec);
        throw;
    }
}

/* --export FORMAT with -i: the model as a platform in directory -o. */
int run_export(const ToolOptions &opt, const ModelKind &kind,
               const ModelHandle &model, const std::string &format,
               const std::string &rendezvous)
{
    if (format != "simgrid")
        throw UsageError("--export: unknown format '" + format +
                         "' (known: simgrid)");
    if (!kind.simgrid)
        throw UsageError(std::string("--export simgrid: the ") + kind.name +
                         " model has no SimGrid export (Hockney, LMO and "
                         "PLogP have)");
    if (!opt.estimate.empty() || opt.json || !opt.compare.empty())
        throw UsageError("--export excludes -E, --json and --compare");
    models::SimgridExportOptions eo;
    if (!rendezvous.empty())
        eo.rendezvous = parse_long(rendezvous, "--rendezvous", 1, 1L << 40);
    models::SimgridExport e = kind.simgrid(model.data(), eo);
    write_export_dir(opt.output, e, is_stdin_name(opt.input) ? "<stdin>"
                                                              : opt.input);
    for (const std::string &n : e.notes)
        std::cerr << "model: export: " << n << std::endl;
    return 0;
}

/* The settings of a build: the model's own options, and --config if the
 * model takes it (tau-Lop's layout: with -E, the kernel configuration is
 * then also the layout). An option the model does not take is refused;
 * the values are checked, and a file they name read, on every rank before
 * anything is measured, so that a rank that cannot read it makes every
 * rank stop. */
Settings build_settings(const ToolOptions &opt, const ModelKind &kind)
{
    Settings s = opt.settings;
    s.erase("warnings"); // the tool's (build), not the model's
    if (!opt.config.empty()) {
        if (kind.takes("config"))
            s["config"] = opt.config;
        else if (opt.estimate.empty())
            throw UsageError("option --config without -E applies to " +
                             models_taking("config") + " only");
        else
            check_config_applies(opt, kind);
    }
    check_settings(kind, s);
    return s;
}

/* The records of d whose estimate (first value) is negative, as "KEY I
 * J" names, at most five and "..." after: why a prediction may not be a
 * time. */
std::string negative_parameters(const models::ModelData &d)
{
    std::string s;
    int k = 0;
    for (const models::Record &r : d.records) {
        if (r.values.empty() || !(r.values[0] < 0))
            continue;
        if (k++ == 5) {
            s += ", ...";
            break;
        }
        s += (s.empty() ? "" : ", ") + r.key;
        for (int i : r.index)
            s += " " + std::to_string(i);
    }
    return s;
}

/* Writes the model, its JSON, or its predictions to out. A prediction
 * that is not a finite positive time is written as "nan" (gnuplot skips
 * it) after a comment line giving the value and the model's negative
 * parameters, and counted in a warning on stderr. */
void write_output(std::ostream &out, const ToolOptions &opt,
                  const ModelKind &kind, const ModelHandle &model)
{
    models::ModelData d = model.data();
    if (opt.json) {
        models::write_json(out, d, kind.schema());
        return;
    }
    if (opt.estimate.empty()) {
        models::write_text(out, d, kind.schema());
        return;
    }
    std::string what;
    Query q = query_of(opt, kind, d.n, what);
    out << "# CPM model " << kind.name << ": predicted " << opt.estimate
        << ", " << what << ", n=" << d.n << "\n";
    out << "# measured " << d.provenance.date << " with "
        << d.provenance.mpi << "\n";
    out << "# columns: M T lo hi (bytes, seconds; lo hi: the interval of T "
           "that the parameters' confidence intervals imply)\n";
    long bad = 0;
    std::string why;
    std::vector<Query> queries;
    for (long M : opt.message_sizes()) {
        q.M = double(M);
        queries.push_back(q);
    }
    std::vector<Prediction> pred =
        predict_intervals(kind, model, opt.estimate, queries);
    for (std::size_t k = 0; k < pred.size(); ++k) {
        long M = long(queries[k].M);
        double T = pred[k].T;
        char buf[160];
        if (std::isfinite(T) && T > 0) {
            std::snprintf(buf, sizeof buf, "%ld %.9e %.9e %.9e\n", M, T,
                          pred[k].lo, pred[k].hi);
            out << buf;
            continue;
        }
        if (bad++ == 0) {
            why = negative_parameters(d);
            why = why.empty() ? "no negative parameter: the operation's "
                                "formula gives it"
                              : "negative parameters: " + why;
        }
        std::snprintf(buf, sizeof buf, "%.6g", T);
        out << "# not a time at M=" << M << ": predicted " << buf << " s ("
            << why << ")\n"
            << M << " nan nan nan\n";
    }
    if (bad > 0)
        std::cerr << "model: warning: " << bad << " of "
                  << opt.message_sizes().size() << " predictions of "
                  << opt.estimate << " are not positive times, written as "
                  << "nan (" << why << ")" << std::endl;
}

/* A warning's form: its text with every number (sign, digits, decimals,
 * exponent) as '#', as cpm-validate counts them: "PLogP: or(0,3, 64 B) =
 * 12.5 us exceeds g = 4 us" is "PLogP: or(#,#, # B) = # us exceeds g = #
 * us". */
std::string warning_form(const std::string &w)
{
    // the character at k, '\0' past the end
    auto at = [&](std::size_t k) { return k < w.size() ? w[k] : '\0'; };
    auto digit = [&](std::size_t k) { return at(k) >= '0' && at(k) <= '9'; };
    auto sign = [&](std::size_t k) { return at(k) == '-' || at(k) == '+'; };
    std::string f;
    std::size_t k = 0;
    while (k < w.size()) {
        std::size_t e = sign(k) && digit(k + 1) ? k + 1 : k;
        if (!digit(e)) {
            f += w[k++];
            continue;
        }
        while (digit(e))
            ++e;
        if (at(e) == '.' && digit(e + 1))
            for (++e; digit(e);)
                ++e;
        std::size_t x = sign(e + 1) ? e + 2 : e + 1; // after 'e' and a sign
        if (at(e) == 'e' && digit(x))
            for (e = x; digit(e);)
                ++e;
        f += '#';
        k = e;
    }
    return f;
}

/* The build's warnings on standard error, "model: warning: W", at most
 * kShown of one form (warning_form), in the order built; then for each
 * form with more, "model: warning: N more like "FORM"" and where all of
 * them are (file, the --warnings FILE; "" if none). */
void report_warnings(const std::vector<std::string> &warnings,
                     const std::string &file)
{
    const int kShown = 3;
    std::map<std::string, int> seen;
    std::vector<std::string> order; // the forms, by first appearance
    for (const std::string &w : warnings) {
        std::string f = warning_form(w);
        if (seen[f]++ == 0)
            order.push_back(f);
        if (seen[f] <= kShown)
            std::cerr << "model: warning: " << w << "\n";
    }
    for (const std::string &f : order)
        if (seen[f] > kShown)
            std::cerr << "model: warning: " << seen[f] - kShown
                      << " more like \"" << f << "\" ("
                      << (file.empty() ? std::string("--warnings FILE keeps "
                                                     "them all")
                                       : "all in " + file)
                      << ")\n";
    std::cerr.flush();
}

/* The file of --warnings FILE, opened beside the output (-o out): a file
 * name, not standard output nor the output itself; throws
 * cpm::UsageError. */
std::unique_ptr<AtomicFile> open_warnings(const std::string &file,
                                          const std::string &out)
{
    namespace fs = std::filesystem;
    if (file.empty() || is_stdout_name(file))
        throw UsageError("option --warnings: expected a file name, got '" +
                         file + "'");
    std::error_code e1, e2;
    if (!is_stdout_name(out) &&
        fs::weakly_canonical(fs::absolute(file), e1) ==
            fs::weakly_canonical(fs::absolute(out), e2) &&
        !e1 && !e2)
        throw UsageError("option --warnings: '" + file +
                         "' is the output file (-o) too");
    try {
        return std::make_unique<AtomicFile>(file);
    } catch (const UsageError &) {
        throw;
    } catch (const Error &e) {
        throw Error(std::string("option --warnings: ") + e.what());
    }
}

/* Every warning into the --warnings file, one per line (committed by the
 * caller once the model is saved). */
void write_warnings(AtomicFile &file, const std::vector<std::string> &warnings)
{
    for (const std::string &w : warnings)
        file.stream() << w << "\n";
}

/* -i: no MPI needed. */
int run_offline(const ToolOptions &opt)
{
    const ModelKind &kind = find_model(opt.model);
    Settings settings = opt.settings;
    std::string format = take_setting(settings, "export");
    std::string rendezvous = take_setting(settings, "rendezvous");
    bool warnings_given = settings.count("warnings") > 0;
    std::string warnings_file = take_setting(settings, "warnings");
    if (format.empty() && !rendezvous.empty())
        throw UsageError("option --rendezvous applies with --export only");
    if (!settings.empty())
        throw UsageError("option --" + settings.begin()->first +
                         " applies when building (not with -i)");
    if (!opt.resume.empty())
        throw UsageError("option --resume applies when building (not with -i)");
    if (!opt.config.empty() && opt.estimate.empty() && opt.compare.empty())
        throw UsageError("option --config applies to -E OP of a kernel "
                         "configuration, or when building (not with -i "
                         "alone)");
    check_config_applies(opt, kind);
    bool from_stdin = is_stdin_name(opt.input);
    std::string name = from_stdin ? "<stdin>" : opt.input;
    std::ifstream file;
    if (!from_stdin)
        open_input(file, opt.input, "model file");
    std::istream &in = from_stdin ? std::cin : file;
    // A file of the model this one derives from (LogGP: PLogP), by its
    // header; then read again from the start. (Standard input cannot be
    // read twice: it must hold the model itself.)
    bool derive = false;
    if (kind.derive && !from_stdin) {
        derive = models::peek_model(file, name) == kind.derived_from;
        file.clear();
        file.seekg(0);
    }
    std::unique_ptr<ModelHandle> model;
    // the derivation's warnings (--warnings FILE), saved with the output
    std::unique_ptr<AtomicFile> warned;
    auto saved = [&](int rc) {
        if (warned)
            warned->commit();
        return rc;
    };
    if (derive) {
        // LogGP from a PLogP file: derived as its build derives it, with
        // the derivation's warnings as a build's
        if (warnings_given)
            warned = open_warnings(warnings_file, opt.output);
        const ModelKind &source = find_model(kind.derived_from);
        model = kind.derive(
            models::read_text(in, name, source.name, source.schema()));
        report_warnings(model->warnings, warnings_file);
        if (warned)
            write_warnings(*warned, model->warnings);
    } else {
        if (warnings_given)
            throw UsageError(
                "option --warnings applies when building (not with -i)" +
                (kind.derive ? " or deriving (-M " + std::string(kind.name) +
                                   " -i a " + kind.derived_from +
                                   " model file)"
                             : std::string()));
        model = kind.load(models::read_text(in, name, kind.name, kind.schema()));
    }
    if (!format.empty())
        return saved(run_export(opt, kind, *model, format, rendezvous));
    if (!opt.compare.empty()) {
        if (!opt.config.empty())
            throw UsageError("option --config does not apply to --compare "
                             "(a kernel output names its configuration)");
        std::ifstream in;
        open_input(in, opt.compare, "observed file");
        Observed obs = read_observed(in, opt.compare);
        std::string op = opt.estimate;
        if (op.empty()) {
            /* the model's own prediction of that operation if it has one
             * (the CPM_* collectives), else scatter, gather or p2p */
            op = default_operation(obs);
            for (const Operation &o : kind.operations)
                if (obs.operation == o.name)
                    op = o.name;
        }
        AtomicFile out(opt.output);
        CompareSummary sum =
            write_comparison(out.stream(), kind, *model, obs, op, opt.compare);
        out.commit();
        if (sum.no_mu)
            std::cerr << "model: warning: " << sum.no_mu << " of " << sum.rows
                      << " predictions are not positive: no mu for them"
                      << std::endl;
        return saved(0);
    }
    AtomicFile out(opt.output);
    write_output(out.stream(), opt, kind, *model);
    out.commit();
    return saved(0);
}

/* --heatmap FILE: the per-pair latency (one-way time at the first size)
 * and bandwidth (last size / one-way time at it) matrices of a model file
 * (its p2p prediction at the sizes of -s/-m or --sizes) or of a p2p
 * output (its first and last sizes), as two gnuplot matrix blocks
 * (doc/formats.md, "Heatmap"). */
int run_heatmap(const ToolOptions &opt, const std::string &command)
{
    std::ifstream in(opt.heatmap);
    if (!in)
        throw UsageError("cannot open '" + opt.heatmap + "'");
    // a model file's first line that is not a comment is "cpm-model V"
    bool is_model = false;
    for (std::string line; std::getline(in, line);) {
        std::size_t k = line.find_first_not_of(" \t\r");
        if (k == std::string::npos || line[k] == '#')
            continue;
        is_model = line.compare(k, 9, "cpm-model") == 0;
        break;
    }
    in.clear();
    in.seekg(0);
    int n = 0;
    long m_lat = 0, m_bw = 0;
    std::vector<double> lat, tbw; // row-major n x n, NaN where none
    std::string what;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (is_model) {
        std::string name = models::peek_model(in, opt.heatmap);
        in.clear();
        in.seekg(0);
        const ModelKind &kind = find_model(name);
        std::unique_ptr<ModelHandle> model = kind.load(
            models::read_text(in, opt.heatmap, kind.name, kind.schema()));
        bool p2p = false;
        for (const Operation &o : kind.operations)
            p2p = p2p || std::string(o.name) == "p2p";
        if (!p2p)
            throw UsageError(opt.heatmap + ": the " + name +
                             " model predicts no p2p time");
        n = model->data().n;
        std::vector<long> sizes = opt.message_sizes();
        m_lat = sizes.front();
        m_bw = sizes.back();
        lat.assign(std::size_t(n) * n, nan);
        tbw.assign(std::size_t(n) * n, nan);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                if (i == j)
                    continue;
                Query q;
                q.i = i;
                q.j = j;
                q.M = double(m_lat);
                lat[std::size_t(i) * n + j] = model->predict("p2p", q);
                q.M = double(m_bw);
                tbw[std::size_t(i) * n + j] = model->predict("p2p", q);
            }
        what = "model " + name + " (predicted p2p)";
    } else {
        Observed obs = read_observed(in, opt.heatmap);
        if (obs.tool != "p2p")
            throw UsageError(opt.heatmap + ": not a p2p output or model file");
        if (obs.rows.empty())
            throw UsageError(opt.heatmap + ": no measurements");
        n = obs.n;
        m_lat = m_bw = obs.rows.front().M;
        for (const Observed::Row &r : obs.rows) {
            m_lat = std::min(m_lat, r.M);
            m_bw = std::max(m_bw, r.M);
        }
        lat.assign(std::size_t(n) * n, nan);
        tbw.assign(std::size_t(n) * n, nan);
        for (const Observed::Row &r : obs.rows) {
            if (r.i < 0 || r.j < 0 || r.i >= n || r.j >= n)
                continue;
            for (auto [a, b] : {std::pair(r.i, r.j), std::pair(r.j, r.i)}) {
                if (r.M == m_lat)
                    lat[std::size_t(a) * n + b] = r.T;
                if (r.M == m_bw)
                    tbw[std::size_t(a) * n + b] = r.T;
            }
        }
        what = "p2p output (observed, half the roundtrip)";
    }
    if (m_bw <= 0)
        throw UsageError("the last size must be positive for a bandwidth "
                         "(got " + std::to_string(m_bw) + ")");
    AtomicFile outf(opt.output);
    std::ostream &out = outf.stream();
    out << "# CPM heatmap of " << opt.heatmap << ": " << what << "\n";
    out << "# command: " << command << "\n";
    out << "# processes: " << n << "\n";
    out << "# rows: sender i = 0.." << n - 1 << "; columns: receiver j; nan "
        << "where there is no time (the diagonal)\n";
    auto block = [&](const char *title, const std::vector<double> &t,
                     bool bandwidth) {
        out << title << "\n";
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                double v = t[std::size_t(i) * n + j];
                if (bandwidth)
                    v = v > 0 && std::isfinite(v) ? double(m_bw) / v : nan;
                else if (!(v > 0 && std::isfinite(v)))
                    v = nan;
                char buf[32];
                if (std::isnan(v))
                    std::snprintf(buf, sizeof buf, "nan");
                else
                    std::snprintf(buf, sizeof buf, "%.6e", v);
                out << (j ? " " : "") << buf;
            }
            out << "\n";
        }
    };
    block(("# block 0: latency, one-way time (s) at M=" +
           std::to_string(m_lat) + " bytes")
              .c_str(),
          lat, false);
    out << "\n\n";
    block(("# block 1: bandwidth, M / one-way time (bytes/s) at M=" +
           std::to_string(m_bw) + " bytes")
              .c_str(),
          tbw, true);
    outf.commit();
    return 0;
}

/* The experiments of the build that did not converge within the
 * precision (bench::convergence_tally): "K of N experiments did not
 * converge", recorded with the parameters resting on them as the model
 * file's `measured unconverged` line; "" if all converged. */
std::string unconverged_note(ModelHandle &model)
{
    const bench::ConvergenceTally &t = bench::convergence_tally();
    if (t.unconverged.empty())
        return "";
    std::vector<std::vector<int>> ranks;
    for (const bench::UnconvergedExperiment &u : t.unconverged)
        ranks.push_back(u.ranks);
    std::string what = std::to_string(t.unconverged.size()) + " of " +
                       std::to_string(t.experiments) +
                       " experiments did not converge";
    std::string params = models::parameters_resting_on(model.data(), ranks);
    model.notes["unconverged"] =
        what + "; parameters resting on them: " +
        (params.empty() ? std::string("none") : params);
    return what;
}

/* Under mpirun: measure, build, and write on rank 0. */
void build(const ToolOptions &opt, MPI_Comm comm)
{
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    const ModelKind *kind = nullptr;
    Settings settings;
    std::unique_ptr<AtomicFile> out, warned; // -o, --warnings
    std::string journal;
    agree(comm, [&] {
        if (rank == 0)
            journal = journal_path(opt);
        kind = &find_model(opt.model);
        int n = 0;
        CPM_MPI(MPI_Comm_size(comm, &n));
        if (n < 2)
            throw UsageError(
                "building a model needs at least 2 processes (mpirun -np N "
                "model ...), this run has " + std::to_string(n) +
                "; to use a saved model give it with -i FILE");
        std::string what;
        if (!opt.estimate.empty())
            query_of(opt, *kind, n, what); // before measuring for minutes
        settings = build_settings(opt, *kind);
        for (long M : opt.message_sizes()) // before anything is allocated
            if (M > kMaxMessageSize)
                throw UsageError("message size " + std::to_string(M) +
                                 " exceeds " +
                                 std::to_string(kMaxMessageSize) +
                                 " bytes (1 GiB)");
        if (rank == 0) {
            out = std::make_unique<AtomicFile>(opt.output);
            if (opt.settings.count("warnings"))
                warned = open_warnings(opt.settings.at("warnings"),
                                       opt.output);
        }
    });
    models::BuildOptions bo;
    bo.precision = opt.precision;
    bo.sizes = opt.message_sizes();
    bo.adaptive = !opt.sizes_given; // builders with a size plan use it
    bo.parallel = parallel_rounds("model", opt, comm);
    bo.timing = opt.timing;
    bo.command = opt.command;
    bo.segments = opt.segments;
    if (opt.verbose || isatty(2))
        bo.log = [](const std::string &line) {
            std::cerr << "model: " << line << std::endl;
        };
    std::unique_ptr<ModelHandle> model;
    std::string unconverged;
    long recorded = open_journal(comm, journal, "model", opt.command);
    // Bad input found while building (too few processes...) is the same on
    // every rank; agree() turns it into a clean exit everywhere.
    CPM_MPI(MPI_Barrier(comm));
    double t0 = MPI_Wtime();
    bench::convergence_reset();
    agree(comm, [&] { model = kind->build(comm, bo, settings); });
    CPM_MPI(MPI_Barrier(comm));
    if (rank == 0) {
        // What the build cost on this platform (simulated time under SMPI).
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.6g s", MPI_Wtime() - t0);
        model->notes["build-time"] = buf;
        std::string resumed = journal_resumed(comm, "model", journal, recorded);
        if (!resumed.empty())
            model->notes["resumed"] = resumed;
        // What no schedule of these experiments beats (formats.md).
        std::snprintf(buf, sizeof buf, "%.6g s",
                      bench::convergence_tally().busiest);
        model->notes["busiest-work"] = buf;
        unconverged = unconverged_note(*model);
    }
    agree(comm, [&] {
        if (rank != 0)
            return;
        report_warnings(model->warnings,
                        warned ? opt.settings.at("warnings") : "");
        if (warned)
            write_warnings(*warned, model->warnings);
        write_output(out->stream(), opt, *kind, *model);
        out->commit();
        if (warned) // saved with the model, not without it
            warned->commit();
    });
    journal_close(true); // the model is saved: the journal has served
    if (rank == 0 && !unconverged.empty())
        std::cerr << "model: " << unconverged
                  << (opt.estimate.empty() && !opt.json
                          ? " (the model file's 'measured unconverged' names "
                            "the parameters resting on them)"
                          : "")
                  << std::endl;
}

/* The models' own options and operations, one line each: NAME padded to
 * the longest name of all models, then the help. */
std::string help_tail()
{
    std::string s =
        "\nBuild under mpirun (the model is written to -o, default standard\n"
        "output), or load one with -i (no mpirun needed) to save it again,\n"
        "write it as JSON (--json) or print predictions (-E OP over the sizes\n"
        "of -s/-m or --sizes, with --pair I,J or --root R), or compare it with\n"
        "measured times (--compare FILE, the output of p2p or collective; the\n"
        "operation is p2p, scatter or gather by the file, or -E OP).\n"
        "With -i, --export simgrid -o DIR writes the model (Hockney, LMO,\n"
        "PLogP) as a SimGrid platform: DIR/platform.xml, DIR/hostfile,\n"
        "DIR/smpirun.cfg (--rendezvous D: sends of D bytes and more are\n"
        "rendezvous); run programs on it with cpm-smpirun DIR.\n"
        "-M LogGP -i FILE also takes a PLogP model file, and derives LogGP\n"
        "from it as a LogGP build does from its PLogP measurements.\n"
        "Warnings of a build: at most 3 of a form on standard error;\n"
        "--warnings FILE keeps them all.\n\n"
        + journal_help("build") + "\n"
        "models (-M), their own build options, and their operations (-E):\n";
    auto option_text = [](const BuildOption &o) {
        return std::string("--") + o.name + " " + o.arg;
    };
    std::size_t width = 0;
    for (const ModelKind &k : model_kinds()) {
        for (const BuildOption &o : k.options)
            width = std::max(width, option_text(o).size());
        for (const Operation &o : k.operations)
            width = std::max(width, std::string(o.name).size());
    }
    auto line = [width](std::string left, const std::string &help) {
        left.resize(width + 2, ' ');
        return "      " + left + help + "\n";
    };
    for (const ModelKind &k : model_kinds()) {
        s += "  " + std::string(k.name) + ": " + k.description + "\n";
        for (const BuildOption &o : k.options)
            s += line(option_text(o), o.help);
        for (const Operation &o : k.operations)
            s += line(o.name, operation_text(o));
    }
    return s;
}

/* --list: one line per operation of every model (of -M's, with -M):
 * MODEL, OPERATION, SUBJECT, HELP separated by tabs. */
int list_operations(const ToolOptions &opt)
{
    std::vector<const ModelKind *> kinds;
    if (!opt.model.empty())
        kinds.push_back(&find_model(opt.model));
    else
        for (const ModelKind &k : model_kinds())
            kinds.push_back(&k);
    AtomicFile out(opt.output);
    for (const ModelKind *k : kinds)
        for (const Operation &o : k->operations)
            out.stream() << k->name << '\t' << o.name << '\t'
                         << subject_name(o.subject) << '\t'
                         << operation_text(o) << '\n';
    out.commit();
    return 0;
}

/* The command line as one line, for the header of --heatmap's output:
 * "model" and the arguments, each quoted if it has a blank. */
std::string command_line(int argc, char **argv)
{
    std::string s = "model";
    for (int k = 1; k < argc; ++k) {
        std::string a = argv[k];
        bool quote = a.empty() || a.find_first_of(" \t'\"") != std::string::npos;
        s += quote ? " '" + a + "'" : " " + a;
    }
    return s;
}

} // namespace

int main(int argc, char **argv)
{
    const char *synopsis =
        "mpirun -np N model -M NAME [options]   |   model -M NAME -i FILE "
        "[options]";
    // Parsed once, before MPI_Init (SimGrid keeps getopt's state per rank).
    ToolOptions opt;
    std::string error;
    bool parsed = true;
    try {
        opt = parse_options(argc, argv, kGroups, model_options());
    } catch (const UsageError &e) {
        parsed = false; // reported once, below, through tool_main
        error = e.what();
    }
    if (parsed && opt.help) {
        std::cout << options_help(synopsis, kGroups) << help_tail();
        return 0;
    }
    if (parsed && opt.input.empty() &&
        (opt.settings.count("export") || opt.settings.count("rendezvous"))) {
        std::cerr << "model: --export needs a model file (-i FILE)"
                  << std::endl;
        return 2;
    }
    if (parsed && (opt.list || !opt.input.empty() || !opt.heatmap.empty())) {
        try {
            return opt.list               ? list_operations(opt)
                   : !opt.heatmap.empty() ? run_heatmap(opt, command_line(argc, argv))
                                          : run_offline(opt);
        } catch (const UsageError &e) {
            std::cerr << "model: " << e.what() << std::endl;
            return 2;
        } catch (const std::exception &e) {
            std::cerr << "model: " << e.what() << std::endl;
            return 1;
        }
    }
    return tool_main(argc, argv, "model", synopsis, kGroups, help_tail(), build,
                     [&]() -> ToolOptions {
                         if (!parsed)
                             throw UsageError(error);
                         return opt;
                     });
}
