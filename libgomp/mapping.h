/* mapping.h -- the data environment of a device: the keys and blocks of
   its mapping table, the constructs that map and unmap them, and the
   entries of variables mapped onto themselves, and its lookups by device
   address.  Implemented by the mapping-*.c files (keys, plan, map,
   attach, unmap, update, scratch, slab, lookup), which share
   mapping-internal.h.

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

#ifndef GT_MAPPING_H
#define GT_MAPPING_H

#include "devices.h"
#include "gomp-map-kinds.h"
#include "transfer.h"

/* ---- Map kinds, as the mapping of a construct reads them.  ---- */

/* A kind with the present modifier (GCC 13 and later): the data must be
   mapped already.  */
static inline bool
gt_present_kind_p (int kind)
{
  return (kind & GT_MAPF_PRESENT) == GT_MAPF_PRESENT
	 || kind == GT_MAP_FORCE_PRESENT;
}

static inline bool
gt_always_to_p (int kind)
{
  return kind == GT_MAP_ALWAYS_TO || kind == GT_MAP_ALWAYS_TOFROM
	 || kind == GT_MAP_ALWAYS_PRESENT_TO
	 || kind == GT_MAP_ALWAYS_PRESENT_TOFROM;
}

static inline bool
gt_always_from_p (int kind)
{
  return kind == GT_MAP_ALWAYS_FROM || kind == GT_MAP_ALWAYS_TOFROM
	 || kind == GT_MAP_ALWAYS_PRESENT_FROM
	 || kind == GT_MAP_ALWAYS_PRESENT_TOFROM;
}

#define GT_REFCOUNT_INFINITY UINTPTR_MAX

/* A reference count, shared by the keys of one mapped structure.  GEN
   records the construct that last counted it, so that a construct
   counts each object at most once (OpenMP 5.0).  */
struct gt_refcount
{
  uintptr_t count;
  unsigned long gen;
  const void *closing;		/* Non-NULL: COUNT went to 0 at the end of
				   this nowait construct, whose copy back of
				   the whole key is still on its way: the
				   key stays in the table until it is done,
				   and a construct that maps it meanwhile
				   takes it up again, sharing the device
				   copy, which is what is being copied.  */
};

/* One device allocation holding the objects mapped by one construct (or
   one item of an enter data).  It is freed when its last key goes.
   40 bytes: a small block's key, the block and a reference count fill
   three cache lines (mapping-slab.c).  */
struct gt_block
{
  struct gt_device *dev;
  void *dev_ptr;		/* NULL for omp_target_associate_ptr.  */
  struct gt_block *next_dead;	/* Queue of blocks being freed.  */
  unsigned live_keys;
  unsigned pins;		/* Nowait constructs that keep it alive
				   until they are complete (closing keys).  */
  unsigned incarnation;		/* The device's when DEV_PTR was had.  */
  bool free_pending;
  bool recyclable;		/* Of the small size kept for reuse.  */
};

/* One mapped object: a node of the device's splay tree.  */
struct gt_key
{
  struct gt_splay_node node;	/* host_start, host_end, links: first.  */
  uintptr_t dev_addr;		/* Device address of host_start.  */
  tgt_event_t ready;		/* The device copy is there once this has
				   completed (queued by the construct that
				   mapped it); NULL: at once.  */
  tgt_event_t writeback;	/* The last copy back queued, or NULL.  */
  struct gt_refcount *rc;	/* &own_rc, or shared by struct siblings.  */
  struct gt_refcount own_rc;
  struct gt_block *block;
  struct gt_key *next_sibling;	/* Ring of a structure's keys, or self.  */
  uintptr_t *attach_count;	/* Per pointer-sized slot, or NULL.  */
  bool removed;
  bool null_pointer;		/* A Fortran descriptor mapped with a null
				   data pointer: remapped once non-null.  */
  bool self_mapped;		/* The host object is its own device copy
				   (declare target, host-code device).  */
  bool writeback_whole;		/* WRITEBACK copies the whole key.  */
};

#define GT_KEY_START(k) ((k)->node.host_start)
#define GT_KEY_END(k) ((k)->node.host_end)

/* Translate host address HOST inside K to its device address.  */
static inline uintptr_t
gt_key_translate (const struct gt_key *k, uintptr_t host)
{
  return k->dev_addr + (host - GT_KEY_START (k));
}

/* Translate device address DEVADDR inside K to its host address.  */
static inline uint64_t
gt_key_host_addr (const struct gt_key *k, uint64_t devaddr)
{
  return (uint64_t) GT_KEY_START (k) + (devaddr - k->dev_addr);
}

/* What a construct must undo when it ends.  */
struct gt_map_item
{
  struct gt_key *key;		/* NULL: nothing to undo.  */
  uintptr_t host_start;		/* The item's own range.  */
  size_t length;
  bool counted;			/* This item counted key's reference.  */
  bool copy_from;
  bool always_from;
  bool is_attach;		/* host_start is an attached pointer slot.  */
  bool pinned;			/* Its key's block is pinned until the
				   construct is complete.  */
  bool held;			/* Its key is held, not counted
				   (mapping-held.c).  */
};

struct gt_construct
{
  struct gt_device *dev;
  unsigned long gen;		/* The device generation it counts with.  */
  bool in_use;			/* A thread's construct, while in use.  */
  struct gt_construct *prev;	/* Stack of target data constructs.  */
  struct gt_block *private_block;	/* firstprivate copies, or NULL.  */
  size_t nitems;
  size_t capacity;
  size_t npinned;		/* Items whose block is pinned.  */
  bool pin;			/* Pin the blocks of its keys: a nowait
				   construct, which drops its references
				   before its operations have run.  */
  bool hold;			/* A target region that may hold the
				   keys it finds present instead of
				   counting them (mapping-held.c).  */
  size_t nheld;			/* Its items that hold their keys.  */
  /* While NHELD > 0, its links in its device's list of holders.  */
  struct gt_construct *held_prev, *held_next;
  struct gt_map_item *items;
  /* While a target region's items are mapped, the region's host function,
     which tells the rules of the compiler that built it (gcc-rules.h);
     NULL otherwise.  */
  void (*region_fn) (void *);
  /* Its index in its device's list of running constructs while it is
     there (gt_running_add_locked).  */
  unsigned running_index;
};

enum gt_map_purpose
{
  GT_MAP_FOR_TARGET,		/* GOMP_target*: fill device addresses.  */
  GT_MAP_FOR_DATA,		/* target data: use_device_* rewritten.  */
  GT_MAP_FOR_ENTER_DATA		/* enter data: nothing undone later.  */
};

/* The functions below work on the table of X's device, whose lock is
   held, and queue their copies on X (transfer.h).  */

/* Kind I of KINDS (16-bit when SHORT_KINDS, else 8-bit), decoded:
   whether it is implicit in *IMPLICIT.  */
int gt_map_kind (const void *kinds, bool short_kinds, size_t i,
		 bool *implicit) GT_HIDDEN;

/* Map the MAPNUM items of one construct and record in C what to undo.
   KINDS are 16-bit when SHORT_KINDS, else 8-bit.  For GT_MAP_FOR_TARGET,
   DEVADDRS receives each item's device value.  */
void gt_map_vars_locked (struct gt_xfer *x, size_t mapnum, void **hostaddrs,
			 size_t *sizes, const void *kinds, bool short_kinds,
			 enum gt_map_purpose purpose, void **devaddrs,
			 struct gt_construct *c) GT_HIDDEN;

/* End construct C: detach, copy back, drop references; the blocks no
   longer used are freed once X's operations are done.  With a non-NULL
   OWNER (a nowait construct, whose copies back run later), a key whose
   count goes to 0 and which is copied back whole stays in the table,
   closing, until gt_close_keys_locked (C, OWNER).  A key it takes out
   of the table whose block nowait constructs still pin gets pinned by C
   too (they may be complete before X's operations on it are): when
   C->npinned is then non-zero, the caller closes C after X's work.  */
void gt_unmap_vars_locked (struct gt_xfer *x, struct gt_construct *c,
			   const void *owner) GT_HIDDEN;

/* The operations of construct C (of OWNER) are done: take out of the
   table its keys that are still closing for OWNER, unpin the blocks of
   its keys, and queue on *DEAD those that nothing holds any more.  */
void gt_close_keys_locked (struct gt_construct *c, const void *owner,
			   struct gt_block **dead) GT_HIDDEN;

/* The operations of construct C, which its thread waited for, are done:
   release the blocks it pinned, and with RUNNING end its region
   (gt_running_remove_locked); takes the device lock once.  */
void gt_close_construct (struct gt_construct *c, bool running) GT_HIDDEN;

/* target update.  */
void gt_update_locked (struct gt_xfer *x, size_t mapnum, void **hostaddrs,
		       size_t *sizes, const void *kinds, bool short_kinds)
  GT_HIDDEN;

/* target exit data.  C, with no items, pins the blocks of keys it
   takes out of the table that nowait constructs still pin (see
   gt_unmap_vars_locked); its caller closes it once X's work is done.  */
void gt_exit_data_locked (struct gt_xfer *x, struct gt_construct *c,
			  size_t mapnum, void **hostaddrs, size_t *sizes,
			  const unsigned short *kinds) GT_HIDDEN;

/* Take key K (and its structure siblings) out of DEV's table whatever its
   count (at teardown), queueing its block on *DEAD.  */
void gt_unmap_key_locked (struct gt_device *dev, struct gt_key *k,
			  struct gt_block **dead) GT_HIDDEN;

/* Free the blocks of list DEAD (linked by next_dead) and their device
   memory, keeping small ones for reuse (gt_block_new).  */
void gt_blocks_free (struct gt_block *dead) GT_HIDDEN;

/* Give up the small blocks the calling thread keeps for reuse (to their
   devices' spare blocks).  */
void gt_blocks_free_recycled (void) GT_HIDDEN;

/* omp_target_associate_ptr / disassociate_ptr; 0 on success.  */
int gt_associate_locked (struct gt_device *dev, uintptr_t host,
			 uintptr_t dev_addr, size_t size) GT_HIDDEN;
int gt_disassociate_locked (struct gt_device *dev, uintptr_t host)
  GT_HIDDEN;

/* Enter [HOST, HOST+SIZE) as its own device copy, for good.  */
void gt_map_self_locked (struct gt_device *dev, uintptr_t host, size_t size)
  GT_HIDDEN;

/* Enter the program's declare target variables in the table of DEV, a
   device that runs host code, as mapped onto themselves (host-vars.c).  */
void gt_map_host_vars_locked (struct gt_device *dev) GT_HIDDEN;

/* ---- Lookups by device address (mapping-lookup.c).  ---- */

/* The region of target construct C is queued on DEV (its lock held) and
   may run from now on, after the construct's end has been queued too:
   its items stay device data for gt_key_lookup_dev_locked until
   gt_running_remove_locked.  */
void gt_running_add_locked (struct gt_device *dev, struct gt_construct *c)
  GT_HIDDEN;
void gt_running_remove_locked (struct gt_device *dev,
			       struct gt_construct *c) GT_HIDDEN;

/* Does the device range [KS, KE) of a mapped object match [S, E): is it
   exactly that range, or does it overlap it?  */
static inline bool
gt_dev_range_match (uint64_t ks, uint64_t ke, uint64_t s, uint64_t e)
{
  return (ks == s && ke == e) || (ke > s && ks < e);
}

/* A key of DEV's table (its lock held), else of the items of the
   constructs whose regions may be running on DEV (their keys may have
   left the table already, their device copies not), whose device copy
   starts at or before START and matches [START, END)
   (gt_dev_range_match); NULL if none.  An empty range [S, S) is looked
   up as [S, S+1), then (unless ZERO_LEN) as [S-1, S).  The table is
   ordered by host address: this visits its keys one by one.  */
struct gt_key *gt_key_lookup_dev_locked (struct gt_device *dev,
					 uint64_t start, uint64_t end,
					 bool zero_len) GT_HIDDEN;

/* Release the storage of construct C's item list (not C itself).  */
void gt_construct_release (struct gt_construct *c) GT_HIDDEN;

/* Under GOMP_DEBUG=2 (GT_DEBUG_MAPS): write DEV's mapping table to the
   trace, one line per key (host range, device address, reference count,
   kind), headed by WHEN ("entry", "exit") of region FN, named by its
   function; DEV's lock held (mapping-dump.c).  */
void gt_map_dump_locked (struct gt_device *dev, const char *when,
			 const void *fn) GT_HIDDEN;

/* The check a launch makes: one test of the debug level when off.  */
static inline void
gt_map_dump_maybe_locked (struct gt_device *dev, const char *when,
			  const void *fn)
{
  if (GT_UNLIKELY (gt_debug_level >= GT_DEBUG_MAPS))
    gt_map_dump_locked (dev, when, fn);
}

/* The storage the constructs of each thread reuse (mapping-scratch.c):
   the launch path allocates nothing once it has grown to fit.  The
   buffers only grow; their capacities are in bytes.  */
struct gt_item_plan;
struct gt_scratch
{
  struct gt_construct construct;	/* The thread's construct.  */
  struct gt_item_plan *plan;		/* The plans of a construct's items.  */
  size_t plan_cap;
  void **devaddrs;			/* A region's device values.  */
  size_t devaddrs_cap;
  struct gt_block *recycled;		/* Small blocks kept for reuse.  */
  unsigned nrecycled;
  bool registered;			/* Freed when the thread exits.  */
};

extern GT_TLS struct gt_scratch gt_scratch GT_HIDDEN;

/* Make the thread's buffer *BUF (of *CAP bytes) hold N bytes.  */
void *gt_scratch_grow (void **buf, size_t *cap, size_t n) GT_HIDDEN;

static inline void *
gt_scratch_get (void **buf, size_t *cap, size_t n)
{
  if (GT_LIKELY (n <= *cap))
    return *buf;
  return gt_scratch_grow (buf, cap, n);
}

/* The calling thread's construct.  */
static inline struct gt_construct *
gt_thread_construct (void)
{
  return &gt_scratch.construct;
}

/* The calling thread's storage for N device values.  */
static inline void **
gt_thread_devaddrs (size_t n)
{
  return gt_scratch_get ((void **) &gt_scratch.devaddrs,
			 &gt_scratch.devaddrs_cap, n * sizeof (void *));
}

#endif /* GT_MAPPING_H */
