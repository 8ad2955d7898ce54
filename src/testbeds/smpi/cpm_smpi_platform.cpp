/*
 * cpm-smpi-platform: writes a heterogeneous SimGrid platform with known
 * ground truth, for running CPM's tools on a simulated cluster (SMPI) and
 * checking what they find (doc/testbed-smpi.md). Plain C++: no MPI.
 *
 * Under the settings of cpm-smpirun (CM02, no cross traffic, TCP-gamma 0,
 * send-is-detached-thresh raised) an m-byte message i -> j takes
 *     T_ij(m) = os_i(m) + L_ij + (m + 16) / B_ij + or_j(m)
 * (SMPI adds 16 bytes of envelope), where each host delay is linear in the
 * size:
 *     os(m) = C_os + t_os*m, ois(m) = C_ois + t_ois*m, or(m) = C_or + t_or*m.
 * os is taken by MPI_Send, ois by MPI_Isend, or by the receive. They are the
 * host properties smpi/os, smpi/ois and smpi/or, "0:C:t".
 *
 * Topology "full": a routing="Full" zone with one link per pair of hosts
 * (used by both directions), so L_ij and B_ij are independent and pairs
 * that share no host share no link.
 *
 * Topology "switch": a routing="Cluster" zone (a star, no backbone): host i
 * has a private SPLITDUPLEX link of latency lat_i and bandwidth bw_i (an
 * up and a down channel, each of bandwidth bw_i), and a message i -> j
 * crosses i's up channel and j's down channel, so
 *     L_ij = lat_i + lat_j,   B_ij = min(bw_i, bw_j).
 * Flows that share no host share no channel; flows from one host share its
 * up channel, flows to one host its down channel (bandwidth split between
 * them); i -> j and j -> i do not interfere.
 *
 * Outputs (PREFIX from -o): PREFIX.xml, the platform; PREFIX.hosts, the
 * hostfile (line r = host of rank r); PREFIX.truth, the parameters, in the
 * format of smpi_truth_file.h (its one reader and writer, which the SMPI
 * tests share), with 17 significant digits (the XML carries the same
 * digits). The link lines are all a reader needs to predict one message;
 * hostlink lines tell which flows share a channel. On reading
 * (--from-truth), a switch file's link lines may be left out; if present
 * they must agree with the hostlink lines.
 *
 * Parameters are drawn uniformly from the ranges of the options by a
 * 64-bit generator (splitmix64) seeded with --seed, in this order: for each
 * host in rank order C_os t_os C_ois t_ois C_or t_or; then, for full, L and B
 * for each pair in lexicographic order, for switch, lat and bw for each host
 * in rank order (--latency and --bandwidth are then the ranges of lat_i and
 * bw_i). The same seed, topology and ranges give the same files on any
 * machine. With --one-delay every host's ois and or are set to its os
 * after drawing (the sequence is the same): one processing delay per
 * processor, the assumption of the LMO model. --from-truth takes every
 * value from a truth file instead.
 */
#include "smpi_truth_file.h"

#include "common_error.h"
#include "common_parse.h"
#include "common_simgrid.h"

#include <getopt.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

const char *const kProg = "cpm-smpi-platform";
const int kMaxHosts = cpm::smpi::kMaxTruthHosts;

/** A bad option, file or value: reported on one line, exit status 2. */
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

using cpm::smpi::known_topology;
using cpm::smpi::Truth;
using cpm::smpi::TruthHost;
using cpm::smpi::TruthLink;

/** A closed interval [lo, hi] to draw from. */
struct Range {
    double lo, hi;
};

struct Options {
    int hosts = 0;
    std::uint64_t seed = 1;
    std::string prefix, topology = "full", from_truth;
    Range latency{1e-6, 1e-4};
    Range bandwidth{1e7, 1.25e9};
    Range os_c{1e-6, 2e-5}, os_t{1e-10, 2e-9};
    Range ois_c{1e-6, 2e-5}, ois_t{1e-10, 2e-9};
    Range or_c{1e-6, 2e-5}, or_t{1e-10, 2e-9};
    bool one_delay = false; // ois = or = os on every host
    std::vector<long> segments;           // starts of segments 1, 2, ...
    std::vector<double> bw_factors, lat_factors; // per segment ({}: default)
    long rendezvous = 0;
    std::string command_line;
};

/** splitmix64: small, portable and fully specified. */
class Rng {
public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /** Uniform in [r.lo, r.hi] (53 random bits). */
    double draw(const Range &r)
    {
        double u = double(next() >> 11) * 0x1.0p-53;
        return r.lo + (r.hi - r.lo) * u;
    }

private:
    std::uint64_t s_;
};

using cpm::parse_double; // the one parser of numbers (common_parse.h)
using cpm::parse_long;
using cpm::quoted;

/** "X" or "LO:HI"; values >= 0 (> 0 if positive), LO <= HI. */
Range parse_range(const std::string &text, const std::string &opt,
                  bool positive)
{
    std::string::size_type colon = text.find(':');
    Range r;
    if (colon == std::string::npos) {
        r.lo = r.hi = parse_double(text, "--" + opt);
    } else {
        r.lo = parse_double(text.substr(0, colon), "--" + opt);
        r.hi = parse_double(text.substr(colon + 1), "--" + opt);
    }
    if (r.lo < 0 || (positive && r.lo <= 0))
        throw InputError("--" + opt + ": values must be " +
                         (positive ? "> 0" : ">= 0") + ", got " + quoted(text));
    if (r.lo > r.hi)
        throw InputError("--" + opt + ": empty range " + quoted(text) +
                         " (LO > HI)");
    return r;
}

std::uint64_t parse_seed(const std::string &text)
{
    errno = 0;
    char *end = nullptr;
    if (text.empty() || text[0] == '-')
        throw InputError("--seed: " + quoted(text) +
                         " is not an unsigned integer");
    unsigned long long v = std::strtoull(text.c_str(), &end, 0);
    if (*end != '\0' || errno == ERANGE)
        throw InputError("--seed: " + quoted(text) +
                         " is not an unsigned integer");
    return std::uint64_t(v);
}

void usage(std::ostream &os)
{
    os << "usage: " << kProg
       << " -n N -o PREFIX [options]\n"
          "   or: "
       << kProg
       << " --from-truth FILE -o PREFIX\n"
          "Writes PREFIX.xml (SimGrid platform), PREFIX.hosts (hostfile),\n"
          "PREFIX.truth (ground truth) and PREFIX.cfg (settings) of a\n"
          "heterogeneous cluster.\n"
          "  -n, --hosts N           number of hosts, 2.." << kMaxHosts << "\n"
          "  -s, --seed S            seed of the generator (default 1)\n"
          "  -o, --prefix PREFIX     output files PREFIX.{xml,hosts,truth}\n"
          "  -t, --topology NAME     full: one link per pair (default);\n"
          "                          switch: a star, one private link per "
          "host\n"
          "  -f, --from-truth FILE   take every parameter from a truth file\n"
          "      --one-delay         one processing delay per host, as LMO\n"
          "                          assumes: ois and or equal os\n"
          "Ranges, 'LO:HI' or a single value (units: s, s/byte, byte/s):\n"
          "      --latency R         full: L_ij, switch: lat_i (default "
          "1e-6:1e-4)\n"
          "      --bandwidth R       full: B_ij, switch: bw_i  (default "
          "1e7:1.25e9)\n"
          "      --os-const R        C_os        (default 1e-6:2e-5)\n"
          "      --os-slope R        t_os        (default 1e-10:2e-9)\n"
          "      --ois-const R       C_ois       (default 1e-6:2e-5)\n"
          "      --ois-slope R       t_ois       (default 1e-10:2e-9)\n"
          "      --or-const R        C_or        (default 1e-6:2e-5)\n"
          "      --or-slope R        t_or        (default 1e-10:2e-9)\n"
          "Size segments (piecewise times, SMPI's network model):\n"
          "      --segments LIST     first sizes of segments 1, 2, ... "
          "(bytes,\n"
          "                          increasing), e.g. 8192,65536\n"
          "      --bw-factors LIST   bandwidth factor of each segment "
          "(default\n"
          "                          0.8^s for segment s)\n"
          "      --lat-factors LIST  latency factor of each segment "
          "(default 1.5^s)\n"
          "      --rendezvous D      from D bytes on, no host delays "
          "(os, ois,\n"
          "                          or; default: none)\n"
          "  -h, --help              this help\n"
          "Also writes PREFIX.cfg, the SimGrid settings cpm-smpirun adds for "
          "the\nplatform (none without segments).\n";
}

/** A comma-separated list of numbers parsed by one(text, what). */
template <class T, class F>
std::vector<T> parse_list(const std::string &text, const std::string &opt,
                          F one)
{
    std::vector<T> v;
    std::string cur;
    for (std::size_t k = 0; k <= text.size(); ++k) {
        if (k == text.size() || text[k] == ',') {
            v.push_back(one(cur, "--" + opt));
            cur.clear();
        } else {
            cur += text[k];
        }
    }
    return v;
}

/** The range options (long only): getopt code, name, field, > 0 needed. */
struct RangeOption {
    int code;
    const char *name;
    Range Options::*field;
    bool positive;
};
const RangeOption kRangeOptions[] = {
    {1000, "latency", &Options::latency, false},
    {1001, "bandwidth", &Options::bandwidth, true},
    {1002, "os-const", &Options::os_c, false},
    {1003, "os-slope", &Options::os_t, false},
    {1004, "ois-const", &Options::ois_c, false},
    {1005, "ois-slope", &Options::ois_t, false},
    {1006, "or-const", &Options::or_c, false},
    {1007, "or-slope", &Options::or_t, false},
};

/** Returns false if --help was given. */
bool parse_options(int argc, char **argv, Options &o)
{
    std::vector<option> longopts = {
        {"hosts", required_argument, nullptr, 'n'},
        {"seed", required_argument, nullptr, 's'},
        {"prefix", required_argument, nullptr, 'o'},
        {"topology", required_argument, nullptr, 't'},
        {"from-truth", required_argument, nullptr, 'f'},
        {"one-delay", no_argument, nullptr, 1100},
        {"segments", required_argument, nullptr, 1101},
        {"bw-factors", required_argument, nullptr, 1102},
        {"lat-factors", required_argument, nullptr, 1103},
        {"rendezvous", required_argument, nullptr, 1104},
        {"help", no_argument, nullptr, 'h'}};
    for (const RangeOption &r : kRangeOptions)
        longopts.push_back({r.name, required_argument, nullptr, r.code});
    longopts.push_back({nullptr, 0, nullptr, 0});
    for (int a = 0; a < argc; ++a)
        o.command_line += (a ? " " : "") + std::string(argv[a]);
    bool drawn_option = false;
    opterr = 0;
    int c;
    // The option getopt_long is looking at when it reports an error.
    auto culprit = [&]() -> std::string {
        if (optopt > 0 && optopt < 256)
            return std::string("-") + char(optopt);
        return argv[optind - 1];
    };
    const char *shortopts = ":n:s:o:t:f:h";
    while ((c = getopt_long(argc, argv, shortopts, longopts.data(),
                            nullptr)) != -1) {
        std::string arg = optarg ? optarg : "";
        switch (c) {
        case 'n':
            o.hosts = int(parse_long(arg, "--hosts", 2, kMaxHosts));
            break;
        case 's':
            o.seed = parse_seed(arg);
            drawn_option = true;
            break;
        case 'o':
            if (arg.empty())
                throw InputError("--prefix: empty file name prefix");
            o.prefix = arg;
            break;
        case 't':
            if (!known_topology(arg))
                throw InputError("--topology: unknown topology " +
                                 quoted(arg) + " (known: full, switch)");
            o.topology = arg;
            drawn_option = true;
            break;
        case 'f':
            o.from_truth = arg;
            break;
        case 1100:
            o.one_delay = true;
            drawn_option = true;
            break;
        case 1101:
            o.segments = parse_list<long>(arg, "segments", [](const std::string &t, const std::string &w) {
                return parse_long(t, w, 1, 1L << 40);
            });
            for (std::size_t k = 1; k < o.segments.size(); ++k)
                if (o.segments[k] <= o.segments[k - 1])
                    throw InputError("--segments: sizes must increase, got " +
                                     quoted(arg));
            drawn_option = true;
            break;
        case 1102:
        case 1103:
            (c == 1102 ? o.bw_factors : o.lat_factors) = parse_list<double>(
                arg, c == 1102 ? "bw-factors" : "lat-factors",
                [c](const std::string &t, const std::string &w) {
                    double v = parse_double(t, w, 0);
                    if (c == 1102 && !(v > 0))
                        throw InputError(w + ": factors must be > 0, got " +
                                         quoted(t));
                    return v;
                });
            drawn_option = true;
            break;
        case 1104:
            o.rendezvous = parse_long(arg, "--rendezvous", 1, 1L << 40);
            drawn_option = true;
            break;
        case 'h':
            return false;
        case ':':
            throw InputError("option " + culprit() + " needs a value");
        default: {
            bool known = false;
            for (const RangeOption &r : kRangeOptions)
                if (c == r.code) {
                    o.*r.field = parse_range(arg, r.name, r.positive);
                    drawn_option = known = true;
                }
            if (!known)
                throw InputError("unknown option " + quoted(culprit()) +
                                 " (see --help)");
        }
        }
    }
    if (optind < argc)
        throw InputError("unexpected argument " + quoted(argv[optind]) +
                         " (see --help)");
    if (o.prefix.empty())
        throw InputError("--prefix is required (see --help)");
    if (o.from_truth.empty() && o.hosts == 0)
        throw InputError("--hosts is required unless --from-truth is given");
    std::size_t k = o.segments.size() + 1;
    if (o.segments.empty() && (!o.bw_factors.empty() || !o.lat_factors.empty()))
        throw InputError("--bw-factors and --lat-factors need --segments");
    if (!o.bw_factors.empty() && o.bw_factors.size() != k)
        throw InputError("--bw-factors: " + std::to_string(k) +
                         " segments need " + std::to_string(k) +
                         " factors, got " + std::to_string(o.bw_factors.size()));
    if (!o.lat_factors.empty() && o.lat_factors.size() != k)
        throw InputError("--lat-factors: " + std::to_string(k) +
                         " segments need " + std::to_string(k) +
                         " factors, got " +
                         std::to_string(o.lat_factors.size()));
    if (!o.from_truth.empty() && (o.hosts != 0 || drawn_option))
        throw InputError("--from-truth takes every parameter from the file: "
                         "do not combine it with --hosts, --seed, --topology "
                         "or ranges");
    return true;
}

/* The size segments of o: factors given or by default 0.8^s and 1.5^s,
 * each host's delays of segments 1, 2, ... drawn after everything else
 * (so a platform without segments is drawn as before). */
void draw_segments(const Options &o, Rng &rng, Truth &t)
{
    t.rendezvous = o.rendezvous;
    if (o.segments.empty())
        return;
    for (std::size_t s = 0; s <= o.segments.size(); ++s) {
        cpm::smpi::TruthSegment g;
        g.from = s == 0 ? 0 : o.segments[s - 1];
        g.fbw = o.bw_factors.empty() ? std::pow(0.8, double(s))
                                     : o.bw_factors[s];
        g.flat = o.lat_factors.empty() ? std::pow(1.5, double(s))
                                       : o.lat_factors[s];
        t.segments.push_back(g);
    }
    for (TruthHost &h : t.hosts)
        for (std::size_t s = 1; s < t.segments.size(); ++s) {
            cpm::smpi::HostDelays d;
            d.os = {rng.draw(o.os_c), rng.draw(o.os_t)};
            d.ois = {rng.draw(o.ois_c), rng.draw(o.ois_t)};
            d.orecv = {rng.draw(o.or_c), rng.draw(o.or_t)};
            if (o.one_delay)
                d.ois = d.orecv = d.os;
            h.seg.push_back(d);
        }
}

Truth draw(const Options &o)
{
    Truth t;
    t.topology = o.topology;
    t.resize(o.hosts);
    Rng rng(o.seed);
    for (TruthHost &h : t.hosts) {
        h.os.c = rng.draw(o.os_c);
        h.os.t = rng.draw(o.os_t);
        h.ois.c = rng.draw(o.ois_c);
        h.ois.t = rng.draw(o.ois_t);
        h.orecv.c = rng.draw(o.or_c);
        h.orecv.t = rng.draw(o.or_t);
        if (o.one_delay) // drawn all the same: the sequence stays fixed
            h.ois = h.orecv = h.os;
    }
    if (t.is_switch()) {
        for (TruthLink &l : t.nic) {
            l.L = rng.draw(o.latency);
            l.B = rng.draw(o.bandwidth);
        }
        t.derive_switch_links();
        draw_segments(o, rng, t);
        return t;
    }
    for (int i = 0; i < o.hosts; ++i)
        for (int j = i + 1; j < o.hosts; ++j) {
            TruthLink l;
            l.L = rng.draw(o.latency);
            l.B = rng.draw(o.bandwidth);
            t.set_link(i, j, l);
        }
    draw_segments(o, rng, t);
    return t;
}

/** --from-truth: the truth file, its switch links checked. */
Truth read_truth(const std::string &path)
{
    Truth t = cpm::smpi::read_truth_file(path);
    cpm::smpi::check_switch_links(t, path);
    return t;
}

/* The platform of a truth: hosts with their delays per size segment,
 * links (full) or private links (switch), factors and the rendezvous
 * size; written by the one writer of the format, common_simgrid.h,
 * which knows SMPI's size rules (the 16-byte envelope, entries "b:..."
 * applying above b). */
cpm::SimgridPlatform platform_of(const Truth &t)
{
    cpm::SimgridPlatform p;
    p.topology = t.topology;
    p.comment = "CPM SMPI platform (cpm-smpi-platform), topology " +
                t.topology + "; the ground truth is in the .truth file";
    int k = t.segments.empty() ? 1 : int(t.segments.size());
    for (const TruthHost &h : t.hosts) {
        cpm::SimgridHost sh;
        sh.name = h.name;
        for (int s = 0; s < k; ++s) {
            cpm::smpi::HostDelays d = h.delays(s);
            long from = s == 0 ? 0 : t.segments[std::size_t(s)].from;
            sh.os.push_back({from, d.os.c, d.os.t});
            if (t.rendezvous == 0 || from < t.rendezvous)
                sh.ois.push_back({from, d.ois.c, d.ois.t});
            sh.orecv.push_back({from, d.orecv.c, d.orecv.t});
        }
        // SMPI delays an MPI_Isend by ois at every size but a blocking
        // MPI_Send by os only below its detached threshold: from the
        // rendezvous size on, ois is 0 too, so that both sends cost the
        // host nothing there, as the truth says (and as a real MPI's
        // rendezvous Isend and Send cost alike).
        if (t.rendezvous > 0)
            sh.ois.push_back({t.rendezvous, 0, 0});
        p.hosts.push_back(sh);
    }
    if (t.is_switch()) {
        for (const TruthLink &l : t.nic)
            p.nics.push_back({l.L, l.B});
    } else {
        for (int i = 0; i < t.size(); ++i)
            for (int j = i + 1; j < t.size(); ++j)
                p.links.push_back({t.link(i, j).L, t.link(i, j).B});
    }
    for (const cpm::smpi::TruthSegment &g : t.segments)
        p.segments.push_back({g.from, g.fbw, g.flat});
    p.detached = t.rendezvous;
    p.settings_comments = {"SimGrid settings of this platform, added by "
                           "cpm-smpirun after its own"};
    return p;
}

void write_file(const std::string &path, const std::string &text)
{
    std::ofstream out(path);
    out << text;
    out.close();
    if (!out)
        throw InputError("cannot write " + quoted(path, 4096));
}

std::string truth_text(const Truth &t, const std::string &command_line)
{
    std::ostringstream os;
    cpm::smpi::write_truth(os, t, command_line);
    return os.str();
}

} // namespace

int main(int argc, char **argv)
{
    try {
        Options o;
        if (!parse_options(argc, argv, o)) {
            usage(std::cout);
            return 0;
        }
        Truth t = o.from_truth.empty() ? draw(o) : read_truth(o.from_truth);
        cpm::SimgridPlatform p = platform_of(t);
        write_file(o.prefix + ".xml", cpm::simgrid_platform_xml(p));
        write_file(o.prefix + ".hosts", cpm::simgrid_hostfile(p));
        write_file(o.prefix + ".truth", truth_text(t, o.command_line));
        write_file(o.prefix + ".cfg", cpm::simgrid_settings(p));
    } catch (const InputError &e) {
        std::cerr << kProg << ": error: " << e.what() << "\n";
        return 2;
    } catch (const cpm::UsageError &e) {
        std::cerr << kProg << ": error: " << e.what() << "\n";
        return 2;
    } catch (const std::exception &e) {
        std::cerr << kProg << ": error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
