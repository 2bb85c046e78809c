/* config.c -- the emulated HSA runtime's settings and fault injection,
   read from the environment at hsa_init (see README):

     GOMPTARGET_EMUL_HSA_AGENTS     number of GPU agents (0-8, default 1)
     GOMPTARGET_EMUL_HSA_ISA        ISA of each GPU agent, comma-separated
				    (the last one repeats; default gfx906)
     GOMPTARGET_EMUL_HSA_CUS        compute units, likewise (default: by ISA)
     GOMPTARGET_EMUL_HSA_MEMORY_MB  device memory of each GPU (default 4096)
     GOMPTARGET_EMUL_HSA_POISON     1: fill new device memory with 0xa5
     GOMPTARGET_EMUL_HSA_TRACE      1: trace calls and rejections on stderr
     GOMPTARGET_EMUL_HSA_FAULT      ITEM[,ITEM...], ITEM = WHAT, WHAT:N,
				    WHAT:N+, kernel=NAME or corrupt=NAME,
				    WHAT one of
				    init alloc copy load queue signal kernel
     GOMPTARGET_EMUL_HSA_FAIL       FUNCTION[:N[+]][=STATUS][,...] or list
				    (entries.c)

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

#include "emul-hsa.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

struct emul_config emul_cfg;

/* The ISAs GCC builds for, with their EF_AMDGPU_MACH values and a
   default compute-unit count of a typical part.  */
static const struct
{
  const char *name;
  uint32_t mach;
  uint32_t cus;
} isas[] = {
  { "gfx803", 0x2a, 64 },
  { "gfx900", 0x2c, 64 },
  { "gfx906", 0x2f, 60 },
  { "gfx908", 0x30, 120 },
  { "gfx90a", 0x3f, 104 },
  { "gfx90c", 0x32, 8 },
  { "gfx1030", 0x36, 40 },
  { "gfx1036", 0x45, 2 },
  { "gfx1100", 0x41, 48 },
  { "gfx1103", 0x44, 12 },
};

uint32_t
emul_isa_mach (const char *name)
{
  size_t i;

  for (i = 0; i < sizeof isas / sizeof isas[0]; i++)
    if (strcmp (isas[i].name, name) == 0)
      return isas[i].mach;
  return 0;
}

const char *
emul_mach_name (uint32_t mach)
{
  size_t i;

  for (i = 0; i < sizeof isas / sizeof isas[0]; i++)
    if (isas[i].mach == mach)
      return isas[i].name;
  return "unknown";
}

static uint32_t
isa_cus (uint32_t mach)
{
  size_t i;

  for (i = 0; i < sizeof isas / sizeof isas[0]; i++)
    if (isas[i].mach == mach)
      return isas[i].cus;
  return 1;
}

void
emul_trace (const char *fmt, ...)
{
  va_list ap;

  if (!emul_cfg.trace)
    return;
  va_start (ap, fmt);
  emul_vreport (2, true, fmt, ap);
  va_end (ap);
}

/* Element I of the comma-separated LIST (the last one if there are
   fewer), copied into BUF.  */
static void
list_item (const char *list, int i, char *buf, size_t size)
{
  const char *p = list, *comma;
  size_t len;

  while (i > 0 && (comma = strchr (p, ',')) != NULL)
    {
      p = comma + 1;
      i--;
    }
  comma = strchr (p, ',');
  len = comma ? (size_t) (comma - p) : strlen (p);
  if (len >= size)
    len = size - 1;
  memcpy (buf, p, len);
  buf[len] = '\0';
}

#ifdef __SANITIZE_THREAD__
int emul_fence_word;
#endif

static const char *const fault_names[EMUL_FAULT_COUNT] = {
  "init", "alloc", "copy", "load", "queue", "signal", "kernel"
};

static bool
parse_faults (const char *spec)
{
  char item[160];
  const char *p = spec;

  while (*p != '\0')
    {
      const char *comma = strchr (p, ',');
      size_t len = comma ? (size_t) (comma - p) : strlen (p);
      unsigned long n;
      bool from;
      int counted, k;

      if (len == 0 || len >= sizeof item)
	goto bad;
      memcpy (item, p, len);
      item[len] = '\0';
      p += len + (comma != NULL);

      if (strncmp (item, "kernel=", 7) == 0)
	{
	  if (item[7] == '\0'
	      || strlen (item + 7) >= sizeof emul_cfg.fault_kernel)
	    goto bad;
	  strcpy (emul_cfg.fault_kernel, item + 7);
	  continue;
	}
      if (strncmp (item, "corrupt=", 8) == 0)
	{
	  if (item[8] == '\0'
	      || strlen (item + 8) >= sizeof emul_cfg.corrupt_kernel)
	    goto bad;
	  strcpy (emul_cfg.corrupt_kernel, item + 8);
	  continue;
	}
      counted = emul_rule_count (item, UINT32_MAX, &n, &from);
      for (k = 0; k < EMUL_FAULT_COUNT; k++)
	if (strcmp (item, fault_names[k]) == 0)
	  break;
      if (k == EMUL_FAULT_COUNT || counted < 0)
	goto bad;
      emul_cfg.fault_at[k] = counted ? n : 1;
      emul_cfg.fault_from[k] = counted ? from : true;
    }
  return true;

 bad:
  emul_report ("GOMPTARGET_EMUL_HSA_FAULT='%s': expected ITEM[,ITEM...] with "
	       "ITEM one of WHAT, WHAT:N, WHAT:N+ (WHAT: init, alloc, copy, "
	       "load, queue, signal, kernel), kernel=NAME or corrupt=NAME", spec);
  return false;
}

bool
emul_fault (enum emul_fault what)
{
  uint64_t n;

  if (emul_forked_child && what != EMUL_FAULT_INIT
      && what != EMUL_FAULT_KERNEL)
    {
      emul_trace ("%s refused: the runtime was initialised before fork ()",
		  fault_names[what]);
      return true;
    }
  if (emul_cfg.fault_at[what] == 0)
    return false;
  if (emul_rule_hit (&emul_cfg.fault_calls[what], emul_cfg.fault_at[what],
		     emul_cfg.fault_from[what], &n))
    {
      emul_trace ("fault injected: %s call %llu", fault_names[what],
		  (unsigned long long) n);
      return true;
    }
  return false;
}

bool
emul_config_read (void)
{
  const char *v, *isa_list, *cu_list;
  unsigned long n;
  int i;
  bool ok = true;

  memset (&emul_cfg, 0, sizeof emul_cfg);
  ok &= emul_env_flag ("GOMPTARGET_EMUL_HSA_TRACE", false, &emul_cfg.trace);
  ok &= emul_env_flag ("GOMPTARGET_EMUL_HSA_POISON", false, &emul_cfg.poison);
  ok &= emul_env_poll ("GOMPTARGET_EMUL_HSA_POLL", EMUL_POLL_NEVER,
			&emul_cfg.poll);

  emul_cfg.num_gpus = 1;
  v = getenv ("GOMPTARGET_EMUL_HSA_AGENTS");
  if (v != NULL && *v != '\0')
    {
      if (emul_number (v, EMUL_MAX_GPUS, &n))
	emul_cfg.num_gpus = (int) n;
      else
	{
	  emul_report ("GOMPTARGET_EMUL_HSA_AGENTS='%s': expected a number "
		       "of GPU agents from 0 to %d", v, EMUL_MAX_GPUS);
	  ok = false;
	}
    }

  isa_list = getenv ("GOMPTARGET_EMUL_HSA_ISA");
  if (isa_list == NULL || *isa_list == '\0')
    isa_list = "gfx906";
  cu_list = getenv ("GOMPTARGET_EMUL_HSA_CUS");
  if (cu_list != NULL && *cu_list == '\0')
    cu_list = NULL;
  for (i = 0; i < EMUL_MAX_GPUS; i++)
    {
      struct emul_gpu_config *g = &emul_cfg.gpu[i];
      char buf[32];

      list_item (isa_list, i, g->isa, sizeof g->isa);
      g->mach = emul_isa_mach (g->isa);
      if (g->mach == 0 && i < emul_cfg.num_gpus)
	{
	  emul_report ("GOMPTARGET_EMUL_HSA_ISA='%s': unknown ISA '%s' (known: "
		       "gfx803 gfx900 gfx906 gfx908 gfx90a gfx90c gfx1030 "
		       "gfx1036 gfx1100 gfx1103)", isa_list, g->isa);
	  ok = false;
	  break;
	}
      g->compute_units = isa_cus (g->mach);
      if (cu_list != NULL)
	{
	  list_item (cu_list, i, buf, sizeof buf);
	  if (emul_number (buf, 1024, &n) && n > 0)
	    g->compute_units = (uint32_t) n;
	  else if (i < emul_cfg.num_gpus)
	    {
	      emul_report ("GOMPTARGET_EMUL_HSA_CUS='%s': expected numbers "
			   "from 1 to 1024", cu_list);
	      ok = false;
	      break;
	    }
	}
    }

  emul_cfg.memory_size = (uint64_t) 4096 << 20;
  v = getenv ("GOMPTARGET_EMUL_HSA_MEMORY_MB");
  if (v != NULL && *v != '\0')
    {
      if (emul_number (v, 1 << 20, &n) && n > 0)
	emul_cfg.memory_size = n << 20;
      else
	{
	  emul_report ("GOMPTARGET_EMUL_HSA_MEMORY_MB='%s': expected a size in "
		       "MiB from 1 to 1048576", v);
	  ok = false;
	}
    }

  v = getenv ("GOMPTARGET_EMUL_HSA_FAULT");
  if (v != NULL && *v != '\0')
    ok &= parse_faults (v);
  v = getenv ("GOMPTARGET_EMUL_HSA_FAIL");
  if (v != NULL && *v != '\0')
    ok &= emul_fail_parse (v);
  return ok;
}
