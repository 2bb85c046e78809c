/* cuda-calls.c -- what the CUDA driver's calls that the nvptx plugin
   makes per operation cost the host, one by one: an empty kernel's
   launch (waited for, and in batches), the events around each launch
   that GOMPTARGET_PROFILE records (two per launch, or one per
   boundary), their queries and conversions, and a host function; and a
   waited region that maps a scalar as the plugin runs it (a copy of 8
   bytes to the device from pinned staging memory, the launch, the copy
   back, the synchronisation), without and with the four events that
   time its copies under GOMPTARGET_PROFILE.  No
   OpenMP: the driver alone (dlopen of libcuda.so.1, or of the library
   named by $CUDA_LIB), so that the figures are the driver's and the
   plugin's choices can be weighed against them.  Built and run by the
   real-GPU kit (contrib/gpu-kit); also runs on the emulated driver,
   which runs the kernel as the host function of the same name below.

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: cuda-calls [CALLS [REPETITIONS]]
   Prints per repetition "rep NAME NS": nanoseconds per call (or per
   launch, for the rows of launches), CALLS calls a repetition (default
   2000); then "skip NAME: WHY" for a row it could not measure.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUstream, *CUevent;
typedef unsigned long long CUdeviceptr;
typedef void (*host_fn) (void *);

#define CU_EVENT_DEFAULT 0
#define CU_EVENT_DISABLE_TIMING 2
#define CU_STREAM_NON_BLOCKING 1
#define BATCH 64

/* The driver's entry points used here, by their versioned names.  */
static struct
{
  CUresult (*init) (unsigned);
  CUresult (*device_get) (int *, int);
  CUresult (*primary_retain) (CUcontext *, int);
  CUresult (*ctx_set) (CUcontext);
  CUresult (*ctx_get) (CUcontext *);
  CUresult (*stream_create) (CUstream *, unsigned);
  CUresult (*stream_query) (CUstream);
  CUresult (*stream_sync) (CUstream);
  CUresult (*event_create) (CUevent *, unsigned);
  CUresult (*event_record) (CUevent, CUstream);
  CUresult (*event_query) (CUevent);
  CUresult (*event_sync) (CUevent);
  CUresult (*event_elapsed) (float *, CUevent, CUevent);
  CUresult (*module_load) (CUmodule *, const void *);
  CUresult (*module_function) (CUfunction *, CUmodule, const char *);
  CUresult (*launch) (CUfunction, unsigned, unsigned, unsigned, unsigned,
		      unsigned, unsigned, unsigned, CUstream, void **,
		      void **);
  CUresult (*host_func) (CUstream, host_fn, void *);
  CUresult (*mem_alloc) (CUdeviceptr *, size_t);
  CUresult (*mem_host_alloc) (void **, size_t, unsigned);
  CUresult (*copy_to) (CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*copy_from) (void *, CUdeviceptr, size_t, CUstream);
} cu;

static const char ptx[] =
  ".version 7.0\n"
  ".target sm_70\n"
  ".address_size 64\n"
  ".visible .entry gt_bench_empty ()\n"
  "{\n"
  "  ret;\n"
  "}\n";

static long calls = 2000, reps = 5;
static CUstream stream;
static CUfunction kernel;
static CUevent ev[2 * BATCH + 1];
/* A scalar's device copy and the pinned staging memory of its copies.  */
static CUdeviceptr scalar_dev;
static char *staging;

static double
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void
check (CUresult r, const char *what)
{
  if (r != 0)
    {
      fprintf (stderr, "cuda-calls: %s failed: CUDA error %d\n", what, r);
      exit (1);
    }
}

static void *
sym (void *lib, const char *name)
{
  void *p = dlsym (lib, name);

  if (p == NULL)
    {
      fprintf (stderr, "cuda-calls: the driver lacks %s\n", name);
      exit (1);
    }
  return p;
}

static void
nothing (void *unused)
{
  (void) unused;
}

/* The kernel's host version, which the emulated driver runs in its
   place (found by name in the program's symbol table).  */
void gt_bench_empty (void *);

void
gt_bench_empty (void *unused)
{
  (void) unused;
}

static void
launch (void)
{
  check (cu.launch (kernel, 1, 1, 1, 1, 1, 1, 0, stream, NULL, NULL),
	 "cuLaunchKernel");
}

/* The rows: each runs N operations and returns their count.  */

static long
row_ctx_get (long n)
{
  CUcontext c;

  for (long i = 0; i < n; i++)
    check (cu.ctx_get (&c), "cuCtxGetCurrent");
  return n;
}

static long
row_stream_query (long n)
{
  for (long i = 0; i < n; i++)
    check (cu.stream_query (stream), "cuStreamQuery");
  return n;
}

static long
row_record_idle (long n)
{
  for (long i = 0; i < n; i++)
    check (cu.event_record (ev[0], stream), "cuEventRecord");
  check (cu.stream_sync (stream), "cuStreamSynchronize");
  return n;
}

static long
row_query_done (long n)
{
  check (cu.event_record (ev[0], stream), "cuEventRecord");
  check (cu.event_sync (ev[0]), "cuEventSynchronize");
  for (long i = 0; i < n; i++)
    check (cu.event_query (ev[0]), "cuEventQuery");
  return n;
}

static long
row_elapsed (long n)
{
  float ms;

  check (cu.event_record (ev[0], stream), "cuEventRecord");
  check (cu.event_record (ev[1], stream), "cuEventRecord");
  check (cu.event_sync (ev[1]), "cuEventSynchronize");
  for (long i = 0; i < n; i++)
    check (cu.event_elapsed (&ms, ev[0], ev[1]), "cuEventElapsedTime");
  return n;
}

static long
row_host_fn_batch (long n)
{
  for (long i = 0; i < n; i++)
    {
      check (cu.host_func (stream, nothing, NULL), "cuLaunchHostFunc");
      if (i % BATCH == BATCH - 1)
	check (cu.stream_sync (stream), "cuStreamSynchronize");
    }
  check (cu.stream_sync (stream), "cuStreamSynchronize");
  return n;
}

static long
row_launch_waited (long n)
{
  for (long i = 0; i < n; i++)
    {
      launch ();
      check (cu.stream_sync (stream), "cuStreamSynchronize");
    }
  return n;
}

/* A waited launch with the events of a trace: EVENTS 2, one before and
   one after; 1, one after (the one before being the last one's).  Then
   the conversions of their times, as the trace reads them.  */
static long
launch_waited_events (long n, int events)
{
  float ms;

  check (cu.event_record (ev[0], stream), "cuEventRecord");
  for (long i = 0; i < n; i++)
    {
      CUevent before = ev[i & 1], after = ev[(i + 1) & 1];

      if (events == 2)
	{
	  before = ev[2];
	  check (cu.event_record (before, stream), "cuEventRecord");
	}
      launch ();
      check (cu.event_record (after, stream), "cuEventRecord");
      check (cu.stream_sync (stream), "cuStreamSynchronize");
      check (cu.event_elapsed (&ms, before, after), "cuEventElapsedTime");
    }
  return n;
}

static long
row_launch_waited_ev2 (long n)
{
  return launch_waited_events (n, 2);
}

static long
row_launch_waited_ev1 (long n)
{
  return launch_waited_events (n, 1);
}

/* Launches in batches of BATCH, then a synchronisation; with EVENTS
   per launch recorded as the trace does (2: before and after each; 1:
   after each, the one before being the last one's).  */
static long
launch_batches (long n, int events)
{
  float ms;
  long done = 0;

  while (done < n)
    {
      if (events != 0)
	check (cu.event_record (ev[0], stream), "cuEventRecord");
      for (int j = 0; j < BATCH; j++)
	{
	  if (events == 2)
	    check (cu.event_record (ev[2 * j + 1], stream), "cuEventRecord");
	  launch ();
	  if (events != 0)
	    check (cu.event_record (ev[2 * j + 2], stream), "cuEventRecord");
	}
      check (cu.stream_sync (stream), "cuStreamSynchronize");
      for (int j = 0; events != 0 && j < BATCH; j++)
	check (cu.event_elapsed (&ms, ev[events == 2 ? 2 * j + 1 : 2 * j],
				 ev[2 * j + 2]), "cuEventElapsedTime");
      done += BATCH;
    }
  return done;
}

static long
row_launch_batch (long n)
{
  return launch_batches (n, 0);
}

static long
row_launch_batch_ev2 (long n)
{
  return launch_batches (n, 2);
}

static long
row_launch_batch_ev1 (long n)
{
  return launch_batches (n, 1);
}

/* A waited region that maps a scalar tofrom, as the nvptx plugin runs
   it on an idle stream: the stream asked before each copy, the data
   through pinned staging memory.  EVENTS 4: with the events that time
   the two copies under GOMPTARGET_PROFILE (the kernel times itself),
   each converted once from the one before.  */
static long
region_with_copies (long n, int events)
{
  long x = 0;
  float ms;
  /* Two sets of four events by turns: a region's first is converted
     from the last of the region before, as the plugin does.  */
  CUevent prev = ev[8];

  if (events)
    check (cu.event_record (prev, stream), "cuEventRecord");
  for (long i = 0; i < n; i++)
    {
      CUevent *e = &ev[(i & 1) * 4];

      cu.stream_query (stream);
      memcpy (staging, &x, sizeof x);
      if (events)
	check (cu.event_record (e[0], stream), "cuEventRecord");
      check (cu.copy_to (scalar_dev, staging, sizeof x, stream),
	     "cuMemcpyHtoDAsync");
      if (events)
	check (cu.event_record (e[1], stream), "cuEventRecord");
      launch ();
      cu.stream_query (stream);
      if (events)
	check (cu.event_record (e[2], stream), "cuEventRecord");
      check (cu.copy_from (staging + 64, scalar_dev, sizeof x, stream),
	     "cuMemcpyDtoHAsync");
      if (events)
	check (cu.event_record (e[3], stream), "cuEventRecord");
      check (cu.stream_sync (stream), "cuStreamSynchronize");
      memcpy (&x, staging + 64, sizeof x);
      x++;
      if (events)
	{
	  check (cu.event_elapsed (&ms, prev, e[0]), "cuEventElapsedTime");
	  check (cu.event_elapsed (&ms, e[0], e[1]), "cuEventElapsedTime");
	  check (cu.event_elapsed (&ms, e[1], e[2]), "cuEventElapsedTime");
	  check (cu.event_elapsed (&ms, e[2], e[3]), "cuEventElapsedTime");
	  prev = e[3];
	}
    }
  return n;
}

static long
row_region_copies (long n)
{
  return region_with_copies (n, 0);
}

static long
row_region_copies_ev4 (long n)
{
  return region_with_copies (n, 4);
}

static const struct row
{
  const char *name;
  long (*fn) (long);
  int needs_kernel;		/* 2: and device and pinned memory.  */
} rows[] = {
  { "cuCtxGetCurrent", row_ctx_get, 0 },
  { "cuStreamQuery-idle", row_stream_query, 0 },
  { "cuEventRecord-idle", row_record_idle, 0 },
  { "cuEventQuery-done", row_query_done, 0 },
  { "cuEventElapsedTime", row_elapsed, 0 },
  { "cuLaunchHostFunc-batch", row_host_fn_batch, 0 },
  { "launch-waited", row_launch_waited, 1 },
  { "launch-waited-2-events", row_launch_waited_ev2, 1 },
  { "launch-waited-1-event", row_launch_waited_ev1, 1 },
  { "launch-batch", row_launch_batch, 1 },
  { "launch-batch-2-events", row_launch_batch_ev2, 1 },
  { "launch-batch-1-event", row_launch_batch_ev1, 1 },
  { "region-copies-waited", row_region_copies, 2 },
  { "region-copies-waited-4-events", row_region_copies_ev4, 2 },
};

int
main (int argc, char **argv)
{
  const char *name = getenv ("CUDA_LIB");
  void *lib;
  CUcontext ctx;
  CUmodule mod;
  int dev, have_kernel, have_memory;

  if (argc > 1)
    calls = strtol (argv[1], NULL, 10);
  if (argc > 2)
    reps = strtol (argv[2], NULL, 10);
  if (calls < BATCH || reps < 1)
    {
      fprintf (stderr, "cuda-calls: CALLS must be %d or more, REPETITIONS "
	       "1 or more\n", BATCH);
      return 2;
    }
  if ((lib = dlopen (name != NULL ? name : "libcuda.so.1", RTLD_NOW)) == NULL)
    {
      fprintf (stderr, "cuda-calls: %s\n", dlerror ());
      return 1;
    }
  cu.init = sym (lib, "cuInit");
  cu.device_get = sym (lib, "cuDeviceGet");
  cu.primary_retain = sym (lib, "cuDevicePrimaryCtxRetain");
  cu.ctx_set = sym (lib, "cuCtxSetCurrent");
  cu.ctx_get = sym (lib, "cuCtxGetCurrent");
  cu.stream_create = sym (lib, "cuStreamCreate");
  cu.stream_query = sym (lib, "cuStreamQuery");
  cu.stream_sync = sym (lib, "cuStreamSynchronize");
  cu.event_create = sym (lib, "cuEventCreate");
  cu.event_record = sym (lib, "cuEventRecord");
  cu.event_query = sym (lib, "cuEventQuery");
  cu.event_sync = sym (lib, "cuEventSynchronize");
  cu.event_elapsed = sym (lib, "cuEventElapsedTime");
  cu.module_load = sym (lib, "cuModuleLoadData");
  cu.module_function = sym (lib, "cuModuleGetFunction");
  cu.launch = sym (lib, "cuLaunchKernel");
  cu.host_func = sym (lib, "cuLaunchHostFunc");
  cu.mem_alloc = sym (lib, "cuMemAlloc_v2");
  cu.mem_host_alloc = sym (lib, "cuMemHostAlloc");
  cu.copy_to = sym (lib, "cuMemcpyHtoDAsync_v2");
  cu.copy_from = sym (lib, "cuMemcpyDtoHAsync_v2");

  check (cu.init (0), "cuInit");
  check (cu.device_get (&dev, 0), "cuDeviceGet");
  check (cu.primary_retain (&ctx, dev), "cuDevicePrimaryCtxRetain");
  check (cu.ctx_set (ctx), "cuCtxSetCurrent");
  check (cu.stream_create (&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  for (size_t i = 0; i < sizeof ev / sizeof ev[0]; i++)
    check (cu.event_create (&ev[i], CU_EVENT_DEFAULT), "cuEventCreate");
  have_kernel = (cu.module_load (&mod, ptx) == 0
		 && cu.module_function (&kernel, mod, "gt_bench_empty") == 0
		 && cu.launch (kernel, 1, 1, 1, 1, 1, 1, 0, stream, NULL,
			       NULL) == 0
		 && cu.stream_sync (stream) == 0);
  have_memory = (cu.mem_alloc (&scalar_dev, 64) == 0
		 && cu.mem_host_alloc ((void **) &staging, 128, 0) == 0);

  for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
    {
      if (rows[r].needs_kernel == 2 && have_kernel && !have_memory)
	{
	  printf ("skip %s: no device or pinned memory\n", rows[r].name);
	  continue;
	}
      if (rows[r].needs_kernel && !have_kernel)
	{
	  printf ("skip %s: the driver does not run a PTX kernel of its own\n",
		  rows[r].name);
	  continue;
	}
      /* Warm up, then the repetitions.  */
      rows[r].fn (BATCH);
      for (long i = 0; i < reps; i++)
	{
	  double t0 = now_ns ();
	  long n = rows[r].fn (calls);

	  printf ("rep %s %.1f\n", rows[r].name, (now_ns () - t0) / n);
	}
    }
  return 0;
}
