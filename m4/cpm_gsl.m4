# CPM_CHECK_GSL
# -------------
# GSL is required: fits, t quantiles, confidence intervals.
# --with-gsl=DIR looks in DIR/include and DIR/lib.
AC_DEFUN([CPM_CHECK_GSL], [
  AC_ARG_WITH([gsl],
    [AS_HELP_STRING([--with-gsl=DIR], [GNU Scientific Library prefix (default: system)])],
    [], [with_gsl=yes])
  AS_IF([test "x$with_gsl" = xno],
    [AC_MSG_ERROR([GSL is required; --without-gsl is not supported])])
  GSL_CFLAGS=
  GSL_LIBS="-lgsl -lgslcblas -lm"
  AS_IF([test "x$with_gsl" != xyes], [
    GSL_CFLAGS="-I$with_gsl/include"
    GSL_LIBS="-L$with_gsl/lib -Wl,-rpath,$with_gsl/lib $GSL_LIBS"])
  cpm_save_CPPFLAGS=$CPPFLAGS
  cpm_save_LIBS=$LIBS
  CPPFLAGS="$CPPFLAGS $GSL_CFLAGS"
  LIBS="$GSL_LIBS $LIBS"
  AC_MSG_CHECKING([for GSL (gsl_cdf_tdist_Pinv)])
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <gsl/gsl_cdf.h>]],
                                  [[return gsl_cdf_tdist_Pinv(0.975, 4.0) > 0 ? 0 : 1;]])],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_RESULT([no])
     AC_MSG_ERROR([GSL not found; install it (Debian: libgsl-dev) or give --with-gsl=DIR])])
  CPPFLAGS=$cpm_save_CPPFLAGS
  LIBS=$cpm_save_LIBS
  AC_SUBST([GSL_CFLAGS])
  AC_SUBST([GSL_LIBS])
])
