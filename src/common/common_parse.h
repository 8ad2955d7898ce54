/**
 * \file common_parse.h
 * \brief The one parser of numbers and the quoting of input text, shared
 *        by the option parsers and the file readers.
 *
 * A number is the whole of its text (no trailing bytes, no blanks) and
 * lies in a stated range; what does not is refused with a
 * cpm::UsageError that names the input (an option, or a file and line)
 * and quotes the text with its non-printable bytes escaped.
 */
#ifndef CPM_COMMON_PARSE_H
#define CPM_COMMON_PARSE_H

#include <limits>
#include <string>

/** \addtogroup common
 *  @{ */

namespace cpm {

/** text quoted for a message: in single quotes, bytes outside printable
 *  ASCII as \\xHH, cut to max bytes with "..." after. */
std::string quoted(const std::string &text, std::size_t max = 64);

/** The whole of text as a decimal integer in [lo, hi]; throws
 *  cpm::UsageError "WHAT: expected an integer in [LO, HI], got 'TEXT'"
 *  (or "... expected an integer, got ..." for the full range of long). */
long parse_long(const std::string &text, const std::string &what,
                long lo = std::numeric_limits<long>::min(),
                long hi = std::numeric_limits<long>::max());

/** parse_long into an int: the range is clipped to int's. */
int parse_int(const std::string &text, const std::string &what,
              int lo = std::numeric_limits<int>::min(),
              int hi = std::numeric_limits<int>::max());

/** The whole of text as a finite number in [lo, hi]; throws
 *  cpm::UsageError as parse_long. */
double parse_double(const std::string &text, const std::string &what,
                    double lo = -std::numeric_limits<double>::max(),
                    double hi = std::numeric_limits<double>::max());

} // namespace cpm

/** @} */

#endif
