/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GCN_DEBUG "1" } */
/* { dg-options "-O2 -no-pie" } */
/* { dg-gomptarget-exit-status 7 } */

/* GCC 12's own GCN plugin (libgomp-plugin-amdgcn1) runs an unchanged
   OpenMP program on the emulated runtime: it finds the emulated GPU, loads
   the image, maps data (declare-target variables included), launches
   teams, prints what the kernel wrote to the ring, and ends the program
   with the exit status a kernel stored there.  emul-hsa.exp skips this
   test without that plugin.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
int gv = 40;
#pragma omp end declare target

int
main (void)
{
  int x = 1, n = 0;

  if (omp_get_num_devices () != 1)
    return 1;
#pragma omp target map(tofrom: x)
  {
    printf ("on the device: x=%d\n", x);
    x = x + gv;
  }
#pragma omp target teams num_teams(3) map(tofrom: n)
  {
    if (omp_get_team_num () == 0)
      n = omp_get_num_teams ();
  }
  printf ("x=%d teams=%d\n", x, n);
  fflush (stdout);
#pragma omp target
  {
    printf ("exiting on the device\n");
    exit (7);
  }
  printf ("not reached\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {on the device: x=1} } } */
/* { dg-final { gomptarget-output-includes {x=41 teams=3} } } */
/* { dg-final { gomptarget-output-includes {exiting on the device} } } */
/* What the plugin read from the ring's return_value.  */
/* { dg-final { gomptarget-output-includes {GCN debug: GCN Kernel exited with value: 7} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
