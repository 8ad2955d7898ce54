/**
 * \file common_error.h
 * \brief Errors reported by CPM library code, and the MPI check macro.
 *
 * Library code never exits: it throws cpm::Error, which carries a one-line
 * message and the source location that raised it. Tools catch it at the top
 * level, print the message once (rank 0) and exit non-zero.
 */
#ifndef CPM_COMMON_ERROR_H
#define CPM_COMMON_ERROR_H

#include <stdexcept>
#include <string>

/** \defgroup common Common: errors and MPI checks
 *  Shared by every other module; depends on nothing but MPI's header.
 *  @{ */

namespace cpm {

/** text with every byte outside printable ASCII as \\xHH (a backslash is
 *  kept, so text quoted by cpm::quoted is unchanged): what every Error
 *  does to its message, the one place where input bytes quoted in an
 *  error (a file's words, names) become safe to print on a terminal. */
inline std::string printable(const std::string &text)
{
    std::string s;
    for (char ch : text) {
        unsigned char c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7f) {
            s += ch;
        } else {
            const char *hex = "0123456789abcdef";
            s += "\\x";
            s += hex[c >> 4];
            s += hex[c & 15];
        }
    }
    return s;
}

/** A failure with a one-line, user-readable message (made printable). */
class Error : public std::runtime_error {
public:
    /** An error with a message only. */
    explicit Error(const std::string &what)
        : std::runtime_error(printable(what)) {}
    /** An error raised at a source location (see CPM_THROW). */
    Error(const std::string &what, const char *file, int line)
        : std::runtime_error(printable(what)), file_(file), line_(line) {}
    /** Source file that raised the error (empty if not recorded). */
    const std::string &file() const { return file_; }
    /** Source line that raised the error (0 if not recorded). */
    int line() const { return line_; }
    /** True if every rank of the communicator threw this same error (see
     *  cpm::agree), so that all of them can exit cleanly. */
    bool collective() const { return collective_; }
    /** Marks the error as thrown on every rank. */
    void set_collective() { collective_ = true; }

private:
    std::string file_;
    int line_ = 0;
    bool collective_ = false;
};

/** Bad input from the user (options, files, sizes): exit status 2 in tools. */
class UsageError : public Error {
public:
    /** A bad-input error with its one-line message. */
    explicit UsageError(const std::string &what) : Error(what) {}
};

/** Throws cpm::Error naming the failed MPI call and MPI's own message. */
[[noreturn]] void throw_mpi_error(int code, const char *call, const char *file,
                                  int line);

} // namespace cpm

/** Runs an MPI call and throws cpm::Error if it does not return MPI_SUCCESS.
 *  The communicator's error handler must be MPI_ERRORS_RETURN for failures
 *  to reach this check (cpm::DupComm and the tools set it). */
#define CPM_MPI(call)                                                        \
    do {                                                                     \
        int cpm_mpi_rc_ = (call);                                            \
        if (cpm_mpi_rc_ != MPI_SUCCESS)                                      \
            ::cpm::throw_mpi_error(cpm_mpi_rc_, #call, __FILE__, __LINE__);  \
    } while (0)

/** Throws cpm::Error with the current source location. */
#define CPM_THROW(msg) throw ::cpm::Error((msg), __FILE__, __LINE__)

/** @} */

#endif
