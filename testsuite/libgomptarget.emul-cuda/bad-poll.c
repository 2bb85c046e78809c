/* A GOMPTARGET_EMUL_CUDA_POLL other than auto, always or never is
   reported on stderr and cuInit fails.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_POLL "1" } */
/* { dg-final { gomptarget-output-includes {emulated libcuda.so.1: GOMPTARGET_EMUL_CUDA_POLL='1': expected auto, always or never} } } */

#include "emul-cuda-test.h"

int
main (void)
{
  load_cuda ();
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuInit (0));
  puts ("ok");
  return 0;
}
