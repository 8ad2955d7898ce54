# CPM_CHECK_GTEST
# ---------------
# GoogleTest for the unit and MPI tests. Only `make check` needs it: if it
# is missing, configure warns and `make check` stops with a message.
# Found through pkg-config: gtest (the MPI tests have their own main) and
# gtest_main (the unit tests); both ship in Debian's libgtest-dev, and a
# GoogleTest built with CMake installs both .pc files. Without pkg-config
# or the .pc files, -lgtest and -lgtest_main on the default paths are tried.
# GTEST_CFLAGS, GTEST_LIBS, GTEST_MAIN_LIBS override (GTEST_CPPFLAGS, the
# older name, is still read when GTEST_CFLAGS is not set).
# Sets for the Makefiles: GTEST_CPPFLAGS (= GTEST_CFLAGS: only -I and -D),
# GTEST_LIBS (gtest), GTEST_MAIN_LIBS (gtest_main, then gtest), and the
# conditional HAVE_GTEST (both link).
AC_DEFUN([CPM_CHECK_GTEST], [
  AC_REQUIRE([PKG_PROG_PKG_CONFIG])
  AS_IF([test -z "$GTEST_CFLAGS" && test -n "$GTEST_CPPFLAGS"],
    [GTEST_CFLAGS=$GTEST_CPPFLAGS])
  PKG_CHECK_MODULES([GTEST], [gtest], [],
    [AS_IF([test -n "$GTEST_LIBS"], [], [GTEST_LIBS="-lgtest -pthread"])])
  PKG_CHECK_MODULES([GTEST_MAIN], [gtest_main], [],
    [AS_IF([test -n "$GTEST_MAIN_LIBS"], [], [GTEST_MAIN_LIBS="-lgtest_main $GTEST_LIBS"])])
  cpm_save_CPPFLAGS=$CPPFLAGS
  cpm_save_LIBS=$LIBS
  CPPFLAGS="$CPPFLAGS $GTEST_CFLAGS"
  # One program for both libraries (GoogleTest's headers take seconds
  # to compile): a test without main links with gtest_main and gtest.
  LIBS="$GTEST_MAIN_LIBS $GTEST_LIBS $cpm_save_LIBS"
  AC_MSG_CHECKING([whether a test without main links with gtest_main and gtest])
  AC_LINK_IFELSE([AC_LANG_SOURCE([[#include <gtest/gtest.h>
TEST(Configure, Links) { EXPECT_EQ(1, 1); }]])],
    [cpm_have_gtest=yes], [cpm_have_gtest=no])
  AC_MSG_RESULT([$cpm_have_gtest])
  CPPFLAGS=$cpm_save_CPPFLAGS
  LIBS=$cpm_save_LIBS
  AS_IF([test "x$cpm_have_gtest" = xno],
    [AC_MSG_WARN([GoogleTest not found: make check will fail until it is installed (Debian: libgtest-dev; Fedora/RHEL: gtest-devel); if it is elsewhere, set PKG_CONFIG_PATH, or GTEST_CFLAGS, GTEST_LIBS and GTEST_MAIN_LIBS])])
  AC_SUBST([GTEST_CPPFLAGS], [$GTEST_CFLAGS])
  AC_SUBST([GTEST_LIBS])
  AC_SUBST([GTEST_MAIN_LIBS])
  AM_CONDITIONAL([HAVE_GTEST], [test "x$cpm_have_gtest" = xyes])
])
