/* The Dimemas collective model in the model tool: operations (p2p and one
 * per collective of its table), build (measured as Hockney, then derived:
 * homogeneous averages) and load. The model is homogeneous: the pair and
 * the root of a query do not change a prediction. */
#include "registry_handle.h"
#include "registry_kinds.h"
#include "model_dimemas.h"

namespace cpm::registry {

namespace {

using models::Dimemas;

std::map<std::string, Handle<Dimemas>::Fn> dimemas_ops()
{
    std::map<std::string, Handle<Dimemas>::Fn> ops = {
        {"p2p", [](const Dimemas &m, const Query &q) { return m.p2p(q.M); }},
    };
    const std::vector<std::string> &names = models::dimemas_operations();
    for (std::size_t k = 0; k < names.size(); ++k)
        ops[names[k]] = [k](const Dimemas &m, const Query &q) {
            return m.collective(k, q.M);
        };
    return ops;
}

std::unique_ptr<ModelHandle> build_dimemas(MPI_Comm c,
                                           const models::BuildOptions &o)
{
    return handle_with_warnings(
        models::dimemas_from_hockney(models::build_hockney(c, o)),
        dimemas_ops());
}

std::unique_ptr<ModelHandle> load_dimemas(const models::ModelData &d)
{
    return std::make_unique<Handle<Dimemas>>(Dimemas::from_data(d),
                                             dimemas_ops());
}

const char *factor_name(models::DimemasFactor f)
{
    switch (f) {
    case models::DimemasFactor::None:
        return "none";
    case models::DimemasFactor::Constant:
        return "CT";
    case models::DimemasFactor::Linear:
        return "LIN";
    case models::DimemasFactor::Log:
        return "LOG";
    }
    return "?";
}

const char *size_name(models::DimemasSize s)
{
    switch (s) {
    case models::DimemasSize::Max:
        return "MAX";
    case models::DimemasSize::Min:
        return "MIN";
    case models::DimemasSize::Mean:
        return "MEAN";
    case models::DimemasSize::TwoMax:
        return "2MAX";
    case models::DimemasSize::SendRecv:
        return "S+R";
    }
    return "?";
}

std::string phase_text(const models::DimemasPhase &p)
{
    if (p.factor == models::DimemasFactor::None)
        return "none";
    return std::string(factor_name(p.factor)) + " " + size_name(p.size);
}

/* The -E operations: p2p, then the table's collectives, each described by
 * its row of dimemas_default_table() (the model file's table is what
 * predicts). Operation holds C strings: the texts live in a static. */
std::vector<Operation> dimemas_operation_list()
{
    static const std::vector<std::string> help = [] {
        std::vector<std::string> v;
        for (const models::DimemasRow &r : models::dimemas_default_table())
            v.push_back("default: fan-in " + phase_text(r.in) +
                        ", fan-out " + phase_text(r.out) +
                        " (the file's table decides)");
        return v;
    }();
    std::vector<Operation> v = {
        {"p2p", "L + M/B (homogeneous: any pair)", Subject::Pair}};
    const std::vector<std::string> &names = models::dimemas_operations();
    for (std::size_t k = 0; k < names.size(); ++k)
        v.push_back({names[k].c_str(),
                     k < help.size() ? help[k].c_str() : "", Subject::Root});
    return v;
}

} // namespace

ModelKind dimemas_kind()
{
    return {"Dimemas",
            "collectives as FAN_IN + FAN_OUT of L + SIZE/B, L and B from "
            "Hockney's averages",
            &Dimemas::schema, dimemas_operation_list(), build_dimemas,
            load_dimemas};
}

} // namespace cpm::registry
