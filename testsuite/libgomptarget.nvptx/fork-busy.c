/* { dg-additional-options "-pthread" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   fork () while other threads offload to the emulated nvptx GPU: each
   child, which holds none of the locks those threads held at the fork,
   runs its regions on the host (the GPU was initialised in the parent)
   and exits, however busy the GPU's queues were.  */

#define FORKED_ON_DEVICE 0
#include "../libgomptarget.devices/fork-busy-body.h"

/* { dg-final { gomptarget-output-includes {40 children offloaded and exited} } } */
