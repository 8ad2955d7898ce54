# CPM_CHECK_JSON
# --------------
# nlohmann/json (header only) writes models as JSON; required.
AC_DEFUN([CPM_CHECK_JSON], [
  AC_LANG_PUSH([C++])
  AC_CHECK_HEADER([nlohmann/json.hpp], [],
    [AC_MSG_ERROR([nlohmann/json not found; install it (Debian: nlohmann-json3-dev)])])
  AC_LANG_POP([C++])
])
