#!/bin/sh
# Copyright (C) 2026 The gomptarget authors.
# SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
#
# rank-exec.sh [WRAPPER...] PROG [ARG...]: run PROG on MPI rank 0 and
# PROG's second build (PROG with .exe replaced by .other.exe, see
# mpi.exp) on every other rank: one job of two programs without mpirun's
# MPMD syntax, which Open MPI 5's prterun crashed on.  PROG is the first
# argument ending in .exe: a test wrapper (GOMPTARGET_TEST_WRAPPER, such
# as contrib/check-tsan's) may come before it.
case ${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-0}} in
  0) exec "$@" ;;
esac
found=no
for a in "$@"; do
  shift
  if [ $found = no ] && [ "${a%.exe}" != "$a" ]; then
    a=${a%.exe}.other.exe
    found=yes
  fi
  set -- "$@" "$a"
done
exec "$@"
