/* The SMPI truth file's reader and writer (smpi_truth_file.h). Plain C++:
 * no MPI. */
#include "smpi_truth_file.h"

#include "common_error.h"
#include "common_parse.h"
#include "common_text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>

namespace cpm::smpi {

void Truth::resize(int n)
{
    hosts.assign(n, TruthHost{});
    nic.assign(n, TruthLink{});
    links.assign(n, std::vector<TruthLink>(n));
    for (int i = 0; i < n; ++i)
        hosts[i].name = "host" + std::to_string(i);
}

void Truth::set_link(int i, int j, const TruthLink &l)
{
    links[i][j] = links[j][i] = l;
}

TruthLink Truth::switch_link(int i, int j) const
{
    return {nic[i].L + nic[j].L, std::min(nic[i].B, nic[j].B)};
}

void Truth::derive_switch_links()
{
    for (int i = 0; i < size(); ++i)
        for (int j = i + 1; j < size(); ++j)
            set_link(i, j, switch_link(i, j));
}

int Truth::segment_of(long m) const
{
    int s = 0;
    for (std::size_t k = 1; k < segments.size(); ++k)
        if (m >= segments[k].from)
            s = int(k);
    return s;
}

TruthSegment Truth::segment(int s) const
{
    return segments.empty() ? TruthSegment{} : segments[std::size_t(s)];
}

double Truth::one_way(int i, int j, long m) const
{
    int s = segment_of(m);
    TruthSegment f = segment(s);
    const TruthLink &l = link(i, j);
    double t = f.flat * l.L + double(m + 16) / (f.fbw * l.B);
    if (rendezvous == 0 || m < rendezvous)
        t += hosts[i].delays(s).os(m) + hosts[j].delays(s).orecv(m);
    return t;
}

double Truth::p2p(int i, int j, long m) const
{
    return (one_way(i, j, m) + one_way(j, i, m)) / 2;
}

bool known_topology(const std::string &name)
{
    return name == "full" || name == "switch";
}

bool valid_host_name(const std::string &s)
{
    for (char ch : s)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' &&
            ch != '-' && ch != '.')
            return false;
    return !s.empty();
}

std::string truth_number(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

namespace {

std::string pair_text(int i, int j)
{
    return std::to_string(i) + " " + std::to_string(j);
}

/* Every one-way time up to 1 GiB (the largest message CPM sends) is a
 * finite number: finite values whose products or quotients are not (a
 * delay of 1e308 s per byte, a bandwidth of 1e-320 bytes/s) are refused.
 * A time is linear in m within a segment, so its ends are enough. */
void check_finite_times(const Truth &t, const std::string &name)
{
    const long top = 1L << 30;
    std::vector<long> sizes{0, top};
    for (std::size_t s = 0; s < t.segments.size(); ++s) {
        long from = t.segments[s].from;
        if (from > 0 && from <= top)
            sizes.insert(sizes.end(), {from - 1, from});
    }
    if (t.rendezvous > 0 && t.rendezvous <= top)
        sizes.insert(sizes.end(), {t.rendezvous - 1, t.rendezvous});
    for (int i = 0; i < t.size(); ++i)
        for (int j = 0; j < t.size(); ++j)
            for (long m : sizes) {
                if (i == j)
                    continue;
                double T = t.one_way(i, j, m);
                if (!std::isfinite(T))
                    fail_at(name, 0,
                            "the one-way time " + std::to_string(i) + " -> " +
                                std::to_string(j) + " of " +
                                std::to_string(m) + " bytes is not finite: "
                                "a delay or bandwidth out of scale");
            }
}

} // namespace

Truth read_truth(std::istream &in, const std::string &name)
{
    LineReader r(in, name);
    Truth t;
    int n = -1;
    bool magic = false, topology = false;
    std::vector<char> host_seen, nic_seen;
    std::vector<std::vector<char>> link_seen;
    std::set<std::string> names;
    int links_read = 0;
    long version = 0;
    std::vector<std::vector<char>> hostseg_seen;
    bool rendezvous = false;
    auto need_v2 = [&](const std::string &key) {
        if (version < 2)
            r.fail("'" + key + "' needs format version 2 (size segments)");
    };
    auto rank = [&](const std::string &w, const char *what, int hi) {
        return int(r.integer(w, what, 0, hi));
    };
    for (std::string text; r.next(text);) {
        std::vector<std::string> w = split_words(text);
        if (w.empty() || w[0][0] == '#')
            continue;
        const std::string &key = w[0];
        if (!magic) {
            if (key != "cpm-smpi-truth" || w.size() != 2)
                r.fail("not a truth file (expected 'cpm-smpi-truth 1' or 2)");
            version = r.integer(w[1], "format version");
            if (version != 1 && version != kTruthVersion)
                r.fail("truth file format version " + w[1] +
                       " is not supported (this CPM reads 1 and " +
                       std::to_string(kTruthVersion) + ")");
            magic = true;
        } else if (key == "topology") {
            if (w.size() != 2)
                r.fail("expected 'topology full|switch'");
            if (topology)
                r.fail("'topology' given twice");
            if (n >= 0)
                r.fail("'topology' must come before 'hosts'");
            if (!known_topology(w[1]))
                r.fail("unknown topology " + quoted(w[1]) +
                       " (known: full, switch)");
            t.topology = w[1];
            topology = true;
        } else if (key == "hosts") {
            if (w.size() != 2)
                r.fail("expected 'hosts N'");
            if (n >= 0)
                r.fail("'hosts' given twice");
            n = int(r.integer(w[1], "number of hosts", 2, kMaxTruthHosts));
            t.resize(n);
            host_seen.assign(n, 0);
            nic_seen.assign(n, 0);
            link_seen.assign(n, std::vector<char>(n, 0));
        } else if (key == "host") {
            if (n < 0)
                r.fail("'host' before 'hosts'");
            if (w.size() != 9)
                r.fail("expected 'host R NAME C_os t_os C_ois t_ois C_or "
                       "t_or', got " +
                       std::to_string(w.size()) + " fields");
            int h = rank(w[1], "host rank", n - 1);
            if (host_seen[h]++)
                r.fail("host " + w[1] + " given twice");
            TruthHost &x = t.hosts[h];
            x.name = w[2];
            if (!valid_host_name(x.name))
                r.fail("bad host name " + quoted(x.name) +
                       " (letters, digits, '_', '-', '.')");
            if (!names.insert(x.name).second)
                r.fail("host name " + x.name + " given twice");
            x.os = {r.real(w[3], "C_os", 0), r.real(w[4], "t_os", 0)};
            x.ois = {r.real(w[5], "C_ois", 0), r.real(w[6], "t_ois", 0)};
            x.orecv = {r.real(w[7], "C_or", 0), r.real(w[8], "t_or", 0)};
        } else if (key == "link") {
            if (n < 0)
                r.fail("'link' before 'hosts'");
            if (w.size() != 5)
                r.fail("expected 'link I J L B', got " +
                       std::to_string(w.size()) + " fields");
            int i = rank(w[1], "rank", n - 1), j = rank(w[2], "rank", n - 1);
            if (i >= j)
                r.fail("link " + pair_text(i, j) + ": need I < J");
            if (link_seen[i][j]++)
                r.fail("link " + pair_text(i, j) + " given twice");
            t.set_link(i, j,
                       {r.real(w[3], "latency", 0),
                        r.positive(w[4], "bandwidth")});
            ++links_read;
        } else if (key == "segment") {
            need_v2(key);
            if (w.size() != 5)
                r.fail("expected 'segment S FROM FBW FLAT', got " +
                       std::to_string(w.size()) + " fields");
            long sidx = r.integer(w[1], "segment", 0, 63);
            if (sidx != long(t.segments.size()))
                r.fail("segment " + w[1] + " out of order (expected " +
                       std::to_string(t.segments.size()) + ")");
            TruthSegment g;
            g.from = r.integer(w[2], "first size", 0, 1L << 40);
            if (sidx == 0 && g.from != 0)
                r.fail("segment 0 must start at 0");
            if (sidx > 0 && g.from <= t.segments.back().from)
                r.fail("segment " + w[1] + " must start after segment " +
                       std::to_string(sidx - 1));
            g.fbw = r.positive(w[3], "bandwidth factor");
            g.flat = r.real(w[4], "latency factor", 0);
            t.segments.push_back(g);
        } else if (key == "hostseg") {
            need_v2(key);
            if (n < 0)
                r.fail("'hostseg' before 'hosts'");
            if (w.size() != 9)
                r.fail("expected 'hostseg R S C_os t_os C_ois t_ois C_or "
                       "t_or', got " + std::to_string(w.size()) + " fields");
            int h = rank(w[1], "host rank", n - 1);
            long sidx = r.integer(w[2], "segment", 1, 63);
            if (sidx >= long(t.segments.size()))
                r.fail("hostseg " + w[1] + " " + w[2] +
                       ": no such segment (the segment lines come first)");
            if (hostseg_seen.size() < t.segments.size())
                hostseg_seen.assign(t.segments.size(),
                                    std::vector<char>(n, 0));
            if (hostseg_seen[sidx][h]++)
                r.fail("hostseg " + w[1] + " " + w[2] + " given twice");
            TruthHost &x = t.hosts[h];
            if (x.seg.size() < t.segments.size() - 1)
                x.seg.resize(t.segments.size() - 1);
            HostDelays &d = x.seg[std::size_t(sidx - 1)];
            d.os = {r.real(w[3], "C_os", 0), r.real(w[4], "t_os", 0)};
            d.ois = {r.real(w[5], "C_ois", 0), r.real(w[6], "t_ois", 0)};
            d.orecv = {r.real(w[7], "C_or", 0), r.real(w[8], "t_or", 0)};
        } else if (key == "rendezvous") {
            need_v2(key);
            if (w.size() != 2)
                r.fail("expected 'rendezvous D'");
            if (rendezvous)
                r.fail("'rendezvous' given twice");
            t.rendezvous = r.integer(w[1], "rendezvous size", 1, 1L << 40);
            rendezvous = true;
        } else if (key == "hostlink") {
            if (!t.is_switch())
                r.fail("'hostlink' needs 'topology switch' before it");
            if (n < 0)
                r.fail("'hostlink' before 'hosts'");
            if (w.size() != 4)
                r.fail("expected 'hostlink R lat bw', got " +
                       std::to_string(w.size()) + " fields");
            int h = rank(w[1], "host rank", n - 1);
            if (nic_seen[h]++)
                r.fail("hostlink " + w[1] + " given twice");
            t.nic[h] = {r.real(w[2], "latency", 0),
                        r.positive(w[3], "bandwidth")};
        } else {
            r.fail("unknown keyword " + quoted(key));
        }
    }
    if (!magic)
        r.fail("empty file, not a truth file (expected 'cpm-smpi-truth 1' "
               "or 2)");
    if (n < 0)
        r.fail("incomplete truth file (no 'hosts' line)");
    for (int i = 0; i < n; ++i) {
        if (!host_seen[i])
            r.fail("incomplete truth file: host " + std::to_string(i) +
                   " missing");
        if (t.is_switch() && !nic_seen[i])
            r.fail("incomplete truth file: hostlink " + std::to_string(i) +
                   " missing");
    }
    if (t.segments.size() == 1)
        r.fail("one 'segment' line: give two or more, or none");
    for (int i = 0; i < n; ++i)
        for (std::size_t sg = 1; sg < t.segments.size(); ++sg)
            if (hostseg_seen.size() <= sg || !hostseg_seen[sg][i])
                r.fail("incomplete truth file: hostseg " + std::to_string(i) +
                       " " + std::to_string(sg) + " missing");
    if (t.is_switch() && links_read == 0) {
        t.derive_switch_links(); // the link lines left out
    } else {
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                if (!link_seen[i][j])
                    r.fail("incomplete truth file: link " + pair_text(i, j) +
                           " missing");
    }
    check_finite_times(t, name);
    return t;
}

Truth read_truth_file(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        throw UsageError("cannot open truth file " + quoted(path, 4096));
    return read_truth(in, path);
}

void check_switch_links(Truth &t, const std::string &name)
{
    if (!t.is_switch())
        return;
    auto off = [](double a, double b) {
        return std::fabs(a - b) > 1e-12 * std::fabs(b);
    };
    for (int i = 0; i < t.size(); ++i)
        for (int j = i + 1; j < t.size(); ++j) {
            TruthLink want = t.switch_link(i, j);
            const TruthLink &got = t.link(i, j);
            if (off(got.L, want.L) || off(got.B, want.B))
                throw UsageError(name + ": link " + pair_text(i, j) +
                                 " disagrees with hostlinks " +
                                 pair_text(i, j) +
                                 " (switch: L = lat_i + lat_j, B = "
                                 "min(bw_i, bw_j))");
        }
    t.derive_switch_links();
}

void write_truth(std::ostream &os, const Truth &t,
                 const std::string &command_line)
{
    const auto num = truth_number;
    os << "# CPM SMPI ground truth, written by: " << command_line << "\n"
       << "# one-way i->j of m bytes: os_i(m) + L_ij + (m+16)/B_ij + or_j(m),"
          " x(m) = C_x + t_x*m\n"
       << "cpm-smpi-truth " << (t.segmented() ? kTruthVersion : 1) << "\n"
       << "topology " << t.topology << "\n"
       << "hosts " << t.size() << "\n"
       << "# host R NAME C_os t_os C_ois t_ois C_or t_or (s, s/byte)\n";
    for (int r = 0; r < t.size(); ++r) {
        const TruthHost &h = t.hosts[r];
        os << "host " << r << " " << h.name << " " << num(h.os.c) << " "
           << num(h.os.t) << " " << num(h.ois.c) << " " << num(h.ois.t)
           << " " << num(h.orecv.c) << " " << num(h.orecv.t) << "\n";
    }
    if (t.is_switch()) {
        os << "# hostlink R lat bw (s, byte/s): host R's private SPLITDUPLEX"
              " link to the switch\n";
        for (int r = 0; r < t.size(); ++r)
            os << "hostlink " << r << " " << num(t.nic[r].L) << " "
               << num(t.nic[r].B) << "\n";
        os << "# link I J L B (s, byte/s): L = lat_I + lat_J,"
              " B = min(bw_I, bw_J)\n";
    } else {
        os << "# link I J L B (s, byte/s)\n";
    }
    for (int i = 0; i < t.size(); ++i)
        for (int j = i + 1; j < t.size(); ++j)
            os << "link " << i << " " << j << " " << num(t.link(i, j).L) << " "
               << num(t.link(i, j).B) << "\n";
    if (!t.segmented())
        return;
    os << "# size segments: segment S FROM FBW FLAT; in segment s, "
          "latencies FLAT_s L, bandwidths FBW_s B\n";
    for (std::size_t s = 0; s < t.segments.size(); ++s)
        os << "segment " << s << " " << t.segments[s].from << " "
           << num(t.segments[s].fbw) << " " << num(t.segments[s].flat)
           << "\n";
    if (t.segments.size() > 1)
        os << "# hostseg R S C_os t_os C_ois t_ois C_or t_or: host R's "
              "delays in segment S\n";
    for (std::size_t s = 1; s < t.segments.size(); ++s)
        for (int r = 0; r < t.size(); ++r) {
            HostDelays d = t.hosts[r].delays(int(s));
            os << "hostseg " << r << " " << s << " " << num(d.os.c) << " "
               << num(d.os.t) << " " << num(d.ois.c) << " " << num(d.ois.t)
               << " " << num(d.orecv.c) << " " << num(d.orecv.t) << "\n";
        }
    if (t.rendezvous > 0)
        os << "# from D bytes on, rendezvous: no os, ois or or\n"
           << "rendezvous " << t.rendezvous << "\n";
}

} // namespace cpm::smpi
