/*
 * smpi_getopt: lets the tools parse their options more than once under
 * SimGrid SMPI. Linked into the SMPI build of the model tool, whose sources
 * are compiled with -Dsmpi_getopt_long=cpm_smpi_getopt_long.
 *
 * Why: smpicxx force-includes smpi_helpers.h, which turns getopt_long into
 * smpi_getopt_long. SimGrid 3.32's smpi_getopt_long keeps one optind per
 * simulated process and loads it into optind before every call, so the
 * usual reset "optind = 0" before a second parse is overwritten: the second
 * parse (tool_main's, after main's own pre-MPI_Init parse) starts past the
 * last argument and sees no options at all ("no model given").
 *
 * This replacement calls glibc's getopt_long directly. That is safe here
 * because a parse loop makes no MPI call, so the simulated processes (which
 * only switch at MPI calls) never interleave inside one; each loop starts
 * from its own "optind = 0".
 */
#include <getopt.h>

#undef getopt_long

extern "C" int cpm_smpi_getopt_long(int argc, char *const *argv,
                                    const char *shortopts,
                                    const struct option *longopts,
                                    int *longindex)
{
    return getopt_long(argc, argv, shortopts, longopts, longindex);
}
