/* { dg-set-target-env-var LD_PRELOAD "" } */
/* { dg-set-target-env-var HSA_RUNTIME_LIB "libm.so.6" } */

/* HSA_RUNTIME_LIB names a library that is not an HSA runtime: no GCN device, and nothing said about it.
   The program runs its regions on the host.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 1, host = 0;

  CHECK (omp_get_num_devices () == 0);
#pragma omp target map(tofrom: x, host)
  {
    x++;
    host = omp_is_initial_device ();
  }
  CHECK (x == 2 && host);
  puts ("host ok");
  return 0;
}

/* The program's line is all there is.  */
/* { dg-final { gomptarget-output-count {.} 1 } } */
/* { dg-final { gomptarget-output-includes {(?n)^host ok$} } } */
