/* The journal of finished measurements (benchmark_journal.h). Rank 0 of
 * the journal's communicator owns the file; every rank keeps the count of
 * entries so that all take the same branch at each call. */
#include "benchmark_journal.h"

#include "benchmark_plogp.h"
#include "common_atomic_file.h"
#include "common_error.h"
#include "common_mpi.h"
#include "common_parse.h"
#include "common_text.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <sys/stat.h>
#include <unistd.h>
#ifdef SMPI_H
#include <simgrid/actor.h>
#endif

namespace cpm::bench {

namespace {

const char kMagic[] = "cpm-journal 1";

struct Entry {
    std::string hash;
    std::vector<Result> results;
    std::vector<double> ends; // each rank's MPI_Wtime at the end of the call
    std::vector<long> extra;  // integers beside the results (the x line)
};

/* Per process (per rank under SMPI, whose programs' globals are
 * privatized). */
struct State {
    bool open = false;
    MPI_Comm comm = MPI_COMM_NULL;
    int rank = 0;
    std::string path;
    std::vector<Entry> recorded; // rank 0: the entries to replay
    long recorded_count = 0;     // every rank
    long next = 0;               // every rank: the next entry's number
    long replayed = 0;
    long appended = 0;
    long stop_after = -1; // CPM_JOURNAL_STOP_AFTER (tests): SIGTERM after
                          // that many appended entries
    int fd = -1;          // rank 0
};

State g;

ConvergenceTally g_tally;

/* The processes of each result of the call whose key is text (the key
 * formats of the measure functions: benchmark_p2p.cpp, benchmark_ring.cpp,
 * benchmark_collective.cpp, benchmark_plogp.cpp), parsed once per call. */
class CallRanks {
public:
    explicit CallRanks(const std::string &text)
    {
        std::string t = text.substr(0, text.find(" precision "));
        words_ = split_words(t);
        call_ = words_.empty() ? "" : words_[0];
        for (const std::string &word : words_) // the words with commas
            if (word.find(',') != std::string::npos)
                groups_.push_back(word);
    }
    /* The call's name (a part of measure_triplets: "triplets"). */
    std::string call() const
    {
        if (call_ == "roundtrip-sizes")
            return "roundtrips";
        return call_ == "triplet-part" ? "triplets" : call_;
    }
    /* The processes of result x; empty: all, or not known. */
    std::vector<int> of(std::size_t x) const
    {
        if (call_ == "roundtrips" && x < groups_.size())
            return ints(groups_[x]); // one result per pair
        if (call_ == "roundtrip-sizes" && !groups_.empty())
            return ints(groups_[x % groups_.size()]); // per size, per pair
        if (call_ == "plogp" && x / kPLogPResults < groups_.size())
            return ints(groups_[x / kPLogPResults]); // 5 results per pair
        if (call_ == "triplets" && !groups_.empty()) {
            // 3 one-to-two results per triplet, then 6 one-to-one
            std::size_t nt = groups_.size();
            std::size_t k = x < 3 * nt ? x / 3 : (x - 3 * nt) / 6;
            return k < nt ? ints(groups_[k]) : std::vector<int>();
        }
        if (call_ == "triplet-part" && words_.size() > 1) {
            // triplet-part PER i,j,k...: PER results per triplet, in order
            std::size_t per = std::size_t(std::max(1, std::atoi(words_[1].c_str())));
            std::size_t k = x / per;
            return k < groups_.size() ? ints(groups_[k]) : std::vector<int>();
        }
        if (call_ == "ring" && words_.size() > 4) { // ring TAU M TIMING R...
            std::string s;
            for (std::size_t k = 4; k < words_.size(); ++k)
                s += (s.empty() ? "" : ",") + words_[k];
            return ints(s);
        }
        if (call_ == "send-overhead" && words_.size() > 2) // send-overhead A B M
            return ints(words_[1] + "," + words_[2]);
        return {};
    }

private:
    static std::vector<int> ints(const std::string &s) // "i,j,k" -> {i,j,k}
    {
        std::vector<int> v;
        std::size_t a = 0;
        while (a <= s.size()) {
            std::size_t b = s.find(',', a);
            if (b == std::string::npos)
                b = s.size();
            v.push_back(std::atoi(s.substr(a, b - a).c_str()));
            a = b + 1;
        }
        return v;
    }
    std::vector<std::string> words_, groups_;
    std::string call_;
};

/* The warm-up repetitions of the call whose key is text (the fifth word
 * after " precision " in journal_key's format, below; 0 if the text has
 * none). */
int key_warmup(const std::string &text)
{
    std::size_t at = text.find(" precision ");
    if (at == std::string::npos)
        return 0;
    std::vector<std::string> w = split_words(text.substr(at + 11));
    return w.size() > 4 ? std::max(0, std::atoi(w[4].c_str())) : 0;
}

/* The call's busiest process (ConvergenceTally::busiest): the work of
 * each result, added on its processes. extra: the call's recorded
 * integers (a PLogP call's train lengths, one per pair). A call whose
 * every experiment involves every process (a collective sweep, a
 * kernel) is its own bound: its time on this process, `elapsed`, if
 * longer (it includes the repetitions' synchronisation). */
double busiest_of(const CallRanks &ranks, const std::string &text,
                  const std::vector<Result> &r, const std::vector<long> &extra,
                  double elapsed)
{
    const int warm = key_warmup(text);
    std::map<int, double> per; // process -> work
    double all = 0;            // experiments of every process
    const bool plogp = ranks.call() == "plogp";
    for (std::size_t x = 0; x < r.size(); ++x) {
        double w = 0;
        if (!plogp) {
            w = (r[x].reps + warm) * r[x].T;
        } else if (x % kPLogPResults == 0 && x + kPLogPResults <= r.size()) {
            std::size_t e = x / kPLogPResults;
            PLogPResult y = plogp_from_results(
                &r[x], e < extra.size() ? extra[e] : 1);
            for (Result *f : {&y.rtt, &y.rtt_back, &y.os, &y.or_, &y.g})
                f->reps += warm;
            w = plogp_work(y);
        }
        if (!(w > 0))
            continue;
        std::vector<int> who = ranks.of(x);
        if (who.empty())
            all += w;
        for (int q : who)
            per[q] += w;
    }
    double most = 0;
    for (const auto &kv : per)
        most = std::max(most, kv.second);
    if (per.empty() && all > 0)
        return std::max(all, elapsed);
    return all + most;
}

void tally(const std::string &text, const std::vector<Result> &r,
           const std::vector<long> &extra, double elapsed)
{
    g_tally.experiments += long(r.size());
    const CallRanks ranks(text);
    g_tally.busiest += busiest_of(ranks, text, r, extra, elapsed);
    for (std::size_t x = 0; x < r.size(); ++x)
        if (!r[x].converged) {
            UnconvergedExperiment u;
            u.call = ranks.call();
            u.ranks = ranks.of(x);
            u.M = r[x].M;
            g_tally.unconverged.push_back(u);
        }
}

std::string hash_of(const std::string &key)
{
    unsigned long long h = 1469598103934665603ULL; // FNV-1a, 64 bits
    for (unsigned char c : key) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", h);
    return buf;
}

std::string hex(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%a", v);
    return buf;
}

/* Appends text to the journal's descriptor and syncs it to disk. */
void append_synced(int fd, const std::string &text, const std::string &path)
{
    if (!write_all(fd, text.data(), text.size()))
        throw Error("journal " + quoted(path) +
                    ": write failed: " + std::strerror(errno));
    if (fsync(fd) != 0)
        throw Error("journal " + quoted(path) +
                    ": fsync failed: " + std::strerror(errno));
}

/* Reads the complete entries of an existing journal; returns the length
 * of the file up to the end of the last complete entry (what follows it,
 * an entry cut short, is dropped). */
off_t read_journal(const std::string &path, std::vector<Entry> &entries)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw UsageError("cannot open journal " + quoted(path));
    LineReader r(in, path);
    std::string line;
    off_t good = 0, pos = 0;
    if (!r.next(line) || line != kMagic)
        r.fail("not a CPM journal (expected '" + std::string(kMagic) +
               "'; remove it to start afresh)");
    pos += off_t(line.size()) + 1;
    good = pos;
    std::vector<Result> pending;
    std::vector<double> ends;
    std::vector<long> extra;
    bool has_extra = false;
    while (r.next(line)) {
        bool complete = !in.eof(); // a last line without '\n' is cut short
        pos += off_t(line.size()) + 1;
        std::vector<std::string> w = split_words(line);
        if (w.empty())
            r.fail("empty line");
        if (!complete)
            break;
        if (w[0] == "command") {
            continue;
        } else if (w[0] == "r" && w.size() == 8) {
            Result x;
            x.M = r.integer(w[1], "message size", 0);
            x.T = r.real(w[2], "time");
            x.wtick = r.real(w[3], "wtick");
            x.reps = int(r.integer(w[4], "repetitions", 0, 0x7fffffff));
            x.ci = r.real(w[5], "ci");
            x.converged = r.integer(w[6], "converged", 0, 1) == 1;
            x.outliers = int(r.integer(w[7], "outliers", 0, 0x7fffffff));
            pending.push_back(x);
        } else if (w[0] == "t" && w.size() >= 2 && ends.empty()) {
            for (std::size_t k = 1; k < w.size(); ++k)
                ends.push_back(r.real(w[k], "end time"));
        } else if (w[0] == "x" && !has_extra) {
            for (std::size_t k = 1; k < w.size(); ++k)
                extra.push_back(r.integer(w[k], "integer"));
            has_extra = true;
        } else if (w[0] == "e" && w.size() == 4) {
            long k = r.integer(w[1], "entry number", 0);
            if (k != long(entries.size()))
                r.fail("entry " + std::to_string(k) + " out of order (expected " +
                       std::to_string(entries.size()) + ")");
            long n = r.integer(w[3], "number of results", 0);
            if (n != long(pending.size()))
                r.fail("entry " + std::to_string(k) + " has " +
                       std::to_string(pending.size()) + " results, says " +
                       std::to_string(n));
            if (w[2].size() != 16 ||
                w[2].find_first_not_of("0123456789abcdef") != std::string::npos)
                r.fail("bad key " + quoted(w[2]));
            entries.push_back({w[2], pending, ends, extra});
            pending.clear();
            ends.clear();
            extra.clear();
            has_extra = false;
            good = pos;
        } else {
            r.fail("bad line " + quoted(line));
        }
    }
    return good;
}

/* Rank 0: opens the file for appending, reading its entries first. */
void open_file(const std::string &path, const std::string &command)
{
    struct stat st;
    bool exists = stat(path.c_str(), &st) == 0;
    if (exists && !S_ISREG(st.st_mode))
        throw UsageError("journal " + quoted(path) + " is not a regular file");
    // An empty file (a kill before its first line was written) is started
    // afresh, as a missing one.
    bool fresh = !exists || st.st_size == 0;
    off_t keep = 0;
    if (!fresh)
        keep = read_journal(path, g.recorded);
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0)
        throw UsageError("cannot write journal " + quoted(path) + ": " +
                         std::strerror(errno));
    if (!fresh && ftruncate(fd, keep) != 0) {
        ::close(fd);
        throw UsageError("cannot truncate journal " + quoted(path) + ": " +
                         std::strerror(errno));
    }
    if (lseek(fd, 0, SEEK_END) < 0) {
        ::close(fd);
        throw UsageError("cannot seek journal " + quoted(path));
    }
    g.fd = fd;
    if (fresh) {
        std::string c = command;
        for (char &ch : c)
            if (ch == '\n' || ch == '\r')
                ch = ' ';
        append_synced(fd, std::string(kMagic) + "\ncommand " + c + "\n", path);
    }
}

} // namespace

long journal_open(MPI_Comm comm, const std::string &path,
                  const std::string &command)
{
    if (g.open)
        throw Error("a journal is open already");
    int rank = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    // Only rank 0 opens the file; agree() makes its error every rank's.
    long count = 0;
    agree(comm, [&] {
        if (rank != 0)
            return;
        try {
            g.recorded.clear();
            open_file(path, command);
            count = long(g.recorded.size());
            if (const char *s = std::getenv("CPM_JOURNAL_STOP_AFTER"))
                g.stop_after = parse_long(s, "CPM_JOURNAL_STOP_AFTER", 1);
        } catch (const Error &) {
            if (g.fd >= 0)
                ::close(g.fd);
            g.fd = -1;
            throw;
        }
    });
    CPM_MPI(MPI_Bcast(&count, 1, MPI_LONG, 0, comm));
    CPM_MPI(MPI_Comm_dup(comm, &g.comm));
    CPM_MPI(MPI_Comm_set_errhandler(g.comm, MPI_ERRORS_RETURN));
    g.rank = rank;
    g.path = path;
    g.recorded_count = count;
    g.next = 0;
    g.replayed = 0;
    g.appended = 0;
    g.open = true;
    return count;
}

long journal_close(bool remove)
{
    if (!g.open)
        return 0;
    g.open = false;
    if (g.rank == 0) {
        if (g.fd >= 0)
            ::close(g.fd);
        g.fd = -1;
        if (remove)
            std::remove(g.path.c_str());
    }
    g.recorded.clear();
    MPI_Comm_free(&g.comm);
    return g.replayed;
}

long journal_replayed()
{
    return g.open ? g.replayed : 0;
}

/* Whether a measure call on comm goes through the open journal: comm is
 * the journal's communicator or congruent to it (local, no message). */
static bool journalled(MPI_Comm comm)
{
    if (!g.open)
        return false;
    int same = MPI_UNEQUAL;
    CPM_MPI(MPI_Comm_compare(comm, g.comm, &same));
    return same == MPI_IDENT || same == MPI_CONGRUENT;
}

bool journal_pending(MPI_Comm comm)
{
    return journalled(comm) && g.next < g.recorded_count;
}

std::string journal_hex(double v)
{
    return hex(v);
}

bool journal_active()
{
    return g.open;
}

// (key_warmup, above, reads the warm-up back from this format)
std::string journal_key(const std::string &call, const Precision &p)
{
    return call + " precision " + std::to_string(p.min_reps) + " " +
           std::to_string(p.max_reps) + " " + hex(p.cl) + " " + hex(p.eps) +
           " " + std::to_string(p.warmup) + " " +
           std::to_string(int(p.estimator)) + " train " +
           std::to_string(p.train);
}

/* Every rank's MPI_Wtime at the end of a journalled call, gathered on
 * rank 0 (into ends if not null). A replayed call makes the same gather
 * after setting the clock (SMPI), so that both leave the clocks alike. */
static void end_gather(std::vector<double> *ends)
{
    double now = MPI_Wtime();
    int size = 1;
    CPM_MPI(MPI_Comm_size(g.comm, &size));
    std::vector<double> all(g.rank == 0 ? std::size_t(size) : 1);
    CPM_MPI(MPI_Gather(&now, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, 0,
                       g.comm));
    if (ends)
        *ends = all;
}

void convergence_reset()
{
    g_tally = ConvergenceTally();
}

const ConvergenceTally &convergence_tally()
{
    return g_tally;
}

JournalEntry::JournalEntry(MPI_Comm comm, const std::string &key)
    : JournalEntry(comm, key, key)
{
}

JournalEntry::JournalEntry(MPI_Comm comm, const std::string &key,
                           const std::string &tally_text)
    : text_(tally_text)
{
    if (!journalled(comm))
        return;
    on_ = true;
    key_ = hash_of(key);
    if (g.next >= g.recorded_count)
        return; // measured and appended
    // 1: replayed, 2: recorded by another call
    long head[4] = {0, 0, 0, 0};
    std::vector<double> packed, ends;
    std::vector<long> extra;
    if (g.rank == 0) {
        const Entry &e = g.recorded[std::size_t(g.next)];
        head[0] = e.hash == key_ ? 1 : 2;
        head[1] = long(e.results.size());
        head[2] = long(e.ends.size());
        head[3] = long(e.extra.size());
        packed.resize(e.results.size() * kResultDoubles);
        for (std::size_t k = 0; k < e.results.size(); ++k)
            pack_result(e.results[k], &packed[k * kResultDoubles]);
        ends = e.ends;
        extra = e.extra;
    }
    CPM_MPI(MPI_Bcast(head, 4, MPI_LONG, 0, g.comm));
    int size = 0;
    CPM_MPI(MPI_Comm_size(g.comm, &size));
    if (head[0] == 2 || (head[2] > 0 && head[2] != size)) {
        // The key names the call and its parameters; the number of
        // processes it ran on is the t line's length.
        UsageError e(
            "journal " + quoted(g.path) + ": entry " +
            std::to_string(g.next) +
            (head[0] == 2 ? std::string(" was recorded by another "
                                        "measurement than this run's")
                          : " was recorded on " + std::to_string(head[2]) +
                                " processes, this run has " +
                                std::to_string(size)) +
            ": the journal is of another run (remove it to start afresh)");
        e.set_collective();
        throw e;
    }
    packed.resize(std::size_t(head[1]) * kResultDoubles);
    CPM_MPI(MPI_Bcast(packed.data(), int(packed.size()), MPI_DOUBLE, 0,
                      g.comm));
    for (long k = 0; k < head[1]; ++k)
        results_.push_back(unpack_result(&packed[std::size_t(k) * kResultDoubles]));
    ends.resize(std::size_t(head[2]));
    CPM_MPI(MPI_Bcast(ends.data(), int(ends.size()), MPI_DOUBLE, 0, g.comm));
    extra.resize(std::size_t(head[3]));
    CPM_MPI(MPI_Bcast(extra.data(), int(extra.size()), MPI_LONG, 0, g.comm));
    extra_ = extra;
    entry_ = g.next;
#ifdef SMPI_H
    // On a simulated platform, the clock as the recorded call left it: the
    // calls that follow then read the same absolute simulated times as in
    // the interrupted build, and measure the same times to the last bit.
    if (std::size_t(g.rank) < ends.size() && ends[std::size_t(g.rank)] > MPI_Wtime())
        sg_actor_sleep_until(ends[std::size_t(g.rank)]);
#endif
    // The call's time as the tally had it when it was measured (its end
    // is end_gather's reading; elsewhere than under SMPI, the replay's own
    // short time, so that the work counts instead)
    const double elapsed = MPI_Wtime() - t0_;
    end_gather(nullptr);
    replayed_ = true;
    tally(text_, results_, extra_, elapsed);
    ++g.next;
    ++g.replayed;
}

std::vector<Result> JournalEntry::record(const std::vector<Result> &r,
                                         const std::vector<long> &extra)
{
    if (!replayed_)
        tally(text_, r, extra, MPI_Wtime() - t0_);
    if (!on_ || replayed_)
        return r;
    std::vector<double> ends;
    end_gather(&ends);
    if (g.rank == 0) {
        std::string text;
        for (const Result &x : r)
            text += "r " + std::to_string(x.M) + " " + hex(x.T) + " " +
                    hex(x.wtick) + " " + std::to_string(x.reps) + " " +
                    hex(x.ci) + " " + (x.converged ? "1" : "0") + " " +
                    std::to_string(x.outliers) + "\n";
        text += "t";
        for (double t : ends)
            text += " " + hex(t);
        text += "\n";
        if (!extra.empty()) {
            text += "x";
            for (long v : extra)
                text += " " + std::to_string(v);
            text += "\n";
        }
        text += "e " + std::to_string(g.next) + " " + key_ + " " +
                std::to_string(r.size()) + "\n";
        append_synced(g.fd, text, g.path);
    }
    ++g.next;
    ++g.appended;
    if (g.rank == 0 && g.stop_after > 0 && g.appended >= g.stop_after)
        std::raise(SIGTERM); // tests: a kill after a known entry
    return r;
}

void JournalEntry::reject(const std::string &what) const
{
    UsageError e("journal " + quoted(g.path) + ": entry " +
                 std::to_string(entry_) + ": " + what);
    e.set_collective();
    throw e;
}

Result JournalEntry::record(const Result &r)
{
    return record(std::vector<Result>{r}).front();
}

} // namespace cpm::bench
