/**
 * \file registry.h
 * \brief The registry of models known to the `model` tool: one descriptor
 *        per model (name, description, operations it predicts, how to build
 *        and load it), so that an unknown -M lists the valid names.
 */
#ifndef CPM_REGISTRY_H
#define CPM_REGISTRY_H

#include "common_error.h"
#include "kernel_config.h"
#include "model_build.h"
#include "model_data.h"

#include <mpi.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

/** \defgroup registry Registry: the models, their operations and comparisons
 *  Depends on models.
 *  @{ */

namespace cpm::registry {

/** What a prediction is about. */
struct Query {
    int i = 0;        /**< sender of a point-to-point operation */
    int j = 1;        /**< receiver of a point-to-point operation */
    int root = 0;     /**< root of a collective operation */
    double M = 0;     /**< message size (bytes per process) */
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

/** A predicted operation. */
struct Operation {
    const char *name; /**< -E name */
    const char *help; /**< one line */
    Subject subject;  /**< takes --pair, --root, or neither */
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

/** A model kind: one entry of the registry. */
struct ModelKind {
    const char *name;        /**< -M name */
    const char *description; /**< one line */
    /** The records of the model's files. */
    const std::vector<models::RecordSpec> &(*schema)();
    std::vector<Operation> operations; /**< what -E accepts */
    /** Measures and builds the model (collective over the communicator). */
    std::unique_ptr<ModelHandle> (*build)(MPI_Comm,
                                          const models::BuildOptions &);
    /** Makes the model from loaded records. */
    std::unique_ptr<ModelHandle> (*load)(const models::ModelData &);
    /** Whether the build takes a layout (--config), a network mode
     *  (--network) and a largest tau (--tau-max): tau-Lop's. */
    bool layout_build = false;
};

/** All models, in a stable order. */
const std::vector<ModelKind> &model_kinds();
/** The model of that name; throws cpm::UsageError listing the names. */
const ModelKind &find_model(const std::string &name);
/** The operation of that name of a model; throws cpm::UsageError listing
 *  the model's operations. */
const Operation &find_operation(const ModelKind &kind, const std::string &op);

} // namespace cpm::registry

/** @} */

#endif
