/* console.c -- the device-side writer of the GCN console ring: what
   newlib's write (), exit () and GCC's device libgomp do with struct
   output, written once for device code and for the emulated HSA runtime
   of the testsuite, which runs it on behalf of its emulated kernels.
   No libc: byte loops and __atomic builtins only.

   While a writer waits for the host (ring full, reverse-offload reply)
   it calls GCN_CONSOLE_RELAX_HOOK (N), N the number of times it has
   waited so far, when the includer or the command line names such a
   function (the emulated runtime spins, then yields, then sleeps);
   otherwise it spins on the atomic load.

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

#include "console.h"

#ifdef GCN_CONSOLE_RELAX_HOOK
extern void GCN_CONSOLE_RELAX_HOOK (uint32_t);
# define console_relax(n) GCN_CONSOLE_RELAX_HOOK (n)
#else
# define console_relax(n) ((void) (n))
#endif

/* Copy at most LIMIT - 1 bytes of the string SRC and terminate it.  */
static void
copy_string (char *dst, const char *src, uint32_t limit)
{
  uint32_t i = 0;

  if (src != 0)
    for (; i + 1 < limit && src[i] != '\0'; i++)
      dst[i] = src[i];
  dst[i] = '\0';
}

static void
copy_bytes (char *dst, const char *src, uint64_t n)
{
  uint64_t i;

  for (i = 0; i < n; i++)
    dst[i] = src[i];
}

struct gcn_output *
gcn_console_of_kernargs (const void *kernargs)
{
  const char *k = (const char *) kernargs;
  return *(struct gcn_output *const *) (k + GCN_KERNARG_OUT_PTR);
}

uint32_t
gcn_console_claim (struct gcn_output *out, uint32_t count)
{
  return __atomic_fetch_add (&out->next_output, count, __ATOMIC_ACQUIRE);
}

struct gcn_console_slot *
gcn_console_slot (struct gcn_output *out, uint32_t index)
{
  /* Slot INDEX reuses the memory of slot INDEX - GCN_CONSOLE_SLOTS, which
     the host frees by moving consumed past it.  */
  uint32_t waits = 0;

  if (index >= GCN_CONSOLE_SLOTS)
    while (__atomic_load_n (&out->consumed, __ATOMIC_ACQUIRE)
	   <= index - GCN_CONSOLE_SLOTS)
      console_relax (waits++);
  return &out->queue[index % GCN_CONSOLE_SLOTS];
}

void
gcn_console_publish (struct gcn_console_slot *slot, int32_t type)
{
  slot->type = type;
  __atomic_store_n (&slot->written, 1, __ATOMIC_RELEASE);
}

void
gcn_console_print_int (struct gcn_output *out, const char *msg,
		       int64_t value)
{
  struct gcn_console_slot *s
    = gcn_console_slot (out, gcn_console_claim (out, 1));

  copy_string (s->msg, msg, GCN_CONSOLE_MSG_SIZE);
  s->ivalue = value;
  gcn_console_publish (s, GCN_CONSOLE_INT);
}

void
gcn_console_print_double (struct gcn_output *out, const char *msg,
			  double value)
{
  struct gcn_console_slot *s
    = gcn_console_slot (out, gcn_console_claim (out, 1));

  copy_string (s->msg, msg, GCN_CONSOLE_MSG_SIZE);
  s->dvalue = value;
  gcn_console_publish (s, GCN_CONSOLE_DOUBLE);
}

void
gcn_console_print_text (struct gcn_output *out, const char *msg,
			const char *text)
{
  struct gcn_console_slot *s
    = gcn_console_slot (out, gcn_console_claim (out, 1));

  copy_string (s->msg, msg, GCN_CONSOLE_MSG_SIZE);
  copy_string (s->text, text, GCN_CONSOLE_TEXT_SIZE);
  gcn_console_publish (s, GCN_CONSOLE_TEXT);
}

uint64_t
gcn_console_write (struct gcn_output *out, const void *buf, uint64_t len)
{
  const uint64_t chunk = GCN_CONSOLE_MSG_SIZE + GCN_CONSOLE_TEXT_SIZE;
  const char *p = (const char *) buf;
  uint64_t left = len;
  uint32_t n, index, i;

  if (len == 0)
    return 0;
  n = (uint32_t) ((len + chunk - 1) / chunk);
  index = gcn_console_claim (out, n);
  for (i = 0; i < n; i++, p += chunk, left -= chunk)
    {
      struct gcn_console_slot *s = gcn_console_slot (out, index + i);

      /* The host prints each half with "%.128s": a part shorter than its
	 half is terminated, a full half needs no terminator.  */
      if (left < GCN_CONSOLE_MSG_SIZE)
	{
	  copy_bytes (s->msg, p, left);
	  s->msg[left] = '\0';
	  s->text[0] = '\0';
	}
      else
	{
	  uint64_t rest = left < chunk ? left - GCN_CONSOLE_MSG_SIZE
				       : GCN_CONSOLE_TEXT_SIZE;
	  copy_bytes (s->msg, p, GCN_CONSOLE_MSG_SIZE);
	  copy_bytes (s->text, p + GCN_CONSOLE_MSG_SIZE, rest);
	  if (rest < GCN_CONSOLE_TEXT_SIZE)
	    s->text[rest] = '\0';
	}
      gcn_console_publish (s, GCN_CONSOLE_RAW);
      if (left <= chunk)
	break;
    }
  return len;
}

void
gcn_console_set_exit (struct gcn_output *out, int status)
{
  __atomic_store_n (&out->return_value, (int32_t) GCN_EXIT_ENCODE (status),
		    __ATOMIC_RELEASE);
}

void
gcn_console_set_signal (struct gcn_output *out, int sig)
{
  __atomic_store_n (&out->return_value, (int32_t) GCN_SIGNAL_ENCODE (sig),
		    __ATOMIC_RELEASE);
}

void
gcn_console_rev_offload (struct gcn_output *out,
			 const uint64_t words[GCN_REV_WORDS])
{
  struct gcn_console_slot *s
    = gcn_console_slot (out, gcn_console_claim (out, 1));
  uint32_t waits = 0;
  int i;

  for (i = 0; i < GCN_REV_WORDS; i++)
    s->u64[i] = words[i];
  gcn_console_publish (s, GCN_CONSOLE_REV_OFFLOAD);
  /* The host runs the request, then clears written: the reply.  */
  while (__atomic_load_n (&s->written, __ATOMIC_ACQUIRE) != 0)
    console_relax (waits++);
}
