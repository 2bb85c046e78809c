/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* GCC 14's 'declare target indirect' functions: the plugin reads the
   image's .offload_ind_func_table and gives the device a map from each
   host function's address to its device address
   (__gomp_indirect_addr_map), through which device code calls a host
   function pointer.  gcn.exp runs this test for GCC 14 and later.  */

#include "gcn-test.h"

#pragma omp begin declare target indirect
int
add_one (int x)
{
  return x + 1;
}

int
twice (int x)
{
  return 2 * x;
}
#pragma omp end declare target

int
main (void)
{
  int (*fns[2]) (int) = { add_one, twice };
  int r[2] = { 0, 0 };

#pragma omp target map(to: fns) map(from: r)
  for (int i = 0; i < 2; i++)
    r[i] = fns[i] (10);
  CHECK (r[0] == 11 && r[1] == 20);
  puts ("indirect ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {indirect ok} } } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: 2 indirect function\(s\), map at 0x[0-9a-f]+} } } */
