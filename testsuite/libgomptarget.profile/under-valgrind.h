/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Whether a test runs under valgrind (GOMPTARGET_TEST_WRAPPER), for the
   tests that compare the device's clock with the host's: the plugins
   calibrate one against the other by bracketing an event between two
   readings of the host clock, and under valgrind, whose threads take
   turns, those readings lie milliseconds apart, so the slack the tests
   allow must grow with them.  */

#ifndef UNDER_VALGRIND_H
#define UNDER_VALGRIND_H

#if defined __has_include
# if __has_include (<valgrind/valgrind.h>)
#  include <valgrind/valgrind.h>
# endif
#endif

static inline int
under_valgrind (void)
{
#ifdef RUNNING_ON_VALGRIND
  return RUNNING_ON_VALGRIND != 0;
#else
  return 0;
#endif
}

#endif
