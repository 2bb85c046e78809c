/* ompt-regions.c -- an OMPT tool that prints, at exit, a table of the
   program's target constructs: per construct (where the program
   encountered it) and device, how many ran, their time, the bytes
   copied each way and the kernels launched.  Build it as a library and
   name it in OMP_TOOL_LIBRARIES:
     gcc -O2 -fPIC -shared -I<includedir>/gomptarget ompt-regions.c \
       -o libompt-regions.so
     OMP_TOOL_LIBRARIES=./libompt-regions.so ./program
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <omp-tools.h>

/* One row of the table.  */
struct row
{
  const void *codeptr;		/* Where the construct is; NULL: nowait.  */
  int kind, device;
  unsigned long count, launches;
  unsigned long long ns, to, from;
};

#define MAX_ROWS 256

static struct row rows[MAX_ROWS];
static int nrows;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned long long
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (unsigned long long) ts.tv_sec * 1000000000ull
	 + (unsigned long long) ts.tv_nsec;
}

/* The row of a construct, made on first sight; the lock held.  */
static struct row *
row_of (const void *codeptr, int kind, int device)
{
  int i;

  for (i = 0; i < nrows; i++)
    if (rows[i].codeptr == codeptr && rows[i].kind == kind
	&& rows[i].device == device)
      return &rows[i];
  if (nrows == MAX_ROWS)
    return NULL;
  rows[nrows] = (struct row) { codeptr, kind, device, 0, 0, 0, 0, 0 };
  return &rows[nrows++];
}

/* A construct's target_data holds its row and start while it runs.  */
struct running
{
  struct row *row;
  unsigned long long start;
};

static void
on_target (ompt_target_t kind, ompt_scope_endpoint_t endpoint,
	   int device_num, ompt_data_t *task_data,
	   ompt_data_t *target_task_data, ompt_data_t *target_data,
	   const void *codeptr_ra)
{
  struct running *r;

  (void) task_data;
  (void) target_task_data;
  if (endpoint == ompt_scope_begin)
    {
      r = malloc (sizeof *r);
      if (r != NULL)
	{
	  pthread_mutex_lock (&lock);
	  r->row = row_of (codeptr_ra, kind, device_num);
	  pthread_mutex_unlock (&lock);
	  r->start = now_ns ();
	}
      target_data->ptr = r;
      return;
    }
  r = target_data->ptr;
  if (r == NULL)
    return;
  pthread_mutex_lock (&lock);
  if (r->row != NULL)
    {
      r->row->count++;
      r->row->ns += now_ns () - r->start;
    }
  pthread_mutex_unlock (&lock);
  free (r);
  target_data->ptr = NULL;
}

static void
on_data_op (ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
	    ompt_data_t *target_data, ompt_id_t *host_op_id,
	    ompt_target_data_op_t optype, void *src_addr, int src_device_num,
	    void *dest_addr, int dest_device_num, size_t bytes,
	    const void *codeptr_ra)
{
  struct running *r = target_data ? target_data->ptr : NULL;

  (void) target_task_data; (void) host_op_id; (void) src_addr;
  (void) src_device_num; (void) dest_addr; (void) dest_device_num;
  (void) codeptr_ra;
  if (endpoint != ompt_scope_end || r == NULL || r->row == NULL)
    return;
  pthread_mutex_lock (&lock);
  if (optype == ompt_target_data_transfer_to_device)
    r->row->to += bytes;
  else if (optype == ompt_target_data_transfer_from_device)
    r->row->from += bytes;
  pthread_mutex_unlock (&lock);
}

static void
on_submit (ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
	   ompt_id_t *host_op_id, unsigned int requested_num_teams)
{
  struct running *r = target_data ? target_data->ptr : NULL;

  (void) host_op_id; (void) requested_num_teams;
  if (endpoint != ompt_scope_begin || r == NULL || r->row == NULL)
    return;
  pthread_mutex_lock (&lock);
  r->row->launches++;
  pthread_mutex_unlock (&lock);
}

static const char *
kind_name (int kind)
{
  switch (kind)
    {
    case ompt_target: return "target";
    case ompt_target_enter_data: return "enter data";
    case ompt_target_exit_data: return "exit data";
    case ompt_target_update: return "update";
    case ompt_target_nowait: return "target nowait";
    case ompt_target_enter_data_nowait: return "enter data nowait";
    case ompt_target_exit_data_nowait: return "exit data nowait";
    case ompt_target_update_nowait: return "update nowait";
    default: return "?";
    }
}

static int
initialize (ompt_function_lookup_t lookup, int initial_device_num,
	    ompt_data_t *tool_data)
{
  ompt_set_callback_t set
    = (ompt_set_callback_t) lookup ("ompt_set_callback");

  (void) initial_device_num;
  (void) tool_data;
  if (set == NULL
      || set (ompt_callback_target_emi, (ompt_callback_t) on_target)
	 != ompt_set_always)
    return 0;
  set (ompt_callback_target_data_op_emi, (ompt_callback_t) on_data_op);
  set (ompt_callback_target_submit_emi, (ompt_callback_t) on_submit);
  return 1;
}

static void
finalize (ompt_data_t *tool_data)
{
  int i;

  (void) tool_data;
  fprintf (stderr, "ompt-regions: %-28s %-17s %6s %6s %10s %10s %10s %8s\n",
	   "construct at", "kind", "device", "count", "time (us)",
	   "bytes to", "bytes from", "launches");
  for (i = 0; i < nrows; i++)
    {
      struct row *r = &rows[i];
      char where[64];
      Dl_info info;

      if (r->codeptr == NULL)
	snprintf (where, sizeof where, "(a target task)");
      else if (dladdr (r->codeptr, &info) && info.dli_sname != NULL)
	snprintf (where, sizeof where, "%s+%#lx", info.dli_sname,
		  (unsigned long) ((const char *) r->codeptr
				   - (const char *) info.dli_saddr));
      else if (info.dli_fname != NULL)
	/* For addr2line -e FILE OFFSET.  */
	snprintf (where, sizeof where, "%s+%#lx",
		  strrchr (info.dli_fname, '/') ? strrchr (info.dli_fname, '/')
						  + 1 : info.dli_fname,
		  (unsigned long) ((const char *) r->codeptr
				   - (const char *) info.dli_fbase));
      else
	snprintf (where, sizeof where, "%p", r->codeptr);
      fprintf (stderr,
	       "ompt-regions: %-28s %-17s %6d %6lu %10.1f %10llu %10llu %8lu\n",
	       where, kind_name (r->kind), r->device, r->count, r->ns / 1e3,
	       r->to, r->from, r->launches);
    }
}

ompt_start_tool_result_t *
ompt_start_tool (unsigned int omp_version, const char *runtime_version)
{
  static ompt_start_tool_result_t result = { initialize, finalize, { 0 } };

  (void) omp_version;
  (void) runtime_version;
  return &result;
}
