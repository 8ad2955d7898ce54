/* The registry of the model tool: the model kinds in the order of
 * registry_list.def, look-up by name with the valid names in the error,
 * the build options of all models, and the values of build options. */
#include "registry.h"

#include "registry_table.h"
#include "common_error.h"
#include "common_parse.h"

#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>

namespace cpm::registry {

const char *subject_name(Subject s)
{
    switch (s) {
    case Subject::Pair:
        return "pair";
    case Subject::Root:
        return "root";
    case Subject::None:
        return "none";
    case Subject::Config:
        return "config";
    }
    return "?";
}

std::string operation_text(const Operation &o)
{
    std::string s = o.predicts;
    if (*o.help)
        s += std::string(", ") + o.help;
    return s;
}

bool ModelKind::takes(const std::string &option) const
{
    for (const BuildOption &o : options)
        if (option == o.name)
            return true;
    return false;
}

const std::vector<ModelKind> &model_kinds()
{
    static const std::vector<ModelKind> kinds = {
#define CPM_MODEL(id) id##_kind(),
#include "registry_list.def"
#undef CPM_MODEL
    };
    return kinds;
}

const ModelKind &find_model(const std::string &name)
{
    std::string names;
    for (const ModelKind &k : model_kinds()) {
        if (name == k.name)
            return k;
        names += (names.empty() ? "" : ", ") + std::string(k.name);
    }
    throw UsageError("unknown model " + quoted(name) + " (valid: " + names +
                     ")");
}

const Operation &find_operation(const ModelKind &kind, const std::string &op)
{
    std::string names;
    for (const Operation &o : kind.operations) {
        if (op == o.name)
            return o;
        names += (names.empty() ? "" : ", ") + std::string(o.name);
    }
    throw UsageError("the " + std::string(kind.name) +
                     " model does not predict " + quoted(op) + " (valid: " +
                     names + ")");
}

std::vector<BuildOption> build_options()
{
    std::vector<BuildOption> all;
    for (const ModelKind &k : model_kinds())
        for (const BuildOption &o : k.options) {
            bool seen = false;
            for (const BuildOption &a : all)
                seen = seen || std::string(a.name) == o.name;
            if (!seen)
                all.push_back(o);
        }
    return all;
}

std::string models_taking(const std::string &option)
{
    std::string names;
    for (const ModelKind &k : model_kinds())
        if (k.takes(option))
            names += (names.empty() ? "-M " : ", ") + std::string(k.name);
    return names;
}

void check_settings(const ModelKind &kind, const Settings &settings)
{
    for (const auto &kv : settings)
        if (!kind.takes(kv.first))
            throw UsageError("option --" + kv.first + " applies to " +
                             models_taking(kv.first) + " only");
    kind.check(settings);
}

int option_positive_int(const std::string &value, const char *name)
{
    long v = 0;
    try {
        v = parse_long(value, "");
    } catch (const UsageError &) {
        v = 0;
    }
    if (v <= 0 || v > 0x7fffffffL)
        throw UsageError(std::string("option --") + name +
                         ": expected a positive integer, got '" + value + "'");
    return int(v);
}

double option_positive_real(const std::string &value, const char *name)
{
    double v = parse_double(value, std::string("option --") + name);
    if (!(v > 0))
        throw UsageError(std::string("option --") + name +
                         ": expected a positive number, got '" + value + "'");
    return v;
}

int option_count(const std::string &value, const char *name)
{
    long v = parse_long(value, std::string("option --") + name);
    if (v < 0 || v > 0x7fffffffL)
        throw UsageError(std::string("option --") + name +
                         ": expected an integer >= 0, got '" + value + "'");
    return int(v);
}

std::string option_choice(const std::string &value, const char *name,
                          const std::vector<std::string> &choices)
{
    std::string list;
    for (std::size_t k = 0; k < choices.size(); ++k) {
        if (value == choices[k])
            return value;
        list += (k == 0 ? "" : k + 1 == choices.size() ? " or " : ", ") +
                choices[k];
    }
    throw UsageError(std::string("option --") + name + ": expected " + list +
                     ", got '" + value + "'");
}

std::string option_file(const std::string &value, const char *name)
{
    if (value.empty())
        throw UsageError(std::string("option --") + name +
                         ": empty file name");
    return value;
}

std::vector<IntervalParameter>
interval_parameters(const models::ModelData &d,
                    const std::vector<models::RecordSpec> &schema)
{
    std::vector<IntervalParameter> out;
    for (std::size_t r = 0; r < d.records.size(); ++r) {
        const models::Record &rec = d.records[r];
        const models::RecordSpec *spec = nullptr;
        for (const models::RecordSpec &s : schema)
            if (s.key == rec.key)
                spec = &s;
        if (!spec)
            continue;
        const std::vector<std::string> &names = spec->values;
        for (std::size_t k = 0; k < names.size() && k < rec.values.size();
             ++k) {
            const std::string &name = names[k];
            std::size_t of = names.size();
            if (name == "ci" && k > 0) {
                of = k - 1;
            } else {
                std::string base;
                if (name.size() > 3 && name.compare(0, 3, "ci_") == 0)
                    base = name.substr(3);
                else if (name.size() > 3 &&
                         name.compare(name.size() - 3, 3, "_ci") == 0)
                    base = name.substr(0, name.size() - 3);
                for (std::size_t v = 0; v < names.size() && !base.empty();
                     ++v)
                    if (names[v] == base)
                        of = v;
            }
            double h = rec.values[k];
            if (of < rec.values.size() && std::isfinite(h) && h > 0 &&
                std::isfinite(rec.values[of]))
                out.push_back({r, of, h});
        }
    }
    return out;
}

std::vector<Prediction> predict_intervals(const ModelKind &kind,
                                          const ModelHandle &model,
                                          const std::string &op,
                                          const std::vector<Query> &queries)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<Prediction> out(queries.size());
    for (std::size_t q = 0; q < queries.size(); ++q)
        out[q].T = model.predict(op, queries[q]);
    models::ModelData d = model.data();
    std::vector<double> sum(queries.size(), 0.0);
    // The predictions of the model with one parameter moved to v, or
    // empty if the model refuses that value.
    auto moved = [&](const IntervalParameter &p, double v) {
        std::vector<double> t;
        double keep = d.records[p.record].values[p.value];
        d.records[p.record].values[p.value] = v;
        try {
            std::unique_ptr<ModelHandle> m = kind.load(d);
            for (const Query &q : queries)
                t.push_back(m->predict(op, q));
        } catch (const std::exception &) {
            t.clear(); // the model refuses the value (e.g. a negative one)
        }
        d.records[p.record].values[p.value] = keep;
        return t;
    };
    for (const IntervalParameter &p :
         interval_parameters(d, kind.schema())) {
        double v = d.records[p.record].values[p.value];
        std::vector<double> up = moved(p, v + p.half);
        std::vector<double> down = moved(p, v - p.half);
        for (std::size_t q = 0; q < queries.size(); ++q) {
            double T = out[q].T;
            bool u = !up.empty() && std::isfinite(up[q]);
            bool w = !down.empty() && std::isfinite(down[q]);
            double dp = u && w ? (up[q] - down[q]) / 2
                        : u    ? up[q] - T
                        : w    ? T - down[q]
                               : 0.0;
            sum[q] = std::hypot(sum[q], dp); // sqrt(sum dp^2), no overflow
        }
    }
    for (std::size_t q = 0; q < queries.size(); ++q) {
        double T = out[q].T;
        double H = sum[q];
        out[q].lo = std::isfinite(T) ? T - H : nan;
        out[q].hi = std::isfinite(T) ? T + H : nan;
    }
    return out;
}

} // namespace cpm::registry
