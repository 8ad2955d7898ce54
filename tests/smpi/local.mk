# SMPI tests: see tests/smpi/README
