/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMPT device tracing with the gcn plugin on its emulated GPU
   (libgomptarget.ompt/ompt-trace.h).  */

#include "../libgomptarget.ompt/ompt-trace.h"

/* { dg-final { gomptarget-output-includes {trace: 6 target, 3 to, 3 from, 3 kernels, 0 bad; several buffers} } } */
