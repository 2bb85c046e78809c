/* device-libc.c -- the libc of an emulated kernel (plan contract 3).  This
   library is preloaded, so its printf, vprintf, fprintf, vfprintf (and
   the _chk forms), puts, putchar, fputs, fputc, putc, fwrite, write
   (emul/common's device-stdio.c, which calls back here), exit, abort
   and __assert_fail come before libc's.  On a thread that
   runs an emulated kernel, output to stdout/stderr goes into the console
   ring of the dispatch's kernarg block (out_ptr, kernarg offset 16)
   through the device-side writer of config/gcn/console.c, in 256-byte
   type-3 slots as newlib's write () does, so it reaches the terminal
   only if the host side drains the ring; exit (n) and abort () store the
   exit value in the ring's return_value and end the kernel, whose
   completion signal is still signalled.  gomp_print_integer, _double and
   _string, the device print routines of GCC's GCN port (libgcc
   config/gcn/gomp_print.c in the GCC versions that have it; GCC 12's
   device libraries do not), write the other slot types (0, 1, 2).  On
   every other thread these functions are libc's.

   A thread runs a kernel if it is the packet processor running it, or
   if, while kernels run, the OpenMP runtime says it executes on a
   non-host device whose number is that of a running kernel (the threads
   of parallel and teams regions inside a kernel, which libgomptarget
   marks).  exit/abort on the packet processor's own thread return to it
   (longjmp); on another thread of the kernel they signal the dispatch's
   completion and stop that thread for good, and the queue is not used
   again (the host is expected to end the process, as after a device
   exit on the hardware).

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

/* This file defines the libc functions themselves.  */
#undef _FORTIFY_SOURCE

#include "emul-hsa.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void __assert_fail (const char *assertion, const char *file,
		    unsigned int line, const char *function);

/* The device print routines of GCC's GCN port.  */
void gomp_print_integer (const char *msg, int64_t value);
void gomp_print_double (const char *msg, double value);
void gomp_print_string (const char *msg, const char *value);

static __thread struct emul_dispatch *current;
static pthread_mutex_t running_lock = PTHREAD_MUTEX_INITIALIZER;
static struct emul_dispatch *running;
static int nrunning;

void
emul_dispatch_enter (struct emul_dispatch *d)
{
  current = d;
  pthread_mutex_lock (&running_lock);
  d->next = running;
  running = d;
  __atomic_add_fetch (&nrunning, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&running_lock);
}

struct emul_dispatch *
emul_dispatch_set_current (struct emul_dispatch *d)
{
  struct emul_dispatch *old = current;

  current = d;
  return old;
}

void
emul_dispatch_leave (struct emul_dispatch *d)
{
  struct emul_dispatch **p;

  current = NULL;
  pthread_mutex_lock (&running_lock);
  for (p = &running; *p != NULL; p = &(*p)->next)
    if (*p == d)
      {
	*p = d->next;
	break;
      }
  __atomic_sub_fetch (&nrunning, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&running_lock);
}

/* A device waits for the host in s_sleep steps of a few microseconds;
   here: a short spin (a reverse-offload reply comes within microseconds
   when the host is polling), then yields, then sleeps of 20 us, so that
   a ring kept full by a slow host costs no processor.  */
void
emul_console_relax (uint32_t waits)
{
  long sleep_ns = 20000;

  emul_relax (waits, 64, 4096, &sleep_ns, 20000);
}

static int (*omp_is_initial) (void);
static int (*omp_device_num) (void);
static pthread_once_t omp_once = PTHREAD_ONCE_INIT;

static void
find_omp (void)
{
  omp_is_initial = (int (*) (void)) dlsym (RTLD_DEFAULT,
					   "omp_is_initial_device");
  omp_device_num = (int (*) (void)) dlsym (RTLD_DEFAULT,
					   "omp_get_device_num");
}

/* The dispatch the calling thread executes, or NULL.  */
static struct emul_dispatch *
device_dispatch (void)
{
  struct emul_dispatch *d;
  int dev;

  if (current != NULL)
    return current;
  if (__atomic_load_n (&nrunning, __ATOMIC_ACQUIRE) == 0)
    return NULL;
  pthread_once (&omp_once, find_omp);
  if (omp_is_initial == NULL || omp_device_num == NULL || omp_is_initial ())
    return NULL;
  dev = omp_device_num ();
  pthread_mutex_lock (&running_lock);
  for (d = running; d != NULL; d = d->next)
    if (d->device_num == dev && !__atomic_load_n (&d->ended, __ATOMIC_ACQUIRE))
      break;
  pthread_mutex_unlock (&running_lock);
  return d;
}

static void
no_ring (struct emul_dispatch *d)
{
  emul_report ("kernel %s writes console output, but its kernarg block has "
	       "no out_ptr: output dropped", d->kernel->name);
}

static void
device_write (void *dispatch, const void *buf, size_t len)
{
  struct emul_dispatch *d = dispatch;

  if (d->out != NULL)
    gcn_console_write (d->out, buf, len);
  else if (len > 0)
    no_ring (d);
}

static void *
device_call (const void *caller)
{
  (void) caller;
  return device_dispatch ();
}

/* What the base (emul/common) needs: the console output of kernels,
   which stdio's functions (interposed by the base's device-stdio.c)
   write into the ring of the kernarg block.  */
static const struct emul_base base
  = { "hsa-emul: ", device_call, device_write,
      EMUL_PUTS_RETURNS_LENGTH | EMUL_WRITE_CONSOLE_ONLY };
EMUL_BASE_REGISTER (base);

/* The end of a kernel by exit or a signal.  */
static void __attribute__ ((noreturn))
kernel_end (struct emul_dispatch *d, int sig, int status)
{
  if (d->out == NULL)
    emul_report ("kernel %s ends by %s, but its kernarg block has no "
		 "out_ptr for the exit value", d->kernel->name,
		 sig ? "a signal" : "exit");
  else if (sig)
    gcn_console_set_signal (d->out, sig);
  else
    gcn_console_set_exit (d->out, status);
  emul_trace ("kernel %s: %s %d", d->kernel->name, sig ? "signal" : "exit",
	      sig ? sig : status);
  if (current == d)
    longjmp (d->exit_jmp, 1);
  emul_dispatch_end_elsewhere (d);
  for (;;)
    pause ();
}

/* The functions that replace libc's are exported.  */
#pragma GCC visibility push(default)

void
exit (int status)
{
  struct emul_dispatch *d = device_dispatch ();

  if (d != NULL)
    kernel_end (d, 0, status);
  EMUL_NEXT (exit) (status);
  __builtin_unreachable ();
}

void
abort (void)
{
  struct emul_dispatch *d = device_dispatch ();

  if (d != NULL)
    kernel_end (d, SIGABRT, 0);
  EMUL_NEXT (abort) ();
  __builtin_unreachable ();
}

void
__assert_fail (const char *assertion, const char *file, unsigned int line,
	       const char *function)
{
  struct emul_dispatch *d = device_dispatch ();

  if (d != NULL)
    {
      char buf[512];
      int n = snprintf (buf, sizeof buf, "%s:%u: %s: Assertion `%s' "
			"failed.\n", file, line, function, assertion);
      if (n > 0)
	device_write (d, buf, (size_t) n < sizeof buf ? (size_t) n
						       : sizeof buf - 1);
      kernel_end (d, SIGABRT, 0);
    }
  EMUL_NEXT (__assert_fail) (assertion, file, line, function);
  __builtin_unreachable ();
}

/* The device print routines: one slot each on the device; on the host
   what the host side prints for such a slot.  */

void
gomp_print_integer (const char *msg, int64_t value)
{
  struct emul_dispatch *d = device_dispatch ();

  if (d != NULL && d->out != NULL)
    gcn_console_print_int (d->out, msg, value);
  else if (d != NULL)
    no_ring (d);
  else
    printf ("%.128s%lld\n", msg, (long long) value);
}

void
gomp_print_double (const char *msg, double value)
{
  struct emul_dispatch *d = device_dispatch ();

  if (d != NULL && d->out != NULL)
    gcn_console_print_double (d->out, msg, value);
  else if (d != NULL)
    no_ring (d);
  else
    printf ("%.128s%f\n", msg, value);
}

void
gomp_print_string (const char *msg, const char *value)
{
  struct emul_dispatch *d = device_dispatch ();

  if (d != NULL && d->out != NULL)
    gcn_console_print_text (d->out, msg, value);
  else if (d != NULL)
    no_ring (d);
  else
    printf ("%.128s%.128s\n", msg, value);
}

#pragma GCC visibility pop
