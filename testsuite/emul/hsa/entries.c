/* entries.c -- the entry points of the emulated HSA runtime, those of
   plugin/gcn/hsa-lib.def, and the failures GOMPTARGET_EMUL_HSA_FAIL
   injects into them:

     GOMPTARGET_EMUL_HSA_FAIL=ITEM[,ITEM...], ITEM = FUNCTION[:N[+]][=STATUS]

   makes call N of FUNCTION (every call without ":N"; call N and every
   later one with ":N+") return STATUS, an HSA_STATUS_ name or number, by
   default the status ROCr returns when that call cannot be done.  Calls
   are counted per function, across threads.  An entry that returns no
   status (signal loads, stores and waits, queue indexes) cannot fail;
   "list" prints every entry and whether it can fail.

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
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A function returning a status, whatever its parameters: the type that
   tells, at compile time, which entries can fail.  (An unprototyped
   function type is compatible with every prototype whose parameters
   promote to themselves, which holds for all of hsa-lib.def.)  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
typedef hsa_status_t (*emul_status_fn) ();
#pragma GCC diagnostic pop

#define CAN_FAIL(name) \
  __builtin_types_compatible_p (__typeof__ (&name), emul_status_fn)

/* If the compiler no longer read "()" as "any parameters" (C23), no entry
   would seem able to fail.  */
_Static_assert (CAN_FAIL (hsa_memory_allocate)
		&& !CAN_FAIL (hsa_signal_load_relaxed),
		"emul_status_fn tells the entries that return a status");

static const struct
{
  const char *name;
  bool can_fail;
} entries[EMUL_ENTRY_COUNT] = {
#define HSA_REQUIRED(name) { #name, CAN_FAIL (name) },
#define HSA_OPTIONAL(name) { #name, CAN_FAIL (name) },
#include "hsa-lib.def"
};

/* What ROCr returns when the call cannot be done: OUT_OF_RESOURCES for
   what creates or allocates something, HSA_STATUS_ERROR (the 0 here) for
   the others.  */
static const hsa_status_t default_status[EMUL_ENTRY_COUNT] = {
  [EMUL_ENTRY_hsa_init] = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_status_string] = HSA_STATUS_ERROR_INVALID_ARGUMENT,
  [EMUL_ENTRY_hsa_memory_allocate] = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_signal_create] = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_queue_create] = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_code_object_deserialize]
    = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_executable_create] = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_executable_load_code_object]
    = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_code_object_reader_create_from_memory]
    = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_executable_load_agent_code_object]
    = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_amd_memory_pool_allocate]
    = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_amd_memory_lock] = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
  [EMUL_ENTRY_hsa_amd_signal_async_handler]
    = HSA_STATUS_ERROR_OUT_OF_RESOURCES,
};

static hsa_status_t
entry_default_status (int e)
{
  return default_status[e] != 0 ? default_status[e] : HSA_STATUS_ERROR;
}

/* The name of STATUS (its description up to the colon) or, for a
   status without one, its number, written in BUF.  */
static const char *
status_name (hsa_status_t status, char *buf, size_t size)
{
  const char *text = emul_status_text (status);
  const char *colon = text ? strchr (text, ':') : NULL;
  size_t len;

  if (colon == NULL)
    {
      snprintf (buf, size, "status 0x%x", (unsigned) status);
      return buf;
    }
  len = (size_t) (colon - text);
  if (len >= size)
    len = size - 1;
  memcpy (buf, text, len);
  buf[len] = '\0';
  return buf;
}

static void
list_entries (void)
{
  char buf[64];
  int e;

  for (e = 0; e < EMUL_ENTRY_COUNT; e++)
    if (entries[e].can_fail)
      emul_report ("can fail: %s %s", entries[e].name,
		   status_name (entry_default_status (e), buf, sizeof buf));
    else
      emul_report ("cannot fail: %s (returns no status)", entries[e].name);
}

/* A status: an HSA_STATUS_ name or a number (decimal or 0x hex), not
   HSA_STATUS_SUCCESS.  */
static bool
parse_status (const char *s, hsa_status_t *out)
{
  char *end;
  unsigned long v;

  if (emul_status_from_name (s, out))
    return *out != HSA_STATUS_SUCCESS;
  if (*s < '0' || *s > '9')
    return false;
  errno = 0;
  v = strtoul (s, &end, 0);
  if (errno != 0 || *end != '\0' || v == 0 || v > 0xffffffffu)
    return false;
  *out = (hsa_status_t) v;
  return true;
}

/* Parse one ITEM (modified in place) into emul_cfg.fail; the reason if it
   is refused.  */
static const char *
parse_item (char *item)
{
  struct emul_fail_rule rule = { 1, true, HSA_STATUS_SUCCESS };
  char *eq = strchr (item, '=');
  unsigned long n;
  bool from;
  int counted, e;

  if (eq != NULL)
    {
      *eq++ = '\0';
      if (!parse_status (eq, &rule.status))
	return "unknown status (expected an HSA_STATUS_ name or a "
	       "non-zero number)";
    }
  counted = emul_rule_count (item, ULONG_MAX, &n, &from);
  if (counted < 0)
    return "expected FUNCTION[:N[+]][=STATUS] with N >= 1";
  if (counted)
    {
      rule.at = n;
      rule.from = from;
    }
  for (e = 0; e < EMUL_ENTRY_COUNT; e++)
    if (strcmp (item, entries[e].name) == 0)
      break;
  if (e == EMUL_ENTRY_COUNT)
    return "unknown function (not in plugin/gcn/hsa-lib.def; "
	   "GOMPTARGET_EMUL_HSA_FAIL=list lists them)";
  if (!entries[e].can_fail)
    return "it returns no status, so it cannot be made to fail";
  if (emul_cfg.fail[e].at != 0)
    return "function named twice";
  if (eq == NULL)
    rule.status = entry_default_status (e);
  emul_cfg.fail[e] = rule;
  return NULL;
}

bool
emul_fail_parse (const char *spec)
{
  const char *p = spec;

  if (strcmp (spec, "list") == 0)
    {
      list_entries ();
      return false;
    }
  while (*p != '\0')
    {
      const char *comma = strchr (p, ',');
      size_t len = comma ? (size_t) (comma - p) : strlen (p);
      char item[128];
      const char *why;

      if (len == 0 || len >= sizeof item)
	why = "expected ITEM[,ITEM...] with ITEM FUNCTION[:N[+]][=STATUS]";
      else
	{
	  memcpy (item, p, len);
	  item[len] = '\0';
	  why = parse_item (item);
	}
      if (why != NULL)
	{
	  emul_report ("GOMPTARGET_EMUL_HSA_FAIL='%s': '%.*s': %s", spec,
		       (int) len, p, why);
	  return false;
	}
      p += len + (comma != NULL);
    }
  return true;
}

hsa_status_t
emul_enter (enum emul_entry e)
{
  const struct emul_fail_rule *r = &emul_cfg.fail[e];
  uint64_t n;
  char buf[64];

  if (r->at == 0)
    return HSA_STATUS_SUCCESS;
  if (!emul_rule_hit (&emul_cfg.fail_calls[e], r->at, r->from, &n))
    return HSA_STATUS_SUCCESS;
  emul_trace ("failure injected: %s call %llu: %s", entries[e].name,
	      (unsigned long long) n,
	      status_name (r->status, buf, sizeof buf));
  return r->status;
}
