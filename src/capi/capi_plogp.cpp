// The PLogP model through the C API: PLogP_model holds copies of L (per
// pair) and os, or, g (per pair and measured size) in its public arrays,
// and the C++ model (confidence intervals, provenance) in priv. Saving
// and estimating read the public arrays; n, nsizes and sizes are fixed.
// The LogGP estimate derives LogGP from the public values as the C++
// library does (models::loggp_from_plogp).
#include "capi_internal.h"

#include "model_plogp_build.h"
#include "model_plogp.h"

#include <climits>
#include <memory>

namespace cpm::capi {

namespace {

using models::PLogP;
using stats::Estimate;

struct PLogPPriv {
    PLogP m;
};

using PLogPPtr = Owned<PLogP_model, PLogP_free>;

/* The parameters given per pair and size, in the C++ model and in the C
 * struct. */
struct PerSize {
    std::vector<std::vector<Estimate>> PLogP::*cpp;
    double *PLogP_model::*c;
};
const PerSize kPerSize[] = {{&PLogP::os, &PLogP_model::os},
                            {&PLogP::or_, &PLogP_model::or_},
                            {&PLogP::g, &PLogP_model::g}};

/* Throws UsageError unless the sizes increase and lie in 0..INT_MAX. */
void check_sizes(const std::vector<long> &sizes)
{
    if (sizes.empty())
        throw UsageError("a PLogP model needs at least one message size");
    for (std::size_t k = 0; k < sizes.size(); ++k) {
        if (sizes[k] < 0 || sizes[k] > INT_MAX)
            throw UsageError("message size " + std::to_string(sizes[k]) +
                             " is outside 0..INT_MAX");
        if (k > 0 && sizes[k] <= sizes[k - 1])
            throw UsageError("the message sizes must increase, but " +
                             std::to_string(sizes[k]) + " follows " +
                             std::to_string(sizes[k - 1]));
    }
}

/* A C model of the C++ one; throws on failure. */
PLogPPtr wrap(PLogP m)
{
    check_processes(m.n);
    check_sizes(m.sizes);
    std::size_t np = pairs_of(m.n), K = m.sizes.size();
    bool whole = m.L.size() == np;
    for (const PerSize &f : kPerSize) {
        whole = whole && (m.*f.cpp).size() == np;
        for (std::size_t p = 0; whole && p < np; ++p)
            whole = (m.*f.cpp)[p].size() == K;
    }
    if (!whole)
        CPM_THROW("PLogP model of " + std::to_string(m.n) +
                  " processes with missing parameters");
    PLogPPtr c(new_zeroed<PLogP_model>());
    c->n = m.n;
    c->nsizes = int(K);
    c->sizes = new_zeroed<int>(K);
    c->L = new_zeroed<double>(np);
    for (const PerSize &f : kPerSize)
        c.get()->*f.c = new_zeroed<double>(np * K);
    for (std::size_t k = 0; k < K; ++k)
        c->sizes[k] = int(m.sizes[k]);
    for (std::size_t p = 0; p < np; ++p) {
        c->L[p] = m.L[p].value;
        for (const PerSize &f : kPerSize)
            for (std::size_t k = 0; k < K; ++k)
                (c.get()->*f.c)[p * K + k] = (m.*f.cpp)[p][k].value;
    }
    c->priv = new PLogPPriv{std::move(m)};
    return c;
}

/* The private part of a usable model whose n and sizes are unchanged;
 * throws UsageError otherwise. */
const PLogPPriv &priv_of(const PLogP_model *c)
{
    const PLogPPriv &p = priv_part<PLogPPriv>(
        c, c && c->sizes && c->L && c->os && c->or_ && c->g,
        "PLogP_alloc, PLogP_build or PLogP_load");
    const std::vector<long> &sizes = p.m.sizes;
    if (c->nsizes != int(sizes.size()))
        throw UsageError("the model's nsizes was changed from " +
                         std::to_string(sizes.size()) + " to " +
                         std::to_string(c->nsizes));
    for (std::size_t k = 0; k < sizes.size(); ++k)
        if (c->sizes[k] != sizes[k])
            throw UsageError("the model's sizes[" + std::to_string(k) +
                             "] was changed from " + std::to_string(sizes[k]) +
                             " to " + std::to_string(c->sizes[k]));
    return p;
}

/* The model to save: the private one with the public values. */
PLogP compose(const PLogP_model *c)
{
    PLogP m = priv_of(c).m;
    // The C API predicts L + g(M) from the public arrays (CPM 1.0.1); the
    // roundtrips, which the C++ model's p2p would take, are not public.
    m.rtt.clear();
    std::size_t K = m.sizes.size();
    for (std::size_t p = 0; p < pairs_of(m.n); ++p) {
        m.L[p].value = c->L[p];
        for (const PerSize &f : kPerSize)
            for (std::size_t k = 0; k < K; ++k)
                (m.*f.cpp)[p][k].value = (c->*f.c)[p * K + k];
    }
    return m;
}

/* Pair p of the public values alone, as a model of 2 processes. */
PLogP pair_model(const PLogP_model *c, int p)
{
    PLogP two;
    two.n = 2;
    two.sizes = priv_of(c).m.sizes;
    std::size_t K = two.sizes.size();
    two.L = {{c->L[p], 0, 0}};
    if (std::size_t(p) < priv_of(c).m.starts.size()) // the pair's segments
        two.starts = {priv_of(c).m.starts[std::size_t(p)]};
    for (const PerSize &f : kPerSize) {
        const double *v = (c->*f.c) + std::size_t(p) * K;
        std::vector<Estimate> row(K);
        for (std::size_t k = 0; k < K; ++k)
            row[k].value = v[k];
        (two.*f.cpp).assign(1, row);
    }
    return two;
}

/* An interpolated parameter of pair {i, j}, i != j, at M bytes. */
double parameter(const PLogP_model *c, int i, int j, int M,
                 double (PLogP::*at)(int, int, double) const)
{
    int p = checked_pair(priv_of(c).m.n, i, j, M);
    if (p < 0)
        throw UsageError("no pair " + std::to_string(i) + "," +
                         std::to_string(j) + ": the ranks are equal");
    return (pair_model(c, p).*at)(0, 1, double(M));
}

} // namespace

} // namespace cpm::capi

using namespace cpm;
using namespace cpm::capi;

extern "C" {

PLogP_model *PLogP_alloc(int n, int nsizes, const int *sizes)
{
    return run_new("PLogP_alloc", [&] {
        check_processes(n);
        if (nsizes < 1)
            throw UsageError("nsizes must be at least 1, got " +
                             std::to_string(nsizes));
        if (!sizes)
            throw UsageError("sizes is NULL");
        PLogP m;
        m.n = n;
        m.sizes.assign(sizes, sizes + nsizes);
        check_sizes(m.sizes);
        std::size_t np = pairs_of(n), K = std::size_t(nsizes);
        m.L.resize(np);
        for (const PerSize &f : kPerSize)
            (m.*f.cpp).assign(np, std::vector<Estimate>(K));
        m.provenance = empty_provenance(n);
        return wrap(std::move(m));
    });
}

int PLogP_free(PLogP_model *model)
{
    return free_model<PLogPPriv>(model, &PLogP_model::sizes, &PLogP_model::L,
                                 &PLogP_model::os, &PLogP_model::or_,
                                 &PLogP_model::g);
}

int PLogP_build(MPI_Comm comm, int stride, int max_size, int parallel,
                MPIB_precision precision, PLogP_model **model)
{
    models::BuildOptions o;
    return build_model(
        "PLogP_build", comm, model,
        [&](const DupComm &) {
            o.sizes = sweep_sizes(stride, max_size);
            if (o.sizes.size() < 2)
                throw UsageError("max_size " + std::to_string(max_size) +
                                 " is below stride " + std::to_string(stride) +
                                 ": PLogP needs a message size above 0");
            o.precision = precision_of(precision);
            o.precision.validate();
            o.parallel = parallel != 0;
            o.command = sweep_call("PLogP_build", stride, max_size) +
                        " parallel=" + std::to_string(parallel ? 1 : 0);
            // CPM 1.0.1's interface: the model holds exactly the sizes of
            // the sweep (nsizes, sizes), so no sizes are added at breaks.
            o.segments = false;
        },
        [&](const DupComm &dc) { return models::build_plogp(dc, o); },
        [](PLogP m) { return wrap(std::move(m)); });
}

PLogP_model *PLogP_load(const char *filename)
{
    return run_new("PLogP_load", [&] {
        models::ModelData d =
            load_data(filename, PLogP::name(), PLogP::schema());
        return wrap(PLogP::from_data(d));
    });
}

int PLogP_save(const char *filename, const PLogP_model *model)
{
    return run("PLogP_save", [&] {
        PLogP m = compose(model);
        save_data(filename, m.to_data(), PLogP::schema());
    });
}

double PLogP_estimate(const PLogP_model *model, int i, int j, int M)
{
    return run_estimate("PLogP_estimate", [&] {
        int p = checked_pair(priv_of(model).m.n, i, j, M);
        return p < 0 ? 0.0 : pair_model(model, p).p2p(0, 1, double(M));
    });
}

double PLogP_estimate_LogGP(const PLogP_model *model, int i, int j, int M)
{
    return run_estimate("PLogP_estimate_LogGP", [&] {
        int p = checked_pair(priv_of(model).m.n, i, j, M);
        // Derived also for i == j (from pair 0), so that a model with no
        // size of 1 byte or more fails whatever the pair.
        models::LogGP two =
            models::loggp_from_plogp(pair_model(model, p < 0 ? 0 : p));
        return p < 0 ? 0.0 : two.p2p(0, 1, double(M));
    });
}

double PLogP_os(const PLogP_model *model, int i, int j, int M)
{
    return run_estimate("PLogP_os", [&] {
        return parameter(model, i, j, M, &PLogP::os_at);
    });
}

double PLogP_or(const PLogP_model *model, int i, int j, int M)
{
    return run_estimate("PLogP_or", [&] {
        return parameter(model, i, j, M, &PLogP::or_at);
    });
}

double PLogP_g(const PLogP_model *model, int i, int j, int M)
{
    return run_estimate("PLogP_g", [&] {
        return parameter(model, i, j, M, &PLogP::g_at);
    });
}

} // extern "C"
