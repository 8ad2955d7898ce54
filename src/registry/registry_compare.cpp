/* Observed against predicted (registry_compare.h): the observed times
 * from a measurement output read by bench::read_output, the columns by
 * name, and the comparison table. */
#include "registry_compare.h"

#include "benchmark_output.h"
#include "common_error.h"
#include "common_parse.h"
#include "common_text.h"

#include <climits>
#include <cmath>
#include <cstdio>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>

namespace cpm::registry {

namespace {

bool contains(const std::string &s, const char *part)
{
    return s.find(part) != std::string::npos;
}

} // namespace

Observed read_observed(std::istream &in, const std::string &name)
{
    bench::Output out = bench::read_output(in, name);
    Observed obs;
    obs.tool = out.tool;
    bool p2p = obs.tool == "p2p";
    if (const bench::OutputLine *l = out.find("processes"))
        obs.n = int(integer_at(name, l->line, l->value, "number of processes",
                               2, INT_MAX));
    else
        out.fail(out.last_line, "no '# processes:' line");
    if (const bench::OutputLine *l = out.find("operation"))
        obs.operation = l->value.substr(0, l->value.find(' '));
    else if (!p2p)
        out.fail(out.last_line, "no '# operation:' line");
    if (const bench::OutputLine *l = out.find("root"))
        obs.root = int(integer_at(name, l->line, l->value, "root", 0,
                                  obs.n - 1));
    if (const bench::OutputLine *l = out.find("config"))
        obs.config = l->value;
    else if (obs.tool == "kernel")
        out.fail(out.last_line, "no '# config:' line");
    // The `# config-line:` values at their own line numbers (other lines
    // empty), so that read_config names the output's lines.
    std::vector<const bench::OutputLine *> config = out.find_all("config-line");
    if (obs.tool == "kernel" && !config.empty()) {
        std::string text;
        int lines = 0;
        for (const bench::OutputLine *l : config) {
            for (; lines < l->line - 1; ++lines)
                text += '\n';
            text += l->value + '\n';
            lines = l->line;
        }
        std::istringstream c(text);
        obs.kernel_config = std::make_shared<const kernels::Config>(
            kernels::read_config(c, name));
        if (int(obs.kernel_config->procs.size()) != obs.n)
            out.fail(config.back()->line,
                     "the configuration of the '# config-line:' lines has " +
                         std::to_string(obs.kernel_config->procs.size()) +
                         " processes, the run " + std::to_string(obs.n));
    }
    if (p2p)
        obs.operation = "p2p";
    // The columns by name: M, T, ci, and i, j for p2p.
    std::size_t cM = out.column("M"), cT = out.column("T"),
                cci = out.column("ci");
    std::size_t ci = p2p ? out.column("i") : 0, cj = p2p ? out.column("j") : 0;
    for (const bench::OutputRow &row : out.rows) {
        Observed::Row r;
        r.M = out.integer(row, cM);
        if (p2p) {
            r.i = int(out.integer(row, ci));
            r.j = int(out.integer(row, cj));
            if (r.i >= obs.n || r.j >= obs.n)
                out.fail(row.line, "pair " + row.fields[ci] + "," +
                                       row.fields[cj] + " outside 0.." +
                                       std::to_string(obs.n - 1));
        }
        r.T = out.real(row, cT);
        r.ci = out.real(row, cci);
        if (!(r.T > 0))
            out.fail(row.line, "observed time " + quoted(row.fields[cT]) +
                                   " is not positive");
        obs.rows.push_back(r);
    }
    if (obs.rows.empty())
        out.fail(out.last_line, "no measurements");
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
    out << "# lo hi: the interval of the prediction that the model's "
           "parameters' confidence intervals imply; inside: 1 if the "
           "observed time's interval (observed +- ci, widened by 1e-8 "
           "relative) meets it, else 0\n";
    out << (p2p ? "# columns: M i j observed ci predicted mu lo hi inside\n"
                : "# columns: M observed ci predicted mu lo hi inside\n");
    CompareSummary sum;
    double total = 0;
    std::vector<Query> queries;
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
        queries.push_back(q);
    }
    std::vector<Prediction> pred = predict_intervals(kind, model, op, queries);
    for (std::size_t k = 0; k < obs.rows.size(); ++k) {
        const Observed::Row &r = obs.rows[k];
        double e = pred[k].T;
        double lo = pred[k].lo, hi = pred[k].hi;
        double mu = proportional_error(r.T, e);
        // A prediction that is not a positive time is not written as one
        // (model -E writes nan too); it has no mu and is counted.
        if (!(std::isfinite(e) && e > 0))
            e = lo = hi = std::numeric_limits<double>::quiet_NaN();
        // The observation's own interval (its ci, and the 1e-8 relative
        // precision of the printed times) overlaps the prediction's.
        double slack = r.ci + 1e-8 * r.T;
        int inside =
            std::isfinite(e) && lo - slack <= r.T && r.T <= hi + slack ? 1 : 0;
        sum.inside += std::size_t(inside);
        char buf[240];
        if (p2p)
            std::snprintf(buf, sizeof buf,
                          "%ld %d %d %.9e %.3e %.9e %.6f %.9e %.9e %d\n",
                          r.M, r.i, r.j, r.T, r.ci, e, mu, lo, hi, inside);
        else
            std::snprintf(buf, sizeof buf,
                          "%ld %.9e %.3e %.9e %.6f %.9e %.9e %d\n", r.M, r.T,
                          r.ci, e, mu, lo, hi, inside);
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
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "# summary: model %s op %s observed %s rows %zu "
                  "mean_mu %.4f max_mu %.4f no_mu %zu inside %zu\n",
                  kind.name, op.c_str(), obs.operation.c_str(), sum.rows,
                  sum.mean_mu, sum.max_mu, sum.no_mu, sum.inside);
    out << buf;
    return sum;
}

} // namespace cpm::registry
