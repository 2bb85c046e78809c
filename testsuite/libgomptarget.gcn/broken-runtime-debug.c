/* { dg-set-target-env-var LD_PRELOAD "" } */
/* { dg-set-target-env-var HSA_RUNTIME_LIB "libm.so.6" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* HSA_RUNTIME_LIB names a library that is not an HSA runtime: under GOMP_DEBUG the plugin names the function it lacks.
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

/* { dg-final { gomptarget-output-includes {host ok} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: gcn: libm.so.6 is not a usable HSA runtime: it has no hsa_status_string} } } */
/* { dg-final { gomptarget-output-includes {plugin .gcn. loaded from [^\n]*: 0 device\(s\)} } } */
