/* gcn-test.h -- what the tests of libgomptarget.gcn share: checks that
   say where they failed, and the test ISA (GCN_TEST_ISA, set by gcn.exp).
   Offloaded code cannot name stdout, stderr, errno or assert (glibc
   symbols the device libraries lack), so device code reports through
   mapped variables.

   Copyright (C) 2026 The gomptarget authors.

   This file is part of gomptarget.

   gomptarget is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 3, or (at your option) any
   later version.

   gomptarget is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   Under Section 7 of GPL version 3, you are granted additional
   permissions described in the GCC Runtime Library Exception, version
   3.1, as published by the Free Software Foundation.  */

#ifndef GCN_TEST_H
#define GCN_TEST_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef GCN_TEST_ISA
#define GCN_TEST_ISA "gfx906"
#endif

#define CHECK(cond)							\
  do									\
    if (!(cond))							\
      {									\
	fprintf (stderr, "FAIL: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	exit (1);							\
      }									\
  while (0)

#endif /* GCN_TEST_H */
