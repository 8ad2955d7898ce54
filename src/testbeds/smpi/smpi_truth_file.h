/**
 * \file smpi_truth_file.h
 * \brief The ground truth of a simulated platform (the `.truth` file of
 *        cpm-smpi-platform, doc/testbed-smpi.md): its one reader and its
 *        one writer.
 *
 * Plain C++ with no MPI, compiled into cpm-smpi-platform (no library) and
 * into the SMPI test programs (smpicxx, straight from the sources); it
 * needs only common_error.h, common_parse and common_text.
 *
 * The file:
 *
 *     # comment lines and blank lines are ignored
 *     cpm-smpi-truth 1
 *     topology full|switch
 *     hosts N
 *     host R NAME C_os t_os C_ois t_ois C_or t_or    N lines, R = 0..N-1
 *     hostlink R lat bw                              switch only: N lines
 *     link I J L B                                   every pair I < J
 *
 * in seconds, seconds per byte and bytes per second. Under the settings of
 * cpm-smpirun an m-byte message i -> j takes
 *
 *     T_ij(m) = os_i(m) + L_ij + (m + 16) / B_ij + or_j(m),
 *
 * with x(m) = C_x + t_x m for each host delay (ois instead of os for
 * MPI_Isend). On a switch, L_ij = lat_i + lat_j and B_ij = min(bw_i,
 * bw_j): the link lines may be left out of a switch file (they are then
 * derived from the hostlink lines).
 *
 * A platform with size segments (format version 2; a file without them is
 * written as version 1) adds
 *
 *     segment S FROM FBW FLAT                      S = 0..K-1, FROM_0 = 0
 *     hostseg R S C_os t_os C_ois t_ois C_or t_or  S = 1..K-1, every host
 *     rendezvous D                                 optional, D > 0
 *
 * Segment s holds the sizes FROM_s <= m < FROM_{s+1}; there the links'
 * latencies are FLAT_s times and their bandwidths FBW_s times those of the
 * link lines (SMPI's network model with lat- and bw-factors), and the host
 * delays are the segment's (the host line for s = 0). From D bytes on a
 * message is sent by rendezvous: no os and no or (SMPI's
 * send-is-detached-thresh), and no ois either (the platform's ois entries
 * end at D: SMPI would delay an MPI_Isend at every size). So, with s the
 * segment of m:
 *
 *     T_ij(m) = [m < D] (os_i^s(m) + or_j^s(m)) + FLAT_s L_ij
 *               + (m + 16) / (FBW_s B_ij).
 */
#ifndef CPM_SMPI_TRUTH_FILE_H
#define CPM_SMPI_TRUTH_FILE_H

#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace cpm::smpi {

/** Version of the truth file format written for a platform with size
 *  segments (one without is written as version 1); both are read. */
const int kTruthVersion = 2;

/** The most hosts of a platform. */
const int kMaxTruthHosts = 1024;

/** A host delay linear in the message size: c + t m (s, s/byte). */
struct Delay {
    double c = 0; /**< constant part (s) */
    double t = 0; /**< per byte (s/byte) */
    /** The delay of an m-byte message. */
    double operator()(long m) const { return c + t * double(m); }
    /** Same constant and slope. */
    bool operator==(const Delay &o) const { return c == o.c && t == o.t; }
    /** Not the same constant and slope. */
    bool operator!=(const Delay &o) const { return !(*this == o); }
};

/** A host's delays in one size segment. */
struct HostDelays {
    Delay os;    /**< MPI_Send's send overhead */
    Delay ois;   /**< MPI_Isend's send overhead */
    Delay orecv; /**< the receive overhead */
};

/** A host: its name (its id in the XML and the hostfile) and delays. */
struct TruthHost {
    std::string name; /**< letters, digits, '_', '-', '.' */
    Delay os;         /**< MPI_Send's send overhead (segment 0) */
    Delay ois;        /**< MPI_Isend's send overhead (segment 0) */
    Delay orecv;      /**< the receive overhead (segment 0) */
    /** The delays of segments 1, 2, ... (segment s at seg[s-1]). */
    std::vector<HostDelays> seg;
    /** The delays of segment s. */
    HostDelays delays(int s) const
    {
        return s == 0 ? HostDelays{os, ois, orecv} : seg[std::size_t(s - 1)];
    }
};

/** A size segment: its first size and its factors. */
struct TruthSegment {
    long from = 0;   /**< first size in bytes (0 for segment 0) */
    double fbw = 1;  /**< bandwidth factor */
    double flat = 1; /**< latency factor */
};

/** A link: latency (s) and bandwidth (bytes/s). */
struct TruthLink {
    double L = 0; /**< latency (s) */
    double B = 0; /**< bandwidth (bytes/s) */
};

/** The ground truth of a platform. */
struct Truth {
    std::string topology = "full";  /**< "full" or "switch" */
    std::vector<TruthHost> hosts;   /**< by rank */
    std::vector<TruthLink> nic;     /**< switch: host i's private link */
    /** The effective link of each pair, links[i][j] == links[j][i]
     *  (the diagonal is unused). */
    std::vector<std::vector<TruthLink>> links;
    /** Size segments; empty: one segment, factors 1 (linear times). */
    std::vector<TruthSegment> segments;
    /** Messages of this many bytes or more go by rendezvous (no os, ois
     *  or or); 0: none do. */
    long rendezvous = 0;
    /** True if the platform has size segments or a rendezvous size. */
    bool segmented() const { return !segments.empty() || rendezvous > 0; }
    /** The segment of an m-byte message (0 without segments). */
    int segment_of(long m) const;
    /** Factors {fbw, flat} of segment s (1, 1 without segments). */
    TruthSegment segment(int s) const;
    /** One-way time i -> j of an m-byte MPI_Send (formula above). */
    double one_way(int i, int j, long m) const;
    /** What p2p measures for the pair: half the roundtrip of m bytes each
     *  way, (one_way(i, j, m) + one_way(j, i, m)) / 2. */
    double p2p(int i, int j, long m) const;

    /** Number of hosts. */
    int size() const { return int(hosts.size()); }
    /** True for topology "switch". */
    bool is_switch() const { return topology == "switch"; }
    /** n hosts named host0.. with zero delays and links. */
    void resize(int n);
    /** The effective link of the pair i, j (either order). */
    const TruthLink &link(int i, int j) const { return links[i][j]; }
    /** Sets the link of the pair i, j (both orders). */
    void set_link(int i, int j, const TruthLink &l);
    /** Switch: the route i -> j, i's up channel then j's down channel:
     *  {lat_i + lat_j, min(bw_i, bw_j)}. */
    TruthLink switch_link(int i, int j) const;
    /** Switch: sets every pair's link to switch_link. */
    void derive_switch_links();
};

/** "full" or "switch". */
bool known_topology(const std::string &name);

/** A host name the XML and the hostfile take: non-empty, letters,
 *  digits, '_', '-', '.'. */
bool valid_host_name(const std::string &name);

/** v with 17 significant digits (%.17g): the truth file's and the XML's
 *  numbers, which read back as the same double. */
std::string truth_number(double v);

/**
 * Reads a truth file: every host once, for a switch every hostlink once,
 * and every pair's link once (or, for a switch, none: then derived). The
 * link lines of a switch are taken as written (a test may perturb them);
 * check_switch_links checks them against the hostlink lines. Delays and
 * latencies must be >= 0, bandwidths > 0, all finite; lines are bounded
 * (cpm::kMaxLineBytes). Throws cpm::UsageError "NAME:LINE: problem".
 */
Truth read_truth(std::istream &in, const std::string &name);

/** read_truth of the file at path; "cannot open truth file 'PATH'" if it
 *  cannot be opened. */
Truth read_truth_file(const std::string &path);

/** Switch: throws cpm::UsageError "NAME: link I J disagrees with hostlinks
 *  I J ..." if a link line differs from what the hostlink lines make by
 *  more than 1e-12 relative, then sets the links to exactly that. Does
 *  nothing for topology full. */
void check_switch_links(Truth &t, const std::string &name);

/** Writes the truth file of t: two comment lines (the first names
 *  command_line, the command that made it), then the lines above, with a
 *  comment before each group and 17 significant digits. */
void write_truth(std::ostream &out, const Truth &t,
                 const std::string &command_line);

} // namespace cpm::smpi

#endif
