/**
 * \file common_text.h
 * \brief Bounded line reads of text files, shared by every reader of a
 *        CPM format (model files, kernel configurations, measurement
 *        outputs, the SMPI truth file).
 *
 * A line is read byte by byte up to a limit, so that a file without
 * newlines (/dev/zero, a binary file) costs at most the limit in memory
 * and is refused as "NAME:LINE: line longer than MAX bytes". LineReader
 * counts the lines, names them in its errors ("NAME:LINE: problem", one
 * line, input text quoted by cpm::quoted) and parses numbers with the
 * one parser of common_parse.h.
 */
#ifndef CPM_COMMON_TEXT_H
#define CPM_COMMON_TEXT_H

#include <cstddef>
#include <istream>
#include <limits>
#include <string>
#include <vector>

/** \addtogroup common
 *  @{ */

namespace cpm {

/** The longest line a CPM text format holds (1 MiB): longer than any
 *  line CPM writes (a command line is at most a few hundred KiB). */
constexpr std::size_t kMaxLineBytes = std::size_t(1) << 20;

/** What read_line found. */
enum class LineStatus {
    Line,    /**< a line, without its newline */
    End,     /**< the end of the input, nothing read */
    TooLong, /**< max bytes without a newline: the rest is left unread */
};

/** Reads the next line of in into line, without the '\n' (a last line
 *  without one counts as a line). Reads at most max bytes of it: longer
 *  is TooLong, with line holding the first max bytes. A read error sets
 *  in.bad() and ends the input (End, or Line for what was read). */
LineStatus read_line(std::istream &in, std::string &line,
                     std::size_t max = kMaxLineBytes);

/** "NAME:LINE: what", or "NAME: what" if line <= 0 (nothing read yet). */
std::string at_line(const std::string &name, int line,
                    const std::string &what);

/** The words of text separated by blanks (space, tab, CR, ...). */
std::vector<std::string> split_words(const std::string &text);

/** Throws cpm::UsageError at_line(name, line, what). */
[[noreturn]] void fail_at(const std::string &name, int line,
                          const std::string &what);

/** text as a decimal integer in [lo, hi] (cpm::parse_long), for a reader
 *  of name at line. Throws at_line(...) "bad WHAT 'TEXT'" if it is not an
 *  integer, "WHAT V must be >= LO" or "WHAT V outside LO..HI" if out of
 *  range. */
long integer_at(const std::string &name, int line, const std::string &text,
                const std::string &what,
                long lo = std::numeric_limits<long>::min(),
                long hi = std::numeric_limits<long>::max());

/** text as a finite number in [lo, hi] (cpm::parse_double), for a reader
 *  of name at line. Throws at_line(...) "bad WHAT 'TEXT'" if it is not a
 *  finite number, "WHAT TEXT must be >= LO" or "WHAT TEXT outside [LO,
 *  HI]" if out of range. */
double real_at(const std::string &name, int line, const std::string &text,
               const std::string &what,
               double lo = -std::numeric_limits<double>::max(),
               double hi = std::numeric_limits<double>::max());

/** text as a finite number > 0 (else "WHAT TEXT must be > 0"). */
double positive_at(const std::string &name, int line, const std::string &text,
                   const std::string &what);

/**
 * The lines of a named text input, counted and bounded, and the errors
 * and numbers of a reader: every error is a cpm::UsageError of one line,
 * "NAME:LINE: problem", with the input's text quoted (non-printable bytes
 * escaped).
 */
class LineReader {
public:
    /** Lines of in, named name in errors, at most max bytes each. */
    LineReader(std::istream &in, std::string name,
               std::size_t max = kMaxLineBytes);

    /** The next line into line; false at the end of the input. Throws
     *  "NAME:LINE: line longer than MAX bytes" or "NAME:LINE: read
     *  error". */
    bool next(std::string &line);

    /** Number of the last line read (0 before the first). */
    int line() const { return line_; }
    /** The name of the input, as in the errors. */
    const std::string &name() const { return name_; }

    /** Throws cpm::UsageError "NAME:LINE: what" at the last line read. */
    [[noreturn]] void fail(const std::string &what) const;

    /** integer_at() at the last line read. */
    long integer(const std::string &text, const std::string &what,
                 long lo = std::numeric_limits<long>::min(),
                 long hi = std::numeric_limits<long>::max()) const;
    /** real_at() at the last line read. */
    double real(const std::string &text, const std::string &what,
                double lo = -std::numeric_limits<double>::max(),
                double hi = std::numeric_limits<double>::max()) const;
    /** positive_at() at the last line read. */
    double positive(const std::string &text, const std::string &what) const;

private:
    std::istream &in_;
    std::string name_;
    std::size_t max_;
    int line_ = 0;
};

} // namespace cpm

/** @} */

#endif
