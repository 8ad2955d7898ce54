// main() for MPI tests written with GoogleTest: every rank runs every test;
// ranks other than 0 print only failures; the exit status is the same on
// every rank (non-zero if any rank failed).
#include <gtest/gtest.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 0)
        GTEST_FLAG_SET(brief, true);
    testing::InitGoogleTest(&argc, argv);
    int rc = RUN_ALL_TESTS(), any = 0;
    MPI_Allreduce(&rc, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return any;
}
