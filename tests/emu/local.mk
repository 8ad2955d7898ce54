# Emulated-cluster tests (src/testbeds/emu). emu_smoke.sh brings up 4 hosts
# with emucluster, host 3 slowed, measures p2p and builds a Hockney model,
# and checks that the teardown left nothing behind (about half a minute).
# emu_ranks.sh runs 2 hosts x 2 ranks (emucluster -r 2): block mapping by
# processor name, shared memory inside a host much faster than the slow
# link across, and the teardown (10-15 s). Both need root, iproute2,
# iptables and emu_delay (libnetfilter-queue); without any of them they
# fail with a message, they are never skipped.
#   make check TESTS="tests/emu/emu_smoke.sh tests/emu/emu_ranks.sh"
TESTS += tests/emu/emu_smoke.sh tests/emu/emu_ranks.sh
EXTRA_DIST += tests/emu/emu_smoke.sh tests/emu/emu_ranks.sh
# They time real MPI over shaped links and compare the system before and
# after: they run after every other test of the run (make -j check would
# otherwise start them beside SimGrid simulations and MPI tests, whose
# load and processes they see).
$(filter tests/emu/%,$(TEST_LOGS)): $(filter-out tests/emu/%,$(TEST_LOGS))
