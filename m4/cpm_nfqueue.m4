# CPM_CHECK_NFQUEUE
# -----------------
# libnetfilter-queue (through pkg-config) for emu_delay, the delay program
# of the emulated cluster (src/testbeds/emu, emucluster). Optional: the
# emulated cluster is Linux-only, needs root and serves testing, while the
# measurement tools and models must build on any cluster, so by default a
# missing library only gives a warning; emucluster is still installed
# (links without delay work), the emulated-cluster test fails with a
# message, never skips. --with-nfqueue makes it required (configure stops
# without it); --without-nfqueue leaves emu_delay out.
# emu_delay is plain C, built with $CC: it uses no MPI.
AC_DEFUN([CPM_CHECK_NFQUEUE], [
  AC_REQUIRE([AC_PROG_CC])
  AC_REQUIRE([PKG_PROG_PKG_CONFIG])
  AC_ARG_WITH([nfqueue],
    [AS_HELP_STRING([--with-nfqueue],
      [build emu_delay, the delay program of the emulated cluster, with libnetfilter-queue (default: if found)])],
    [], [with_nfqueue=check])
  cpm_have_nfqueue=no
  AS_IF([test "x$with_nfqueue" != xno], [
    PKG_CHECK_MODULES([NFQUEUE], [libnetfilter_queue],
      [cpm_have_nfqueue=yes], [cpm_have_nfqueue=no])])
  AS_CASE([$with_nfqueue:$cpm_have_nfqueue],
    [yes:no], [AC_MSG_ERROR([libnetfilter-queue not found (pkg-config libnetfilter_queue); install it (Debian: libnetfilter-queue-dev) or configure --without-nfqueue])],
    [check:no], [AC_MSG_WARN([libnetfilter-queue not found: emu_delay is not built, so emucluster cannot add delays and tests/emu fails (Debian: libnetfilter-queue-dev)])])
  AC_MSG_CHECKING([whether to build emu_delay (emulated-cluster delays)])
  AC_MSG_RESULT([$cpm_have_nfqueue])
  AM_CONDITIONAL([HAVE_NFQUEUE], [test "x$cpm_have_nfqueue" = xyes])
])
