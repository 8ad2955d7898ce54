#include "model_build.h"

#include "model_segments.h"

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

std::vector<std::vector<long>>
find_class_segments(MPI_Comm comm, const BuildOptions &o,
                    const std::vector<long> &sizes,
                    const std::vector<std::vector<bench::Result>> &rt,
                    const std::vector<int> &pair_class,
                    const std::string &model)
{
    std::vector<std::vector<long>> segs(2);
    if (!o.segments || sizes.size() < 8)
        return segs;
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    if (!rbridge::available()) {
        o.say(comm, model + ": size segments not searched (built without R)");
        return segs;
    }
    std::vector<long> flat; // count, starts of class 0, then of 1 (rank 0)
    std::string failed;
    agree(comm, [&] {
        if (rank != 0)
            return;
        rbridge::BreakpointOptions bp;
        bp.h = 4; // observations: a protocol range spans few sizes
        for (int c = 0; c < 2; ++c) {
            std::vector<double> x, y;
            for (std::size_t s = 0; s < sizes.size(); ++s) {
                double sum = 0;
                int k = 0;
                for (std::size_t p = 0; p < pair_class.size(); ++p)
                    if (pair_class[p] == c) {
                        sum += rt[s][p].T / 2;
                        ++k;
                    }
                if (k == 0)
                    break;
                x.push_back(double(sizes[s]));
                y.push_back(sum / k);
            }
            if (x.size() != sizes.size())
                continue;
            bool positive = true;
            for (double v : y)
                positive = positive && v > 0;
            if (!positive)
                continue;
            try {
                segs[std::size_t(c)] = find_segments(x, y, bp).starts;
            } catch (const Error &e) {
                // R could not decide (too few sizes for h, a singular
                // fit): one line for the class, said below.
                failed += std::string(failed.empty() ? "" : "; ") + e.what();
            }
        }
        for (int c = 0; c < 2; ++c) {
            flat.push_back(long(segs[std::size_t(c)].size()));
            flat.insert(flat.end(), segs[std::size_t(c)].begin(),
                        segs[std::size_t(c)].end());
        }
    });
    long count = long(flat.size());
    CPM_MPI(MPI_Bcast(&count, 1, MPI_LONG, 0, comm));
    flat.resize(std::size_t(count));
    CPM_MPI(MPI_Bcast(flat.data(), int(count), MPI_LONG, 0, comm));
    std::size_t at = 0;
    for (int c = 0; c < 2; ++c) {
        long k = flat[at++];
        segs[std::size_t(c)].assign(flat.begin() + long(at),
                                    flat.begin() + long(at) + k);
        at += std::size_t(k);
    }
    if (!failed.empty())
        o.say(comm, model + ": size segments not found, one line per pair (" +
                        failed + ")");
    for (int c = 0; c < 2; ++c)
        if (!segs[std::size_t(c)].empty())
            o.say(comm, model + ": size segments (" +
                            (c == 0 ? "one node" : "two nodes") + ") " +
                            Segments{segs[std::size_t(c)]}.text());
    return segs;
}

} // namespace cpm::models
