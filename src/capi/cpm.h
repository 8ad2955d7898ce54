/**
 * \file cpm.h
 * \brief The C API of CPM: the types and calls of CPM 1.0.1 (Hockney, LMO,
 *        PLogP, measurement, utilities) over the C++ library.
 *
 * Code written for CPM 1.0.1 ports with few changes (doc/capi.md has the
 * table of names and a porting example). The differences:
 *
 * - Calls that returned nothing in 1.0.1 return an int: 0 (CPM_OK) on
 *   success, CPM_ERR_INPUT for bad input (arguments, model files, too few
 *   processes) and CPM_ERR_FAIL for any other failure (MPI, R, I/O,
 *   memory). Calls that return a model return NULL on failure, and
 *   estimates return NaN. CPM_error_message() then says what went wrong.
 *   The library never exits or aborts.
 * - Collective calls (the builders and the measurements) fail on every
 *   process of the communicator or on none, with the same message.
 * - Models carry a private part (\c priv) holding the C++ model: the
 *   confidence intervals and the facts of the measurement, so that a
 *   loaded model saves back byte for byte. The public fields are copies the
 *   caller may read and change; saving and estimating use them.
 * - Pair-indexed arrays have C(n,2) elements in the order of
 *   CPM_pair_index(): (0,1), (0,2), ..., (0,n-1), (1,2), ..., (n-2,n-1).
 *   Triplet-indexed results follow CPM_triplet_index(), the lexicographic
 *   order of i < j < k.
 * - The LMO thresholds S, M1 and M2 are -1 when the build found none, and
 *   the LMO line fits are NaN when absent.
 * - The PLogP model has its parameters in public arrays (as Hockney and
 *   LMO) in place of 1.0.1's opaque \c logp, and PLogP_alloc().
 *
 * Usable from C99 and C++. Every process of an MPI program may use models
 * that it holds; a model must not be changed by one thread while another
 * uses it, but estimates on one model may run in several threads.
 */
#ifndef CPM_CAPI_CPM_H
#define CPM_CAPI_CPM_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/** \defgroup capi C API (CPM 1.0.1 names)
 *  The types and calls of CPM 1.0.1 for C programs, over the models,
 *  builders and measurements of the C++ library. Depends on models and
 *  benchmark.
 *  @{ */

/** \name Status codes and errors
 *  @{ */

/** Success. */
#define CPM_OK 0
/** Any failure other than bad input: MPI, R, I/O, memory. */
#define CPM_ERR_FAIL 1
/** Bad input: an argument, a model file, too few processes. */
#define CPM_ERR_INPUT 2

/**
 * The message of the last failed call in the calling thread, prefixed
 * with the name of the function ("LMO_load: model.txt:3: ..."); "" if no
 * call has failed. Successful calls leave it unchanged. The string stays
 * valid until the next failure in the same thread.
 */
const char *CPM_error_message(void);

/** @} */

/** \name Measurement
 *  @{ */

/** How precisely an experiment is measured (as in MPIBlib): it is
 *  repeated until the Student-t confidence interval of the mean at level
 *  \c cl is within a relative error \c eps of the mean, at least
 *  \c min_reps and at most \c max_reps times. */
typedef struct MPIB_precision {
    int min_reps; /**< repetitions always made, >= 1 */
    int max_reps; /**< repetitions never exceeded, >= min_reps */
    double cl;    /**< confidence level, 0 < cl < 1 */
    double eps;   /**< relative error of the mean, 0 < eps < 1 */
} MPIB_precision;

/** The outcome of one experiment (as in MPIBlib). */
typedef struct MPIB_result {
    int M;        /**< message size in bytes */
    double T;     /**< mean time in seconds */
    double wtick; /**< resolution of MPI_Wtime in seconds */
    int reps;     /**< repetitions made */
    double ci;    /**< half-width of the confidence interval of T (s) */
} MPIB_result;

/** CPM's default precision: min_reps 5, max_reps 100, cl 0.95,
 *  eps 0.025. */
MPIB_precision CPM_default_precision(void);

/**
 * Measures the one-to-two times i -> jk, j -> ik and k -> ij of every
 * triplet i < j < k of the communicator: the root sends M bytes to each of
 * its two peers and waits for their empty replies. Without one-to-one
 * times to go by, the root sends to its lower-ranked peer first.
 * Collective.
 *
 * \param comm      communicator of at least 3 processes
 * \param M         message size in bytes, 0..2^30
 * \param parallel  experiments that share no process run at the same time
 *                  if non-zero
 * \param precision measurement precision
 * \param results   3 CPM_C3(n) results: for the triplet of index
 *                  t = CPM_triplet_index(n, i, j, k), results[3t] has root
 *                  i, results[3t+1] root j, results[3t+2] root k. Required
 *                  on rank 0; filled on every rank where it is not NULL.
 * \return CPM_OK, or an error code on every process
 */
int CPM_measure_p2pp(MPI_Comm comm, int M, int parallel,
                     MPIB_precision precision, MPIB_result *results);

/**
 * Measures the one-to-two times of every triplet as CPM_measure_p2pp, and
 * the one-to-one times (M bytes out, an empty reply, timed on the sender)
 * between the same processes. For each root, the two one-to-one
 * experiments run first and the root then sends to the peer with the
 * longer one-to-one time second (doc/models.md). Collective.
 *
 * \param comm         communicator of at least 3 processes
 * \param M            message size in bytes, 0..2^30
 * \param parallel     as for CPM_measure_p2pp
 * \param precision    measurement precision
 * \param results_p2pp 3 CPM_C3(n) one-to-two results, as the results of
 *                     CPM_measure_p2pp
 * \param results_p2p  two arrays of 3 CPM_C3(n) one-to-one results: for
 *                     the triplet t = (i, j, k), element 3t+r of
 *                     results_p2p[0] is from root r (0: i, 1: j, 2: k) to
 *                     the lower-ranked of its two peers, and of
 *                     results_p2p[1] to the higher-ranked one. So
 *                     results_p2p[0][3t..3t+2] are i->j, j->i, k->i and
 *                     results_p2p[1][3t..3t+2] are i->k, j->k, k->j.
 * Both arguments are required on rank 0 and filled on every rank where
 * they (and both arrays) are not NULL.
 * \return CPM_OK, or an error code on every process
 */
int CPM_measure_p2pp_p2p(MPI_Comm comm, int M, int parallel,
                         MPIB_precision precision, MPIB_result *results_p2pp,
                         MPIB_result *results_p2p[2]);

/** @} */

/** \name Utilities
 *  @{ */

/** C(n,2), the number of pairs of n processes (0 if n < 2). */
long CPM_C2(int n);

/** C(n,3), the number of triplets of n processes (0 if n < 3). In 1.0.1
 *  a macro; here a function of the same name. */
long CPM_C3(int n);

/** Index of the pair {i, j} (i != j, either order) among the C(n,2) pairs
 *  in lexicographic order of (min, max): the index into the pair arrays
 *  of the models. -1 (with a message) if there is no such pair, or if
 *  its index exceeds INT_MAX (possible for n > 65536). */
int CPM_pair_index(int n, int i, int j);

/** Index of the triplet {i, j, k} (distinct, any order) among the C(n,3)
 *  triplets in lexicographic order of i < j < k, the order of the
 *  measurements. -1 (with a message) if there is no such triplet. */
long CPM_triplet_index(int n, int i, int j, int k);

/**
 * The index of triplet i < j < k < n in lexicographic order, as
 * CPM_triplet_index() but unchecked, in the integer type of the arguments:
 *   C(n,3) - C(n-i,3) + C(n-i-1,2) - C(n-j,2) + k - j - 1.
 * (The formula in CPM 1.0.1's manual does not give this order.)
 */
#define CPM_IJK2INDEX(n, i, j, k)                                             \
    ((n) * ((n) - 1) * ((n) - 2) / 6 -                                        \
     ((n) - (i)) * ((n) - (i) - 1) * ((n) - (i) - 2) / 6 +                    \
     ((n) - (i) - 1) * ((n) - (i) - 2) / 2 - ((n) - (j)) * ((n) - (j) - 1) / 2 \
     + (k) - (j) - 1)

/** @} */

/** \name Hockney
 *  The Hockney model T_ij(M) = alpha_ij + beta_ij M per pair, and the
 *  homogeneous model of the mean alpha and beta (doc/models.md).
 *  @{ */

/** The Hockney model of n processes. */
typedef struct Hockney_model {
    int n;     /**< number of processes */
    double *a; /**< C(n,2) latencies alpha_ij (s), by CPM_pair_index() */
    double *b; /**< C(n,2) times per byte beta_ij (s/B), by
                    CPM_pair_index() */
    void *priv;/**< private: the C++ model; do not touch */
} Hockney_model;

/** A model of n processes (2..100000) with a and b zero, no confidence
 *  intervals, provenance fields "-" and the default precision; NULL on
 *  failure. Free with Hockney_free(). */
Hockney_model *Hockney_alloc(int n);

/** Frees a model (NULL is allowed). Returns CPM_OK. */
int Hockney_free(Hockney_model *model);

/**
 * Builds the model from roundtrips of every pair i < j with 0 and with M
 * bytes each way: alpha_ij = T_ij(0)/2, beta_ij = (T_ij(M) - T_ij(0))/2M.
 * Collective.
 *
 * \param comm      communicator of at least 2 processes
 * \param M         message size in bytes, 1..2^30
 * \param parallel  pairs that share no process are measured at the same
 *                  time if non-zero
 * \param precision measurement precision
 * \param model     receives the model, the same on every rank, on every
 *                  rank where it is not NULL (required on rank 0); NULL on
 *                  failure. Free with Hockney_free().
 * \return CPM_OK, or an error code on every process
 */
int Hockney_build(MPI_Comm comm, int M, int parallel,
                  MPIB_precision precision, Hockney_model **model);

/** Loads a model file (doc/formats.md); "stdin" or "-" reads standard
 *  input. NULL on failure (unreadable, malformed, another model). */
Hockney_model *Hockney_load(const char *filename);

/** Saves a model, with its public values, to a file (written whole or not
 *  at all); "stdout" or "-" writes standard output. Every value must be
 *  finite. Returns CPM_OK or an error code. */
int Hockney_save(const char *filename, const Hockney_model *model);

/** One-way time i -> j of M bytes: a_ij + b_ij M (0 if i == j). NaN on
 *  bad arguments. */
double Hockney_estimate(const Hockney_model *model, int i, int j, int M);

/** Linear scatter/gather with M bytes per process, point-to-point
 *  messages one after another: the sum over i != root of
 *  a_ri + b_ri M. NaN on bad arguments. */
double Hockney_estimate_sg_linear_sequential(const Hockney_model *model,
                                             int root, int M);

/** Linear scatter/gather, messages all at once: the max over i != root of
 *  a_ri + b_ri M. NaN on bad arguments. */
double Hockney_estimate_sg_linear_parallel(const Hockney_model *model,
                                           int root, int M);

/** Binomial scatter/gather on the tree of MPIB_Scatter_binomial: a node
 *  sends to its children one after another (a subtree of s processes
 *  costs a + b s M), subtrees in parallel. NaN on bad arguments. */
double Hockney_estimate_sg_binomial(const Hockney_model *model, int root,
                                    int M);

/** Homogeneous linear sequential scatter/gather: (n-1)(alpha + beta M)
 *  with alpha, beta the means of a and b. root is only checked. */
double Hockney_hestimate_sg_linear_sequential(const Hockney_model *model,
                                              int root, int M);

/** Homogeneous linear parallel scatter/gather: alpha + beta M. */
double Hockney_hestimate_sg_linear_parallel(const Hockney_model *model,
                                            int root, int M);

/** Homogeneous binomial scatter/gather:
 *  ceil(log2 n) alpha + (n-1) beta M. */
double Hockney_hestimate_sg_binomial(const Hockney_model *model, int root,
                                     int M);

/** @} */

/** \name LMO
 *  The LMO model T_ij(M) = C_i + L_ij + C_j + M (t_i + 1/beta_ij + t_j)
 *  with the thresholds of one-to-many and many-to-one (doc/models.md).
 *  @{ */

/** The LMO model of n processes. */
typedef struct LMO_model {
    int n;     /**< number of processes */
    double *C; /**< n fixed processing delays C_i (s) */
    double *L; /**< C(n,2) latencies L_ij (s), by CPM_pair_index() */
    double *t; /**< n variable processing delays t_i (s/B) */
    double *b; /**< C(n,2) transmission rates beta_ij (B/s), by
                    CPM_pair_index() */
    int S;     /**< one-to-many: above S bytes the sends serialise; -1 if
                    none was found (all sizes small) */
    double one2many_small[2]; /**< intercept (s) and slope (s/B) of the
                                   one-to-many times at M <= S; NaN if
                                   absent */
    double one2many_large[2]; /**< the same above S; NaN if absent */
    int M1;    /**< many-to-one: escalations start above M1 bytes; -1 if
                    none */
    int M2;    /**< many-to-one: large messages above M2 bytes; -1 if
                    none */
    double many2one_small[2]; /**< line fit of the many-to-one times of
                                   small sizes; NaN if absent */
    double many2one_large[2]; /**< the same above M2; NaN if absent */
    void *priv;/**< private: the C++ model; do not touch */
} LMO_model;

/** A model of n processes (2..100000) with every parameter zero, S, M1,
 *  M2 -1, the fits NaN, provenance fields "-" and the default precision;
 *  NULL on failure. Free with LMO_free(). */
LMO_model *LMO_alloc(int n);

/** Frees a model (NULL is allowed). Returns CPM_OK. */
int LMO_free(LMO_model *model);

/** Loads a model file (doc/formats.md); "stdin" or "-" reads standard
 *  input. NULL on failure, also for a negative threshold. Thresholds
 *  above INT_MAX read as INT_MAX; fractional ones are rounded down (the
 *  same estimates for whole message sizes). */
LMO_model *LMO_load(const char *filename);

/** Saves a model, with its public values, to a file (written whole or not
 *  at all); "stdout" or "-" writes standard output. Every value must be
 *  finite. Returns CPM_OK or an error code. */
int LMO_save(const char *filename, const LMO_model *model);

/** Starts the embedded R that finds the thresholds (on rank 0); optional,
 *  the builders start it when needed. Returns CPM_OK, or an error code if
 *  R cannot start or CPM was built without R. */
int CPM_initR(void);

/** Kept for CPM 1.0.1 code: R cannot be restarted in a process, so it
 *  stays up until the process exits. Returns CPM_OK. */
int CPM_endR(void);

/**
 * Stage 1 of LMO_build: times the linear scatter from rank 0 for the
 * sizes 0, stride, 2 stride, ... up to max_size, and sets S to the first
 * Bai-Perron breakpoint (R strucchange; at least 20 sizes). Collective.
 *
 * \param model     allocated model of the communicator's size; required
 *                  on rank 0, updated on every rank where it is not NULL
 * \param comm      communicator of at least 3 processes
 * \param stride    stride of message sizes, >= 1
 * \param max_size  largest message size, 0..2^30
 * \param precision measurement precision
 * \return CPM_OK, or an error code on every process
 */
int LMO_build_one2many(LMO_model *model, MPI_Comm comm, int stride,
                       int max_size, MPIB_precision precision);

/** Stage 2 of LMO_build: times the linear gather to rank 0 over the same
 *  kind of sweep, sets M2 to the last Bai-Perron breakpoint and M1 to the
 *  first tenfold escalation (narrowed to a multiple of 1024 bytes).
 *  Arguments and result as LMO_build_one2many(). */
int LMO_build_many2one(LMO_model *model, MPI_Comm comm, int stride,
                       int max_size, MPIB_precision precision);

/**
 * Stage 3 of LMO_build: measures the point-to-point experiments (empty
 * roundtrips, one-to-two and one-to-one) at 0 bytes and at the largest
 * size of the stage 1 sweep below S, and solves C, L, t, b; then fits the
 * four lines. The model on rank 0 must have been through stages 1 and 2;
 * its S, M1, M2 and sweeps are used on every rank. Collective.
 *
 * \param model     required on rank 0; updated on every rank where it is
 *                  not NULL
 * \param comm      the communicator of stages 1 and 2
 * \param parallel  experiments sharing no process run at the same time if
 *                  non-zero
 * \param precision measurement precision
 * \return CPM_OK, or an error code on every process
 */
int LMO_build_p2p(LMO_model *model, MPI_Comm comm, int parallel,
                  MPIB_precision precision);

/**
 * Builds the LMO model: LMO_build_one2many(), LMO_build_many2one() and
 * LMO_build_p2p() in turn. Collective.
 *
 * \param comm      communicator of at least 3 processes
 * \param stride    stride of message sizes, >= 1
 * \param max_size  largest message size; the sweep needs at least 20
 *                  sizes (max_size >= 19 stride)
 * \param parallel  as for LMO_build_p2p()
 * \param precision measurement precision
 * \param model     receives the model, the same on every rank, on every
 *                  rank where it is not NULL (required on rank 0); NULL on
 *                  failure. Free with LMO_free().
 * \return CPM_OK, or an error code on every process
 */
int LMO_build(MPI_Comm comm, int stride, int max_size, int parallel,
              MPIB_precision precision, LMO_model **model);

/** One-way time i -> j of M bytes:
 *  C_i + L_ij + C_j + M (t_i + 1/b_ij + t_j) (0 if i == j). NaN on bad
 *  arguments. */
double LMO_estimate_p2p(const LMO_model *model, int i, int j, int M);

/** Scatter of M bytes per process from root (one-to-many):
 *  (n-1)(C_r + t_r M) plus the max (M <= S or no S) or the sum (M > S)
 *  over i != r of L_ri + C_i + M (1/b_ri + t_i). NaN on bad arguments. */
double LMO_estimate_one2many(const LMO_model *model, int root, int M);

/** Gather of M bytes per process to root (many-to-one): as one-to-many,
 *  with M2 in place of S and the slope corrections of the build (kept in
 *  priv). NaN on bad arguments. */
double LMO_estimate_many2one(const LMO_model *model, int root, int M);

/** @} */

/** \name PLogP
 *  The parameterised LogP model T_ij(M) = L_ij + g_ij(M) with the send and
 *  receive overheads os_ij(M), or_ij(M), measured at a list of message
 *  sizes and piecewise linear between them, and the LogGP model derived
 *  from it (doc/models.md, src/models/model_plogp.h).
 *  @{ */

/** The PLogP model of n processes. Pairs are symmetric (measured with the
 *  lower rank as initiator): os is the send overhead of the lower rank
 *  towards the higher, or its receive overhead, g the gap. */
typedef struct PLogP_model {
    int n;       /**< number of processes */
    int nsizes;  /**< number K of measured message sizes, >= 1 */
    int *sizes;  /**< the K measured sizes m_0 < ... < m_{K-1} (bytes);
                      n, nsizes and sizes are fixed: do not change them */
    double *L;   /**< C(n,2) latencies L_ij (s), by CPM_pair_index() */
    double *os;  /**< C(n,2) K send overheads (s): os_ij(m_k) is
                      os[p K + k], p = CPM_pair_index(n, i, j) */
    double *or_; /**< C(n,2) K receive overheads or_ij(m_k) (s), as os */
    double *g;   /**< C(n,2) K gaps g_ij(m_k) (s), as os */
    void *priv;  /**< private: the C++ model; do not touch */
} PLogP_model;

/** A model of n processes (2..100000) measured at the nsizes sizes given
 *  (increasing, 0..INT_MAX; copied), with every parameter zero,
 *  provenance fields "-" and the default precision; NULL on failure. Free
 *  with PLogP_free(). */
PLogP_model *PLogP_alloc(int n, int nsizes, const int *sizes);

/** Frees a model (NULL is allowed). Returns CPM_OK. */
int PLogP_free(PLogP_model *model);

/**
 * Builds the model: for every pair i < j (i initiates) and every size
 * 0, stride, 2 stride, ..., max_size, the roundtrip, the send and the
 * delayed receive call, and the gap from trains of messages; then
 * L_ij = RTT_ij(0)/2 - g_ij(0). Collective.
 *
 * \param comm      communicator of at least 2 processes
 * \param stride    stride of message sizes, >= 1
 * \param max_size  largest message size, stride..2^30 (at least one size
 *                  above 0)
 * \param parallel  pairs that share no process are measured at the same
 *                  time if non-zero
 * \param precision measurement precision
 * \param model     receives the model, the same on every rank, on every
 *                  rank where it is not NULL (required on rank 0); NULL on
 *                  failure. Free with PLogP_free().
 * \return CPM_OK, or an error code on every process
 */
int PLogP_build(MPI_Comm comm, int stride, int max_size, int parallel,
                MPIB_precision precision, PLogP_model **model);

/** Loads a model file (doc/formats.md); "stdin" or "-" reads standard
 *  input. NULL on failure (unreadable, malformed, another model). */
PLogP_model *PLogP_load(const char *filename);

/** Saves a model, with its public values, to a file (written whole or not
 *  at all); "stdout" or "-" writes standard output. Every value must be
 *  finite. Returns CPM_OK or an error code. */
int PLogP_save(const char *filename, const PLogP_model *model);

/** One-way time i -> j of M bytes: L_ij + g_ij(M) (0 if i == j). NaN on
 *  bad arguments. */
double PLogP_estimate(const PLogP_model *model, int i, int j, int M);

/** One-way time i -> j of M bytes by the LogGP model derived from the
 *  PLogP one (manual 4.6.2.4): L + 2o + G (M - 1) with
 *  L = L_ij + g_ij(1) - os_ij(1) - or_ij(1), 2o = os_ij(1) + or_ij(1),
 *  G = g_ij(Mmax)/Mmax, Mmax the largest measured size; "1" is the
 *  smallest measured size of at least 1 byte. 0 if i == j. NaN on bad
 *  arguments or if no size of at least 1 byte was measured. */
double PLogP_estimate_LogGP(const PLogP_model *model, int i, int j, int M);

/** The send overhead os_ij(M) (s), interpolated between the measured
 *  sizes (extended beyond them by the nearest segment). i != j, either
 *  order. NaN on bad arguments. */
double PLogP_os(const PLogP_model *model, int i, int j, int M);

/** The receive overhead or_ij(M) (s), as PLogP_os(). */
double PLogP_or(const PLogP_model *model, int i, int j, int M);

/** The gap g_ij(M) (s), as PLogP_os(). */
double PLogP_g(const PLogP_model *model, int i, int j, int M);

/** @} */

/** @} */

#ifdef __cplusplus
}
#endif

/* The model-based collectives (LMO_initialize, CPM_Scatter_linear_opt,
 * ...), as in CPM 1.0.1 where one header declared everything. */
#include "cpm_coll.h"

#endif
