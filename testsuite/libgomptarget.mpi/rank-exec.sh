#!/bin/sh
# Copyright (C) 2026 The gomptarget authors.
# SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
#
# rank-exec.sh PROG [ARG...]: run PROG on MPI rank 0 and PROG's second
# build (PROG with .exe replaced by .other.exe, see mpi.exp) on every
# other rank: one job of two programs without mpirun's MPMD syntax,
# which Open MPI 5's prterun crashed on.
prog=$1
shift
case ${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-0}} in
  0) ;;
  *) prog=${prog%.exe}.other.exe ;;
esac
exec "$prog" "$@"
