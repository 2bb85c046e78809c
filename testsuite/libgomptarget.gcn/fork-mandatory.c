/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "MANDATORY" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Under OMP_TARGET_OFFLOAD=MANDATORY, a region in a child forked after
   the gcn device was initialised is a fatal error with a clear message,
   not a hang and not a silent run on the host.  */

#include "../libgomptarget.devices/fork-mandatory-body.h"

/* { dg-final { gomptarget-output-includes {OMP_TARGET_OFFLOAD is set to MANDATORY, but device 0 \(plugin 'gcn'\) was initialised before fork \(\) and cannot be used in the child process} } } */
/* { dg-final { gomptarget-output-includes {child ended with status 1} } } */
/* { dg-final { gomptarget-output-excludes {child: region ran} } } */
