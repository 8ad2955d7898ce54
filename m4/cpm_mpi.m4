# CPM_CHECK_MPI
# -------------
# Finds MPI through its C++ wrapper compiler (AX_PROG_CXX_MPI; MPICXX=...
# chooses one: mpicxx of Open MPI or MPICH, or SimGrid's smpicxx). Keeps
# MPI's C++ bindings out, tells which MPI it is, and finds the launcher
# used by the test suite.
AC_DEFUN([CPM_CHECK_MPI], [
  AX_PROG_CXX_MPI([true], [], [
    AC_MSG_ERROR([no MPI C++ compiler found; install an MPI library
                  (Debian: libopenmpi-dev openmpi-bin, or mpich) or set MPICXX=])])
  # MPI's deprecated C++ bindings are never used: keep them out.
  AC_SUBST([MPI_NOCXX_CPPFLAGS], ["-DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1"])
  AC_LANG_PUSH([C++])
  AC_MSG_CHECKING([which MPI library])
  AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>
#ifndef SMPI_H
#error not smpi
#endif]], [])], [cpm_mpi_kind=smpi], [
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>
#ifndef OPEN_MPI
#error not ompi
#endif]], [])], [cpm_mpi_kind=openmpi], [
      AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>
#ifndef MPICH
#error not mpich
#endif]], [])], [cpm_mpi_kind=mpich], [cpm_mpi_kind=other])])])
  AC_MSG_RESULT([$cpm_mpi_kind])
  AC_LANG_POP([C++])
  AS_CASE([$cpm_mpi_kind],
    [smpi], [AC_PATH_PROGS([MPIEXEC], [smpirun])],
    [openmpi], [AC_PATH_PROGS([MPIEXEC], [mpirun.openmpi mpirun mpiexec])],
    [mpich], [AC_PATH_PROGS([MPIEXEC], [mpirun.mpich mpiexec.hydra mpiexec mpirun])],
    [AC_PATH_PROGS([MPIEXEC], [mpiexec mpirun])])
  AC_SUBST([CPM_MPI_KIND], [$cpm_mpi_kind])
  AM_CONDITIONAL([CPM_SMPI_BUILD], [test "x$cpm_mpi_kind" = xsmpi])
])
