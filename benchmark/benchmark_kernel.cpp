/* The kernel experiment (benchmark_kernel.h): the communication of the
 * SUMMA and 2D-wave kernels on a configuration, per Algorithm 1 of
 * Rico-Gallego et al. 2017, timed iteration by iteration. */
#include "benchmark_kernel.h"

#include "benchmark_journal.h"
#include "benchmark_sample.h"
#include "common_atomic_file.h"
#include "common_error.h"
#include "common_mpi.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <memory>
#include <sstream>

namespace cpm::bench {

namespace {

const int kTagNonBlocking = 7201; // pbc, halo
const int kTagBlocking = 7202;    // pbr
const long kMaxBufferBytes = 1L << 30;

using kernels::Config;
using kernels::Kernel;
using kernels::Phase;

void add_phase(const Phase &ph, int rank, bool blocking, KernelStep &st)
{
    for (const kernels::Sends &s : ph.senders)
        for (const kernels::Message &m : s.messages) {
            if (s.src == rank)
                (blocking ? st.send : st.isend).push_back({m.dst, m.units});
            if (m.dst == rank)
                (blocking ? st.recv : st.irecv).push_back({s.src, m.units});
        }
}

/* The buffers of one process: one send buffer (every send reads its
 * start) and the receive area of the largest iteration. */
struct Buffers {
    std::vector<char> send, recv;
};

long units_sum(const std::vector<KernelStep::Peer> &v)
{
    long s = 0;
    for (const KernelStep::Peer &p : v)
        s += p.units;
    return s;
}

/* One iteration of this process (Algorithm 1's communication part). */
void run_step(const KernelStep &st, long U, Buffers &b, MPI_Comm comm,
              std::vector<MPI_Request> &reqs)
{
    reqs.clear();
    char *rp = b.recv.data();
    for (const KernelStep::Peer &p : st.irecv) {
        reqs.emplace_back();
        CPM_MPI(MPI_Irecv(rp, int(p.units * U), MPI_BYTE, p.rank,
                          kTagNonBlocking, comm, &reqs.back()));
        rp += p.units * U;
    }
    for (const KernelStep::Peer &p : st.isend) {
        reqs.emplace_back();
        CPM_MPI(MPI_Isend(b.send.data(), int(p.units * U), MPI_BYTE, p.rank,
                          kTagNonBlocking, comm, &reqs.back()));
    }
    for (const KernelStep::Peer &p : st.send)
        CPM_MPI(MPI_Send(b.send.data(), int(p.units * U), MPI_BYTE, p.rank,
                         kTagBlocking, comm));
    if (st.recv.size() == 1) {
        CPM_MPI(MPI_Recv(rp, int(st.recv[0].units * U), MPI_BYTE,
                         st.recv[0].rank, kTagBlocking, comm,
                         MPI_STATUS_IGNORE));
    } else {
        // Several owners of the pivot row overlap this process's columns
        // (not a column arrangement): receive from all at once, so that
        // no order of blocking receives can stall a sender.
        for (const KernelStep::Peer &p : st.recv) {
            reqs.emplace_back();
            CPM_MPI(MPI_Irecv(rp, int(p.units * U), MPI_BYTE, p.rank,
                              kTagBlocking, comm, &reqs.back()));
            rp += p.units * U;
        }
    }
    if (!reqs.empty())
        CPM_MPI(MPI_Waitall(int(reqs.size()), reqs.data(),
                            MPI_STATUSES_IGNORE));
}


} // namespace

std::vector<KernelStep> kernel_steps(const Config &c, int rank)
{
    std::vector<KernelStep> steps;
    for (const std::vector<Phase> &it : kernels::kernel_iterations(c)) {
        KernelStep st;
        for (std::size_t ph = 0; ph < it.size(); ++ph)
            add_phase(it[ph], rank,
                      c.kernel == Kernel::Summa && ph == 1, st);
        steps.push_back(st);
    }
    return steps;
}

Result measure_kernel(MPI_Comm comm, const Config &c, long unit_bytes,
                      Timing timing, const Precision &precision)
{
    precision.validate();
    DupComm dc(comm);
    const long U = unit_bytes;
    std::vector<KernelStep> steps;
    Buffers buf;
    agree(dc, [&] {
        if (dc.size() != int(c.procs.size()))
            throw UsageError("the configuration has " +
                             std::to_string(c.procs.size()) +
                             " processes, the job " +
                             std::to_string(dc.size()) + " (run it with -np " +
                             std::to_string(c.procs.size()) + ")");
        if (U < 0)
            throw UsageError("negative unit size " + std::to_string(U));
        steps = kernel_steps(c, dc.rank());
        long max_send = 0, max_recv = 0;
        for (const KernelStep &st : steps) {
            for (const auto *v : {&st.isend, &st.send})
                for (const KernelStep::Peer &p : *v)
                    max_send = std::max(max_send, p.units);
            max_recv = std::max(max_recv,
                                units_sum(st.irecv) + units_sum(st.recv));
        }
        for (const KernelStep &st : steps)
            for (const auto *v : {&st.isend, &st.send, &st.irecv, &st.recv})
                for (const KernelStep::Peer &p : *v)
                    if (U > 0 && p.units > long(INT_MAX) / U)
                        throw UsageError(
                            "a message of " + std::to_string(p.units) +
                            " units of " + std::to_string(U) +
                            " bytes exceeds the largest MPI count");
        if (U > 0 && max_send + max_recv > kMaxBufferBytes / U)
            throw UsageError("unit size " + std::to_string(U) +
                             " needs buffers of more than 1 GiB on rank " +
                             std::to_string(dc.rank()));
        buf.send.assign(std::size_t(max_send * U), char(dc.rank()));
        buf.recv.assign(std::size_t(max_recv * U), 0);
    });
    // The journal's key holds what the communication depends on: the
    // kernel, N and every rank's rectangle (not the node names, which a
    // new allocation changes), so that a journal of another configuration
    // is refused; the tally reads no processes from it (every process).
    std::string key = "kernel " + std::to_string(U) + " " +
                      std::to_string(int(timing)) + " " +
                      kernels::kernel_name(c.kernel) + " N " +
                      std::to_string(c.N) + " rects";
    for (const kernels::Rect &r : c.rects)
        key += " " + std::to_string(r.x) + ":" + std::to_string(r.y) + ":" +
               std::to_string(r.w) + ":" + std::to_string(r.h);
    JournalEntry journal(comm, journal_key(key, precision),
                         "kernel " + std::to_string(U));
    if (journal.replayed())
        return replay_timed(journal);
    Timer timer(dc, 0, timing);
    std::vector<MPI_Request> reqs;
    auto repetition = [&] {
        double t = 0;
        for (const KernelStep &st : steps)
            t += timer.time([&] { run_step(st, U, buf, dc, reqs); });
        return t;
    };
    repetition(); // warm-up: connections, buffers
    Result r = sample_on_root(dc, 0, U, precision, repetition);
    return record_timed(journal, r, timer.add_to_tally());
}


} // namespace cpm::bench
