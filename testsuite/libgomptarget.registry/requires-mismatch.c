/* { dg-do run } */
/* { dg-output {libgomptarget: OpenMP 'requires' directive with non-identical clauses in multiple compilation units: 'unified_address, unified_shared_memory' vs. 'reverse_offload'} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Two images whose 'omp requires' masks differ: fatal, in libgomp's
   words.  */

#include <stdint.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);

static void *table_a[6], *table_b[6];
static const uintptr_t data_a[] = { 0x230, 0 }, data_b[] = { 0x280, 0 };

int
main (void)
{
  GOMP_offload_register_ver (3u << 16 | 1, table_a, 5, data_a);
  GOMP_offload_register_ver (3u << 16 | 1, table_b, 5, data_b);
  return 0;
}
