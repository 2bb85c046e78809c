/* splay-tree.c -- a top-down splay tree of non-overlapping host address
   ranges: the mapping table of one device.  Two ranges compare equal when
   they overlap, so a lookup of any sub-range finds the key that holds it.
   Inserting and removing splay; looking up does not (it reads the index
   of exact starts, splay-index.h, then walks down), so that the lookups
   of many threads' constructs and of present objects in any order do
   not write to the tree, and the keys looked up last do not push the
   others down.

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

#include "diagnostics.h"
#include "splay-tree.h"

#define NODE(k) ((struct gt_splay_node *) (k))

/* Compare the range [START, END) with key K: negative when the range lies
   wholly below K, positive when wholly above, 0 when they overlap.  An
   empty range or key compares equal only to an identical empty one, or
   when it lies strictly inside the other.  */
static inline int
range_cmp (uintptr_t start, uintptr_t end, const struct gt_key *k)
{
  uintptr_t ks = NODE (k)->host_start, ke = NODE (k)->host_end;

  if (start == end && ks == ke)
    return start < ks ? -1 : start > ks;
  if (end <= ks)
    return -1;
  if (start >= ke)
    return 1;
  return 0;
}

/* Top-down splay: bring the key closest to [START, END) to the root.
   The keys found below the range go to a left tree, hung at *LHOOK, the
   keys above it to a right tree, hung at *RHOOK; LOWNER and ROWNER are
   the keys those hooks are in, NULL while nothing hangs there.  (Not
   GCC's header-node form: the compiler joins the header's two words in
   one load right after storing them apart, which stalls the processor.)
   Each key that changes parent is told: a rotation's middle subtree,
   the keys hung on the side trees, the root's children.  */
static void
splay (struct gt_splay_tree *t, uintptr_t start, uintptr_t end)
{
  struct gt_key *n = t->root, *ltree = NULL, *rtree = NULL;
  struct gt_key **lhook = &ltree, **rhook = &rtree;
  struct gt_key *lowner = NULL, *rowner = NULL, *c;

  if (n == NULL)
    return;
  for (;;)
    {
      int cmp = range_cmp (start, end, n);
      if (cmp < 0)
	{
	  struct gt_key *y = NODE (n)->left;
	  if (y == NULL)
	    break;
	  if (range_cmp (start, end, y) < 0)
	    {
	      if ((c = NODE (y)->right) != NULL)
		NODE (c)->parent = n;
	      NODE (n)->left = c;
	      NODE (y)->right = n;
	      NODE (n)->parent = y;
	      n = y;
	      if (NODE (n)->left == NULL)
		break;
	    }
	  *rhook = n;
	  NODE (n)->parent = rowner;
	  rowner = n;
	  rhook = &NODE (n)->left;
	  n = NODE (n)->left;
	}
      else if (cmp > 0)
	{
	  struct gt_key *y = NODE (n)->right;
	  if (y == NULL)
	    break;
	  if (range_cmp (start, end, y) > 0)
	    {
	      if ((c = NODE (y)->left) != NULL)
		NODE (c)->parent = n;
	      NODE (n)->right = c;
	      NODE (y)->left = n;
	      NODE (n)->parent = y;
	      n = y;
	      if (NODE (n)->right == NULL)
		break;
	    }
	  *lhook = n;
	  NODE (n)->parent = lowner;
	  lowner = n;
	  lhook = &NODE (n)->right;
	  n = NODE (n)->right;
	}
      else
	break;
    }
  /* A side on which nothing was hung keeps N's child as it is.  */
  if (lowner != NULL)
    {
      if ((c = NODE (n)->left) != NULL)
	NODE (c)->parent = lowner;
      *lhook = c;
      NODE (n)->left = ltree;
      NODE (ltree)->parent = n;
    }
  if (rowner != NULL)
    {
      if ((c = NODE (n)->right) != NULL)
	NODE (c)->parent = rowner;
      *rhook = c;
      NODE (n)->right = rtree;
      NODE (rtree)->parent = n;
    }
  NODE (n)->parent = NULL;
  t->root = n;
}

/* The longest walk down a tree of COUNT keys that a lookup takes without
   splaying: twice the depth of a balanced tree, and some.  */
static inline unsigned
walk_limit (size_t count)
{
  return 2 * (unsigned) (sizeof (long) * 8 - __builtin_clzl (count | 1)) + 8;
}

/* A range that does not reach the keys' bounds (an empty one may equal
   an empty key at either bound) overlaps none; common for the pointers
   on the stack that GCC attaches and detaches with mapped sections.  */
static inline bool
out_of_bounds (const struct gt_splay_tree *t, uintptr_t start, uintptr_t end)
{
  return t->root == NULL || end < t->lo || start > t->hi;
}

struct gt_key *
gt_splay_lookup (struct gt_splay_tree *t, uintptr_t start, uintptr_t end)
{
  struct gt_key *n;

  if (out_of_bounds (t, start, end))
    return NULL;
  /* The hot path: an object looked up where it was mapped.  The key
     found starts at START and is not empty, so it overlaps
     [START, END) unless that is empty.  */
  if (start != end && (n = gt_index_find (&t->index, start)) != NULL)
    return n;
  return gt_splay_lookup_unindexed (t, start, end);
}

struct gt_key *
gt_splay_lookup_unindexed (struct gt_splay_tree *t, uintptr_t start,
			   uintptr_t end)
{
  struct gt_key *n;
  unsigned depth = 0, limit;

  if (out_of_bounds (t, start, end))
    return NULL;
  limit = walk_limit (t->count);
  for (n = t->root; n != NULL; depth++)
    {
      int c = range_cmp (start, end, n);
      if (c == 0)
	break;
      n = c < 0 ? NODE (n)->left : NODE (n)->right;
    }
  if (depth > limit)
    splay (t, start, end);
  return n;
}

struct gt_key *
gt_splay_lookup_0len (struct gt_splay_tree *t, uintptr_t start,
		      uintptr_t end)
{
  struct gt_key *k;

  if (start != end)
    return gt_splay_lookup (t, start, end);
  if ((k = gt_splay_lookup (t, start, start + 1)) != NULL)
    return k;
  if (start > 0 && (k = gt_splay_lookup (t, start - 1, start)) != NULL)
    return k;
  return gt_splay_lookup (t, start, start);
}

void
gt_splay_insert (struct gt_splay_tree *t, struct gt_key *key,
		 uintptr_t dev_addr, unsigned index_flags)
{
  struct gt_splay_node *k = NODE (key);
  struct gt_key *r, *c;

  t->count++;
  if (k->host_end != k->host_start)
    gt_index_add (&t->index, k->host_start, k->host_end, key, dev_addr,
		  index_flags);
  k->parent = NULL;
  if (t->root == NULL)
    {
      k->left = k->right = NULL;
      t->root = key;
      t->lo = k->host_start;
      t->hi = k->host_end;
      return;
    }
  if (k->host_start < t->lo)
    t->lo = k->host_start;
  if (k->host_end > t->hi)
    t->hi = k->host_end;
  splay (t, k->host_start, k->host_end);
  r = t->root;
  if (range_cmp (k->host_start, k->host_end, r) < 0)
    {
      c = k->left = NODE (r)->left;
      k->right = r;
      NODE (r)->left = NULL;
    }
  else
    {
      c = k->right = NODE (r)->right;
      k->left = r;
      NODE (r)->right = NULL;
    }
  if (c != NULL)
    NODE (c)->parent = key;
  NODE (r)->parent = key;
  t->root = key;
}

void
gt_splay_remove (struct gt_splay_tree *t, struct gt_key *key)
{
  struct gt_splay_node *k = NODE (key);
  struct gt_key *p = k->parent, *m, **link;
  unsigned depth = 0;

  if (p == NULL)
    link = &t->root;
  else
    link = NODE (p)->left == key ? &NODE (p)->left : &NODE (p)->right;
  if (*link != key)
    gt_fatal ("internal error: removing a key that is not mapped");
  t->count--;
  if (k->host_end != k->host_start)
    gt_index_remove (&t->index, k->host_start);
  if (k->left == NULL)
    m = k->right;
  else if (k->right == NULL)
    m = k->left;
  else
    {
      /* The predecessor M, the largest key on the left, takes KEY's
	 place; its own left subtree takes M's.  */
      m = k->left;
      if (NODE (m)->right != NULL)
	{
	  struct gt_key *mp, *ml;
	  do
	    {
	      m = NODE (m)->right;
	      depth++;
	    }
	  while (NODE (m)->right != NULL);
	  mp = NODE (m)->parent;
	  ml = NODE (m)->left;
	  NODE (mp)->right = ml;
	  if (ml != NULL)
	    NODE (ml)->parent = mp;
	  NODE (m)->left = k->left;
	  NODE (k->left)->parent = m;
	}
      NODE (m)->right = k->right;
      NODE (k->right)->parent = m;
    }
  *link = m;
  if (m != NULL)
    NODE (m)->parent = p;
  k->left = k->right = k->parent = NULL;
  if (depth > walk_limit (t->count))
    splay (t, NODE (m)->host_start, NODE (m)->host_end);
}
