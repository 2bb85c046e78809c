/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* The image's constructors (_init_array) run on the device when it is
   loaded, its destructors (_fini_array) when it is unloaded, at the
   latest when the program ends: once each, as one team of one thread.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x = 1;
#pragma omp target map(tofrom: x)
  x++;
  CHECK (x == 2);
  puts ("done");
  return 0;
}

/* { dg-final { gomptarget-output-count {launching _init_array: 1 team\(s\) x 1 thread\(s\)} 1 } } */
/* { dg-final { gomptarget-output-count {launching _fini_array: 1 team\(s\) x 1 thread\(s\)} 1 } } */
/* { dg-final { gomptarget-output-includes {launching _init_array[^\n]*\n(.*\n)*[^\n]*launching main\._omp_fn\.0(.*\n)*[^\n]*launching _fini_array} } } */
