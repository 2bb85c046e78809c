/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The tests' OMPT tool (libgomptarget.ompt/ompt-tool.h) as a library,
   libgomptarget-test-ompt.so, which tests load through
   OMP_TOOL_LIBRARIES.  */

#define OMPT_TOOL_EXPORT __attribute__ ((visibility ("default")))
#include "../libgomptarget.ompt/ompt-tool.h"
