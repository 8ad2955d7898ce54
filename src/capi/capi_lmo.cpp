// The LMO model through the C API. LMO_model holds copies of the
// parameters in its public fields; priv holds the C++ model (confidence
// intervals, slope corrections, exact thresholds, provenance) and what the
// build stages pass on to each other (sizes, sweeps). Saving and
// estimating read the public fields: a public value that differs from
// priv's replaces it.
#include "capi_internal.h"

#include "common_mpi.h"
#include "model_lmo_build.h"
#include "model_lmo.h"

#include <climits>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>

namespace cpm::capi {

namespace {

using models::LMO;
using Fit = std::optional<stats::LineFit>;
using Threshold = std::optional<double>;

struct LmoPriv {
    LMO m;
    bool have_one2many = false;  /**< stage 1 ran on this model */
    bool have_many2one = false;  /**< stage 2 ran on this model */
    std::vector<long> sizes;     /**< sizes of stage 1 */
    std::string call1, call2;    /**< the calls of stages 1 and 2 */
    models::LmoSweeps sweeps;    /**< their measurements */
};

using LmoPtr = Owned<LMO_model, LMO_free>;

const double kNaN = std::numeric_limits<double>::quiet_NaN();

/* The public form of a threshold: -1 if absent, else rounded down (the
 * same comparisons with whole sizes) and at most INT_MAX. */
int threshold_int(const Threshold &v)
{
    if (!v)
        return -1;
    if (*v >= double(INT_MAX))
        return INT_MAX;
    return int(std::floor(*v));
}

/* The threshold in effect: priv's if the public value is still its
 * public form, else the public value (negative: none). */
Threshold threshold_of(int pub, const Threshold &priv)
{
    if (pub == threshold_int(priv))
        return priv;
    if (pub < 0)
        return std::nullopt;
    return double(pub);
}

void fit_public(double out[2], const Fit &f)
{
    out[0] = f ? f->c0 : kNaN;
    out[1] = f ? f->c1 : kNaN;
}

/* The fit in effect: priv's if the public pair is unchanged, none if it
 * holds a NaN, else the public line (with priv's intervals if any). */
Fit fit_of(const double pub[2], const Fit &priv)
{
    double was[2];
    fit_public(was, priv);
    if (std::memcmp(was, pub, sizeof was) == 0)
        return priv;
    if (std::isnan(pub[0]) || std::isnan(pub[1]))
        return std::nullopt;
    stats::LineFit f = priv.value_or(stats::LineFit{});
    f.c0 = pub[0];
    f.c1 = pub[1];
    return f;
}

/* Copies priv's values into the public fields. */
void export_public(LMO_model *c, const LMO &m)
{
    for (int i = 0; i < m.n; ++i) {
        c->C[i] = m.C[i].value;
        c->t[i] = m.t[i].value;
    }
    for (std::size_t p = 0; p < pairs_of(m.n); ++p) {
        c->L[p] = m.L[p].value;
        c->b[p] = m.beta[p].value;
    }
    c->S = threshold_int(m.S);
    c->M1 = threshold_int(m.M1);
    c->M2 = threshold_int(m.M2);
    fit_public(c->one2many_small, m.one2many_small);
    fit_public(c->one2many_large, m.one2many_large);
    fit_public(c->many2one_small, m.many2one_small);
    fit_public(c->many2one_large, m.many2one_large);
}

/* A C model of priv's C++ one; throws on failure. */
LmoPtr wrap(LmoPriv priv)
{
    const LMO &m = priv.m;
    check_processes(m.n);
    std::size_t np = pairs_of(m.n), n = std::size_t(m.n);
    if (m.C.size() != n || m.t.size() != n || m.L.size() != np ||
        m.beta.size() != np)
        CPM_THROW("LMO model of " + std::to_string(m.n) +
                  " processes with missing parameters");
    for (const Threshold *v : {&m.S, &m.M1, &m.M2})
        if (*v && !(**v >= 0))
            throw UsageError("a negative threshold (S, M1 or M2 = " +
                             std::to_string(**v) +
                             ") has no C form; -1 means none");
    LmoPtr c(new_zeroed<LMO_model>());
    c->n = m.n;
    c->C = new_zeroed<double>(n);
    c->t = new_zeroed<double>(n);
    c->L = new_zeroed<double>(np);
    c->b = new_zeroed<double>(np);
    export_public(c.get(), m);
    c->priv = new LmoPriv(std::move(priv));
    return c;
}

LmoPriv &priv_of(const LMO_model *c)
{
    return priv_part<LmoPriv>(c, c && c->C && c->t && c->L && c->b,
                              "LMO_alloc, LMO_build or LMO_load");
}

/* The parameters of the public fields with the rest of priv's model;
 * full (provenance, intervals, fits) for saving, else what predictions
 * need. */
LMO compose(const LMO_model *c, bool full)
{
    const LMO &pm = priv_of(c).m;
    LMO m;
    if (full)
        m = pm;
    m.n = pm.n;
    std::size_t n = std::size_t(m.n), np = pairs_of(m.n);
    m.C.resize(n);
    m.t.resize(n);
    m.L.resize(np);
    m.beta.resize(np);
    for (std::size_t i = 0; i < n; ++i) {
        m.C[i].value = c->C[i];
        m.t[i].value = c->t[i];
    }
    for (std::size_t p = 0; p < np; ++p) {
        m.L[p].value = c->L[p];
        m.beta[p].value = c->b[p];
    }
    m.S = threshold_of(c->S, pm.S);
    m.M1 = threshold_of(c->M1, pm.M1);
    m.M2 = threshold_of(c->M2, pm.M2);
    m.kappa1 = pm.kappa1;
    m.kappa2 = pm.kappa2;
    m.segments = pm.segments; // the public fields hold the first segment
    if (full) {
        m.one2many_small = fit_of(c->one2many_small, pm.one2many_small);
        m.one2many_large = fit_of(c->one2many_large, pm.one2many_large);
        m.many2one_small = fit_of(c->many2one_small, pm.many2one_small);
        m.many2one_large = fit_of(c->many2one_large, pm.many2one_large);
    }
    return m;
}

/* Throws unless a model given on this rank fits the communicator, and
 * unless rank 0 has one. */
void check_model(const LMO_model *c, const DupComm &dc)
{
    if (!c) {
        if (dc.rank() == 0)
            throw UsageError("model must not be NULL on rank 0");
        return;
    }
    priv_of(c);
    if (c->n != dc.size())
        throw UsageError("the model is of " + std::to_string(c->n) +
                         " processes, the communicator has " +
                         std::to_string(dc.size()));
}

void bcast_doubles(MPI_Comm comm, std::vector<double> &v)
{
    int len = int(v.size());
    CPM_MPI(MPI_Bcast(&len, 1, MPI_INT, 0, comm));
    v.resize(std::size_t(len));
    if (len > 0)
        CPM_MPI(MPI_Bcast(v.data(), len, MPI_DOUBLE, 0, comm));
}

void bcast_string(MPI_Comm comm, std::string &s)
{
    int len = int(s.size());
    CPM_MPI(MPI_Bcast(&len, 1, MPI_INT, 0, comm));
    s.resize(std::size_t(len));
    if (len > 0)
        CPM_MPI(MPI_Bcast(s.data(), len, MPI_CHAR, 0, comm));
}

/* Stage 1 or 2 on the models given. */
int sweep_stage(const char *fn, bool one2many, LMO_model *model,
                MPI_Comm comm, int stride, int max_size,
                MPIB_precision precision)
{
    return run(fn, [&] {
        DupComm dc(comm);
        models::BuildOptions o;
        o.precision = precision_of(precision);
        collective(dc, [&] {
            check_model(model, dc);
            o.sizes = sweep_sizes(stride, max_size);
            o.precision.validate();
        });
        LMO m;
        models::LmoSweeps s;
        collective(dc, [&] {
            if (one2many)
                models::lmo_build_one2many(dc, o, m, s);
            else
                models::lmo_build_many2one(dc, o, m, s);
        });
        if (!model)
            return;
        LmoPriv &p = priv_of(model);
        if (one2many) {
            p.m.S = m.S;
            model->S = threshold_int(m.S);
            p.sweeps.one2many = s.one2many;
            p.sizes = o.sizes;
            p.call1 = sweep_call(fn, stride, max_size);
            p.have_one2many = true;
        } else {
            p.m.M1 = m.M1;
            p.m.M2 = m.M2;
            model->M1 = threshold_int(m.M1);
            model->M2 = threshold_int(m.M2);
            p.sweeps.many2one = s.many2one;
            p.call2 = sweep_call(fn, stride, max_size);
            p.have_many2one = true;
        }
    });
}

std::vector<double> threshold_pack(const LMO &m)
{
    std::vector<double> v;
    for (const Threshold *t : {&m.S, &m.M1, &m.M2}) {
        v.push_back(*t ? 1 : 0);
        v.push_back(t->value_or(0));
    }
    return v;
}

void threshold_unpack(const std::vector<double> &v, LMO &m)
{
    Threshold *t[3] = {&m.S, &m.M1, &m.M2};
    for (int k = 0; k < 3; ++k)
        *t[k] = v.at(2 * k) != 0 ? Threshold(v.at(2 * k + 1)) : std::nullopt;
}

} // namespace

} // namespace cpm::capi

using namespace cpm;
using namespace cpm::capi;

extern "C" {

LMO_model *LMO_alloc(int n)
{
    return run_new("LMO_alloc", [&] {
        check_processes(n);
        LmoPriv p;
        p.m.n = n;
        p.m.C.resize(std::size_t(n));
        p.m.t.resize(std::size_t(n));
        p.m.L.resize(pairs_of(n));
        p.m.beta.resize(pairs_of(n));
        p.m.provenance = empty_provenance(n);
        return wrap(std::move(p));
    });
}

int LMO_free(LMO_model *model)
{
    return free_model<LmoPriv>(model, &LMO_model::C, &LMO_model::t,
                               &LMO_model::L, &LMO_model::b);
}

LMO_model *LMO_load(const char *filename)
{
    return run_new("LMO_load", [&] {
        models::ModelData d =
            load_data(filename, LMO::name(), LMO::schema());
        LmoPriv p;
        p.m = LMO::from_data(d);
        return wrap(std::move(p));
    });
}

int LMO_save(const char *filename, const LMO_model *model)
{
    return run("LMO_save", [&] {
        LMO m = compose(model, true);
        save_data(filename, m.to_data(), LMO::schema());
    });
}

int LMO_build_one2many(LMO_model *model, MPI_Comm comm, int stride,
                       int max_size, MPIB_precision precision)
{
    return sweep_stage("LMO_build_one2many", true, model, comm, stride,
                       max_size, precision);
}

int LMO_build_many2one(LMO_model *model, MPI_Comm comm, int stride,
                       int max_size, MPIB_precision precision)
{
    return sweep_stage("LMO_build_many2one", false, model, comm, stride,
                       max_size, precision);
}

int LMO_build_p2p(LMO_model *model, MPI_Comm comm, int parallel,
                  MPIB_precision precision)
{
    return run("LMO_build_p2p", [&] {
        DupComm dc(comm);
        models::BuildOptions o;
        o.precision = precision_of(precision);
        o.parallel = parallel != 0;
        // Rank 0's model decides: its thresholds (as the public fields
        // say), the sizes and sweeps of its stages 1 and 2.
        std::vector<double> thresholds, sizes, o2m_M, o2m_T, m2o_M, m2o_T;
        std::string command;
        collective(dc, [&] {
            check_model(model, dc);
            o.precision.validate();
            if (dc.rank() != 0)
                return;
            const LmoPriv &p = priv_of(model);
            if (!p.have_one2many || !p.have_many2one)
                throw UsageError("the model on rank 0 needs "
                                 "LMO_build_one2many and LMO_build_many2one "
                                 "first");
            thresholds = threshold_pack(compose(model, false));
            sizes.assign(p.sizes.begin(), p.sizes.end());
            o2m_M = p.sweeps.one2many.M;
            o2m_T = p.sweeps.one2many.T;
            m2o_M = p.sweeps.many2one.M;
            m2o_T = p.sweeps.many2one.T;
            command = p.call1 + "; " + p.call2 + "; LMO_build_p2p parallel=" +
                      std::to_string(parallel ? 1 : 0);
        });
        for (std::vector<double> *v :
             {&thresholds, &sizes, &o2m_M, &o2m_T, &m2o_M, &m2o_T})
            bcast_doubles(dc, *v);
        bcast_string(dc, command);
        LMO m;
        threshold_unpack(thresholds, m);
        models::LmoSweeps s;
        s.one2many = {o2m_M, o2m_T};
        s.many2one = {m2o_M, m2o_T};
        o.sizes.assign(sizes.begin(), sizes.end());
        o.command = command;
        collective(dc, [&] { models::lmo_build_p2p(dc, o, m, s); });
        if (!model)
            return;
        LmoPriv &p = priv_of(model);
        p.m = m;
        p.sizes = o.sizes;
        p.sweeps = s;
        export_public(model, p.m);
    });
}

int LMO_build(MPI_Comm comm, int stride, int max_size, int parallel,
              MPIB_precision precision, LMO_model **model)
{
    models::BuildOptions o;
    return build_model(
        "LMO_build", comm, model,
        [&](const DupComm &) {
            o.precision = precision_of(precision);
            o.parallel = parallel != 0;
            o.command = sweep_call("LMO_build", stride, max_size) +
                        " parallel=" + std::to_string(parallel ? 1 : 0);
            o.sizes = sweep_sizes(stride, max_size);
            o.precision.validate();
        },
        [&](const DupComm &dc) {
            LmoPriv p;
            models::lmo_build_one2many(dc, o, p.m, p.sweeps);
            models::lmo_build_many2one(dc, o, p.m, p.sweeps);
            models::lmo_build_p2p(dc, o, p.m, p.sweeps);
            p.have_one2many = p.have_many2one = true;
            p.sizes = o.sizes;
            p.call1 = sweep_call("LMO_build_one2many", stride, max_size);
            p.call2 = sweep_call("LMO_build_many2one", stride, max_size);
            return p;
        },
        [](LmoPriv p) { return wrap(std::move(p)); });
}

double LMO_estimate_p2p(const LMO_model *model, int i, int j, int M)
{
    return run_estimate("LMO_estimate_p2p", [&] {
        int p = checked_pair(priv_of(model).m.n, i, j, M);
        if (p < 0)
            return 0.0;
        if (!priv_of(model).m.segments.empty())
            return compose(model, false).p2p(i, j, double(M));
        // The pair alone, as a model of 2 processes.
        LMO two;
        two.n = 2;
        two.C = {{model->C[i], 0, 0}, {model->C[j], 0, 0}};
        two.t = {{model->t[i], 0, 0}, {model->t[j], 0, 0}};
        two.L = {{model->L[p], 0, 0}};
        two.beta = {{model->b[p], 0, 0}};
        return two.p2p(0, 1, double(M));
    });
}

double LMO_estimate_one2many(const LMO_model *model, int root, int M)
{
    return run_estimate("LMO_estimate_one2many", [&] {
        LMO m = compose(model, false);
        check_size(M);
        return m.one2many(root, double(M));
    });
}

double LMO_estimate_many2one(const LMO_model *model, int root, int M)
{
    return run_estimate("LMO_estimate_many2one", [&] {
        LMO m = compose(model, false);
        check_size(M);
        return m.many2one(root, double(M));
    });
}

} // extern "C"
