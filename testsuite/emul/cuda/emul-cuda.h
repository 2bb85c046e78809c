/* emul-cuda.h -- internal interfaces of the emulated CUDA driver (the
   test double libcuda.so.1 of testsuite/emul/cuda): the state of
   devices, contexts, streams, events, modules and launches, and what
   each file of the emulator offers the others.  See README for what the
   emulator implements and checks.

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

#ifndef EMUL_CUDA_H
#define EMUL_CUDA_H

#include "cuda-api.h"
#include "emul-base.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The Driver API entry points and the interposed libc functions are the
   only symbols the library exports.  */
#define EMUL_PUBLIC __attribute__ ((visibility ("default")))

#define EMUL_MAX_DEVICES 16

/* ---- config.c: settings, diagnostics, fault injection, trace.  ---- */

struct emul_device_config
{
  int cc_major, cc_minor;	/* GOMPTARGET_EMUL_CUDA_CC */
  int sms;			/* GOMPTARGET_EMUL_CUDA_SMS */
  size_t mem;			/* GOMPTARGET_EMUL_CUDA_MEM_MB, in bytes */
};

struct emul_config
{
  int ndevices;			/* GOMPTARGET_EMUL_CUDA_DEVICES */
  struct emul_device_config dev[EMUL_MAX_DEVICES];
  int driver_version;		/* GOMPTARGET_EMUL_CUDA_VERSION, 12020 */
  int ptx_isa;			/* Newest PTX ISA read (10*major+minor).  */
  int regs;			/* GOMPTARGET_EMUL_CUDA_REGS per thread */
  bool peer;			/* GOMPTARGET_EMUL_CUDA_PEER */
  bool map_host;		/* GOMPTARGET_EMUL_CUDA_MAP_HOST */
  bool poison;			/* GOMPTARGET_EMUL_CUDA_POISON */
  bool debug;			/* GOMPTARGET_EMUL_CUDA_DEBUG */
  unsigned long jitter;		/* GOMPTARGET_EMUL_CUDA_JITTER, 0: none */
  unsigned long host_fn_us;	/* GOMPTARGET_EMUL_CUDA_HOST_FN_US */
  bool host_fn_lock;		/* GOMPTARGET_EMUL_CUDA_HOST_FN_LOCK */
  bool trace_calls;		/* GOMPTARGET_EMUL_CUDA_TRACE_CALLS */
  int poll;			/* GOMPTARGET_EMUL_CUDA_POLL: EMUL_POLL_* */
  long clock_drift;		/* GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT, in
				   millionths: %globaltimer's rate less
				   one.  */
};

/* Under GOMPTARGET_EMUL_CUDA_HOST_FN_LOCK: held while a stream runs a
   host function (and waits before it), and taken by every API call
   first, as a real driver may hold its locks on the thread that runs
   host functions.  */
extern pthread_mutex_t emul_host_fn_lock;

extern struct emul_config emul_config;

/* NOW, nanoseconds of a host clock, as the device's timers give it
   under GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT: faster or slower by the
   millionths given since *FIRST, that clock's first reading (0 before
   it).  */
uint64_t emul_drifted (uint64_t now, uint64_t *first);

/* Read the environment once.  False (after a message on stderr) when a
   setting is malformed.  */
bool emul_config_load (void);

/* A line on stderr under GOMPTARGET_EMUL_CUDA_DEBUG (emul_report, of
   the base, writes one always).  */
void emul_debug (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));

/* Append one line to the GOMPTARGET_EMUL_CUDA_TRACE file, if any.  */
void emul_trace (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));

/* Is there a GOMPTARGET_EMUL_CUDA_TRACE file (for a caller that would
   format part of a line first)?  */
bool emul_tracing (void);

/* Count a call of API function NAME; true, with the error in *ERR, when
   GOMPTARGET_EMUL_CUDA_FAIL says this call fails.  */
bool emul_fail_injected (const char *name, CUresult *err);

/* GOMPTARGET_EMUL_CUDA_JITTER=N: emul_enter calls the base's
   emul_jitter (N).  */

/* Count a launch of KERNEL; true, with the error in *ERR, when
   GOMPTARGET_EMUL_CUDA_FAULT says this launch faults.  */
bool emul_fault_injected (const char *kernel, CUresult *err);

/* ---- The kinds of handles of the base's handle set (emul_handle_add,
   emul_handle_remove, emul_handle_valid).  ---- */

enum emul_handle_kind
{
  EMUL_H_CONTEXT = 1,
  EMUL_H_STREAM,
  EMUL_H_EVENT,
  EMUL_H_MODULE,
  EMUL_H_FUNCTION,
  EMUL_H_LINK,
  EMUL_H_IMAGE
};


/* ---- errors.c.  ---- */

const char *emul_result_name (CUresult r);

/* ---- device.c: initialisation, devices, contexts.  ---- */

struct emul_device
{
  int ordinal;
  int cc_major, cc_minor, sms;
  size_t mem_total;
  size_t mem_used;		/* Under emul_memory_lock (memory.c).  */
  pthread_mutex_t lock;		/* Guards the primary context.  */
  struct CUctx_st *primary;
  unsigned primary_refs;
};

extern struct emul_device emul_devices[EMUL_MAX_DEVICES];
extern int emul_ndevices;

struct CUctx_st
{
  struct emul_device *dev;
  bool primary;			/* The device's primary context.  */
  bool destroyed;		/* Released: handles of it are stale.  */
  int sticky;			/* A CUresult set by a kernel fault
				   (atomic): every later call fails.  */
  pthread_mutex_t lock;		/* Streams, modules, limits, peers.  */
  size_t limits[CU_LIMIT_PERSISTING_L2_CACHE_SIZE + 1];
  bool launched_printf;		/* A kernel using vprintf/malloc was  */
  bool launched_malloc;		/* launched: the limits are fixed.  */
  struct CUstream_st *null_stream;
  struct CUstream_st *streams;	/* User streams, linked by NEXT.  */
  struct CUmod_st *modules;
  uint32_t peers;		/* Bit N: access to device N enabled.  */
  /* The printf FIFO: kernel output waiting for a synchronisation.  */
  pthread_mutex_t fifo_lock;
  char *fifo;
  size_t fifo_len, fifo_cap;
  size_t fifo_dropped;
};

/* What every API function does first: refuse calls from emulated
   kernels and host callbacks, count the call for fault injection,
   (unless NEEDS_INIT is false) check that cuInit succeeded, and sleep
   now and then under GOMPTARGET_EMUL_CUDA_JITTER.  */
CUresult emul_enter (const char *name, bool needs_init);
#define EMUL_ENTER(name) \
  do { CUresult r_ = emul_enter (#name, true); \
       if (r_ != CUDA_SUCCESS) return r_; } while (0)

/* The current context, checked: INVALID_CONTEXT when there is none,
   CONTEXT_IS_DESTROYED when it was released, the sticky error after a
   kernel fault.  */
CUresult emul_ctx_current (struct CUctx_st **ctx);

/* Check a context handle the caller passes (same errors).  */
CUresult emul_ctx_check (struct CUctx_st *ctx);

/* The same without the sticky error, for the synchronisations, which
   still wait and write the printf FIFO out after a fault.  */
CUresult emul_ctx_current_live (struct CUctx_st **ctx);
CUresult emul_ctx_check_live (struct CUctx_st *ctx);

/* A new context of device DEV (not its primary one), and the end of
   one; making a context current on this thread, and forgetting it.  */
struct CUctx_st *emul_ctx_create (struct emul_device *dev);
void emul_ctx_destroy (struct CUctx_st *ctx);
bool emul_ctx_push (struct CUctx_st *ctx);
void emul_ctx_forget (struct CUctx_st *ctx);

/* Device DEV, or NULL.  */
struct emul_device *emul_device (CUdevice dev);

/* The sticky error of CTX, or CUDA_SUCCESS.  */
CUresult emul_ctx_sticky (struct CUctx_st *ctx);

/* Poison CTX with ERR (the first error sticks).  */
void emul_ctx_poison (struct CUctx_st *ctx, CUresult err);

/* Thread state: the launch an emulated kernel thread runs, and whether
   the thread runs a host callback of a stream.  */
extern __thread struct emul_launch *emul_tls_launch;
extern __thread bool emul_tls_in_host_fn;

/* ---- memory.c: device memory, pinned memory, copies.  ---- */

enum emul_range_kind
{
  EMUL_R_DEVICE,		/* cuMemAlloc */
  EMUL_R_PINNED,		/* cuMemHostAlloc: host and device pointer */
  EMUL_R_GLOBAL,		/* Module variables the emulator owns.  */
  EMUL_R_HOSTVAR		/* A module variable that is the program's
				   own variable (shared by all devices).  */
};

struct emul_range
{
  uintptr_t start;
  size_t size;
  enum emul_range_kind kind;
  struct CUctx_st *ctx;		/* Owner (NULL for EMUL_R_HOSTVAR).  */
  unsigned long long id;	/* CU_POINTER_ATTRIBUTE_BUFFER_ID */
  size_t charged;		/* Device memory counted for it.  */
};

/* Find the range holding [P, P+N).  False when no live range holds it
   all.  */
bool emul_range_lookup (uintptr_t p, size_t n, struct emul_range *out);

/* Allocate SIZE bytes of memory of device DEV for CTX, counted against
   the device's memory, registered as a range of KIND.  NULL when the
   device has too little left.  */
void *emul_device_memory (struct CUctx_st *ctx, size_t size,
			  enum emul_range_kind kind);
void emul_device_memory_free (void *p);

/* Register / drop a program variable used as device memory.  */
void emul_hostvar_add (uintptr_t start, size_t size);
void emul_hostvar_remove (uintptr_t start, size_t size);

/* Free every allocation of CTX (context destruction).  */
void emul_memory_release_ctx (struct CUctx_st *ctx);

/* The body of cuMemHostAlloc.  */
CUresult emul_host_alloc (void **pp, size_t bytesize, unsigned int flags);

/* A copy of N bytes between any two places, synchronous (cuMemcpy):
   device pointers are checked, anything else is host memory.  */
CUresult emul_copy_any (struct CUctx_st *ctx, CUdeviceptr dst,
			CUdeviceptr src, size_t n);

/* Check that device code of DEV may access [P, P+N): device memory of
   DEV or of a peer whose access is enabled, pinned memory, or module
   variables.  */
bool emul_device_accessible (struct CUctx_st *ctx, uintptr_t p, size_t n);

/* ---- stream.c: streams, events, in-order workers.  ---- */

struct emul_dep
{
  struct CUstream_st *stream;
  uint64_t seq;
};

/* One operation of a stream.  RUN executes it on the stream's worker
   (NULL: a marker that only orders); FINI frees what it holds, whether
   or not it ran (a poisoned context skips the rest of its work).  */
struct emul_op
{
  struct emul_op *next;
  uint64_t seq;
  int ndeps;
  struct emul_dep *deps;	/* Operations of other streams this one
				   waits for (malloc'ed).  */
  void (*run) (struct emul_op *op);
  void (*fini) (struct emul_op *op);
  struct CUstream_st *stream;
  /* Followed by the payload of RUN.  */
  _Alignas (max_align_t) unsigned char payload[];
};

struct CUstream_st
{
  struct CUctx_st *ctx;
  unsigned flags;
  bool legacy;			/* The context's NULL stream.  */
  bool closing;			/* Destroyed: drain, then end.  */
  pthread_mutex_t lock;
  pthread_cond_t cond;
  struct emul_op *head, *tail;
  uint64_t enqueued, completed;
  /* Whether the worker's polls for new work, and the synchronisations'
     polls for completion, served lately (stream.c; atomic).  */
  int worker_spins, wait_spins;
  /* When work was first enqueued since the worker last slept (0: not
     since), and when an operation last completed (emul_now_ns; under
     LOCK): what a thread that slept learns from (spin_learn).  */
  uint64_t work_ns, completed_ns;
  int refs;
  struct CUstream_st *next;	/* In ctx->streams.  */
};

/* Resolve a stream argument (NULL and CU_STREAM_LEGACY name the current
   context's NULL stream), with the context checks (LIVE: without the
   sticky error).  */
CUresult emul_stream_resolve (CUstream h, struct CUstream_st **out);
CUresult emul_stream_resolve_live (CUstream h, struct CUstream_st **out);

/* A new operation with PAYLOAD bytes of payload.  */
struct emul_op *emul_op_new (size_t payload);

/* Make OP wait for operation SEQ of S too.  False when out of memory.  */
bool emul_op_add_dep (struct emul_op *op, struct CUstream_st *s,
		      uint64_t seq);

/* Add OP to S after the implicit dependencies of the NULL stream
   semantics; return its sequence number.  */
uint64_t emul_stream_submit (struct CUstream_st *s, struct emul_op *op);

/* Wait until S completed operation SEQ.  */
void emul_stream_wait (struct CUstream_st *s, uint64_t seq);

/* Wait for the work a synchronous call of CTX waits for: its NULL
   stream and its blocking streams.  */
void emul_ctx_wait_legacy (struct CUctx_st *ctx);

/* Wait for all work of CTX.  */
void emul_ctx_wait_all (struct CUctx_st *ctx);

/* The NULL stream of a new context, and the end of all streams of a
   context being destroyed.  */
struct CUstream_st *emul_stream_new (struct CUctx_st *ctx, unsigned flags,
				     bool legacy);
void emul_streams_release_ctx (struct CUctx_st *ctx);
void emul_stream_unref (struct CUstream_st *s);

/* ---- ptx.c: the PTX reader.  ---- */

/* A growing text: the JIT logs.  */
struct emul_log
{
  char *text;
  size_t len, cap;
};
void emul_log_printf (struct emul_log *log, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
void emul_log_free (struct emul_log *log);

enum ptx_kind { PTX_ENTRY, PTX_FUNC, PTX_VAR };
enum ptx_linkage { PTX_STATIC, PTX_VISIBLE, PTX_EXTERN, PTX_WEAK, PTX_COMMON };
enum ptx_space { PTX_GLOBAL, PTX_CONST, PTX_SHARED, PTX_LOCAL };

/* An address in an initialiser: at OFFSET, the address of SYM plus
   ADDEND, SIZE bytes wide.  */
struct ptx_reloc
{
  size_t offset;
  char *sym;
  long long addend;
  unsigned size;
};

struct ptx_sym
{
  char *name;
  enum ptx_kind kind;
  enum ptx_linkage linkage;
  bool defined;			/* A definition, not a declaration.  */
  int line;
  /* Variables.  */
  enum ptx_space space;
  size_t size, align;
  unsigned char *init;		/* NULL: zero-filled.  */
  struct ptx_reloc *relocs;
  size_t nrelocs;
  /* Entries: the parameter list.  */
  int nparams;
  size_t *param_size, *param_align;
};

struct ptx_object
{
  char *name;
  int version;			/* .version, 10*major+minor.  */
  int sm;			/* .target sm_NN.  */
  char sm_suffix;		/* 'a' or 'f' for sm_90a ..., else 0.  */
  struct ptx_sym *syms;
  size_t nsyms;
  /* Identifiers used in bodies and initialisers, to tell a used extern
     declaration from an unused one.  */
  char **used;
  size_t used_cap, nused;
};

/* Parse TEXT (LEN bytes, need not be NUL-terminated) into *OUT.  On an
   error, a message in LOG and CUDA_ERROR_INVALID_PTX (or
   CUDA_ERROR_INVALID_IMAGE when TEXT is no PTX at all).  */
CUresult ptx_parse (const char *text, size_t len, const char *name,
		    struct ptx_object **out, struct emul_log *log);
void ptx_free (struct ptx_object *obj);
bool ptx_uses (const struct ptx_object *obj, const char *name);
const struct ptx_sym *ptx_find (const struct ptx_object *obj,
				const char *name);

/* Check OBJ can be compiled for sm_SM by a driver accepting PTX ISA
   versions up to emul_config.ptx_isa.  */
CUresult ptx_check_target (const struct ptx_object *obj, int sm,
			   struct emul_log *log);

/* The PTX ISA version that first supports sm_SM.  */
int ptx_min_version_for_sm (int sm);

/* ---- module.c: the JIT linker and modules.  ---- */

/* A linked program: what cuLinkComplete's "cubin" stands for.  */
struct emul_image
{
  int refs;
  int sm;			/* Linked for sm_SM (10*major+minor).  */
  int ptx_version;		/* Newest .version of its objects.  */
  struct ptx_object **objs;
  size_t nobjs;
  bool uses_printf, uses_malloc;
  /* The device libc's _exit calls abort where nothing set
     __exitval_ptr (newlib 4.3 and later, GCC 14's here: exit in
     offloaded code is a trap); else (GCC 12's newlib) exit stores its
     status where __exitval_ptr points, if anywhere, and ends the thread
     with the PTX "exit" instruction.  */
  bool exit_aborts;
  size_t shared_size, const_size;
};

struct emul_global
{
  const struct ptx_sym *sym;
  size_t obj;			/* Index of the object defining it.  */
  uintptr_t addr;
  size_t size;
  bool host;			/* The program's own variable.  */
};

/* A reverse-offload function of a module: the host version of the
   ancestor region, and the device address of its "$nohost" function.  */
struct emul_rev_fn
{
  uintptr_t host_fn;
  uintptr_t dev_fn;
};

struct CUmod_st
{
  struct CUctx_st *ctx;
  struct emul_image *image;
  struct emul_global *globals;
  size_t nglobals;
  /* Where the front end writes the device number (GCC 13+:
     __gomp_additional_icvs, GCC 12: __gomp_device_num), looked up once
     for the launches; 0: neither.  */
  uintptr_t device_num_var;
  void *storage;		/* Emulator-owned variables.  */
  struct CUfunc_st *funcs;
  struct CUmod_st *next;	/* In ctx->modules.  */
  /* Reverse offload (rev.c): the module's functions; the device runtime's
     lock (one request at a time); device memory for the arrays of a
     request that are not in device memory, under the lock.  */
  struct emul_rev_fn *rev_fns;
  size_t nrev_fns;
  int rev_lock;
  void *rev_scratch;
  size_t rev_scratch_size;
};

struct CUfunc_st
{
  struct CUmod_st *mod;
  const struct ptx_sym *sym;
  pthread_mutex_t lock;
  bool looked_up;
  void (*host_fn) (void *);
  struct CUfunc_st *next;
};

/* The bodies of cuLinkCreate_v2, cuLinkAddData_v2 and cuModuleLoadData,
   shared with the older entry points (compat.c).  */
CUresult emul_link_create (unsigned int numOptions, CUjit_option *options,
			   void **optionValues, CUlinkState *stateOut);
CUresult emul_link_add_data (CUlinkState state, CUjitInputType type,
			     void *data, size_t size, const char *name,
			     unsigned int numOptions, CUjit_option *options,
			     void **optionValues);
CUresult emul_module_load_data (CUmodule *module, const void *image);

/* The address variable NAME of MOD has (0 when none), and its size.  */
uintptr_t emul_module_global (struct CUmod_st *mod, const char *name,
			      size_t *size);

/* Unload every module of CTX (context destruction).  */
void emul_modules_release_ctx (struct CUctx_st *ctx);

/* ---- symbols.c: the program's own symbols.  ---- */

enum emul_sym_kind { EMUL_SYM_FUNC, EMUL_SYM_OBJECT };

/* Look NAME up in the symbol tables (.symtab, then .dynsym) of the
   executable and the loaded shared objects.  Variables are not taken
   from the system's and this project's runtime libraries.  */
bool emul_host_symbol (const char *name, enum emul_sym_kind kind,
		       uintptr_t *addr, size_t *size);

/* Is PATH one of the runtime libraries (C library, OpenMP runtimes,
   gomptarget and its plugins, this driver ...)?  Their variables never
   stand for device variables.  */
bool emul_runtime_object (const char *path);

/* Is the code at ADDR the program's (device code when a kernel runs
   it), not a runtime library's?  */
bool emul_device_code (const void *addr);

/* The host name of a PTX name: '$' becomes '.'.  */
char *emul_host_name (const char *ptx_name);

/* ---- launch.c: kernels.  ---- */

struct emul_launch
{
  struct CUfunc_st *func;
  struct CUctx_st *ctx;
  void (*host_fn) (void *);	/* The kernel's host version ...  */
  void *arg;			/* ... and its argument (the first
				   parameter: GCC's address array).  */
  unsigned grid[3], block[3], shared;
  int device_num;		/* From the module's ICV variable.  */
  CUresult result;		/* Set by a trap in the kernel.  */
  int omp_level;		/* omp_get_level () at the kernel's start.  */
  jmp_buf exit_jump;		/* Where exit/abort in the kernel go.  */
  struct emul_launch *next_running;
  size_t params_size;
  unsigned char params[];
};

/* The launch the calling thread runs device code for, or NULL: the
   kernel's initial thread, or a thread of a parallel region inside it
   (found through the OpenMP device number when gomptarget is loaded).  */
struct emul_launch *emul_kernel_of_thread (void);

/* abort () in device code of launch L (RESULT: CUDA_ERROR_LAUNCH_FAILED,
   a trap) and the PTX "exit" instruction (RESULT: CUDA_SUCCESS): end the
   kernel with RESULT.  Return only when the calling thread cannot leave
   the kernel (a thread of a parallel region inside it).  */
void emul_kernel_exit (struct emul_launch *l, CUresult result);

/* exit (STATUS) and _exit (STATUS) in device code of launch L, as the
   image's device libc does them (struct emul_image's exit_aborts): a
   trap, or STATUS stored where __exitval_ptr points (if it is set) and
   the PTX "exit" instruction.  Returns as emul_kernel_exit.  */
void emul_kernel_libc_exit (struct emul_launch *l, int status);

/* ---- rev.c: the device side of reverse offload.  ---- */

/* What an ancestor region reached by device code of launch ARG (a struct
   emul_launch) does: send the request through the module's mailbox as
   GCC 14's device runtime does, and return once the host served it (the
   front end's gt_ancestor_fn).  */
void emul_rev_ancestor (void *arg, void (*host_fn) (void *),
			uint64_t mapnum, void **addrs, const size_t *sizes,
			const unsigned short *kinds);

/* ---- devlibc.c: device-side libc of emulated kernels.  ---- */

/* Append kernel output to the printf FIFO of CTX (dropped when full).  */
void emul_fifo_write (struct CUctx_st *ctx, const char *s, size_t n);

/* Write what the FIFO of CTX holds to the real stdout.  */
void emul_fifo_flush (struct CUctx_st *ctx);

#endif /* EMUL_CUDA_H */
