/* kernarg.h -- the host<->device protocol layouts of GCC's AMD GCN
   kernels: the kernel argument block of GCC 12 and of GCC 13/14, the
   console ring (struct gcn_output) that device printf/write, exit and
   reverse offload fill, its slot types, the exit-value encoding and the
   device heap header.  Included by the GCN plugin, by the emulated HSA
   runtime of the testsuite and by device-side code, so it is plain C with
   no host-only header; every offset and size the references give is
   checked below with _Static_assert.

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

#ifndef GOMPTARGET_GCN_KERNARG_H
#define GOMPTARGET_GCN_KERNARG_H

#include <stddef.h>
#include <stdint.h>

/* The console ring.  Device code claims a slot by an atomic fetch-add of
   next_output, waits while the ring is full (until consumed > index -
   GCN_CONSOLE_SLOTS), fills the slot and release-stores written = 1.  The
   host prints slots consumed..next_output in order while written is set,
   clears written and release-stores consumed = index + 1.  The counters
   are absolute (they do not wrap with the ring).  */
#define GCN_CONSOLE_SLOTS	1024
#define GCN_CONSOLE_MSG_SIZE	128
#define GCN_CONSOLE_TEXT_SIZE	128

/* What a slot holds (the host's action in brackets).  */
enum gcn_console_type
{
  GCN_CONSOLE_INT = 0,		/* msg, ivalue [printf "%.128s%ld\n"].  */
  GCN_CONSOLE_DOUBLE = 1,	/* msg, dvalue [printf "%.128s%f\n"].  */
  GCN_CONSOLE_TEXT = 2,		/* msg, text [printf "%.128s%.128s\n"].  */
  GCN_CONSOLE_RAW = 3,		/* msg, text: up to 256 bytes of write()
				   output [printf "%.128s%.128s"].  */
  GCN_CONSOLE_REV_OFFLOAD = 4	/* Reverse-offload request (GCC 13+): the
				   device spins until the host has run it
				   and cleared written.  */
};

/* The u64 words of a GCN_CONSOLE_REV_OFFLOAD slot.  */
enum gcn_rev_offload_word
{
  GCN_REV_FN = 0,		/* Device address of the function.  */
  GCN_REV_MAPNUM = 1,
  GCN_REV_ADDRS = 2,		/* Device address of u64[mapnum].  */
  GCN_REV_SIZES = 3,		/* Device address of u64[mapnum].  */
  GCN_REV_KINDS = 4,		/* Device address of u16[mapnum].  */
  GCN_REV_DEVICE_NUM = 5,
  GCN_REV_WORDS = 6
};

struct gcn_console_slot
{
  int32_t written;
  char msg[GCN_CONSOLE_MSG_SIZE];
  int32_t type;			/* enum gcn_console_type.  */
  union
  {
    int64_t ivalue;
    double dvalue;
    char text[GCN_CONSOLE_TEXT_SIZE];
    uint64_t u64[GCN_CONSOLE_TEXT_SIZE / 8];
  };
};

struct gcn_output
{
  int32_t return_value;		/* GCN_EXIT_* below.  */
  uint32_t next_output;
  struct gcn_console_slot queue[GCN_CONSOLE_SLOTS];
  uint32_t consumed;
};

/* return_value: the host presets GCN_EXIT_UNSET; device exit (n) stores
   GCN_EXIT_ENCODE (n), abort () GCN_SIGNAL_ENCODE (SIGABRT).  Any other
   upper half means the value was corrupted.  */
#define GCN_EXIT_UNSET		0xcafe0000u
#define GCN_EXIT_MARK		0xffff0000u
#define GCN_EXIT_UPPER(v)	(((uint32_t) (v)) >> 16)
#define GCN_EXIT_ENCODE(n)	(GCN_EXIT_MARK | ((uint32_t) (n) & 0xffu))
/* As newlib does: the low byte is the shell's 128 + signal.  */
#define GCN_SIGNAL_ENCODE(sig) \
  (GCN_EXIT_MARK | (((uint32_t) (sig) & 0xffu) << 8) \
   | ((128u + (uint32_t) (sig)) & 0xffu))
#define GCN_EXIT_SIGNAL(v)	((((uint32_t) (v)) >> 8) & 0xffu)
#define GCN_EXIT_STATUS(v)	(((uint32_t) (v)) & 0xffu)

/* The device heap (newlib's malloc): GCN_HEAP_SIZE bytes in device
   memory, the size word written by the host.  */
struct gcn_heap
{
  int64_t size;
  char data[];
};

/* Offsets of the kernel argument block, the same for both layouts up to
   arena_ptr.  A GCC kernel has one real argument (the address array);
   the rest is read by the device runtime.  */
#define GCN_KERNARG_VARS		0
#define GCN_KERNARG_OUT_PTR		16
#define GCN_KERNARG_HEAP_PTR		24
#define GCN_KERNARG_ARENA_PTR		32
#define GCN_KERNARG_STACK_PTR		40	/* GCC 13/14.  */
#define GCN_KERNARG_ARENA_SIZE		48	/* GCC 13/14.  */
#define GCN_KERNARG_STACK_SIZE		52	/* GCC 13/14.  */

/* GCC 12 (libgomp/plugin/plugin-gcn.c 12.x): the console ring follows
   the five words.  */
struct gcn_kernargs_gcc12
{
  int64_t vars;			/* Address array; 0 for init/fini.  */
  int64_t unused;
  int64_t out_ptr;		/* -> output_data (or elsewhere).  */
  int64_t heap_ptr;		/* -> struct gcn_heap.  */
  int64_t arena_ptr;		/* Team arenas; 0 when not OpenMP.  */
  struct gcn_output output_data;
};

/* GCC 13/14: kernels read stack_ptr and stack_size_per_thread in their
   prologue (wave stack = stack_ptr + stack_size_per_thread * wave
   index), so a GCC 12 block would give them garbage stacks.  The ring
   has no fixed place (reached through out_ptr); this is where the GCC 14
   plugin puts it.  */
struct gcn_kernargs_gcc14
{
  int64_t vars;
  int64_t unused;
  int64_t out_ptr;
  int64_t heap_ptr;
  int64_t arena_ptr;
  int64_t stack_ptr;		/* Base of all wave stacks.  */
  uint32_t arena_size_per_team;
  uint32_t stack_size_per_thread;	/* Per wave.  */
  struct gcn_output output_data;
};

/* Defaults of the environment variables that size these (GCC 12-14).  */
#define GCN_DEFAULT_HEAP_SIZE		(100 * 1024 * 1024)	/* GCN_HEAP_SIZE */
#define GCN_DEFAULT_STACK_SIZE		(32 * 1024)	/* GCN_STACK_SIZE */
#define GCN_DEFAULT_TEAM_ARENA_SIZE	(64 * 1024)	/* GCN_TEAM_ARENA_SIZE */

/* The launch geometry GCC's kernels expect: grid x = teams, y = 64
   lanes, z = threads (waves) per team; work-group (1, 64, threads).  */
#define GCN_LANES			64
#define GCN_MAX_THREADS_PER_TEAM	16

/* What the references give, checked.  */
_Static_assert (sizeof (struct gcn_console_slot) == 264, "slot size");
_Static_assert (offsetof (struct gcn_console_slot, written) == 0, "written");
_Static_assert (offsetof (struct gcn_console_slot, msg) == 4, "msg");
_Static_assert (offsetof (struct gcn_console_slot, type) == 132, "type");
_Static_assert (offsetof (struct gcn_console_slot, ivalue) == 136, "ivalue");
_Static_assert (offsetof (struct gcn_console_slot, dvalue) == 136, "dvalue");
_Static_assert (offsetof (struct gcn_console_slot, text) == 136, "text");
_Static_assert (offsetof (struct gcn_console_slot, u64) == 136, "u64");
_Static_assert (sizeof (((struct gcn_console_slot *) 0)->u64)
		/ sizeof (uint64_t) == 16, "u64[16]");
_Static_assert (GCN_REV_WORDS <= 16, "reverse-offload words fit");

_Static_assert (sizeof (struct gcn_output) == 270352, "struct output size");
_Static_assert (offsetof (struct gcn_output, return_value) == 0,
		"return_value");
_Static_assert (offsetof (struct gcn_output, next_output) == 4,
		"next_output");
_Static_assert (offsetof (struct gcn_output, queue) == 8, "queue");
_Static_assert (offsetof (struct gcn_output, consumed) == 270344,
		"consumed");

_Static_assert (sizeof (struct gcn_heap) == 8, "heap header");
_Static_assert (offsetof (struct gcn_heap, data) == 8, "heap data");

_Static_assert (offsetof (struct gcn_kernargs_gcc12, vars)
		== GCN_KERNARG_VARS, "gcc12 vars");
_Static_assert (offsetof (struct gcn_kernargs_gcc12, out_ptr)
		== GCN_KERNARG_OUT_PTR, "gcc12 out_ptr");
_Static_assert (offsetof (struct gcn_kernargs_gcc12, heap_ptr)
		== GCN_KERNARG_HEAP_PTR, "gcc12 heap_ptr");
_Static_assert (offsetof (struct gcn_kernargs_gcc12, arena_ptr)
		== GCN_KERNARG_ARENA_PTR, "gcc12 arena_ptr");
_Static_assert (offsetof (struct gcn_kernargs_gcc12, output_data) == 40,
		"gcc12 output_data");
_Static_assert (sizeof (struct gcn_kernargs_gcc12) == 270392, "gcc12 size");

_Static_assert (offsetof (struct gcn_kernargs_gcc14, vars)
		== GCN_KERNARG_VARS, "gcc14 vars");
_Static_assert (offsetof (struct gcn_kernargs_gcc14, out_ptr)
		== GCN_KERNARG_OUT_PTR, "gcc14 out_ptr");
_Static_assert (offsetof (struct gcn_kernargs_gcc14, heap_ptr)
		== GCN_KERNARG_HEAP_PTR, "gcc14 heap_ptr");
_Static_assert (offsetof (struct gcn_kernargs_gcc14, arena_ptr)
		== GCN_KERNARG_ARENA_PTR, "gcc14 arena_ptr");
_Static_assert (offsetof (struct gcn_kernargs_gcc14, stack_ptr)
		== GCN_KERNARG_STACK_PTR, "gcc14 stack_ptr");
_Static_assert (offsetof (struct gcn_kernargs_gcc14, arena_size_per_team)
		== GCN_KERNARG_ARENA_SIZE, "gcc14 arena_size_per_team");
_Static_assert (offsetof (struct gcn_kernargs_gcc14, stack_size_per_thread)
		== GCN_KERNARG_STACK_SIZE, "gcc14 stack_size_per_thread");
_Static_assert (offsetof (struct gcn_kernargs_gcc14, output_data) == 56,
		"gcc14 output_data");
_Static_assert (sizeof (struct gcn_kernargs_gcc14) == 270408, "gcc14 size");

_Static_assert (GCN_EXIT_ENCODE (3) == 0xffff0003u, "exit encoding");
_Static_assert (GCN_SIGNAL_ENCODE (6) == 0xffff0686u, "abort encoding");
_Static_assert (GCN_EXIT_UPPER (GCN_EXIT_UNSET) == 0xcafe, "unset");

#endif /* GOMPTARGET_GCN_KERNARG_H */
