/* config.c -- the settings of the emulated CUDA driver (GOMPTARGET_EMUL_
   CUDA_* environment variables, read once), its diagnostics and trace
   file, fault injection (failing API calls by name and count, and
   faulting kernel launches by kernel name), and calls slowed at random
   (jitter).

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

#include "emul-cuda.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct emul_config emul_config;

#define PREFIX "emulated libcuda.so.1: "

/* One rule of GOMPTARGET_EMUL_CUDA_FAIL or GOMPTARGET_EMUL_CUDA_FAULT:
   call AT (1-based) of NAME fails with ERR, and every later one when
   FROM.  */
struct emul_rule
{
  char *name;
  uint64_t at;
  bool from;
  CUresult err;
  bool has_err;
  uint64_t count;
};

static struct emul_rule *fail_rules, *fault_rules;
static size_t nfail_rules, nfault_rules;
static pthread_mutex_t rules_lock = PTHREAD_MUTEX_INITIALIZER;
static int trace_fd = -1;

void
emul_debug (const char *fmt, ...)
{
  if (!emul_config.debug)
    return;
  va_list ap;
  va_start (ap, fmt);
  emul_vreport (2, true, fmt, ap);
  va_end (ap);
}

bool
emul_tracing (void)
{
  return trace_fd >= 0;
}

void
emul_trace (const char *fmt, ...)
{
  if (trace_fd < 0)
    return;
  va_list ap;
  va_start (ap, fmt);
  emul_vreport (trace_fd, false, fmt, ap);
  va_end (ap);
}

/* ---- Parsing.  ---- */

/* "M.m" at *P.  */
static bool
parse_cc (const char **p, int *major, int *minor)
{
  unsigned long a, b;
  if (!emul_parse_number (p, 99, &a) || **p != '.')
    return false;
  ++*p;
  if (!emul_parse_number (p, 9, &b))
    return false;
  *major = (int) a;
  *minor = (int) b;
  return true;
}

/* A per-device list "V[,V...]" of numbers in [MIN, MAX]; the last value
   is used for the remaining devices.  */
static bool
parse_device_numbers (const char *var, unsigned long min, unsigned long max,
		      unsigned long *vals)
{
  const char *s = getenv (var);
  if (s == NULL || *s == '\0')
    return true;
  const char *p = s;
  int i = 0;
  for (;;)
    {
      unsigned long v;
      if (!emul_parse_number (&p, max, &v) || v < min)
	{
	  char what[96];
	  snprintf (what, sizeof what, "expected numbers from %lu to %lu, "
		    "separated by commas", min, max);
	  emul_bad_setting (var, s, what);
	  return false;
	}
      if (i < EMUL_MAX_DEVICES)
	vals[i++] = v;
      if (*p == '\0')
	break;
      if (*p++ != ',')
	{
	  emul_bad_setting (var, s, "expected ',' between values");
	  return false;
	}
    }
  for (; i < EMUL_MAX_DEVICES; i++)
    vals[i] = vals[i - 1];
  return true;
}

/* The CUresult called NAME (CUDA_ERROR_xxx) or numbered NAME.  */
static bool
parse_result (const char *name, CUresult *out)
{
  const char *p = name;
  unsigned long v;
  if (emul_parse_number (&p, 100000, &v) && *p == '\0')
    {
      *out = (CUresult) v;
      return true;
    }
#define X(n, value) \
  if (strcmp (name, #n) == 0) { *out = n; return true; }
  GT_CUDA_RESULTS (X)
#undef X
  return false;
}

/* Parse a rule list "NAME[:N[+]][=ERROR][,...]" of VAR into *RULES.
   KINDS maps extra error words (for kernel faults) to results.  */
static bool
parse_rules (const char *var, struct emul_rule **rules, size_t *nrules,
	     bool faults)
{
  const char *s = getenv (var);
  if (s == NULL || *s == '\0')
    return true;
  char *copy = strdup (s);
  if (copy == NULL)
    return false;
  bool ok = true;
  char *save = NULL;
  for (char *item = strtok_r (copy, ",", &save); item;
       item = strtok_r (NULL, ",", &save))
    {
      struct emul_rule r = { NULL, 1, true, CUDA_SUCCESS, false, 0 };
      char *eq = strchr (item, '=');
      if (eq)
	{
	  *eq++ = '\0';
	  r.has_err = true;
	  if (faults && strcmp (eq, "illegal-address") == 0)
	    r.err = CUDA_ERROR_ILLEGAL_ADDRESS;
	  else if (faults && strcmp (eq, "trap") == 0)
	    r.err = CUDA_ERROR_LAUNCH_FAILED;
	  else if (faults && strcmp (eq, "illegal-instruction") == 0)
	    r.err = CUDA_ERROR_ILLEGAL_INSTRUCTION;
	  else if (!parse_result (eq, &r.err) || r.err == CUDA_SUCCESS)
	    {
	      emul_bad_setting (var, s, faults
			   ? "unknown fault (illegal-address, trap, "
			     "illegal-instruction or a CUDA_ERROR_ name)"
			   : "unknown error (a CUDA_ERROR_ name or number)");
	      ok = false;
	      break;
	    }
	}
      unsigned long n;
      bool from;
      int counted = emul_rule_count (item, ULONG_MAX - 1, &n, &from);
      if (counted < 0)
	{
	  emul_bad_setting (var, s, "expected NAME[:N[+]][=ERROR], N >= 1");
	  ok = false;
	  break;
	}
      if (counted)
	{
	  r.at = n;
	  r.from = from;
	}
      if (*item == '\0')
	{
	  emul_bad_setting (var, s, "missing name");
	  ok = false;
	  break;
	}
      r.name = strdup (item);
      struct emul_rule *grown
	= realloc (*rules, (*nrules + 1) * sizeof **rules);
      if (r.name == NULL || grown == NULL)
	{
	  free (r.name);
	  ok = false;
	  break;
	}
      *rules = grown;
      (*rules)[(*nrules)++] = r;
    }
  free (copy);
  return ok;
}

/* The newest PTX ISA a driver of CUDA VERSION (1000*major + 10*minor)
   accepts, as 10*major+minor.  */
static int
ptx_isa_of_driver (int version)
{
  static const struct { int cuda, ptx; } table[] = {
    { 11000, 70 }, { 11010, 71 }, { 11020, 72 }, { 11030, 73 },
    { 11040, 74 }, { 11050, 75 }, { 11060, 76 }, { 11070, 77 },
    { 11080, 78 }, { 12000, 80 }, { 12010, 81 }, { 12020, 82 },
    { 12030, 83 }, { 12040, 84 }, { 12050, 85 }, { 12060, 85 },
    { 12080, 87 }, { 12090, 88 }, { 13000, 90 }
  };
  int ptx = 63;
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (version >= table[i].cuda)
      ptx = table[i].ptx;
  return ptx;
}

/* *OUT from the setting NAME, a number from 0 to 1000000 (0 when it is
   not set); false, after a message, when it is malformed.  */
static bool
env_count (const char *name, unsigned long *out)
{
  const char *s = getenv (name), *p = s;
  unsigned long v;

  *out = 0;
  if (s == NULL || *s == '\0')
    return true;
  if (emul_parse_number (&p, 1000000, &v) && *p == '\0')
    {
      *out = v;
      return true;
    }
  emul_bad_setting (name, s, "expected a number from 0 to 1000000");
  return false;
}

uint64_t
emul_drifted (uint64_t now, uint64_t *first)
{
  uint64_t from = 0;

  if (emul_config.clock_drift == 0
      || __atomic_compare_exchange_n (first, &from, now, false,
				      __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    return now;
  return now + (uint64_t) (int64_t) ((double) (now - from)
				     * (double) emul_config.clock_drift
				     / 1e6);
}

bool
emul_config_load (void)
{
  struct emul_config *c = &emul_config;
  bool ok = true;
  unsigned long v;

  ok &= emul_env_flag ("GOMPTARGET_EMUL_CUDA_DEBUG", false, &c->debug);
  ok &= emul_env_flag ("GOMPTARGET_EMUL_CUDA_PEER", true, &c->peer);
  ok &= emul_env_flag ("GOMPTARGET_EMUL_CUDA_MAP_HOST", true, &c->map_host);
  ok &= emul_env_flag ("GOMPTARGET_EMUL_CUDA_POISON", false, &c->poison);

  c->ndevices = 1;
  const char *s = getenv ("GOMPTARGET_EMUL_CUDA_DEVICES");
  if (s && *s)
    {
      const char *p = s;
      if (emul_parse_number (&p, EMUL_MAX_DEVICES, &v) && *p == '\0')
	c->ndevices = (int) v;
      else
	{
	  emul_bad_setting ("GOMPTARGET_EMUL_CUDA_DEVICES", s,
		       "expected a number from 0 to 16");
	  ok = false;
	}
    }

  for (int i = 0; i < EMUL_MAX_DEVICES; i++)
    {
      c->dev[i].cc_major = 8;
      c->dev[i].cc_minor = 0;
    }
  s = getenv ("GOMPTARGET_EMUL_CUDA_CC");
  if (s && *s)
    {
      const char *p = s;
      int i = 0;
      for (;;)
	{
	  int major, minor;
	  if (!parse_cc (&p, &major, &minor) || major < 3)
	    {
	      emul_bad_setting ("GOMPTARGET_EMUL_CUDA_CC", s,
			   "expected compute capabilities such as 8.0, "
			   "separated by commas");
	      ok = false;
	      break;
	    }
	  for (int j = i; j < EMUL_MAX_DEVICES; j++)
	    {
	      c->dev[j].cc_major = major;
	      c->dev[j].cc_minor = minor;
	    }
	  i++;
	  if (*p == '\0')
	    break;
	  if (*p++ != ',' || i >= EMUL_MAX_DEVICES)
	    {
	      emul_bad_setting ("GOMPTARGET_EMUL_CUDA_CC", s,
			   "expected ',' between values");
	      ok = false;
	      break;
	    }
	}
    }

  unsigned long sms[EMUL_MAX_DEVICES], mem[EMUL_MAX_DEVICES];
  for (int i = 0; i < EMUL_MAX_DEVICES; i++)
    {
      sms[i] = 4;
      mem[i] = 1024;
    }
  ok &= parse_device_numbers ("GOMPTARGET_EMUL_CUDA_SMS", 1, 1024, sms);
  ok &= parse_device_numbers ("GOMPTARGET_EMUL_CUDA_MEM_MB", 1, 1 << 20, mem);
  for (int i = 0; i < EMUL_MAX_DEVICES; i++)
    {
      c->dev[i].sms = (int) sms[i];
      c->dev[i].mem = (size_t) mem[i] << 20;
    }

  c->driver_version = 12020;
  s = getenv ("GOMPTARGET_EMUL_CUDA_VERSION");
  if (s && *s)
    {
      const char *p = s;
      int major, minor;
      if (parse_cc (&p, &major, &minor) && *p == '\0' && major >= 11)
	c->driver_version = major * 1000 + minor * 10;
      else
	{
	  emul_bad_setting ("GOMPTARGET_EMUL_CUDA_VERSION", s,
		       "expected a CUDA version such as 12.2 (11.0 or newer)");
	  ok = false;
	}
    }
  c->ptx_isa = ptx_isa_of_driver (c->driver_version);

  c->regs = 32;
  s = getenv ("GOMPTARGET_EMUL_CUDA_REGS");
  if (s && *s)
    {
      const char *p = s;
      if (emul_parse_number (&p, 255, &v) && *p == '\0' && v >= 1)
	c->regs = (int) v;
      else
	{
	  emul_bad_setting ("GOMPTARGET_EMUL_CUDA_REGS", s,
		       "expected a number from 1 to 255");
	  ok = false;
	}
    }

  ok &= env_count ("GOMPTARGET_EMUL_CUDA_JITTER", &c->jitter);

  /* A real GPU's stream waits for the host to run each host function
     (cuLaunchHostFunc): the device signals the host, a driver thread
     runs the function, and the stream goes on when it returns; tens of
     microseconds.  The stream here waits so long before each.  */
  ok &= env_count ("GOMPTARGET_EMUL_CUDA_HOST_FN_US", &c->host_fn_us);

  /* A GPU's timer drifts from the host's clocks, by some millionths.
     Here by the millionths given (a minus sign: slower), from each
     timer's first reading (emul_drifted).  */
  s = getenv ("GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT");
  c->clock_drift = 0;
  if (s && *s)
    {
      const char *p = s + (*s == '-');
      if (emul_parse_number (&p, 500000, &v) && *p == '\0')
	c->clock_drift = *s == '-' ? -(long) v : (long) v;
      else
	{
	  emul_bad_setting ("GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT", s,
			    "expected millionths from -500000 to 500000");
	  ok = false;
	}
    }

  ok &= emul_env_flag ("GOMPTARGET_EMUL_CUDA_TRACE_CALLS", false,
			&c->trace_calls);
  ok &= emul_env_flag ("GOMPTARGET_EMUL_CUDA_HOST_FN_LOCK", false,
			&c->host_fn_lock);

  ok &= emul_env_poll ("GOMPTARGET_EMUL_CUDA_POLL", EMUL_POLL_AUTO,
			&c->poll);

  ok &= parse_rules ("GOMPTARGET_EMUL_CUDA_FAIL", &fail_rules, &nfail_rules,
		     false);
  ok &= parse_rules ("GOMPTARGET_EMUL_CUDA_FAULT", &fault_rules,
		     &nfault_rules, true);

  s = getenv ("GOMPTARGET_EMUL_CUDA_TRACE");
  if (s && *s)
    {
      trace_fd = open (s, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
      if (trace_fd < 0)
	{
	  emul_bad_setting ("GOMPTARGET_EMUL_CUDA_TRACE", s, strerror (errno));
	  ok = false;
	}
    }
  return ok;
}

/* ---- Fault injection.  ---- */

/* NAME without a version suffix ("_v2").  */
static size_t
base_length (const char *name)
{
  size_t n = strlen (name);
  size_t i = n;
  while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
    i--;
  if (i < n && i >= 2 && name[i - 1] == 'v' && name[i - 2] == '_')
    return i - 2;
  return n;
}

static CUresult
default_failure (const char *name)
{
  static const struct { const char *name; CUresult err; } table[] = {
    { "cuInit", CUDA_ERROR_NO_DEVICE },
    { "cuMemAlloc", CUDA_ERROR_OUT_OF_MEMORY },
    { "cuMemHostAlloc", CUDA_ERROR_OUT_OF_MEMORY },
    { "cuStreamCreate", CUDA_ERROR_OUT_OF_MEMORY },
    { "cuEventCreate", CUDA_ERROR_OUT_OF_MEMORY },
    { "cuModuleLoadData", CUDA_ERROR_INVALID_IMAGE },
    { "cuLinkAddData", CUDA_ERROR_INVALID_PTX },
    { "cuLaunchKernel", CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES },
    { "cuModuleGetFunction", CUDA_ERROR_NOT_FOUND },
    { "cuModuleGetGlobal", CUDA_ERROR_NOT_FOUND }
  };
  size_t n = base_length (name);
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strlen (table[i].name) == n && strncmp (name, table[i].name, n) == 0)
      return table[i].err;
  return CUDA_ERROR_UNKNOWN;
}

static bool
rule_matches (const struct emul_rule *r, const char *name, bool exact)
{
  if (exact)
    return strcmp (r->name, name) == 0;
  size_t a = base_length (r->name), b = base_length (name);
  return a == b && strncmp (r->name, name, a) == 0;
}

static bool
apply_rules (struct emul_rule *rules, size_t n, const char *name,
	     bool exact, CUresult deflt, CUresult *err)
{
  bool hit = false;
  if (n == 0)
    return false;
  pthread_mutex_lock (&rules_lock);
  for (size_t i = 0; i < n; i++)
    if (rule_matches (&rules[i], name, exact))
      {
	bool fails = emul_rule_hit (&rules[i].count, rules[i].at,
				    rules[i].from, NULL);
	if (!hit && fails)
	  {
	    hit = true;
	    *err = rules[i].has_err ? rules[i].err : deflt;
	  }
      }
  pthread_mutex_unlock (&rules_lock);
  return hit;
}

bool
emul_fail_injected (const char *name, CUresult *err)
{
  /* Most runs have no rules: no search for the default error then.  */
  bool hit = nfail_rules != 0
	     && apply_rules (fail_rules, nfail_rules, name, false,
			     default_failure (name), err);
  if (hit)
    emul_debug ("%s: injected failure %s", name, emul_result_name (*err));
  return hit;
}

bool
emul_fault_injected (const char *kernel, CUresult *err)
{
  return apply_rules (fault_rules, nfault_rules, kernel, true,
		      CUDA_ERROR_ILLEGAL_ADDRESS, err);
}

/* ---- The entry points.  ---- */

/* Every function of cuda-lib.def must be implemented here: a missing one
   leaves an undefined reference, which the link refuses
   (-Wl,--no-undefined).  */
#define CUDA_ONE_CALL(name) (void (*) (void)) name,
static void (*const entry_points[]) (void) __attribute__ ((used)) = {
#include "cuda-lib.def"
};
#undef CUDA_ONE_CALL
