# CPM_CHECK_DOXYGEN
# -----------------
# Doxygen builds the API reference (make doc); optional.
AC_DEFUN([CPM_CHECK_DOXYGEN], [
  AC_ARG_VAR([DOXYGEN], [Doxygen, for the API reference])
  AC_PATH_PROG([DOXYGEN], [doxygen])
  AM_CONDITIONAL([HAVE_DOXYGEN], [test -n "$DOXYGEN"])
])
