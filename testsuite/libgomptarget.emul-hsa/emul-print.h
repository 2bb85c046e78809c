/* emul-print.h -- the device print routines gomp_print_integer, _double
   and _string (console slot types 0, 1 and 2) for test kernels.  GCC 12's
   device libraries do not provide them (older GCC versions had them in
   libgcc's config/gcn/gomp_print.c), so the device compiler gets empty
   stand-ins through "declare variant", only so that the GCN image links;
   emulated kernels run the host version, which calls the emulated
   runtime's routines of these names.

   (Offloaded code cannot name stdout, stderr or errno either: glibc's
   headers make them glibc symbols, which the device libraries lack.
   Tests pass the streams in as data.)

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

#ifndef EMUL_PRINT_H
#define EMUL_PRINT_H

#include <stdint.h>

#pragma omp declare target
void gcn_stub_print_integer (const char *msg, int64_t value);
void gcn_stub_print_double (const char *msg, double value);
void gcn_stub_print_string (const char *msg, const char *value);

void
gcn_stub_print_integer (const char *msg, int64_t value)
{
  (void) msg;
  (void) value;
}

void
gcn_stub_print_double (const char *msg, double value)
{
  (void) msg;
  (void) value;
}

void
gcn_stub_print_string (const char *msg, const char *value)
{
  (void) msg;
  (void) value;
}

#pragma omp end declare target

#pragma omp declare variant (gcn_stub_print_integer) \
  match (device = {arch (gcn)})
void gomp_print_integer (const char *msg, int64_t value);
#pragma omp declare variant (gcn_stub_print_double) \
  match (device = {arch (gcn)})
void gomp_print_double (const char *msg, double value);
#pragma omp declare variant (gcn_stub_print_string) \
  match (device = {arch (gcn)})
void gomp_print_string (const char *msg, const char *value);

#endif /* EMUL_PRINT_H */
