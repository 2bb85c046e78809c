/* gt-report.c -- the one writer of report lines: one write per line, so
   that the lines of several threads do not mix.

   Copyright (C) 2026 The gomptarget authors.

   This file is part of gomptarget.

   gomptarget is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 3, or (at your option) any
   later version.

   gomptarget is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   Under Section 7 of GPL version 3, you are granted additional
   permissions described in the GCC Runtime Library Exception, version
   3.1, as published by the Free Software Foundation.  */

#include "config.h"

#include "gt-report.h"

#include <stdio.h>
#include <string.h>

void
gt_vreport (const char *prefix, const char *fmt, va_list ap)
{
  /* One write per message, so that lines of several threads do not mix;
     each line of a message of several (a vendor library's log) starts
     with PREFIX, so that every line says whose it is.  */
  char msg[2048], out[4096];
  const char *line = msg;
  size_t plen = strlen (prefix), len = 0;
  int m = vsnprintf (msg, sizeof msg, fmt, ap);

  if (m < 0)
    msg[0] = '\0';
  if (plen > sizeof out / 4)
    plen = sizeof out / 4;
  while (line != NULL)
    {
      const char *nl = strchr (line, '\n');
      size_t n = nl ? (size_t) (nl - line) : strlen (line);
      if (len + plen + 1 >= sizeof out)
	break;
      memcpy (out + len, prefix, plen);
      len += plen;
      if (n > sizeof out - len - 1)
	n = sizeof out - len - 1;
      memcpy (out + len, line, n);
      len += n;
      out[len++] = '\n';
      /* A last newline ends the last line.  */
      line = nl != NULL && nl[1] != '\0' ? nl + 1 : NULL;
    }
  fwrite (out, 1, len, stderr);
  fflush (stderr);
}
