/**
 * \file registry.h
 * \brief The models as the programs see them: one descriptor per model
 *        (name, description, the operations it predicts, its own build
 *        options, the records of its files, how to build and load it),
 *        registered in one list, registry_list.def.
 *
 * A descriptor is written once per model, as a typed table in
 * registry_NAME.cpp (registry_table.h): each operation is declared once
 * with its name, subject, what it predicts, its help and its function.
 * `model -h`, `model --list`, the option parser of `model` and the
 * comparisons all read the descriptors; doc/adding-a-model.md says how to
 * add a model or an operation.
 */
#ifndef CPM_REGISTRY_H
#define CPM_REGISTRY_H

#include "common_error.h"
#include "kernel_config.h"
#include "model_build.h"
#include "model_data.h"
#include "model_simgrid.h"

#include <mpi.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

/** \defgroup registry Registry: the models, their operations and comparisons
 *  Depends on coll, models and below.
 *  @{ */

namespace cpm::registry {

/** What a prediction is about. */
struct Query {
    int i = 0;        /**< sender of a point-to-point operation */
    int j = 1;        /**< receiver of a point-to-point operation */
    int root = 0;     /**< root of a collective operation */
    /** Message size (bytes per process). A model whose parameters hold per
     *  size segment (models::RecordSpec::per_segment) takes each message's
     *  segment from it. */
    double M = 0;
    int tau = 1;      /**< concurrent transfers (tau-Lop) */
    std::string config; /**< kernel configuration file (Subject::Config);
                             with kernel_config, only its name */
    /** The kernel configuration itself, when the caller has it (a kernel
     *  output's `# config-line:` lines); else it is read from config. */
    std::shared_ptr<const kernels::Config> kernel_config;

    /** The kernel configuration of -E op, which must be of kernel want:
     *  kernel_config if set, else read from the file config
     *  (cpm::UsageError if it cannot be read, is invalid or is of another
     *  kernel). */
    kernels::Config configuration(kernels::Kernel want, const char *op) const
    {
        kernels::Config c = kernel_config ? *kernel_config
                                          : kernels::read_config_file(config);
        if (c.kernel != want)
            throw UsageError(config + ": -E " + op +
                             " needs a configuration of that kernel");
        return c;
    }
};

/** What an operation is about: a pair (--pair), a root (--root), nothing,
 *  or a kernel configuration file (--config). */
enum class Subject { Pair, Root, None, Config };

/** The subject as `model --list` writes it: pair, root, none, config. */
const char *subject_name(Subject s);

/** A predicted operation: a row of its model's table. */
struct Operation {
    const char *name;     /**< -E name */
    Subject subject;      /**< takes --pair, --root, --config, or nothing */
    /** What it predicts, short (e.g. "one-way time i -> j"). */
    const char *predicts;
    /** How, or what else to know, one line; "" if predicts says it all. */
    const char *help;
};

/** An operation in one line, as `model -h` and `model --list` show it:
 *  predicts, then ", " and help if there is any. */
std::string operation_text(const Operation &o);

/** A model's build settings as given on the command line: option name
 *  (without "--") -> value. The model's descriptor checks and reads them
 *  into the model's own options struct (e.g. models::LmoBuildOptions). */
using Settings = std::map<std::string, std::string>;

/** A build option of one model (e.g. LMO's --bp-h): a long option that
 *  takes a value. */
struct BuildOption {
    const char *name; /**< long option name, without "--" */
    const char *arg;  /**< its value in help texts, e.g. "D" */
    const char *help; /**< one line */
};

/** A loaded or built model, seen through data and predictions. */
class ModelHandle {
public:
    virtual ~ModelHandle() = default;
    /** The model's records and provenance. */
    virtual models::ModelData data() const = 0;
    /** The predicted time of operation op (a name of the model's kind). */
    virtual double predict(const std::string &op, const Query &q) const = 0;
    /** Warnings about the estimates (negative values...). */
    std::vector<std::string> warnings;
    /** More `measured` fields for data() (e.g. the build time). */
    std::map<std::string, std::string> notes;
};

/** A model kind: one entry of the registry, made from the model's typed
 *  table by make_kind (registry_table.h). */
struct ModelKind {
    const char *name = "";        /**< -M name */
    const char *description = ""; /**< one line */
    /** The records of the model's files. */
    const std::vector<models::RecordSpec> &(*schema)() = nullptr;
    std::vector<Operation> operations; /**< what -E accepts, in order */
    std::vector<BuildOption> options;  /**< its own build options */
    /** Checks build settings before anything is measured: each value, and
     *  what it names (e.g. a file that must be readable); throws
     *  cpm::UsageError "option --NAME: ...". Settings of options the model
     *  does not take are refused by check_settings, not here. */
    std::function<void(const Settings &)> check;
    /** Measures and builds the model (collective over the communicator). */
    std::function<std::unique_ptr<ModelHandle>(
        MPI_Comm, const models::BuildOptions &, const Settings &)>
        build;
    /** Makes the model from loaded records. */
    std::function<std::unique_ptr<ModelHandle>(const models::ModelData &)>
        load;
    /** The model as a SimGrid platform (`model --export simgrid`,
     *  model_simgrid.h); empty if the model has no export. Throws
     *  cpm::UsageError naming a parameter the platform cannot hold. */
    std::function<models::SimgridExport(const models::ModelData &,
                                        const models::SimgridExportOptions &)>
        simgrid;
    /** The kind whose model files this model is derived from, as its
     *  build derives it from that kind's measurements (LogGP: "PLogP"),
     *  with derive; "" and empty if none. */
    const char *derived_from = "";
    /** Makes the model from the records of a derived_from model (its
     *  warnings: the derivation's). */
    std::function<std::unique_ptr<ModelHandle>(const models::ModelData &)>
        derive;

    /** Whether the model has the build option of that name. */
    bool takes(const std::string &option) const;
};

/** All models, in the order of registry_list.def. */
const std::vector<ModelKind> &model_kinds();
/** The model of that name; throws cpm::UsageError listing the names. */
const ModelKind &find_model(const std::string &name);
/** The operation of that name of a model; throws cpm::UsageError listing
 *  the model's operations. */
const Operation &find_operation(const ModelKind &kind, const std::string &op);
/** The build options of all models, each name once, in registry order
 *  (what the option parser of `model` accepts beyond its own). */
std::vector<BuildOption> build_options();
/** Refuses a setting the model does not take with one line, "option
 *  --NAME applies to -M A only" (naming the models that take it), then
 *  checks the others (ModelKind::check). */
void check_settings(const ModelKind &kind, const Settings &settings);
/** The models that take build option NAME, as "-M A" or "-M A, B". */
std::string models_taking(const std::string &option);

/** A predicted time with the interval that the confidence intervals of
 *  the model's parameters imply (predict_intervals). */
struct Prediction {
    double T = 0;  /**< the model's prediction (s) */
    double lo = 0; /**< lower end of the interval (s): T - H */
    double hi = 0; /**< upper end of the interval (s): T + H */
};

/** The parameters of a model's records that carry a confidence interval:
 *  (record, value, half-width). In a record's schema a value named "ci"
 *  is the half-width of the value before it, and one named "X_ci" or
 *  "ci_X" that of the value named X; a half-width that is not positive
 *  and finite is left out. */
struct IntervalParameter {
    std::size_t record; /**< index into ModelData::records */
    std::size_t value;  /**< index into its values */
    double half;        /**< the confidence interval's half-width */
};
std::vector<IntervalParameter>
interval_parameters(const models::ModelData &d,
                    const std::vector<models::RecordSpec> &schema);

/** The prediction of operation op for every query, each with its
 *  interval, propagated per parameter (doc/models.md, "Prediction
 *  intervals"): for each parameter p with half-width h_p, the model is
 *  rebuilt from its records (ModelKind::load) with p + h_p and with
 *  p - h_p, and
 *
 *      d_p = (T(p + h_p) - T(p - h_p)) / 2,   H = sqrt(sum_p d_p^2),
 *
 *  the interval being [T - H, T + H] (exact for a time linear in
 *  parameters with independent errors; one-sided, T(p + h_p) - T, where
 *  the model refuses p - h_p or predicts no finite time with it). A model
 *  whose records carry no confidence interval (tau-Lop) gets lo = hi = T.
 *  A prediction T that is not finite gets NaN ends. Every query must be
 *  one that model.predict(op, q) takes. */
std::vector<Prediction> predict_intervals(const ModelKind &kind,
                                          const ModelHandle &model,
                                          const std::string &op,
                                          const std::vector<Query> &queries);

} // namespace cpm::registry

/** @} */

#endif
