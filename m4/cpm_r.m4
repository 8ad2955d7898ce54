# CPM_CHECK_R
# -----------
# R embedded through RInside, for Bai-Perron breakpoints (strucchange).
# On by default: configure stops if R, RInside, Rcpp or one of the R
# packages strucchange, sandwich, zoo is missing, naming the Debian package.
# --with-R=DIR uses DIR/bin/R; --without-R builds without R.
# Sets RINSIDE_CPPFLAGS and RINSIDE_LIBS, the flags to compile and link a
# program embedding R (RInside, Rcpp's headers, libR; RInside's and R's
# library directories as rpath); RINSIDE_LIBS also goes to cpm.pc's
# Libs.private (CPM_PC_PRIVATE). Not named R_LIBS: R reads R_LIBS from the
# environment as its package library path (where a user without root
# installs RInside or strucchange), and a configure or Makefile variable of
# that name would hide it from the Rscript checks below and from R run by
# make check.
AC_DEFUN([CPM_CHECK_R], [
  AC_ARG_WITH([R],
    [AS_HELP_STRING([--with-R=DIR], [R installation prefix containing bin/R (default: R on PATH)])
AS_HELP_STRING([--without-R], [build without R; what needs R fails at run time with a message])],
    [], [with_R=yes])
  cpm_have_r=no
  RINSIDE_CPPFLAGS=
  RINSIDE_LIBS=
  AS_IF([test "x$with_R" != xno], [
    AS_IF([test "x$with_R" = xyes],
      [AC_PATH_PROG([R_BIN], [R])],
      [AC_PATH_PROG([R_BIN], [R], [], [$with_R/bin])])
    AS_IF([test -z "$R_BIN"],
      [AC_MSG_ERROR([R not found; install it (Debian: r-base-core r-base-dev), give --with-R=DIR, or configure --without-R])])
    RSCRIPT=`dirname "$R_BIN"`/Rscript
    AS_IF([test -x "$RSCRIPT"], [], [AC_MSG_ERROR([Rscript not found beside $R_BIN])])
    AC_MSG_CHECKING([R home])
    R_HOME_DIR=`"$R_BIN" RHOME`
    AC_MSG_RESULT([$R_HOME_DIR])
    AS_IF([test -z "`"$R_BIN" CMD config --cppflags 2>/dev/null`"],
      [AC_MSG_ERROR([R was not built as a shared library or has no headers; install r-base-dev])])
    # one R for the five packages (R starts in most of a second): it
    # prints the first that is missing
    AC_MSG_CHECKING([for R packages Rcpp RInside strucchange sandwich zoo])
    cpm_pkg=`"$RSCRIPT" -e "for (p in c('Rcpp', 'RInside', 'strucchange', 'sandwich', 'zoo')) if (!requireNamespace(p, quietly = TRUE)) { cat(p); break }" 2>/dev/null` ||
      AC_MSG_ERROR([$RSCRIPT failed to run; check the R installation (Debian: r-base-core), or configure --without-R])
    AS_IF([test -z "$cpm_pkg"],
      [AC_MSG_RESULT([yes])],
      [AC_MSG_RESULT([no])
       cpm_deb=r-cran-`echo $cpm_pkg | tr 'A-Z' 'a-z'`
       AC_MSG_ERROR([R package $cpm_pkg is missing; install it (Debian: $cpm_deb), or configure --without-R])])
    RINSIDE_CPPFLAGS=`{ "$R_BIN" CMD config --cppflags; echo; "$RSCRIPT" -e 'Rcpp:::CxxFlags()'; echo; "$RSCRIPT" -e 'RInside:::CxxFlags()'; echo; } | tr -d '"' | tr '\n' ' ' | sed 's/-I/-isystem /g'`
    RINSIDE_LIBS=`{ "$RSCRIPT" -e 'RInside:::LdFlags()'; echo; "$R_BIN" CMD config --ldflags; } | tr '\n' ' '`
    R_LIBDIR="$R_HOME_DIR/lib"
    RINSIDE_LIBS="$RINSIDE_LIBS -Wl,-rpath,$R_LIBDIR"
    cpm_save_CPPFLAGS=$CPPFLAGS
    cpm_save_LIBS=$LIBS
    CPPFLAGS="$CPPFLAGS $RINSIDE_CPPFLAGS"
    LIBS="$RINSIDE_LIBS $LIBS"
    # The headers are found (preprocessed only: compiling Rcpp's takes
    # seconds, and the build compiles them anyway) and the libraries link.
    AC_MSG_CHECKING([for RInside.h])
    AC_PREPROC_IFELSE([AC_LANG_SOURCE([[#include <RInside.h>]])],
      [AC_MSG_RESULT([yes])],
      [AC_MSG_RESULT([no])
       AC_MSG_ERROR([cannot find RInside's or Rcpp's headers; install r-cran-rinside r-cran-rcpp r-base-dev, or configure --without-R])])
    AC_MSG_CHECKING([whether a program links with RInside and R])
    AC_LINK_IFELSE([AC_LANG_PROGRAM([[]], [[return 0;]])],
      [AC_MSG_RESULT([yes])],
      [AC_MSG_RESULT([no])
       AC_MSG_ERROR([cannot link with RInside; install r-cran-rinside r-cran-rcpp r-base-dev, or configure --without-R])])
    CPPFLAGS=$cpm_save_CPPFLAGS
    LIBS=$cpm_save_LIBS
    AC_DEFINE_UNQUOTED([CPM_R_HOME], ["$R_HOME_DIR"], [R home found at configure time])
    AC_DEFINE([HAVE_R], [1], [R is embedded through RInside])
    cpm_have_r=yes
  ])
  AC_SUBST([RINSIDE_CPPFLAGS])
  AC_SUBST([RINSIDE_LIBS])
  AC_SUBST([RSCRIPT])
  AM_CONDITIONAL([HAVE_R], [test "x$cpm_have_r" = xyes])
])
