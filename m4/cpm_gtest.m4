# CPM_CHECK_GTEST
# ---------------
# GoogleTest for the unit and MPI tests. Only `make check` needs it: if it
# is missing, configure warns and `make check` stops with a message.
AC_DEFUN([CPM_CHECK_GTEST], [
  AC_ARG_VAR([GTEST_CPPFLAGS], [preprocessor flags for GoogleTest])
  AC_ARG_VAR([GTEST_LIBS], [linker flags for GoogleTest (default: -lgtest -pthread)])
  : ${GTEST_LIBS="-lgtest -pthread"}
  cpm_save_CPPFLAGS=$CPPFLAGS
  cpm_save_LIBS=$LIBS
  CPPFLAGS="$CPPFLAGS $GTEST_CPPFLAGS"
  LIBS="$GTEST_LIBS $LIBS"
  AC_MSG_CHECKING([for GoogleTest])
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <gtest/gtest.h>]],
                                  [[testing::InitGoogleTest(); return 0;]])],
    [cpm_have_gtest=yes], [cpm_have_gtest=no])
  AC_MSG_RESULT([$cpm_have_gtest])
  CPPFLAGS=$cpm_save_CPPFLAGS
  LIBS=$cpm_save_LIBS
  AS_IF([test "x$cpm_have_gtest" = xno],
    [AC_MSG_WARN([GoogleTest not found: make check will fail until it is installed (Debian: libgtest-dev)])])
  AM_CONDITIONAL([HAVE_GTEST], [test "x$cpm_have_gtest" = xyes])
])
