/* queue-table.c -- the plugin core's table of queues, by which events are
   decoded; the queues of a device, made on first use, and which of them a
   thread uses; the queues' locks around fork; their teardown.

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

#include "queue-internal.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

/* Every queue of the plugin, by index.  */
struct gtc_queue *gtc_queue_table[MAX_QUEUES];
unsigned gtc_num_queues;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

/* Queues per device (GOMPTARGET_QUEUES).  */
unsigned gtc_max_queues_per_device = 8;

/* The queue whose operations this thread is running, if any.  */
GTC_TLS struct gtc_queue *gtc_running_queue;

bool
gtc_event_valid (tgt_event_t event)
{
  uint64_t seq;
  return event_queue (event, &seq) != NULL;
}

struct gtc_device *
gtc_event_device (tgt_event_t event)
{
  uint64_t seq;
  struct gtc_queue *q = event_queue (event, &seq);
  return q ? q->dev : NULL;
}

int
gtc_queues_init (void)
{
  gtc_max_queues_per_device = (unsigned) gt_env_queues (false);
  return 0;
}

size_t
gtc_queues_per_device (void)
{
  return gtc_max_queues_per_device;
}

/* ---- Queues of a device.  ---- */

/* SIZE bytes of zeroed memory in cache lines of their own: a queue's
   state is written by the thread that uses the queue, at every
   operation, and another thread's queue must not share its lines.  */
static void *
cache_lines_calloc (size_t size)
{
  void *p;

  size = (size + GTC_CACHE_LINE - 1) & ~(size_t) (GTC_CACHE_LINE - 1);
  if (posix_memalign (&p, GTC_CACHE_LINE, size) != 0)
    return NULL;
  return memset (p, 0, size);
}

uint64_t
gtc_queue_issued (const struct gtc_queue *q)
{
  return __atomic_load_n (&q->state->submitted, __ATOMIC_ACQUIRE);
}

struct gtc_queue *
gtc_queue_new (struct gtc_device *dev)
{
  struct gtc_queue *q;
  struct gtc_queue_state *s;
  unsigned index;

  /* Device work exists from now on: know when the program exits.  */
  gtc_watch_exit ();
  pthread_mutex_lock (&table_lock);
  if (gtc_num_queues >= MAX_QUEUES)
    {
      pthread_mutex_unlock (&table_lock);
      gt_plugin_error ("too many queues");
      return NULL;
    }
  index = gtc_num_queues;
  q = cache_lines_calloc (gtc_vendor.queue_size);
  s = cache_lines_calloc (sizeof *s);
  if (q == NULL || s == NULL)
    {
      pthread_mutex_unlock (&table_lock);
      free (q);
      free (s);
      gt_plugin_error ("out of host memory making a queue");
      return NULL;
    }
  q->dev = dev;
  q->index = index;
  q->state = s;
  if (gtc_vendor.queue_init && gtc_vendor.queue_init (q) != 0)
    {
      pthread_mutex_unlock (&table_lock);
      free (q);
      free (s);
      return NULL;
    }
  GT_ANNOTATE_ATOMIC (&s->submitted);
  GT_ANNOTATE_ATOMIC (&s->failed);
  GT_ANNOTATE_HAPPENS_BEFORE (&gtc_queue_table[index]);
  __atomic_store_n (&gtc_queue_table[index], q, __ATOMIC_RELEASE);
  GT_ANNOTATE_ATOMIC (&gtc_num_queues);
  __atomic_store_n (&gtc_num_queues, index + 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&table_lock);
  return q;
}

/* ---- fork.  ---- */

bool
gtc_queues_trylock_all (void)
{
  unsigned i;

  if (pthread_mutex_trylock (&table_lock) != 0)
    return false;
  for (i = 0; i < gtc_num_queues; i++)
    if (!qtrylock (gtc_queue_table[i]->state))
      {
	while (i-- > 0)
	  qunlock (gtc_queue_table[i]->state);
	pthread_mutex_unlock (&table_lock);
	return false;
      }
  return true;
}

void
gtc_queues_unlock_all (void)
{
  unsigned i;

  for (i = 0; i < gtc_num_queues; i++)
    qunlock (gtc_queue_table[i]->state);
  pthread_mutex_unlock (&table_lock);
}

void
gtc_queues_after_fork (void)
{
  unsigned i;

  pthread_mutex_init (&table_lock, NULL);
  for (i = 0; i < gtc_num_queues; i++)
    {
      struct gtc_queue *q = gtc_queue_table[i];
      struct gtc_queue_state *s = q->state;
      /* Another thread was running the next operation (or had run it and
	 waited for the lock to record it): that thread stayed in the
	 parent, and the child has what the operation had done at the
	 fork.  It is over, and the next ones run for whoever waits.  The
	 calling thread may be running this queue's operations itself
	 (fork from a region on the device).  */
      if (s->executing && q != gtc_running_queue)
	{
	  __atomic_store_n (&s->completed, s->completed + 1,
			    __ATOMIC_RELEASE);
	  s->executing = false;
	}
      /* No thread sleeps in the child, and the worker is not there.  */
      s->done_sleepers = 0;
      s->worker_started = false;
      s->worker_sleeping = false;
      s->lock = 0;
    }
}

/* ---- Teardown.  ---- */

void
gtc_device_queues_fini (struct gtc_device *dev)
{
  size_t i;

  for (i = 0; i < gtc_max_queues_per_device; i++)
    {
      struct gtc_queue *q = dev->queues[i];
      struct gtc_queue_state *s;
      if (q == NULL)
	continue;
      s = q->state;
      qlock (s);
      s->stop = true;
      wake (&s->work_word, INT_MAX);
      qunlock (s);
      if (s->worker_started && !pthread_equal (s->worker, pthread_self ()))
	pthread_join (s->worker, NULL);
      s->worker_started = false;
      if (GT_UNLIKELY (gtc_profiling) && gtc_vendor.hardware_queues)
	gtc_profile_drain (q);
      if (gtc_vendor.queue_fini)
	gtc_vendor.queue_fini (q);
      /* The queue stays in the table, finished, so that old events stay
	 decodable; it is never used again.  */
      dev->queues[i] = NULL;
    }
}
