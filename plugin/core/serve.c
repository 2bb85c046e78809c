/* serve.c -- the plugin core's serving.  A plugin waiting for its device
   (a kernel to finish, a stream to drain) serves what the device asks of
   the host meanwhile -- console output, reverse-offload requests --
   without burning a processor while nothing happens: it spins briefly,
   then yields, then sleeps in growing steps up to GOMPTARGET_POLL_US
   microseconds, and starts over after each request it served, so that a
   device asking often is answered at once.

   Work that no thread waits for is served by a serving thread of the
   vendor's (serve.h): started when the first work is in flight, asleep
   on its condition variable while there is none, standing by (or
   resting) while a waiting thread serves, and stopped when the device is
   finished.

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
#include "gt-lock.h"

#include <pthread.h>
#include <sched.h>
#include <time.h>

/* ---- Waiting and serving.  ---- */

/* Polls that spin (with a pause) and that yield before sleeping.  */
#define SPIN_POLLS 200
#define YIELD_POLLS 50

static long poll_max_ns = -1;

int
gtc_wait_serve (struct gtc_device *dev, bool (*done) (void *), void *arg,
		int (*serve) (struct gtc_device *))
{
  unsigned polls = 0;
  long sleep_ns = 1000;
  long max_ns = __atomic_load_n (&poll_max_ns, __ATOMIC_RELAXED);

  if (max_ns < 0)
    {
      max_ns = gt_env_number ("GOMPTARGET_POLL_US", 50, 1000000) * 1000;
      if (max_ns < 1000)
	max_ns = 1000;
      __atomic_store_n (&poll_max_ns, max_ns, __ATOMIC_RELAXED);
    }
  for (;;)
    {
      if (done (arg))
	return 0;
      if (serve != NULL)
	{
	  int r = serve (dev);
	  if (r < 0)
	    return r;
	  if (r > 0)
	    {
	      polls = 0;
	      sleep_ns = 1000;
	      continue;
	    }
	}
      if (polls < SPIN_POLLS)
	gt_cpu_relax ();
      else if (polls < SPIN_POLLS + YIELD_POLLS)
	sched_yield ();
      else
	{
	  struct timespec ts = { 0, sleep_ns };
	  nanosleep (&ts, NULL);
	  if (sleep_ns < max_ns)
	    sleep_ns = sleep_ns * 2 < max_ns ? sleep_ns * 2 : max_ns;
	}
      polls++;
    }
}

/* ---- Serving threads.  ---- */

void
gtc_server_init (struct gtc_server *s, const struct gtc_server_ops *ops,
		 struct gtc_device *dev)
{
  s->ops = ops;
  s->dev = dev;
  pthread_mutex_init (&s->lock, NULL);
  pthread_cond_init (&s->cond, NULL);
  s->started = false;
  s->stop = false;
  s->ended = false;
  s->detached = false;
  s->work = 0;
  s->pollers = 0;
}

/* Is there nothing for S's thread to do (no work in flight, or a waiting
   thread serves), or must it end?  */
static bool
server_idle (void *arg)
{
  struct gtc_server *s = arg;

  return __atomic_load_n (&s->work, __ATOMIC_ACQUIRE) == 0
	 || __atomic_load_n (&s->pollers, __ATOMIC_ACQUIRE) != 0
	 || __atomic_load_n (&s->stop, __ATOMIC_ACQUIRE)
	 || (s->ops->ending != NULL && s->ops->ending ());
}

/* Until LOCK's condition is signalled or NS nanoseconds have passed.  S's
   lock held.  */
static void
rest (struct gtc_server *s, long ns)
{
  struct timespec ts;

  clock_gettime (CLOCK_REALTIME, &ts);
  ts.tv_nsec += ns;
  while (ts.tv_nsec >= 1000000000L)
    {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000L;
    }
  pthread_cond_timedwait (&s->cond, &s->lock, &ts);
}

/* One round of serving while work is in flight and nobody else serves.
   Negative to end the thread.  S's lock not held.  */
static int
serve_round (struct gtc_server *s)
{
  const struct gtc_server_ops *ops = s->ops;
  int r;

  if (ops->round_begin != NULL && ops->round_begin (s) != 0)
    return -1;
  if (ops->interval_ns > 0)
    {
      struct timespec ts = { ops->interval_ns / 1000000000L,
			     ops->interval_ns % 1000000000L };
      nanosleep (&ts, NULL);
      r = ops->serve (s->dev);
    }
  else
    r = gtc_wait_serve (s->dev, server_idle, s, ops->serve);
  if (r >= 0 && ops->ending != NULL && ops->ending ())
    r = -1;
  return r;
}

static void *
server_main (void *arg)
{
  struct gtc_server *s = arg;
  const struct gtc_server_ops *ops = s->ops;

  if (ops->thread_start != NULL)
    ops->thread_start (s);
  pthread_mutex_lock (&s->lock);
  while (!s->stop)
    {
      bool polled = __atomic_load_n (&s->pollers, __ATOMIC_ACQUIRE) != 0;
      if (__atomic_load_n (&s->work, __ATOMIC_ACQUIRE) == 0
	  || (polled && ops->rest_ns == 0))
	{
	  pthread_cond_wait (&s->cond, &s->lock);
	  continue;
	}
      if (polled)
	{
	  /* A waiting thread serves the device.  While it is busy (running
	     the host function of a reverse-offload request, say), the
	     device's other work is served from here, every REST_NS.  */
	  rest (s, ops->rest_ns);
	  if (__atomic_load_n (&s->pollers, __ATOMIC_ACQUIRE) != 0
	      && !s->stop)
	    {
	      pthread_mutex_unlock (&s->lock);
	      ops->serve (s->dev);
	      pthread_mutex_lock (&s->lock);
	    }
	  continue;
	}
      pthread_mutex_unlock (&s->lock);
      if (serve_round (s) < 0)
	{
	  pthread_mutex_lock (&s->lock);
	  break;
	}
      pthread_mutex_lock (&s->lock);
    }
  s->ended = true;
  /* Ended on its own: nothing may wait for it now (a program that a
     device ended leaves its devices alone at exit), so it is not left
     joinable.  */
  if (!s->stop)
    {
      s->detached = true;
      pthread_detach (pthread_self ());
    }
  pthread_cond_broadcast (&s->cond);
  pthread_mutex_unlock (&s->lock);
  return NULL;
}

void
gtc_server_work_begin (struct gtc_server *s)
{
  int err;

  if (__atomic_fetch_add (&s->work, 1, __ATOMIC_ACQ_REL) != 0)
    return;
  pthread_mutex_lock (&s->lock);
  if (!s->started && !s->stop)
    {
      err = pthread_create (&s->thread, NULL, server_main, s);
      if (err == 0)
	s->started = true;
      else if (s->dev != NULL)
	gt_plugin_error ("device %d: cannot start %s (error %d): %s",
			 (int) s->dev->number, s->ops->what, err,
			 s->ops->without);
      else
	gt_plugin_error ("cannot start %s (error %d): %s", s->ops->what,
			 err, s->ops->without);
    }
  pthread_cond_broadcast (&s->cond);
  pthread_mutex_unlock (&s->lock);
}

void
gtc_server_poll_end (struct gtc_server *s)
{
  if (__atomic_sub_fetch (&s->pollers, 1, __ATOMIC_ACQ_REL) != 0
      || __atomic_load_n (&s->work, __ATOMIC_ACQUIRE) == 0)
    return;
  /* The last one: work is in flight that nobody serves.  */
  pthread_mutex_lock (&s->lock);
  pthread_cond_broadcast (&s->cond);
  pthread_mutex_unlock (&s->lock);
}

bool
gtc_server_stop (struct gtc_server *s)
{
  bool started, detached, joined = false;

  pthread_mutex_lock (&s->lock);
  __atomic_store_n (&s->stop, true, __ATOMIC_RELEASE);
  pthread_cond_broadcast (&s->cond);
  started = s->started;
  detached = s->detached;
  s->started = false;
  pthread_mutex_unlock (&s->lock);
  if (!started)
    return false;
  if (detached)
    /* It has ended (ENDED was set with DETACHED): it touches nothing of
       the device's any more.  */
    return true;
  if (pthread_equal (pthread_self (), s->thread))
    /* A request the thread served ended the program.  */
    pthread_detach (s->thread);
  else if (s->ops->exit_wait_s == 0 || !gtc_exiting ())
    joined = pthread_join (s->thread, NULL) == 0;
  else
    {
      /* At the end of the program, not for ever: the thread may be
	 serving a request whose host function never returns.  */
      struct timespec until;
      bool ended;
      clock_gettime (CLOCK_REALTIME, &until);
      until.tv_sec += s->ops->exit_wait_s;
      pthread_mutex_lock (&s->lock);
      while (!s->ended
	     && pthread_cond_timedwait (&s->cond, &s->lock, &until) == 0)
	;
      ended = s->ended;
      pthread_mutex_unlock (&s->lock);
      if (ended)
	joined = pthread_join (s->thread, NULL) == 0;
      else
	pthread_detach (s->thread);
    }
  return joined;
}
