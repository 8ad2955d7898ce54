#include "common_error.h"

#include <mpi.h>

namespace cpm {

void throw_mpi_error(int code, const char *call, const char *file, int line)
{
    char text[MPI_MAX_ERROR_STRING] = {0};
    int len = 0;
    if (MPI_Error_string(code, text, &len) != MPI_SUCCESS)
        text[0] = '\0';
    throw Error(std::string("MPI call failed: ") + call + ": " + text, file,
                line);
}

} // namespace cpm
