/* { dg-do run } */
/* { dg-additional-options "-pthread" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   fork () while other threads offload to the emulated host device: each
   child, which holds none of the locks those threads held at the fork,
   offloads to the device and exits.  */

#define FORKED_ON_DEVICE 1
#include "fork-busy-body.h"

/* { dg-final { gomptarget-output-includes {40 children offloaded and exited} } } */
