#include "common_atomic_file.h"

#include "common_error.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <iostream>
#include <unistd.h>
#include <algorithm>
#include <vector>

namespace cpm {

namespace {

/* The temporary files not yet committed or removed, for the signal
 * handlers and exit: a fixed table of names (async-signal-safe to read),
 * changed with the handled signals blocked. */
const int kSlots = 64;
const char *volatile g_tmp[kSlots];
const int kSignals[] = {SIGTERM, SIGINT, SIGHUP};
struct sigaction g_old[3];

char g_label[256]; // "TOOL: rank R", for the line a signal writes

void remove_all_tmp()
{
    for (int k = 0; k < kSlots; ++k)
        if (const char *name = g_tmp[k])
            unlink(name);
}

/* Removes the temporary files, then lets the signal do what it did
 * before: the previous handler, or the default action (ending the
 * process with that signal's status). */
extern "C" void on_signal(int sig, siginfo_t *info, void *context)
{
    int saved = errno;
    remove_all_tmp();
    // A line unless the parent (mpirun, or Open MPI's daemon) sent the
    // signal: it stops the other ranks when one has failed, and names
    // that rank itself.
    if (g_label[0] && !(info && info->si_code == SI_USER &&
                        info->si_pid == getppid())) {
        // "LABEL: stopped by signal N" with write(2) alone (signal-safe)
        char line[320];
        std::size_t n = 0;
        for (const char *p = g_label; *p && n < 256; ++p)
            line[n++] = *p;
        const char mid[] = ": stopped by signal ";
        for (const char *p = mid; *p; ++p)
            line[n++] = *p;
        char digits[12];
        int k = 0;
        for (int v = sig; k == 0 || v > 0; v /= 10)
            digits[k++] = char('0' + v % 10);
        while (k > 0)
            line[n++] = digits[--k];
        line[n++] = '\n';
        ssize_t w = write(2, line, n);
        (void)w;
    }
    for (int s = 0; s < 3; ++s) {
        if (kSignals[s] != sig)
            continue;
        const struct sigaction &old = g_old[s];
        if (old.sa_flags & SA_SIGINFO) {
            if (old.sa_sigaction) {
                old.sa_sigaction(sig, info, context);
                errno = saved;
                return;
            }
        } else if (old.sa_handler == SIG_IGN) {
            errno = saved;
            return;
        } else if (old.sa_handler != SIG_DFL) {
            old.sa_handler(sig);
            errno = saved;
            return;
        }
        signal(sig, SIG_DFL);
        raise(sig);
    }
    errno = saved;
}

extern "C" void on_exit_remove() { remove_all_tmp(); }

/* The handled signals, blocked while the table changes. */
class Blocked {
public:
    Blocked()
    {
        sigset_t set;
        sigemptyset(&set);
        for (int sig : kSignals)
            sigaddset(&set, sig);
        pthread_sigmask(SIG_BLOCK, &set, &old_);
    }
    ~Blocked() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }

private:
    sigset_t old_;
};

/* Installs the handlers and the exit hook once. A signal ignored when
 * the process started (nohup) stays ignored. */
void install_cleanup()
{
    static bool done = false;
    if (done)
        return;
    done = true;
    for (int s = 0; s < 3; ++s) {
        struct sigaction sa;
        std::memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_SIGINFO;
        if (sigaction(kSignals[s], nullptr, &g_old[s]) != 0)
            continue;
        if ((g_old[s].sa_flags & SA_SIGINFO) &&
            g_old[s].sa_sigaction == on_signal) {
            // Installed already by another copy of these globals (SimGrid
            // SMPI privatizes them per rank): the action after it is the
            // default.
            g_old[s].sa_flags = 0;
            g_old[s].sa_handler = SIG_DFL;
            continue;
        }
        if (!(g_old[s].sa_flags & SA_SIGINFO) &&
            g_old[s].sa_handler == SIG_IGN)
            continue;
        sigaction(kSignals[s], &sa, nullptr);
    }
    std::atexit(on_exit_remove);
}

void register_tmp(const char *name)
{
    Blocked b;
    install_cleanup();
    for (int k = 0; k < kSlots; ++k)
        if (!g_tmp[k]) {
            g_tmp[k] = name;
            return;
        }
    // More than kSlots outputs being committed at once (threads): this one
    // is removed on errors (the destructor) but not on a signal.
}

void unregister_tmp(const char *name)
{
    Blocked b;
    for (int k = 0; k < kSlots; ++k)
        if (g_tmp[k] == name)
            g_tmp[k] = nullptr;
}

/* The mode of a new file under the process's umask. */
mode_t umask_mode()
{
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

} // namespace

void set_signal_label(const std::string &label)
{
    Blocked b;
    std::size_t n = std::min(label.size(), sizeof g_label - 1);
    std::memcpy(g_label, label.data(), n);
    g_label[n] = '\0';
    install_cleanup();
}

bool is_stdout_name(const std::string &path)
{
    return path == "-" || path == "stdout";
}

bool is_stdin_name(const std::string &path)
{
    return path == "-" || path == "stdin";
}

/* A temporary file beside path_ (path_.tmp.XXXXXX), with the mode of a
 * new file under the umask, registered for the signal handlers; its name
 * in tmp_. Throws cpm::Error if it cannot be created. */
int AtomicFile::create_tmp()
{
    std::vector<char> name(path_.begin(), path_.end());
    const char suffix[] = ".tmp.XXXXXX";
    name.insert(name.end(), suffix, suffix + sizeof suffix);
    Blocked b; // no signal between creating the file and registering it
    int fd = mkstemp(name.data());
    if (fd < 0)
        throw Error("cannot create output file '" + path_ +
                    "': " + std::strerror(errno));
    tmp_ = name.data();
    register_tmp(tmp_.c_str());
    // mkstemp makes it 0600; the output gets the mode of any new file.
    fchmod(fd, umask_mode());
    return fd;
}

/* Removes the temporary file (an error: the target stays untouched). */
void AtomicFile::remove_tmp()
{
    if (tmp_.empty())
        return;
    Blocked b; // removed and unregistered together
    std::remove(tmp_.c_str());
    unregister_tmp(tmp_.c_str());
    tmp_.clear();
}

namespace {

void (*g_before_rename)() = nullptr;

} // namespace

bool write_all(int fd, const char *p, std::size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        p += k;
        n -= std::size_t(k);
    }
    return true;
}

void set_atomic_file_test_hook(void (*before_rename)())
{
    g_before_rename = before_rename;
}

AtomicFile::AtomicFile(const std::string &path) : path_(path)
{
    if (is_stdout_name(path))
        return;
    if (path.empty())
        throw UsageError("empty output file name");
    struct stat st;
    if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        // A device or FIFO (/dev/null, a pipe): write to it directly;
        // renaming over it would replace it.
        kind_ = Kind::Direct;
        file_.open(path, std::ios::out);
        if (!file_)
            throw Error("cannot write output file '" + path + "'");
        return;
    }
    // A regular file: the text is kept here until commit(), which writes
    // it to a temporary file and renames that over the target, so that a
    // process killed while it runs (SIGKILL included) leaves nothing
    // behind. Whether the file can be made is checked now, with a
    // temporary file made and removed at once.
    kind_ = Kind::Regular;
    close(create_tmp());
    remove_tmp();
}

AtomicFile::~AtomicFile()
{
    if (!committed_ && kind_ == Kind::Regular)
        remove_tmp(); // an error inside commit(): nothing left behind
}

std::ostream &AtomicFile::stream()
{
    return kind_ == Kind::Direct ? static_cast<std::ostream &>(file_)
                                 : static_cast<std::ostream &>(buffer_);
}

void AtomicFile::commit()
{
    if (committed_)
        return;
    if (kind_ == Kind::Direct) {
        file_.flush();
        if (!file_)
            throw Error("error writing output file '" + path_ + "'");
        committed_ = true;
        return;
    }
    if (kind_ == Kind::Stdout) {
        std::cout << buffer_.str();
        buffer_.str("");
        std::cout.flush();
        if (!std::cout)
            throw Error("error writing to standard output");
        committed_ = true;
        return;
    }
    // The text through mkstemp's descriptor, in chunks (no second copy of
    // a large output).
    int fd = create_tmp();
    bool ok = true;
    std::streambuf *text = buffer_.rdbuf();
    char chunk[1 << 16];
    for (std::streamsize k; ok && (k = text->sgetn(chunk, sizeof chunk)) > 0;)
        ok = write_all(fd, chunk, std::size_t(k));
    ok = close(fd) == 0 && ok;
    if (!ok) {
        std::string why = std::strerror(errno);
        remove_tmp();
        throw Error("error writing output file '" + path_ + "': " + why);
    }
    if (g_before_rename)
        g_before_rename();
    Blocked b; // renamed and unregistered together
    if (std::rename(tmp_.c_str(), path_.c_str()) != 0) {
        std::string why = std::strerror(errno);
        std::string tmp = tmp_;
        remove_tmp();
        throw Error("cannot rename '" + tmp + "' to '" + path_ + "': " + why);
    }
    unregister_tmp(tmp_.c_str());
    tmp_.clear();
    buffer_.str("");
    committed_ = true;
}

} // namespace cpm
