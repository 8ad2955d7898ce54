# CPM_CHECK_GSL
# -------------
# GSL >= 2.0 is required: fits, t quantiles, confidence intervals.
# Where configure looks, first match wins:
#   GSL_CFLAGS=... GSL_LIBS=...  as given (both set: pkg-config is not asked)
#   --with-gsl=DIR     GSL installed under DIR: its gsl.pc if DIR/lib/pkgconfig
#                      or DIR/lib64/pkgconfig has one, else DIR/include and
#                      DIR/lib (or lib64) with -lgsl -lgslcblas -lm; either
#                      way the programs get an rpath to DIR's library directory
#   pkg-config gsl     the usual way: distribution packages, and a GSL built
#                      from source (its make install writes lib/pkgconfig/gsl.pc:
#                      PKG_CONFIG_PATH=DIR/lib/pkgconfig ./configure)
#   -lgsl -lgslcblas -lm on the compiler's default paths, when pkg-config or
#                      gsl.pc is missing (e.g. a cluster module that sets only
#                      CPATH and LIBRARY_PATH)
# Sets GSL_CFLAGS and GSL_LIBS (the Makefiles use them), and cpm_gsl_pc=yes
# when gsl.pc on pkg-config's own search path was used: then cpm.pc says
# Requires.private: gsl, else it carries GSL_LIBS itself (CPM_PC_PRIVATE).
AC_DEFUN([CPM_CHECK_GSL], [
  AC_REQUIRE([PKG_PROG_PKG_CONFIG])
  AC_ARG_WITH([gsl],
    [AS_HELP_STRING([--with-gsl=DIR],
      [GSL installed under DIR, with or without a gsl.pc (default: pkg-config's gsl, then the compiler's default paths)])],
    [], [with_gsl=yes])
  AS_CASE([$with_gsl],
    [no], [AC_MSG_ERROR([GSL is required; --without-gsl is not supported])],
    [yes], [],
    [AS_IF([test -d "$with_gsl"], [],
       [AC_MSG_ERROR([--with-gsl=$with_gsl: no such directory])])])
  cpm_gsl_user=no
  AS_IF([test -n "$GSL_CFLAGS$GSL_LIBS"], [cpm_gsl_user=yes])
  cpm_gsl_pc=no
  cpm_gsl_pcdir=
  cpm_gsl_libdir=
  AS_IF([test "x$with_gsl" != xyes], [
    for cpm_d in "$with_gsl/lib/pkgconfig" "$with_gsl/lib64/pkgconfig"; do
      AS_IF([test -f "$cpm_d/gsl.pc"], [cpm_gsl_pcdir=$cpm_d; break])
    done])

  # 1. pkg-config: always without --with-gsl, and with it when DIR has a gsl.pc.
  cpm_gsl_how=none
  cpm_gsl_pc_too_old=no
  AS_IF([test "x$with_gsl" = xyes || test -n "$cpm_gsl_pcdir"], [
    cpm_save_PKG_CONFIG_PATH=$PKG_CONFIG_PATH
    AS_IF([test -n "$cpm_gsl_pcdir"], [
      PKG_CONFIG_PATH="$cpm_gsl_pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
      export PKG_CONFIG_PATH])
    PKG_CHECK_MODULES([GSL], [gsl >= 2.0],
      [cpm_gsl_how="pkg-config gsl"
       AS_IF([test -n "$cpm_gsl_pcdir"],
         [cpm_gsl_libdir=`$PKG_CONFIG --variable=libdir gsl`
          cpm_gsl_how="$cpm_gsl_pcdir/gsl.pc"],
         [AS_IF([test "x$cpm_gsl_user" = xno], [cpm_gsl_pc=yes],
            [cpm_gsl_how="GSL_CFLAGS and GSL_LIBS as given"])])],
      [AS_IF([test -n "$PKG_CONFIG" && $PKG_CONFIG --exists gsl],
         [cpm_gsl_pc_too_old=`$PKG_CONFIG --modversion gsl`])])
    PKG_CONFIG_PATH=$cpm_save_PKG_CONFIG_PATH
  ])
  AS_IF([test "x$cpm_gsl_pc_too_old" != xno],
    [AC_MSG_ERROR([GSL $cpm_gsl_pc_too_old is too old: CPM needs GSL >= 2.0 (Debian: libgsl-dev).
                  Install a newer one, or point configure at it: --with-gsl=DIR or PKG_CONFIG_PATH=DIR/lib/pkgconfig])])

  # 2. No gsl.pc: plain flags, under DIR or on the compiler's default paths.
  AS_IF([test "x$cpm_gsl_how" = xnone], [
    AS_IF([test "x$with_gsl" != xyes], [
      AS_IF([test -f "$with_gsl/include/gsl/gsl_version.h"], [],
        [AC_MSG_ERROR([--with-gsl=$with_gsl: neither lib/pkgconfig/gsl.pc nor include/gsl/gsl_version.h there; give the directory GSL was installed into (its --prefix)])])
      cpm_gsl_how="$with_gsl without gsl.pc"
      cpm_gsl_libdir="$with_gsl/lib"
      AS_IF([test -d "$with_gsl/lib64" && ls "$with_gsl"/lib64/libgsl.* >/dev/null 2>&1],
        [cpm_gsl_libdir="$with_gsl/lib64"])
      AS_IF([test -n "$GSL_CFLAGS"], [], [GSL_CFLAGS="-I$with_gsl/include"])
      AS_IF([test -n "$GSL_LIBS"], [], [GSL_LIBS="-L$cpm_gsl_libdir -lgsl -lgslcblas -lm"])
    ], [test "x$cpm_gsl_user" = xyes], [
      cpm_gsl_how="GSL_CFLAGS and GSL_LIBS as given"
      AS_IF([test -n "$GSL_LIBS"], [], [GSL_LIBS="-lgsl -lgslcblas -lm"])
    ], [
      AC_MSG_NOTICE([no gsl.pc (pkg-config: ${PKG_CONFIG:-not found}); trying -lgsl -lgslcblas on the default paths])
      cpm_gsl_how="-lgsl on the default paths"
      GSL_LIBS="-lgsl -lgslcblas -lm"
    ])
  ])
  AS_IF([test -n "$cpm_gsl_libdir" && test "x$cpm_gsl_user" = xno],
    [GSL_LIBS="$GSL_LIBS -Wl,-rpath,$cpm_gsl_libdir"])

  # 3. Whichever way: a program using GSL >= 2.0 must compile and link.
  cpm_save_CPPFLAGS=$CPPFLAGS
  cpm_save_LIBS=$LIBS
  CPPFLAGS="$CPPFLAGS $GSL_CFLAGS"
  LIBS="$GSL_LIBS $LIBS"
  AC_MSG_CHECKING([whether a program using GSL >= 2.0 links ($cpm_gsl_how)])
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <gsl/gsl_cdf.h>
#include <gsl/gsl_version.h>
#if !defined(GSL_MAJOR_VERSION) || GSL_MAJOR_VERSION < 2
#error GSL older than 2.0
#endif]],
                                  [[return gsl_cdf_tdist_Pinv(0.975, 4.0) > 0 ? 0 : 1;]])],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_RESULT([no])
     AC_MSG_ERROR([GSL >= 2.0 not found (tried: $cpm_gsl_how).
                  Install it (Debian/Ubuntu: libgsl-dev; Fedora/RHEL: gsl-devel), or point configure at it:
                  PKG_CONFIG_PATH=DIR/lib/pkgconfig, --with-gsl=DIR, or GSL_CFLAGS=... GSL_LIBS=...
                  (config.log has the compiler's message)])])
  CPPFLAGS=$cpm_save_CPPFLAGS
  LIBS=$cpm_save_LIBS
  AC_SUBST([GSL_CFLAGS])
  AC_SUBST([GSL_LIBS])
])
