/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMPT callbacks of nowait regions inside a team on the emulated host
   device: see ompt-nowait-team.h.  */

#include "ompt-nowait-team.h"

/* { dg-final { gomptarget-output-includes {nowait team: ok} } } */
