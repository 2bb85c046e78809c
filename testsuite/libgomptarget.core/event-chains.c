/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The plugin core's asynchronous interface, driven directly through the
   emulated device's plugin: a chain of copies on one queue completes in
   order and is reported once through the init_dep callback; an operation
   behind an event of another thread's queue waits for it; async_dep joins
   events; synchronize (NULL) waits for everything; a bad event is an
   error, not a crash.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef void *ev_t;
typedef void (*cb_t) (void *);

static int32_t (*number_of_devices) (void);
static int32_t (*init_device) (int32_t);
static void *(*data_alloc) (int32_t, int64_t, void *);
static int32_t (*data_delete) (int32_t, void *);
static void (*init_dep) (cb_t);
static int32_t (*async_data_submit) (int32_t, void *, void *, int64_t,
				     int32_t, ev_t *, ev_t *);
static int32_t (*async_data_retrieve) (int32_t, void *, void *, int64_t,
				       int32_t, ev_t *, ev_t *);
static int32_t (*async_data_exchange) (int32_t, void *, int32_t, void *,
				       int64_t, int32_t, ev_t *, ev_t *);
static int32_t (*async_host_call) (int32_t, void (*) (void *), void *,
				   int32_t, ev_t *, ev_t *);
static int32_t (*async_dep) (int32_t, int32_t, ev_t *, ev_t *);
static int32_t (*async_notify) (int32_t, ev_t, void *);
static int32_t (*synchronize) (int32_t, ev_t);

#define N (1 << 20)
static int notified[4];

static void
callback (void *token)
{
  __atomic_add_fetch (&notified[(intptr_t) token], 1, __ATOMIC_SEQ_CST);
}

static void *
sym (void *h, const char *name)
{
  void *p = dlsym (h, name);
  if (p == NULL)
    {
      fprintf (stderr, "no %s in the plugin\n", name);
      exit (1);
    }
  return p;
}

static void
load_plugin (void)
{
  Dl_info info;
  char path[4096], *slash;
  void *h;

  /* The plugin lives beside libgomptarget.  */
  if (dladdr ((void *) omp_get_num_devices, &info) == 0)
    abort ();
  snprintf (path, sizeof path, "%s", info.dli_fname);
  slash = strrchr (path, '/');
  if (slash == NULL)
    abort ();
  strcpy (slash + 1, "libgomptarget-plugin-host.so");
  h = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (h == NULL)
    {
      fprintf (stderr, "%s\n", dlerror ());
      exit (1);
    }
  number_of_devices = sym (h, "__tgt_rtl_number_of_devices");
  init_device = sym (h, "__tgt_rtl_init_device");
  data_alloc = sym (h, "__tgt_rtl_data_alloc");
  data_delete = sym (h, "__tgt_rtl_data_delete");
  init_dep = sym (h, "__tgt_rtl_init_dep");
  async_data_submit = sym (h, "__tgt_rtl_async_data_submit");
  async_data_retrieve = sym (h, "__tgt_rtl_async_data_retrieve");
  async_data_exchange = sym (h, "__tgt_rtl_async_data_exchange");
  async_host_call = sym (h, "__tgt_rtl_async_host_call");
  async_dep = sym (h, "__tgt_rtl_async_dep");
  async_notify = sym (h, "__tgt_rtl_async_notify");
  synchronize = sym (h, "__tgt_rtl_synchronize");
}

/* Wait up to 10 s for notified[I] to reach N.  */
static void
await_notified (int i, int n)
{
  for (int ms = 0; ms < 10000; ms++)
    {
      if (__atomic_load_n (&notified[i], __ATOMIC_SEQ_CST) >= n)
	return;
      usleep (1000);
    }
  fprintf (stderr, "notification %d never came\n", i);
  abort ();
}

static volatile int flag;

static void
slow_set_flag (void *arg)
{
  (void) arg;
  usleep (100000);
  flag = 1;
}

static void
check_flag (void *arg)
{
  *(int *) arg = flag;
}

/* Thread 2: an event of the main thread's queue.  */
static ev_t main_event;
static int flag_seen = -1;

static void *
other_thread (void *unused)
{
  ev_t mine, deps[2], done;

  (void) unused;
  /* Something on this thread's own queue first, then an operation behind
     it and behind the other queue's slow host call.  */
  if (async_dep (0, 0, NULL, &mine) != 0)
    abort ();
  deps[0] = mine;
  deps[1] = main_event;
  if (async_host_call (0, check_flag, &flag_seen, 2, deps, &done) != 0)
    abort ();
  if (synchronize (0, done) != 0)
    abort ();
  return NULL;
}

int
main (void)
{
  char *src = malloc (N), *dst = malloc (N);
  void *a, *b;
  ev_t e1, e2, e3, join, deps[2];
  pthread_t t;

  load_plugin ();
  if (number_of_devices () < 1 || init_device (0) != 0)
    abort ();
  init_dep (callback);
  a = data_alloc (0, N, NULL);
  b = data_alloc (0, N, NULL);
  if (!src || !dst || !a || !b)
    abort ();
  for (int i = 0; i < N; i++)
    src[i] = (char) (i * 7);
  memset (dst, 0, N);

  /* host -> a -> b -> host, each behind the one before.  */
  if (async_data_submit (0, a, src, N, 0, NULL, &e1) != 0
      || async_data_exchange (0, a, 0, b, N, 1, &e1, &e2) != 0
      || async_data_retrieve (0, dst, b, N, 1, &e2, &e3) != 0
      || async_notify (0, e3, (void *) (intptr_t) 1) != 0)
    abort ();
  await_notified (1, 1);
  if (memcmp (src, dst, N) != 0)
    abort ();
  /* Completed events stay valid; notifying one reports at once.  */
  if (async_notify (0, e1, (void *) (intptr_t) 2) != 0)
    abort ();
  await_notified (2, 1);

  /* Another thread's operation waits for an event of this queue.  */
  if (async_host_call (0, slow_set_flag, NULL, 0, NULL, &main_event) != 0
      || async_notify (0, main_event, (void *) (intptr_t) 3) != 0)
    abort ();
  pthread_create (&t, NULL, other_thread, NULL);
  pthread_join (t, NULL);
  if (flag_seen != 1)
    {
      fprintf (stderr, "the cross-queue dependence was not kept\n");
      abort ();
    }

  /* async_dep joins events.  */
  deps[0] = e3;
  deps[1] = main_event;
  if (async_dep (0, 2, deps, &join) != 0 || synchronize (0, join) != 0)
    abort ();

  /* Everything queued so far.  */
  if (synchronize (0, NULL) != 0)
    abort ();
  await_notified (3, 1);
  if (notified[1] != 1 || notified[2] != 1 || notified[3] != 1)
    abort ();

  /* A bad event is refused.  */
  deps[0] = (ev_t) (uintptr_t) 0x7fff000000000001ull;
  if (async_dep (0, 1, deps, &join) == 0 || synchronize (0, deps[0]) == 0)
    abort ();
  /* A pointer that is not device memory is refused.  */
  if (data_delete (0, src) == 0)
    abort ();

  data_delete (0, a);
  data_delete (0, b);
  free (src);
  free (dst);
  puts ("ok");
  return 0;
}
