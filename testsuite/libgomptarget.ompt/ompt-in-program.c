/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An OMPT tool compiled into the program (its ompt_start_tool) on the
   emulated host device: see ompt-body.h.  */

#include "ompt-tool.h"
#define GET_LOG ompt_test_log
#include "ompt-body.h"

/* { dg-final { gomptarget-output-includes {ompt: ok} } } */
/* { dg-final { gomptarget-output-includes {ompt tool: started by gomptarget} } } */
/* { dg-final { gomptarget-output-includes {ompt tool: finalized, 1 device\(s\) initialized, 1 finalized, 0 image\(s\) loaded, 0 unloaded} } } */
/* { dg-final { gomptarget-output-includes {ompt: 0 image\(s\) loaded} } } */
