/* Internal to the model tool: the handle every model kind wraps its
 * model in (data and predictions by operation name). */
#ifndef CPM_CLI_HANDLE_H
#define CPM_CLI_HANDLE_H

#include "cli_registry.h"
#include "common_error.h"

#include <functional>
#include <map>
#include <string>
#include <utility>

namespace cpm::cli {

/* A handle around a model struct M with its prediction functions. */
template <class M>
class Handle : public ModelHandle {
public:
    using Fn = std::function<double(const M &, const Query &)>;
    Handle(M m, std::map<std::string, Fn> ops)
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
        auto it = ops_.find(op);
        if (it == ops_.end())
            throw UsageError("the " + std::string(M::name()) +
                             " model does not predict '" + op + "'");
        return it->second(m_, q);
    }

private:
    M m_;
    std::map<std::string, Fn> ops_;
};

} // namespace cpm::cli

#endif
