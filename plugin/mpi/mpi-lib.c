/* mpi-lib.c -- Open MPI's libmpi, opened with dlopen when a program runs
   under mpirun, never linked: a program that does not (most programs
   with offload tables, which all offer themselves to this plugin before
   main) loads nothing of MPI, and where Open MPI is not installed the
   plugin has no device and says why under GOMP_DEBUG only.  Its
   functions and the handles mpi.h names as its variables' addresses are
   looked up by name (mpi-lib.def).

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

#include "plugin-mpi.h"

#include <dlfcn.h>

struct mpidev_lib mpidev_lib;

/* Open MPI's library, by the soname of its ABI (3.x to 5.x), then by the
   development link.  */
static const char *const names[] = { "libmpi.so.40", "libmpi.so" };

bool
mpidev_lib_open (void)
{
  void *h = NULL, *p;
  size_t i;

  /* Global: Open MPI's components, which libmpi opens, bind to it.  */
  for (i = 0; h == NULL && i < sizeof names / sizeof *names; i++)
    h = dlopen (names[i], RTLD_NOW | RTLD_GLOBAL);
  if (h == NULL)
    {
      gt_plugin_debug ("cannot open Open MPI's library (%s): no device",
		       dlerror ());
      return false;
    }
  /* Looked up as the program itself binds them: a program linked with
     libmpi has copies of its predefined handles (copy relocations),
     which libmpi then uses instead of its own; and a tool preloaded in
     front of MPI (PMPI) gets the calls.  */
#define MPIDEV_FN(NAME)							\
  p = dlsym (RTLD_DEFAULT, "MPI_" #NAME);				\
  if (p == NULL)							\
    goto missing;							\
  *(void **) &mpidev_lib.NAME = p;
#define MPIDEV_HANDLE(FIELD, TYPE, MACRO, SYMBOL)			\
  p = dlsym (RTLD_DEFAULT, #SYMBOL);					\
  if (p == NULL)							\
    goto missing;							\
  mpidev_lib.FIELD = (TYPE) p;
#include "mpi-lib.def"
#undef MPIDEV_FN
#undef MPIDEV_HANDLE
  return true;

 missing:
  gt_plugin_debug ("%s is not the Open MPI this plugin was built for (%s): "
		   "no device", names[i - 1], dlerror ());
  dlclose (h);
  return false;
}
