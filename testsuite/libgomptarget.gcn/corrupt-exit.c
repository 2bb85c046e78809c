/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "corrupt=main._omp_fn.1" } */
/* { dg-shouldfail "corrupted exit value" } */

/* A kernel that leaves neither a normal end (0xcafe....) nor an exit
   (0xffff....) in its ring's exit value: the plugin says so, naming the
   region, and aborts.  (The emulated runtime's corrupt=NAME fault writes
   0x12345678 there after the kernel ran.)  */

#include "gcn-test.h"

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x = 1;
  CHECK (x == 1);
  printf ("first region ok\n");
  fflush (stdout);
#pragma omp target map(tofrom: x)
  x = 2;
  printf ("not reached\n");
  return 0;
}

/* { dg-output "first region ok\n" } */
/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: device 0: kernel main\._omp_fn\.1 left a corrupted exit value 0x12345678 \(its upper half is neither 0xcafe nor 0xffff\)} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
