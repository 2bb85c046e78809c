/* reverse-request.h -- reverse offload: the map clauses of one request
   translated from device to host addresses and back
   (reverse-request.c), for GOMPTARGET_PLUGIN_target_rev (reverse.c).

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

#ifndef GT_REVERSE_REQUEST_H
#define GT_REVERSE_REQUEST_H

#include "devices.h"

/* What became of one item of a request.  */
struct gt_rev_item
{
  uint64_t devaddr;		/* The device address it came with; 0: the
				   item was not translated.  */
  bool present;			/* Its data was found mapped (on the device
				   or in an earlier item).  */
  bool temp;			/* Its host address is a temporary.  */
};

/* A request being served: its items, read from the device, then
   translated to host addresses.  */
struct gt_rev_request
{
  struct gt_device *dev;
  const struct gt_rev_copier *copier;
  uint64_t mapnum;
  uint64_t *addrs;		/* Device, then host addresses.  */
  uint64_t *sizes;
  unsigned short *kinds;
  struct gt_rev_item *items;
  void *fp_block;		/* The firstprivate copies, or NULL.  */
};

/* The most maps a request may have (its arrays are allocated).  */
#define GT_REV_MAX_MAPS \
  (SIZE_MAX / (2 * sizeof (uint64_t) + sizeof (struct gt_rev_item)))

/* Read request R of MAPNUM items (at most GT_REV_MAX_MAPS) from DEV
   through COPIER: their device addresses, sizes and kinds at DEVADDRS,
   SIZES and KINDS on the device.  Copy the firstprivate ones into host
   memory and translate the others to host addresses under DEV's lock,
   making temporaries of what is not mapped.  R->addrs is then what the
   host function takes.  */
void gt_rev_request_start (struct gt_rev_request *r, struct gt_device *dev,
			   const struct gt_rev_copier *copier,
			   uint64_t mapnum, uint64_t devaddrs,
			   uint64_t sizes, uint64_t kinds) GT_HIDDEN;

/* The host function of R has run: copy back what the clauses say and
   free R's storage and temporaries.  */
void gt_rev_request_finish (struct gt_rev_request *r) GT_HIDDEN;

#endif /* GT_REVERSE_REQUEST_H */
