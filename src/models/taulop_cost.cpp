/* The tau-Lop cost algebra: equations and rules at the top of
 * taulop_cost.h. */
#include "taulop_cost.h"

#include "common_error.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <tuple>

namespace cpm::models::taulop {

Link Link::normalized() const
{
    Link l = *this;
    if (l.src_type > l.dst_type)
        std::swap(l.src_type, l.dst_type);
    return l;
}

bool Link::operator<(const Link &o) const
{
    return std::tie(channel, src_type, dst_type) <
           std::tie(o.channel, o.src_type, o.dst_type);
}

bool Link::operator==(const Link &o) const
{
    return channel == o.channel && src_type == o.src_type &&
           dst_type == o.dst_type;
}

double transmission(const Params &p, const Link &l, double m, int k)
{
    if (k < 1)
        throw UsageError("tau-Lop: concurrent transmissions must be >= 1, got " +
                         std::to_string(k));
    if (!(m >= 0))
        throw UsageError("tau-Lop: message size must not be negative, got " +
                         std::to_string(m));
    if (l.channel == 0)
        return p.overhead(l, m) + 2 * p.transfer0(l.src_type, m, k);
    if (l.channel != 1)
        throw UsageError("tau-Lop: unknown channel " +
                         std::to_string(l.channel) + " (0 or 1)");
    double t = p.overhead(l, m) + p.transfer1(l.src_type, l.dst_type, m, k);
    if (!p.direct())
        t += p.transfer0(l.src_type, m, k) + p.transfer0(l.dst_type, m, k);
    return t;
}

double evaluate(const Params &p, const Expr &e)
{
    double t = 0;
    for (const Term &x : e)
        t += transmission(p, x.link, x.bytes, x.k);
    return t;
}

Expr aggregate(const Expr &e)
{
    Expr out;
    std::map<std::pair<Link, int>, std::size_t> at;
    for (const Term &x : e) {
        Link l = x.link.normalized();
        auto key = std::make_pair(l, x.k);
        auto it = at.find(key);
        if (it == at.end()) {
            at[key] = out.size();
            out.push_back({l, x.k, x.bytes});
        } else {
            out[it->second].bytes += x.bytes;
        }
    }
    return out;
}

namespace {

/* A stream's traffic on one channel: its transmissions there in send
 * order (links normalized) and their total size. */
struct Entry {
    std::size_t stream;
    int channel;
    std::vector<Transmission> sends;
    double bytes = 0;
};

/* The terms of bytes [lo, hi) of an entry's traffic at contention k: the
 * part of each of its transmissions that falls in the interval, on that
 * transmission's own link. */
void pieces(const Entry &e, double lo, double hi, int k, Expr &out)
{
    double at = 0;
    for (const Transmission &t : e.sends) {
        double a = std::max(at, lo), b = std::min(at + t.bytes, hi);
        if (b > a)
            out.push_back({t.link, k, b - a});
        at += t.bytes;
        if (at >= hi)
            break;
    }
}

} // namespace

std::vector<Expr> phase_terms(const std::vector<Stream> &streams)
{
    // A stream's traffic per channel (channels in order of first use).
    std::vector<Entry> entries;
    for (std::size_t s = 0; s < streams.size(); ++s) {
        std::size_t first = entries.size();
        for (const Transmission &t : streams[s]) {
            if (!(t.bytes >= 0))
                throw UsageError(
                    "tau-Lop: message size must not be negative, got " +
                    std::to_string(t.bytes));
            Link l = t.link.normalized();
            auto it = std::find_if(
                entries.begin() + std::ptrdiff_t(first), entries.end(),
                [&](const Entry &e) { return e.channel == l.channel; });
            if (it == entries.end()) {
                entries.push_back({s, l.channel, {}, 0});
                it = entries.end() - 1;
            }
            it->sends.push_back({l, t.bytes});
            it->bytes += t.bytes;
        }
    }
    // A2 per channel: the contention is the number of streams using the
    // channel, the levels their totals there; each stream's bytes are
    // priced on the links they go over, in send order.
    std::map<int, std::vector<std::size_t>> by_channel;
    for (std::size_t e = 0; e < entries.size(); ++e)
        by_channel[entries[e].channel].push_back(e);
    std::vector<Expr> terms(entries.size());
    for (auto &kv : by_channel) {
        std::vector<std::size_t> &ix = kv.second;
        std::stable_sort(ix.begin(), ix.end(), [&](std::size_t a, std::size_t b) {
            return entries[a].bytes < entries[b].bytes;
        });
        int n = int(ix.size());
        for (int r = 0; r < n; ++r) {
            const Entry &me = entries[ix[r]];
            Expr mine;
            double below = 0;
            for (int j = 0; j <= r; ++j) {
                double level = entries[ix[j]].bytes;
                if (j == 0 && level == 0)
                    mine.push_back({me.sends.front().link, n, 0.0});
                else if (level > below)
                    pieces(me, below, level, n - j, mine);
                below = level;
            }
            // A1 within the stream: one term per link and contention.
            terms[ix[r]] = aggregate(mine);
        }
    }
    std::vector<Expr> out(streams.size());
    for (std::size_t e = 0; e < entries.size(); ++e) {
        Expr &x = out[entries[e].stream];
        x.insert(x.end(), terms[e].begin(), terms[e].end());
    }
    return out;
}

Expr phase(const Params &p, const std::vector<Stream> &streams)
{
    std::vector<Expr> t = phase_terms(streams);
    Expr best;
    double worst = -1;
    for (const Expr &e : t) {
        if (e.empty())
            continue;
        double v = evaluate(p, e);
        if (v > worst) {
            worst = v;
            best = e;
        }
    }
    return best;
}

Expr phases(const Params &p, const std::vector<std::vector<Stream>> &ps,
            bool aggregate_terms)
{
    Expr all;
    for (const std::vector<Stream> &s : ps) {
        Expr e = phase(p, s);
        all.insert(all.end(), e.begin(), e.end());
    }
    return aggregate_terms ? aggregate(all) : all;
}

std::string to_string(const Expr &e)
{
    std::ostringstream s;
    for (std::size_t i = 0; i < e.size(); ++i) {
        const Term &x = e[i];
        if (i)
            s << " + ";
        if (x.k > 1)
            s << x.k << "||";
        s << "T^" << x.link.channel << "_" << x.link.src_type;
        if (x.link.channel != 0)
            s << x.link.dst_type;
        s << "(" << x.bytes << ")";
    }
    return e.empty() ? "0" : s.str();
}

} // namespace cpm::models::taulop
