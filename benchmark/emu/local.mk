# The emulated switched cluster (benchmark/emu): see doc/testbed-emu.md.
