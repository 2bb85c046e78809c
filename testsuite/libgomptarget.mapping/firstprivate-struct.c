/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   firstprivate(struct) copies every member in; writes stay private.  */

#include <stdlib.h>
#include <string.h>

struct rec { char name[12]; long id; double w[3]; };

int
main (void)
{
  struct rec r;
  int ok = 0;

  strcpy (r.name, "gomptarget");
  r.id = 123456789012L;
  r.w[0] = 0.5; r.w[1] = 1.5; r.w[2] = 2.5;

#pragma omp target firstprivate(r) map(from: ok)
  {
    ok = r.name[0] == 'g' && r.name[9] == 't' && r.name[10] == 0
	 && r.id == 123456789012L && r.w[0] + r.w[1] + r.w[2] == 4.5;
    r.id = 0;
    r.name[0] = 'X';
  }

  if (!ok)
    abort ();
  if (r.id != 123456789012L || r.name[0] != 'g')
    abort ();
  return 0;
}
