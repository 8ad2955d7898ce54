// Output files appear whole or not at all.
#include "common_atomic_file.h"
#include "common_error.h"

#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <filesystem>
#include <gtest/gtest.h>
#include <vector>
#include <sstream>
#include <string>
#include <csignal>
#include <iostream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace {

class AtomicFileTest : public testing::Test {
protected:
    void SetUp() override
    {
        std::string path = (std::filesystem::temp_directory_path() / "cpm-atomic-XXXXXX").string();
        std::vector<char> tmpl(path.begin(), path.end());
        tmpl.push_back('\0');
        ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
        dir_ = tmpl.data();
    }
    void TearDown() override
    {
        std::string cmd = "rm -rf '" + dir_ + "'";
        ASSERT_EQ(std::system(cmd.c_str()), 0);
    }
    int entries() const
    {
        int count = 0;
        DIR *d = opendir(dir_.c_str());
        while (dirent *e = readdir(d))
            count += std::string(e->d_name) != "." &&
                     std::string(e->d_name) != "..";
        closedir(d);
        return count;
    }
    static std::string slurp(const std::string &path)
    {
        std::ifstream in(path);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }
    std::string dir_;
};

TEST_F(AtomicFileTest, CommitMovesFileIntoPlace)
{
    std::string path = dir_ + "/out.txt";
    {
        cpm::AtomicFile f(path);
        f.stream() << "hello\n";
        EXPECT_EQ(access(path.c_str(), F_OK), -1); // not there before commit
        f.commit();
    }
    EXPECT_EQ(slurp(path), "hello\n");
    EXPECT_EQ(entries(), 1);
}

TEST_F(AtomicFileTest, NoCommitLeavesNothingBehind)
{
    std::string path = dir_ + "/out.txt";
    {
        cpm::AtomicFile f(path);
        f.stream() << "half";
    }
    EXPECT_EQ(entries(), 0);
}

TEST_F(AtomicFileTest, NoCommitKeepsOldFile)
{
    std::string path = dir_ + "/out.txt";
    std::ofstream(path) << "old\n";
    {
        cpm::AtomicFile f(path);
        f.stream() << "new";
    }
    EXPECT_EQ(slurp(path), "old\n");
    EXPECT_EQ(entries(), 1);
}

TEST_F(AtomicFileTest, UnwritableDirectoryIsAnError)
{
    EXPECT_THROW(cpm::AtomicFile(dir_ + "/missing/out.txt"), cpm::Error);
}

// A FIFO (like /dev/null or a pipe) is written to, not replaced.
TEST_F(AtomicFileTest, WritesThroughFifos)
{
    std::string path = dir_ + "/fifo";
    ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
    std::string got;
    std::thread reader([&] { got = slurp(path); });
    {
        cpm::AtomicFile f(path);
        f.stream() << "through\n";
        f.commit();
    }
    reader.join();
    EXPECT_EQ(got, "through\n");
    struct stat st;
    ASSERT_EQ(stat(path.c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
    EXPECT_EQ(entries(), 1);
}

TEST(AtomicFileNames, StandardStreams)
{
    EXPECT_TRUE(cpm::is_stdout_name("-"));
    EXPECT_TRUE(cpm::is_stdout_name("stdout"));
    EXPECT_TRUE(cpm::is_stdin_name("stdin"));
    EXPECT_FALSE(cpm::is_stdout_name("out"));
    cpm::AtomicFile f("-");
    EXPECT_TRUE(f.is_stdout());
}

// Standard output gets the text on commit only: an error before it
// leaves nothing written (no header lines before a late error).
TEST(AtomicFileNames, StandardOutputOnCommitOnly)
{
    std::ostringstream captured;
    std::streambuf *old = std::cout.rdbuf(captured.rdbuf());
    {
        cpm::AtomicFile f("-");
        f.stream() << "# header\n";
        EXPECT_EQ(captured.str(), "");
    } // no commit: an error
    EXPECT_EQ(captured.str(), "");
    {
        cpm::AtomicFile f("-");
        f.stream() << "# header\nrow\n";
        f.commit();
    }
    std::cout.rdbuf(old);
    EXPECT_EQ(captured.str(), "# header\nrow\n");
}

// The finished file has 0666 less the umask, not mkstemp's 0600.
TEST_F(AtomicFileTest, ModeFollowsTheUmask)
{
    for (mode_t mask : {022, 027, 002, 077}) {
        mode_t old = umask(mask);
        std::string path = dir_ + "/mode.txt";
        {
            cpm::AtomicFile f(path);
            f.stream() << "x\n";
            f.commit();
        }
        umask(old);
        struct stat st;
        ASSERT_EQ(stat(path.c_str(), &st), 0);
        EXPECT_EQ(st.st_mode & 0777, 0666 & ~mask) << "umask " << mask;
        std::remove(path.c_str());
    }
}

// The signal raised by the commit hook of the child (below).
int g_signal = 0;
void raise_signal() { raise(g_signal); }

// Runs body in a child process that is to end by signal sig; returns
// whether it did (a child whose body throws or returns exits with 1).
bool ends_by(int sig, void (*body)(const std::string &), const std::string &path)
{
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        try {
            body(path);
        } catch (...) {
        }
        _exit(1);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid)
        return false;
    return WIFSIGNALED(status) && WTERMSIG(status) == sig;
}

// SIGTERM, SIGINT or SIGHUP while the temporary file exists (inside
// commit(), between its write and its rename): the handler removes it and
// the process ends by the signal; the old file stays.
TEST_F(AtomicFileTest, SignalRemovesTemporaryFile)
{
    for (int sig : {SIGTERM, SIGINT, SIGHUP}) {
        std::string path = dir_ + "/out.txt";
        {
            std::ofstream old(path);
            old << "old\n";
        }
        g_signal = sig;
        EXPECT_TRUE(ends_by(sig,
                            [](const std::string &p) {
                                cpm::AtomicFile f(p);
                                f.stream() << "partial\n";
                                cpm::set_atomic_file_test_hook(raise_signal);
                                f.commit(); // the hook raises the signal
                            },
                            path))
            << "signal " << sig;
        EXPECT_EQ(entries(), 1) << "signal " << sig; // no *.tmp.* left
        EXPECT_EQ(slurp(path), "old\n");
    }
}

// SIGKILL, which no handler sees, before commit(): nothing is left beside
// the target (the text is in memory until commit()), the old file stays.
TEST_F(AtomicFileTest, KillBeforeCommitLeavesNothing)
{
    std::string path = dir_ + "/out.txt";
    {
        std::ofstream old(path);
        old << "old\n";
    }
    EXPECT_TRUE(ends_by(SIGKILL,
                        [](const std::string &p) {
                            cpm::AtomicFile f(p);
                            f.stream() << "partial" << std::flush;
                            raise(SIGKILL);
                        },
                        path));
    EXPECT_EQ(entries(), 1); // no *.tmp.* left
    EXPECT_EQ(slurp(path), "old\n");
}

// Before commit() no file exists beside the target; after it, the target
// alone, with the text.
TEST_F(AtomicFileTest, NothingOnDiskBeforeCommit)
{
    std::string path = dir_ + "/new.txt";
    cpm::AtomicFile f(path);
    f.stream() << "text\n";
    EXPECT_EQ(entries(), 0);
    f.commit();
    EXPECT_EQ(entries(), 1);
    EXPECT_EQ(slurp(path), "text\n");
}

} // namespace
