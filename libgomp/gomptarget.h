/* gomptarget.h -- the front end's internal declarations: devices and
   plugins, the mapping table's keys and blocks, ICVs, diagnostics.

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

#ifndef GOMPTARGET_H
#define GOMPTARGET_H

#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gomptarget-plugin.h"
#include "plugin-common.h"
#include "gomp-map-kinds.h"
#include "splay-tree.h"
#include "entry-points.h"

#define GT_HIDDEN __attribute__ ((visibility ("hidden")))
#define GT_PUBLIC __attribute__ ((visibility ("default")))
/* Thread-local data: the library is linked or preloaded, never opened
   late, so the static TLS model is safe and saves a call per access.  */
#define GT_TLS __thread __attribute__ ((tls_model ("initial-exec")))
#define GT_LIKELY(x) __builtin_expect (!!(x), 1)
#define GT_UNLIKELY(x) __builtin_expect (!!(x), 0)

/* ---- Diagnostics (error.c).  ---- */

/* The GOMP_DEBUG level; 0 = quiet.  */
extern int gt_debug_level GT_HIDDEN;

void gt_fatal (const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 1, 2))) GT_HIDDEN;
void gt_warning (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2))) GT_HIDDEN;
void gt_debug_printf (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2))) GT_HIDDEN;
#define gt_debug(...) \
  do { if (GT_UNLIKELY (gt_debug_level)) gt_debug_printf (__VA_ARGS__); } \
  while (0)

void *gt_malloc (size_t) GT_HIDDEN __attribute__ ((malloc));
void *gt_calloc (size_t, size_t) GT_HIDDEN __attribute__ ((malloc));
void *gt_realloc (void *, size_t) GT_HIDDEN;

/* ---- ICVs and environment (env.c).  ---- */

enum gt_offload_policy
{
  GT_OFFLOAD_DEFAULT,
  GT_OFFLOAD_MANDATORY,
  GT_OFFLOAD_DISABLED
};

struct gt_icvs
{
  enum gt_offload_policy target_offload;
  int default_device;		/* Initial default-device-var.  */
  const char *plugins;		/* GOMPTARGET_PLUGINS or the default.  */
  const char *plugin_path;	/* GOMPTARGET_PLUGIN_PATH or NULL.  */
};

extern struct gt_icvs gt_icvs GT_HIDDEN;


/* The default-device-var of the calling thread.  */
int gt_default_device (void) GT_HIDDEN;
void gt_set_default_device (int device_num) GT_HIDDEN;
void gt_save_default_device (int *value, bool *set) GT_HIDDEN;
void gt_restore_default_device (int value, bool set) GT_HIDDEN;

/* The device whose region the calling thread started (a region on an
   emulated device runs on a host thread), or -1.  */
extern GT_TLS int gt_current_device GT_HIDDEN;

/* Enter and leave a region for DEVICE on this thread (context.c): the
   threads the region's parallel constructs start see it too.  */
int gt_context_enter (int device) GT_HIDDEN;
void gt_context_leave (int saved) GT_HIDDEN;

/* The device this thread executes a region for, or -1 for the host.  */
int gt_context_device (void) GT_HIDDEN;

/* The native runtime's definition of NAME (one this library overrides),
   or NULL.  */
void *gt_native_symbol (const char *name) GT_HIDDEN;

/* ---- Plugins and devices (plugins.c).  ---- */

struct gt_plugin
{
  char *name;
  void *handle;			/* lt_dlhandle.  */
  uint32_t caps;		/* GT_CAP_*.  */
#define GT_PLUGIN_ENTRY(NAME, REQ, RET, PARAMS) \
  __typeof__ (__tgt_rtl_##NAME) *NAME;
#include "gomptarget-plugin.def"
#undef GT_PLUGIN_ENTRY
};

enum gt_device_state
{
  GT_DEVICE_UNINITIALISED,
  GT_DEVICE_READY,
  GT_DEVICE_FAILED
};

/* A target image loaded on a device: the host table's functions and the
   table of device addresses the plugin returned, in the same order.  */
struct gt_loaded_image
{
  struct gt_loaded_image *next;
  const struct gt_registered_image *reg;
  __tgt_target_table *table;
};

struct gt_device
{
  int id;			/* Global device number.  */
  int local_id;			/* The plugin's number for it.  */
  struct gt_plugin *plugin;
  pthread_mutex_t lock;		/* Guards everything below.  */
  enum gt_device_state state;
  struct gt_splay_tree mem_map;
  unsigned long generation;	/* Counts constructs, see gt_refcount.  */
  struct gt_loaded_image *images;
};

extern int gt_num_devices GT_HIDDEN;
extern struct gt_device *gt_devices GT_HIDDEN;

/* Load the plugins once; return the number of devices.  */
int gt_init_devices (void) GT_HIDDEN;

/* Resolve a device argument of a GOMP_target* entry point or an omp_*
   routine to a ready device, initialising it on first use; NULL means
   the construct runs on the host.  Applies OMP_TARGET_OFFLOAD.  */
struct gt_device *gt_resolve_device (int device_num) GT_HIDDEN;

/* Initialise DEV if needed; DEV's lock must be held.  */
bool gt_device_ready_locked (struct gt_device *dev) GT_HIDDEN;

/* The device address of the region FN on DEV, or NULL when DEV cannot
   run it.  */
void *gt_device_entry (struct gt_device *dev, void (*fn) (void *))
  GT_HIDDEN;

/* Plugin calls that fail are fatal: the device is in an unknown state.  */
void *gt_dev_alloc (struct gt_device *dev, size_t size, void *host)
  GT_HIDDEN;
void gt_dev_free (struct gt_device *dev, void *ptr) GT_HIDDEN;
void gt_copy_to_dev (struct gt_device *dev, void *dst, const void *src,
		     size_t size) GT_HIDDEN;
void gt_copy_from_dev (struct gt_device *dev, void *dst, const void *src,
		       size_t size) GT_HIDDEN;

/* ---- Images (registry.c).  ---- */

struct gt_registered_image
{
  struct gt_registered_image *next;
  unsigned version;
  int target_type;
  const void *host_table;
  const void *target_data;
  void **funcs;			/* Host functions, num_funcs of them.  */
  size_t num_funcs;
  struct gt_gcc_image descriptor;
  __tgt_device_image image;	/* Wraps descriptor (gomptarget-plugin.h).  */
};

extern struct gt_registered_image *gt_images GT_HIDDEN;
extern pthread_mutex_t gt_registry_lock GT_HIDDEN;

/* Load every registered image that DEV's plugin accepts; DEV's lock held.  */
void gt_load_images_locked (struct gt_device *dev) GT_HIDDEN;

/* Enter the program's declare target variables in the table of DEV, a
   device that runs host code, as mapped onto themselves (host-vars.c).  */
void gt_map_host_vars_locked (struct gt_device *dev) GT_HIDDEN;

/* ---- The mapping table (mapping.c).  ---- */

#define GT_REFCOUNT_INFINITY UINTPTR_MAX

/* A reference count, shared by the keys of one mapped structure.  GEN
   records the construct that last counted it, so that a construct
   counts each object at most once (OpenMP 5.0).  */
struct gt_refcount
{
  uintptr_t count;
  unsigned long gen;
};

/* One device allocation holding the objects mapped by one construct (or
   one item of an enter data).  It is freed when its last key goes.  */
struct gt_block
{
  struct gt_device *dev;
  void *dev_ptr;		/* NULL for omp_target_associate_ptr.  */
  size_t live_keys;
  bool free_pending;
  struct gt_block *next_dead;	/* Queue of blocks being freed.  */
};

/* One mapped object: a node of the device's splay tree.  */
struct gt_key
{
  struct gt_splay_node node;	/* host_start, host_end, links: first.  */
  uintptr_t dev_addr;		/* Device address of host_start.  */
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
};

#define GT_KEY_START(k) ((k)->node.host_start)
#define GT_KEY_END(k) ((k)->node.host_end)

/* Translate host address HOST inside K to its device address.  */
static inline uintptr_t
gt_key_translate (const struct gt_key *k, uintptr_t host)
{
  return k->dev_addr + (host - GT_KEY_START (k));
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
  struct gt_map_item *items;
};

enum gt_map_purpose
{
  GT_MAP_FOR_TARGET,		/* GOMP_target*: fill device addresses.  */
  GT_MAP_FOR_DATA,		/* target data: use_device_* rewritten.  */
  GT_MAP_FOR_ENTER_DATA		/* enter data: nothing undone later.  */
};

/* Map the MAPNUM items of one construct on DEV (its lock held) and record
   in C what to undo.  KINDS are 16-bit when SHORT_KINDS, else 8-bit.  For
   GT_MAP_FOR_TARGET, DEVADDRS receives each item's device value.  */
void gt_map_vars_locked (struct gt_device *dev, size_t mapnum,
			 void **hostaddrs, size_t *sizes, const void *kinds,
			 bool short_kinds, enum gt_map_purpose purpose,
			 void **devaddrs, struct gt_construct *c) GT_HIDDEN;

/* End construct C: detach, copy back, drop references, free.  */
void gt_unmap_vars_locked (struct gt_construct *c) GT_HIDDEN;

/* target update.  */
void gt_update_locked (struct gt_device *dev, size_t mapnum,
		       void **hostaddrs, size_t *sizes, const void *kinds,
		       bool short_kinds) GT_HIDDEN;

/* target exit data.  */
void gt_exit_data_locked (struct gt_device *dev, size_t mapnum,
			  void **hostaddrs, size_t *sizes,
			  const unsigned short *kinds) GT_HIDDEN;

/* omp_target_associate_ptr / disassociate_ptr; 0 on success.  */
int gt_associate_locked (struct gt_device *dev, uintptr_t host,
			 uintptr_t dev_addr, size_t size) GT_HIDDEN;
int gt_disassociate_locked (struct gt_device *dev, uintptr_t host)
  GT_HIDDEN;

/* Enter [HOST, HOST+SIZE) as its own device copy, for good.  */
void gt_map_self_locked (struct gt_device *dev, uintptr_t host, size_t size)
  GT_HIDDEN;

/* Release the storage of construct C's item list (not C itself).  */
void gt_construct_release (struct gt_construct *c) GT_HIDDEN;

/* A per-thread construct whose storage is reused: the launch path
   allocates nothing once it has grown to fit.  */
struct gt_construct *gt_thread_construct (void) GT_HIDDEN;
void **gt_thread_devaddrs (size_t n) GT_HIDDEN;

/* ---- The initial thread of host-code regions (runner.c).  ---- */

/* Run FN (ARG) on a fresh initial thread of the native runtime, with
   THREAD_LIMIT (if > 0) as its thread-limit-var; return when it is done.  */
void gt_run_on_initial_thread (void (*fn) (void *), void *arg,
			       int thread_limit) GT_HIDDEN;

/* ---- Target tasks (task.c, target.c).  ---- */

enum gt_task_kind
{
  GT_TASK_REGION,
  GT_TASK_UPDATE,
  GT_TASK_ENTER_EXIT_DATA
};

/* Hand a nowait construct to the native runtime as a detached task with
   DEPEND; it runs gt_run_target_task and then fulfils its event.  */
void gt_target_task (enum gt_task_kind what, int device,
		     void (*fn) (void *), size_t mapnum, void **hostaddrs,
		     size_t *sizes, unsigned short *kinds, unsigned flags,
		     void **depend, void **args) GT_HIDDEN;

/* Run a construct as the body of a target task.  */
void gt_run_target_task (enum gt_task_kind what, int device,
			 void (*fn) (void *), size_t mapnum, void **hostaddrs,
			 size_t *sizes, unsigned short *kinds, unsigned flags,
			 void **args) GT_HIDDEN;

#endif /* GOMPTARGET_H */
