/* gpu.c -- a region for an NVIDIA or AMD GPU, run on an emulated one.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Build (GCC 12): gcc -fopenmp -no-pie -foffload=nvptx-none \
     -foffload-options=nvptx-none=-misa=sm_80 gpu.c -lgomptarget
   Build (GCC 14): gcc -fopenmp -foffload=nvptx-none \
     -foffload-options=nvptx-none=-march=sm_80 gpu.c -lgomptarget
   Run: contrib/emulated-gpu --only nvptx ./a.out
   Build (GCC 12): gcc -fopenmp -no-pie -foffload=amdgcn-amdhsa=-march=gfx906 \
     gpu.c -lgomptarget
   Build (GCC 14): gcc -fopenmp -foffload=amdgcn-amdhsa \
     -foffload-options=amdgcn-amdhsa=-march=gfx90a gpu.c -lgomptarget
   Run (GCC 12): contrib/emulated-gpu --only gcn ./a.out
   Run (GCC 14): contrib/emulated-gpu --only --isa gfx90a gcn ./a.out  */

#include <omp.h>
#include <stdio.h>

#define N 1000

int
main (void)
{
  static float x[N], y[N];
  int on_device = 0;

  for (int i = 0; i < N; i++)
    {
      x[i] = i;
      y[i] = 1;
    }
#pragma omp target teams distribute parallel for map(to: x) map(tofrom: y)
  for (int i = 0; i < N; i++)
    y[i] += 2 * x[i];
#pragma omp target map(from: on_device)
  on_device = !omp_is_initial_device ();

  printf ("ran on a device: %s\n", on_device ? "yes" : "no");
  printf ("y[999] = %.0f\n", y[N - 1]);
  return 0;
}
