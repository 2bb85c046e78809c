/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   fork () on the emulated host device: its memory is the process's own,
   so a device initialised before the fork keeps working in the child.  */

#define FORKED_ON_DEVICE 1
#include "fork-body.h"

/* { dg-final { gomptarget-output-includes {fork after initialisation: ok} } } */
/* { dg-final { gomptarget-output-includes {a child that offloads once and exits: ok} } } */
