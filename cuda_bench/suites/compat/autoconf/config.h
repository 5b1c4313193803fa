/* What the configure of SHOC (and of Altis, its descendant) would write on a Linux host with CUDA: the few macros its sources test. */
#define HAVE_UNISTD_H 1
#define HAVE_STDINT_H 1
#define HAVE_GETHOSTNAME 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_CLOCK_GETTIME 1
#define HAVE_CLOCK_PROCESS_CPUTIME_ID 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_SYS_TIME_H 1
