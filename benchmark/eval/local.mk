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
