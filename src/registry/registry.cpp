/* The registry of the model tool: the model kinds in the order of
 * registry_list.def, look-up by name with the valid names in the error,
 * the build options of all models, and the values of build options. */
#include "registry.h"

#include "registry_table.h"
#include "common_error.h"
#include "common_parse.h"

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
    throw UsageError("unknown model '" + name + "' (valid: " + names + ")");
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
                     " model does not predict '" + op + "' (valid: " + names +
                     ")");
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

} // namespace cpm::registry
