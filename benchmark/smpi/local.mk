# The simulated cluster (SimGrid SMPI) test bed: see doc/testbed-smpi.md.
