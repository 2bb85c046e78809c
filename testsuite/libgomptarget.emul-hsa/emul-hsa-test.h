/* emul-hsa-test.h -- what the tests of the emulated HSA runtime share:
   they play the host side of a GCN plugin with Debian's <hsa/hsa.h>.
   The program's own GOMP_offload_register_ver catches the GCN image GCC
   built for it; the helpers find the agents and regions, load the image,
   fill a kernel argument block (config/gcn/kernarg.h), dispatch, and
   drain the console ring the way a plugin does while it waits.

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

#ifndef EMUL_HSA_TEST_H
#define EMUL_HSA_TEST_H

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernarg.h"

#define GCN_TARGET_TYPE 8

/* The monotonic clock, in nanoseconds.  */
static uint64_t __attribute__ ((unused))
test_now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* The image of the program, caught at registration.  */
static const void *test_image;
static size_t test_image_size;
static unsigned test_kernel_count;

struct test_gcn_image { size_t size; void *image; };
struct test_gcn_desc12
{
  const struct test_gcn_image *image;
  unsigned kernel_count;
  const void *kernel_infos;
  unsigned global_variable_count;
};

void GOMP_offload_register_ver (unsigned version, const void *host_table,
				int target_type, const void *target_data);
void GOMP_offload_unregister_ver (unsigned version, const void *host_table,
				  int target_type, const void *target_data);

void
GOMP_offload_register_ver (unsigned version, const void *host_table,
			   int target_type, const void *target_data)
{
  const struct test_gcn_desc12 *d;

  (void) host_table;
  if (target_type != GCN_TARGET_TYPE)
    return;
  /* GCC 13/14 (library version 3) put the requires mask first.  */
  if ((version >> 16) >= 3)
    target_data = (const char *) target_data + sizeof (uintptr_t);
  d = target_data;
  test_image = d->image->image;
  test_image_size = d->image->size;
  test_kernel_count = d->kernel_count;
}

void
GOMP_offload_unregister_ver (unsigned version, const void *host_table,
			     int target_type, const void *target_data)
{
  (void) version;
  (void) host_table;
  (void) target_type;
  (void) target_data;
}

static void __attribute__ ((noreturn, format (printf, 1, 2)))
test_fail (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  fputs ("FAIL: ", stderr);
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
  va_end (ap);
  exit (1);
}

static const char *
test_status (hsa_status_t s)
{
  const char *str = NULL;

  if (hsa_status_string (s, &str) != HSA_STATUS_SUCCESS || str == NULL)
    return "(no status string)";
  return str;
}

/* CALL must return EXPECTED.  */
#define EXPECT(call, expected) \
  do \
    { \
      hsa_status_t s_ = (call); \
      if (s_ != (hsa_status_t) (expected)) \
	test_fail ("%s:%d: %s returned 0x%x (%s), expected 0x%x", __FILE__, \
		   __LINE__, #call, (unsigned) s_, test_status (s_), \
		   (unsigned) (expected)); \
    } \
  while (0)
#define CHECK(call) EXPECT (call, HSA_STATUS_SUCCESS)
#define ASSERT(cond) \
  do \
    if (!(cond)) \
      test_fail ("%s:%d: %s", __FILE__, __LINE__, #cond); \
  while (0)

struct test_agent
{
  hsa_agent_t agent;
  hsa_region_t kernarg;		/* Global, KERNARG.  */
  hsa_region_t data;		/* Global, coarse-grained, device.  */
  char name[64];
};

static struct test_agent test_gpus[8];
static int test_ngpus;
static hsa_agent_t test_cpu;

static hsa_status_t
test_region_cb (hsa_region_t r, void *data)
{
  struct test_agent *a = data;
  hsa_region_segment_t seg;
  uint32_t flags;
  bool host;

  CHECK (hsa_region_get_info (r, HSA_REGION_INFO_SEGMENT, &seg));
  if (seg != HSA_REGION_SEGMENT_GLOBAL)
    return HSA_STATUS_SUCCESS;
  CHECK (hsa_region_get_info (r, HSA_REGION_INFO_GLOBAL_FLAGS, &flags));
  CHECK (hsa_region_get_info (r, (hsa_region_info_t)
			      HSA_AMD_REGION_INFO_HOST_ACCESSIBLE, &host));
  if (flags & HSA_REGION_GLOBAL_FLAG_KERNARG)
    {
      ASSERT (host);
      a->kernarg = r;
    }
  else if ((flags & HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED) && !host)
    a->data = r;
  return HSA_STATUS_SUCCESS;
}

static hsa_status_t
test_agent_cb (hsa_agent_t agent, void *data)
{
  hsa_device_type_t type;

  (void) data;
  CHECK (hsa_agent_get_info (agent, HSA_AGENT_INFO_DEVICE, &type));
  if (type == HSA_DEVICE_TYPE_CPU)
    test_cpu = agent;
  else if (type == HSA_DEVICE_TYPE_GPU && test_ngpus < 8)
    {
      struct test_agent *a = &test_gpus[test_ngpus++];
      a->agent = agent;
      CHECK (hsa_agent_get_info (agent, HSA_AGENT_INFO_NAME, a->name));
      CHECK (hsa_agent_iterate_regions (agent, test_region_cb, a));
      ASSERT (a->kernarg.handle != 0 && a->data.handle != 0);
    }
  return HSA_STATUS_SUCCESS;
}

/* hsa_init and the agents.  */
static void
test_init (void)
{
  CHECK (hsa_init ());
  CHECK (hsa_iterate_agents (test_agent_cb, NULL));
  ASSERT (test_cpu.handle != 0);
}

/* Load the program's image for GPU A into a new frozen executable.  */
static hsa_executable_t
test_load (const struct test_agent *a)
{
  hsa_code_object_t co;
  hsa_executable_t exec;

  ASSERT (test_image != NULL);
  CHECK (hsa_code_object_deserialize ((void *) test_image, test_image_size,
				      NULL, &co));
  CHECK (hsa_executable_create (HSA_PROFILE_FULL,
				HSA_EXECUTABLE_STATE_UNFROZEN, NULL, &exec));
  CHECK (hsa_executable_load_code_object (exec, a->agent, co, NULL));
  CHECK (hsa_executable_freeze (exec, NULL));
  return exec;
}

struct test_kernel
{
  uint64_t object;
  uint32_t kernarg_size, group_size, private_size;
};

static struct test_kernel
test_kernel (hsa_executable_t exec, const struct test_agent *a,
	     const char *name)
{
  hsa_executable_symbol_t sym;
  struct test_kernel k;
  hsa_symbol_kind_t kind;

  CHECK (hsa_executable_get_symbol (exec, NULL, name, a->agent, 0, &sym));
  CHECK (hsa_executable_symbol_get_info (sym, HSA_EXECUTABLE_SYMBOL_INFO_TYPE,
					 &kind));
  ASSERT (kind == HSA_SYMBOL_KIND_KERNEL);
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &k.object));
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
	  &k.kernarg_size));
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
	  &k.group_size));
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
	  &k.private_size));
  return k;
}

/* Device memory of A holding a copy of SIZE bytes at SRC (if any).  */
static void *
test_device_copy (const struct test_agent *a, const void *src, size_t size)
{
  void *p;

  CHECK (hsa_memory_allocate (a->data, size, &p));
  if (src != NULL)
    CHECK (hsa_memory_copy (p, src, size));
  return p;
}

/* A GCC 12 kernel argument block with an empty console ring, its address
   array pointer VARS.  */
static struct gcn_kernargs_gcc12 *
test_kernargs (const struct test_agent *a, void *vars)
{
  struct gcn_kernargs_gcc12 *k;
  unsigned i;

  CHECK (hsa_memory_allocate (a->kernarg, sizeof *k, (void **) &k));
  k->vars = (int64_t) (uintptr_t) vars;
  k->out_ptr = (int64_t) (uintptr_t) &k->output_data;
  k->heap_ptr = 0;
  k->arena_ptr = 0;
  k->output_data.return_value = (int32_t) GCN_EXIT_UNSET;
  k->output_data.next_output = 0;
  k->output_data.consumed = 0;
  for (i = 0; i < GCN_CONSOLE_SLOTS; i++)
    k->output_data.queue[i].written = 0;
  return k;
}

/* Put a kernel-dispatch packet for K on Q with GCC's geometry: TEAMS
   work-groups of (1, 64, THREADS).  */
static void
test_dispatch (hsa_queue_t *q, const struct test_kernel *k, void *kernargs,
	       uint32_t teams, uint32_t threads, hsa_signal_t done)
{
  uint64_t index = hsa_queue_add_write_index_release (q, 1);
  hsa_kernel_dispatch_packet_t *p;
  uint16_t header;

  while (index - hsa_queue_load_read_index_acquire (q) >= q->size)
    ;
  p = (hsa_kernel_dispatch_packet_t *) q->base_address + (index % q->size);
  memset ((char *) p + 4, 0, sizeof *p - 4);
  p->setup = 3 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  p->workgroup_size_x = 1;
  p->workgroup_size_y = 64;
  p->workgroup_size_z = (uint16_t) threads;
  p->grid_size_x = teams;
  p->grid_size_y = 64;
  p->grid_size_z = threads;
  p->private_segment_size = k->private_size;
  p->group_segment_size = k->group_size;
  p->kernel_object = k->object;
  p->kernarg_address = kernargs;
  p->completion_signal = done;
  header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE)
	   | (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_ACQUIRE_FENCE_SCOPE)
	   | (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_RELEASE_FENCE_SCOPE);
  __atomic_store_n ((uint32_t *) p, header | ((uint32_t) p->setup << 16),
		    __ATOMIC_RELEASE);
  hsa_signal_store_release (q->doorbell_signal, (hsa_signal_value_t) index);
}

/* A barrier-AND packet on Q waiting for DEPS (up to 5, 0 = none).  */
static void
test_barrier_and (hsa_queue_t *q, const hsa_signal_t *deps, int ndeps,
		  hsa_signal_t done)
{
  uint64_t index = hsa_queue_add_write_index_release (q, 1);
  hsa_barrier_and_packet_t *p;
  int i;

  p = (hsa_barrier_and_packet_t *) q->base_address + (index % q->size);
  memset ((char *) p + 4, 0, sizeof *p - 4);
  for (i = 0; i < ndeps; i++)
    p->dep_signal[i] = deps[i];
  p->completion_signal = done;
  __atomic_store_n (&p->header,
		    (uint16_t) ((HSA_PACKET_TYPE_BARRIER_AND
				 << HSA_PACKET_HEADER_TYPE)
				| (1 << HSA_PACKET_HEADER_BARRIER)),
		    __ATOMIC_RELEASE);
  hsa_signal_store_release (q->doorbell_signal, (hsa_signal_value_t) index);
}

/* What the host printed from the ring, and how many slots of each type
   it saw.  */
static char *test_console;
static size_t test_console_len;
static unsigned test_slot_types[5];
/* Called for a reverse-offload slot before it is released.  */
static void (*test_rev_offload) (const uint64_t *words);

static void
test_console_add (const char *s, size_t n)
{
  test_console = realloc (test_console, test_console_len + n + 1);
  ASSERT (test_console != NULL);
  memcpy (test_console + test_console_len, s, n);
  test_console_len += n;
  test_console[test_console_len] = '\0';
}

/* Print and take what the device wrote, as GCC's plugin does.  */
static void
test_drain (struct gcn_output *out)
{
  unsigned from = __atomic_load_n (&out->consumed, __ATOMIC_ACQUIRE);
  unsigned to = __atomic_load_n (&out->next_output, __ATOMIC_ACQUIRE);
  unsigned i;

  for (i = from; i < to; i++)
    {
      struct gcn_console_slot *s = &out->queue[i % GCN_CONSOLE_SLOTS];
      char buf[300];
      int n = 0;

      if (!__atomic_load_n (&s->written, __ATOMIC_ACQUIRE))
	break;
      ASSERT (s->type >= 0 && s->type <= 4);
      test_slot_types[s->type]++;
      switch (s->type)
	{
	case GCN_CONSOLE_INT:
	  n = snprintf (buf, sizeof buf, "%.128s%lld\n", s->msg,
			(long long) s->ivalue);
	  break;
	case GCN_CONSOLE_DOUBLE:
	  n = snprintf (buf, sizeof buf, "%.128s%f\n", s->msg, s->dvalue);
	  break;
	case GCN_CONSOLE_TEXT:
	  n = snprintf (buf, sizeof buf, "%.128s%.128s\n", s->msg, s->text);
	  break;
	case GCN_CONSOLE_RAW:
	  n = snprintf (buf, sizeof buf, "%.128s%.128s", s->msg, s->text);
	  break;
	case GCN_CONSOLE_REV_OFFLOAD:
	  ASSERT (test_rev_offload != NULL);
	  test_rev_offload (s->u64);
	  break;
	}
      if (n > 0)
	{
	  test_console_add (buf, (size_t) n);
	  fwrite (buf, 1, (size_t) n, stdout);
	}
      __atomic_store_n (&s->written, 0, __ATOMIC_RELEASE);
      __atomic_store_n (&out->consumed, i + 1, __ATOMIC_RELEASE);
    }
  fflush (stdout);
}

/* Wait for DONE to reach 0, draining OUT every millisecond.  */
static void
test_wait (hsa_signal_t done, struct gcn_output *out)
{
  while (hsa_signal_wait_acquire (done, HSA_SIGNAL_CONDITION_LT, 1,
				  1000 * 1000, HSA_WAIT_STATE_BLOCKED) != 0)
    if (out != NULL)
      test_drain (out);
  if (out != NULL)
    test_drain (out);
}

#endif /* EMUL_HSA_TEST_H */
