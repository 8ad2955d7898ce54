# Emulated-cluster test (src/testbeds/emu): emu_smoke.sh brings up 4 hosts
# with emucluster, host 3 slowed, measures p2p and builds a Hockney model,
# and checks that the teardown left nothing behind. Needs root, iproute2,
# iptables and emu_delay (libnetfilter-queue); without any of them it
# fails with a message, it is never skipped. About half a minute.
#   make check TESTS=tests/emu/emu_smoke.sh
TESTS += tests/emu/emu_smoke.sh
EXTRA_DIST += tests/emu/emu_smoke.sh
