/* Kernel configurations: reading and validating the text format of
 * doc/formats.md ("Kernel configurations"), and the node relation of the
 * layout. The patterns of the kernels are in kernel_pattern.cpp. */
#include "kernel_config.h"

#include "common_error.h"
#include "common_text.h"
#include "kernel_text.h"

#include <fstream>
#include <map>

namespace cpm::kernels {

namespace {

using text::fail;
using text::overlap;

/* Grid sides above this are refused: N*N units must fit a long and the
 * patterns are O(N P^2). */
const long kMaxN = 1L << 20;

long to_long(const std::string &w, const std::string &name, int line,
             const std::string &what)
{
    return integer_at(name, line, w, what);
}

std::string rect_text(const Rect &r)
{
    return std::to_string(r.x) + " " + std::to_string(r.y) + " " +
           std::to_string(r.w) + " " + std::to_string(r.h);
}

} // namespace

const char *kernel_name(Kernel k)
{
    return k == Kernel::Summa ? "summa" : "wave2d";
}

Kernel parse_kernel(const std::string &name)
{
    if (name == "summa")
        return Kernel::Summa;
    if (name == "wave2d")
        return Kernel::Wave2D;
    throw UsageError("unknown kernel '" + name + "' (valid: summa, wave2d)");
}

void validate_config(const Config &c, const std::string &name,
                     const std::vector<int> &lines)
{
    auto line_of = [&](std::size_t r) {
        return r < lines.size() ? lines[r] : 0;
    };
    if (c.N < 1 || c.N > kMaxN)
        fail(name, 0, "grid side N " + std::to_string(c.N) + " outside 1.." +
                          std::to_string(kMaxN));
    if (c.procs.empty())
        fail(name, 0, "no processes (one line per rank: node type x y w h)");
    if (c.procs.size() != c.rects.size())
        fail(name, 0, std::to_string(c.procs.size()) + " processes but " +
                          std::to_string(c.rects.size()) + " rectangles");
    std::map<std::string, std::string> type_of;
    long area = 0;
    for (std::size_t r = 0; r < c.rects.size(); ++r) {
        const Rect &a = c.rects[r];
        const Process &p = c.procs[r];
        int ln = line_of(r);
        std::string who = "rank " + std::to_string(r);
        if (p.node.empty() || p.type.empty())
            fail(name, ln, who + ": empty node name or type");
        auto it = type_of.emplace(p.node, p.type).first;
        if (it->second != p.type)
            fail(name, ln, who + ": node " + p.node + " has type " +
                               it->second + " on an earlier line, " + p.type +
                               " here");
        if (a.w < 1 || a.h < 1)
            fail(name, ln, who + ": rectangle " + rect_text(a) +
                               " has no area (w and h must be >= 1)");
        if (a.x < 0 || a.y < 0 || a.w > c.N || a.h > c.N ||
            a.x > c.N - a.w || a.y > c.N - a.h)
            fail(name, ln, who + ": rectangle " + rect_text(a) +
                               " leaves the " + std::to_string(c.N) + " x " +
                               std::to_string(c.N) + " grid");
        for (std::size_t q = 0; q < r; ++q) {
            const Rect &b = c.rects[q];
            if (overlap(a.x, a.w, b.x, b.w) > 0 &&
                overlap(a.y, a.h, b.y, b.h) > 0)
                fail(name, ln, who + ": rectangle " + rect_text(a) +
                                   " overlaps rank " + std::to_string(q) +
                                   "'s " + rect_text(b));
        }
        area += a.w * a.h;
    }
    // Inside the grid and pairwise disjoint: they tile it iff areas add up.
    if (area != c.N * c.N)
        fail(name, 0, "the rectangles cover " + std::to_string(area) +
                          " of the " + std::to_string(c.N * c.N) +
                          " units of the grid (they must tile it)");
}

Config read_config(std::istream &in, const std::string &name)
{
    Config c;
    std::vector<int> lines;
    bool have_kernel = false, have_n = false;
    int line = 0;
    for (std::vector<std::string> w; text::next_words(in, name, line, w);) {
        if (!have_kernel) {
            if (w[0] != "kernel" || w.size() != 2)
                fail(name, line, "expected 'kernel summa' or 'kernel wave2d' "
                                 "first");
            try {
                c.kernel = parse_kernel(w[1]);
            } catch (const UsageError &e) {
                fail(name, line, e.what());
            }
            have_kernel = true;
        } else if (!have_n) {
            if (w[0] != "N" || w.size() != 2)
                fail(name, line, "expected 'N SIDE' after the kernel line");
            c.N = to_long(w[1], name, line, "grid side");
            if (c.N < 1 || c.N > kMaxN)
                fail(name, line, "grid side N " + w[1] + " outside 1.." +
                                     std::to_string(kMaxN));
            have_n = true;
        } else {
            if (w.size() != 6)
                fail(name, line,
                     "expected 'node type x y w h' for rank " +
                         std::to_string(c.procs.size()) + ", got " +
                         std::to_string(w.size()) + " fields");
            Process p{w[0], w[1]};
            Rect r;
            r.x = to_long(w[2], name, line, "x");
            r.y = to_long(w[3], name, line, "y");
            r.w = to_long(w[4], name, line, "w");
            r.h = to_long(w[5], name, line, "h");
            c.procs.push_back(p);
            c.rects.push_back(r);
            lines.push_back(line);
        }
    }
    if (!have_kernel)
        fail(name, line, "empty configuration (expected 'kernel summa' or "
                         "'kernel wave2d', 'N SIDE' and a line per rank)");
    if (!have_n)
        fail(name, line, "no 'N SIDE' line");
    validate_config(c, name, lines);
    return c;
}

Config read_config_file(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        throw UsageError(path + ": cannot open the kernel configuration");
    return read_config(in, path);
}

void write_config(std::ostream &out, const Config &c)
{
    out << "kernel " << kernel_name(c.kernel) << "\n";
    out << "N " << c.N << "\n";
    out << "# node type x y w h (one line per rank, in rank order)\n";
    for (std::size_t r = 0; r < c.procs.size(); ++r)
        out << c.procs[r].node << " " << c.procs[r].type << " "
            << rect_text(c.rects[r]) << "  # rank " << r << "\n";
}

bool same_node(const Config &c, int a, int b)
{
    return c.procs.at(std::size_t(a)).node == c.procs.at(std::size_t(b)).node;
}

} // namespace cpm::kernels
