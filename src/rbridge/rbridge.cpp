#include "rbridge.h"

#include "common_error.h"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <climits>
#include <cmath>
#include <cstdlib>
#include <fstream>

#ifdef HAVE_R
#include <RInside.h>
#ifndef CSTACK_DEFNS
#define CSTACK_DEFNS 1
#endif
#include <Rinterface.h>
#include <memory>
#endif

#ifndef CPM_R_DIR
#define CPM_R_DIR "."
#endif
#ifndef CPM_BUILD_DIR
#define CPM_BUILD_DIR ""
#endif
#ifndef CPM_SOURCE_R_DIR
#define CPM_SOURCE_R_DIR ""
#endif

namespace cpm::rbridge {

namespace {

void check_input(const std::vector<double> &x, const std::vector<double> &y,
                 const BreakpointOptions &o)
{
    if (x.size() != y.size())
        CPM_THROW("breakpoints: " + std::to_string(x.size()) +
                  " sizes but " + std::to_string(y.size()) + " times");
    for (std::size_t k = 1; k < x.size(); ++k)
        if (!(x[k] > x[k - 1]))
            CPM_THROW("breakpoints: message sizes must increase");
    if (!(o.h > 0))
        CPM_THROW("breakpoints: minimal segment h must be positive");
    if (o.max_breaks < 0)
        CPM_THROW("breakpoints: maximal number of breaks must not be negative");
    if (o.criterion != "BIC" && o.criterion != "LWZ")
        throw UsageError("unknown information criterion '" + o.criterion +
                         "' (valid: BIC, LWZ)");
}

#ifdef HAVE_R
std::unique_ptr<RInside> the_r;

/* Whether this process runs a program of the build tree (not installed):
 * its executable lies under the build directory, itself or in libtool's
 * .libs. */
bool from_build_tree()
{
    std::string build = CPM_BUILD_DIR;
    if (build.empty())
        return false;
    char *exe = realpath("/proc/self/exe", nullptr);
    if (!exe)
        return false;
    std::string path = exe;
    std::free(exe);
    char *b = realpath(build.c_str(), nullptr);
    if (b) {
        build = b;
        std::free(b);
    }
    return path.compare(0, build.size() + 1, build + "/") == 0;
}

/* CPM's R code: CPM_R_DIR of the environment, else the source tree's R/
 * for a program of the build tree, else the installed copy. */
std::string r_dir()
{
    const char *env = std::getenv("CPM_R_DIR");
    if (env && *env)
        return env;
    if (*CPM_SOURCE_R_DIR && from_build_tree())
        return CPM_SOURCE_R_DIR;
    return CPM_R_DIR;
}
#endif

} // namespace

bool available()
{
#ifdef HAVE_R
    return true;
#else
    return false;
#endif
}

void init()
{
#ifdef HAVE_R
    if (the_r)
        return;
    std::string file = r_dir() + "/cpm_breakpoints.R";
    if (!std::ifstream(file))
        throw Error("cannot read CPM's R code " + file +
                    " (is CPM installed? CPM_R_DIR names its directory)");
    try {
        the_r = std::make_unique<RInside>(0, nullptr, true, false, false);
        // Threads and simulators (SimGrid) run R on stacks it did not set
        // up; its C stack check would then stop it spuriously.
        R_CStackLimit = uintptr_t(-1);
        Rcpp::Function source("source");
        source(file);
    } catch (const std::exception &e) {
        throw Error("cannot start R or load " + file + ": " + e.what());
    } catch (...) {
        throw Error("cannot start R or load " + file);
    }
#else
    throw Error("this CPM was built without R (configure --without-R): "
                "Bai-Perron breakpoints are not available");
#endif
}

namespace {

/* Calls the R function fn through cpm_call with the arguments, and returns
 * its 1-based indices as 0-based ones; an R error becomes a cpm::Error
 * naming what. */
template <class... A>
std::vector<std::size_t> call_indices(const char *fn, const char *what,
                                      const A &...args)
{
    std::vector<std::size_t> out;
#ifdef HAVE_R
    // cpm_call runs the function under tryCatch: an R error comes back as
    // a message instead of unwinding through C++.
    Rcpp::List r;
    try {
        Rcpp::Function call("cpm_call");
        r = call(Rcpp::Function(fn), Rcpp::wrap(args)...);
    } catch (const std::exception &e) {
        throw Error(std::string("R (") + what + "): " + e.what());
    }
    if (!Rcpp::as<bool>(r["ok"])) {
        std::string msg = Rcpp::as<std::string>(r["message"]);
        while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' '))
            msg.pop_back();
        throw Error(std::string("R (") + what + "): " + msg);
    }
    for (int i : Rcpp::as<Rcpp::IntegerVector>(r["value"]))
        out.push_back(std::size_t(i - 1));
#else
    (void)fn;
    (void)what;
    ((void)args, ...);
#endif
    return out;
}

} // namespace

std::vector<std::size_t> breakpoints(const std::vector<double> &x,
                                     const std::vector<double> &y,
                                     bool constant,
                                     const BreakpointOptions &options)
{
    check_input(x, y, options);
    init();
    return call_indices("cpm_breakpoints", "strucchange breakpoints", x, y,
                        constant, options.h, options.max_breaks,
                        options.criterion);
}

std::vector<std::size_t> segments(const std::vector<double> &x,
                                  const std::vector<double> &y,
                                  const std::vector<double> &w,
                                  const BreakpointOptions &options)
{
    check_input(x, y, options);
    if (w.size() != y.size())
        CPM_THROW("segments: " + std::to_string(y.size()) + " times but " +
                  std::to_string(w.size()) + " scales");
    for (double v : w)
        if (!(v > 0) || !std::isfinite(v))
            CPM_THROW("segments: every scale must be a positive number");
    init();
    return call_indices("cpm_segments", "strucchange segments", x, y, w,
                        options.h, options.max_breaks, options.criterion);
}

} // namespace cpm::rbridge
