/* At exit the plugin finishes the GPU: the work still queued runs, and
   every device allocation is freed (the trace lists an allocation's
   free), which a handler registered before the first construct (so run
   after the plugin's) checks.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-teardown.trace" } */

#include "nvptx-test.h"

static int result = -1;

/* Every allocation of device memory in the trace has its free.  */
static void
check_trace (void)
{
  char *text, *line, *save = NULL;
  char *ptrs[4096];
  int allocs = 0, live = 0, i;

  if (!tracing ())
    {
      /* A real GPU: the program ended cleanly after the handler of the
	 front end finished the device.  */
      printf ("result %d checked at exit\n", result);
      return;
    }
  text = trace_read ();
  for (line = strtok_r (text, "\n", &save); line;
       line = strtok_r (NULL, "\n", &save))
    {
      char *ptr = strstr (line, " ptr=");
      if (ptr == NULL)
	continue;
      if (strncmp (line, "alloc ", 6) == 0 && live < 4096)
	{
	  ptrs[live++] = ptr;
	  allocs++;
	}
      else if (strncmp (line, "free ", 5) == 0)
	for (i = 0; i < live; i++)
	  if (strcmp (ptrs[i], ptr) == 0)
	    {
	      ptrs[i] = ptrs[--live];
	      break;
	    }
    }
  if (allocs == 0 || live != 0 || result != 42)
    {
      fprintf (stderr, "FAIL: %d allocations, %d not freed at exit, "
	       "result %d\n", allocs, live, result);
      _exit (3);
    }
  free (text);
  printf ("%d allocations freed\n", allocs);
}

int
main (void)
{
  static int big[1 << 16];
  trace_reset ();
  atexit (check_trace);
#pragma omp target enter data map(to: big)
#pragma omp target map(tofrom: result)
  result = 42;
  /* Left mapped, and a nowait region nobody waits for.  */
#pragma omp target nowait map(to: big)
  big[0] = 1;
  return 0;
}

/* { dg-final { gomptarget-output-includes {[1-9][0-9]* allocations freed|result 42 checked at exit} } } */
