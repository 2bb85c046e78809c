/* GOMP_DEBUG=1: every line the runtime writes starts with its prefix,
   those of a message of several lines too (the JIT linker's log, which
   the plugin passes on): no line without "gomptarget: ".  */

/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: [^\n]*the JIT linker says} } } */
/* { dg-final { gomptarget-output-excludes {(^|\n)(?!gomptarget: )[^\n]} } } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 0;
#pragma omp target map(tofrom: x)
  x = 1;
  if (x != 1)
    abort ();
  return 0;
}
