/* A mutation fuzzer for CPM's readers of files users give (doc/testing.md,
 * "Fuzzing"): model files (with their predictions), measurement outputs
 * (as model --compare reads them), kernel configurations and the SMPI
 * truth file. No dependency beyond CPM: a deterministic generator
 * (xorshift64*, seeded from the command line) mutates the seed files of a
 * corpus directory (bytes, lines and number tokens, stacked), and each
 * mutant is read in-process.
 *
 *   fuzz_readers TARGET CORPUS_DIR EXECUTIONS [--seed S] [--timeout SEC]
 *                [--marked DIR]
 *
 * A reader may refuse an input, with a cpm::UsageError (the tools' one
 * line) whose message is printable ASCII (input bytes escaped, no
 * terminal escapes). Anything else fails the run, and the input is written to
 * fuzz-TARGET-failure (in the working directory):
 *   - a crash (signal) or another exception;
 *   - a hang: an input that takes longer than --timeout seconds (2);
 *   - what the target checks of an accepted input: a model whose saved
 *     text does not load and save again to the same text; a prediction
 *     written as a time (finite and > 0) whose interval ends lo, hi are
 *     NaN or do not hold it; an observed row of --compare that is
 *     not a finite positive time; a configuration or truth file that does
 *     not read back as written; a truth whose point-to-point time is not
 *     a finite positive time.
 * Predictions that are not finite positive times are counted ("marked":
 * `model -E` writes them as nan after a comment); with --marked DIR the
 * first few such model files are kept there, so that a test can check
 * what the model tool prints for them.
 *
 * Every seed of the corpus must be accepted (else the corpus is stale and
 * the run fails). The last line is the summary:
 *   fuzz TARGET: N executions, A accepted, R refused, ... , 0 failures */
#include "common_error.h"
#include "common_parse.h"
#include "kernel_config.h"
#include "model_data.h"
#include "registry.h"
#include "registry_compare.h"
#include "smpi_truth_file.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <sys/time.h>
#include <unistd.h>
#include <vector>

namespace {

using cpm::UsageError;

/* ---- the input in flight, for the signal handlers ---------------------- */

char g_failure_path[256];
const char *volatile g_input = nullptr;
volatile std::size_t g_input_size = 0;

void save_and_exit(const char *why, int status)
{
    int fd = ::open(g_failure_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        const char *p = g_input;
        std::size_t n = g_input_size, done = 0;
        while (p && done < n) {
            ssize_t k = ::write(fd, p + done, n - done);
            if (k <= 0)
                break;
            done += std::size_t(k);
        }
        ::close(fd);
    }
    ssize_t ignored = ::write(2, why, std::strlen(why));
    ignored = ::write(2, g_failure_path, std::strlen(g_failure_path));
    ignored = ::write(2, "\n", 1);
    (void)ignored;
    _exit(status);
}

void on_alarm(int)
{
    save_and_exit("fuzz: FAIL: hang (timeout), input in ", 3);
}

void on_crash(int)
{
    save_and_exit("fuzz: FAIL: crash (signal), input in ", 4);
}

/* ---- deterministic mutations --------------------------------------------- */

struct Rng {
    unsigned long long s;
    explicit Rng(unsigned long long seed) : s(seed ? seed : 88172645463325252ULL) {}
    unsigned long long next()
    {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::size_t below(std::size_t n) { return n ? std::size_t(next() % n) : 0; }
};

const char *const kNumbers[] = {
    "0", "-0", "1", "-1", "2", "3", "1e308", "-1e308", "1.7976931348623157e308",
    "1e-320", "4.9e-324", "-1e-320", "nan", "inf", "-inf", "NaN", "1e400",
    "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967297",
    "9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "0x10", "1e", "+5", "3.5", "100000", "100001", "4096", "4097", "1048576",
    "1073741824", "1e-9", "1e9", "0.5", "007", "", "-", "."};
const char kBytes[] = {'\0', '\n', '\r', ' ', '\t', '#', '-', '.', 'e', '9',
                       '\x1b', '\x7f', '\x80', '\xff', ',', '='};

std::vector<std::pair<std::size_t, std::size_t>> lines_of(const std::string &s)
{
    std::vector<std::pair<std::size_t, std::size_t>> v;
    std::size_t a = 0;
    while (a < s.size()) {
        std::size_t b = s.find('\n', a);
        b = b == std::string::npos ? s.size() : b + 1;
        v.push_back({a, b - a});
        a = b;
    }
    return v;
}

/* Spans of number-like tokens (digits, sign, dot, e). */
std::vector<std::pair<std::size_t, std::size_t>> numbers_of(const std::string &s)
{
    std::vector<std::pair<std::size_t, std::size_t>> v;
    auto numeric = [](char c) {
        return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' ||
               c == 'e' || c == 'E';
    };
    for (std::size_t i = 0; i < s.size();) {
        if ((s[i] >= '0' && s[i] <= '9') ||
            (s[i] == '-' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9')) {
            std::size_t j = i;
            while (j < s.size() && numeric(s[j]))
                ++j;
            v.push_back({i, j - i});
            i = j;
        } else {
            ++i;
        }
    }
    return v;
}

void mutate_once(std::string &s, Rng &r, const std::vector<std::string> &pool)
{
    switch (r.below(12)) {
    case 0: // flip a bit
        if (!s.empty())
            s[r.below(s.size())] ^= char(1u << r.below(8));
        break;
    case 1: // an interesting byte
        if (!s.empty())
            s[r.below(s.size())] = kBytes[r.below(sizeof kBytes)];
        break;
    case 2: { // delete bytes
        if (s.empty())
            break;
        std::size_t at = r.below(s.size());
        s.erase(at, 1 + r.below(8));
        break;
    }
    case 3: { // insert bytes
        std::string ins;
        for (std::size_t k = 1 + r.below(8); k > 0; --k)
            ins += r.below(2) ? char(r.below(256)) : kBytes[r.below(sizeof kBytes)];
        s.insert(r.below(s.size() + 1), ins);
        break;
    }
    case 4:
    case 5:
    case 6: { // a number token replaced (most of what readers check)
        auto nums = numbers_of(s);
        if (nums.empty())
            break;
        auto t = nums[r.below(nums.size())];
        s.replace(t.first, t.second,
                  kNumbers[r.below(sizeof kNumbers / sizeof *kNumbers)]);
        break;
    }
    case 7: { // duplicate a line
        auto ls = lines_of(s);
        if (ls.empty())
            break;
        auto l = ls[r.below(ls.size())];
        s.insert(ls[r.below(ls.size())].first, s.substr(l.first, l.second));
        break;
    }
    case 8: { // delete a line
        auto ls = lines_of(s);
        if (ls.empty())
            break;
        auto l = ls[r.below(ls.size())];
        s.erase(l.first, l.second);
        break;
    }
    case 9: { // swap two lines
        auto ls = lines_of(s);
        if (ls.size() < 2)
            break;
        std::size_t a = r.below(ls.size()), b = r.below(ls.size());
        if (a > b)
            std::swap(a, b);
        if (a == b)
            break;
        std::string la = s.substr(ls[a].first, ls[a].second);
        std::string lb = s.substr(ls[b].first, ls[b].second);
        s.replace(ls[b].first, ls[b].second, la);
        s.replace(ls[a].first, ls[a].second, lb);
        break;
    }
    case 10: { // splice with another input at line boundaries
        const std::string &o = pool[r.below(pool.size())];
        auto la = lines_of(s), lb = lines_of(o);
        std::size_t cut = la.empty() ? 0 : la[r.below(la.size())].first;
        std::size_t from = lb.empty() ? 0 : lb[r.below(lb.size())].first;
        s = s.substr(0, cut) + o.substr(from);
        break;
    }
    default: // truncate, or a long run of one byte
        if (r.below(2) && !s.empty())
            s.resize(r.below(s.size()));
        else
            s.insert(r.below(s.size() + 1), 1 + r.below(4096),
                     r.below(2) ? 'A' : '9');
        break;
    }
}

/* ---- the targets ---------------------------------------------------------- */

struct Stats {
    long executions = 0, accepted = 0, refused = 0;
    long predictions = 0, marked = 0, kept = 0;
};

struct Failure {
    std::string what;
};

[[noreturn]] void failure(const std::string &what)
{
    throw Failure{what};
}

std::string g_marked_dir;

void keep_marked(const std::string &input, const std::string &op, Stats &st)
{
    if (g_marked_dir.empty() || st.kept >= 20)
        return;
    // FILE.model with the operation as its name's middle: marked-K.OP.model
    std::string path = g_marked_dir + "/marked-" + std::to_string(st.kept) +
                       "." + op + ".model";
    std::ofstream out(path, std::ios::binary);
    out << input;
    ++st.kept;
}

void target_model(const std::string &input, Stats &st)
{
    namespace reg = cpm::registry;
    std::istringstream peek(input);
    std::string name = cpm::models::peek_model(peek, "fuzz");
    const reg::ModelKind &kind = reg::find_model(name);
    std::istringstream in(input);
    cpm::models::ModelData d =
        cpm::models::read_text(in, "fuzz", kind.name, kind.schema());
    std::unique_ptr<reg::ModelHandle> m = kind.load(d);
    ++st.accepted;
    // save-load-save: what a loaded model saves loads and saves the same
    std::ostringstream a;
    cpm::models::write_text(a, m->data(), kind.schema());
    std::istringstream ain(a.str());
    std::unique_ptr<reg::ModelHandle> m2 =
        kind.load(cpm::models::read_text(ain, "saved", kind.name, kind.schema()));
    std::ostringstream b;
    cpm::models::write_text(b, m2->data(), kind.schema());
    if (a.str() != b.str())
        failure("a loaded model saves a text that does not save again the same");
    std::ostringstream j;
    cpm::models::write_json(j, m->data(), kind.schema());
    // predictions as `model -E OP` makes them
    const int n = d.n;
    const long sizes[] = {0, 1, 1000, 65536, 1 << 20, 1L << 30};
    bool kept = false;
    for (const reg::Operation &op : kind.operations) {
        if (op.subject == reg::Subject::Config)
            continue; // needs a kernel configuration
        std::vector<reg::Query> qs;
        std::vector<std::pair<int, int>> subjects =
            op.subject == reg::Subject::Pair
                ? std::vector<std::pair<int, int>>{{0, 1}, {1, 0}, {n - 1, 0}}
            : op.subject == reg::Subject::Root
                ? std::vector<std::pair<int, int>>{{0, 0}, {n - 1, n - 1}}
                : std::vector<std::pair<int, int>>{{0, 0}};
        for (auto sj : subjects)
            for (long M : sizes) {
                reg::Query q;
                q.i = sj.first;
                q.j = sj.second;
                q.root = sj.first;
                q.M = double(M);
                qs.push_back(q);
            }
        std::vector<reg::Prediction> p;
        try {
            p = reg::predict_intervals(kind, *m, op.name, qs);
        } catch (const UsageError &) {
            continue; // refused with one line: not a time printed
        }
        if (p.size() != qs.size())
            failure(std::string("-E ") + op.name + ": " +
                    std::to_string(p.size()) + " predictions for " +
                    std::to_string(qs.size()) + " queries");
        for (std::size_t k = 0; k < p.size(); ++k) {
            ++st.predictions;
            const reg::Prediction &x = p[k];
            if (!(std::isfinite(x.T) && x.T > 0)) {
                ++st.marked; // written as nan, after a comment
                if (!kept) {
                    keep_marked(input, op.name, st);
                    kept = true;
                }
                continue;
            }
            // the interval: lo <= T <= hi (not NaN); an end may be
            // infinite (a half-width of 1e308 is no bound)
            if (!(x.lo <= x.T && x.T <= x.hi)) {
                std::ostringstream s;
                s << "-E " << op.name << " at M=" << qs[k].M << ": T " << x.T
                  << " written with interval [" << x.lo << ", " << x.hi << "]";
                failure(s.str());
            }
        }
    }
}

void target_output(const std::string &input, Stats &st)
{
    std::istringstream in(input);
    cpm::registry::Observed o = cpm::registry::read_observed(in, "fuzz");
    ++st.accepted;
    for (const auto &r : o.rows) {
        if (!(std::isfinite(r.T) && r.T > 0))
            failure("an observed row's time " + std::to_string(r.T) +
                    " is not a finite positive time");
        if (!(std::isfinite(r.ci) && r.ci >= 0))
            failure("an observed row's ci is not finite and >= 0");
        if (r.M < 0)
            failure("an observed row's message size is negative");
        if (o.tool == "p2p" &&
            (r.i < 0 || r.j < 0 || r.i >= o.n || r.j >= o.n || r.i == r.j))
            failure("an observed pair " + std::to_string(r.i) + "," +
                    std::to_string(r.j) + " is not a pair of 0.." +
                    std::to_string(o.n - 1));
    }
    // the operation a comparison would predict: one line if none
    try {
        (void)cpm::registry::default_operation(o);
    } catch (const UsageError &) {
    }
}

void target_config(const std::string &input, Stats &st)
{
    namespace k = cpm::kernels;
    std::istringstream in(input);
    k::Config c = k::read_config(in, "fuzz");
    ++st.accepted;
    std::ostringstream a;
    k::write_config(a, c);
    std::istringstream ain(a.str());
    k::Config c2 = k::read_config(ain, "written");
    std::ostringstream b;
    k::write_config(b, c2);
    if (a.str() != b.str())
        failure("a configuration does not read back as written");
    // one iteration's pattern: every message between ranks of the layout
    const int P = int(c.procs.size());
    auto phases = c.kernel == k::Kernel::Summa ? k::summa_iteration(c, 0)
                                               : k::wave2d_iteration(c);
    for (const k::Phase &ph : phases)
        for (const k::Sends &s : ph.senders) {
            if (s.src < 0 || s.src >= P)
                failure("a phase has sender " + std::to_string(s.src));
            for (const k::Message &msg : s.messages)
                if (msg.dst < 0 || msg.dst >= P || msg.units < 0)
                    failure("a phase has a message to " +
                            std::to_string(msg.dst) + " of " +
                            std::to_string(msg.units) + " units");
        }
}

void target_truth(const std::string &input, Stats &st)
{
    namespace sm = cpm::smpi;
    std::istringstream in(input);
    sm::Truth t = sm::read_truth(in, "fuzz");
    sm::check_switch_links(t, "fuzz");
    ++st.accepted;
    std::ostringstream a;
    sm::write_truth(a, t, "fuzz");
    std::istringstream ain(a.str());
    sm::Truth t2 = sm::read_truth(ain, "written");
    std::ostringstream b;
    sm::write_truth(b, t2, "fuzz");
    if (a.str() != b.str())
        failure("a truth file does not read back as written");
    const int n = t.size();
    const long sizes[] = {0, 1, 65536, 1L << 30};
    for (int i = 0; i < n && i < 8; ++i)
        for (int j = 0; j < n && j < 8; ++j) {
            if (i == j)
                continue;
            for (long m : sizes) {
                double T = t.one_way(i, j, m);
                if (!(std::isfinite(T) && T > 0)) {
                    std::ostringstream s;
                    s << "the truth's one-way time " << i << " -> " << j
                      << " at " << m << " bytes is " << T;
                    failure(s.str());
                }
            }
        }
}

using Target = void (*)(const std::string &, Stats &);

struct TargetRow {
    const char *name;
    Target run;
};

const TargetRow kTargets[] = {{"model", target_model},
                              {"output", target_output},
                              {"config", target_config},
                              {"truth", target_truth}};

std::vector<std::string> read_corpus(const std::string &dir)
{
    std::vector<std::string> names;
    DIR *d = opendir(dir.c_str());
    if (!d)
        throw UsageError("cannot open corpus directory '" + dir + "'");
    while (dirent *e = readdir(d))
        if (e->d_name[0] != '.')
            names.push_back(e->d_name);
    closedir(d);
    std::sort(names.begin(), names.end()); // the same order everywhere
    std::vector<std::string> corpus;
    for (const std::string &n : names) {
        std::ifstream in(dir + "/" + n, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        corpus.push_back(s.str());
    }
    if (corpus.empty())
        throw UsageError("corpus directory '" + dir + "' is empty");
    return corpus;
}

void arm(double seconds)
{
    itimerval t{};
    t.it_value.tv_sec = long(seconds);
    t.it_value.tv_usec = long((seconds - double(long(seconds))) * 1e6);
    setitimer(ITIMER_REAL, &t, nullptr);
}

void disarm()
{
    itimerval t{};
    setitimer(ITIMER_REAL, &t, nullptr);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 4) {
        std::cerr << "usage: fuzz_readers model|output|config|truth CORPUS_DIR "
                     "EXECUTIONS [--seed S] [--timeout SEC] [--marked DIR]\n";
        return 2;
    }
    std::string tname = argv[1], dir = argv[2];
    long execs = std::atol(argv[3]);
    unsigned long long seed = 1;
    double timeout = 2;
    for (int a = 4; a + 1 < argc; a += 2) {
        std::string o = argv[a];
        if (o == "--seed")
            seed = std::strtoull(argv[a + 1], nullptr, 10);
        else if (o == "--timeout")
            timeout = std::atof(argv[a + 1]);
        else if (o == "--marked")
            g_marked_dir = argv[a + 1];
        else {
            std::cerr << "fuzz: unknown option " << o << "\n";
            return 2;
        }
    }
    Target run = nullptr;
    for (const TargetRow &t : kTargets)
        if (tname == t.name)
            run = t.run;
    if (!run || execs < 0 || !(timeout > 0)) {
        std::cerr << "fuzz: bad target, executions or timeout\n";
        return 2;
    }
    std::snprintf(g_failure_path, sizeof g_failure_path, "fuzz-%s-failure",
                  tname.c_str());
    std::vector<std::string> corpus;
    try {
        corpus = read_corpus(dir);
    } catch (const UsageError &e) {
        std::cerr << "fuzz: " << e.what() << "\n";
        return 2;
    }
    signal(SIGALRM, on_alarm);
    for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
        signal(s, on_crash);

    Stats st;
    Rng rng(seed);
    std::vector<std::string> pool = corpus; // + accepted mutants (bounded)
    auto t0 = std::chrono::steady_clock::now();
    const std::size_t kPool = 2000;
    for (long x = -long(corpus.size()); x < execs; ++x) {
        bool is_seed = x < 0;
        std::string input;
        if (is_seed) {
            input = corpus[std::size_t(x + long(corpus.size()))];
        } else {
            input = pool[rng.below(pool.size())];
            for (std::size_t k = 1 + rng.below(4); k > 0; --k)
                mutate_once(input, rng, pool);
            ++st.executions;
        }
        g_input = input.data();
        g_input_size = input.size();
        long accepted = st.accepted;
        std::string why;
        arm(timeout);
        try {
            run(input, st);
        } catch (const UsageError &e) {
            ++st.refused;
            if (is_seed)
                why = std::string("a seed of the corpus is refused: ") + e.what();
            for (const char *c = e.what(); *c && why.empty(); ++c)
                if (static_cast<unsigned char>(*c) < 0x20 ||
                    static_cast<unsigned char>(*c) >= 0x7f)
                    why = "a refusal's message holds a byte outside printable "
                          "ASCII (terminal escapes): " + cpm::quoted(e.what(), 200);
        } catch (const Failure &f) {
            why = f.what;
        } catch (const std::exception &e) {
            why = std::string("exception other than a usage error: ") + e.what();
        } catch (...) {
            why = "unknown exception";
        }
        disarm();
        if (!why.empty()) {
            std::ofstream out(g_failure_path, std::ios::binary);
            out << input;
            std::cerr << "fuzz: FAIL: " << why << "; input in "
                      << g_failure_path << "\n";
            return 1;
        }
        if (!is_seed && st.accepted > accepted) {
            if (pool.size() < kPool)
                pool.push_back(input);
            else
                pool[corpus.size() + rng.below(kPool - corpus.size())] = input;
        }
    }
    double secs = std::chrono::duration<double>(
                      std::chrono::steady_clock::now() - t0)
                      .count();
    long seeds = long(corpus.size());
    std::printf("fuzz %s: %ld executions (+%ld seeds), %ld accepted, %ld "
                "refused, %ld predictions of which %ld marked not a time, "
                "0 crashes, 0 hangs, 0 failures, seed %llu, %.1f s\n",
                tname.c_str(), st.executions, seeds, st.accepted - seeds,
                st.refused, st.predictions, st.marked, seed, secs);
    return 0;
}
