/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An OMPT tool compiled into the program with the nvptx plugin on its
   emulated GPU (libgomptarget.ompt/ompt-body.h).  */

#include "../libgomptarget.ompt/ompt-tool.h"
#define GET_LOG ompt_test_log
#include "../libgomptarget.ompt/ompt-body.h"

/* { dg-final { gomptarget-output-includes {ompt: ok} } } */
/* { dg-final { gomptarget-output-includes {ompt tool: finalized, 1 device\(s\) initialized, 1 finalized, 1 image\(s\) loaded, 1 unloaded} } } */
/* { dg-final { gomptarget-output-includes {ompt: 1 image\(s\) loaded} } } */
