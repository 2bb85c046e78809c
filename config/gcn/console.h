/* console.h -- the device side of the GCN console ring (see kernarg.h):
   claiming slots, filling them for every slot type, the exit value, and
   the reverse-offload request that waits for the host.  Plain C with
   __atomic builtins and no libc, so console.c builds for the host (the
   emulated HSA runtime runs it for its emulated kernels) and, as offloaded
   code, for GCN.

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

#ifndef GOMPTARGET_GCN_CONSOLE_H
#define GOMPTARGET_GCN_CONSOLE_H

#include "kernarg.h"

/* The ring of a kernel argument block (either layout): out_ptr.  */
struct gcn_output *gcn_console_of_kernargs (const void *kernargs);

/* Claim COUNT consecutive slots; return the absolute index of the first.
   The slots may still be in use by the host: wait with
   gcn_console_slot before filling each.  */
uint32_t gcn_console_claim (struct gcn_output *out, uint32_t count);

/* Wait until slot INDEX (absolute) is free, i.e. consumed > INDEX -
   GCN_CONSOLE_SLOTS, and return it.  */
struct gcn_console_slot *gcn_console_slot (struct gcn_output *out,
					   uint32_t index);

/* Set SLOT's type and release it to the host (written = 1).  */
void gcn_console_publish (struct gcn_console_slot *slot, int32_t type);

/* One slot each: MSG (at most 127 bytes kept) and a value, printed by the
   host with a newline.  */
void gcn_console_print_int (struct gcn_output *out, const char *msg,
			    int64_t value);
void gcn_console_print_double (struct gcn_output *out, const char *msg,
			       double value);
void gcn_console_print_text (struct gcn_output *out, const char *msg,
			     const char *text);

/* write (): LEN bytes of BUF in GCN_CONSOLE_RAW slots of 256 bytes each
   (consecutive slots, claimed at once, so the text of one call is never
   interleaved with another's).  Return LEN.  */
uint64_t gcn_console_write (struct gcn_output *out, const void *buf,
			    uint64_t len);

/* exit (STATUS) and termination by signal SIG (abort: SIGABRT): store
   the value the host reads in return_value (release).  The caller then
   ends the kernel.  */
void gcn_console_set_exit (struct gcn_output *out, int status);
void gcn_console_set_signal (struct gcn_output *out, int sig);

/* A reverse-offload request (GCC 13+ protocol): fill a
   GCN_CONSOLE_REV_OFFLOAD slot with WORDS[GCN_REV_WORDS], release it,
   then spin until the host has run the request and cleared written.  */
void gcn_console_rev_offload (struct gcn_output *out,
			      const uint64_t words[GCN_REV_WORDS]);

#endif /* GOMPTARGET_GCN_CONSOLE_H */
