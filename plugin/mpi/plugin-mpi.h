/* plugin-mpi.h -- internal interfaces of the MPI plugin: devices that are
   the other ranks of the program started with mpirun.  Rank 0 runs main;
   each other rank is one device, serving the requests of rank 0 (the
   client) on a communicator of the plugin's own.  Open MPI's library as
   the plugin opens it, the messages, the transport under them, and the
   two halves (plugin-mpi.c on rank 0, mpi-server.c on the serving
   ranks).

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

#ifndef GT_PLUGIN_MPI_H
#define GT_PLUGIN_MPI_H

#include "config.h"

#include "plugin-core.h"

#include <mpi.h>

/* Open MPI's libmpi, opened with dlopen (mpi-lib.c) only in a program
   started by mpirun, so that other programs do not load it and a machine
   without it has no device: its functions, called as mpidev_lib.NAME, and
   the predefined handles that mpi.h names as the addresses of libmpi's
   variables, looked up there and named as usual by the macros below.  */
struct mpidev_lib
{
#define MPIDEV_FN(NAME) __typeof__ (MPI_##NAME) *NAME;
#define MPIDEV_HANDLE(FIELD, TYPE, MACRO, SYMBOL) TYPE FIELD;
#include "mpi-lib.def"
#undef MPIDEV_FN
#undef MPIDEV_HANDLE
};

extern struct mpidev_lib mpidev_lib GTC_HIDDEN;

/* Open libmpi; false (said under GOMP_DEBUG) when it cannot be.  */
bool mpidev_lib_open (void) GTC_HIDDEN;

#undef MPI_COMM_WORLD
#define MPI_COMM_WORLD (mpidev_lib.comm_world)
#undef MPI_COMM_NULL
#define MPI_COMM_NULL (mpidev_lib.comm_null)
#undef MPI_REQUEST_NULL
#define MPI_REQUEST_NULL (mpidev_lib.request_null)
#undef MPI_BYTE
#define MPI_BYTE (mpidev_lib.byte)
#undef MPI_INT
#define MPI_INT (mpidev_lib.int_type)
#undef MPI_UINT64_T
#define MPI_UINT64_T (mpidev_lib.uint64)
#undef MPI_ERRORS_RETURN
#define MPI_ERRORS_RETURN (mpidev_lib.errors_return)

/* The operations a serving rank does for rank 0.  */
enum mpidev_op
{
  MPIDEV_ALLOC = 1,	/* SIZE bytes; answer: the address.  */
  MPIDEV_FREE,		/* ADDR.  */
  MPIDEV_PUT,		/* SIZE bytes to ADDR, which follow on TAG.  */
  MPIDEV_GET,		/* SIZE bytes from ADDR, sent back on TAG.  */
  MPIDEV_MOVE,		/* SIZE bytes from ADDR2 to ADDR.  */
  MPIDEV_RUN,		/* Function INDEX of host table TABLE with NVARS
			   addresses (which follow on TAG); answer: 0.  */
  MPIDEV_VAR,		/* Variable INDEX of host table TABLE; answer: its
			   address and size.  */
  MPIDEV_STOP,		/* Rank 0 is done: finalise and exit.  */
  MPIDEV_SEND_TO,	/* SIZE bytes from ADDR straight to rank PEER, on
			   PEER_TAG; answer: 0.  */
  MPIDEV_RECV_FROM,	/* SIZE bytes to ADDR straight from rank PEER, on
			   PEER_TAG; answer: 0.  */
  /* Reverse offload, on the tag of a MPIDEV_RUN whose answer said
     MPIDEV_ANSWER_REVERSE: */
  MPIDEV_REVERSE,	/* Serving rank to rank 0: run the ancestor region
			   function INDEX of host table TABLE, with NVARS
			   maps whose addresses, sizes and kinds are at
			   ADDR, ADDR2 and SIZE on the serving rank; rank
			   0's copies then come as MPIDEV_GET and MPIDEV_PUT
			   on the same tag.  */
  MPIDEV_REVERSE_DONE	/* Rank 0 to the serving rank: it has run.  */
};

/* The status of the answer to MPIDEV_RUN that is not the end: a
   MPIDEV_REVERSE follows, and then the answer again.  */
#define MPIDEV_ANSWER_REVERSE 1

/* A request, sent on MPIDEV_TAG_REQUEST; what goes with it, and the
   answer, go on its own TAG, so that requests of several threads of
   rank 0 never mix.  */
struct mpidev_msg
{
  uint32_t op;
  int32_t tag;
  uint64_t addr, addr2, size;
  int32_t table, index, nvars, num_teams, thread_limit, device_num;
  int32_t peer, peer_tag;
};

/* An answer.  */
struct mpidev_answer
{
  int64_t status;		/* 0: done.  */
  uint64_t addr, size;
};

#define MPIDEV_TAG_REQUEST 1
#define MPIDEV_TAG_PING 2	/* Heartbeat: the tag to answer on.  */
#define MPIDEV_TAG_FIRST 16	/* Tags of requests from here on.  */

/* The largest piece of a payload one MPI call sends (its count is an
   int).  */
#define MPIDEV_CHUNK ((size_t) 1 << 30)

/* ---- The transport (mpi-link.c).  ---- */

extern MPI_Comm mpidev_comm GTC_HIDDEN;	/* The plugin's own.  */
extern int mpidev_rank GTC_HIDDEN, mpidev_size GTC_HIDDEN;

/* The registered host tables, in the order of their first registration,
   the same on every rank (mpidev_start checks it).  */
extern const void *const *mpidev_tables GTC_HIDDEN;
extern int mpidev_num_tables GTC_HIDDEN;

/* Start MPI and check that every rank runs the same program.  0: this
   process is rank 0 of a job of MPIDEV_SIZE ranks (or not under mpirun:
   MPIDEV_SIZE 0); 1: it is a serving rank; -1: MPI could not be used
   (said under GOMP_DEBUG).  */
int mpidev_start (int32_t num_images, __tgt_device_image *const *images)
  GTC_HIDDEN;

/* The index in MPIDEV_TABLES of HOST_TABLE, -1 if it is not there.  */
int mpidev_table_index (const void *host_table) GTC_HIDDEN;

/* A fresh tag for one request.  */
int mpidev_new_tag (void) GTC_HIDDEN;

/* Wait for REQ, an operation with RANK, without holding a core: spin a
   little, then yield, then sleep between polls -- unless MPIDEV_BUSY (a
   payload is flowing, which needs MPI's progress on both sides): then
   poll on, as MPI's own blocking calls do.  With
   MPIDEV_HEARTBEAT, RANK is asked every second whether it is alive, and
   one that does not answer within MPIDEV_LOST_S seconds is lost.  0:
   done; an MPI error code else.  */
#define MPIDEV_HEARTBEAT 1u
#define MPIDEV_BUSY 2u
int mpidev_wait (MPI_Request *req, int rank, unsigned flags) GTC_HIDDEN;
/* The same for the N requests REQS, request I an operation with RANKS[I];
   when a rank is lost, its index in RANKS is set in *LOST.  */
int mpidev_wait_all (int n, MPI_Request *reqs, const int *ranks,
		     unsigned flags, int *lost) GTC_HIDDEN;
#define MPIDEV_LOST_S 2

/* Send or receive SIZE bytes of BUF with RANK on TAG, in pieces of
   MPIDEV_CHUNK; 0 or an MPI error code.  */
int mpidev_send (const void *buf, size_t size, int rank, int tag)
  GTC_HIDDEN;
int mpidev_recv (void *buf, size_t size, int rank, int tag, bool heartbeat)
  GTC_HIDDEN;

/* ---- A serving rank that dies (mpi-death.c).  ---- */

/* Every rank, at the start: tell rank 0 this rank's process, and have
   rank 0 name, when mpirun ends the job (SIGTERM), the devices whose
   ranks died.  */
void mpidev_watch_deaths (void) GTC_HIDDEN;

/* ---- A program that initialises MPI itself (mpi-intercept.c).  ---- */

/* MPI is started: redirect the program's calls of MPI_Init,
   MPI_Init_thread and MPI_Finalize to stand-ins that succeed.  */
void mpidev_intercept_init (void) GTC_HIDDEN;

/* ---- The serving ranks (mpi-server.c).  ---- */

/* Serve rank 0 until it stops; then finalise MPI and exit.  */
void mpidev_serve (void) __attribute__ ((noreturn)) GTC_HIDDEN;

#endif /* GT_PLUGIN_MPI_H */
