/* devlibc.c -- the device-side C library of emulated kernels (PLAN
   contract 3).  Preloaded (or linked before libc), the emulated driver
   interposes the output functions (emul/common's device-stdio.c, which
   calls back here), exit and abort.  On a thread that runs device code,
   output to stdout or stderr goes into the context's printf FIFO, as
   device printf does on the hardware (where stderr output also ends on
   stdout): a record that does not fit in the space
   left (CU_LIMIT_PRINTF_FIFO_SIZE, 1 MiB by default) is dropped, and
   the FIFO is written to the real stdout at the points where the driver
   writes it (synchronisation, blocking copies, module load and unload,
   the next launch, before host callbacks, context destruction).  abort
   in a kernel is a trap: the launch fails with
   CUDA_ERROR_LAUNCH_FAILED and the context keeps the error.  exit in a
   kernel does what the image's nvptx newlib does (launch.c,
   emul_kernel_libc_exit): GCC 12's stores the status where
   __exitval_ptr points, if it is set, and ends the thread with the PTX
   "exit" instruction, and the kernel with it, without error; newlib 4.3
   and later (GCC 14's) calls abort, a trap, unless __exitval_ptr is set.
   Every other thread, and calls made by the runtime
   libraries (gomptarget's own messages), get the real libc function.

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

/* The interposed functions are defined here: no inline wrappers.  */
#undef _FORTIFY_SOURCE

#include "emul-cuda.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- The printf FIFO.  ---- */

/* Keeps chunks written by concurrent flushes in order.  */
static pthread_mutex_t flush_lock = PTHREAD_MUTEX_INITIALIZER;

void
emul_fifo_write (struct CUctx_st *ctx, const char *s, size_t n)
{
  if (n == 0)
    return;
  pthread_mutex_lock (&ctx->fifo_lock);
  size_t limit = __atomic_load_n (&ctx->limits[CU_LIMIT_PRINTF_FIFO_SIZE],
				  __ATOMIC_RELAXED);
  if (n > limit - ctx->fifo_len || ctx->fifo_len > limit)
    ctx->fifo_dropped += n;
  else
    {
      if (ctx->fifo_len + n > ctx->fifo_cap)
	{
	  size_t cap = ctx->fifo_cap ? ctx->fifo_cap : 4096;
	  while (cap < ctx->fifo_len + n)
	    cap *= 2;
	  char *grown = realloc (ctx->fifo, cap);
	  if (grown == NULL)
	    {
	      ctx->fifo_dropped += n;
	      pthread_mutex_unlock (&ctx->fifo_lock);
	      return;
	    }
	  ctx->fifo = grown;
	  ctx->fifo_cap = cap;
	}
      memcpy (ctx->fifo + ctx->fifo_len, s, n);
      ctx->fifo_len += n;
    }
  pthread_mutex_unlock (&ctx->fifo_lock);
}

void
emul_fifo_flush (struct CUctx_st *ctx)
{
  pthread_mutex_lock (&flush_lock);
  pthread_mutex_lock (&ctx->fifo_lock);
  char *text = ctx->fifo;
  size_t len = ctx->fifo_len, dropped = ctx->fifo_dropped;
  ctx->fifo = NULL;
  ctx->fifo_len = ctx->fifo_cap = 0;
  ctx->fifo_dropped = 0;
  pthread_mutex_unlock (&ctx->fifo_lock);
  if (len)
    {
      EMUL_NEXT (fwrite) (text, 1, len, stdout);
      EMUL_NEXT (fflush) (stdout);
    }
  pthread_mutex_unlock (&flush_lock);
  free (text);
  if (dropped)
    emul_debug ("device %d: printf FIFO full, %zu bytes of kernel output "
		"dropped", ctx->dev->ordinal, dropped);
}

/* ---- Output in kernels.  ---- */

/* The launch whose device code made a call returning to RET, or NULL:
   calls from the runtime libraries (gomptarget's diagnostics while it
   runs a kernel, say) are host calls.  */
static void *
device_call (const void *ret)
{
  struct emul_launch *l = emul_kernel_of_thread ();
  if (l && !emul_device_code (ret))
    return NULL;
  return l;
}

#define DEVICE_CALL() device_call (__builtin_return_address (0))

static void
device_write (void *launch, const void *buf, size_t n)
{
  struct emul_launch *l = launch;
  emul_fifo_write (l->ctx, buf, n);
}

/* What the base (emul/common) needs: the console output of kernels,
   which stdio's functions (interposed by the base's device-stdio.c)
   write into the printf FIFO.  */
static const struct emul_base base
  = { "emulated libcuda.so.1: ", device_call, device_write, 0 };
EMUL_BASE_REGISTER (base);

/* ---- Ending a kernel.  ---- */

/* What the emulator cannot do: end one thread of a native team.  */
static void __attribute__ ((noreturn))
cannot_end_thread (const char *what)
{
  emul_report ("%s in a thread of a parallel region inside an emulated "
	       "kernel: the emulator cannot end that thread alone; "
	       "terminating the program", what);
  EMUL_NEXT (abort) ();
}

EMUL_PUBLIC void
exit (int status)
{
  struct emul_launch *l = DEVICE_CALL ();
  if (l)
    {
      emul_kernel_libc_exit (l, status);
      cannot_end_thread ("exit");
    }
  EMUL_NEXT (exit) (status);
  __builtin_unreachable ();
}

EMUL_PUBLIC void
_exit (int status)
{
  struct emul_launch *l = DEVICE_CALL ();
  if (l)
    {
      emul_kernel_libc_exit (l, status);
      cannot_end_thread ("_exit");
    }
  EMUL_NEXT (_exit) (status);
  __builtin_unreachable ();
}

EMUL_PUBLIC void
abort (void)
{
  struct emul_launch *l = DEVICE_CALL ();
  if (l)
    {
      emul_kernel_exit (l, CUDA_ERROR_LAUNCH_FAILED);
      cannot_end_thread ("abort");
    }
  EMUL_NEXT (abort) ();
  __builtin_unreachable ();
}
