/* A stand-in for <mpi.h> for test_capi_c99: configure finds MPI through
 * its C++ wrapper only, so the C compiler ($(CC)) does not know where the
 * real <mpi.h> is. cpm.h needs only the types MPI_Comm and MPI_Datatype
 * to declare its collective calls; test_capi_c99 never calls them (that
 * would need the real types), it calls the serial part of the API. */
#ifndef CPM_TEST_CAPI_STUB_MPI_H
#define CPM_TEST_CAPI_STUB_MPI_H
typedef struct cpm_test_stub_comm *MPI_Comm;
typedef struct cpm_test_stub_datatype *MPI_Datatype;
#endif
