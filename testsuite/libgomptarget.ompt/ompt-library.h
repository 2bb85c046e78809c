/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The OMPT tests with the tool in the library of OMP_TOOL_LIBRARIES:
   its log is found in the library the front end loaded.  */

#include "ompt-log.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static struct ompt_log *
library_log (void)
{
  const char *libs = getenv ("OMP_TOOL_LIBRARIES");
  const char *last = libs ? strrchr (libs, ':') : NULL;
  void *h;
  struct ompt_log *(*fn) (void);

  if (libs == NULL)
    return NULL;
  /* Loaded already by the front end: RTLD_NOLOAD.  */
  h = dlopen (last ? last + 1 : libs, RTLD_NOW | RTLD_NOLOAD);
  if (h == NULL)
    return NULL;
  fn = (struct ompt_log *(*) (void)) dlsym (h, "ompt_test_log");
  return fn ? fn () : NULL;
}

#define GET_LOG library_log
#include "ompt-body.h"
