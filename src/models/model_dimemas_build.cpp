// Building the Dimemas model: measured as Hockney, then derived
// (homogeneous averages, model_dimemas.cpp).
#include "model_dimemas_build.h"

#include "model_hockney_build.h"

namespace cpm::models {

Dimemas build_dimemas(MPI_Comm comm, const BuildOptions &o)
{
    return dimemas_from_hockney(build_hockney(comm, o));
}

} // namespace cpm::models
