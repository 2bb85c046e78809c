/* info-preload.c -- libgomptarget-info-preload.so, which gomptarget-info
   preloads (after libgomptarget.so.1) into a program it inspects: the
   program's constructors register its offload images as on any run,
   and then, instead of its main, the report of gomptarget-info is
   printed and the process exits.  The program's main never runs.  In a
   process without GOMPTARGET_INFO_PROGRAM, which gomptarget-info sets,
   it does nothing.

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

#include "config.h"
#include "info-report.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>


typedef int main_fn (int, char **, char **);
typedef int start_fn (main_fn *, int, char **, void (*) (void),
		      void (*) (void), void (*) (void), void *);

int __libc_start_main (main_fn *main, int argc, char **argv,
		       void (*init) (void), void (*fini) (void),
		       void (*rtld_fini) (void), void *stack_end)
  __attribute__ ((visibility ("default")));

/* What runs instead of the program's main, once its constructors have
   run (and registered its images).  */
static int
report_main (int argc, char **argv, char **envp)
{
  (void) argc;
  (void) envp;
  return GOMPTARGET_info_report (stdout, getenv ("GOMPTARGET_INFO_PROGRAM")
					 ?: argv[0]);
}

/* The C library's start of a program, which calls the constructors and
   then MAIN: it gets report_main instead.  */
int
__libc_start_main (main_fn *main, int argc, char **argv,
		   void (*init) (void), void (*fini) (void),
		   void (*rtld_fini) (void), void *stack_end)
{
  start_fn *start = (start_fn *) dlsym (RTLD_NEXT, "__libc_start_main");

  if (start == NULL)
    {
      fprintf (stderr, "gomptarget-info: cannot find the C library's "
	       "__libc_start_main: %s\n", dlerror ());
      _Exit (1);
    }
  if (getenv ("GOMPTARGET_INFO_PROGRAM") != NULL)
    main = report_main;
  return start (main, argc, argv, init, fini, rtld_fini, stack_end);
}
