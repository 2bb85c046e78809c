/* signals.c -- HSA signals of the emulated runtime: a 64-bit value with
   the memory order each call names, and waits that really wait: a blocked
   wait sleeps on a condition variable until a store, add or destroy wakes
   it or its timeout (in the units of HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY:
   nanoseconds) passes (polling some 20 us first, where
   GOMPTARGET_EMUL_HSA_POLL asks for it); an active wait spins, yielding
   the processor.
   Also the AMD extension's asynchronous signal handlers.  A handle that
   is not a live signal is reported and ignored.

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

#include "emul-hsa.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

static struct emul_pool signal_pool
  = EMUL_POOL_INIT ("signal", struct emul_signal);
static uint32_t next_id;

struct emul_signal *
emul_signal_new (int64_t initial)
{
  struct emul_signal *s = emul_pool_get (&signal_pool);
  pthread_condattr_t attr;

  if (s == NULL)
    return NULL;
  /* The mutex and condition variable of a reused object were destroyed
     with it.  */
  pthread_mutex_init (&s->lock, NULL);
  pthread_condattr_init (&attr);
  pthread_condattr_setclock (&attr, CLOCK_MONOTONIC);
  pthread_cond_init (&s->cond, &attr);
  pthread_condattr_destroy (&attr);
  s->value = initial;
  s->id = __atomic_add_fetch (&next_id, 1, __ATOMIC_RELAXED);
  return s;
}

void
emul_signal_delete (struct emul_signal *s)
{
  /* Waiters see the signal dead and return.  */
  pthread_mutex_lock (&s->lock);
  __atomic_store_n (&s->obj.live, 0, __ATOMIC_RELEASE);
  pthread_cond_broadcast (&s->cond);
  while (s->waiters > 0)
    {
      pthread_mutex_unlock (&s->lock);
      sched_yield ();
      pthread_mutex_lock (&s->lock);
    }
  pthread_mutex_unlock (&s->lock);
  pthread_cond_destroy (&s->cond);
  pthread_mutex_destroy (&s->lock);
  emul_pool_put (&signal_pool, s);
}

struct emul_signal *
emul_signal_get (hsa_signal_t signal, const char *api)
{
  struct emul_signal *s = emul_pool_find (&signal_pool, signal.handle);

  if (s == NULL && api != NULL)
    emul_report ("%s: 0x%llx is not a live signal", api,
		 (unsigned long long) signal.handle);
  return s;
}

hsa_signal_t
emul_signal_handle (struct emul_signal *s)
{
  hsa_signal_t h = { (uint64_t) (uintptr_t) s };
  return h;
}

void
emul_signal_wake (struct emul_signal *s)
{
  pthread_mutex_lock (&s->lock);
  pthread_cond_broadcast (&s->cond);
  pthread_mutex_unlock (&s->lock);
}

/* After a change of the value: wake the waiters.  The store and the
   waiters count are sequentially consistent, so either a waiter sees the
   new value or the storer sees the waiter (which holds the lock until it
   sleeps).  */
static void
changed (struct emul_signal *s)
{
  EMUL_FENCE (__ATOMIC_SEQ_CST);
  if (__atomic_load_n (&s->waiters, __ATOMIC_SEQ_CST) > 0)
    emul_signal_wake (s);
}

void
emul_signal_store (struct emul_signal *s, int64_t value, int order)
{
  if (order == __ATOMIC_RELEASE)
    __atomic_store_n (&s->value, value, __ATOMIC_RELEASE);
  else
    __atomic_store_n (&s->value, value, __ATOMIC_RELAXED);
  changed (s);
}

int64_t
emul_signal_add (struct emul_signal *s, int64_t delta)
{
  int64_t v = __atomic_add_fetch (&s->value, delta, __ATOMIC_ACQ_REL);
  changed (s);
  return v;
}

static bool
satisfied (int64_t v, hsa_signal_condition_t cond, int64_t value)
{
  switch (cond)
    {
    case HSA_SIGNAL_CONDITION_EQ:
      return v == value;
    case HSA_SIGNAL_CONDITION_NE:
      return v != value;
    case HSA_SIGNAL_CONDITION_LT:
      return v < value;
    case HSA_SIGNAL_CONDITION_GTE:
      return v >= value;
    }
  return true;
}

/* How long a blocked wait polls first, where it does, in nanoseconds.  */
#define POLL_NS 20000

int64_t
emul_signal_wait (struct emul_signal *s, hsa_signal_condition_t cond,
		  int64_t value, uint64_t timeout_ns, bool active)
{
  uint64_t start = emul_now_ns ();
  uint64_t deadline = timeout_ns >= UINT64_MAX - start ? UINT64_MAX
						       : start + timeout_ns;
  int64_t v;

  if (active)
    for (;;)
      {
	v = __atomic_load_n (&s->value, __ATOMIC_ACQUIRE);
	if (satisfied (v, cond, value)
	    || !__atomic_load_n (&s->obj.live, __ATOMIC_ACQUIRE)
	    || emul_now_ns () >= deadline)
	  return v;
	sched_yield ();
      }

  /* A blocked wait polls a while first where GOMPTARGET_EMUL_HSA_POLL
     says so, as ROCr's does before it sleeps.  */
  if (emul_poll_now (emul_cfg.poll))
    {
      uint64_t until = start + POLL_NS < deadline ? start + POLL_NS : deadline;
      unsigned polls = 0;

      for (;;)
	{
	  v = __atomic_load_n (&s->value, __ATOMIC_ACQUIRE);
	  if (satisfied (v, cond, value)
	      || !__atomic_load_n (&s->obj.live, __ATOMIC_ACQUIRE))
	    return v;
	  if (++polls % 16 == 0 && emul_now_ns () >= until)
	    break;
#if defined (__x86_64__) || defined (__i386__)
	  __builtin_ia32_pause ();
#endif
	}
    }
  pthread_mutex_lock (&s->lock);
  __atomic_add_fetch (&s->waiters, 1, __ATOMIC_SEQ_CST);
  for (;;)
    {
      v = __atomic_load_n (&s->value, __ATOMIC_SEQ_CST);
      if (satisfied (v, cond, value)
	  || !__atomic_load_n (&s->obj.live, __ATOMIC_ACQUIRE))
	break;
      if (deadline == UINT64_MAX)
	pthread_cond_wait (&s->cond, &s->lock);
      else
	{
	  struct timespec ts;
	  if (emul_now_ns () >= deadline)
	    break;
	  ts.tv_sec = (time_t) (deadline / 1000000000u);
	  ts.tv_nsec = (long) (deadline % 1000000000u);
	  pthread_cond_timedwait (&s->cond, &s->lock, &ts);
	}
    }
  __atomic_sub_fetch (&s->waiters, 1, __ATOMIC_SEQ_CST);
  pthread_mutex_unlock (&s->lock);
  /* The acquire of a wait that returned.  */
  EMUL_FENCE (__ATOMIC_ACQUIRE);
  return v;
}

hsa_status_t
hsa_signal_create (hsa_signal_value_t initial_value, uint32_t num_consumers,
		   const hsa_agent_t *consumers, hsa_signal_t *signal)
{
  struct emul_signal *s;
  uint32_t i;

  EMUL_ENTER (hsa_signal_create);
  EMUL_CHECK_INIT ();
  if (signal == NULL || (num_consumers > 0 && consumers == NULL))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < num_consumers; i++)
    if (emul_agent_get (consumers[i]) == NULL)
      return HSA_STATUS_ERROR_INVALID_AGENT;
  if (emul_fault (EMUL_FAULT_SIGNAL))
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  s = emul_signal_new (initial_value);
  if (s == NULL)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  *signal = emul_signal_handle (s);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_signal_destroy (hsa_signal_t signal)
{
  struct emul_signal *s;

  EMUL_ENTER (hsa_signal_destroy);
  EMUL_CHECK_INIT ();
  s = emul_signal_get (signal, "hsa_signal_destroy");
  if (s == NULL)
    return HSA_STATUS_ERROR_INVALID_SIGNAL;
  if (s->doorbell)
    {
      emul_report ("hsa_signal_destroy: 0x%llx is a queue's doorbell signal",
		   (unsigned long long) signal.handle);
      return HSA_STATUS_ERROR_INVALID_SIGNAL;
    }
  emul_signal_delete (s);
  return HSA_STATUS_SUCCESS;
}

static hsa_signal_value_t
load (hsa_signal_t signal, int order, const char *api)
{
  struct emul_signal *s = emul_signal_get (signal, api);

  if (s == NULL)
    return 0;
  return order == __ATOMIC_ACQUIRE
	 ? __atomic_load_n (&s->value, __ATOMIC_ACQUIRE)
	 : __atomic_load_n (&s->value, __ATOMIC_RELAXED);
}

hsa_signal_value_t
hsa_signal_load_relaxed (hsa_signal_t signal)
{
  return load (signal, __ATOMIC_RELAXED, "hsa_signal_load_relaxed");
}

hsa_signal_value_t
hsa_signal_load_acquire (hsa_signal_t signal)
{
  return load (signal, __ATOMIC_ACQUIRE, "hsa_signal_load_acquire");
}

hsa_signal_value_t
hsa_signal_load_scacquire (hsa_signal_t signal)
{
  return load (signal, __ATOMIC_ACQUIRE, "hsa_signal_load_scacquire");
}

static void
store (hsa_signal_t signal, hsa_signal_value_t value, int order,
       const char *api)
{
  struct emul_signal *s = emul_signal_get (signal, api);

  if (s != NULL && s->doorbell && emul_forked_child)
    {
      /* Its queue's ring is not in the child (agents.c).  */
      emul_report ("%s: the doorbell of a queue made before fork (): the "
		   "queue is not in this child process", api);
      raise (SIGSEGV);
    }
  if (s != NULL)
    emul_signal_store (s, value, order);
}

void
hsa_signal_store_relaxed (hsa_signal_t signal, hsa_signal_value_t value)
{
  store (signal, value, __ATOMIC_RELAXED, "hsa_signal_store_relaxed");
}

void
hsa_signal_store_release (hsa_signal_t signal, hsa_signal_value_t value)
{
  store (signal, value, __ATOMIC_RELEASE, "hsa_signal_store_release");
}

void
hsa_signal_store_screlease (hsa_signal_t signal, hsa_signal_value_t value)
{
  store (signal, value, __ATOMIC_RELEASE, "hsa_signal_store_screlease");
}

static hsa_signal_value_t
wait_api (hsa_signal_t signal, hsa_signal_condition_t condition,
      hsa_signal_value_t compare_value, uint64_t timeout_hint,
      hsa_wait_state_t wait_state_hint, const char *api)
{
  struct emul_signal *s = emul_signal_get (signal, api);

  if (s == NULL)
    return 0;
  if ((int) condition < HSA_SIGNAL_CONDITION_EQ
      || (int) condition > HSA_SIGNAL_CONDITION_GTE)
    {
      emul_report ("%s: invalid condition %d", api, (int) condition);
      return __atomic_load_n (&s->value, __ATOMIC_ACQUIRE);
    }
  return emul_signal_wait (s, condition, compare_value, timeout_hint,
			   wait_state_hint == HSA_WAIT_STATE_ACTIVE);
}

hsa_signal_value_t
hsa_signal_wait_acquire (hsa_signal_t signal,
			 hsa_signal_condition_t condition,
			 hsa_signal_value_t compare_value,
			 uint64_t timeout_hint,
			 hsa_wait_state_t wait_state_hint)
{
  return wait_api (signal, condition, compare_value, timeout_hint,
	       wait_state_hint, "hsa_signal_wait_acquire");
}

hsa_signal_value_t
hsa_signal_wait_scacquire (hsa_signal_t signal,
			   hsa_signal_condition_t condition,
			   hsa_signal_value_t compare_value,
			   uint64_t timeout_hint,
			   hsa_wait_state_t wait_state_hint)
{
  return wait_api (signal, condition, compare_value, timeout_hint,
	       wait_state_hint, "hsa_signal_wait_scacquire");
}

/* hsa_amd_signal_async_handler: a thread per handler waits for the
   condition and calls the handler, again while it returns true.  */

struct handler_job
{
  struct emul_signal *signal;
  hsa_signal_condition_t cond;
  hsa_signal_value_t value;
  hsa_amd_signal_handler handler;
  void *arg;
};

static void *
handler_main (void *arg)
{
  struct handler_job *j = arg;

  for (;;)
    {
      int64_t v = emul_signal_wait (j->signal, j->cond, j->value, UINT64_MAX,
				    false);
      if (!__atomic_load_n (&j->signal->obj.live, __ATOMIC_ACQUIRE)
	  || !j->handler (v, j->arg))
	break;
      /* Re-armed: wait for the value to change before calling again if
	 the condition still holds.  */
      if (satisfied (__atomic_load_n (&j->signal->value, __ATOMIC_ACQUIRE),
		     j->cond, j->value))
	emul_signal_wait (j->signal, HSA_SIGNAL_CONDITION_NE, v, UINT64_MAX,
			  false);
    }
  free (j);
  return NULL;
}

hsa_status_t
hsa_amd_signal_async_handler (hsa_signal_t signal,
			      hsa_signal_condition_t cond,
			      hsa_signal_value_t value,
			      hsa_amd_signal_handler handler, void *arg)
{
  struct handler_job *j;
  pthread_attr_t attr;
  pthread_t t;
  int err;

  EMUL_ENTER (hsa_amd_signal_async_handler);
  EMUL_CHECK_INIT ();
  if (handler == NULL || (int) cond < HSA_SIGNAL_CONDITION_EQ
      || (int) cond > HSA_SIGNAL_CONDITION_GTE)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  j = calloc (1, sizeof *j);
  if (j == NULL)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  j->signal = emul_signal_get (signal, "hsa_amd_signal_async_handler");
  if (j->signal == NULL)
    {
      free (j);
      return HSA_STATUS_ERROR_INVALID_SIGNAL;
    }
  j->cond = cond;
  j->value = value;
  j->handler = handler;
  j->arg = arg;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  err = pthread_create (&t, &attr, handler_main, j);
  pthread_attr_destroy (&attr);
  if (err != 0)
    {
      free (j);
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    }
  return HSA_STATUS_SUCCESS;
}
