#include "registry_compare.h"

#include "common_error.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>

namespace cpm::registry {

namespace {

[[noreturn]] void fail(const std::string &name, int line,
                       const std::string &what)
{
    throw UsageError(line > 0 ? name + ":" + std::to_string(line) + ": " + what
                              : name + ": " + what);
}

/* The value of a header line "# KEY: VALUE", or "" if it is not one. */
bool header_value(const std::string &text, const std::string &key,
                  std::string &value)
{
    std::string prefix = "# " + key + ": ";
    if (text.rfind(prefix, 0) != 0)
        return false;
    value = text.substr(prefix.size());
    return true;
}

long to_long(const std::string &w, const std::string &name, int line,
             const char *what)
{
    errno = 0;
    char *end = nullptr;
    long v = std::strtol(w.c_str(), &end, 10);
    if (w.empty() || *end || errno)
        fail(name, line, std::string("bad ") + what + " '" + w + "'");
    return v;
}

double to_double(const std::string &w, const std::string &name, int line)
{
    errno = 0;
    char *end = nullptr;
    double v = std::strtod(w.c_str(), &end);
    if (w.empty() || *end || errno == ERANGE)
        fail(name, line, "bad number '" + w + "'");
    return v;
}

bool contains(const std::string &s, const char *part)
{
    return s.find(part) != std::string::npos;
}

} // namespace

Observed read_observed(std::istream &in, const std::string &name)
{
    Observed obs;
    std::string text, value;
    int line = 0;
    bool columns = false;
    // The `# config-line:` values at their own line numbers (other lines
    // empty), so that read_config names the output's lines.
    std::string config_text;
    int config_lines = 0;
    while (std::getline(in, text)) {
        ++line;
        if (!text.empty() && text.back() == '\r')
            text.pop_back();
        if (text.empty())
            continue;
        if (text[0] == '#') {
            if (line == 1) {
                if (text.rfind("# CPM p2p ", 0) == 0)
                    obs.tool = "p2p";
                else if (text.rfind("# CPM collective ", 0) == 0)
                    obs.tool = "collective";
                else if (text.rfind("# CPM kernel ", 0) == 0)
                    obs.tool = "kernel";
                else
                    fail(name, line,
                         "not an output of p2p or collective, nor of kernel "
                         "(expected '# CPM p2p', '# CPM collective' or "
                         "'# CPM kernel')");
            } else if (header_value(text, "processes", value)) {
                obs.n = int(to_long(value, name, line, "number of processes"));
            } else if (header_value(text, "operation", value)) {
                obs.operation = value.substr(0, value.find(' '));
            } else if (header_value(text, "config", value)) {
                obs.config = value;
            } else if (header_value(text, "config-line", value)) {
                for (int k = config_lines; k < line - 1; ++k)
                    config_text += '\n';
                config_text += value + '\n';
                config_lines = line;
            } else if (header_value(text, "root", value)) {
                obs.root = int(to_long(value, name, line, "root"));
            } else if (header_value(text, "columns", value)) {
                const char *want = obs.tool == "p2p" ? "M i j T wtick reps ci"
                                                     : "M T wtick reps ci";
                if (value != want)
                    fail(name, line,
                         "unexpected columns '" + value + "' (expected '" +
                             want + "')");
                columns = true;
            }
            continue;
        }
        if (obs.tool.empty())
            fail(name, line,
                 "not an output of p2p or collective (no '# CPM' line)");
        if (!columns)
            fail(name, line, "data before the '# columns:' line");
        std::istringstream s(text);
        std::vector<std::string> w;
        for (std::string x; s >> x;)
            w.push_back(x);
        bool p2p = obs.tool == "p2p";
        if (w.size() != (p2p ? 7u : 5u))
            fail(name, line,
                 "expected " + std::to_string(p2p ? 7 : 5) + " columns, got " +
                     std::to_string(w.size()));
        Observed::Row r;
        r.M = to_long(w[0], name, line, "message size");
        std::size_t k = 1;
        if (p2p) {
            r.i = int(to_long(w[1], name, line, "rank"));
            r.j = int(to_long(w[2], name, line, "rank"));
            if (r.i < 0 || r.j < 0 || r.i >= obs.n || r.j >= obs.n)
                fail(name, line,
                     "pair " + w[1] + "," + w[2] + " outside 0.." +
                         std::to_string(obs.n - 1));
            k = 3;
        }
        r.T = to_double(w[k], name, line);
        r.ci = to_double(w[k + 3], name, line);
        if (r.M < 0)
            fail(name, line, "negative message size");
        obs.rows.push_back(r);
    }
    if (in.bad())
        fail(name, line, "read error");
    if (obs.tool.empty())
        fail(name, line, "empty file, not an output of p2p or collective");
    if (obs.n < 2)
        fail(name, line, "no '# processes:' line");
    if (obs.tool != "p2p" && obs.operation.empty())
        fail(name, line, "no '# operation:' line");
    if (obs.tool == "kernel" && obs.config.empty())
        fail(name, line, "no '# config:' line");
    if (obs.tool == "kernel" && config_lines > 0) {
        std::istringstream c(config_text);
        obs.kernel_config = std::make_shared<const kernels::Config>(
            kernels::read_config(c, name));
        if (int(obs.kernel_config->procs.size()) != obs.n)
            fail(name, config_lines,
                 "the configuration of the '# config-line:' lines has " +
                     std::to_string(obs.kernel_config->procs.size()) +
                     " processes, the run " + std::to_string(obs.n));
    }
    if (obs.tool == "p2p")
        obs.operation = "p2p";
    if (obs.rows.empty())
        fail(name, line, "no measurements");
    return obs;
}

std::string default_operation(const Observed &obs)
{
    if (obs.tool == "p2p")
        return "p2p";
    if (obs.tool == "kernel")
        return obs.operation;
    if (contains(obs.operation, "Scatter") || contains(obs.operation, "scatter"))
        return "scatter";
    if (contains(obs.operation, "Gather") || contains(obs.operation, "gather"))
        return "gather";
    throw UsageError("no model predicts " + obs.operation +
                     " by default; name the model's operation with -E");
}

double proportional_error(double observed, double predicted)
{
    if (!(observed > 0) || !(predicted > 0) || !std::isfinite(observed) ||
        !std::isfinite(predicted))
        return std::numeric_limits<double>::quiet_NaN();
    return std::max(observed, predicted) / std::min(observed, predicted);
}

CompareSummary write_comparison(std::ostream &out, const ModelKind &kind,
                                const ModelHandle &model, const Observed &obs,
                                const std::string &op,
                                const std::string &obs_name)
{
    const Operation &o = find_operation(kind, op);
    models::ModelData d = model.data();
    bool kernel = obs.tool == "kernel";
    if (kernel != (o.subject == Subject::Config))
        throw UsageError(kernel ? "-E " + op + " does not predict a kernel; " +
                                      obs_name + " holds " + obs.operation
                                : "-E " + op + " predicts a kernel; " +
                                      obs_name + " holds " + obs.operation);
    // A kernel's processes are those of its configuration, which the
    // model's prediction checks against the model.
    if (!kernel && d.n != obs.n)
        throw UsageError("the " + std::string(kind.name) + " model has " +
                         std::to_string(d.n) + " processes, " + obs_name +
                         " " + std::to_string(obs.n));
    bool p2p = obs.tool == "p2p";
    if (o.subject == Subject::Pair && !p2p)
        throw UsageError("-E " + op + " predicts a point-to-point time; " +
                         obs_name + " holds " + obs.operation);
    if (o.subject == Subject::Root && p2p)
        throw UsageError("-E " + op + " predicts a collective; " + obs_name +
                         " holds point-to-point times");
    if (obs.root >= d.n)
        throw UsageError("root " + std::to_string(obs.root) + " of " +
                         obs_name + " outside 0.." + std::to_string(d.n - 1));
    out << "# CPM model " << kind.name << ": predicted " << op
        << " against observed " << obs.operation << " ("
        << obs_name << ")";
    if (kernel)
        out << ", configuration " << obs.config
            << (obs.kernel_config ? " (as recorded in the output)" : "");
    else if (!p2p)
        out << ", root " << obs.root;
    out << ", n=" << d.n << "\n";
    out << "# model measured " << d.provenance.date << " with "
        << d.provenance.mpi << "\n";
    out << "# mu = max(observed, predicted) / min(observed, predicted)\n";
    out << (p2p ? "# columns: M i j observed ci predicted mu\n"
                : "# columns: M observed ci predicted mu\n");
    CompareSummary sum;
    double total = 0;
    for (const Observed::Row &r : obs.rows) {
        Query q;
        q.M = double(r.M);
        q.root = obs.root;
        q.config = obs.config;
        q.kernel_config = obs.kernel_config;
        if (p2p) {
            q.i = r.i;
            q.j = r.j;
        }
        double e = model.predict(op, q);
        double mu = proportional_error(r.T, e);
        char buf[160];
        if (p2p)
            std::snprintf(buf, sizeof buf, "%ld %d %d %.9e %.3e %.9e %.6f\n",
                          r.M, r.i, r.j, r.T, r.ci, e, mu);
        else
            std::snprintf(buf, sizeof buf, "%ld %.9e %.3e %.9e %.6f\n", r.M,
                          r.T, r.ci, e, mu);
        out << buf;
        ++sum.rows;
        if (std::isnan(mu)) {
            ++sum.no_mu;
            continue;
        }
        total += mu;
        sum.max_mu = std::max(sum.max_mu, mu);
    }
    std::size_t k = sum.rows - sum.no_mu;
    sum.mean_mu = k ? total / double(k)
                    : std::numeric_limits<double>::quiet_NaN();
    if (!k)
        sum.max_mu = std::numeric_limits<double>::quiet_NaN();
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "# summary: model %s op %s observed %s rows %zu "
                  "mean_mu %.4f max_mu %.4f no_mu %zu\n",
                  kind.name, op.c_str(), obs.operation.c_str(), sum.rows,
                  sum.mean_mu, sum.max_mu, sum.no_mu);
    out << buf;
    return sum;
}

} // namespace cpm::registry
