/* requires.c -- the program's 'omp requires' mask: merged from the images
   GCC 13 and later register (the word in front of each image's data),
   with libgomp's checks that every compilation unit asks the same; and
   which plugins' devices can serve it.  A program built with
   -foffload=disable registers no image, so its mask is never known here.

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

#include "requires.h"
#include "gomptarget-plugin.h"

#include <stdio.h>

uint32_t gt_requires_mask;

/* What a device must honour; the other bits of a mask are information.  */
#define DEVICE_BITS (GT_REQUIRES_UNIFIED_ADDRESS			\
		     | GT_REQUIRES_UNIFIED_SHARED_MEMORY		\
		     | GT_REQUIRES_REVERSE_OFFLOAD)

void
gt_requires_name (char *buf, size_t size, uint32_t mask)
{
  static const struct { uint32_t bit; const char *name; } names[] = {
    { GT_REQUIRES_UNIFIED_ADDRESS, "unified_address" },
    { GT_REQUIRES_UNIFIED_SHARED_MEMORY, "unified_shared_memory" },
    { GT_REQUIRES_REVERSE_OFFLOAD, "reverse_offload" }
  };
  size_t i, len = 0;

  if (size == 0)
    return;
  buf[0] = '\0';
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if ((mask & names[i].bit) && len < size)
      {
	int n = snprintf (buf + len, size - len, "%s%s", len ? ", " : "",
			  names[i].name);
	if (n > 0)
	  len += (size_t) n;
      }
}

void
gt_requires_register (uint32_t mask)
{
  char mine[64], theirs[64];
  uint32_t old = gt_requires_mask;

  if (mask == 0)
    return;
  if (old != 0 && old != mask)
    {
      /* As libgomp says it: a unit with only target constructs (the
	 TARGET_USED bit alone) against one with clauses, or two with
	 different clauses.  */
      if (mask != GT_REQUIRES_TARGET_USED && old != GT_REQUIRES_TARGET_USED)
	{
	  gt_requires_name (mine, sizeof mine, old);
	  gt_requires_name (theirs, sizeof theirs, mask);
	  gt_fatal ("OpenMP 'requires' directive with non-identical clauses "
		    "in multiple compilation units: '%s' vs. '%s'", mine,
		    theirs);
	}
      gt_requires_name (theirs, sizeof theirs,
			mask != GT_REQUIRES_TARGET_USED ? mask : old);
      gt_fatal ("OpenMP 'requires' directive with '%s' specified only in "
		"some compilation units", theirs);
    }
  __atomic_store_n (&gt_requires_mask, mask, __ATOMIC_RELAXED);
  if (mask & DEVICE_BITS)
    {
      gt_requires_name (mine, sizeof mine, mask);
      gt_debug ("the program requires %s", mine);
    }
}

uint32_t
gt_requires_for_devices (void)
{
  return __atomic_load_n (&gt_requires_mask, __ATOMIC_RELAXED) & DEVICE_BITS;
}

bool
gt_requires_accept (const char *name, size_t name_len, uint32_t *caps,
		    uint64_t honoured)
{
  uint32_t want = gt_requires_for_devices (), missing, shared;
  char buf[64];

  missing = want & ~(uint32_t) honoured;
  /* Devices with the host's memory have one address space with it.  */
  if (*caps & GT_CAP_SHARED_MEMORY)
    missing &= ~(GT_REQUIRES_UNIFIED_ADDRESS
		 | GT_REQUIRES_UNIFIED_SHARED_MEMORY);
  if (missing == 0)
    return true;
  /* A device that runs host code has the host's address space: device
     memory is host memory that the host does not use otherwise, so
     unified addresses come for free.  Unified shared memory comes from
     running the device with the host's memory itself: what a device with
     real unified memory gives.  Reverse offload is the plugin's to do
     (its ancestor regions are translated as a GPU's are,
     reverse-request.c).  */
  if (*caps & GT_CAP_HOST_CODE)
    {
      shared = missing & GT_REQUIRES_UNIFIED_SHARED_MEMORY;
      missing &= ~(shared | GT_REQUIRES_UNIFIED_ADDRESS);
      if (missing == 0)
	{
	  if (shared)
	    {
	      gt_requires_name (buf, sizeof buf, shared);
	      gt_debug ("%.*s devices run in shared-memory mode for "
			"'omp requires %s'", (int) name_len, name, buf);
	      *caps |= GT_CAP_SHARED_MEMORY;
	    }
	  return true;
	}
    }
  gt_requires_name (buf, sizeof buf, want);
  gt_debug ("%.*s devices present but 'omp requires %s' cannot be "
	    "fulfilled", (int) name_len, name, buf);
  return false;
}
