/* { dg-set-target-env-var OMP_TOOL_LIBRARIES "/nonexistent/libnotool.so:@PLUGINDIR@/libgomptarget-test-ompt.so" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An OMPT tool loaded through OMP_TOOL_LIBRARIES (the second library of
   the list; the first does not exist) on the emulated host device: see
   ompt-body.h.  */

#include "ompt-library.h"

/* { dg-final { gomptarget-output-includes {ompt: ok} } } */
/* { dg-final { gomptarget-output-includes {ompt tool: finalized, 1 device\(s\) initialized, 1 finalized, 0 image\(s\) loaded, 0 unloaded} } } */
/* { dg-final { gomptarget-output-includes {ompt: 0 image\(s\) loaded} } } */
