/* info-report.h -- the one entry point that gomptarget-info and its
   preloaded helper call in the library (libgomp/info.c): the report of
   plugins, vendor libraries, devices and a program's images.

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

#ifndef GT_INFO_REPORT_H
#define GT_INFO_REPORT_H

#include <stdio.h>

/* Print to OUT the plugins looked for, the vendor libraries, the devices
   and, unless PROGRAM is NULL, the images that PROGRAM (a program or
   shared library, already loaded in this process) carries and which
   device runs each.  Returns 0.
   Exported at GOMPTARGET_INFO_1.0 (libgomptarget.map).  */
int GOMPTARGET_info_report (FILE *out, const char *program)
  __attribute__ ((visibility ("default")));

#endif /* GT_INFO_REPORT_H */
