/* report.c -- the emulators' diagnostic lines and the reading of their
   GOMPTARGET_EMUL_* settings: numbers, flags and the call counts of
   fault-injection rules; the jitter of API calls.

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

#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

const struct emul_base *emul_registered_base;

void
emul_base_init (const struct emul_base *base)
{
  __atomic_store_n (&emul_registered_base, base, __ATOMIC_RELEASE);
}

void
emul_vreport (int fd, bool prefixed, const char *fmt, va_list ap)
{
  char buf[1024];
  const struct emul_base *base
    = __atomic_load_n (&emul_registered_base, __ATOMIC_ACQUIRE);
  const char *prefix = prefixed && base != NULL ? base->prefix : "";
  size_t n = strlen (prefix);
  long r;

  memcpy (buf, prefix, n);
  int k = vsnprintf (buf + n, sizeof buf - n - 1, fmt, ap);
  if (k < 0)
    return;
  n += (size_t) k < sizeof buf - n - 1 ? (size_t) k : sizeof buf - n - 2;
  buf[n++] = '\n';
  r = syscall (SYS_write, fd, buf, n);
  (void) r;
}

void
emul_report (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  emul_vreport (2, true, fmt, ap);
  va_end (ap);
}

void
emul_bad_setting (const char *var, const char *value, const char *what)
{
  emul_report ("%s='%s': %s", var, value, what);
}

bool
emul_parse_number (const char **p, unsigned long max, unsigned long *out)
{
  const char *s = *p;
  unsigned long v = 0;

  if (*s < '0' || *s > '9')
    return false;
  while (*s >= '0' && *s <= '9')
    {
      unsigned d = (unsigned) (*s++ - '0');
      if (v > (max - d) / 10)
	return false;
      v = v * 10 + d;
    }
  *p = s;
  *out = v;
  return true;
}

bool
emul_number (const char *s, unsigned long max, unsigned long *out)
{
  return s != NULL && emul_parse_number (&s, max, out) && *s == '\0';
}

bool
emul_env_flag (const char *var, bool deflt, bool *out)
{
  const char *s = getenv (var);

  *out = deflt;
  if (s == NULL || *s == '\0')
    return true;
  if (strcmp (s, "0") == 0)
    *out = false;
  else if (strcmp (s, "1") == 0)
    *out = true;
  else
    {
      emul_bad_setting (var, s, "expected 0 or 1");
      return false;
    }
  return true;
}

int
emul_rule_count (char *item, unsigned long max, unsigned long *n, bool *from)
{
  char *colon = strchr (item, ':');
  const char *p;

  if (colon == NULL)
    return 0;
  *colon++ = '\0';
  p = colon;
  if (!emul_parse_number (&p, max, n) || *n == 0
      || (*p != '\0' && strcmp (p, "+") != 0))
    return -1;
  *from = *p == '+';
  return 1;
}

bool
emul_rule_hit (uint64_t *calls, uint64_t at, bool from, uint64_t *n)
{
  uint64_t c = __atomic_add_fetch (calls, 1, __ATOMIC_RELAXED);

  if (n != NULL)
    *n = c;
  return c == at || (from && c > at);
}

/* A real driver's calls sometimes take long (a full command buffer, a
   page fault, the thread preempted); the jitter makes the calling code's
   races show in a short run.  */
void
emul_jitter (unsigned long n)
{
  static __thread uint64_t state;

  if (state == 0)
    state = ((uint64_t) (uintptr_t) &state * 0x9e3779b97f4a7c15u) | 1;
  /* xorshift64.  */
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  if (state % n != 0)
    return;
  struct timespec ts = { 0, 1000 + (long) ((state >> 32) % 99000) };
  nanosleep (&ts, NULL);
}

/* On a GPU a waiting thread spins or sleeps a few cycles; here the
   host's cores are shared with the thread that serves the device, which
   a long spin would keep off the processor.  */
void
emul_relax (unsigned polls, unsigned spin, unsigned yield, long *sleep_ns,
	    long max_sleep_ns)
{
  if (polls < spin)
    {
#if defined (__x86_64__) || defined (__i386__)
      __builtin_ia32_pause ();
#endif
    }
  else if (polls < yield)
    sched_yield ();
  else
    {
      struct timespec ts = { 0, *sleep_ns ? *sleep_ns : 1000 };
      nanosleep (&ts, NULL);
      *sleep_ns = (ts.tv_nsec * 2 < max_sleep_ns
		   ? ts.tv_nsec * 2 : max_sleep_ns);
    }
}
