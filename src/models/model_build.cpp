#include "model_build.h"

#include "benchmark_collective.h"
#include "common_error.h"
#include "common_mpi.h"

#include <algorithm>
#include <ctime>
#include <sstream>

namespace cpm::models {

std::string sizes_text(const std::vector<long> &sizes)
{
    std::ostringstream s;
    bool strided = sizes.size() > 2;
    for (std::size_t k = 2; k < sizes.size() && strided; ++k)
        strided = sizes[k] - sizes[k - 1] == sizes[1] - sizes[0];
    if (strided) {
        s << sizes.front() << ":" << sizes[1] - sizes[0] << ":" << sizes.back();
        return s.str();
    }
    for (std::size_t k = 0; k < sizes.size(); ++k)
        s << (k ? "," : "") << sizes[k];
    return s.str();
}

Provenance make_provenance(MPI_Comm comm, const BuildOptions &o,
                           const std::string &sizes)
{
    Provenance p;
    std::time_t now = std::time(nullptr);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    p.date = buf;
    p.mpi = mpi_library_version();
    p.command = o.command.empty() ? "-" : o.command;
    p.processors = processor_names(comm);
    p.precision = o.precision;
    p.timing = bench::timing_name(o.timing);
    p.parallel = o.parallel;
    p.sizes = sizes;
    return p;
}

void BuildOptions::say(MPI_Comm comm, const std::string &line) const
{
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    if (rank == 0 && log)
        log(line);
}

int build_comm_size(MPI_Comm comm, int min_n, const std::string &model)
{
    int n = 0;
    CPM_MPI(MPI_Comm_size(comm, &n));
    if (n < min_n)
        throw UsageError("the " + model + " model needs at least " +
                         std::to_string(min_n) + " processes, got " +
                         std::to_string(n));
    return n;
}

std::vector<long> build_sizes(std::vector<long> sizes, bool add_zero)
{
    for (long m : sizes)
        if (m < 0)
            throw UsageError("message sizes must not be negative, got " +
                             std::to_string(m));
    if (add_zero)
        sizes.push_back(0);
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

} // namespace cpm::models
