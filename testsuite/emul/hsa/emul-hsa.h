/* emul-hsa.h -- internal declarations of the emulated HSA runtime
   (libhsa-runtime64.so.1 of the testsuite): configuration, diagnostics,
   agents and regions, device memory, signals, queues, code objects,
   executables, host symbol lookup and the device-side libc.  The HSA
   types and prototypes come from Debian's <hsa/hsa.h>, so the compiler
   checks every function against the real API.

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

#ifndef EMUL_HSA_H
#define EMUL_HSA_H

/* Give the API functions default visibility (everything else in this
   library is hidden); hsa_ext_amd.h includes hsa_ext_image.h, which
   redefines HSA_API from its own macro.  */
#define HSA_EXPORT 1
#define HSA_EXPORT_IMAGES 1
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

/* hsa.h declares these two without (void).  */
hsa_status_t hsa_init (void);
hsa_status_t hsa_shut_down (void);

#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "console.h"
#include "emul-base.h"

#define EMUL_MAX_GPUS 8
#define EMUL_PAGE 4096u

/* A memory fence of ORDER.  ThreadSanitizer does not model fences (GCC 13
   and later refuse them under -fsanitize=thread, as check-tsan builds
   this library): there an atomic read-modify-write of a variable of its
   own orders the accesses the same way on x86.  */
#ifdef __SANITIZE_THREAD__
extern int emul_fence_word;
# define EMUL_FENCE(order) \
  ((void) __atomic_fetch_add (&emul_fence_word, 0, (order)))
#else
# define EMUL_FENCE(order) __atomic_thread_fence (order)
#endif

/* The exit value a corrupt=NAME fault leaves in a kernel's ring.  */
#define EMUL_CORRUPT_VALUE 0x12345678u

/* config.c: settings read from the environment at hsa_init.  */

enum emul_fault
{
  EMUL_FAULT_INIT,		/* hsa_init.  */
  EMUL_FAULT_ALLOC,		/* hsa_memory_allocate, pool allocate.  */
  EMUL_FAULT_COPY,		/* hsa_memory_copy, async copies.  */
  EMUL_FAULT_LOAD,		/* Loading a code object.  */
  EMUL_FAULT_QUEUE,		/* hsa_queue_create.  */
  EMUL_FAULT_SIGNAL,		/* hsa_signal_create.  */
  EMUL_FAULT_KERNEL,		/* A kernel dispatch faults.  */
  EMUL_FAULT_COUNT
};

/* entries.c: the entry points, those of plugin/gcn/hsa-lib.def, and the
   injection of failures into them (GOMPTARGET_EMUL_HSA_FAIL).  */

enum emul_entry
{
#define HSA_REQUIRED(name) EMUL_ENTRY_##name,
#define HSA_OPTIONAL(name) EMUL_ENTRY_##name,
#include "hsa-lib.def"
  EMUL_ENTRY_COUNT
};

/* A rule of GOMPTARGET_EMUL_HSA_FAIL: call AT of the entry fails (0:
   none), and every later one when FROM, with STATUS.  */
struct emul_fail_rule
{
  uint64_t at;
  bool from;
  hsa_status_t status;
};

struct emul_gpu_config
{
  char isa[16];			/* "gfx906".  */
  uint32_t mach;		/* EF_AMDGPU_MACH value.  */
  uint32_t compute_units;
};

struct emul_config
{
  int num_gpus;
  struct emul_gpu_config gpu[EMUL_MAX_GPUS];
  uint64_t memory_size;		/* Device memory of each GPU agent.  */
  bool poison;
  bool trace;
  int poll;			/* GOMPTARGET_EMUL_HSA_POLL: EMUL_POLL_*.  */
  /* Fault injection: the Nth call fails (0: never); every later one too
     when fault_from.  */
  uint64_t fault_at[EMUL_FAULT_COUNT];
  bool fault_from[EMUL_FAULT_COUNT];
  uint64_t fault_calls[EMUL_FAULT_COUNT];
  /* GOMPTARGET_EMUL_HSA_FAIL: a rule and a call count per entry.  */
  struct emul_fail_rule fail[EMUL_ENTRY_COUNT];
  uint64_t fail_calls[EMUL_ENTRY_COUNT];
  char fault_kernel[128];	/* kernel=NAME: dispatches of NAME fault.  */
  char corrupt_kernel[128];	/* corrupt=NAME: NAME ends with a corrupted
				   exit value in its ring.  */
};

extern struct emul_config emul_cfg;

/* agents.c: this process is a child made by fork () after hsa_init in
   its parent (see there).  */
extern bool emul_forked_child;

/* Read the environment; false (with a diagnostic) when a value is bad.  */
bool emul_config_read (void);
/* Count one call of WHAT; true if fault injection makes it fail, or if
   it needs the kernel driver in a child made by fork () after hsa_init
   (every kind but EMUL_FAULT_INIT and EMUL_FAULT_KERNEL).  */
bool emul_fault (enum emul_fault what);
/* Parse GOMPTARGET_EMUL_HSA_FAIL into emul_cfg.fail; false (with a
   diagnostic) when it is malformed or names an entry that cannot fail.
   "list" lists the entries and returns false.  */
bool emul_fail_parse (const char *spec);
/* Count a call of entry E; the status it must fail with, else
   HSA_STATUS_SUCCESS.  */
hsa_status_t emul_enter (enum emul_entry e);
#define EMUL_ENTRY(name) emul_enter (EMUL_ENTRY_##name)
/* What every entry point that returns a status does first.  */
#define EMUL_ENTER(name) \
  do { hsa_status_t emul_s_ = EMUL_ENTRY (name); \
       if (emul_s_ != HSA_STATUS_SUCCESS) return emul_s_; } while (0)

/* The EF_AMDGPU_MACH value of an ISA name, 0 if unknown.  */
uint32_t emul_isa_mach (const char *name);
const char *emul_mach_name (uint32_t mach);

/* A misuse of the API or a failed check is always printed, by
   emul_report (of the base).  */
/* Progress and the reasons for rejected input: GOMPTARGET_EMUL_HSA_TRACE.  */
void emul_trace (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* Objects handed out as handles come from the base's pools (struct
   emul_pool, emul_pool_get, emul_pool_put, emul_pool_find).  */

/* agents.c: the runtime, agents, regions (also the AMD memory pools).  */

enum emul_region_kind
{
  EMUL_REGION_SYSTEM,		/* Fine-grained system memory, kernarg.  */
  EMUL_REGION_SYSTEM_COARSE,	/* Coarse-grained system memory.  */
  EMUL_REGION_DEVICE,		/* A GPU's own memory (coarse-grained).  */
  EMUL_REGION_GROUP		/* A GPU's LDS: no runtime allocation.  */
};

struct emul_arena;

struct emul_region
{
  enum emul_region_kind kind;
  struct emul_agent *owner;	/* NULL for the system regions.  */
  struct emul_arena *arena;	/* NULL for group memory.  */
  hsa_region_segment_t segment;
  uint32_t global_flags;	/* hsa_region_global_flag_t bits.  */
  uint64_t size;
};

struct emul_agent
{
  int index;			/* 0: the CPU; 1..: GPUs.  */
  bool gpu;
  char name[64];
  uint32_t mach;
  uint32_t compute_units;
  struct emul_region *regions[4];
  int nregions;
  struct emul_region *pools[4];
  int npools;
};

/* Runtime state.  */
bool emul_initialized (void);
#define EMUL_CHECK_INIT() \
  do { if (!emul_initialized ()) return HSA_STATUS_ERROR_NOT_INITIALIZED; } \
  while (0)

/* The description of STATUS ("HSA_STATUS_...: ..."), NULL if unknown;
   the status named NAME.  */
const char *emul_status_text (hsa_status_t status);
bool emul_status_from_name (const char *name, hsa_status_t *status);

struct emul_agent *emul_agent_get (hsa_agent_t agent);
struct emul_region *emul_region_get (uint64_t handle);
hsa_agent_t emul_agent_handle (const struct emul_agent *a);
struct emul_agent *emul_gpu (int i);
int emul_num_gpus (void);
/* Memory arenas are set up once, at the first hsa_init.  */
void emul_regions_setup (void);

/* memory.c: device memory.  Each GPU's memory is a reserved address range
   of its own, separate from host memory: pages are mapped when allocated
   and unmapped when freed.  System (kernarg) memory is another range.  */

struct emul_arena *emul_arena_create (const char *name, uint64_t size);
hsa_status_t emul_mem_allocate (struct emul_region *r, size_t size,
				void **ptr, const char *api);
hsa_status_t emul_mem_free (void *ptr, const char *api);
/* Check that [P, P + N) is usable by a copy: host memory, or inside one
   live allocation.  Diagnose and return false if not.  */
bool emul_mem_check (const void *p, size_t n, const char *what,
		     const char *api);
/* The live allocation holding P: its start, size and region.  */
bool emul_mem_lookup (const void *p, uintptr_t *start, size_t *size,
		      struct emul_region **region);
/* Whether P lies in one of the emulated arenas at all.  */
bool emul_mem_in_arena (const void *p);

/* The system clock of the agents (HSA_SYSTEM_INFO_TIMESTAMP, dispatch
   times): nanoseconds, as emul_now_ns, but from another origin, as a
   real device's clock is, so that a runtime that took host times for
   the device's cannot pass for one that converts them.  */
#define EMUL_DEVICE_EPOCH_NS 1000000000000000ull

static inline uint64_t
emul_device_ns (void)
{
  return emul_now_ns () + EMUL_DEVICE_EPOCH_NS;
}

/* signals.c.  */

struct emul_signal
{
  struct emul_obj obj;
  int64_t value;
  pthread_mutex_t lock;
  pthread_cond_t cond;
  uint32_t waiters;
  uint32_t id;
  bool doorbell;		/* A queue's: not the application's.  */
  /* When the last kernel-dispatch packet it completed started and ended,
     on the system clock (HSA_SYSTEM_INFO_TIMESTAMP), where its queue
     profiled (hsa_amd_profiling_set_profiler_enabled); atomic.  */
  uint64_t start_ts, end_ts;
};

struct emul_signal *emul_signal_new (int64_t initial);
void emul_signal_delete (struct emul_signal *s);
/* The live signal of handle S; NULL (diagnosed, naming API) if none.  */
struct emul_signal *emul_signal_get (hsa_signal_t s, const char *api);
void emul_signal_store (struct emul_signal *s, int64_t value, int order);
int64_t emul_signal_add (struct emul_signal *s, int64_t delta);
/* Wait until VALUE satisfies COND or TIMEOUT_NS (UINT64_MAX: forever)
   passed; return the last value read.  */
int64_t emul_signal_wait (struct emul_signal *s, hsa_signal_condition_t cond,
			  int64_t value, uint64_t timeout_ns, bool active);
/* Wake every waiter of S (queue shutdown).  */
void emul_signal_wake (struct emul_signal *s);
hsa_signal_t emul_signal_handle (struct emul_signal *s);

/* code-object.c: AMDGPU ELF code objects, checked and parsed.  */

struct emul_elf_symbol
{
  const char *name;
  uint64_t value;
  uint64_t size;
  unsigned char type;		/* STT_*.  */
  unsigned char bind;		/* STB_*.  */
  uint16_t shndx;
};

struct emul_kernel_meta
{
  const char *symbol;		/* "main._omp_fn.0.kd".  */
  uint32_t kernarg_size;
  uint32_t kernarg_align;
  uint32_t group_size;
  uint32_t private_size;
};

struct emul_code_object
{
  struct emul_obj obj;
  bool reader;			/* A hsa_code_object_reader_t.  */
  unsigned char *image;		/* Our copy.  */
  size_t size;
  uint32_t mach;		/* e_flags & 0xff.  */
  uint32_t e_flags;
  uint64_t load_size;		/* End of the highest PT_LOAD segment.  */
  struct emul_elf_symbol *syms;	/* .symtab, else .dynsym.  */
  size_t nsyms;
  struct emul_kernel_meta *kernels;	/* From the metadata notes.  */
  size_t nkernels;
};

/* Check IMAGE[SIZE] and build a code object; NULL with *STATUS.  */
struct emul_code_object *emul_code_object_parse (const void *image,
						 size_t size,
						 hsa_status_t *status);
void emul_code_object_release (struct emul_code_object *co);
struct emul_code_object *emul_code_object_get (uint64_t handle, bool reader);
/* Copy the PT_LOAD segments into BASE (load_size bytes, zeroed) and apply
   the dynamic relocations.  */
bool emul_code_object_load (const struct emul_code_object *co,
			    unsigned char *base);
const struct emul_kernel_meta *
emul_code_object_kernel (const struct emul_code_object *co,
			 const char *symbol);
/* The section holding address VALUE: its end address.  */
bool emul_code_object_section_end (const struct emul_code_object *co,
				   uint64_t value, uint64_t *end);

/* executable.c: executables, loaded code objects, symbols, kernels.  */

struct emul_executable;

struct emul_symbol
{
  struct emul_obj obj;
  struct emul_executable *exec;
  char *name;
  hsa_symbol_kind_t kind;
  struct emul_agent *agent;	/* NULL: program (external) symbol.  */
  uint64_t address;		/* Variable address or kernel object.  */
  uint32_t size;
  bool host;			/* The program's own variable.  */
  /* Kernels.  */
  uint32_t kernarg_size;
  uint32_t kernarg_align;
  uint32_t group_size;
  uint32_t private_size;
  void (*host_fn) (void *);	/* NULL if none was found.  */
  char *host_name;
  /* The device-number ICV of the code object (GCC 12: int
     __gomp_device_num; GCC 13/14: __gomp_additional_icvs).  */
  const int32_t *device_num_var;
  struct emul_symbol *next;
};

/* The kernel whose object (descriptor address) is HANDLE, of a frozen
   executable, loaded for AGENT; NULL with *STATUS otherwise.  The
   executable is then held (cannot be destroyed) until
   emul_kernel_release.  */
struct emul_symbol *emul_kernel_find (uint64_t handle,
				      const struct emul_agent *agent,
				      hsa_status_t *status);
void emul_kernel_release (struct emul_symbol *k);
/* Reverse offload: the device address that .offload_func_table gives to
   the device-side function of the ancestor region whose host version is
   HOST_FN, in the images loaded for the agent of KERNEL (running); 0 if
   none.  */
uint64_t emul_rev_device_fn (const struct emul_symbol *kernel,
			     void (*host_fn) (void *));

/* host-symbols.c: the program's own functions and variables, found in the
   symbol tables of the executable and of the loaded shared objects
   (contract 4 of the plan).  */

void emul_host_refresh (void);
/* The host function NAME; prefer one listed in a .gnu.offload_funcs.  */
void *emul_host_function (const char *name);
/* The host variable NAME of SIZE bytes listed in a .gnu.offload_vars
   table (declare target); NULL if none.  */
void *emul_host_variable (const char *name, uint64_t size);

/* queues.c.  */

struct emul_queue;
/* Stop every queue's packet processor (last hsa_shut_down).  */
void emul_queues_shutdown (void);

/* device-libc.c: what an emulated kernel's libc calls do.  */

struct emul_rev_buf;

struct emul_dispatch
{
  struct emul_symbol *kernel;
  struct emul_queue *queue;
  struct emul_agent *agent;	/* The queue's.  */
  struct gcn_output *out;	/* The ring of the kernarg block.  */
  struct emul_signal *completion;	/* NULL if none.  */
  void *vars;			/* The kernel's argument.  */
  int32_t num_teams;		/* Work-groups.  */
  int32_t thread_limit;		/* Work-group size z (waves).  */
  int32_t device_num;
  pthread_t thread;		/* The packet processor running it.  */
  jmp_buf exit_jmp;		/* exit/abort on that thread.  */
  int ended;			/* Set once (atomic): signalled.  */
  struct emul_dispatch *next;
  /* Reverse offload (device-rev.c): device memory for requests.  */
  pthread_mutex_t rev_lock;
  struct emul_rev_buf *rev_free;
};

/* Make D the kernel that the calling (packet processor) thread runs, or
   none.  */
void emul_dispatch_enter (struct emul_dispatch *d);
void emul_dispatch_leave (struct emul_dispatch *d);
/* Make D the dispatch of the calling thread (the one whose exit and
   abort end D's kernel); returns the previous one.  */
struct emul_dispatch *emul_dispatch_set_current (struct emul_dispatch *d);
/* Complete dispatch D from a thread that ended the kernel by exit/abort
   outside the packet processor; defined in queues.c.  */
void emul_dispatch_end_elsewhere (struct emul_dispatch *d);
/* device-rev.c: the device-side writer of reverse-offload requests, the
   ancestor callback of GOMPTARGET_PLUGIN_run_host_region_ancestor (ARG:
   the dispatch), and what the dispatch's requests left to free.  */
void emul_ancestor (void *arg, void (*host_fn) (void *), uint64_t mapnum,
		    void **addrs, const size_t *sizes,
		    const unsigned short *kinds);
void emul_rev_release (struct emul_dispatch *d);

/* Where the writer waits for the host, for the WAITS + 1st time.  */
void emul_console_relax (uint32_t waits);

#endif /* EMUL_HSA_H */
