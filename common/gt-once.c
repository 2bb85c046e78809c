/* gt-once.c -- the slow path of gt_once in a build with the Helgrind and
   DRD annotations (without them it is pthread_once itself, inline).

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

#include "gt-once.h"

#ifdef GT_VALGRIND_ANNOTATIONS
/* What gt_once_run passes to once_and_tell: FN is run as ONCE's.  */
static __thread void (*once_fn) (void);
static __thread pthread_once_t *once_obj;

static void
once_and_tell (void)
{
  void (*fn) (void) = once_fn;
  pthread_once_t *once = once_obj;

  fn ();
  GT_ANNOTATE_HAPPENS_BEFORE (once);
}

void
gt_once_run (pthread_once_t *once, void (*fn) (void))
{
  once_fn = fn;
  once_obj = once;
  pthread_once (once, once_and_tell);
}
#endif
