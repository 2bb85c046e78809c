/* serve.h -- the plugin core's serving: the wait-and-serve loop of a
   thread that waits for its device, and the background threads that
   serve a device (its queues, its reverse-offload mailboxes, the faults
   of work nobody waits for) while work is in flight and no waiting
   thread does.  A vendor describes what its thread does with a struct
   gtc_server_ops; the core starts the thread on first need, puts it to
   sleep when there is nothing to serve, wakes it, and stops it.

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

#ifndef GT_SERVE_H
#define GT_SERVE_H

#include <pthread.h>
#include <stdbool.h>

#include "plugin-common.h"

struct gtc_device;

/* Wait until DONE (ARG) is true, calling SERVE (DEV) meanwhile if given:
   spins briefly, then yields, then sleeps in growing steps up to
   GOMPTARGET_POLL_US microseconds (default 50).  What device code asks of
   the host while a kernel runs (console output, reverse offload) is
   served from here: SERVE returns 0 when it found nothing to do, 1 when
   it served something (the wait then starts spinning again), a negative
   value on an error, which ends the wait with that value.  Returns 0 once
   DONE is true.  */
int gtc_wait_serve (struct gtc_device *dev, bool (*done) (void *),
		    void *arg, int (*serve) (struct gtc_device *))
  GT_PLUGIN_HIDDEN;

struct gtc_server;

/* What a serving thread does, given by the vendor.  */
struct gtc_server_ops
{
  /* For the message when the thread cannot be started: "cannot start
     WHAT (error N): WITHOUT".  */
  const char *what;
  const char *without;

  /* Serve the device once (DEV is the server's, NULL for a server of the
     whole plugin): 1 if it did something, 0 if not, a negative value to
     end the thread.  */
  int (*serve) (struct gtc_device *dev);

  /* How the thread serves while work is in flight: 0, with the backoff
     of gtc_wait_serve; else once every INTERVAL_NS nanoseconds.  */
  long interval_ns;

  /* While threads waiting for the device serve it (gtc_server_poll_begin):
     0, the thread stands by; else it serves once every REST_NS
     nanoseconds meanwhile (what a waiting thread cannot, while it is busy
     serving a request, say).  */
  long rest_ns;

  /* At exit, how long gtc_server_stop waits for the thread, in seconds,
     before it leaves it running (it may be serving a request that never
     returns); 0 waits as long as it takes.  */
  int exit_wait_s;

  /* Optional: run first on the thread.  */
  void (*thread_start) (struct gtc_server *s);

  /* Optional: run before each round of serving; nonzero ends the
     thread.  */
  int (*round_begin) (struct gtc_server *s);

  /* Optional: true once the thread must end (the program is ending).  */
  bool (*ending) (void);
};

/* A serving thread and what it serves.  The counters and STOP are
   accessed atomically; the rest under LOCK.  */
struct gtc_server
{
  const struct gtc_server_ops *ops;
  struct gtc_device *dev;	/* Served, or NULL.  */
  pthread_mutex_t lock;
  pthread_cond_t cond;
  pthread_t thread;
  bool started, stop, ended;
  /* The thread ended on its own (serving failed, or the program ends),
     not told to: it was detached then, and is not waited for.  */
  bool detached;
  unsigned work;		/* In flight and to be served.  */
  unsigned pollers;		/* Threads waiting, which serve meanwhile.  */
};

#define GTC_SERVER_INITIALIZER(ops)					\
  { (ops), NULL, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,	\
    (pthread_t) 0, false, false, false, false, 0, 0 }

void gtc_server_init (struct gtc_server *s, const struct gtc_server_ops *ops,
		      struct gtc_device *dev) GT_PLUGIN_HIDDEN;

/* One more piece of work in flight: the thread is started on first need,
   and woken when it was the first.  */
void gtc_server_work_begin (struct gtc_server *s) GT_PLUGIN_HIDDEN;

/* One piece of work less.  */
static inline void
gtc_server_work_end (struct gtc_server *s)
{
  __atomic_sub_fetch (&s->work, 1, __ATOMIC_ACQ_REL);
}

/* A thread starts and stops waiting for the device, serving it
   meanwhile: the serving thread rests (see rest_ns) until the last one
   stops.  */
static inline void
gtc_server_poll_begin (struct gtc_server *s)
{
  __atomic_add_fetch (&s->pollers, 1, __ATOMIC_ACQ_REL);
}

void gtc_server_poll_end (struct gtc_server *s) GT_PLUGIN_HIDDEN;

/* Does a waiting thread serve the device now?  */
static inline bool
gtc_server_polled (struct gtc_server *s)
{
  return __atomic_load_n (&s->pollers, __ATOMIC_ACQUIRE) != 0;
}

/* Stop the thread, for good, and wait for it to end (see exit_wait_s);
   from the thread itself, only tell it to end.  True when a thread was
   waited for and has ended.  */
bool gtc_server_stop (struct gtc_server *s) GT_PLUGIN_HIDDEN;

#endif /* GT_SERVE_H */
