/* gt-report.h -- the one writer of report lines (errors, warnings and
   GOMP_DEBUG traces) of the front end and the plugins.

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

#ifndef GT_COMMON_REPORT_H
#define GT_COMMON_REPORT_H

#include <stdarg.h>

#include "gt-common.h"

/* Write FMT formatted on stderr, in one write, each of its lines (one,
   usually) starting with PREFIX.  */
void gt_vreport (const char *prefix, const char *fmt, va_list ap)
  GT_COMMON_HIDDEN;

#endif /* GT_COMMON_REPORT_H */
