/* { dg-do run } */
/* { dg-output {libgomptarget: OpenMP 'requires' directive with 'unified_shared_memory' specified only in some compilation units} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   One image requires unified_shared_memory, the other (only the
   TARGET_USED bit) nothing: fatal, in libgomp's words.  The images of one
   program for several targets carry the same mask and agree.  */

#include <stdint.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);

static void *table_a[6], *table_b[6];
static const uintptr_t data_a[] = { 0x220, 0 }, data_b[] = { 0x200, 0 };

int
main (void)
{
  GOMP_offload_register_ver (3u << 16 | 1, table_a, 5, data_a);
  GOMP_offload_register_ver (3u << 16 | 3, table_a, 8, data_a);
  GOMP_offload_register_ver (3u << 16 | 1, table_b, 5, data_b);
  return 0;
}
