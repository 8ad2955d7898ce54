# CPM_CHECK_SMPI
# --------------
# SimGrid's SMPI (smpicxx, smpirun) for the simulated-cluster tests, which
# build their own copies of the measurement code with smpicxx. If it is
# missing, those tests fail with a message (Debian: libsimgrid-dev).
AC_DEFUN([CPM_CHECK_SMPI], [
  AC_ARG_VAR([SMPICXX], [SimGrid SMPI C++ compiler for the simulated-cluster tests])
  AC_ARG_VAR([SMPIRUN], [SimGrid SMPI launcher])
  AC_PATH_PROG([SMPICXX], [smpicxx])
  AC_PATH_PROG([SMPIRUN], [smpirun])
  AM_CONDITIONAL([HAVE_SMPI], [test -n "$SMPICXX" && test -n "$SMPIRUN"])
])
