/* Declare-target variables and functions through the nvptx plugin: the
   variables are found in the module (cuModuleGetGlobal), updates move
   them, device functions run in regions.  (On the emulated GPU a
   declare-target variable is the program's own, so separation is not
   checked here.)  */

#include "nvptx-test.h"

#define N 64

#pragma omp declare target
int table[N];
double scale = 1.5;
static int
twice (int v)
{
  return 2 * v;
}
#pragma omp end declare target

int
main (void)
{
  int i, r[N];

  for (i = 0; i < N; i++)
    table[i] = i;
  scale = 3.0;
#pragma omp target update to(table, scale)

#pragma omp target map(from: r)
  for (int j = 0; j < N; j++)
    {
      r[j] = twice (table[j]) * (int) scale;
      table[j] = -j;
    }
  for (i = 0; i < N; i++)
    CHECK (r[i] == 6 * i, "r[%d] = %d", i, r[i]);

#pragma omp target update from(table)
  for (i = 0; i < N; i++)
    CHECK (table[i] == -i, "table[%d] = %d", i, table[i]);
  CHECK (omp_target_is_present (table, 0) && omp_target_is_present (&scale, 0),
	 "declare-target variables are not present on the device");
  return 0;
}
