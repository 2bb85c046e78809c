/* mpi-link.c -- the transport of the MPI plugin: starting MPI (threads:
   MPI_THREAD_MULTIPLE, so that the queues of several devices talk at
   once), a communicator of the plugin's own whose errors are returned,
   not fatal, the check that every rank runs the same program, and the
   waits: polling, so that idle ranks yield their core, with a heartbeat
   that finds a rank that no longer answers.

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

#include "plugin-mpi.h"

#include <dlfcn.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

MPI_Comm mpidev_comm;
int mpidev_rank, mpidev_size;
const void *const *mpidev_tables;
int mpidev_num_tables;

static int tag_limit;		/* MPI_TAG_UB.  */
static unsigned tag_counter;

/* Spin this long, then yield this long, then sleep between polls.  */
#define SPIN_POLLS 200
#define YIELD_S 0.02
#define NAP_NS 50000

static double
seconds (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int
mpidev_table_index (const void *host_table)
{
  int i;

  for (i = 0; i < mpidev_num_tables; i++)
    if (mpidev_tables[i] == host_table)
      return i;
  return -1;
}

int
mpidev_new_tag (void)
{
  unsigned n = __atomic_fetch_add (&tag_counter, 1, __ATOMIC_RELAXED);

  return MPIDEV_TAG_FIRST + (int) (n % (unsigned) (tag_limit
						     - MPIDEV_TAG_FIRST));
}

/* Is RANK alive?  Ask its heartbeat thread and wait MPIDEV_LOST_S
   seconds at most for the answer.  */
static bool
alive (int rank)
{
  int tag = mpidev_new_tag (), answer = 0, done = 0;
  MPI_Request req[2];
  double until = seconds () + MPIDEV_LOST_S;
  struct timespec nap = { 0, 1000000 };

  if (mpidev_lib.Irecv (&answer, 1, MPI_INT, rank, tag, mpidev_comm, &req[0])
      != MPI_SUCCESS)
    return false;
  if (mpidev_lib.Isend (&tag, 1, MPI_INT, rank, MPIDEV_TAG_PING, mpidev_comm,
		 &req[1]) != MPI_SUCCESS)
    return false;
  while (seconds () < until)
    {
      if (mpidev_lib.Testall (2, req, &done, MPI_STATUSES_IGNORE) != MPI_SUCCESS)
	return false;
      if (done)
	return true;
      nanosleep (&nap, NULL);
    }
  /* The requests are left pending: the program ends.  */
  return false;
}

int
mpidev_wait_all (int n, MPI_Request *reqs, const int *ranks,
		 unsigned flags, int *lost)
{
  double start = 0, now, next_ping = 1.0;
  struct timespec nap = { 0, NAP_NS };
  int done = 0, polls = 0, rc, i;

  for (;;)
    {
      /* One by one: MPI_Test ends (nulls) each request done, so that
	 those still pending name the ranks to ask.  */
      for (i = 0, done = 1; i < n; i++)
	{
	  int one = 0;
	  if (reqs[i] == MPI_REQUEST_NULL)
	    continue;
	  rc = mpidev_lib.Test (&reqs[i], &one, MPI_STATUS_IGNORE);
	  if (rc != MPI_SUCCESS)
	    {
	      *lost = i;
	      return rc;
	    }
	  done &= one;
	}
      if (done)
	return 0;
      if (++polls < SPIN_POLLS)
	continue;
      now = seconds ();
      if (start == 0)
	start = now;
      /* A payload flowing: poll on, as MPI's own blocking calls do.  */
      if (flags & MPIDEV_BUSY)
	polls = 0;
      else if (now - start < YIELD_S)
	sched_yield ();
      else
	nanosleep (&nap, NULL);
      if ((flags & MPIDEV_HEARTBEAT) && now - start >= next_ping)
	{
	  /* Every rank still waited for.  */
	  for (i = 0; i < n; i++)
	    if (reqs[i] != MPI_REQUEST_NULL && !alive (ranks[i]))
	      {
		*lost = i;
		return MPI_ERR_OTHER;
	      }
	  next_ping = seconds () - start + 1.0;
	}
    }
}

int
mpidev_wait (MPI_Request *req, int rank, unsigned flags)
{
  int lost;

  return mpidev_wait_all (1, req, &rank, flags, &lost);
}

/* Send (SEND) or receive SIZE bytes of BUF with RANK on TAG, in pieces
   of MPIDEV_CHUNK, waiting with FLAGS.  */
static int
transfer (bool send, char *buf, size_t size, int rank, int tag,
	  unsigned flags)
{
  MPI_Request req;
  int rc;

  while (size > 0)
    {
      size_t n = size < MPIDEV_CHUNK ? size : MPIDEV_CHUNK;
      rc = send ? mpidev_lib.Isend (buf, (int) n, MPI_BYTE, rank, tag, mpidev_comm,
			     &req)
		: mpidev_lib.Irecv (buf, (int) n, MPI_BYTE, rank, tag, mpidev_comm,
			     &req);
      if (rc == MPI_SUCCESS)
	rc = mpidev_wait (&req, rank, flags | MPIDEV_BUSY);
      if (rc != 0)
	return rc;
      buf += n;
      size -= n;
    }
  return 0;
}

int
mpidev_send (const void *buf, size_t size, int rank, int tag)
{
  /* MPI_Isend does not write BUF.  */
  return transfer (true, (char *) buf, size, rank, tag,
		   mpidev_rank == 0 ? MPIDEV_HEARTBEAT : 0);
}

int
mpidev_recv (void *buf, size_t size, int rank, int tag, bool heartbeat)
{
  return transfer (false, buf, size, rank, tag,
		   heartbeat ? MPIDEV_HEARTBEAT : 0);
}

/* FNV-1a of V into *H.  */
static void
mix (uint64_t *h, uint64_t v)
{
  int i;

  for (i = 0; i < 8; i++, v >>= 8)
    *h = (*h ^ (v & 0xff)) * 0x100000001b3ull;
}

/* ADDR as an offset into the object that holds it, the same in every
   process of the program whatever address the object was loaded at.  */
static uint64_t
offset_in_object (const void *addr)
{
  Dl_info info;

  if (dladdr (addr, &info) == 0 || info.dli_fbase == NULL)
    return (uint64_t) (uintptr_t) addr;
  return (uint64_t) ((uintptr_t) addr - (uintptr_t) info.dli_fbase);
}

/* The hash of the host tables: their functions and variables, by offset
   and size.  Ranks running different programs differ here.  */
static uint64_t
tables_hash (void)
{
  uint64_t h = 0xcbf29ce484222325ull;
  int t;

  mix (&h, (uint64_t) mpidev_num_tables);
  for (t = 0; t < mpidev_num_tables; t++)
    {
      void *const *table = mpidev_tables[t];
      void *const *f = table[0], *const *fend = table[1];
      void *const *v = table[2], *const *vend = table[3];
      mix (&h, (uint64_t) (fend - f));
      mix (&h, (uint64_t) (vend - v));
      for (; f < fend; f++)
	mix (&h, offset_in_object (*f));
      for (; v + 1 < vend; v += 2)
	{
	  mix (&h, offset_in_object (v[0]));
	  mix (&h, (uint64_t) (uintptr_t) v[1]);
	}
    }
  return h;
}

/* The distinct host tables of IMAGES, in order.  */
static bool
collect_tables (int32_t num_images, __tgt_device_image *const *images)
{
  const void **tables = calloc (num_images ? num_images : 1,
				sizeof *tables);
  int32_t i;

  if (tables == NULL)
    return false;
  for (i = 0; i < num_images; i++)
    {
      const struct gt_gcc_image *d = images[i]->ImageStart;
      mpidev_tables = tables;
      if (mpidev_table_index (d->host_table) < 0)
	tables[mpidev_num_tables++] = d->host_table;
    }
  mpidev_tables = tables;
  return true;
}

/* The watch over the start: MPI_Init and the check of the program wait
   for every rank, and a rank that never comes (another program, one
   without offload tables, which never starts the plugin) would keep the
   others waiting for ever.  */
static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_cond;
static bool started;

static void *
watch_start (void *arg)
{
  long limit = (long) (intptr_t) arg;
  struct timespec until;
  bool done;

  clock_gettime (CLOCK_MONOTONIC, &until);
  until.tv_sec += limit;
  pthread_mutex_lock (&watch_lock);
  while (!started
	 && pthread_cond_timedwait (&watch_cond, &watch_lock, &until) == 0)
    ;
  done = started;
  pthread_mutex_unlock (&watch_lock);
  if (!done)
    {
      gt_plugin_error ("MPI rank %s: the ranks have not all started in %ld "
		       "s (GOMPTARGET_MPI_START_S): does every rank run this "
		       "program, built with offload tables?",
		       getenv ("OMPI_COMM_WORLD_RANK"), limit);
      fflush (NULL);
      _exit (1);
    }
  return NULL;
}

/* Watch the start (true) or end the watch (false).  */
static void
watch (bool start)
{
  static pthread_t thread;
  static bool watching;
  pthread_condattr_t attr;
  long limit;

  if (start)
    {
      limit = gt_env_number ("GOMPTARGET_MPI_START_S", 60, 1L << 20);
      pthread_condattr_init (&attr);
      pthread_condattr_setclock (&attr, CLOCK_MONOTONIC);
      pthread_cond_init (&watch_cond, &attr);
      pthread_condattr_destroy (&attr);
      watching = pthread_create (&thread, NULL, watch_start,
				 (void *) (intptr_t) limit) == 0;
      return;
    }
  pthread_mutex_lock (&watch_lock);
  started = true;
  pthread_cond_signal (&watch_cond);
  pthread_mutex_unlock (&watch_lock);
  if (watching)
    pthread_join (thread, NULL);
}

int
mpidev_start (int32_t num_images, __tgt_device_image *const *images)
{
  int provided, flag, *ub, bad = -1, i;
  uint64_t hash, *hashes = NULL;

  if (getenv ("OMPI_COMM_WORLD_SIZE") == NULL)
    {
      gt_plugin_debug ("not started by Open MPI's mpirun "
		       "(OMPI_COMM_WORLD_SIZE is not set): no device");
      return 0;
    }
  if (!mpidev_lib_open ())
    return -1;
  if (mpidev_lib.Initialized (&flag) != MPI_SUCCESS || flag)
    {
      gt_plugin_debug ("MPI is initialised already: no device");
      return -1;
    }
  watch (true);
  if (mpidev_lib.Init_thread (NULL, NULL, MPI_THREAD_MULTIPLE, &provided)
      != MPI_SUCCESS)
    {
      watch (false);
      gt_plugin_debug ("MPI_Init_thread failed: no device");
      return -1;
    }
  mpidev_lib.Comm_rank (MPI_COMM_WORLD, &mpidev_rank);
  mpidev_lib.Comm_size (MPI_COMM_WORLD, &mpidev_size);
  if (provided < MPI_THREAD_MULTIPLE)
    {
      watch (false);
      gt_plugin_debug ("this MPI does not provide MPI_THREAD_MULTIPLE: "
		       "no device");
      mpidev_lib.Finalize ();
      /* The other ranks must not run main as well.  */
      if (mpidev_rank != 0)
	exit (0);
      mpidev_size = 0;
      return -1;
    }
  if (mpidev_lib.Comm_dup (MPI_COMM_WORLD, &mpidev_comm) != MPI_SUCCESS
      || mpidev_lib.Comm_set_errhandler (mpidev_comm, MPI_ERRORS_RETURN)
	 != MPI_SUCCESS)
    {
      gt_plugin_error ("cannot make a communicator of its own");
      mpidev_lib.Abort (MPI_COMM_WORLD, 1);
    }
  tag_limit = 32767;
  if (mpidev_lib.Comm_get_attr (MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag)
      == MPI_SUCCESS && flag && *ub > MPIDEV_TAG_FIRST)
    tag_limit = *ub;

  /* Every rank the same program: the same host tables.  */
  if (!collect_tables (num_images, images))
    {
      gt_plugin_error ("out of host memory");
      mpidev_lib.Abort (MPI_COMM_WORLD, 1);
    }
  hash = tables_hash ();
  if (mpidev_rank == 0)
    hashes = calloc ((size_t) mpidev_size, sizeof *hashes);
  mpidev_lib.Gather (&hash, 1, MPI_UINT64_T, hashes, 1, MPI_UINT64_T, 0,
	      mpidev_comm);
  if (mpidev_rank == 0)
    for (i = 1; i < mpidev_size && bad < 0; i++)
      if (hashes[i] != hash)
	bad = i;
  free (hashes);
  mpidev_lib.Bcast (&bad, 1, MPI_INT, 0, mpidev_comm);
  watch (false);
  if (bad >= 0)
    {
      if (mpidev_rank == 0)
	gt_plugin_error ("MPI rank %d does not run the same program as rank "
			 "0 (its offload tables differ): the job stops", bad);
      mpidev_lib.Comm_free (&mpidev_comm);
      mpidev_lib.Finalize ();
      exit (1);
    }
  mpidev_intercept_init ();
  mpidev_watch_deaths ();
  gt_plugin_debug ("MPI rank %d of %d: %d host table(s), hash %016llx",
		   mpidev_rank, mpidev_size, mpidev_num_tables,
		   (unsigned long long) hash);
  return mpidev_rank == 0 ? 0 : 1;
}
