/**
 * \file kernel_text.h
 * \brief Internal to the kernels module (not installed): what the readers
 *        of configurations and layouts and the patterns share: splitting
 *        a text into words line by line (bounded reads of common_text),
 *        reporting a bad line, and the overlap of two intervals.
 */
#ifndef CPM_KERNEL_TEXT_H
#define CPM_KERNEL_TEXT_H

#include <istream>
#include <string>
#include <vector>

namespace cpm::kernels::text {

/** Throws cpm::UsageError "name:line: what" ("name: what" if line <= 0). */
[[noreturn]] void fail(const std::string &name, int line,
                       const std::string &what);

/** Reads the next line of in (named name in errors) that has words: '#'
 *  starts a comment, words are separated by white space, lines without
 *  words are skipped. line counts the lines read (pass 0 first). Returns
 *  false at the end of in. Lines are bounded (cpm::read_line): a line
 *  longer than cpm::kMaxLineBytes throws "name:line: line longer than ...
 *  bytes", a read error "name:line: read error". */
bool next_words(std::istream &in, const std::string &name, int &line,
                std::vector<std::string> &words);

/** Length of the intersection of [a, a+la) and [b, b+lb) (0 if none). */
long overlap(long a, long la, long b, long lb);

} // namespace cpm::kernels::text

#endif
