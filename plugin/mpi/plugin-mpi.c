/* plugin-mpi.c -- the MPI plugin: the other ranks of a program started
   with Open MPI's mpirun (`mpirun -n N ./prog`, the same executable on
   every rank) as devices of rank 0, which alone runs main.  Built on the
   plugin core as a vendor with software queues: each operation is a
   request to the device's rank, run to completion by a queue's thread, so
   the queues of several devices (and of one device) talk at once
   (MPI_THREAD_MULTIPLE) and nowait regions on several ranks run in
   parallel.

   Why the serving ranks start inside the program, before main, rather
   than as a separate server program started MPMD-style: a GCC program's
   regions are host functions of that executable, and a server program
   could reach them only by loading the executable, which glibc refuses
   for a PIE; in the program itself they are there already, and the
   offload tables every rank registers alike name them by index.  The
   front end offers the program to this plugin (__tgt_rtl_serve_program)
   at the main program's first registration, after the libraries' ones:
   every rank starts MPI there, checks that all run the same program (a
   hash of the host tables, by offsets, since addresses differ between
   ranks), and the serving ranks never return (mpi-server.c).  So every
   rank reaches MPI_Init at once, whether or not rank 0 ever uses a
   device, and rank 0 stops them from an exit handler.

   Open MPI's libmpi is opened with dlopen (mpi-lib.c), not linked: every
   program with offload tables offers itself to this plugin before main,
   and only those started by mpirun open it; where it is missing, the
   plugin has no device and says why under GOMP_DEBUG only.

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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct mpidev_device
{
  struct gtc_device core;
  int rank;			/* Its MPI rank: its id + 1.  */
};

/* The image of each host table the devices load (the first registered):
   a program built for two offload targets registers each host table
   twice.  */
static const struct gt_gcc_image **first_images;

/* The bytes of data rank 0 itself sent to the devices and received from
   them, said under GOMP_DEBUG at the end: a copy between two devices is
   not among them (peer_copy).  */
static uint64_t carried_to, carried_from;

/* Copies between two serving ranks, one at a time (peer_copy).  */
static pthread_mutex_t peer_lock = PTHREAD_MUTEX_INITIALIZER;

/* A device was lost: the exit handler ends the job instead of stopping
   the ranks.  */
static bool lost;

/* The end of the program because device DEV no longer answers: say so,
   naming it, and end every rank (MPI_Abort), so that nothing waits for
   it.  */
static void __attribute__ ((noreturn, format (printf, 3, 4)))
lost_device (const struct mpidev_device *md, int rc, const char *fmt, ...)
{
  char why[MPI_MAX_ERROR_STRING];
  int len = 0;
  va_list ap;

  __atomic_store_n (&lost, true, __ATOMIC_RELEASE);
  gtc_claim_end (true);
  if (rc == MPI_ERR_OTHER || mpidev_lib.Error_string (rc, why, &len)
      != MPI_SUCCESS)
    snprintf (why, sizeof why, "it does not answer (no heartbeat for %d "
	      "s)", MPIDEV_LOST_S);
  fprintf (stderr, "libgomptarget: mpi: device %d (MPI rank %d) is lost "
	   "while ", (int) md->core.number, md->rank);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fprintf (stderr, ": %s\n", why);
  fflush (NULL);
  mpidev_lib.Abort (MPI_COMM_WORLD, 1);
  _exit (1);
}

/* Send request M to MD; with OUT, OUT_SIZE bytes after it; with ANS,
   wait for the answer; with IN, receive IN_SIZE bytes after it.  WHAT
   names the operation for an error.  */
static void
request (struct mpidev_device *md, struct mpidev_msg *m, const void *out,
	 size_t out_size, void *in, size_t in_size, struct mpidev_answer *ans,
	 const char *what)
{
  MPI_Request req, early = MPI_REQUEST_NULL;
  int rc = MPI_SUCCESS;

  m->tag = mpidev_new_tag ();
  /* What comes back in one piece is received where it goes, posted
     before the request is sent.  */
  if (in != NULL && in_size <= MPIDEV_CHUNK)
    rc = mpidev_lib.Irecv (in, (int) in_size, MPI_BYTE, md->rank, m->tag,
		    mpidev_comm, &early);
  else if (in == NULL && ans != NULL)
    rc = mpidev_lib.Irecv (ans, sizeof *ans, MPI_BYTE, md->rank, m->tag,
		    mpidev_comm, &early);
  if (rc == MPI_SUCCESS)
    rc = mpidev_lib.Isend (m, sizeof *m, MPI_BYTE, md->rank, MPIDEV_TAG_REQUEST,
		    mpidev_comm, &req);
  if (rc == MPI_SUCCESS)
    rc = mpidev_wait (&req, md->rank, MPIDEV_HEARTBEAT);
  if (rc == 0 && out != NULL)
    rc = mpidev_send (out, out_size, md->rank, m->tag);
  if (rc == 0 && early != MPI_REQUEST_NULL)
    rc = mpidev_wait (&early, md->rank, MPIDEV_HEARTBEAT
		      | (in != NULL ? MPIDEV_BUSY : 0));
  else if (rc == 0 && in != NULL)
    rc = mpidev_recv (in, in_size, md->rank, m->tag, true);
  if (rc == 0 && in != NULL && ans != NULL)
    rc = mpidev_recv (ans, sizeof *ans, md->rank, m->tag, true);
  if (rc != 0)
    lost_device (md, rc, "%s", what);
}

static int
mpi_probe (void)
{
  /* A serving rank has none: it is a device itself (a region there that
     asks for devices finds those of its own machine).  */
  int n = mpidev_size > 1 && mpidev_rank == 0 ? mpidev_size - 1 : 0;

  if (n > 0)
    gt_plugin_debug ("%d device(s): MPI ranks 1 to %d", n, n);
  return n;
}

static int
mpi_init_device (struct gtc_device *dev)
{
  ((struct mpidev_device *) dev)->rank = (int) dev->id + 1;
  return 0;
}

static bool
mpi_image_ok (const struct gt_gcc_image *gcc)
{
  int t = mpidev_table_index (gcc->host_table);

  if (t < 0)
    {
      gt_plugin_debug ("an image registered after main started (a library "
		       "opened later?) is not known to the serving ranks");
      return false;
    }
  return first_images[t] == gcc;
}

static int
mpi_load_image (struct gtc_device *dev, struct gtc_image *img)
{
  (void) dev;
  (void) img;
  return 0;
}

static int
mpi_find_kernel (struct gtc_device *dev, struct gtc_image *img,
		 size_t index, struct gtc_kernel *k)
{
  (void) dev;
  k->handle = (void *) (uintptr_t) mpidev_table_index (img->gcc->host_table);
  k->name = "region";
  (void) index;
  return 0;
}

static int
mpi_find_variable (struct gtc_device *dev, struct gtc_image *img,
		   size_t index, void **addr, size_t *size)
{
  struct mpidev_device *md = (struct mpidev_device *) dev;
  struct mpidev_msg m = { .op = MPIDEV_VAR };
  struct mpidev_answer a;

  m.table = mpidev_table_index (img->gcc->host_table);
  m.index = (int32_t) index;
  request (md, &m, NULL, 0, NULL, 0, &a, "looking up a variable");
  if (a.status != 0)
    return 1;
  *addr = (void *) (uintptr_t) a.addr;
  *size = (size_t) a.size;
  return 0;
}

static void *
mpi_mem_alloc (struct gtc_device *dev, size_t size)
{
  struct mpidev_device *md = (struct mpidev_device *) dev;
  struct mpidev_msg m = { .op = MPIDEV_ALLOC, .size = size };
  struct mpidev_answer a;

  request (md, &m, NULL, 0, NULL, 0, &a, "allocating memory");
  return a.status == 0 ? (void *) (uintptr_t) a.addr : NULL;
}

static int
mpi_mem_free (struct gtc_device *dev, void *ptr)
{
  struct mpidev_device *md = (struct mpidev_device *) dev;
  struct mpidev_msg m = { .op = MPIDEV_FREE, .addr = (uintptr_t) ptr };

  if (ptr != NULL)
    request (md, &m, NULL, 0, NULL, 0, NULL, "freeing memory");
  return 0;
}

/* Copy SIZE bytes from SRC on device FROM to DST on device TO straight
   from rank to rank: rank 0 asks the source rank to send and the
   destination rank to receive, and waits for both answers, asking both
   for a heartbeat; the data never pass through it.  One such copy at a
   time in the job: each serving rank serves its requests in turn, so that
   two copies the other way round between the same two ranks, each rank
   sending first, could each wait for the other's receive for ever.  */
static int
peer_copy (struct mpidev_device *to, void *dst, struct mpidev_device *from,
	   const void *src, size_t size)
{
  struct mpidev_msg m[2] = {
    { .op = MPIDEV_SEND_TO, .addr = (uintptr_t) src, .size = size,
      .peer = to->rank },
    { .op = MPIDEV_RECV_FROM, .addr = (uintptr_t) dst, .size = size,
      .peer = from->rank }
  };
  struct mpidev_device *dev[2] = { from, to };
  struct mpidev_answer a[2];
  /* The two requests, then the two answers.  */
  MPI_Request reqs[4];
  int ranks[4] = { from->rank, to->rank, from->rank, to->rank };
  int rc = MPI_SUCCESS, who = 0, i;

  for (i = 0; i < 4; i++)
    reqs[i] = MPI_REQUEST_NULL;
  m[0].peer_tag = m[1].peer_tag = mpidev_new_tag ();
  pthread_mutex_lock (&peer_lock);
  for (i = 0; i < 2 && rc == MPI_SUCCESS; i++)
    {
      m[i].tag = mpidev_new_tag ();
      who = i;
      rc = mpidev_lib.Irecv (&a[i], sizeof a[i], MPI_BYTE, dev[i]->rank,
			     m[i].tag, mpidev_comm, &reqs[2 + i]);
      if (rc == MPI_SUCCESS)
	rc = mpidev_lib.Isend (&m[i], sizeof m[i], MPI_BYTE, dev[i]->rank,
			       MPIDEV_TAG_REQUEST, mpidev_comm, &reqs[i]);
    }
  if (rc == MPI_SUCCESS)
    rc = mpidev_wait_all (4, reqs, ranks, MPIDEV_HEARTBEAT, &who);
  pthread_mutex_unlock (&peer_lock);
  if (rc != 0)
    lost_device (dev[who % 2], rc, "copying %s device %d",
		 who % 2 ? "from" : "to",
		 (int) dev[1 - who % 2]->core.number);
  if (a[0].status != 0 || a[1].status != 0)
    {
      gt_plugin_error ("copying %zu bytes from device %d straight to device "
		       "%d failed", size, (int) from->core.number,
		       (int) to->core.number);
      return 1;
    }
  return 0;
}

static int
mpi_copy (struct gtc_queue *q, enum gtc_copy_dir dir, void *dst,
	  const void *src, size_t size, struct gtc_device *peer)
{
  struct mpidev_device *md = (struct mpidev_device *) q->dev;
  struct mpidev_device *from = (struct mpidev_device *) peer;
  struct mpidev_msg m = { .size = size };

  if (size == 0)
    return 0;
  switch (dir)
    {
    case GTC_HOST_TO_DEVICE:
      m.op = MPIDEV_PUT;
      m.addr = (uintptr_t) dst;
      request (md, &m, src, size, NULL, 0, NULL, "copying to it");
      __atomic_add_fetch (&carried_to, size, __ATOMIC_RELAXED);
      return 0;
    case GTC_DEVICE_TO_HOST:
      m.op = MPIDEV_GET;
      m.addr = (uintptr_t) src;
      request (md, &m, NULL, 0, dst, size, NULL, "copying from it");
      __atomic_add_fetch (&carried_from, size, __ATOMIC_RELAXED);
      return 0;
    case GTC_DEVICE_TO_DEVICE:
      if (from != md)
	return peer_copy (md, dst, from, src, size);
      m.op = MPIDEV_MOVE;
      m.addr = (uintptr_t) dst;
      m.addr2 = (uintptr_t) src;
      request (md, &m, NULL, 0, NULL, 0, NULL, "copying in it");
      return 0;
    }
  return 1;
}

/* ---- Reverse offload: an ancestor region reached on a serving rank.
   ---- */

/* The serving rank's memory, during its request for an ancestor region
   (on the tag of the region that reached it).  */
struct reverse_link
{
  struct mpidev_device *md;
  int tag;
};

/* Copy SIZE bytes between HOST and the serving rank's DEV: a MPIDEV_GET
   or MPIDEV_PUT on the region's tag, and the data.  */
static int
reverse_copy (struct reverse_link *l, bool put, void *host, uint64_t dev,
	      uint64_t size)
{
  struct mpidev_msg m = { .op = put ? MPIDEV_PUT : MPIDEV_GET, .tag = l->tag,
			  .addr = dev, .size = size };
  int rc;

  rc = mpidev_send (&m, sizeof m, l->md->rank, l->tag);
  if (rc == 0 && size > 0)
    rc = put ? mpidev_send (host, size, l->md->rank, l->tag)
	     : mpidev_recv (host, size, l->md->rank, l->tag, true);
  if (rc != 0)
    lost_device (l->md, rc, "serving its ancestor region");
  __atomic_add_fetch (put ? &carried_to : &carried_from, size,
		      __ATOMIC_RELAXED);
  return 0;
}

static int
reverse_dev2host (void *arg, void *host, uint64_t dev, uint64_t size)
{
  return reverse_copy (arg, false, host, dev, size);
}

static int
reverse_host2dev (void *arg, uint64_t dev, const void *host, uint64_t size)
{
  /* Sent, not written.  */
  return reverse_copy (arg, true, (void *) host, dev, size);
}

/* The serving rank of device MD asks, on TAG, for an ancestor region: run
   rank 0's function of the same index, the map clauses translated from
   the rank's addresses to rank 0's by the front end (target_rev), then
   tell the rank.  */
static void
serve_reverse (struct mpidev_device *md, int tag)
{
  struct reverse_link link = { md, tag };
  const struct gt_rev_copier copier = { reverse_dev2host, reverse_host2dev,
					&link };
  struct mpidev_msg r, done = { .op = MPIDEV_REVERSE_DONE, .tag = tag };
  void *const *table;
  uint64_t fn = 0;
  int rc;

  rc = mpidev_recv (&r, sizeof r, md->rank, tag, true);
  if (rc != 0)
    lost_device (md, rc, "sending an ancestor region");
  if (r.op == MPIDEV_REVERSE && r.table >= 0 && r.table < mpidev_num_tables)
    {
      table = mpidev_tables[r.table];
      if (r.index >= 0
	  && r.index < (void *const *) table[1] - (void *const *) table[0])
	fn = (uint64_t) (uintptr_t) ((void *const *) table[0])[r.index];
    }
  /* FN 0, no function: the front end's fatal error.  */
  gt_services ()->target_rev (md->core.number, fn, (uint64_t) r.nvars,
			      r.addr, r.addr2, r.size, &copier);
  rc = mpidev_send (&done, sizeof done, md->rank, tag);
  if (rc != 0)
    lost_device (md, rc, "serving its ancestor region");
}

/* The reverse-offload table of IMG: every host function by its rank-0
   address, which is what the serving ranks' requests name
   (serve_reverse).  */
static int
mpi_rev_fn_table (struct gtc_device *dev, struct gtc_image *img,
		  uint64_t *out, size_t count)
{
  void *const *funcs = ((void *const *) img->gcc->host_table)[0];
  size_t i;

  (void) dev;
  for (i = 0; i < count; i++)
    out[i] = (uint64_t) (uintptr_t) funcs[i];
  return 0;
}

static int
mpi_launch (struct gtc_queue *q, void *entry, void **vars, int32_t nvars,
	    int32_t num_teams, int32_t thread_limit)
{
  struct mpidev_device *md = (struct mpidev_device *) q->dev;
  const struct gtc_kernel *k = entry;
  struct mpidev_msg m = { .op = MPIDEV_RUN };
  struct mpidev_answer a;
  int rc;

  m.table = (int32_t) (uintptr_t) k->handle;
  m.index = (int32_t) k->index;
  m.nvars = nvars;
  m.num_teams = num_teams;
  m.thread_limit = thread_limit;
  m.device_num = q->dev->number;
  /* Device addresses travel as 64-bit words, which pointers are here.  */
  request (md, &m, vars, (size_t) nvars * sizeof *vars, NULL, 0, &a,
	   "running a region");
  while (a.status == MPIDEV_ANSWER_REVERSE)
    {
      serve_reverse (md, m.tag);
      rc = mpidev_recv (&a, sizeof a, md->rank, m.tag, true);
      if (rc != 0)
	lost_device (md, rc, "running a region");
    }
  if (a.status != 0)
    {
      gt_plugin_error ("device %d (MPI rank %d): no function %d in host "
		       "table %d", (int) q->dev->number, md->rank,
		       (int) m.index, (int) m.table);
      return 1;
    }
  return 0;
}

/* At the exit of rank 0, after the front end's own exit handler (which
   was registered later) and the program's (whose MPI_Finalize does
   nothing: mpi-intercept.c): stop the serving ranks, then MPI.  */
static void
stop_ranks (void)
{
  struct mpidev_msg m = { .op = MPIDEV_STOP };
  int r;

  if (__atomic_load_n (&lost, __ATOMIC_ACQUIRE))
    return;
  gt_plugin_debug ("MPI rank 0 carried %llu bytes of data to its devices "
		   "and %llu bytes from them",
		   (unsigned long long) __atomic_load_n (&carried_to,
							 __ATOMIC_RELAXED),
		   (unsigned long long) __atomic_load_n (&carried_from,
							 __ATOMIC_RELAXED));
  for (r = 1; r < mpidev_size; r++)
    mpidev_lib.Send (&m, sizeof m, MPI_BYTE, r, MPIDEV_TAG_REQUEST, mpidev_comm);
  mpidev_lib.Comm_free (&mpidev_comm);
  mpidev_lib.Finalize ();
}

int32_t
__tgt_rtl_serve_program (int32_t num_images,
			 __tgt_device_image *const *images)
{
  int32_t i;
  int t;

  gt_plugin_init_common (gtc_vendor.name);
  switch (mpidev_start (num_images, images))
    {
    case 1:
      mpidev_serve ();
    case 0:
      break;
    default:
      mpidev_size = 0;
      return GT_RTL_SUCCESS;
    }
  if (mpidev_size < 1)
    return GT_RTL_SUCCESS;
  /* MPI is the plugin's, the program's MPI_Finalize a stand-in: finalise
     it at the end, with no device (mpirun -n 1) as well.  */
  atexit (stop_ranks);
  if (mpidev_size < 2)
    return GT_RTL_SUCCESS;
  first_images = calloc (mpidev_num_tables, sizeof *first_images);
  if (first_images == NULL)
    {
      gt_plugin_error ("out of host memory");
      mpidev_lib.Abort (MPI_COMM_WORLD, 1);
    }
  for (i = 0; i < num_images; i++)
    {
      const struct gt_gcc_image *d = images[i]->ImageStart;
      t = mpidev_table_index (d->host_table);
      if (first_images[t] == NULL)
	first_images[t] = d;
    }
  return GT_RTL_SUCCESS;
}

const struct gtc_vendor gtc_vendor = {
  .name = "mpi",
  .target_type = GT_ANY_TARGET_TYPE,
  .caps = 0,
  .requires_supported = GT_REQUIRES_REVERSE_OFFLOAD,
  .device_size = sizeof (struct mpidev_device),
  .queue_size = sizeof (struct gtc_queue),
  .image_size = sizeof (struct gtc_image),
  .hardware_queues = false,
  .probe = mpi_probe,
  .init_device = mpi_init_device,
  .image_ok = mpi_image_ok,
  .load_image = mpi_load_image,
  .find_kernel = mpi_find_kernel,
  .find_variable = mpi_find_variable,
  .rev_fn_table = mpi_rev_fn_table,
  .mem_alloc = mpi_mem_alloc,
  .mem_free = mpi_mem_free,
  .copy = mpi_copy,
  .launch = mpi_launch
};
