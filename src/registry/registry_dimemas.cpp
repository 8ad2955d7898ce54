/* The Dimemas collective model's descriptor: its operations (p2p and one
 * per collective of its table) and its build (measured as Hockney, then
 * derived: homogeneous averages). The model is homogeneous: the pair and
 * the root of a query do not change a prediction. */
#include "registry_table.h"
#include "model_dimemas_build.h"

namespace cpm::registry {

namespace {

using models::Dimemas;

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

} // namespace

ModelKind dimemas_kind()
{
    Descriptor<Dimemas> d;
    d.description = "collectives as FAN_IN + FAN_OUT of L + SIZE/B, L and B "
                    "from Hockney's averages";
    d.operations = {
        {"p2p", Subject::Pair, "one-way time", "L + M/B (homogeneous: any pair)",
         [](const Dimemas &m, const Query &q) { return m.p2p(q.M); }},
    };
    // Then one operation per collective of the table, each described by its
    // row of dimemas_default_table() (the model file's table is what
    // predicts). The table's rows hold C strings: the texts live in a
    // static.
    static const std::vector<std::string> help = [] {
        std::vector<std::string> v;
        for (const models::DimemasRow &r : models::dimemas_default_table())
            v.push_back("default: fan-in " + phase_text(r.in) +
                        ", fan-out " + phase_text(r.out) +
                        " (the file's table decides)");
        return v;
    }();
    const std::vector<std::string> &names = models::dimemas_operations();
    for (std::size_t k = 0; k < names.size(); ++k)
        d.operations.push_back(
            {names[k].c_str(), Subject::Root, "collective time",
             k < help.size() ? help[k].c_str() : "",
             [k](const Dimemas &m, const Query &q) {
                 return m.collective(k, q.M);
             }});
    d.build = [](MPI_Comm c, const models::BuildOptions &o, NoOptions) {
        return models::build_dimemas(c, o);
    };
    return make_kind(std::move(d));
}

} // namespace cpm::registry
