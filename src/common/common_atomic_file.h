/**
 * \file common_atomic_file.h
 * \brief Output files that appear whole or not at all.
 */
#ifndef CPM_COMMON_ATOMIC_FILE_H
#define CPM_COMMON_ATOMIC_FILE_H

#include <fstream>
#include <ostream>
#include <sstream>
#include <string>

/** \addtogroup common
 *  @{ */

namespace cpm {

/**
 * Keeps the text in memory and, on commit(), writes it to a temporary
 * file beside the target and renames that over the target. If the object
 * is destroyed before commit() (an error was thrown), nothing is written
 * and the target is untouched. The constructor checks that a file can be
 * made beside the target (a temporary file made and removed at once).
 * The names "-" and "stdout" mean standard output, which gets the text
 * on commit() only (nothing, not even header lines, if an error comes
 * first), and an existing target that is not a regular file (a device
 * such as /dev/null, a FIFO) is written directly.
 *
 * The temporary file exists only inside commit(); it is also removed when
 * the process ends there by SIGTERM, SIGINT or SIGHUP (the handlers,
 * installed with the first AtomicFile, remove every uncommitted temporary
 * file and then let the signal take its previous action: Open MPI's
 * mpirun sends SIGTERM to the other ranks when one calls MPI_Abort) and on
 * exit(). A process killed before commit(), by SIGKILL too, leaves no
 * file; only SIGKILL inside commit() can leave the temporary file (the
 * target is still untouched).
 * The finished file has the mode of any new file under the umask (0666
 * less the umask), not mkstemp's 0600.
 */
class AtomicFile {
public:
    /** Checks that a file can be made beside path (one made and removed
     *  at once); throws cpm::Error if it cannot. */
    explicit AtomicFile(const std::string &path);
    ~AtomicFile();
    AtomicFile(const AtomicFile &) = delete;
    AtomicFile &operator=(const AtomicFile &) = delete;

    /** The stream to write to. */
    std::ostream &stream();
    /** Flushes, checks for write errors and moves the file into place. */
    void commit();
    /** True if the target is standard output. */
    bool is_stdout() const { return kind_ == Kind::Stdout; }

private:
    enum class Kind {
        Stdout,  /**< "-" or "stdout": the text on commit() */
        Direct,  /**< a device or FIFO, written as the text comes */
        Regular  /**< a regular file: temporary file and rename on commit() */
    };
    int create_tmp();
    void remove_tmp();

    std::string path_;
    std::string tmp_;           // the temporary file, inside commit() only
    std::ofstream file_;        // Direct's stream
    std::stringstream buffer_;  // the text until commit() (Stdout, Regular)
    bool committed_ = false;
    Kind kind_ = Kind::Stdout;
};

/** Installs the handlers of SIGTERM, SIGINT and SIGHUP now (not only with
 *  the first AtomicFile) and makes them write "LABEL: stopped by signal
 *  N" on stderr before the process ends (the tools: "TOOL: rank R"),
 *  unless the parent process sent the signal (mpirun stopping the other
 *  ranks of a failed job: it names the failed rank itself). An empty
 *  label writes nothing (the tools, once their outputs are done). */
void set_signal_label(const std::string &label);

/** For tests only: a function that commit() calls between writing the
 *  temporary file and renaming it (nullptr: none), e.g. to raise a signal
 *  while the temporary file exists. */
void set_atomic_file_test_hook(void (*before_rename)());

/** Writes the n bytes at p to the descriptor fd, again after short
 *  writes and EINTR; false on an error (errno says which). */
bool write_all(int fd, const char *p, std::size_t n);

/** True if the name means standard output ("-" or "stdout"). */
bool is_stdout_name(const std::string &path);
/** True if the name means standard input ("-" or "stdin"). */
bool is_stdin_name(const std::string &path);

} // namespace cpm

/** @} */

#endif
