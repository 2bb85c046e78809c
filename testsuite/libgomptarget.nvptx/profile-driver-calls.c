/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin makes no driver call of its
   own per region: on a GPU each costs microseconds (the CUDA events that
   timed the two copies of a region mapping a scalar cost an H100 14 to
   16 us a region, a host function behind an operation tens).  The
   program runs waited regions mapping a scalar, then a chain of nowait
   regions each depending on the one before; it calls cuDriverGetVersion
   before and after the last MANY waited regions and the chain, to mark
   them in the emulated driver's trace of its API calls.  It runs
   untraced, traced, traced with GOMPTARGET_PROFILE_DEVICE_TIMES=0 and
   traced with GOMPTARGET_PROFILE_DEVICE_TIMES=all, then untraced again
   (the larger of the chain's two untraced counts is its base; where the
   chain traced makes more, a round or two more of both).  Per
   region traced, the waited regions must make the calls they make
   untraced, the chain no more than untraced give or take the host
   functions by which the core learns that nowait work is done (their
   number depends on timing), except with "all" (the copies' events).
   The default trace still has each copy on the stream's track, ending
   where the stream was next seen past it: a copy to the device before
   its kernel's start by the kernel's clock, a copy back inside its
   region; and each kernel's times by its own clock.  On a real GPU (the
   GPU kit) there is no driver trace: the trace alone is checked.  */

#include <dlfcn.h>
#include "../libgomptarget.profile/trace-check.h"

#define FEW 20
#define MANY 100
/* Microseconds: the kernel's clock is set against the host's by a
   probe, within a few microseconds.  */
#define SLACK_US 20.0
/* More rounds of the chain, at most, where its counts disagree.  */
#define RETRIES 2
/* Hundredths of a driver call per region: how many more the chain may
   make traced than untraced (the host functions that tell the core that
   nowait work is done, whose number depends on timing).  */
#define CHAIN_MORE 150

/* A call of the driver's that the plugin does not make per region: a
   mark in the emulated driver's trace.  */
static void
mark (void)
{
  void *lib = dlopen ("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  int (*version) (int *)
    = lib ? (int (*) (int *)) dlsym (lib, "cuDriverGetVersion") : NULL;
  int v;

  if (version != NULL)
    version (&v);
}

static void
work (void)
{
  long x = 0;

  for (int i = 0; i < FEW + MANY; i++)
    {
      if (i == FEW)
	mark ();
      #pragma omp target map(tofrom: x)
      x++;
    }
  mark ();
  if (x != FEW + MANY)
    fail ("x is %ld, not %d", x, FEW + MANY);
}

/* A chain of MANY nowait regions, each depending on the one before.  */
static void
chain (void)
{
  long x = 0;

  #pragma omp parallel num_threads (2)
  #pragma omp single
  {
    mark ();
    for (int i = 0; i < MANY; i++)
      {
	#pragma omp target nowait map(tofrom: x) depend(inout: x)
	x++;
      }
    #pragma omp taskwait
    mark ();
  }
  if (x != MANY)
    fail ("x is %ld, not %d", x, MANY);
}

static char driver_trace[512];

/* The driver's API calls per region, in hundredths, of the child with
   GOMPTARGET_PROFILE_DEVICE_TIMES=TIMES (NULL: unset), traced into
   PROFILE unless NULL: of the waited regions in *WAITED, of the chain in
   *CHAIN; false without a driver trace (a real GPU).  */
static bool
per_region (const char *times, const char *profile, long *waited,
	    long *chain)
{
  const char *text, *s, *marks[4] = { NULL, NULL, NULL, NULL };
  long c[2] = { 0, 0 };

  unlink (driver_trace);
  setenv ("GOMPTARGET_EMUL_CUDA_TRACE", driver_trace, 1);
  setenv ("GOMPTARGET_EMUL_CUDA_TRACE_CALLS", "1", 1);
  if (times != NULL)
    setenv ("GOMPTARGET_PROFILE_DEVICE_TIMES", times, 1);
  else
    unsetenv ("GOMPTARGET_PROFILE_DEVICE_TIMES");
  if (profile != NULL)
    setenv ("GOMPTARGET_PROFILE", profile, 1);
  run_child ("GT_TEST_CHILD", "1");
  unsetenv ("GOMPTARGET_PROFILE");
  unsetenv ("GOMPTARGET_EMUL_CUDA_TRACE_CALLS");
  if (access (driver_trace, R_OK) != 0)
    return false;
  text = read_file (driver_trace);
  unlink (driver_trace);
  /* The last four: the plugin calls it as it starts.  */
  for (s = text; (s = strstr (s, "call cuDriverGetVersion")) != NULL; s++)
    {
      memmove (marks, marks + 1, 3 * sizeof marks[0]);
      marks[3] = s;
    }
  if (marks[0] == NULL)
    fail ("the marks are not in the emulated driver's trace");
  for (int k = 0; k < 2; k++)
    for (s = marks[2 * k] + 1; (s = strstr (s, "call cu")) != NULL
			       && s < marks[2 * k + 1]; s++)
      c[k]++;
  *waited = c[0] * 100 / MANY;
  *chain = c[1] * 100 / MANY;
  free ((void *) text);
  return true;
}

/* Fail unless CALLS (hundredths) is at most MORE more than BASE.  */
static void
check_calls (const char *what, long calls, long base, long more)
{
  if (calls > base + more)
    fail ("%s: %ld.%02ld driver calls per region, not %ld.%02ld as "
	  "untraced", what, calls / 100, calls % 100, base / 100, base % 100);
}

/* The spans of category CAT named NAME, by their starts: N of them, or
   at least N if AT_LEAST.  */
static const struct jval **
spans (const struct jval *t, const char *cat, const char *name, int n,
       bool at_least)
{
  int k;
  const struct jval **s = spans_by_start (t, cat, name, &k);

  if (at_least ? k < n : k != n)
    fail ("%d spans %s of category %s, not %s%d", k, name, cat,
	  at_least ? "at least " : "", n);
  return s;
}

int
main (int argc, char **argv)
{
  char path[512];
  const struct jval **to, **from, **kernels, **regions;
  struct jval *t;
  long untraced, traced, none, all;
  long chain_untraced, chain_traced, chain_none, chain_all;
  long again, chain_again;
  int i;

  (void) argv;
  if (argc > 1)
    {
      work ();
      chain ();
      return 0;
    }
  snprintf (driver_trace, sizeof driver_trace, "%s/gt-profile-calls-%d.trace",
	    tmp_dir (), (int) getpid ());
  snprintf (path, sizeof path, "%s/gt-profile-calls-%d.json", tmp_dir (),
	    (int) getpid ());
  if (per_region (NULL, NULL, &untraced, &chain_untraced))
    {
      per_region (NULL, path, &traced, &chain_traced);
      per_region ("0", path, &none, &chain_none);
      per_region ("all", path, &all, &chain_all);
      /* The chain untraced once more, last: its calls vary with timing
	 from one run to the next (under ThreadSanitizer by more than one
	 a region), and the larger count is the one to compare with.  */
      if (per_region (NULL, NULL, &again, &chain_again)
	  && chain_again > chain_untraced)
	chain_untraced = chain_again;
      /* On a busy machine more may be needed: up to RETRIES more rounds
	 of the chain while it makes more calls traced, the fewest traced
	 and the most untraced counting.  */
      for (i = 0;
	   i < RETRIES && (chain_traced > chain_untraced + CHAIN_MORE
			   || chain_none > chain_untraced + CHAIN_MORE);
	   i++)
	{
	  per_region (NULL, NULL, &again, &chain_again);
	  if (chain_again > chain_untraced)
	    chain_untraced = chain_again;
	  per_region (NULL, path, &again, &chain_again);
	  if (chain_again < chain_traced)
	    chain_traced = chain_again;
	  per_region ("0", path, &again, &chain_again);
	  if (chain_again < chain_none)
	    chain_none = chain_again;
	}
      printf ("driver calls per region in hundredths, waited / chain: "
	      "untraced %ld / %ld, traced %ld / %ld, device times off "
	      "%ld / %ld, all device times %ld / %ld\n", untraced,
	      chain_untraced, traced, chain_traced, none, chain_none, all,
	      chain_all);
      /* A waited region makes the same calls each time; the calls of
	 the chain depend on how soon the host learns that the device
	 is done, a host function's worth either way.  */
      check_calls ("waited, traced", traced, untraced, 0);
      check_calls ("waited, traced without the device's times", none,
		   untraced, 0);
      check_calls ("chain, traced", chain_traced, chain_untraced,
		   CHAIN_MORE);
      check_calls ("chain, traced without the device's times", chain_none,
		   chain_untraced, CHAIN_MORE);
      if (all < untraced + 200)
	fail ("%ld.%02ld driver calls per region with the copies' times, "
	      "not at least two events more than %ld.%02ld", all / 100,
	      all % 100, untraced / 100, untraced % 100);
    }

  /* The default trace.  */
  unsetenv ("GOMPTARGET_EMUL_CUDA_TRACE");
  unsetenv ("GOMPTARGET_PROFILE_DEVICE_TIMES");
  t = child_trace ("calls");
  check_events (t);
  regions = spans (t, "region", "work._omp_fn.*", FEW + MANY, false);
  kernels = spans (t, "device", "work._omp_fn.*", FEW + MANY, false);
  /* The waited regions' first, then the chain's.  */
  to = spans (t, "queue", "copy to device", FEW + MANY, true);
  from = spans (t, "queue", "copy from device", FEW + MANY, true);
  if ((i = count_spans (t, "device", "chain._omp_fn.*")) != MANY)
    fail ("%d kernels of the chain by the device's clock, not %d", i, MANY);
  if ((i = count_spans (t, "device", "copy*")) != 0)
    fail ("%d copies by the device's clock, asked for none", i);
  check_copies_around_kernels ("default trace", to, from, kernels, regions,
			       FEW + MANY, SLACK_US);
  printf ("trace: ok\n");
  free ((void *) to);
  free ((void *) from);
  free ((void *) kernels);
  free ((void *) regions);
  jfree (t);
  return 0;
}

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
