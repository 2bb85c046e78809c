/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the OMPT test of nowait regions inside a team (where they
   are target tasks whose completion the device reports, perhaps on
   another thread): 8 regions, each with map(tofrom:) of an array of its
   own, from a single construct, waited for by taskwait.  Each region
   must have one begin and one end of kind ompt_target_nowait on device
   0, its end after its begin, and between them one copy of its array
   each way and one launch, with the region's target_data.  */

#include "ompt-tool.h"

#include <omp.h>

#define NR 8
#define M (32 * 1024)

static int arr[NR][M];

int
main (void)
{
  struct ompt_log *log = ompt_test_log ();
  int r, i, j, begins = 0, failed = 0;

#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (r = 0; r < NR; r++)
      {
#pragma omp target nowait map(tofrom: arr[r]) firstprivate(r)
	for (int k = 0; k < M; k++)
	  arr[r][k] += r;
      }
#pragma omp taskwait
  }
  for (r = 0; r < NR; r++)
    if (arr[r][M - 1] != r)
      {
	printf ("FAIL: region %d did not run\n", r);
	return 1;
      }
  pthread_mutex_lock (&log->lock);
  for (i = 0; i < log->n; i++)
    {
      struct ompt_event *e = &log->ev[i];
      int ends = 0, to = 0, from = 0, submits = 0;

      if (e->cb != ompt_callback_target_emi || e->endpoint != ompt_scope_begin)
	continue;
      begins++;
      if (e->kind != ompt_target_nowait || e->dev != 0)
	{
	  printf ("FAIL: construct of kind %d on device %d\n", e->kind, e->dev);
	  failed = 1;
	}
      for (j = i + 1; j < log->n; j++)
	{
	  struct ompt_event *f = &log->ev[j];
	  if (f->target_data != e->target_data || f->mark != e->mark)
	    continue;
	  if (f->cb == ompt_callback_target_emi)
	    {
	      if (f->endpoint == ompt_scope_end && f->kind == e->kind)
		ends++;
	      break;
	    }
	  if (f->cb == ompt_callback_target_submit_emi
	      && f->endpoint == ompt_scope_begin)
	    submits++;
	  if (f->cb == ompt_callback_target_data_op_emi
	      && f->endpoint == ompt_scope_begin && f->bytes == sizeof arr[0])
	    {
	      if (f->kind == ompt_target_data_transfer_to_device)
		to++;
	      else if (f->kind == ompt_target_data_transfer_from_device)
		from++;
	    }
	}
      if (ends != 1 || to != 1 || from != 1 || submits != 1)
	{
	  printf ("FAIL: construct at event %d: %d end(s), %d/%d copies, "
		  "%d launch(es)\n", i, ends, to, from, submits);
	  failed = 1;
	}
    }
  pthread_mutex_unlock (&log->lock);
  if (begins != NR)
    {
      printf ("FAIL: %d constructs, not %d\n", begins, NR);
      failed = 1;
    }
  if (!failed)
    printf ("nowait team: ok\n");
  return failed;
}
