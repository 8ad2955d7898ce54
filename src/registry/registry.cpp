/* The registry of the model tool: the model kinds in a stable order, and
 * look-up by name with the valid names in the error. */
#include "registry.h"

#include "registry_kinds.h"
#include "common_error.h"

namespace cpm::registry {

const std::vector<ModelKind> &model_kinds()
{
    static const std::vector<ModelKind> kinds = {
        hockney_kind(),
        lmo_kind(),
        plogp_kind(),
        loggp_kind(),
        hloggp_kind(),
        dimemas_kind(),
        taulop_kind(),
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

} // namespace cpm::registry
