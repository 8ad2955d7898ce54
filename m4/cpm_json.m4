# CPM_CHECK_JSON
# --------------
# nlohmann/json (header only) writes models as JSON; required.
AC_DEFUN([CPM_CHECK_JSON], [
  AC_LANG_PUSH([C++])
  # preprocessed only: compiling it takes seconds, and the build does
  AC_MSG_CHECKING([for nlohmann/json.hpp])
  AC_PREPROC_IFELSE([AC_LANG_SOURCE([[#include <nlohmann/json.hpp>]])],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_RESULT([no])
     AC_MSG_ERROR([nlohmann/json not found; install it (Debian: nlohmann-json3-dev)])])
  AC_LANG_POP([C++])
])
