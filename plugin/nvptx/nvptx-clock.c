/* nvptx-clock.c -- the kernels' own clock under GOMPTARGET_PROFILE: the
   device's start and end of a launch taken by the kernel itself, from
   the GPU's %globaltimer, instead of two CUDA events recorded by the
   host around it (a driver call each: 1.4 to 1.5 us on an H100 with
   driver 580, bench/cuda-calls.c).

   When the device's times are wanted, each kernel entry of a GCC image
   is given two more parameters as its PTX is linked: a slot of device
   memory and a slot of pinned host memory mapped to the device.  The
   first thread of each block takes the time as it starts and as it
   ends.  A grid of one block writes both to the host slot in one store
   as it ends.  Else each block gives them to the device slot (the
   earliest start, by an atomic maximum of its complement, and the latest
   end, by an atomic maximum) and counts itself done; the last block done
   writes both to the host slot in one store, and clears the device slot
   for the next launch that uses it.
   The host reads the host slot: no driver call per launch.  A probe
   kernel added to the image's first PTX object sets the offset between
   %globaltimer and the front end's clock as the device starts: it
   writes the timer to host memory for a while, and the host, reading
   it, keeps the tightest bound.  The two clocks then drift apart: each
   kernel's times, which lie between its launch and the reading of its
   end, keep the offset true (track_offset).

   Each queue has a ring of slots; a launch gets the next one if it is
   free (its times read), else it is timed by events as before; so is a
   launch of a kernel whose entry could not be rewritten, and every copy
   whose times are asked for (GOMPTARGET_PROFILE_DEVICE_TIMES=all, an
   OMPT tool's trace); the other copies end by the start of the launch
   behind them (nvptx-bound.c).

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

#include "nvptx.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

/* How long the probe kernel writes the timer, in nanoseconds, and the
   most samples the host reads of it.  */
#define PROBE_NS 200000
#define PROBE_SAMPLES 256
#define PROBE_TRIES 3
/* How long the host waits for the probe to start.  */
#define PROBE_WAIT_NS 2000000000ull

/* A slot of device memory, as the kernels use it.  */
struct clock_dev_slot
{
  uint64_t start_inv;		/* ~ the earliest start.  */
  uint64_t end;			/* The latest end.  */
  uint32_t done;		/* Blocks done.  */
  uint32_t pad[3];
};

_Static_assert (sizeof (struct clock_dev_slot) == 32,
		"the kernels' code below uses offsets 0, 8 and 16");

/* ---- The PTX.  ---- */

/* The parameters added to a kernel entry.  */
static const char clock_params[] =
  ".param .u64 %gtclk_dev, .param .u64 %gtclk_host";

/* At the start of the entry's body: the first thread of the block takes
   the start; of a grid of one block it keeps it, else it gives it to
   the device slot.  A launch not timed gives a null slot: nothing is
   taken.  */
static const char clock_start[] =
  "\n.reg .u64 %gtclk_a, %gtclk_h, %gtclk_s, %gtclk_t, %gtclk_0;\n"
  ".reg .u32 %gtclk_n, %gtclk_x, %gtclk_y;\n"
  ".reg .pred %gtclk_p, %gtclk_q, %gtclk_one;\n"
  "mov.u32 %gtclk_x, %tid.x;\n"
  "mov.u32 %gtclk_y, %tid.y;\n"
  "or.b32 %gtclk_x, %gtclk_x, %gtclk_y;\n"
  "mov.u32 %gtclk_y, %tid.z;\n"
  "or.b32 %gtclk_x, %gtclk_x, %gtclk_y;\n"
  "setp.ne.u32 %gtclk_p, %gtclk_x, 0;\n"
  "ld.param.u64 %gtclk_a, [%gtclk_dev];\n"
  "setp.eq.u64 %gtclk_q, %gtclk_a, 0;\n"
  "or.pred %gtclk_p, %gtclk_p, %gtclk_q;\n"
  "cvta.to.global.u64 %gtclk_a, %gtclk_a;\n"
  "mov.u32 %gtclk_n, %nctaid.x;\n"
  "mov.u32 %gtclk_y, %nctaid.y;\n"
  "mul.lo.u32 %gtclk_n, %gtclk_n, %gtclk_y;\n"
  "mov.u32 %gtclk_y, %nctaid.z;\n"
  "mul.lo.u32 %gtclk_n, %gtclk_n, %gtclk_y;\n"
  "setp.eq.u32 %gtclk_one, %gtclk_n, 1;\n"
  "@%gtclk_p bra $gtclk_started;\n"
  "mov.u64 %gtclk_s, %globaltimer;\n"
  "@%gtclk_one bra $gtclk_started;\n"
  "not.b64 %gtclk_t, %gtclk_s;\n"
  "red.global.max.u64 [%gtclk_a], %gtclk_t;\n"
  "$gtclk_started:\n";

/* Where the entry returned: the first thread of the block takes the
   end; of a grid of one block it writes both times to the host slot in
   one store; else the block done last does, from the device slot, which
   it clears.  */
static const char clock_end[] =
  "$gtclk_ret:\n"
  "@%gtclk_p bra $gtclk_done;\n"
  "mov.u64 %gtclk_t, %globaltimer;\n"
  "ld.param.u64 %gtclk_h, [%gtclk_host];\n"
  "cvta.to.global.u64 %gtclk_h, %gtclk_h;\n"
  "@%gtclk_one bra $gtclk_write;\n"
  "red.global.max.u64 [%gtclk_a+8], %gtclk_t;\n"
  "membar.gl;\n"
  "atom.global.add.u32 %gtclk_x, [%gtclk_a+16], 1;\n"
  "sub.u32 %gtclk_y, %gtclk_n, 1;\n"
  "setp.ne.u32 %gtclk_q, %gtclk_x, %gtclk_y;\n"
  "@%gtclk_q bra $gtclk_done;\n"
  "membar.gl;\n"
  "ld.volatile.global.u64 %gtclk_s, [%gtclk_a];\n"
  "not.b64 %gtclk_s, %gtclk_s;\n"
  "ld.volatile.global.u64 %gtclk_t, [%gtclk_a+8];\n"
  "mov.u64 %gtclk_0, 0;\n"
  "mov.u32 %gtclk_x, 0;\n"
  "st.volatile.global.u64 [%gtclk_a], %gtclk_0;\n"
  "st.volatile.global.u64 [%gtclk_a+8], %gtclk_0;\n"
  "st.volatile.global.u32 [%gtclk_a+16], %gtclk_x;\n"
  "$gtclk_write:\n"
  "st.volatile.global.v2.u64 [%gtclk_h], {%gtclk_s, %gtclk_t};\n"
  "$gtclk_done:\n"
  "ret;\n";

/* The probe: writes the timer to OUT for NS nanoseconds.  */
static const char clock_probe[] =
  "\n// gomptarget: the clock probe (nvptx-clock.c)\n"
  ".visible .entry " NVPTX_CLOCK_PROBE " (.param .u64 %out, .param .u64 "
  "%ns)\n"
  "{\n"
  ".reg .u64 %p, %t, %stop;\n"
  ".reg .pred %q;\n"
  "ld.param.u64 %p, [%out];\n"
  "cvta.to.global.u64 %p, %p;\n"
  "ld.param.u64 %stop, [%ns];\n"
  "mov.u64 %t, %globaltimer;\n"
  "add.u64 %stop, %stop, %t;\n"
  "$probe_loop:\n"
  "mov.u64 %t, %globaltimer;\n"
  "st.volatile.global.u64 [%p], %t;\n"
  "setp.lt.u64 %q, %t, %stop;\n"
  "@%q bra $probe_loop;\n"
  "ret;\n"
  "}\n";

/* A growing text.  */
struct text
{
  char *s;
  size_t len, cap;
  bool failed;
};

static void
put (struct text *t, const char *s, size_t n)
{
  if (t->failed)
    return;
  if (t->len + n + 1 > t->cap)
    {
      size_t cap = t->cap ? t->cap : 4096;
      char *grown;
      while (cap < t->len + n + 1)
	cap *= 2;
      if ((grown = realloc (t->s, cap)) == NULL)
	{
	  t->failed = true;
	  return;
	}
      t->s = grown;
      t->cap = cap;
    }
  memcpy (t->s + t->len, s, n);
  t->len += n;
  t->s[t->len] = '\0';
}

static void
puts_text (struct text *t, const char *s)
{
  put (t, s, strlen (s));
}

static bool
ident_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.'
	 || c == '%';
}

static bool
blank (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The end of the comment at P, or P.  */
static const char *
skip_comment (const char *p, const char *end)
{
  if (p + 1 < end && p[0] == '/' && p[1] == '/')
    {
      while (p < end && *p != '\n')
	p++;
      return p;
    }
  if (p + 1 < end && p[0] == '/' && p[1] == '*')
    {
      for (p += 2; p + 1 < end && !(p[0] == '*' && p[1] == '/'); p++)
	;
      return p + 1 < end ? p + 2 : end;
    }
  return p;
}

/* The closing brace of the block whose opening brace is at P, or NULL.  */
static const char *
block_end (const char *p, const char *end)
{
  int depth = 0;

  while (p < end)
    {
      const char *q = skip_comment (p, end);
      if (q != p)
	{
	  p = q;
	  continue;
	}
      if (*p == '"')
	{
	  for (p++; p < end && *p != '"'; p++)
	    ;
	}
      else if (*p == '{')
	depth++;
      else if (*p == '}' && --depth == 0)
	return p;
      p++;
    }
  return NULL;
}

/* Copy the body [P, END) of an entry to T, each "ret;" or "ret.uni;"
   statement (predicated or not, one to a line, as GCC writes them) made
   a branch to the end code.  */
static void
put_body (struct text *t, const char *p, const char *end)
{
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));
      const char *line_end = nl ? nl + 1 : end;
      const char *s = p, *r;

      while (s < line_end && blank (*s))
	s++;
      /* A predicate stays, before the branch.  */
      if (s < line_end && *s == '@')
	{
	  while (s < line_end && !blank (*s))
	    s++;
	  while (s < line_end && blank (*s))
	    s++;
	}
      r = s;
      if ((size_t) (line_end - r) >= 3 && memcmp (r, "ret", 3) == 0)
	{
	  r += 3;
	  if ((size_t) (line_end - r) >= 4 && memcmp (r, ".uni", 4) == 0)
	    r += 4;
	  while (r < line_end && blank (*r))
	    r++;
	  if (r < line_end && *r == ';')
	    {
	      put (t, p, (size_t) (s - p));
	      puts_text (t, "bra $gtclk_ret;");
	      put (t, r + 1, (size_t) (line_end - (r + 1)));
	      p = line_end;
	      continue;
	    }
	}
      put (t, p, (size_t) (line_end - p));
      p = line_end;
    }
}

/* Is [S, S + LEN) one of the N NAMES?  Its index, or -1.  */
static int
which_kernel (const char *s, size_t len, const char *const *names,
	      unsigned n)
{
  unsigned i;

  for (i = 0; i < n; i++)
    if (names[i] != NULL && strlen (names[i]) == len
	&& memcmp (names[i], s, len) == 0)
      return (int) i;
  return -1;
}

char *
nvptx_clock_rewrite (const char *ptx, size_t size, const char *const *names,
		     unsigned n, bool *clocked, bool add_probe,
		     size_t *out_size)
{
  const char *end = ptx + strnlen (ptx, size);
  const char *p = ptx, *copied = ptx;
  struct text t = { NULL, 0, 0, false };

  while (p < end)
    {
      const char *q = skip_comment (p, end), *name, *open, *close, *brace;
      const char *body_end;
      int k;

      if (q != p)
	{
	  p = q;
	  continue;
	}
      if (*p != '.' || (p > ptx && ident_char (p[-1]))
	  || (size_t) (end - p) < 7 || memcmp (p, ".entry", 6) != 0
	  || !blank (p[6]))
	{
	  p++;
	  continue;
	}
      /* ".entry NAME (".  */
      name = p + 6;
      while (name < end && blank (*name))
	name++;
      for (q = name; q < end && ident_char (*q); q++)
	;
      k = which_kernel (name, (size_t) (q - name), names, n);
      for (open = q; open < end && blank (*open); open++)
	;
      if (k < 0 || open >= end || *open != '(')
	{
	  p = q;
	  continue;
	}
      close = memchr (open, ')', (size_t) (end - open));
      if (close == NULL)
	break;
      /* Performance directives, then a body or a ';' (a declaration).  */
      for (brace = close + 1; brace < end && *brace != '{' && *brace != ';';
	   brace++)
	;
      if (brace >= end)
	break;
      put (&t, copied, (size_t) (close - copied));
      for (q = open + 1; q < close && blank (*q); q++)
	;
      if (q < close)
	puts_text (&t, ", ");
      puts_text (&t, clock_params);
      if (*brace == ';')
	{
	  copied = close;
	  p = brace + 1;
	  continue;
	}
      if ((body_end = block_end (brace, end)) == NULL)
	{
	  free (t.s);
	  return NULL;
	}
      put (&t, close, (size_t) (brace + 1 - close));
      puts_text (&t, clock_start);
      put_body (&t, brace + 1, body_end);
      puts_text (&t, clock_end);
      clocked[k] = true;
      copied = body_end;
      p = body_end;
    }
  put (&t, copied, (size_t) (end - copied));
  if (add_probe)
    puts_text (&t, clock_probe);
  if (t.failed)
    {
      free (t.s);
      return NULL;
    }
  *out_size = t.len + 1;
  return t.s;
}

/* ---- The offset of the device's timer.  ---- */

void
nvptx_clock_calibrate (struct nvptx_device *dev, CUmodule module)
{
  CUfunction fn;
  void *box_host;
  volatile uint64_t *box;
  CUdeviceptr box_dev;
  uint64_t g, h, last = 0;
  int64_t best = 0;
  int samples = 0, tries, unset = 0;
  CUresult r;

  if (__atomic_load_n (&dev->clock_state, __ATOMIC_ACQUIRE) != 0
      || !dev->can_map_host
      || CU (cuModuleGetFunction) (&fn, module, NVPTX_CLOCK_PROBE)
	 != CUDA_SUCCESS)
    return;
  if (CU (cuMemHostAlloc) (&box_host, 64, CU_MEMHOSTALLOC_DEVICEMAP
					  | CU_MEMHOSTALLOC_PORTABLE)
      != CUDA_SUCCESS)
    return;
  box = box_host;
  box[0] = 0;
  r = CU (cuMemHostGetDevicePointer_v2) (&box_dev, box_host, 0);
  /* A few probes if need be (a busy host may miss one): every sample
     bounds the offset, the tightest bound is kept.  */
  for (tries = 0; r == CUDA_SUCCESS && tries < PROBE_TRIES
		  && samples < PROBE_SAMPLES / 2; tries++)
    {
      void *params[2] = { (void *) (uintptr_t) box_dev,
			  (void *) (uintptr_t) PROBE_NS };
      size_t params_size = sizeof params;
      void *config[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, params,
			 CU_LAUNCH_PARAM_BUFFER_SIZE, &params_size,
			 CU_LAUNCH_PARAM_END };
      uint64_t t0 = gtc_profile_clock ();

      box[0] = last = 0;
      r = CU (cuLaunchKernel) (fn, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, config);
      /* The value read at H was written at the device's time G, no later
	 than H: the offset G - H is a lower bound (PCIe adds a little
	 under a microsecond to the truth).  Read until the probe is
	 done.  */
      while (r == CUDA_SUCCESS && samples < PROBE_SAMPLES)
	{
	  g = __atomic_load_n (box, __ATOMIC_ACQUIRE);
	  h = gtc_profile_clock ();
	  if (g != last)
	    {
	      last = g;
	      if (samples++ == 0 || (int64_t) (g - h) > best)
		best = (int64_t) (g - h);
	    }
	  else if (h - t0 > PROBE_WAIT_NS
		   || CU (cuStreamQuery) (NULL) != CUDA_ERROR_NOT_READY)
	    break;
	  else
	    /* Where the host's processors are few (an emulated device).  */
	    sched_yield ();
	}
      if (r == CUDA_SUCCESS)
	r = CU (cuStreamSynchronize) (NULL);
    }
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "the clock probe kernel", r);
      samples = 0;
    }
  CU (cuMemFreeHost) (box_host);
  if (samples == 0)
    {
      gt_plugin_debug ("device %d: the kernels' clock is not used (%d "
		       "samples of the probe)", nvptx_num (dev), samples);
      /* Not tried again for the next image.  */
      __atomic_compare_exchange_n (&dev->clock_state, &unset, -1, false,
				   __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
      return;
    }
  pthread_mutex_lock (&dev->peer_lock);
  if (dev->clock_state == 0)
    {
      dev->clock_offset = (uint64_t) best;
      if (dev->time_base == NULL && dev->time_base_ns == 0)
	dev->time_base_ns = gtc_profile_clock ();
      __atomic_store_n (&dev->clock_state, 1, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&dev->peer_lock);
  gt_plugin_debug ("device %d: the kernels take their own times "
		   "(%%globaltimer, %d samples of the probe)",
		   nvptx_num (dev), samples);
}

/* ---- A queue's slots.  ---- */

void
nvptx_clock_init (struct nvptx_queue *q)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  size_t dev_bytes = NVPTX_CLOCK_SLOTS * sizeof (struct clock_dev_slot);
  size_t host_bytes = NVPTX_CLOCK_SLOTS * sizeof (struct nvptx_clock_host);
  void *zeros = NULL, *host = NULL;

  q->clock_dev = 0;
  q->clock_host = NULL;
  q->clock_slots = NULL;
  q->clock_head = 0;
  q->clock_pending = NULL;
  q->clock_issued = 0;
  q->clock_synced = 0;
  memset (q->clock_syncs, 0, sizeof q->clock_syncs);
  q->clock_sync_next = 0;
  if (!gtc_profile_device_times () || !dev->can_map_host)
    return;
  if ((q->clock_slots = calloc (NVPTX_CLOCK_SLOTS, sizeof *q->clock_slots))
      == NULL
      || (zeros = calloc (1, dev_bytes)) == NULL
      || CU (cuMemHostAlloc) (&host, host_bytes, CU_MEMHOSTALLOC_DEVICEMAP
						 | CU_MEMHOSTALLOC_PORTABLE)
	 != CUDA_SUCCESS)
    goto fail;
  memset (host, 0, host_bytes);
  q->clock_host = host;
  if (CU (cuMemHostGetDevicePointer_v2) (&q->clock_host_dev, host, 0)
      != CUDA_SUCCESS
      || CU (cuMemAlloc_v2) (&q->clock_dev, dev_bytes) != CUDA_SUCCESS)
    goto fail;
  if (CU (cuMemcpyHtoD_v2) (q->clock_dev, zeros, dev_bytes) != CUDA_SUCCESS)
    goto fail;
  free (zeros);
  return;

 fail:
  gt_plugin_debug ("device %d: queue %u: no slots for the kernels' clock",
		   nvptx_num (dev), q->core.index);
  free (zeros);
  nvptx_clock_fini (q);
}

void
nvptx_clock_fini (struct nvptx_queue *q)
{
  if (q->clock_dev)
    CU (cuMemFree_v2) (q->clock_dev);
  if (q->clock_host)
    CU (cuMemFreeHost) ((void *) q->clock_host);
  free (q->clock_slots);
  q->clock_dev = 0;
  q->clock_host = NULL;
  q->clock_slots = NULL;
}

void *
nvptx_clock_take (struct nvptx_queue *q, uint64_t seq)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  struct nvptx_clock_slot *s;
  unsigned i;

  if (q->clock_slots == NULL
      || __atomic_load_n (&dev->clock_state, __ATOMIC_ACQUIRE) != 1)
    return NULL;
  i = q->clock_head;
  s = &q->clock_slots[i];
  if (__atomic_load_n (&s->state, __ATOMIC_ACQUIRE) != NVPTX_CLOCK_FREE)
    return NULL;
  q->clock_head = (i + 1) % NVPTX_CLOCK_SLOTS;
  s->state = NVPTX_CLOCK_TAKEN;
  s->seq = seq + 1;
  s->when = gtc_profile_clock ();
  s->spanned = false;
  q->clock_host[i].start = 0;
  __atomic_store_n (&q->clock_host[i].end, 0, __ATOMIC_RELEASE);
  q->clock_pending = s;
  return s;
}

bool
nvptx_clock_params (struct nvptx_queue *q, void **params)
{
  struct nvptx_clock_slot *s = q->clock_pending;
  size_t i;

  if (s == NULL)
    return false;
  i = (size_t) (s - q->clock_slots);
  params[0] = (void *) (uintptr_t) (q->clock_dev
				    + i * sizeof (struct clock_dev_slot));
  params[1] = (void *) (uintptr_t) (q->clock_host_dev
				    + i * sizeof (struct nvptx_clock_host));
  return true;
}

void
nvptx_clock_launched (struct nvptx_queue *q)
{
  if (q->clock_pending != NULL)
    q->clock_pending->state = NVPTX_CLOCK_LAUNCHED;
}

bool
nvptx_clock_token (const struct nvptx_queue *q, const void *token)
{
  const struct nvptx_clock_slot *s = token;

  return q->clock_slots != NULL && s >= q->clock_slots
	 && s < q->clock_slots + NVPTX_CLOCK_SLOTS;
}

void *
nvptx_clock_end (struct nvptx_queue *q, void *token)
{
  struct nvptx_clock_slot *s = token;

  q->clock_pending = NULL;
  if (s->state != NVPTX_CLOCK_LAUNCHED)
    {
      /* The kernel's entry has no clock, or the launch failed.  */
      __atomic_store_n (&s->state, NVPTX_CLOCK_FREE, __ATOMIC_RELEASE);
      return NULL;
    }
  __atomic_store_n (&q->clock_issued, s->seq, __ATOMIC_RELEASE);
  nvptx_bound_link (q, s);
  return s;
}

uint64_t
nvptx_clock_sync_bound (struct nvptx_queue *q, uint64_t seq)
{
  uint64_t bound = UINT64_MAX, ns, saw;
  unsigned next = __atomic_load_n (&q->clock_sync_next, __ATOMIC_RELAXED);
  unsigned i, k;

  /* The newest first: the older ones saw no later operations, so the
     first that did not see SEQ done ends the search (one being written
     over, with no sequence number yet, is passed).  */
  for (k = 1; k <= NVPTX_CLOCK_SYNCS; k++)
    {
      i = (next - k) % NVPTX_CLOCK_SYNCS;
      saw = __atomic_load_n (&q->clock_syncs[i].seq, __ATOMIC_ACQUIRE);
      if (saw != 0 && saw < seq)
	break;
      if (saw != 0
	  && (ns = __atomic_load_n (&q->clock_syncs[i].ns, __ATOMIC_RELAXED))
	     < bound)
	bound = ns;
    }
  return bound;
}

/* The offset of DEV's timer, kept true by a kernel timed from G_START
   to G_END on it, issued at WHEN and seen done by a synchronisation that
   returned, or whose end was read, at BOUND: the offset of the front
   end's clock to it.  The probe sets it once, but the two clocks drift
   apart by some millionths (milliseconds in a long run).  An offset
   that puts the kernel before WHEN or after BOUND is wrong: it is moved
   as little as puts the kernel's start after WHEN and its end before
   BOUND, or, where the span by the device's timer is the longer (a timer
   faster than the front end's clock), its start at WHEN.  Races of two
   queues leave either one's.  */
static uint64_t
track_offset (struct nvptx_device *dev, uint64_t when, uint64_t bound,
	      uint64_t g_start, uint64_t g_end)
{
  uint64_t off = __atomic_load_n (&dev->clock_offset, __ATOMIC_RELAXED);
  uint64_t was = off;

  /* In unsigned arithmetic: the front end's times are positive, the
     offset is the difference of two clocks, of any sign.  */
  if ((int64_t) (g_start - off - when) < 0)
    off = g_start - when;
  else if (bound > when && (int64_t) (g_end - off - bound) > 0)
    off = g_end - g_start <= bound - when ? g_end - bound : g_start - when;
  if (off != was)
    __atomic_store_n (&dev->clock_offset, off, __ATOMIC_RELAXED);
  return off;
}

/* The span of the kernel of slot S on Q, timed from G_START to G_END
   by DEV's timer, in *START and *END by the front end's clock.  Worked
   out once, by the first to ask: the copy ahead of it, which ends where
   it started (nvptx_clock_started), or the kernel itself; so the two
   agree.  */
static void
kernel_span (struct nvptx_queue *q, struct nvptx_clock_slot *s,
	     uint64_t g_start, uint64_t g_end, uint64_t *start,
	     uint64_t *end)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  uint64_t bound, off, now;

  if (s->spanned)
    {
      *start = s->span_start;
      *end = s->span_end;
      return;
    }
  /* The kernel had ended when its end was read, as it had when a
     synchronisation that saw it done returned.  */
  bound = nvptx_clock_sync_bound (q, s->seq);
  if ((now = gtc_profile_clock ()) < bound)
    bound = now;
  off = track_offset (dev, s->when, bound, g_start, g_end);
  *start = g_start - off;
  *end = g_end - off;
  /* Within a span too short for the device's (a timer faster than the
     front end's clock), the kernel ran after it was issued, and before
     a synchronisation that saw it done returned.  */
  if (*start < s->when)
    *start = s->when;
  if (*end > bound)
    *end = bound;
  if (*start > *end)
    *start = *end;
  s->span_start = *start;
  s->span_end = *end;
  s->spanned = true;
}

int
nvptx_clock_read (struct nvptx_queue *q, void *token, uint64_t *start,
		  uint64_t *end, uint64_t *dev_start, uint64_t *dev_end)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  struct nvptx_clock_slot *s = token;
  volatile struct nvptx_clock_host *h
    = &q->clock_host[s - q->clock_slots];
  uint64_t g_end, g_start, base = dev->time_base_ns;
  int got = 0;

  if (s->state == NVPTX_CLOCK_LAUNCHED)
    {
      /* Both come in one store, the end read first.  Either missing:
	 not run yet, or run without taking the times (a fault); a
	 synchronisation since says which.  */
      g_end = __atomic_load_n (&h->end, __ATOMIC_ACQUIRE);
      g_start = g_end != 0 ? h->start : 0;
      if ((g_end == 0 || g_start == 0) && !nvptx_off ()
	  && s->seq > __atomic_load_n (&q->clock_synced, __ATOMIC_ACQUIRE))
	return -1;
      if (g_end != 0 && g_start != 0)
	{
	  kernel_span (q, s, g_start, g_end, start, end);
	  if (g_end >= g_start && *start >= base)
	    {
	      *dev_start = *start - base;
	      *dev_end = *end - base;
	      got = 1;
	    }
	}
    }
  else if (q->clock_pending == s)
    /* Issuing the launch failed before time_end (the issuing thread,
       under the core's lock of Q).  */
    q->clock_pending = NULL;
  __atomic_store_n (&s->state, NVPTX_CLOCK_FREE, __ATOMIC_RELEASE);
  return got;
}

uint64_t
nvptx_clock_started (struct nvptx_queue *q, struct nvptx_clock_slot *s,
		     uint64_t seq)
{
  volatile struct nvptx_clock_host *h = &q->clock_host[s - q->clock_slots];
  uint64_t g_start, g_end, start, end;

  /* The slot may have been taken since by a later launch: then that one
     has started, after this one.  Both times come in one store, the end
     read first.  The offset is kept true by this kernel now, not only
     when it is read after the copy: else a copy could end after the
     start of the kernel behind it.  */
  if (__atomic_load_n (&s->state, __ATOMIC_ACQUIRE) != NVPTX_CLOCK_LAUNCHED
      || s->seq != seq
      || (g_end = __atomic_load_n (&h->end, __ATOMIC_ACQUIRE)) == 0
      || (g_start = h->start) == 0)
    return UINT64_MAX;
  kernel_span (q, s, g_start, g_end, &start, &end);
  return start;
}

void
nvptx_clock_synced (struct nvptx_queue *q, uint64_t clocked, uint64_t upto)
{
  unsigned i;

  if (upto == 0)
    return;
  /* A record being written over by another synchronisation may be read
     with the newer time: a later bound, still a bound.  */
  i = __atomic_fetch_add (&q->clock_sync_next, 1, __ATOMIC_RELAXED)
      % NVPTX_CLOCK_SYNCS;
  __atomic_store_n (&q->clock_syncs[i].seq, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&q->clock_syncs[i].ns, gtc_profile_clock (),
		    __ATOMIC_RELAXED);
  __atomic_store_n (&q->clock_syncs[i].seq, upto, __ATOMIC_RELEASE);
  if (clocked != 0)
    __atomic_store_n (&q->clock_synced, clocked, __ATOMIC_RELEASE);
}
