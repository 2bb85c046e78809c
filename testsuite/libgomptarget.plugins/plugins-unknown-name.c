/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "cuda,host" } */
/* { dg-final { gomptarget-output-count {libgomptarget: warning: GOMPTARGET_PLUGINS: no plugin 'cuda' \(libgomptarget-plugin-cuda\.so\) in [^\n]*; gomptarget's plugins are gcn,nvptx,mpi,host} 1 } } */
/* { dg-final { gomptarget-output-count {libgomptarget: } 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A name in GOMPTARGET_PLUGINS that is none of gomptarget's plugins
   (cuda, a vendor's name, for nvptx) is a mistake the user hears of,
   once, with the names that exist; the plugins that are there still
   give their devices.  (gomptarget's own names draw nothing when their
   plugin is absent: plugins-nonexistent-host.c, plugin-path-elsewhere.c.)  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int x = 0;

  if (omp_get_num_devices () != 1)
    abort ();
#pragma omp target map(tofrom: x)
  x = omp_is_initial_device () ? 1 : 2;
  if (x != 2)
    abort ();
  return 0;
}
