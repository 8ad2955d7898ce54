/* The Dimemas collective model in the model tool: operations (p2p and one
 * per collective of its table), build (measured as Hockney, then derived:
 * homogeneous averages) and load. The model is homogeneous: the pair and
 * the root of a query do not change a prediction. */
#include "cli_handle.h"
#include "cli_kinds.h"
#include "model_dimemas.h"

namespace cpm::cli {

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
    return std::make_unique<Handle<Dimemas>>(
        models::dimemas_from_hockney(models::build_hockney(c, o)),
        dimemas_ops());
}

std::unique_ptr<ModelHandle> load_dimemas(const models::ModelData &d)
{
    return std::make_unique<Handle<Dimemas>>(Dimemas::from_data(d),
                                             dimemas_ops());
}

/* The -E operations: p2p, then the table's collectives with their default
 * rows (the file's table is what predicts). */
std::vector<Operation> dimemas_operation_list()
{
    static const char *help[] = {
        "LIN MAX + LIN MAX by default (the model file's table decides)",
        "LOG MAX, no fan-out by default",
        "LOG MEAN, no fan-out by default",
        "LOG MEAN, no fan-out by default",
        "no fan-in, LOG MEAN by default",
        "no fan-in, LOG MEAN by default",
        "LOG MEAN + LOG MEAN by default",
        "LOG MEAN + LOG MEAN by default",
        "LOG MEAN + LOG MAX by default",
        "LOG MEAN + LOG MAX by default",
        "LOG 2MAX, no fan-out by default",
        "LOG 2MAX + LOG MAX by default",
        "LOG 2MAX + LOG MIN by default",
        "LOG MAX + LOG MAX by default",
    };
    std::vector<Operation> v = {
        {"p2p", "L + M/B (homogeneous: any pair)", Subject::Pair}};
    const std::vector<std::string> &names = models::dimemas_operations();
    for (std::size_t k = 0; k < names.size(); ++k)
        v.push_back({names[k].c_str(),
                     k < sizeof help / sizeof *help ? help[k] : "",
                     Subject::Root});
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

} // namespace cpm::cli
