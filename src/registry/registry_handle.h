/* Internal to the model tool: the handle every model kind wraps its
 * model in (data and predictions by operation name). */
#ifndef CPM_REGISTRY_HANDLE_H
#define CPM_REGISTRY_HANDLE_H

#include "registry.h"
#include "common_error.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cpm::registry {

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

/* The handle of a built model that reports warnings (M::warnings), after
 * the earlier ones (e.g. those of the model it was derived from). */
template <class M>
std::unique_ptr<ModelHandle>
handle_with_warnings(M m, std::map<std::string, typename Handle<M>::Fn> ops,
                     std::vector<std::string> earlier = {})
{
    earlier.insert(earlier.end(), m.warnings.begin(), m.warnings.end());
    auto h = std::make_unique<Handle<M>>(std::move(m), std::move(ops));
    h->warnings = std::move(earlier);
    return h;
}

} // namespace cpm::registry

#endif
