/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A nowait construct runs beside the thread that met it on the emulated
   host device, in every team shape (overlap-shapes.h).  */

#include "overlap-shapes.h"

int
main (void)
{
  overlap_shapes ();
  return 0;
}
