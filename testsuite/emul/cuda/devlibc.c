/* devlibc.c -- the device-side C library of emulated kernels (PLAN
   contract 3).  Preloaded (or linked before libc), the emulated driver
   interposes the output functions, exit and abort.  On a thread that
   runs device code, output to stdout or stderr goes into the context's
   printf FIFO, as device printf does on the hardware (where stderr
   output also ends on stdout): a record that does not fit in the space
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

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#undef putc
#undef putchar
#undef fputc

/* ---- The real functions.  ---- */

static ssize_t (*real_write) (int, const void *, size_t);
static size_t (*real_fwrite) (const void *, size_t, size_t, FILE *);
static int (*real_fputs) (const char *, FILE *);
static int (*real_fputc) (int, FILE *);
static int (*real_putc) (int, FILE *);
static int (*real_putchar) (int);
static int (*real_puts) (const char *);
static int (*real_vprintf) (const char *, va_list);
static int (*real_vfprintf) (FILE *, const char *, va_list);
static int (*real_vprintf_chk) (int, const char *, va_list);
static int (*real_vfprintf_chk) (FILE *, int, const char *, va_list);
static int (*real_fflush) (FILE *);
static void (*real_exit) (int) __attribute__ ((noreturn));
static void (*real__exit) (int) __attribute__ ((noreturn));
static void (*real_abort) (void) __attribute__ ((noreturn));
static pthread_once_t real_once = PTHREAD_ONCE_INIT;

static void
find_real (void)
{
#define REAL(var, name) \
  *(void **) &var = dlsym (RTLD_NEXT, name)
  REAL (real_write, "write");
  REAL (real_fwrite, "fwrite");
  REAL (real_fputs, "fputs");
  REAL (real_fputc, "fputc");
  REAL (real_putc, "putc");
  REAL (real_putchar, "putchar");
  REAL (real_puts, "puts");
  REAL (real_vprintf, "vprintf");
  REAL (real_vfprintf, "vfprintf");
  REAL (real_vprintf_chk, "__vprintf_chk");
  REAL (real_vfprintf_chk, "__vfprintf_chk");
  REAL (real_fflush, "fflush");
  REAL (real_exit, "exit");
  REAL (real__exit, "_exit");
  REAL (real_abort, "abort");
#undef REAL
}

#define NEED_REAL() pthread_once (&real_once, find_real)

ssize_t
emul_real_write (int fd, const void *buf, size_t n)
{
  NEED_REAL ();
  if (real_write)
    return real_write (fd, buf, n);
  return syscall (SYS_write, fd, buf, n);
}

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
  NEED_REAL ();
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
      real_fwrite (text, 1, len, stdout);
      real_fflush (stdout);
    }
  pthread_mutex_unlock (&flush_lock);
  free (text);
  if (dropped)
    emul_debug ("device %d: printf FIFO full, %zu bytes of kernel output "
		"dropped", ctx->dev->ordinal, dropped);
}

/* ---- Output in kernels.  ---- */

static bool
std_stream (FILE *f)
{
  return f == stdout || f == stderr;
}

/* Format into the FIFO of L's context; return the length.  */
static int
fifo_vprintf (struct emul_launch *l, const char *fmt, va_list ap)
{
  char small[512];
  va_list aq;
  va_copy (aq, ap);
  int n = vsnprintf (small, sizeof small, fmt, aq);
  va_end (aq);
  if (n < 0)
    return n;
  if ((size_t) n < sizeof small)
    emul_fifo_write (l->ctx, small, (size_t) n);
  else
    {
      char *big = malloc ((size_t) n + 1);
      if (big == NULL)
	return -1;
      vsnprintf (big, (size_t) n + 1, fmt, ap);
      emul_fifo_write (l->ctx, big, (size_t) n);
      free (big);
    }
  return n;
}

/* The launch whose device code made a call returning to RET, or NULL:
   calls from the runtime libraries (gomptarget's diagnostics while it
   runs a kernel, say) are host calls.  */
static struct emul_launch *
device_call (const void *ret)
{
  struct emul_launch *l = emul_kernel_of_thread ();
  if (l && !emul_device_code (ret))
    return NULL;
  return l;
}

#define DEVICE_CALL() device_call (__builtin_return_address (0))

/* Declarations of the fortified variants (no prototype in stdio.h
   without _FORTIFY_SOURCE).  */
int __printf_chk (int flag, const char *fmt, ...);
int __fprintf_chk (FILE *stream, int flag, const char *fmt, ...);
int __vprintf_chk (int flag, const char *fmt, va_list ap);
int __vfprintf_chk (FILE *stream, int flag, const char *fmt, va_list ap);

/* The interposed functions share these, which take the launch the call
   is device code of (or NULL).  */

static int
do_vfprintf (struct emul_launch *l, FILE *stream, const char *fmt,
	     va_list ap)
{
  if (l && std_stream (stream))
    return fifo_vprintf (l, fmt, ap);
  NEED_REAL ();
  return real_vfprintf (stream, fmt, ap);
}

static int
do_vfprintf_chk (struct emul_launch *l, FILE *stream, int flag,
		 const char *fmt, va_list ap)
{
  if (l && std_stream (stream))
    return fifo_vprintf (l, fmt, ap);
  NEED_REAL ();
  return real_vfprintf_chk (stream, flag, fmt, ap);
}

/* Write N bytes at S to STREAM for fputs, fputc, putc and fwrite: true
   when the FIFO took them.  */
static bool
to_fifo (struct emul_launch *l, FILE *stream, const void *s, size_t n)
{
  if (l == NULL || !std_stream (stream))
    return false;
  emul_fifo_write (l->ctx, s, n);
  return true;
}

EMUL_PUBLIC int
vprintf (const char *fmt, va_list ap)
{
  return do_vfprintf (DEVICE_CALL (), stdout, fmt, ap);
}

EMUL_PUBLIC int
vfprintf (FILE *stream, const char *fmt, va_list ap)
{
  return do_vfprintf (DEVICE_CALL (), stream, fmt, ap);
}

EMUL_PUBLIC int
printf (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = do_vfprintf (DEVICE_CALL (), stdout, fmt, ap);
  va_end (ap);
  return r;
}

EMUL_PUBLIC int
fprintf (FILE *stream, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = do_vfprintf (DEVICE_CALL (), stream, fmt, ap);
  va_end (ap);
  return r;
}

EMUL_PUBLIC int
__vprintf_chk (int flag, const char *fmt, va_list ap)
{
  return do_vfprintf_chk (DEVICE_CALL (), stdout, flag, fmt, ap);
}

EMUL_PUBLIC int
__vfprintf_chk (FILE *stream, int flag, const char *fmt, va_list ap)
{
  return do_vfprintf_chk (DEVICE_CALL (), stream, flag, fmt, ap);
}

EMUL_PUBLIC int
__printf_chk (int flag, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = do_vfprintf_chk (DEVICE_CALL (), stdout, flag, fmt, ap);
  va_end (ap);
  return r;
}

EMUL_PUBLIC int
__fprintf_chk (FILE *stream, int flag, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = do_vfprintf_chk (DEVICE_CALL (), stream, flag, fmt, ap);
  va_end (ap);
  return r;
}

EMUL_PUBLIC int
puts (const char *s)
{
  struct emul_launch *l = DEVICE_CALL ();
  if (l)
    {
      size_t n = strlen (s);
      char *line = malloc (n + 1);
      if (line == NULL)
	return EOF;
      memcpy (line, s, n);
      line[n] = '\n';
      emul_fifo_write (l->ctx, line, n + 1);
      free (line);
      return 1;
    }
  NEED_REAL ();
  return real_puts (s);
}

EMUL_PUBLIC int
fputs (const char *s, FILE *stream)
{
  if (to_fifo (DEVICE_CALL (), stream, s, strlen (s)))
    return 1;
  NEED_REAL ();
  return real_fputs (s, stream);
}

EMUL_PUBLIC int
putchar (int c)
{
  char ch = (char) c;
  if (to_fifo (DEVICE_CALL (), stdout, &ch, 1))
    return (unsigned char) c;
  NEED_REAL ();
  return real_putchar (c);
}

EMUL_PUBLIC int
fputc (int c, FILE *stream)
{
  char ch = (char) c;
  if (to_fifo (DEVICE_CALL (), stream, &ch, 1))
    return (unsigned char) c;
  NEED_REAL ();
  return real_fputc (c, stream);
}

EMUL_PUBLIC int
putc (int c, FILE *stream)
{
  char ch = (char) c;
  if (to_fifo (DEVICE_CALL (), stream, &ch, 1))
    return (unsigned char) c;
  NEED_REAL ();
  return real_putc (c, stream);
}

EMUL_PUBLIC size_t
fwrite (const void *ptr, size_t size, size_t nmemb, FILE *stream)
{
  if (to_fifo (DEVICE_CALL (), stream, ptr, size * nmemb))
    return nmemb;
  NEED_REAL ();
  return real_fwrite (ptr, size, nmemb, stream);
}

EMUL_PUBLIC ssize_t
write (int fd, const void *buf, size_t n)
{
  struct emul_launch *l;
  if ((fd == 1 || fd == 2) && (l = DEVICE_CALL ()) != NULL)
    {
      emul_fifo_write (l->ctx, buf, n);
      return (ssize_t) n;
    }
  return emul_real_write (fd, buf, n);
}

/* ---- Ending a kernel.  ---- */

/* What the emulator cannot do: end one thread of a native team.  */
static void __attribute__ ((noreturn))
cannot_end_thread (const char *what)
{
  NEED_REAL ();
  emul_warn ("%s in a thread of a parallel region inside an emulated "
	     "kernel: the emulator cannot end that thread alone; "
	     "terminating the program", what);
  real_abort ();
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
  NEED_REAL ();
  real_exit (status);
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
  NEED_REAL ();
  real__exit (status);
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
  NEED_REAL ();
  real_abort ();
}
