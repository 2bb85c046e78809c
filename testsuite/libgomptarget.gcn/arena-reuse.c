/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* The stack and team-arena memory of a launch is kept for the launches
   that follow: regions of the same size or smaller reuse it, a bigger
   one makes a new block.  The test reads its own GOMP_DEBUG lines (stderr
   goes to a file), counting the new blocks each phase makes.  */

#include <string.h>
#include <unistd.h>
#include "gcn-test.h"

static int
run (int teams)
{
  int n = 0;

#pragma omp target teams num_teams(teams) thread_limit(2) map(tofrom: n)
  {
    if (omp_get_team_num () == 0)
      n = omp_get_num_teams ();
  }
  return n;
}

static FILE *log_file;
static long log_pos;

/* New blocks since the last call.  */
static int
new_blocks (void)
{
  char line[512];
  int n = 0;

  fflush (stderr);
  fseek (log_file, log_pos, SEEK_SET);
  while (fgets (line, sizeof line, log_file) != NULL)
    if (strstr (line, "bytes of stack and arena memory at") != NULL)
      n++;
  log_pos = ftell (log_file);
  return n;
}

int
main (void)
{
  int i, first, again, bigger, smaller;

  log_file = tmpfile ();
  CHECK (log_file != NULL);
  CHECK (dup2 (fileno (log_file), 2) == 2);
  setvbuf (stderr, NULL, _IONBF, 0);
  /* Make the device load the image (and run its constructors, which
     have stacks of their own on GCC 14).  */
  omp_target_free (omp_target_alloc (16, 0), 0);
  new_blocks ();

  CHECK (run (2) == 2);
  first = new_blocks ();
  for (i = 0; i < 4; i++)
    CHECK (run (2) == 2);
  again = new_blocks ();
  CHECK (run (4) == 4);
  bigger = new_blocks ();
  CHECK (run (1) == 1);
  CHECK (run (4) == 4);
  smaller = new_blocks ();
  printf ("new blocks: %d %d %d %d\n", first, again, bigger, smaller);
  return 0;
}

/* { dg-final { gomptarget-output-includes {new blocks: 1 0 1 0} } } */
