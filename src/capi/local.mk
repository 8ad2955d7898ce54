# The CPM 1.0.1 C API (libcpm): see src/capi/cpm.h.
