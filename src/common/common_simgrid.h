/**
 * \file common_simgrid.h
 * \brief The SimGrid 3.32 platform format: its one writer (platform XML,
 *        hostfile, smpirun settings) and the one-way time it implies.
 *        Plain C++: no MPI, no other layer.
 *
 * Both the test bed's cpm-smpi-platform and `model --export simgrid`
 * write platforms through this file. It also holds SMPI's rules for
 * sizes, found by experiment against SimGrid 3.32 (doc/testbed-smpi.md,
 * "Size segments"): SMPI adds a 16-byte envelope to every message and
 * picks a bandwidth or latency factor by that size, an entry `b:f`
 * applying above b, so a segment starting at FROM payload bytes is
 * written at FROM + 15; a host delay entry `b:C:t` applies above b bytes
 * of payload, so it is written at FROM - 1. Under the exactness settings
 * (simgrid_exact_settings) an m-byte message i -> j alone on its route
 * takes
 *
 *     T_ij(m) = os_i(m) + FLAT_s L_ij + (m + 16) / (FBW_s B_ij) + or_j(m)
 *
 * with s the segment of m; os and or are not taken from the detached
 * threshold D on (rendezvous). This is simgrid_one_way().
 */
#ifndef CPM_COMMON_SIMGRID_H
#define CPM_COMMON_SIMGRID_H

#include <string>
#include <vector>

/** \addtogroup common
 *  @{ */

namespace cpm {

/** A piece of a host delay: C + t m for payload sizes m >= from (up to
 *  the next piece's from). */
struct SimgridDelay {
    long from = 0; /**< first payload size (bytes) */
    double c = 0;  /**< fixed part (s) */
    double t = 0;  /**< per byte (s/B) */
};

/** A host: its id and its SMPI processing delays (empty: none). */
struct SimgridHost {
    std::string name;                /**< id in the XML and the hostfile */
    std::vector<SimgridDelay> os;    /**< smpi/os: MPI_Send */
    std::vector<SimgridDelay> ois;   /**< smpi/ois: MPI_Isend */
    std::vector<SimgridDelay> orecv; /**< smpi/or: the receive */
};

/** A link (or a host's private link of a switch). */
struct SimgridLink {
    double latency = 0;   /**< s */
    double bandwidth = 0; /**< B/s */
};

/** A size segment of the network: factors from a payload size on. */
struct SimgridSegment {
    long from = 0;    /**< first payload size (bytes) */
    double bw = 1;    /**< bandwidth factor */
    double lat = 1;   /**< latency factor */
};

/** A platform: a zone of hosts with links, and its SMPI settings. */
struct SimgridPlatform {
    /** "full": a routing="Full" zone, one link per pair (used by both
     *  directions); "switch": a routing="Cluster" star of SPLITDUPLEX
     *  private links, L_ij = lat_i + lat_j, B_ij = min(bw_i, bw_j). */
    std::string topology = "full";
    std::string comment;               /**< the XML comment line's text */
    std::vector<SimgridHost> hosts;    /**< rank r on host r */
    std::vector<SimgridLink> links;    /**< full: pair i < j in lexicographic
                                            order */
    std::vector<SimgridLink> nics;     /**< switch: host i's private link */
    /** Size segments (empty: no size factors), from 0, increasing. */
    std::vector<SimgridSegment> segments;
    /** smpi/send-is-detached-thresh written in the settings (0: not
     *  written); from it on, sends are rendezvous, without os and or. */
    long detached = 0;
    /** Settings written before the platform's own ("--cfg=NAME:VALUE"). */
    std::vector<std::string> settings_before;
    /** Comment lines (without "# ") at the top of the settings. */
    std::vector<std::string> settings_comments;

    /** The effective link i -> j (i != j). */
    SimgridLink route(int i, int j) const;
    /** Index of the segment of payload size m. */
    int segment_of(double m) const;
};

/** 17 significant digits: every value read back exactly. */
std::string simgrid_number(double v);
/** The platform XML (SimGrid 3.32, platform version 4.1). */
std::string simgrid_platform_xml(const SimgridPlatform &p);
/** The hostfile: line r is the host of rank r. */
std::string simgrid_hostfile(const SimgridPlatform &p);
/** The settings, one "--cfg=NAME:VALUE" per line after the comments:
 *  settings_before, then the network model SMPI with the factors (or
 *  nothing if there are no segments), then the detached threshold. */
std::string simgrid_settings(const SimgridPlatform &p);
/** The settings that make simulated times those of the platform
 *  (cpm-smpirun's; doc/testbed-smpi.md says why each is needed), but
 *  smpi/send-is-detached-thresh, which is SimgridPlatform::detached. */
std::vector<std::string> simgrid_exact_settings();
/** A host delay at m bytes: the line of the last entry whose size is
 *  <= m (the first entry from 0); 0 without entries. */
double delay_at(const std::vector<SimgridDelay> &d, double m);

/** One-way time i -> j of m payload bytes under the exact settings,
 *  nothing else on the route, sent by MPI_Send (see the top). */
double simgrid_one_way(const SimgridPlatform &p, int i, int j, double m);

} // namespace cpm

/** @} */

#endif
