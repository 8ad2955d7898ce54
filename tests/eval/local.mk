# The evaluation: benchmarks of minutes, not tests (doc/results/).
#   make eval          the models on the test beds (evaluation.md)
#   make bench-coll    scatter and gather: native, MPIB, CPM_* (collectives.md)
#   make bench-models  the cost of building each model (model-cost.md)
#   make smpi-settings what each setting of cpm-smpirun is for
#   make eval-segments the p2p models on platforms with size segments
#                      (doc/results/segments.md)
# The evaluation of the models on the test beds (not a test: minutes).
#   make eval                      every bed (the emulated ones need root)
#   make eval EVAL_BEDS="smpi-full16 local4"
#   make eval EVAL_EXPORT=0        without the SimGrid exports of each bed
# Writes eval/BED/ and eval/evaluation.md (doc/results/evaluation.md).
EXTRA_DIST += tests/eval/eval_beds.sh tests/eval/firstrun_bed.sh tests/eval/eval_export.sh
EVAL_BEDS =
eval: all tests/smpi/smpi_truth$(EXEEXT) smpi-tools
	top_builddir='$(abs_top_builddir)' top_srcdir='$(abs_top_srcdir)' \
		MPIRUN_LOCAL='$(abs_top_srcdir)/tests/mpirun-local' \
		bash $(srcdir)/tests/eval/eval_beds.sh eval $(EVAL_BEDS)
.PHONY: eval

# The scatter/gather benchmark: native vs MPIB vs CPM_* (not a test:
# minutes; doc/results/collectives.md).
#   make bench-coll                          every bed (emu8 needs root)
#   make bench-coll COLL_BEDS="smpi-switch16 smpi-full16"
# Writes bench-coll/BED/ and bench-coll/collectives.md.
EXTRA_DIST += tests/eval/bench_coll.sh
COLL_BEDS =
bench-coll: all smpi-tools
	top_builddir='$(abs_top_builddir)' top_srcdir='$(abs_top_srcdir)' \
		bash $(srcdir)/tests/eval/bench_coll.sh bench-coll $(COLL_BEDS)
.PHONY: bench-coll

# The cost of building each model (not a test): Hockney, LMO, PLogP and
# LogGP built by smpi/model with -p 1 and -p 0 on simulated clusters of
# BENCH_MODEL_SIZES hosts; simulated build time, wall and CPU time of the
# simulation, experiments and counted repetitions. A markdown report in
# bench-models.md (progress on stderr); doc/results/model-cost.md.
BENCH_MODEL_SIZES = 4 8 16
CLEANFILES += bench-models.md bench-models.md.tmp
EXTRA_DIST += tests/eval/bench_model_cost.sh
if HAVE_SMPI
bench-models: smpi/model smpi/collective cpm-smpi-platform$(EXEEXT) cpm-smpirun
	SMPIRUN='$(SMPIRUN)' top_builddir='$(abs_top_builddir)' \
	top_srcdir='$(abs_top_srcdir)' \
		bash $(srcdir)/tests/eval/bench_model_cost.sh \
		$(BENCH_MODEL_SIZES) > bench-models.md.tmp
	mv bench-models.md.tmp bench-models.md
	cat bench-models.md
else
bench-models:
	@echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
	@exit 1
endif
.PHONY: bench-models

# LMO's solver alone at n = 16 ... 256 (not a test; issue 12, item 4): CPU
# seconds to solve the measurements a random model implies, and the
# recovery's largest relative error (doc/results/model-cost.md).
EXTRA_PROGRAMS += tests/eval/bench_lmo_solve
tests_eval_bench_lmo_solve_SOURCES = tests/eval/bench_lmo_solve.cpp \
	tests/unit/lmo_synthetic.h
tests_eval_bench_lmo_solve_CPPFLAGS = $(AM_CPPFLAGS) $(INC_TOOLS) \
	-I$(srcdir)/tests/unit
tests_eval_bench_lmo_solve_LDADD = libcpm.la
CLEANFILES += tests/eval/bench_lmo_solve$(EXEEXT)
BENCH_SOLVE_SIZES = 16 64 128 256
bench-lmo-solve: tests/eval/bench_lmo_solve$(EXEEXT)
	@for n in $(BENCH_SOLVE_SIZES); do \
		tests/eval/bench_lmo_solve $$n || exit 1; \
	done
.PHONY: bench-lmo-solve

EXTRA_DIST += tests/eval/smpi_settings.sh
if HAVE_SMPI
# Why cpm-smpirun has each setting: p2p's times against the truth with
# each setting put back to SimGrid's default (a markdown table, seconds).
smpi-settings: smpi/p2p cpm-smpi-platform$(EXEEXT) cpm-smpirun
	top_builddir='$(abs_top_builddir)' SMPIRUN='$(SMPIRUN)' \
		bash $(srcdir)/tests/eval/smpi_settings.sh
else
smpi-settings:
	@echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
	@exit 1
endif
.PHONY: smpi-settings

# The point-to-point models on simulated platforms with size segments
# (not a test: minutes): SEGMENT_SEEDS="A:21 B:31 C:41" (layout:seed,
# tests/eval/eval_segments.sh) by default.
EXTRA_DIST += tests/eval/eval_segments.sh
SEGMENT_SEEDS =
CLEANFILES += eval-segments.md eval-segments.md.tmp
eval-segments: all smpi-tools tests/smpi/smpi_truth$(EXEEXT)
	top_builddir='$(abs_top_builddir)' \
		bash $(srcdir)/tests/eval/eval_segments.sh $(SEGMENT_SEEDS) \
		> eval-segments.md.tmp
	mv eval-segments.md.tmp eval-segments.md
	cat eval-segments.md
.PHONY: eval-segments

# CPM on this machine's processes beside NetPIPE (not a test: minutes;
# needs NPopenmpi, Debian netpipe-openmpi; meaningful only on an idle
# machine). Writes eval-local/local.md (doc/results/local.md).
EXTRA_DIST += tests/eval/eval_local.sh
eval-local: all
	top_builddir='$(abs_top_builddir)' \
		bash $(srcdir)/tests/eval/eval_local.sh eval-local
.PHONY: eval-local
