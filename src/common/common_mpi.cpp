#include "common_mpi.h"

#include "common_error.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <sched.h>
#include <unistd.h>

namespace cpm {

DupComm::DupComm(MPI_Comm comm)
{
    CPM_MPI(MPI_Comm_dup(comm, &comm_));
    CPM_MPI(MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN));
    CPM_MPI(MPI_Comm_rank(comm_, &rank_));
    CPM_MPI(MPI_Comm_size(comm_, &size_));
}

DupComm::~DupComm()
{
    if (comm_ != MPI_COMM_NULL)
        MPI_Comm_free(&comm_);
}

void agree(MPI_Comm comm, const std::function<void()> &step)
{
    int rank = 0, size = 1;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    CPM_MPI(MPI_Comm_size(comm, &size));
    // 0 = fine, 1 = cpm::Error, 2 = cpm::UsageError
    int kind = 0;
    std::string message;
    try {
        step();
    } catch (const UsageError &e) {
        kind = 2;
        message = e.what();
    } catch (const Error &e) {
        kind = 1;
        message = e.what();
    }
    int mine = kind ? rank : size, first = size;
    CPM_MPI(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm));
    if (first == size)
        return;
    int len = int(message.size());
    CPM_MPI(MPI_Bcast(&kind, 1, MPI_INT, first, comm));
    CPM_MPI(MPI_Bcast(&len, 1, MPI_INT, first, comm));
    message.resize(len);
    CPM_MPI(MPI_Bcast(message.data(), len, MPI_CHAR, first, comm));
    if (kind == 2) {
        UsageError e(message);
        e.set_collective();
        throw e;
    }
    Error e(message);
    e.set_collective();
    throw e;
}

std::vector<double> allgather_rows(MPI_Comm comm,
                                   const std::vector<double> &rows,
                                   const std::vector<char> &owned, int width)
{
    const std::size_t n = owned.size(), w = std::size_t(width);
    if (width < 1 || rows.size() != n * w)
        CPM_THROW("allgather_rows: " + std::to_string(rows.size()) +
                  " doubles for " + std::to_string(n) + " rows of " +
                  std::to_string(width));
    std::vector<double> local;
    for (std::size_t e = 0; e < n; ++e)
        if (owned[e]) {
            local.push_back(double(e));
            local.insert(local.end(), rows.begin() + long(e * w),
                         rows.begin() + long((e + 1) * w));
        }
    const long kMax = std::numeric_limits<int>::max();
    if (long(n) > kMax / long(w + 1))
        throw Error("allgather_rows: " + std::to_string(n) + " rows of " +
                    std::to_string(width) +
                    " doubles are more than one MPI count can hold");
    int size = 0;
    CPM_MPI(MPI_Comm_size(comm, &size));
    std::vector<int> counts(std::size_t(size), 0), displs(std::size_t(size), 0);
    int count = int(local.size());
    // Gathered on rank 0, then broadcast: not MPI_Allgather(v), which a
    // simulator may run as n(n - 1) concurrent messages (SMPI's default:
    // 65280 at n = 256, minutes of wall time per call; see
    // processor_names). (A gather returns on rank 0 only once every rank
    // has entered, and the broadcast on the others only after that.)
    CPM_MPI(MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm));
    CPM_MPI(MPI_Bcast(counts.data(), size, MPI_INT, 0, comm));
    long total = 0;
    for (int r = 0; r < size; ++r) {
        displs[std::size_t(r)] = int(total);
        total += counts[std::size_t(r)];
    }
    if (total != long(n * (w + 1)))
        CPM_THROW("allgather_rows: " + std::to_string(total / long(w + 1)) +
                  " rows owned of " + std::to_string(n));
    std::vector<double> all(std::size_t(total) + 1), out(n * w, 0.0);
    CPM_MPI(MPI_Gatherv(local.data(), count, MPI_DOUBLE, all.data(),
                        counts.data(), displs.data(), MPI_DOUBLE, 0, comm));
    CPM_MPI(MPI_Bcast(all.data(), int(total), MPI_DOUBLE, 0, comm));
    std::vector<char> seen(n, 0);
    for (std::size_t at = 0; at < std::size_t(total); at += w + 1) {
        std::size_t e = std::size_t(all[at]);
        if (e >= n || seen[e])
            CPM_THROW("allgather_rows: row " + std::to_string(e) + " of " +
                      std::to_string(n) + " sent twice or out of range");
        seen[e] = 1;
        std::copy(all.begin() + long(at + 1), all.begin() + long(at + 1 + w),
                  out.begin() + long(e * w));
    }
    return out;
}

MachineLoad busiest_machine(MPI_Comm comm)
{
#ifdef SMPI_H
    (void)comm;
    return {};
#else
    // This process's machine: the kernel's boot id, or the host name.
    std::string id;
    std::ifstream boot("/proc/sys/kernel/random/boot_id");
    if (!(boot && std::getline(boot, id)) || id.empty()) {
        char host[256] = {0};
        gethostname(host, sizeof host - 1);
        id = host;
    }
    const std::size_t w = 64;
    id.resize(w, '\0');
    // The processors it may run on: its affinity mask (a batch system's or
    // mpirun's binding), else all the online ones.
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) == 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        for (long c = 0; c < std::max(online, 1L) && c < CPU_SETSIZE; ++c)
            CPU_SET(int(c), &set);
    }
    int size = 1;
    CPM_MPI(MPI_Comm_size(comm, &size));
    // Gathered on rank 0 and broadcast, as processor_names. (The masks are
    // compared only between ranks of one machine, which share their layout.)
    std::vector<char> ids(std::size_t(size) * w);
    std::vector<cpu_set_t> sets(static_cast<std::size_t>(size));
    CPM_MPI(MPI_Gather(id.data(), int(w), MPI_CHAR, ids.data(), int(w),
                       MPI_CHAR, 0, comm));
    CPM_MPI(MPI_Gather(&set, int(sizeof set), MPI_BYTE, sets.data(),
                       int(sizeof set), MPI_BYTE, 0, comm));
    CPM_MPI(MPI_Bcast(ids.data(), int(ids.size()), MPI_CHAR, 0, comm));
    CPM_MPI(MPI_Bcast(sets.data(), int(sets.size() * sizeof set), MPI_BYTE, 0,
                      comm));
    // Per machine: its ranks, and the union of their masks.
    std::map<std::string, std::pair<int, cpu_set_t>> load;
    for (int r = 0; r < size; ++r) {
        std::string key(&ids[std::size_t(r) * w], w);
        auto it = load.find(key);
        if (it == load.end())
            it = load.emplace(key, std::make_pair(0, sets[std::size_t(r)])).first;
        ++it->second.first;
        CPU_OR(&it->second.second, &it->second.second, &sets[std::size_t(r)]);
    }
    MachineLoad most;
    for (const auto &[name, m] : load) {
        int procs = std::max(CPU_COUNT(&m.second), 1);
        if (most.ranks == 0 ||
            double(m.first) / procs > double(most.ranks) / most.processors)
            most = {m.first, procs};
    }
    return most;
#endif
}

std::vector<std::string> processor_names(MPI_Comm comm)
{
    int size = 1;
    CPM_MPI(MPI_Comm_size(comm, &size));
    char name[MPI_MAX_PROCESSOR_NAME + 1] = {0};
    int len = 0;
    CPM_MPI(MPI_Get_processor_name(name, &len));
    // Gathered on rank 0 and broadcast, not MPI_Allgather: the same on a
    // cluster (once per run), but an all-to-all library algorithm puts
    // n(n - 1) concurrent messages into a simulator (SMPI's default
    // allgather at n = 256: 65280 flows, minutes of wall time before the
    // first measurement), where gather and bcast put in n - 1 and a tree.
    std::vector<char> all(std::size_t(size) * (MPI_MAX_PROCESSOR_NAME + 1));
    CPM_MPI(MPI_Gather(name, MPI_MAX_PROCESSOR_NAME + 1, MPI_CHAR, all.data(),
                       MPI_MAX_PROCESSOR_NAME + 1, MPI_CHAR, 0, comm));
    CPM_MPI(MPI_Bcast(all.data(), int(all.size()), MPI_CHAR, 0, comm));
    std::vector<std::string> names;
    for (int r = 0; r < size; ++r) {
        std::string s(&all[std::size_t(r) * (MPI_MAX_PROCESSOR_NAME + 1)]);
        std::replace(s.begin(), s.end(), ' ', '_');
        names.push_back(s.empty() ? "unknown" : s);
    }
    return names;
}

std::string mpi_library_version()
{
    char text[MPI_MAX_LIBRARY_VERSION_STRING + 1] = {0};
    int len = 0;
    CPM_MPI(MPI_Get_library_version(text, &len));
    std::string s(text, std::strlen(text));
    std::size_t nl = s.find_first_of("\r\n");
    if (nl != std::string::npos)
        s.resize(nl);
    while (!s.empty() && (s.back() == ' ' || s.back() == ','))
        s.pop_back();
    int major = 0, minor = 0;
    CPM_MPI(MPI_Get_version(&major, &minor));
    return s + " (MPI " + std::to_string(major) + "." + std::to_string(minor) +
           ")";
}

} // namespace cpm
