/* collective: times a collective operation over a range of message sizes
 * (benchmark/benchmark_collective.cpp measures). This program adds CPM
 * 1.0.1's model-based operations to the measurement module's registry
 * and, for them, loads the model of -M/-i and sets it for the C names
 * (cpm_coll.h) before anything is measured. */
#include "benchmark_collective.h"
#include "benchmark_journal.h"
#include "coll_ops.h"
#include "common_atomic_file.h"
#include "common_error.h"
#include "common_mpi.h"
#include "cpm_coll.h"
#include "model_data.h"
#include "tools_main.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace cpm;
using namespace cpm::bench;
using namespace cpm::tools;

namespace {

/* Extra "# key: value" lines of the output header. */
using HeaderLines = std::vector<std::pair<std::string, std::string>>;

/* Called on every process once the operation is known and the options are
 * checked, before anything is measured: sets up what the operation needs
 * (a model) and returns header lines to write after the operation's.
 * Collective; it must fail on all processes or none (cpm::agree). */
using CollectivePrepare =
    std::function<HeaderLines(const CollectiveOp &, MPI_Comm)>;

/* The list of operations for -h: a heading and one line each. */
std::string collective_operations_help();


/* A model-based operation and the model it needs. */
struct ModelOp {
    CollectiveOp op;
    const char *model; /**< "LMO" or "Hockney" */
    bool reordered;    /**< needs CPM_p2p_initialize */
};

const std::vector<ModelOp> &model_ops()
{
    static const std::vector<ModelOp> ops = {
        {{"CPM_Scatter_linear_opt",
          "linear scatter, sends in the order of the LMO model",
          CollKind::Scatter, scatter_as<CPM_Scatter_linear_opt>},
         "LMO", false},
        {{"CPM_Gather_linear_opt",
          "linear gather, LMO receive order, medium sizes in pieces",
          CollKind::Gather, gather_as<CPM_Gather_linear_opt>},
         "LMO", false},
        {{"CPM_Scatter_binomial_opt",
          "binomial scatter, best mapping of the Hockney model",
          CollKind::Scatter, scatter_as<CPM_Scatter_binomial_opt>},
         "Hockney", false},
        {{"CPM_Scatter_binomial_cor",
          "binomial scatter, worst mapping of the Hockney model",
          CollKind::Scatter, scatter_as<CPM_Scatter_binomial_cor>},
         "Hockney", false},
        {{"CPM_Gather_binomial_opt",
          "binomial gather, best mapping of the Hockney model",
          CollKind::Gather, gather_as<CPM_Gather_binomial_opt>},
         "Hockney", false},
        {{"CPM_Gather_binomial_cor",
          "binomial gather, worst mapping of the Hockney model",
          CollKind::Gather, gather_as<CPM_Gather_binomial_cor>},
         "Hockney", false},
        {{"CPM_Scatter_binomial",
          "binomial scatter on the communicator of CPM_p2p_initialize "
          "(Hockney, best mapping at 64 KiB)",
          CollKind::Scatter, scatter_as<CPM_Scatter_binomial>},
         "Hockney", true},
    };
    return ops;
}

const ModelOp *find_model_op(const std::string &name)
{
    for (const ModelOp &m : model_ops())
        if (name == m.op.name)
            return &m;
    return nullptr;
}

/* The options -h lists before its tail, which describes -M and -i (the
 * generic texts of kOptModelFile are the model tool's); parse accepts
 * both. */
const unsigned kGroups =
    kOptMeasure | kOptTiming | kOptCollective | kOptRoot | kOptResume;

ToolOptions parse(int argc, char **argv)
{
    return parse_options(argc, argv, kGroups | kOptModelFile);
}

std::string help_tail()
{
    return "\n" + journal_help("run") +
           "\nmodel options (for the CPM_* operations, which need them):\n"
           "  -M, --model S           the model of the operation: LMO or "
           "Hockney\n"
           "  -i, --input FILE        the model file (- for standard input), "
           "as the\n"
           "                          model tool writes it, of N processes\n" +
           collective_operations_help();
}

/* Loads the model of -i on rank 0 and sets it on every process for the
 * C names; the reordered communicator too if the operation needs it. */
HeaderLines prepare(const ToolOptions &opt, const CollectiveOp &op,
                    MPI_Comm comm)
{
    int rank = 0, n = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    CPM_MPI(MPI_Comm_size(comm, &n));
    const ModelOp *m = find_model_op(op.name);
    agree(comm, [&] {
        if (!m) {
            if (!opt.model.empty() || !opt.input.empty())
                throw UsageError(std::string("-M and -i are for the CPM_* "
                                             "operations; ") +
                                 op.name + " uses no model");
            return;
        }
        std::string use = std::string(" (-M ") + m->model + " -i FILE)";
        if (opt.model.empty())
            throw UsageError(std::string(op.name) + " needs the " + m->model +
                             " model" + use);
        if (opt.model != m->model)
            throw UsageError(std::string(op.name) + " uses the " + m->model +
                             " model, not '" + opt.model + "'" + use);
        if (opt.input.empty())
            throw UsageError(std::string(op.name) +
                             " needs a model file (-i FILE), as written by "
                             "'model -M " + m->model + " -o FILE'");
    });
    if (!m)
        return {};
    bool lmo = std::string(m->model) == "LMO";
    std::string name = is_stdin_name(opt.input) ? "<stdin>" : opt.input;
    std::unique_ptr<models::LMO> l;
    std::unique_ptr<models::Hockney> h;
    agree(comm, [&] {
        if (rank != 0)
            return;
        std::ifstream file;
        std::istream *in = &std::cin;
        if (!is_stdin_name(opt.input)) {
            file.open(opt.input);
            if (!file)
                throw UsageError("cannot open model file '" + opt.input + "'");
            in = &file;
        }
        const auto &schema =
            lmo ? models::LMO::schema() : models::Hockney::schema();
        models::ModelData d = models::read_text(*in, name, m->model, schema);
        if (d.n != n)
            throw UsageError(name + ": the model is of " + std::to_string(d.n) +
                             " processes, this run has " + std::to_string(n));
        if (lmo)
            l = std::make_unique<models::LMO>(models::LMO::from_data(d));
        else
            h = std::make_unique<models::Hockney>(
                models::Hockney::from_data(d));
    });
    agree(comm, [&] {
        if (lmo)
            coll::lmo_initialize(comm, l.get());
        else
            coll::hockney_initialize(comm, h.get());
    });
    if (m->reordered)
        agree(comm, [&] { coll::p2p_initialize(comm, opt.root, true); });
    return {{"model", std::string(m->model) + " from " + name}};
}

/* Frees what prepare() set, before MPI_Finalize. */
struct Cleanup {
    ~Cleanup()
    {
        coll::p2p_finalize();
        coll::lmo_finalize();
        coll::hockney_finalize();
    }
};


/* The collective tool once its options are parsed: finds -O, checks the
 * root and the sizes, calls prepare, measures every size and writes the
 * output on rank 0. Errors are thrown on every process alike where the
 * input is at fault (see tool_main). */
void run_collective_tool(const ToolOptions &opt, MPI_Comm comm,
                         const CollectivePrepare &prepare)
{
    int rank = 0, n = 1;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    CPM_MPI(MPI_Comm_size(comm, &n));
    std::vector<long> sizes = opt.message_sizes();
    const CollectiveOp *op = nullptr;
    agree(comm, [&] {
        op = &find_collective(opt.operation);
        if (opt.root >= n)
            throw UsageError("root " + std::to_string(opt.root) +
                             " is outside 0.." + std::to_string(n - 1));
        for (long M : sizes)
            if (M > (long(1) << 30) / n)
                throw UsageError("message size " + std::to_string(M) +
                                 " times " + std::to_string(n) +
                                 " processes exceeds 1 GiB");
    });
    HeaderLines extra;
    if (prepare)
        extra = prepare(*op, comm);
    std::unique_ptr<AtomicFile> out;
    std::string journal;
    agree(comm, [&] {
        if (rank == 0) {
            journal = journal_path(opt);
            out = std::make_unique<AtomicFile>(opt.output);
        }
    });
    RunInfo info = collect_run_info(comm, "collective", opt.command);
    // The journal after prepare: only the measurements of -O are in it.
    long recorded = open_journal(comm, journal, "collective", opt.command);
    Progress progress("collective", long(sizes.size()), opt.verbose,
                      rank == 0);
    std::vector<Result> results;
    for (long M : sizes) {
        results.push_back(measure_collective(comm, *op, M, opt.root,
                                             opt.timing, opt.precision));
        progress.step(1);
    }
    progress.finish();
    double total = MPI_Wtime() - info.start;
    std::string resumed =
        journal_resumed(comm, "collective", journal, recorded);
    agree(comm, [&] {
        if (rank != 0)
            return;
        HeaderLines lines = {{"operation", std::string(op->name) + " (" +
                                               op->description + ")"}};
        lines.insert(lines.end(), extra.begin(), extra.end());
        lines.insert(lines.end(), {{"root", std::to_string(opt.root)},
                                   {"timing", timing_name(opt.timing)},
                                   {"M", "bytes per process"}});
        HeaderLines trailing;
        if (!resumed.empty())
            trailing.push_back({"resumed", resumed});
        write_results(out->stream(), info, opt, lines, results, total,
                      trailing);
        out->commit();
    });
    journal_close(true); // the output is saved: the journal has served
}

std::string collective_operations_help()
{
    std::string s = "\noperations (-O):\n";
    for (const CollectiveOp &op : collective_ops()) {
        std::string name = std::string("  ") + op.name;
        name.resize(std::max<std::size_t>(28, name.size() + 2), ' ');
        s += name + op.description + "\n";
    }
    return s;
}

} // namespace

int main(int argc, char **argv)
{
    for (const ModelOp &m : model_ops())
        add_collective(m.op);
    return tool_main(
        argc, argv, "collective",
        "mpirun -np N collective -O NAME [-M MODEL -i FILE] [options]",
        kGroups, help_tail(),
        [](const ToolOptions &opt, MPI_Comm comm) {
            Cleanup cleanup;
            run_collective_tool(opt, comm,
                                [&](const CollectiveOp &op, MPI_Comm c) {
                                    return prepare(opt, op, c);
                                });
        },
        [&] { return parse(argc, argv); });
}
