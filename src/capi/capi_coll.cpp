// The C names of cpm_coll.h over the C++ collectives and the models set
// for them (coll_instance.cpp). The model structs are read through their
// public fields, as cpm.h documents them.
#include "cpm_coll.h"

#include "capi_internal.h"
#include "coll_internal.h"
#include "coll_ops.h"
#include "common_error.h"

#include <memory>
#include <new>
#include <optional>
#include <string>

using namespace cpm;
using namespace cpm::coll;

namespace {

/* The messages of failed calls go where every C API call's go:
 * CPM_error_message(). */
void set_message(const char *fn, const std::string &what)
{
    capi::set_error(fn, what);
}

/* Runs body (returning an MPI code); exceptions become codes with a
 * message. */
template <class F>
int run_mpi(const char *fn, F &&body)
{
    try {
        return body();
    } catch (const UsageError &e) {
        set_message(fn, e.what());
        return MPI_ERR_ARG;
    } catch (const std::bad_alloc &) {
        set_message(fn, "out of memory");
        return MPI_ERR_NO_MEM;
    } catch (const std::exception &e) {
        set_message(fn, e.what());
    } catch (...) {
        set_message(fn, "unknown error");
    }
    return MPI_ERR_OTHER;
}

/* Explains a failed collective's code. */
int explain(const char *fn, int rc, int model_n, int root, MPI_Comm comm)
{
    if (rc == MPI_SUCCESS)
        return rc;
    int n = 0;
    MPI_Comm_size(comm, &n);
    if (rc == MPI_ERR_ROOT) {
        set_message(fn, "root " + std::to_string(root) + " is outside 0.." +
                            std::to_string(n - 1));
    } else if (rc == MPI_ERR_ARG && model_n != n) {
        set_message(fn, "the model is of " + std::to_string(model_n) +
                            " processes, the communicator of " +
                            std::to_string(n));
    } else {
        char text[MPI_MAX_ERROR_STRING] = {0};
        int len = 0;
        if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
            len = 0;
        set_message(fn, len ? std::string(text, std::size_t(len))
                            : "MPI error " + std::to_string(rc));
    }
    return rc;
}

std::optional<double> threshold(int v)
{
    return v >= 0 ? std::optional<double>(v) : std::nullopt;
}

/* The C++ model of a C one's public fields, or nothing if it has none. */
std::unique_ptr<models::LMO> lmo_of(const LMO_model *c)
{
    if (!c || c->n < 1 || !c->C || !c->t || !c->L || !c->b)
        return nullptr;
    auto m = std::make_unique<models::LMO>();
    m->n = c->n;
    std::size_t n = std::size_t(c->n), pairs = n * (n - 1) / 2;
    for (std::size_t i = 0; i < n; ++i) {
        m->C.push_back({c->C[i], 0, 0});
        m->t.push_back({c->t[i], 0, 0});
    }
    for (std::size_t p = 0; p < pairs; ++p) {
        m->L.push_back({c->L[p], 0, 0});
        m->beta.push_back({c->b[p], 0, 0});
    }
    m->S = threshold(c->S);
    m->M1 = threshold(c->M1);
    m->M2 = threshold(c->M2);
    return m;
}

std::unique_ptr<models::Hockney> hockney_of(const Hockney_model *c)
{
    if (!c || c->n < 1 || !c->a || !c->b)
        return nullptr;
    auto h = std::make_unique<models::Hockney>();
    h->n = c->n;
    std::size_t n = std::size_t(c->n), pairs = n * (n - 1) / 2;
    for (std::size_t p = 0; p < pairs; ++p) {
        h->alpha.push_back({c->a[p], 0, 0});
        h->beta.push_back({c->b[p], 0, 0});
    }
    return h;
}

int is_root(int root, MPI_Comm comm)
{
    int rank = -1;
    MPI_Comm_rank(comm, &rank);
    return rank == root;
}

using LinearFn = int (*)(const models::LMO &, const void *, int,
                         MPI_Datatype, void *, int, MPI_Datatype, int,
                         MPI_Comm);

int linear(const char *fn, LinearFn f, const void *sendbuf, int sendcount,
           MPI_Datatype sendtype, void *recvbuf, int recvcount,
           MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return run_mpi(fn, [&]() -> int {
        const models::LMO *m = lmo_instance();
        if (!m) {
            set_message(fn, "no LMO model: call LMO_initialize first");
            return MPI_ERR_OTHER;
        }
        return explain(fn,
                       f(*m, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                         recvtype, root, comm),
                       m->n, root, comm);
    });
}

int binomial(const char *fn, TreeOp op, TreeMap kind, const void *sendbuf,
             int sendcount, MPI_Datatype sendtype, void *recvbuf,
             int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return run_mpi(fn, [&]() -> int {
        const models::Hockney *h = hockney_instance();
        if (!h) {
            set_message(fn, "no Hockney model: call Hockney_initialize first");
            return MPI_ERR_OTHER;
        }
        int rank = 0, n = 0;
        int rc = detail::check_call(h->n, root, comm, rank, n);
        if (rc != MPI_SUCCESS)
            return explain(fn, rc, h->n, root, comm);
        bool scatter = op == TreeOp::Scatter;
        long M = detail::data_bytes(scatter, rank == root, sendcount,
                                    sendtype, recvcount, recvtype);
        const std::vector<int> &order =
            hockney_mapping(root, double(M), op, kind);
        int me = detail::position_of(order, rank);
        rc = scatter ? detail::scatter_tree(order, order, me, sendbuf,
                                            sendcount, sendtype, recvbuf,
                                            recvcount, recvtype, comm)
                     : detail::gather_tree(order, order, me, sendbuf,
                                           sendcount, sendtype, recvbuf,
                                           recvcount, recvtype, comm);
        return explain(fn, rc, h->n, root, comm);
    });
}

} // namespace

extern "C" {

int LMO_initialize(MPI_Comm comm, const struct LMO_model *model)
{
    return run_mpi("LMO_initialize", [&]() -> int {
        std::unique_ptr<models::LMO> m;
        if (is_root(0, comm))
            m = lmo_of(model);
        coll::lmo_initialize(comm, m.get());
        return MPI_SUCCESS;
    });
}

int LMO_finalize(MPI_Comm)
{
    coll::lmo_finalize();
    return MPI_SUCCESS;
}

int CPM_Scatter_linear_opt(const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, int root,
                           MPI_Comm comm)
{
    return linear("CPM_Scatter_linear_opt", scatter_linear_opt, sendbuf,
                  sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                  comm);
}

int CPM_Gather_linear_opt(const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm)
{
    return linear("CPM_Gather_linear_opt", gather_linear_opt, sendbuf,
                  sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                  comm);
}

int Hockney_initialize(MPI_Comm comm, const struct Hockney_model *model)
{
    return run_mpi("Hockney_initialize", [&]() -> int {
        std::unique_ptr<models::Hockney> h;
        if (is_root(0, comm))
            h = hockney_of(model);
        coll::hockney_initialize(comm, h.get());
        return MPI_SUCCESS;
    });
}

int Hockney_finalize(MPI_Comm)
{
    coll::hockney_finalize();
    return MPI_SUCCESS;
}

int CPM_Scatter_binomial_opt(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             int recvcount, MPI_Datatype recvtype, int root,
                             MPI_Comm comm)
{
    return binomial("CPM_Scatter_binomial_opt", TreeOp::Scatter,
                    TreeMap::Optimal, sendbuf, sendcount, sendtype, recvbuf,
                    recvcount, recvtype, root, comm);
}

int CPM_Scatter_binomial_cor(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             int recvcount, MPI_Datatype recvtype, int root,
                             MPI_Comm comm)
{
    return binomial("CPM_Scatter_binomial_cor", TreeOp::Scatter,
                    TreeMap::Worst, sendbuf, sendcount, sendtype, recvbuf,
                    recvcount, recvtype, root, comm);
}

int CPM_Gather_binomial_opt(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm)
{
    return binomial("CPM_Gather_binomial_opt", TreeOp::Gather,
                    TreeMap::Optimal, sendbuf, sendcount, sendtype, recvbuf,
                    recvcount, recvtype, root, comm);
}

int CPM_Gather_binomial_cor(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm)
{
    return binomial("CPM_Gather_binomial_cor", TreeOp::Gather,
                    TreeMap::Worst, sendbuf, sendcount, sendtype, recvbuf,
                    recvcount, recvtype, root, comm);
}

int CPM_p2p_initialize(MPI_Comm comm, int root, int opt)
{
    return run_mpi("CPM_p2p_initialize", [&]() -> int {
        coll::p2p_initialize(comm, root, opt != 0);
        return MPI_SUCCESS;
    });
}

int CPM_p2p_finalize(MPI_Comm)
{
    coll::p2p_finalize();
    return MPI_SUCCESS;
}

int CPM_Scatter_binomial(const void *sendbuf, int sendcount,
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "CPM_Scatter_binomial";
    return run_mpi(fn, [&]() -> int {
        const ReorderedComm *r = p2p_instance();
        if (!r) {
            set_message(fn, "no reordered communicator: call "
                            "CPM_p2p_initialize first");
            return MPI_ERR_OTHER;
        }
        int rc = r->scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                            recvtype, root, comm);
        if (rc == MPI_ERR_COMM)
            set_message(fn, "comm does not have the processes of the "
                            "communicator given to CPM_p2p_initialize in "
                            "the same order");
        else if (rc == MPI_ERR_ROOT)
            set_message(fn, "root " + std::to_string(root) +
                                " is not the root given to "
                                "CPM_p2p_initialize (" +
                                std::to_string(r->root()) + ")");
        else if (rc != MPI_SUCCESS)
            explain(fn, rc, int(r->order().size()), root, comm);
        return rc;
    });
}

} // extern "C"
