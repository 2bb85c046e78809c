/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The log of the tests' OMPT tool (ompt-tool.h), which the tests
   read.  */

#ifndef OMPT_LOG_H
#define OMPT_LOG_H

#include "../../libgomp/omp-tools.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* What a callback said.  */
struct ompt_event
{
  int cb;			/* ompt_callback_*.  */
  int endpoint;			/* ompt_scope_*, 0 where none.  */
  int kind;			/* ompt_target_t, ompt_target_data_op_t.  */
  int dev, dev2;		/* Device numbers (src, dest).  */
  void *addr, *addr2;		/* Addresses (src, dest; host, device).  */
  size_t bytes;
  unsigned flags;		/* Map flags; requested teams.  */
  ompt_data_t *target_data;	/* The construct's...  */
  uint64_t mark;		/* ... and its value then.  */
  ompt_id_t op;			/* host_op_id.  */
  pthread_t thread;
};

#define OMPT_LOG_MAX 4096

struct ompt_log
{
  pthread_mutex_t lock;
  int n;
  int initial_device;
  int initialized, finalized, loads, unloads;
  struct ompt_event ev[OMPT_LOG_MAX];
};

#endif /* OMPT_LOG_H */
