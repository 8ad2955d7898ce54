/* Internal to the registry: how a model's descriptor is written. A model's
 * registry_NAME.cpp fills a Descriptor<M, O> - the model struct M, the
 * struct O of its own build options, one table of its operations (each
 * declared once: name, subject, what it predicts, help, function), one
 * table of its build options, its builder - and make_kind turns it into the
 * registry's ModelKind. The kind functions are declared here from the one
 * list, registry_list.def. doc/adding-a-model.md walks through it. */
#ifndef CPM_REGISTRY_TABLE_H
#define CPM_REGISTRY_TABLE_H

#include "registry.h"
#include "common_error.h"

#include <mpi.h>

#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cpm::registry {

/* ModelKind id_kind() of each line CPM_MODEL(id) of the list. */
#define CPM_MODEL(id) ModelKind id##_kind();
#include "registry_list.def"
#undef CPM_MODEL

/* One operation of model M: its row of the model's table. */
template <class M>
struct Op {
    const char *name;     /* -E name */
    Subject subject;      /* pair, root, nothing, or a configuration */
    const char *predicts; /* what it predicts, e.g. "one-way time i -> j" */
    const char *help;     /* how, one line; "" if predicts says it all */
    std::function<double(const M &, const Query &)> fn; /* the prediction */
};

/* The options struct of a model without build options of its own. */
struct NoOptions {};

/* One build option of a model whose options struct is O. set reads the
 * value into O and throws cpm::UsageError "option --NAME: ..." if it is
 * not valid. */
template <class O>
struct Option {
    const char *name; /* long option, without "--" */
    const char *arg;  /* its value in help texts, e.g. "D" */
    const char *help; /* one line */
    void (*set)(O &, const std::string &value);
};

/* A model's descriptor. M is the model struct: M::name(), M::schema(),
 * M::from_data(), to_data() and, if it has them, warnings. O is the struct
 * of its own build options, which its builder takes. */
template <class M, class O = NoOptions>
struct Descriptor {
    const char *description = ""; /* one line */
    std::vector<Op<M>> operations;
    std::vector<Option<O>> options;
    /* Measures and builds the model (collective). */
    std::function<M(MPI_Comm, const models::BuildOptions &, const O &)> build;
    /* More checks of the options before anything is measured (e.g. that a
     * file can be read); may be empty. */
    std::function<void(const O &)> check;
    /* The model as a SimGrid platform (model_simgrid.h); may be empty. */
    std::function<models::SimgridExport(const M &,
                                        const models::SimgridExportOptions &)>
        simgrid;
    /* The model of another kind whose measurements make this one (LogGP:
     * "PLogP"), and how this one is derived from its records, as the
     * builder derives it; both empty if none. */
    const char *derived_from = "";
    std::function<M(const models::ModelData &)> derive;
};

/* Values of build options, with the one-line messages of the option
 * parser: "option --NAME: expected ..., got 'VALUE'". */
int option_positive_int(const std::string &value, const char *name);
double option_positive_real(const std::string &value, const char *name);
int option_count(const std::string &value, const char *name); /* >= 0 */
/* One of the choices, e.g. {"staged", "direct", "auto"}. */
std::string option_choice(const std::string &value, const char *name,
                          const std::vector<std::string> &choices);
/* A file name: not empty. */
std::string option_file(const std::string &value, const char *name);

namespace detail {

template <class M, class = void>
struct has_warnings : std::false_type {};
template <class M>
struct has_warnings<M, std::void_t<decltype(std::declval<M &>().warnings)>>
    : std::true_type {};

/* A model struct M with its table of operations. */
template <class M>
class Handle : public ModelHandle {
public:
    Handle(M m, std::shared_ptr<const std::vector<Op<M>>> ops)
        : m_(std::move(m)), ops_(std::move(ops))
    {
    }
    models::ModelData data() const override
    {
        models::ModelData d = m_.to_data();
        for (const auto &kv : notes)
            d.provenance.extra[kv.first] = kv.second;
        return d;
    }
    double predict(const std::string &op, const Query &q) const override
    {
        for (const Op<M> &o : *ops_)
            if (op == o.name)
                return o.fn(m_, q);
        throw UsageError("the " + std::string(M::name()) +
                         " model does not predict '" + op + "'");
    }

private:
    M m_;
    std::shared_ptr<const std::vector<Op<M>>> ops_;
};

/* The settings read into O by the option table; an option not in it is
 * refused (check_settings names the models that take it first). */
template <class O>
O read_settings(const std::vector<Option<O>> &table, const Settings &s,
                const char *model)
{
    O o{};
    for (const auto &kv : s) {
        const Option<O> *opt = nullptr;
        for (const Option<O> &t : table)
            if (kv.first == t.name)
                opt = &t;
        if (!opt)
            throw UsageError("the " + std::string(model) +
                             " model takes no option --" + kv.first);
        opt->set(o, kv.second);
    }
    return o;
}

} // namespace detail

/* The registry's ModelKind of a descriptor. */
template <class M, class O>
ModelKind make_kind(Descriptor<M, O> d)
{
    auto ops = std::make_shared<const std::vector<Op<M>>>(
        std::move(d.operations));
    auto options = std::make_shared<const std::vector<Option<O>>>(
        std::move(d.options));
    ModelKind k;
    k.name = M::name();
    k.description = d.description;
    k.schema = &M::schema;
    for (const Op<M> &o : *ops)
        k.operations.push_back({o.name, o.subject, o.predicts, o.help});
    for (const Option<O> &o : *options)
        k.options.push_back({o.name, o.arg, o.help});
    auto read = [options](const Settings &s) {
        return detail::read_settings(*options, s, M::name());
    };
    auto check = std::move(d.check);
    k.check = [read, check](const Settings &s) {
        O o = read(s);
        if (check)
            check(o);
    };
    // a built or derived model with its warnings
    auto handle = [ops](M m) -> std::unique_ptr<ModelHandle> {
        std::vector<std::string> warnings;
        if constexpr (detail::has_warnings<M>::value)
            warnings = m.warnings;
        auto h = std::make_unique<detail::Handle<M>>(std::move(m), ops);
        h->warnings = std::move(warnings);
        return h;
    };
    auto build = std::move(d.build);
    k.build = [read, build, handle](MPI_Comm c,
                                    const models::BuildOptions &bo,
                                    const Settings &s) {
        return handle(build(c, bo, read(s)));
    };
    if (d.derive) {
        k.derived_from = d.derived_from;
        k.derive = [f = std::move(d.derive), handle](
                       const models::ModelData &source) {
            return handle(f(source));
        };
    }
    k.load = [ops](const models::ModelData &data)
        -> std::unique_ptr<ModelHandle> {
        return std::make_unique<detail::Handle<M>>(M::from_data(data), ops);
    };
    if (d.simgrid)
        k.simgrid = [f = std::move(d.simgrid)](
                        const models::ModelData &data,
                        const models::SimgridExportOptions &o) {
            return f(M::from_data(data), o);
        };
    return k;
}

} // namespace cpm::registry

#endif
