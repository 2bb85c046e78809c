/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_AGENTS "2" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* The image's device ICV variable (GCC 12: __gomp_device_num; GCC 13/14:
   __gomp_additional_icvs), which the plugin finds and the front end
   fills after loading: device code reads its device number there (the
   emulated runtime passes it on to the region it runs).  gcn.exp runs
   this test only with a front end that fills the variable.  */

#include "gcn-test.h"

int
main (void)
{
  int d, num[2] = { -1, -1 };

  CHECK (omp_get_num_devices () == 2);
  for (d = 0; d < 2; d++)
    {
#pragma omp target map(from: num[d:1]) device(d)
      num[d] = omp_get_device_num ();
    }
  CHECK (num[0] == 0);
  CHECK (num[1] == 1);
  puts ("device numbers ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {device numbers ok} } } */
