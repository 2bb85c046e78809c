/* gt-lock.c -- the slow path of the one lock (gt-lock.h): spin a little,
   then sleep on the futex.

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

#include "gt-lock.h"

void
gt_mutex_wait (gt_mutex_t *m)
{
  int i, v;

  /* Held for a short while, as a rule: spin first.  */
  for (i = 0; i < 100; i++)
    {
      gt_cpu_relax ();
      v = 0;
      if (__atomic_load_n (&m->word, __ATOMIC_RELAXED) == 0
	  && __atomic_compare_exchange_n (&m->word, &v, 1, false,
					  __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
	return;
    }
  /* Mark it as having sleepers, and sleep until it is free.  */
  while (__atomic_exchange_n (&m->word, 2, __ATOMIC_ACQUIRE) != 0)
    gt_futex_wait (&m->word, 2);
}
