/* poll.c -- whether the emulators' threads that wait for work or for its
   completion poll a while before they sleep (GOMPTARGET_EMUL_CUDA_POLL,
   GOMPTARGET_EMUL_HSA_POLL): always, never, or while the machine has
   processors to spare.  A GPU takes work from its queue, and a waiting
   host thread usually sees it done, with no operating-system wake-up;
   here the device is host threads, which share the processors with the
   rest of the machine.

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

#include "emul-base.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* How often spare_processors looks at the machine again.  */
#define SPARE_CHECK_NS 10000000u

bool
emul_env_poll (const char *var, int deflt, int *out)
{
  const char *s = getenv (var);

  *out = deflt;
  if (s == NULL || *s == '\0')
    return true;
  if (strcmp (s, "auto") == 0)
    *out = EMUL_POLL_AUTO;
  else if (strcmp (s, "always") == 0)
    *out = EMUL_POLL_ALWAYS;
  else if (strcmp (s, "never") == 0)
    *out = EMUL_POLL_NEVER;
  else
    {
      emul_bad_setting (var, s, "expected auto, always or never");
      return false;
    }
  return true;
}

/* Are there no more runnable threads on the machine than processors
   (the fourth field of /proc/loadavg, "runnable/all", read every
   SPARE_CHECK_NS at most)?  True where it cannot be read.  */
static bool
spare_processors (void)
{
  static uint64_t next_check;
  static int spare = 1;
  static long processors;
  uint64_t now = emul_now_ns ();
  uint64_t next = __atomic_load_n (&next_check, __ATOMIC_RELAXED);

  if (now < next
      || !__atomic_compare_exchange_n (&next_check, &next,
				       now + SPARE_CHECK_NS, false,
				       __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    return __atomic_load_n (&spare, __ATOMIC_RELAXED);
  if (__atomic_load_n (&processors, __ATOMIC_RELAXED) == 0)
    {
      long n = sysconf (_SC_NPROCESSORS_ONLN);
      __atomic_store_n (&processors, n > 0 ? n : 1, __ATOMIC_RELAXED);
    }
  int fd = open ("/proc/loadavg", O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    {
      char buf[128];
      ssize_t n = read (fd, buf, sizeof buf - 1);
      long runnable;
      close (fd);
      if (n > 0)
	{
	  buf[n] = '\0';
	  if (sscanf (buf, "%*s %*s %*s %ld/", &runnable) == 1)
	    __atomic_store_n (&spare,
			      runnable <= __atomic_load_n (&processors,
							   __ATOMIC_RELAXED),
			      __ATOMIC_RELAXED);
	}
    }
  return __atomic_load_n (&spare, __ATOMIC_RELAXED);
}

bool
emul_poll_now (int mode)
{
  return mode == EMUL_POLL_ALWAYS
	 || (mode == EMUL_POLL_AUTO && spare_processors ());
}
