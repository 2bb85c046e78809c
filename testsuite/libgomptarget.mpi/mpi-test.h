/* mpi-test.h -- helpers of the tests of libgomptarget.mpi: CHECK, which
   counts and reports a failed condition, and sibling (), the process id
   of the other rank of a two-rank job (the other child of mpirun, read
   from /proc).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static int errors;

#define CHECK(c) \
  do { if (!(c)) { printf ("line %d: %s\n", __LINE__, #c); errors++; } } \
  while (0)

static inline pid_t
sibling (void)
{
  char path[64], buf[256], *p;
  pid_t me = getpid (), parent = getppid (), pid = 0;
  FILE *f;

  snprintf (path, sizeof path, "/proc/%d/task/%d/children", (int) parent,
	    (int) parent);
  f = fopen (path, "r");
  if (f == NULL || fgets (buf, sizeof buf, f) == NULL)
    {
      printf ("cannot read %s\n", path);
      exit (0);
    }
  fclose (f);
  for (p = strtok (buf, " \n"); p; p = strtok (NULL, " \n"))
    if (atoi (p) != me)
      pid = atoi (p);
  if (pid == 0)
    {
      printf ("no other rank\n");
      exit (0);
    }
  return pid;
}
