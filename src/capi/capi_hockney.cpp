// The Hockney model through the C API: Hockney_model holds copies of alpha
// and beta in its public arrays and the C++ model (confidence intervals,
// provenance) in priv. Saving and estimating read the public arrays.
#include "capi_internal.h"

#include "common_mpi.h"
#include "model_hockney_build.h"
#include "model_hockney.h"

#include <memory>

namespace cpm::capi {

namespace {

using models::Hockney;

struct HockneyPriv {
    Hockney m;
};

using HockneyPtr = Owned<Hockney_model, Hockney_free>;

/* A C model of the C++ one; throws on failure. */
HockneyPtr wrap(Hockney m)
{
    check_processes(m.n);
    std::size_t np = pairs_of(m.n);
    if (m.alpha.size() != np || m.beta.size() != np)
        CPM_THROW("Hockney model of " + std::to_string(m.n) +
                  " processes without C(n,2) parameters");
    HockneyPtr c(new_zeroed<Hockney_model>());
    c->n = m.n;
    c->a = new_zeroed<double>(np);
    c->b = new_zeroed<double>(np);
    for (std::size_t p = 0; p < np; ++p) {
        c->a[p] = m.alpha[p].value;
        c->b[p] = m.beta[p].value;
    }
    c->priv = new HockneyPriv{std::move(m)};
    return c;
}

/* The private part of a usable model; throws UsageError otherwise. */
const HockneyPriv &priv_of(const Hockney_model *c)
{
    return priv_part<HockneyPriv>(c, c && c->a && c->b,
                                  "Hockney_alloc, Hockney_build or "
                                  "Hockney_load");
}

/* The model to save: the private one with the public values. */
Hockney compose(const Hockney_model *c)
{
    Hockney m = priv_of(c).m;
    for (std::size_t p = 0; p < pairs_of(m.n); ++p) {
        m.alpha[p].value = c->a[p];
        m.beta[p].value = c->b[p];
    }
    return m;
}

/* The public values only, for predictions over all processes. */
Hockney view(const Hockney_model *c)
{
    const HockneyPriv &priv = priv_of(c);
    Hockney m;
    m.n = c->n;
    m.provenance.precision = priv.m.provenance.precision;
    std::size_t np = pairs_of(m.n);
    m.alpha.resize(np);
    m.beta.resize(np);
    for (std::size_t p = 0; p < np; ++p) {
        m.alpha[p].value = c->a[p];
        m.beta[p].value = c->b[p];
    }
    return m;
}

/* A prediction over all processes from root, with M checked. */
template <class F>
double predict(const Hockney_model *c, int root, int M, F &&f)
{
    Hockney m = view(c);
    check_rank(m.n, root, "root");
    check_size(M);
    return f(m, double(M));
}

} // namespace

} // namespace cpm::capi

using namespace cpm;
using namespace cpm::capi;

extern "C" {

Hockney_model *Hockney_alloc(int n)
{
    return run_new("Hockney_alloc", [&] {
        check_processes(n);
        models::Hockney m;
        m.n = n;
        m.alpha.resize(pairs_of(n));
        m.beta.resize(pairs_of(n));
        m.provenance = empty_provenance(n);
        return wrap(std::move(m));
    });
}

int Hockney_free(Hockney_model *model)
{
    return free_model<HockneyPriv>(model, &Hockney_model::a,
                                   &Hockney_model::b);
}

int Hockney_build(MPI_Comm comm, int M, int parallel, MPIB_precision precision,
                  Hockney_model **model)
{
    models::BuildOptions o;
    return build_model(
        "Hockney_build", comm, model,
        [&](const DupComm &) {
            if (M <= 0)
                throw UsageError("message size M must be positive, got " +
                                 std::to_string(M));
            o.precision = precision_of(precision);
            o.precision.validate();
            o.sizes = {0, long(M)};
            o.parallel = parallel != 0;
            o.command = "Hockney_build M=" + std::to_string(M) +
                        " parallel=" + std::to_string(parallel ? 1 : 0);
        },
        [&](const DupComm &dc) { return models::build_hockney(dc, o); },
        [](models::Hockney h) { return wrap(std::move(h)); });
}

Hockney_model *Hockney_load(const char *filename)
{
    return run_new("Hockney_load", [&] {
        models::ModelData d = load_data(filename, models::Hockney::name(),
                                        models::Hockney::schema());
        return wrap(models::Hockney::from_data(d));
    });
}

int Hockney_save(const char *filename, const Hockney_model *model)
{
    return run("Hockney_save", [&] {
        models::Hockney m = compose(model);
        save_data(filename, m.to_data(), models::Hockney::schema());
    });
}

double Hockney_estimate(const Hockney_model *model, int i, int j, int M)
{
    return run_estimate("Hockney_estimate", [&] {
        int p = checked_pair(priv_of(model).m.n, i, j, M);
        if (p < 0)
            return 0.0;
        // The pair alone, as a model of 2 processes.
        models::Hockney two;
        two.n = 2;
        two.alpha = {{model->a[p], 0, 0}};
        two.beta = {{model->b[p], 0, 0}};
        return two.p2p(0, 1, double(M));
    });
}

double Hockney_estimate_sg_linear_sequential(const Hockney_model *model,
                                             int root, int M)
{
    return run_estimate("Hockney_estimate_sg_linear_sequential", [&] {
        return predict(model, root, M, [&](const models::Hockney &m, double x) {
            return m.sg_linear_sequential(root, x);
        });
    });
}

double Hockney_estimate_sg_linear_parallel(const Hockney_model *model,
                                           int root, int M)
{
    return run_estimate("Hockney_estimate_sg_linear_parallel", [&] {
        return predict(model, root, M, [&](const models::Hockney &m, double x) {
            return m.sg_linear_parallel(root, x);
        });
    });
}

double Hockney_estimate_sg_binomial(const Hockney_model *model, int root,
                                    int M)
{
    return run_estimate("Hockney_estimate_sg_binomial", [&] {
        return predict(model, root, M, [&](const models::Hockney &m, double x) {
            return m.sg_binomial(root, x);
        });
    });
}

double Hockney_hestimate_sg_linear_sequential(const Hockney_model *model,
                                              int root, int M)
{
    return run_estimate("Hockney_hestimate_sg_linear_sequential", [&] {
        return predict(model, root, M, [](const models::Hockney &m, double x) {
            return m.h_sg_linear_sequential(x);
        });
    });
}

double Hockney_hestimate_sg_linear_parallel(const Hockney_model *model,
                                            int root, int M)
{
    return run_estimate("Hockney_hestimate_sg_linear_parallel", [&] {
        return predict(model, root, M, [](const models::Hockney &m, double x) {
            return m.h_sg_linear_parallel(x);
        });
    });
}

double Hockney_hestimate_sg_binomial(const Hockney_model *model, int root,
                                     int M)
{
    return run_estimate("Hockney_hestimate_sg_binomial", [&] {
        return predict(model, root, M, [](const models::Hockney &m, double x) {
            return m.h_sg_binomial(x);
        });
    });
}

} // extern "C"
