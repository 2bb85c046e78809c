/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMPT callbacks of nowait regions inside a team with the gcn plugin on
   its emulated GPU (libgomptarget.ompt/ompt-nowait-team.h).  */

#include "../libgomptarget.ompt/ompt-nowait-team.h"

/* { dg-final { gomptarget-output-includes {nowait team: ok} } } */
