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
 * Writes to a temporary file beside the target and renames it over the
 * target on commit(). If the object is destroyed before commit() (an error
 * was thrown), the temporary file is removed and the target is untouched.
 * The names "-" and "stdout" mean standard output, which gets the text
 * on commit() only (nothing, not even header lines, if an error comes
 * first), and an existing target that is not a regular file (a device
 * such as /dev/null, a FIFO) is written directly.
 *
 * The temporary file is also removed when the process ends by SIGTERM,
 * SIGINT or SIGHUP (the handlers, installed with the first AtomicFile,
 * remove every uncommitted temporary file and then let the signal take its
 * previous action: Open MPI's mpirun sends SIGTERM to the other ranks when
 * one calls MPI_Abort) and on exit(). SIGKILL cannot be caught: after
 * `kill -9` the temporary file stays, and the target is still untouched.
 * The finished file has the mode of any new file under the umask (0666
 * less the umask), not mkstemp's 0600.
 */
class AtomicFile {
public:
    /** Opens a temporary file beside path; throws cpm::Error if it cannot. */
    explicit AtomicFile(const std::string &path);
    ~AtomicFile();
    AtomicFile(const AtomicFile &) = delete;
    AtomicFile &operator=(const AtomicFile &) = delete;

    /** The stream to write to. */
    std::ostream &stream();
    /** Flushes, checks for write errors and moves the file into place. */
    void commit();
    /** True if the target is standard output. */
    bool is_stdout() const { return tmp_.empty() && !direct_; }

private:
    std::string path_;
    std::string tmp_;
    std::ofstream file_;
    std::ostringstream buffer_; // standard output's text until commit()
    bool committed_ = false;
    bool direct_ = false; // target is a device or FIFO
};

/** Installs the handlers of SIGTERM, SIGINT and SIGHUP now (not only with
 *  the first AtomicFile) and makes them write "LABEL: stopped by signal
 *  N" on stderr before the process ends (the tools: "TOOL: rank R"),
 *  unless the parent process sent the signal (mpirun stopping the other
 *  ranks of a failed job: it names the failed rank itself). An empty
 *  label writes nothing (the tools, once their outputs are done). */
void set_signal_label(const std::string &label);

/** True if the name means standard output ("-" or "stdout"). */
bool is_stdout_name(const std::string &path);
/** True if the name means standard input ("-" or "stdin"). */
bool is_stdin_name(const std::string &path);

} // namespace cpm

/** @} */

#endif
