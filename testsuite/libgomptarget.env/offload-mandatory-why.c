/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "nvptx,nonexistent,host" } */
/* { dg-set-target-env-var GOMPTARGET_CUDA_LIB "/nonexistent/libcuda.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "0" } */
/* { dg-output {libgomptarget: OMP_TARGET_OFFLOAD is set to MANDATORY, but no offload device is available \(nvptx: cannot load the CUDA driver library /nonexistent/libcuda\.so\.1 [^\n]*; nonexistent: not found in [^\n;]*; host: GOMPTARGET_HOST_DEVICES=0\)} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_TARGET_OFFLOAD=mandatory with no device says why, plugin by
   plugin, without GOMP_DEBUG: the CUDA driver library cannot be loaded,
   a plugin is not there, the emulated devices are 0.  */

#include <stdio.h>

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x = 1;
  printf ("region ran, x = %d\n", x);
  return 0;
}
