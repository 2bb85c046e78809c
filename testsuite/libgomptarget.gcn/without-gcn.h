/* without-gcn.h -- the program of the tests in which the GCN plugin has
   no device (broken-runtime*.c, no-runtime*.c, real-rocr*.c,
   init-fault*.c).  Not in gcn-test.h: its target region would come
   before the "requires" directives of the tests that have them, which
   GCC 14 refuses.

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#ifndef WITHOUT_GCN_H
#define WITHOUT_GCN_H

#include "gcn-test.h"

/* The program of the tests in which the GCN plugin has no device: there
   must be WANT_DEVICES devices, a region must run on the initial device
   when ON_HOST, else on the next (the host plugin's); then LINE is
   printed (the tests check it is all the output, or what comes with it
   under GOMP_DEBUG).  Returns main's exit status.  */
static inline int
gcn_test_without_gcn (int want_devices, int on_host, const char *line)
{
  int x = 1, initial = -1;

  CHECK (omp_get_num_devices () == want_devices);
#pragma omp target map(tofrom: x, initial)
  {
    x++;
    initial = omp_is_initial_device ();
  }
  CHECK (x == 2 && initial == on_host);
  puts (line);
  return 0;
}

#endif /* WITHOUT_GCN_H */
