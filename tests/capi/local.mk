# Tests of the CPM 1.0.1 C API.
