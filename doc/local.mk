# Documentation: man pages (installed) and the Doxygen API reference
# (make doc, if doxygen was found).
dist_man_MANS += doc/man/p2p.1 doc/man/collective.1 doc/man/model.1 \
	doc/man/cpm-validate.1
# The index of the documentation and the results pages with their figures.
EXTRA_DIST += doc/README.md doc/results
EXTRA_DIST += doc/Doxyfile.in doc/formats.md doc/measurement.md doc/testing.md \
	doc/models.md doc/workflow.md
# How to add a model or an operation (the model descriptors).
EXTRA_DIST += doc/adding-a-model.md
# The kernels: configurations, patterns, the kernel tool.
dist_man_MANS += doc/man/kernel.1 doc/man/cpm-kernel-config.1
EXTRA_DIST += doc/kernels.md doc/model-hloggp.md doc/model-dimemas.md \
	doc/model-taulop.md

# doxygen-md.awk: Doxygen's input filter for the Markdown pages
# (Doxyfile.in says why).
EXTRA_DIST += doc/doxygen-md.awk tests/doc/api_reference.sh doc/install.md
if HAVE_DOXYGEN
# The figures of the results pages go beside their HTML.
doc: doc/Doxyfile
	cd doc && $(DOXYGEN) Doxyfile
	$(MKDIR_P) doc/api/html/collectives
	cp $(srcdir)/doc/results/collectives/*.png doc/api/html/collectives/
doc/Doxyfile: $(srcdir)/doc/Doxyfile.in
	@mkdir -p doc
	sed -e 's|@top_srcdir[@]|$(abs_top_srcdir)|g' -e 's|@VERSION[@]|$(VERSION)|g' $< > $@
CLEANFILES += doc/Doxyfile
clean-local:
	rm -rf doc/api

# make check: the reference builds without a warning
# (tests/doc/api_reference.sh, with the doxygen configure found).
TESTS += tests/doc/api_reference.sh
check_DATA = doc/Doxyfile tests/doc/doxygen.env
CLEANFILES += tests/doc/doxygen.env
tests/doc/doxygen.env: Makefile
	@$(MKDIR_P) tests/doc
	$(AM_V_GEN){ \
	echo "DOXYGEN='$(DOXYGEN)'"; \
	echo "DOXYFILE='$(abs_top_builddir)/doc/Doxyfile'"; \
	} > $@.tmp && mv $@.tmp $@
else
doc:
	@echo "make doc needs doxygen (Debian: doxygen) and configure run again" >&2; exit 1
endif
.PHONY: doc
