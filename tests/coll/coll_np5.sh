#!/bin/bash
# mpi_coll at 5 processes (the test driver runs it at 2, 3 and 4): a tree
# with an incomplete last subtree and 4! mappings to choose from.
set -u
: "${top_builddir:?run through make check}"
[ -n "$MPIEXEC" ] || { echo "coll_np5.sh: no mpirun found at configure time"; exit 77; }
echo "== tests/coll/mpi_coll at 5 processes"
timeout 900 $MPIRUN_LOCAL -np 5 "$top_builddir/tests/coll/mpi_coll"
rc=$?
[ $rc -eq 0 ] || echo "FAIL: mpi_coll at 5 processes: exit $rc"
exit $rc
