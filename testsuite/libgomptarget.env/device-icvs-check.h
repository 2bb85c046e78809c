/* device-icvs-check.h -- the body of the tests of the ICVs of device
   scope on every kind of device (this folder's device-icvs-*.c for the
   emulated device, libgomptarget.nvptx/icvs-env-*.c and
   libgomptarget.gcn/icvs-env-*.c for the emulated GPUs): a region on
   each device sees the nteams-var, teams-thread-limit-var,
   thread-limit-var and default-device-var that the environment gives it
   by GCC 13's rules -- the first of OMP_<ICV>_DEV_<n>, OMP_<ICV>_DEV and
   OMP_<ICV>_ALL that is set, never the host's form without a suffix --
   and a teams construct without clauses gets them.

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#ifndef DEVICE_ICVS_CHECK_H
#define DEVICE_ICVS_CHECK_H

#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int icv_failures;

static void
icv_expect (const char *what, int device, int got, int want)
{
  if (got == want)
    return;
  fprintf (stderr, "FAIL: device %d: %s is %d, not %d\n", device, what, got,
	   want);
  icv_failures++;
}

/* The value of OMP_<ICV><SUFFIX>, or -1 when it is not set.  */
static int
icv_env (const char *icv, const char *suffix)
{
  char name[64];
  const char *s;

  snprintf (name, sizeof name, "OMP_%s%s", icv, suffix);
  s = getenv (name);
  return s ? atoi (s) : -1;
}

/* What device DEVICE's ICV is by GCC 13's rules, or DEFLT.  */
static int
icv_want (const char *icv, int device, int deflt)
{
  char suffix[32];
  int v;

  snprintf (suffix, sizeof suffix, "_DEV_%d", device);
  if ((v = icv_env (icv, suffix)) >= 0
      || (v = icv_env (icv, "_DEV")) >= 0
      || (v = icv_env (icv, "_ALL")) >= 0)
    return v;
  return deflt;
}

/* Check the ICVs of device scope on devices 0 to NDEVICES - 1; GPU says
   they are GPUs (whose thread limit without one set is the plugin's
   choice).  Returns the number of failures.  */
static int
check_device_icvs (int ndevices, int gpu)
{
  int d, host_dd = icv_env ("DEFAULT_DEVICE", "");

  if (host_dd < 0)
    host_dd = icv_env ("DEFAULT_DEVICE", "_ALL");
  icv_expect ("the host's default device", -1, omp_get_default_device (),
	      host_dd < 0 ? 0 : host_dd);
  for (d = 0; d < ndevices; d++)
    {
      int nt = -1, ttl = -1, tl = -1, dd = -1, num = -1, threads = -1;
      int teams = -1, teams_tl = -1, teams_threads = -1;
      int want_nt = icv_want ("NUM_TEAMS", d, 0);
      int want_ttl = icv_want ("TEAMS_THREAD_LIMIT", d, 0);
      int want_tl = icv_want ("THREAD_LIMIT", d, gpu ? -1 : INT_MAX);
      int routines = 1;

#pragma omp target device(d) map(from: nt, ttl, tl, dd, num, threads)
      {
	nt = omp_get_max_teams ();
	ttl = omp_get_teams_thread_limit ();
	tl = omp_get_thread_limit ();
	dd = omp_get_default_device ();
	num = omp_get_device_num ();
#pragma omp parallel num_threads(8)
#pragma omp master
	threads = omp_get_num_threads ();
      }
      icv_expect ("omp_get_device_num ()", d, num, d);
#if __GNUC__ < 13
      /* A GCC 12 image's device runtime has no variable for these three
	 (it answers 0 on a GPU; the emulated GPUs run the host code, which
	 asks gomptarget), so only the launch conveys them.  And GCC 12
	 passes a region without a teams construct as one with
	 num_teams(1): a GPU's launch gives it teams-thread-limit-var.  */
      if (gpu)
	{
	  routines = 0;
	  if (want_ttl > 0)
	    want_tl = want_ttl;
	}
#endif
      if (routines)
	{
	  icv_expect ("omp_get_max_teams ()", d, nt, want_nt);
	  icv_expect ("omp_get_teams_thread_limit ()", d, ttl, want_ttl);
	  icv_expect ("omp_get_default_device ()", d, dd,
		      icv_want ("DEFAULT_DEVICE", d, 0));
	}
      if (want_tl >= 0)
	icv_expect ("omp_get_thread_limit () of a region", d, tl, want_tl);
      if (threads < 1 || threads > tl)
	icv_expect ("the threads of a parallel region", d, threads, tl);

#pragma omp target teams device(d) map(from: teams, teams_tl, teams_threads)
#pragma omp parallel num_threads(8)
      if (omp_get_team_num () == 0 && omp_get_thread_num () == 0)
	{
	  teams = omp_get_num_teams ();
	  teams_tl = omp_get_thread_limit ();
	  teams_threads = omp_get_num_threads ();
	}
      if (want_nt > 0)
	icv_expect ("omp_get_num_teams () of a teams construct", d, teams,
		    want_nt);
      want_tl = want_ttl > 0 ? want_ttl : icv_want ("THREAD_LIMIT", d, -1);
      if (want_tl > 0)
	icv_expect ("omp_get_thread_limit () in a team", d, teams_tl,
		    want_tl);
      if (teams_threads < 1 || teams_threads > teams_tl)
	icv_expect ("the threads of a team's parallel region", d,
		    teams_threads, teams_tl);
    }
  if (icv_failures == 0)
    printf ("device ICVs ok on %d device(s)\n", ndevices);
  return icv_failures;
}

#endif /* DEVICE_ICVS_CHECK_H */
