# The evaluation of the models on the test beds (not a test: minutes).
#   make eval                      every bed (the emulated ones need root)
#   make eval EVAL_BEDS="smpi-full16 local4"
# Writes eval/BED/ and eval/evaluation.md (doc/results/evaluation.md).
EXTRA_DIST += benchmark/eval/eval_beds.sh
EVAL_BEDS =
eval: all tests/smpi/smpi_truth$(EXEEXT) smpi-tools
	top_builddir='$(abs_top_builddir)' top_srcdir='$(abs_top_srcdir)' \
		MPIRUN_LOCAL='$(abs_top_srcdir)/tests/mpirun-local' \
		bash $(srcdir)/benchmark/eval/eval_beds.sh eval $(EVAL_BEDS)
.PHONY: eval

# The scatter/gather benchmark: native vs MPIB vs CPM_* (not a test:
# minutes; doc/results/collectives.md).
#   make bench-coll                          every bed (emu8 needs root)
#   make bench-coll COLL_BEDS="smpi-switch16 smpi-full16"
# Writes bench-coll/BED/ and bench-coll/collectives.md.
EXTRA_DIST += benchmark/eval/bench_coll.sh
COLL_BEDS =
bench-coll: all smpi-tools
	top_builddir='$(abs_top_builddir)' top_srcdir='$(abs_top_srcdir)' \
		bash $(srcdir)/benchmark/eval/bench_coll.sh bench-coll $(COLL_BEDS)
.PHONY: bench-coll
