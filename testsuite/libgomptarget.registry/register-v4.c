/* { dg-do run } */
/* { dg-output {libgomptarget: offload data of library version 4 is newer than this library supports \(3\)} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Offload data of a library version newer than GCC 14's (3) cannot be
   read: a fatal error at registration, not a misread image.  */

#include <stdint.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);

static void *host_table[6];
static const uintptr_t data[2];

int
main (void)
{
  GOMP_offload_register_ver (4u << 16 | 1, host_table, 5, data);
  return 0;
}
