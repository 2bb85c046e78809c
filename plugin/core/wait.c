/* wait.c -- the plugin core's end of the program: the front end's
   services looked up, the claim of a device that ends the program (so
   that nothing waits for it any more), and fatal errors.  The
   wait-and-serve loop is in serve.c.

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

#include "plugin-core.h"

#include <pthread.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

/* The end of the program: 0 nobody's; 1 a thread is claiming it; 2
   ENDING_THREAD has.  */
int gtc_ending;
static pthread_t ending_thread;

/* Set by an exit handler that runs before the front end's: registered
   at the first queue (the front end registers its own at the first
   device it initialises) or at the first claim of the end.  */
static bool exit_started;
static pthread_once_t exit_watch_once = PTHREAD_ONCE_INIT;

static void
note_exit_started (void)
{
  __atomic_store_n (&exit_started, true, __ATOMIC_RELEASE);
}

static void
register_exit_watch (void)
{
  atexit (note_exit_started);
}

void
gtc_watch_exit (void)
{
  gt_once (&exit_watch_once, NULL, register_exit_watch);
}

bool
gtc_exiting (void)
{
  return __atomic_load_n (&exit_started, __ATOMIC_ACQUIRE);
}

enum gtc_end
gtc_claim_end (bool wait)
{
  const struct gt_plugin_services *services;
  int none = 0;

  if (__atomic_compare_exchange_n (&gtc_ending, &none, 1, false,
				   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    {
      ending_thread = pthread_self ();
      __atomic_store_n (&gtc_ending, 2, __ATOMIC_RELEASE);
      gtc_watch_exit ();
      /* The front end's exit handlers must not wait for what a thread
	 waiting for this device holds.  */
      services = gt_services ();
      if (services->device_ends_program != NULL)
	services->device_ends_program ();
      return GTC_END_FIRST;
    }
  if (gtc_ending_self ())
    return GTC_END_AGAIN;
  if (!wait)
    return GTC_END_OTHER;
  for (;;)
    pause ();
}

bool
gtc_ending_self (void)
{
  return __atomic_load_n (&gtc_ending, __ATOMIC_ACQUIRE) == 2
	 && pthread_equal (ending_thread, pthread_self ());
}

void
gtc_end_program (int status)
{
  if (gtc_exiting ())
    {
      /* Calling exit again from an exit handler is undefined (glibc
	 runs the remaining handlers a second time).  */
      fflush (NULL);
      _exit (status);
    }
  exit (status);
}

void
gtc_vfatal (const char *prefix, const char *fmt, va_list ap)
{
  gtc_claim_end (true);
  gt_vreport (prefix, fmt, ap);
  gtc_end_program (EXIT_FAILURE);
}

void
gtc_fatal (const char *fmt, ...)
{
  char prefix[64];
  va_list ap;

  snprintf (prefix, sizeof prefix, "libgomptarget: %s: ", gtc_vendor.name);
  va_start (ap, fmt);
  gtc_vfatal (prefix, fmt, ap);
}
