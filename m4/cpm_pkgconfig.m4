# CPM_PC_PRIVATE
# --------------
# What cpm.pc lists for static linking (pkg-config --static --libs cpm),
# after CPM_CHECK_GSL and CPM_CHECK_R and LT_INIT:
#   CPM_PC_REQUIRES_PRIVATE  gsl, when GSL was found through gsl.pc on
#                            pkg-config's own search path
#   CPM_PC_LIBS_PRIVATE      GSL_LIBS otherwise (--with-gsl, GSL_LIBS given,
#                            or -lgsl on the default paths); RINSIDE_LIBS when
#                            built with R; the C++ standard library libtool
#                            links C++ libraries with (e.g. -lstdc++ -lm), for
#                            C programs that link libcpm.a with mpicc.
# MPI is not listed: programs using CPM are compiled with the MPI wrapper
# (mpicc, mpicxx), which brings it.
AC_DEFUN([CPM_PC_PRIVATE], [
  CPM_PC_REQUIRES_PRIVATE=
  CPM_PC_LIBS_PRIVATE=
  AS_IF([test "x$cpm_gsl_pc" = xyes],
    [CPM_PC_REQUIRES_PRIVATE=gsl],
    [CPM_PC_LIBS_PRIVATE=$GSL_LIBS])
  AS_IF([test -n "$RINSIDE_LIBS"],
    [CPM_PC_LIBS_PRIVATE="$CPM_PC_LIBS_PRIVATE $RINSIDE_LIBS"])
  # The C++ standard library among libtool's C++ post-dependencies (its
  # internal postdeps_CXX, what the C++ driver links): only the libraries a
  # C driver would not add; not MPI's (the wrapper's), nor the compiler
  # vendor's (its C driver adds them too). Empty if libtool did not say:
  # then C programs link libcpm.a with mpicxx.
  cpm_pc_cxxrt=
  for cpm_l in ${postdeps_CXX-}; do
    AS_CASE([$cpm_l],
      [-lstdc++ | -lc++ | -lc++abi | -lsupc++ | -lm],
        [AS_CASE([" $cpm_pc_cxxrt "], [*" $cpm_l "*], [],
           [cpm_pc_cxxrt="$cpm_pc_cxxrt $cpm_l"])])
  done
  CPM_PC_LIBS_PRIVATE=`echo $CPM_PC_LIBS_PRIVATE $cpm_pc_cxxrt`
  AC_SUBST([CPM_PC_REQUIRES_PRIVATE])
  AC_SUBST([CPM_PC_LIBS_PRIVATE])
])
