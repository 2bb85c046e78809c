/* mpi-server.c -- a serving rank of the MPI plugin: one device of rank 0.
   It never runs main: it serves rank 0's requests one after the other
   (memory from malloc, copies, regions run as the host version of their
   function, found by its index in the host tables every rank registered
   alike) until rank 0 says stop, and a thread of its own answers rank
   0's heartbeat meanwhile, a long region included.

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

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static bool stopping;

/* Answer rank 0's heartbeat until the server stops.  */
static void *
heartbeat (void *arg)
{
  struct timespec nap = { 0, 1000000 };
  int tag, done, zero = 0;
  MPI_Request req;

  (void) arg;
  while (mpidev_lib.Irecv (&tag, 1, MPI_INT, 0, MPIDEV_TAG_PING, mpidev_comm,
		    &req) == MPI_SUCCESS)
    {
      done = 0;
      while (!done)
	{
	  if (__atomic_load_n (&stopping, __ATOMIC_ACQUIRE))
	    {
	      mpidev_lib.Cancel (&req);
	      mpidev_lib.Wait (&req, MPI_STATUS_IGNORE);
	      return NULL;
	    }
	  if (mpidev_lib.Test (&req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
	    return NULL;
	  if (!done)
	    nanosleep (&nap, NULL);
	}
      mpidev_lib.Send (&zero, 1, MPI_INT, 0, tag, mpidev_comm);
    }
  return NULL;
}

static int
answer (const struct mpidev_msg *m, int64_t status, uint64_t addr,
	uint64_t size)
{
  struct mpidev_answer a = { status, addr, size };

  return mpidev_send (&a, sizeof a, 0, m->tag);
}

/* The host table entries of request M, or NULL (said) if there is no
   such table.  */
static void *const *
table_of (const struct mpidev_msg *m)
{
  if (m->table < 0 || m->table >= mpidev_num_tables)
    {
      gt_plugin_error ("MPI rank %d: rank 0 asked for host table %d, of "
		       "%d", mpidev_rank, (int) m->table, mpidev_num_tables);
      return NULL;
    }
  return mpidev_tables[m->table];
}

/* Rank 0's copy M (MPIDEV_PUT or MPIDEV_GET) with this rank's memory:
   the data follow, or go back, on M's tag.  */
static int
put_or_get (const struct mpidev_msg *m)
{
  if (m->op == MPIDEV_PUT)
    return mpidev_recv ((void *) (uintptr_t) m->addr, m->size, 0, m->tag,
			false);
  return mpidev_send ((const void *) (uintptr_t) m->addr, m->size, 0,
		      m->tag);
}

/* The index of host function FN in MPIDEV_TABLES: *TABLE, *INDEX; false
   when it is none of them.  */
static bool
function_index (void (*fn) (void *), int32_t *table, int32_t *index)
{
  int t;

  for (t = 0; t < mpidev_num_tables; t++)
    {
      void *const *tab = mpidev_tables[t];
      void *const *f = tab[0], *const *end = tab[1];
      for (; f < end; f++)
	if (*f == (void *) fn)
	  {
	    *table = t;
	    *index = (int32_t) (f - (void *const *) tab[0]);
	    return true;
	  }
    }
  return false;
}

/* Ancestor regions of the region that runs, one at a time.  */
static pthread_mutex_t ancestor_lock = PTHREAD_MUTEX_INITIALIZER;

/* An ancestor region (device(ancestor: 1)) reached by the region of
   request ARG: rank 0 runs HOST_FN's counterpart, found by its index in
   the tables, with its own addresses.  The answer to the region's request
   says so (MPIDEV_ANSWER_REVERSE), the request follows on its tag, naming
   where the MAPNUM addresses, sizes and kinds of the maps are here; rank 0
   translates them through its table of what it mapped on this device,
   reading and writing this rank's memory with MPIDEV_GET and MPIDEV_PUT
   on the same tag, and says when it is done.  */
static void
ancestor (void *arg, void (*host_fn) (void *), uint64_t mapnum, void **addrs,
	  const size_t *sizes, const unsigned short *kinds)
{
  const struct mpidev_msg *run_msg = arg;
  struct mpidev_msg r = { .op = MPIDEV_REVERSE, .tag = run_msg->tag,
			  .table = -1, .index = -1, .nvars = (int32_t) mapnum,
			  .addr = (uintptr_t) addrs,
			  .addr2 = (uintptr_t) sizes,
			  .size = (uintptr_t) kinds };
  struct mpidev_msg m;
  int rc;

  if (!function_index (host_fn, &r.table, &r.index))
    gt_plugin_error ("MPI rank %d: the ancestor region %p is no function "
		     "of the offload tables", mpidev_rank, (void *) host_fn);
  pthread_mutex_lock (&ancestor_lock);
  rc = answer (run_msg, MPIDEV_ANSWER_REVERSE, 0, 0);
  if (rc == 0)
    rc = mpidev_send (&r, sizeof r, 0, r.tag);
  while (rc == 0)
    {
      rc = mpidev_recv (&m, sizeof m, 0, r.tag, false);
      if (rc != 0 || m.op == MPIDEV_REVERSE_DONE)
	break;
      rc = m.op == MPIDEV_PUT || m.op == MPIDEV_GET ? put_or_get (&m) : -1;
    }
  pthread_mutex_unlock (&ancestor_lock);
  if (rc != 0)
    {
      /* Rank 0 is gone or mad: end the job rather than hang.  */
      fflush (NULL);
      mpidev_lib.Abort (MPI_COMM_WORLD, 1);
    }
}

static int
run (const struct mpidev_msg *m)
{
  void *const *table = table_of (m);
  void *small[16], **vars = small;
  uint64_t *addrs;
  void (*fn) (void *) = NULL;
  int rc, i;

  if (m->nvars > (int32_t) (sizeof small / sizeof *small))
    vars = malloc (m->nvars * sizeof *vars);
  if (vars == NULL)
    {
      gt_plugin_error ("MPI rank %d: out of memory", mpidev_rank);
      return -1;
    }
  /* The addresses are 64-bit words, as the pointers they become.  */
  addrs = (uint64_t *) vars;
  rc = mpidev_recv (addrs, m->nvars * sizeof *addrs, 0, m->tag, false);
  for (i = 0; i < m->nvars; i++)
    vars[i] = (void *) (uintptr_t) addrs[i];
  if (rc == 0 && table != NULL && m->index >= 0
      && m->index < (void *const *) table[1] - (void *const *) table[0])
    fn = (void (*) (void *)) ((void *const *) table[0])[m->index];
  if (rc == 0)
    {
      if (fn != NULL)
	{
	  gt_services ()->run_host_region_ancestor (m->device_num, fn, vars,
						     m->num_teams,
						     m->thread_limit, ancestor,
						     (void *) m);
	  /* What the region printed goes to mpirun now, not when this rank
	     exits (where its stdout is a pipe, fully buffered).  */
	  fflush (stdout);
	}
      rc = answer (m, fn != NULL ? 0 : -1, 0, 0);
    }
  if (vars != small)
    free (vars);
  return rc;
}

static int
variable (const struct mpidev_msg *m)
{
  void *const *table = table_of (m);
  void *const *v;

  if (table == NULL || m->index < 0
      || m->index >= ((void *const *) table[3]
		      - (void *const *) table[2]) / 2)
    return answer (m, -1, 0, 0);
  v = (void *const *) table[2] + 2 * m->index;
  return answer (m, 0, (uint64_t) (uintptr_t) v[0],
		 (uint64_t) (uintptr_t) v[1]);
}

/* Copy for rank 0 straight between this rank and another serving rank,
   which rank 0 asked at the same time for the other half; the answer says
   whether the copy went.  */
static int
peer_copy (const struct mpidev_msg *m)
{
  int rc;

  if (m->peer <= 0 || m->peer >= mpidev_size || m->peer == mpidev_rank)
    {
      gt_plugin_error ("MPI rank %d: rank 0 asked for a copy with rank %d",
		       mpidev_rank, (int) m->peer);
      return answer (m, -1, 0, 0);
    }
  if (m->op == MPIDEV_SEND_TO)
    rc = mpidev_send ((const void *) (uintptr_t) m->addr, m->size, m->peer,
		      m->peer_tag);
  else
    rc = mpidev_recv ((void *) (uintptr_t) m->addr, m->size, m->peer,
		      m->peer_tag, false);
  return answer (m, rc == 0 ? 0 : -1, 0, 0);
}

/* 0 for a transport's success, -1 for its failure.  */
static int
link_ok (int rc)
{
  return rc == 0 ? 0 : -1;
}

/* Serve one request; 1 when it says stop, -1 when the link failed.  */
static int
serve_one (const struct mpidev_msg *m)
{
  void *p;

  switch (m->op)
    {
    case MPIDEV_ALLOC:
      p = malloc (m->size ? m->size : 1);
      return link_ok (answer (m, p ? 0 : -1, (uint64_t) (uintptr_t) p,
				 m->size));
    case MPIDEV_FREE:
      free ((void *) (uintptr_t) m->addr);
      return 0;
    case MPIDEV_PUT:
    case MPIDEV_GET:
      return link_ok (put_or_get (m));
    case MPIDEV_MOVE:
      memmove ((void *) (uintptr_t) m->addr,
	       (const void *) (uintptr_t) m->addr2, m->size);
      return 0;
    case MPIDEV_RUN:
      return link_ok (run (m));
    case MPIDEV_VAR:
      return link_ok (variable (m));
    case MPIDEV_SEND_TO:
    case MPIDEV_RECV_FROM:
      return link_ok (peer_copy (m));
    case MPIDEV_STOP:
      return 1;
    default:
      gt_plugin_error ("MPI rank %d: a request it does not know (%u): rank "
		       "0 runs another program", mpidev_rank,
		       (unsigned) m->op);
      return -1;
    }
}

void
mpidev_serve (void)
{
  struct mpidev_msg m;
  MPI_Request req;
  pthread_t beat;
  bool beating;
  int rc = 0;

  beating = pthread_create (&beat, NULL, heartbeat, NULL) == 0;
  gt_plugin_debug ("MPI rank %d serves its device", mpidev_rank);
  while (rc == 0)
    {
      rc = mpidev_lib.Irecv (&m, sizeof m, MPI_BYTE, 0, MPIDEV_TAG_REQUEST,
		      mpidev_comm, &req);
      if (rc == MPI_SUCCESS)
	rc = mpidev_wait (&req, 0, 0);
      rc = rc == 0 ? serve_one (&m) : -1;
    }
  __atomic_store_n (&stopping, true, __ATOMIC_RELEASE);
  if (beating)
    pthread_join (beat, NULL);
  if (rc < 0)
    {
      /* Rank 0 is gone or mad: end the job rather than hang.  */
      fflush (NULL);
      mpidev_lib.Abort (MPI_COMM_WORLD, 1);
    }
  gt_plugin_debug ("MPI rank %d: stopped by rank 0", mpidev_rank);
  mpidev_lib.Comm_free (&mpidev_comm);
  mpidev_lib.Finalize ();
  exit (0);
}
