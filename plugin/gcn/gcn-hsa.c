/* gcn-hsa.c -- the GCN plugin's link to the HSA runtime: the library is
   opened with dlopen (libhsa-runtime64.so.1, or HSA_RUNTIME_LIB), never
   linked, and the functions of hsa-lib.def are looked up in it; hsa_init;
   the GPU agents; status messages; the table of ISAs.

   On a machine without the AMD GPU kernel driver (no /dev/kfd) ROCr
   cannot work: its hsa_init fails (HSA_STATUS_ERROR_OUT_OF_RESOURCES)
   after loading a dozen libraries.  So unless the runtime is already
   loaded (an emulated runtime preloaded by the tests) or HSA_RUNTIME_LIB
   names one, the plugin does not load it there at all.  Either way the
   reason for having no device is said under GOMP_DEBUG only.

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

#include "plugin-gcn.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_HSA_LIB "libhsa-runtime64.so.1"

struct gcn_hsa_fns gcn_hsa;

/* ---- ISAs.  ---- */

static const struct
{
  const char *name;
  int mach;			/* EF_AMDGPU_MACH.  */
  int max_vgprs;
} isas[] = {
  { "gfx803", 0x2a, 256 },
  { "gfx900", 0x2c, 256 },
  { "gfx906", 0x2f, 256 },
  { "gfx908", 0x30, 256 },
  { "gfx90a", 0x3f, 512 },
  { "gfx90c", 0x32, 256 },
  { "gfx940", 0x40, 512 },
  { "gfx941", 0x4b, 512 },
  { "gfx942", 0x4c, 512 },
  { "gfx1010", 0x33, 512 },
  { "gfx1030", 0x36, 512 },
  { "gfx1031", 0x37, 512 },
  { "gfx1032", 0x38, 512 },
  { "gfx1036", 0x45, 512 },
  { "gfx1100", 0x41, 1536 },
  { "gfx1101", 0x46, 1536 },
  { "gfx1102", 0x47, 1536 },
  { "gfx1103", 0x44, 1536 }
};

int
gcn_isa_mach (const char *name)
{
  size_t n = strcspn (name, ":"), i;

  for (i = 0; i < sizeof isas / sizeof isas[0]; i++)
    if (strlen (isas[i].name) == n && strncmp (isas[i].name, name, n) == 0)
      return isas[i].mach;
  return 0;
}

const char *
gcn_isa_name (int mach)
{
  size_t i;

  for (i = 0; i < sizeof isas / sizeof isas[0]; i++)
    if (isas[i].mach == mach)
      return isas[i].name;
  return NULL;
}

int
gcn_isa_max_vgprs (int mach)
{
  size_t i;

  for (i = 0; i < sizeof isas / sizeof isas[0]; i++)
    if (isas[i].mach == mach)
      return isas[i].max_vgprs;
  return 256;
}

/* ---- Status messages.  ---- */

const char *
gcn_status (hsa_status_t s)
{
  const char *text = NULL;

  if (gcn_hsa.hsa_status_string == NULL
      || gcn_hsa.hsa_status_string (s, &text) != HSA_STATUS_SUCCESS
      || text == NULL)
    return "unknown HSA status";
  return text;
}

void
gcn_error (hsa_status_t s, const char *fmt, ...)
{
  char what[512];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (what, sizeof what, fmt, ap);
  va_end (ap);
  gt_plugin_error ("%s: %s (status 0x%x)", what, gcn_status (s),
		   (unsigned) s);
}

/* ---- Opening the runtime.  ---- */

/* Look up every function of hsa-lib.def in H; false, with the name of
   the first required one missing in *MISSING, when one is.  */
static bool
resolve (void *h, const char **missing)
{
  void *p;

#define HSA_REQUIRED(name)						\
  p = dlsym (h, #name);							\
  if (p == NULL)							\
    {									\
      *missing = #name;							\
      return false;							\
    }									\
  memcpy (&gcn_hsa.name, &p, sizeof p);
#define HSA_OPTIONAL(name)						\
  p = dlsym (h, #name);							\
  memcpy (&gcn_hsa.name, &p, sizeof p);
#include "hsa-lib.def"
  return true;
}

struct agent_list
{
  hsa_agent_t *agents;
  int n, max;
};

static hsa_status_t
agent_cb (hsa_agent_t agent, void *data)
{
  struct agent_list *l = data;
  hsa_device_type_t type;
  hsa_status_t s;

  s = gcn_hsa.hsa_agent_get_info (agent, HSA_AGENT_INFO_DEVICE, &type);
  if (s != HSA_STATUS_SUCCESS)
    return s;
  if (type == HSA_DEVICE_TYPE_GPU && l->n < l->max)
    l->agents[l->n++] = agent;
  return HSA_STATUS_SUCCESS;
}

const char *gcn_hsa_file;
uint16_t gcn_hsa_major, gcn_hsa_minor;

int
gcn_hsa_open (hsa_agent_t *agents, int max)
{
  const char *env = getenv ("HSA_RUNTIME_LIB");
  bool named = env != NULL && *env != '\0';
  const char *name = named ? env : DEFAULT_HSA_LIB;
  const char *missing = NULL;
  struct agent_list l = { agents, 0, max };
  uint16_t major = 0, minor = 0;
  hsa_status_t s;
  void *h = NULL;

  if (!named)
    {
      /* Loaded already (preloaded, or linked into the program)?  */
      h = dlopen (name, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
      if (h == NULL && access ("/dev/kfd", F_OK) != 0)
	{
	  gt_plugin_no_devices ("no /dev/kfd (the AMD GPU kernel driver is "
				"not loaded): no GPU; %s not loaded "
				"(HSA_RUNTIME_LIB names a runtime to load "
				"anyway)", name);
	  return 0;
	}
    }
  if (h == NULL)
    h = dlopen (name, RTLD_NOW | RTLD_LOCAL);
  if (h == NULL)
    {
      gt_plugin_no_devices ("cannot load the HSA runtime: %s", dlerror ());
      return 0;
    }
  if (!resolve (h, &missing))
    {
      gt_plugin_no_devices ("%s is not a usable HSA runtime: it has no %s",
			    name, missing);
      memset (&gcn_hsa, 0, sizeof gcn_hsa);
      dlclose (h);
      return 0;
    }
  /* The runtime stays loaded from here on, even if it has no GPU: ROCr is
     not meant to be unloaded.  */
  s = gcn_hsa.hsa_init ();
  if (s != HSA_STATUS_SUCCESS)
    {
      gt_plugin_no_devices ("%s: hsa_init failed: %s (status 0x%x): no GPU",
			    name, gcn_status (s), (unsigned) s);
      return 0;
    }
  if (gcn_hsa.hsa_system_get_info (HSA_SYSTEM_INFO_VERSION_MAJOR, &major)
      == HSA_STATUS_SUCCESS)
    gcn_hsa.hsa_system_get_info (HSA_SYSTEM_INFO_VERSION_MINOR, &minor);
  s = gcn_hsa.hsa_iterate_agents (agent_cb, &l);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "listing the HSA agents");
      l.n = 0;
    }
  gt_plugin_debug ("%s: HSA %u.%u, %d GPU agent(s)", name, (unsigned) major,
		   (unsigned) minor, l.n);
  gcn_hsa_file = name;
  gcn_hsa_major = major;
  gcn_hsa_minor = minor;
  if (l.n == 0)
    {
      gt_plugin_no_devices ("%s: no GPU agent", name);
      gcn_hsa.hsa_shut_down ();
    }
  return l.n;
}
