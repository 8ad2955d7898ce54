# The installation as users use it (doc/testing.md, "The installed tree").
#   build_tree.sh    make check: the tools of the build tree find the
#                    source tree's R code (no CPM_R_DIR)
#   install_tree.sh  make installcheck, after make install (make distcheck
#                    runs both): the installed tools, R code, headers,
#                    cpm.pc, libraries and man pages, used from outside
#                    the source and build trees
if HAVE_R
TESTS += tests/install/build_tree.sh
INSTALLCHECK_HAVE_R = yes
else
INSTALLCHECK_HAVE_R = no
endif
EXTRA_DIST += tests/install/build_tree.sh tests/install/install_tree.sh \
	tests/install/hello_capi.c tests/install/hello_cxx.cpp

installcheck-local:
	bindir='$(bindir)' libdir='$(libdir)' includedir='$(includedir)' \
	pkgdatadir='$(pkgdatadir)' mandir='$(mandir)' \
	VERSION='$(PACKAGE_VERSION)' MPICXX='$(CXX)' MPIEXEC='$(MPIEXEC)' \
	PKG_CONFIG='$(PKG_CONFIG)' CPM_HAVE_R=$(INSTALLCHECK_HAVE_R) \
	top_srcdir='$(abs_top_srcdir)' abs_top_builddir='$(abs_top_builddir)' \
	DESTDIR='$(DESTDIR)' \
	bash $(srcdir)/tests/install/install_tree.sh
