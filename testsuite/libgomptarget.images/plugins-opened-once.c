/* { dg-do run } */
/* { dg-gomptarget-images "nvptx with GCC 12, all installed with GCC 13+" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "nvptx,host" } */
/* { dg-set-target-env-var LD_DEBUG "files" } */
/* { dg-final { gomptarget-output-count {calling init: [^\n]*libgomptarget-plugin-host\.so} 1 } } */
/* { dg-final { gomptarget-output-count {calling init: [^\n]*libgomptarget-plugin-nvptx\.so} 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A program with offload images has its plugins offered the program to
   serve before main; a plugin that does not serve programs is held
   open until the devices are loaded, so each plugin is loaded once per
   process (the dynamic loader runs its initialisers once), not opened,
   closed and opened again.  The nvptx plugin finds no CUDA driver here
   (or one GPU); either way it is loaded once.  */

#include <omp.h>
#include <stdlib.h>

int
main (void)
{
  int x = 1;

#pragma omp target map(tofrom: x)
  x += 1;
  if (x != 2)
    abort ();
  return 0;
}
