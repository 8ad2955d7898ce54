/* A stand-in for <mpi.h> for test_coll_c99: the C compiler does not know
 * where the real <mpi.h> is (configure finds MPI through its C++ wrapper
 * only). cpm_coll.h needs only the types MPI_Comm and MPI_Datatype to
 * declare its calls; test_coll_c99 never calls those that take them. */
#ifndef CPM_TEST_COLL_STUB_MPI_H
#define CPM_TEST_COLL_STUB_MPI_H
typedef struct cpm_test_coll_stub_comm *MPI_Comm;
typedef struct cpm_test_coll_stub_type *MPI_Datatype;
#endif
