/* A stand-in for <mpi.h> for test_capi_c99: configure finds MPI through
 * its C++ wrapper only, so the C compiler ($(CC)) does not know where the
 * real <mpi.h> is. cpm.h needs only the type MPI_Comm to declare its
 * collective calls; test_capi_c99 never calls them (that would need the
 * real type), it calls the serial part of the API. */
#ifndef CPM_TEST_CAPI_STUB_MPI_H
#define CPM_TEST_CAPI_STUB_MPI_H
typedef struct cpm_test_stub_comm *MPI_Comm;
#endif
