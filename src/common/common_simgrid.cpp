#include "common_simgrid.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace cpm {

namespace {

/* SMPI's 16-byte envelope: a factor entry "b:f" applies to SMPI's size
 * (payload + 16) above b, so a segment from FROM > 0 is written at
 * FROM + 15. */
const long kEnvelope = 16;

long factor_entry(long from) { return from == 0 ? 0 : from + kEnvelope - 1; }

/* A delay entry "b:C:t" applies above b bytes of payload. */
long delay_entry(long from) { return from == 0 ? 0 : from - 1; }

std::string delay_value(const std::vector<SimgridDelay> &d)
{
    std::string v;
    for (std::size_t k = 0; k < d.size(); ++k)
        v += (k ? ";" : "") + std::to_string(delay_entry(d[k].from)) + ":" +
             simgrid_number(d[k].c) + ":" + simgrid_number(d[k].t);
    return v;
}


void host_xml(std::ostream &os, const SimgridHost &h)
{
    os << "    <host id=\"" << h.name << "\" speed=\"1Gf\">\n";
    auto prop = [&](const char *id, const std::vector<SimgridDelay> &d) {
        if (!d.empty())
            os << "      <prop id=\"" << id << "\" value=\"" << delay_value(d)
               << "\"/>\n";
    };
    prop("smpi/os", h.os);
    prop("smpi/ois", h.ois);
    prop("smpi/or", h.orecv);
    os << "    </host>\n";
}

void full_zone_xml(std::ostream &os, const SimgridPlatform &p)
{
    int n = int(p.hosts.size());
    os << "  <zone id=\"cluster\" routing=\"Full\">\n";
    for (const SimgridHost &h : p.hosts)
        host_xml(os, h);
    std::size_t k = 0;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j, ++k)
            os << "    <link id=\"l" << i << "_" << j << "\" bandwidth=\""
               << simgrid_number(p.links[k].bandwidth) << "Bps\" latency=\""
               << simgrid_number(p.links[k].latency) << "s\"/>\n";
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            os << "    <route src=\"" << p.hosts[i].name << "\" dst=\""
               << p.hosts[j].name << "\"><link_ctn id=\"l" << i << "_" << j
               << "\"/></route>\n";
    os << "  </zone>\n";
}

void switch_zone_xml(std::ostream &os, const SimgridPlatform &p)
{
    os << "  <zone id=\"cluster\" routing=\"Cluster\">\n";
    for (std::size_t i = 0; i < p.hosts.size(); ++i) {
        const std::string &name = p.hosts[i].name;
        host_xml(os, p.hosts[i]);
        os << "    <link id=\"" << name << "_nic\" bandwidth=\""
           << simgrid_number(p.nics[i].bandwidth) << "Bps\" latency=\""
           << simgrid_number(p.nics[i].latency)
           << "s\" sharing_policy=\"SPLITDUPLEX\"/>\n"
           << "    <host_link id=\"" << name << "\" up=\"" << name
           << "_nic_UP\" down=\"" << name << "_nic_DOWN\"/>\n";
    }
    os << "  </zone>\n";
}

} // namespace

double delay_at(const std::vector<SimgridDelay> &d, double m)
{
    double v = 0;
    for (const SimgridDelay &x : d)
        if (x.from == 0 || m >= double(x.from))
            v = x.c + x.t * m;
    return v;
}

std::string simgrid_number(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

SimgridLink SimgridPlatform::route(int i, int j) const
{
    if (topology == "switch")
        return {nics[i].latency + nics[j].latency,
                std::min(nics[i].bandwidth, nics[j].bandwidth)};
    int n = int(hosts.size()), a = std::min(i, j), b = std::max(i, j);
    // pair (a, b) in lexicographic order
    return links[std::size_t(a * n - a * (a + 1) / 2 + (b - a - 1))];
}

int SimgridPlatform::segment_of(double m) const
{
    int s = 0;
    for (std::size_t k = 1; k < segments.size(); ++k)
        if (m >= double(segments[k].from))
            s = int(k);
    return s;
}

std::string simgrid_platform_xml(const SimgridPlatform &p)
{
    std::ostringstream os;
    os << "<?xml version='1.0'?>\n"
       << "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
       << "<!-- " << p.comment << " -->\n"
       << "<platform version=\"4.1\">\n";
    if (p.topology == "switch")
        switch_zone_xml(os, p);
    else
        full_zone_xml(os, p);
    os << "</platform>\n";
    return os.str();
}

std::string simgrid_hostfile(const SimgridPlatform &p)
{
    std::string s;
    for (const SimgridHost &h : p.hosts)
        s += h.name + "\n";
    return s;
}

std::string simgrid_settings(const SimgridPlatform &p)
{
    std::string s;
    for (const std::string &c : p.settings_comments)
        s += "# " + c + "\n";
    for (const std::string &c : p.settings_before)
        s += c + "\n";
    if (!p.segments.empty()) {
        std::string bw, lat;
        for (std::size_t k = 0; k < p.segments.size(); ++k) {
            std::string b = std::to_string(factor_entry(p.segments[k].from));
            bw += (k ? ";" : "") + b + ":" + simgrid_number(p.segments[k].bw);
            lat += (k ? ";" : "") + b + ":" + simgrid_number(p.segments[k].lat);
        }
        s += "--cfg=network/model:SMPI\n"
             "--cfg=network/weight-S:0\n"
             "--cfg=smpi/bw-factor:" + bw + "\n"
             "--cfg=smpi/lat-factor:" + lat + "\n";
    }
    if (p.detached > 0)
        s += "--cfg=smpi/send-is-detached-thresh:" +
             std::to_string(p.detached) + "\n";
    return s;
}

std::vector<std::string> simgrid_exact_settings()
{
    return {"--cfg=network/model:CM02",
            "--cfg=network/crosstraffic:0",
            "--cfg=network/TCP-gamma:0",
            "--cfg=smpi/wtime:0",
            "--cfg=smpi/simulate-computation:no",
            "--cfg=surf/precision:1e-12"};
}

double simgrid_one_way(const SimgridPlatform &p, int i, int j, double m)
{
    SimgridLink l = p.route(i, j);
    double flat = 1, fbw = 1;
    if (!p.segments.empty()) {
        const SimgridSegment &g = p.segments[std::size_t(p.segment_of(m))];
        flat = g.lat;
        fbw = g.bw;
    }
    double T = flat * l.latency + (m + double(kEnvelope)) / (fbw * l.bandwidth);
    if (p.detached == 0 || m < double(p.detached))
        T += delay_at(p.hosts[std::size_t(i)].os, m) +
             delay_at(p.hosts[std::size_t(j)].orecv, m);
    return T;
}

} // namespace cpm
