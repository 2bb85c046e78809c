/* A waited region without variables runs after the nowait region this
   thread queued before it on the same device (its stream), and the
   thread returns from it once it has run: the waited region sees what
   the nowait one wrote, however long the nowait one takes.  */

#include "nvptx-test.h"

#pragma omp declare target
int flag, seen;
#pragma omp end declare target

int
main (void)
{
  for (int round = 1; round <= 3; round++)
    {
#pragma omp target nowait
      {
	/* Long enough for a launch on another stream to overtake it.  */
	for (volatile long i = 0; i < 20000000; i++)
	  ;
	flag = round;
      }
#pragma omp target
      seen = flag;
#pragma omp target update from(seen)
      CHECK (seen == round, "round %d: the waited region saw %d", round,
	     seen);
#pragma omp taskwait
    }
  printf ("seen = %d\n", seen);
  return 0;
}

/* { dg-final { gomptarget-output-includes {seen = 3} } } */
