/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { rev-served 1 } } */
/* { dg-final { gomptarget-output-count {reverse offload: item [0-9]+: .*\(temporary\)} 5 } } */
/* { dg-final { gomptarget-output-count {reverse offload: item [0-9]+: .*\(firstprivate copy\)} 1 } } */
/* { dg-final { gomptarget-output-count {reverse offload: item [0-9]+: .*\(value\)} 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The map kinds of an ancestor region whose data the device never
   mapped (variables of the target region itself): the host function gets
   temporary copies -- not the device's own objects --, filled from the
   device for 'to' and 'tofrom' and copied back for 'from' and 'tofrom';
   'alloc' copies nothing either way; 'firstprivate' gives the host the
   device's value (an int travels as a value, a structure as a copy) and
   nothing comes back.  */

#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

struct triple
{
  int a, b, c;
};

struct seen
{
  int to_v, tofrom_v, fp, arr1, arr2;
  struct triple fps;
  const void *to_addr;
};
static struct seen host;

__attribute__ ((noinline)) static void
on_host (int *to_v, int *from_v, int *tofrom_v, int *alloc_v, int fp,
	 int *arr, struct triple *fps)
{
  host.to_v = *to_v;
  host.tofrom_v = *tofrom_v;
  host.fp = fp;
  host.arr1 = arr[1];
  host.arr2 = arr[2];
  host.to_addr = to_v;
  host.fps = *fps;
  fps->a = 0;			/* Private to the ancestor region.  */
  *to_v = 50;			/* Not copied back.  */
  *from_v = 6;
  *tofrom_v = 11;
  *alloc_v = 77;		/* Not copied back.  */
  arr[1] = 20;
  arr[2] = 30;
}

int
main (void)
{
  int out[9], i;
  const void *dev_to_addr = NULL;

#pragma omp target map(from: out, dev_to_addr)
  {
    int to_v = 5, from_v = -1, tofrom_v = 10, alloc_v = 3, fp = 42;
    int arr[4] = { 1, 2, 3, 4 };
    struct triple fps = { 7, 8, 9 };
    dev_to_addr = &to_v;
#pragma omp target device(ancestor: 1) map(to: to_v) map(from: from_v) \
	map(tofrom: tofrom_v) map(alloc: alloc_v) firstprivate(fp, fps) \
	map(tofrom: arr[1:2])
    on_host (&to_v, &from_v, &tofrom_v, &alloc_v, fp, arr, &fps);
    out[0] = to_v;
    out[1] = from_v;
    out[2] = tofrom_v;
    out[3] = alloc_v;
    out[4] = arr[0];
    out[5] = arr[1];
    out[6] = arr[2];
    out[7] = arr[3];
    out[8] = fps.a;
  }
  printf ("host saw to %d tofrom %d fp %d arr %d %d; device: to %d from %d "
	  "tofrom %d alloc %d arr %d %d %d %d\n", host.to_v, host.tofrom_v,
	  host.fp, host.arr1, host.arr2, out[0], out[1], out[2], out[3],
	  out[4], out[5], out[6], out[7]);
  if (host.to_v != 5 || host.tofrom_v != 10 || host.fp != 42
      || host.arr1 != 2 || host.arr2 != 3 || host.to_addr == dev_to_addr
      || host.fps.a != 7 || host.fps.b != 8 || host.fps.c != 9)
    abort ();
  {
    static const int want[9] = { 5, 6, 11, 3, 1, 20, 30, 4, 7 };
    for (i = 0; i < 9; i++)
      if (out[i] != want[i])
	abort ();
  }
  return 0;
}
