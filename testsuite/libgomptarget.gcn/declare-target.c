/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* Declare-target variables are found in the image (.offload_var_table):
   initialised from it, they keep their value on the device between
   regions and reach the host through target update.  Declare-target
   functions are called on the device.  (The emulated runtime keeps these
   variables in the program's own memory, so the host's copy may follow
   the device's: the checks hold either way.)  */

#include "gcn-test.h"

#pragma omp declare target
int counter = 5;
double table[100];
static int
twice (int x)
{
  return 2 * x;
}
#pragma omp end declare target

int
main (void)
{
  int i, r = 0;

#pragma omp target map(from: r)
  r = counter;
  CHECK (r == 5);

  counter = 100;		/* Host copy only.  */
#pragma omp target
  counter += 1;
#pragma omp target map(from: r)
  r = counter;
  CHECK (r == 6 || r == 101);	/* 6 on a device with its own copy.  */
#pragma omp target update from(counter)
  CHECK (counter == r);

  for (i = 0; i < 100; i++)
    table[i] = i;
#pragma omp target update to(table)
#pragma omp target
  for (int j = 0; j < 100; j++)
    table[j] = twice ((int) table[j]);
#pragma omp target update from(table[10:5])
  for (i = 0; i < 100; i++)
    CHECK (table[i] == 2 * i || (table[i] == i && (i < 10 || i >= 15)));
  puts ("declare target ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {declare target ok} } } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: loaded a gfx[0-9a-f]+ image of GCC [0-9/]+: [0-9]+ kernel\(s\), 2 variable\(s\)} } } */
