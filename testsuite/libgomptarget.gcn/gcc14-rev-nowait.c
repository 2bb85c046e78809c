/* Reverse offload from a nowait region (GCC 14): no host thread waits for
   the region's queue while the host polls a flag that the ancestor
   region sets, so the request must be served by the plugin's own serving
   thread (a program that waited for it here would hang: the test gives
   up after ten seconds).  The region then goes on with the host's
   answer, and taskwait collects it.  gcn.exp runs this test for GCC 14
   and later.  */

#include "gcn-test.h"

#include <unistd.h>

#pragma omp requires reverse_offload

static int flag, host_initial = -1;

__attribute__ ((noinline)) static void
on_host (int *v)
{
  host_initial = omp_is_initial_device ();
  *v += 100;
  __atomic_store_n (&flag, 1, __ATOMIC_RELEASE);
}

int
main (void)
{
  int x = 5, seen, i;

#pragma omp target nowait map(tofrom: x)
  {
    int v = x;
#pragma omp target device(ancestor: 1) map(tofrom: v)
    on_host (&v);
    x = v + 1;
  }
  for (i = 0; i < 10000 && !__atomic_load_n (&flag, __ATOMIC_ACQUIRE); i++)
    usleep (1000);
  seen = __atomic_load_n (&flag, __ATOMIC_ACQUIRE);
#pragma omp taskwait
  printf ("served while nobody waited %d, x %d\n", seen, x);
  CHECK (seen == 1);
  CHECK (host_initial == 1);
  CHECK (x == 106);
  puts ("rev nowait ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {served while nobody waited 1, x 106\nrev nowait ok} } } */
