/* { dg-do run } */
/* { dg-gomptarget-preload "unmodified binary" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Under LD_PRELOAD, nowait constructs run beside the host in every team
   shape and the waits of a binary linked with libgomp alone (taskwait,
   taskgroup, barrier, depend) bind to libgomptarget's forwarding
   definitions (libgomptarget.tasks/overlap-shapes.h).  */

#include "../libgomptarget.tasks/overlap-shapes.h"

int
main (void)
{
  overlap_shapes ();
  return 0;
}
