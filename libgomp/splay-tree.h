/* splay-tree.h -- the interval splay tree that holds one device's
   mapping table, keyed by host address ranges [host_start, host_end).

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

#ifndef GT_SPLAY_TREE_H
#define GT_SPLAY_TREE_H

#include <stdint.h>
#include <stddef.h>

#include "splay-index.h"

struct gt_key;

/* The tree itself; nodes are the keys (struct gt_key embeds its links).
   All zero: empty.  */
struct gt_splay_tree
{
  struct gt_key *root;
  size_t count;
  /* The keys that are not empty by their start, kept in step by
     gt_splay_insert and gt_splay_remove.  */
  struct gt_splay_index index;
  /* Bounds of every key inserted since the tree was last empty: a range
     outside them is not looked for.  Only when COUNT > 0.  Last: written
     only when they grow.  */
  uintptr_t lo, hi;
};

/* The node fields a key must provide, embedded first in struct gt_key.
   PARENT is NULL at the root: a key found through the index is taken out
   without a walk from the root.  */
struct gt_splay_node
{
  uintptr_t host_start;
  uintptr_t host_end;
  struct gt_key *left;
  struct gt_key *right;
  struct gt_key *parent;
};

/* Find a key overlapping [START, END), END > START; NULL if none
   overlaps.  A lookup reads the tree and does not change it: a range
   that starts where a key starts is found in the index, any other by
   walking down the tree; only a walk longer than about twice the depth
   of a balanced tree splays the key it ends at, which shortens the
   walks to come.  */
struct gt_key *gt_splay_lookup (struct gt_splay_tree *, uintptr_t start,
				uintptr_t end);

/* As gt_splay_lookup, where no key starts at START (gt_index_probe
   found none): the walk alone.  */
struct gt_key *gt_splay_lookup_unindexed (struct gt_splay_tree *,
					  uintptr_t start, uintptr_t end);

/* As gt_splay_lookup, but for a possibly empty range: an empty [P, P) is
   looked up as [P, P+1), then [P-1, P), then as the empty key [P, P).  */
struct gt_key *gt_splay_lookup_0len (struct gt_splay_tree *, uintptr_t start,
				     uintptr_t end);

/* Insert KEY, which must not overlap any key in the tree, with its
   device address DEV_ADDR and INDEX_FLAGS (GT_INDEX_*) for its index
   slot (splay-index.h).  */
void gt_splay_insert (struct gt_splay_tree *, struct gt_key *key,
		      uintptr_t dev_addr, unsigned index_flags);

/* Remove KEY, which must be in the tree.  It is unlinked where it is,
   through its parent, without splaying: a key with two children gives
   way to its predecessor; only a walk to that predecessor longer than a
   lookup may take splays it.  */
void gt_splay_remove (struct gt_splay_tree *, struct gt_key *key);

#endif /* GT_SPLAY_TREE_H */
