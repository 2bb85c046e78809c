/* cuda-api.h -- the project's own declarations of the part of the CUDA
   Driver API that the nvptx plugin calls and that the emulated driver
   (testsuite/emul/cuda) implements: handle and scalar types, the
   enumerations and flags used, the two copy descriptors, and one
   prototype per function of cuda-lib.def under the name the driver
   library exports (cuMemAlloc_v2, not the cuMemAlloc macro of cuda.h).

   Debian main has no cuda.h, so the plugin is built with this file; it
   is written from the documented API, and configure checks it against a
   real cuda.h when one is found (cuda-api-check.c).  For that check the
   enumerators and the copy descriptors are given as X-macro lists
   (NAME, VALUE) and (TYPE, FIELD), and their definitions are left out
   when cuda.h was included first; everything else is redeclared, so
   that any difference is a compile error.

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

#ifndef GOMPTARGET_CUDA_API_H
#define GOMPTARGET_CUDA_API_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Handles and scalars.  ---- */

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUlinkState_st *CUlinkState;
typedef struct CUarray_st *CUarray;

/* A host function run in stream order (cuLaunchHostFunc).  */
typedef void (*CUhostFn) (void *userData);

/* Dynamic shared memory a block of BLOCKSIZE threads needs
   (cuOccupancyMaxPotentialBlockSize).  */
typedef size_t (*CUoccupancyB2DSize) (int blockSize);

/* ---- Enumerations, as (NAME, VALUE) lists.  ---- */

/* CUresult: the status every call returns.  */
#define GT_CUDA_RESULTS(X) \
  X (CUDA_SUCCESS, 0) \
  X (CUDA_ERROR_INVALID_VALUE, 1) \
  X (CUDA_ERROR_OUT_OF_MEMORY, 2) \
  X (CUDA_ERROR_NOT_INITIALIZED, 3) \
  X (CUDA_ERROR_DEINITIALIZED, 4) \
  X (CUDA_ERROR_STUB_LIBRARY, 34) \
  X (CUDA_ERROR_NO_DEVICE, 100) \
  X (CUDA_ERROR_INVALID_DEVICE, 101) \
  X (CUDA_ERROR_INVALID_IMAGE, 200) \
  X (CUDA_ERROR_INVALID_CONTEXT, 201) \
  X (CUDA_ERROR_CONTEXT_ALREADY_CURRENT, 202) \
  X (CUDA_ERROR_NO_BINARY_FOR_GPU, 209) \
  X (CUDA_ERROR_UNSUPPORTED_LIMIT, 215) \
  X (CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, 217) \
  X (CUDA_ERROR_INVALID_PTX, 218) \
  X (CUDA_ERROR_JIT_COMPILER_NOT_FOUND, 221) \
  X (CUDA_ERROR_UNSUPPORTED_PTX_VERSION, 222) \
  X (CUDA_ERROR_INVALID_SOURCE, 300) \
  X (CUDA_ERROR_FILE_NOT_FOUND, 301) \
  X (CUDA_ERROR_INVALID_HANDLE, 400) \
  X (CUDA_ERROR_ILLEGAL_STATE, 401) \
  X (CUDA_ERROR_NOT_FOUND, 500) \
  X (CUDA_ERROR_NOT_READY, 600) \
  X (CUDA_ERROR_ILLEGAL_ADDRESS, 700) \
  X (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, 701) \
  X (CUDA_ERROR_LAUNCH_TIMEOUT, 702) \
  X (CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, 704) \
  X (CUDA_ERROR_PEER_ACCESS_NOT_ENABLED, 705) \
  X (CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE, 708) \
  X (CUDA_ERROR_CONTEXT_IS_DESTROYED, 709) \
  X (CUDA_ERROR_ASSERT, 710) \
  X (CUDA_ERROR_HARDWARE_STACK_ERROR, 714) \
  X (CUDA_ERROR_ILLEGAL_INSTRUCTION, 715) \
  X (CUDA_ERROR_MISALIGNED_ADDRESS, 716) \
  X (CUDA_ERROR_LAUNCH_FAILED, 719) \
  X (CUDA_ERROR_NOT_PERMITTED, 800) \
  X (CUDA_ERROR_NOT_SUPPORTED, 801) \
  X (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, 803) \
  X (CUDA_ERROR_UNKNOWN, 999)

/* CUdevice_attribute: what cuDeviceGetAttribute reports.  */
#define GT_CUDA_DEVICE_ATTRIBUTES(X) \
  X (CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 1) \
  X (CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, 2) \
  X (CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, 3) \
  X (CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 4) \
  X (CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, 5) \
  X (CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, 6) \
  X (CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, 7) \
  X (CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, 8) \
  X (CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, 9) \
  X (CU_DEVICE_ATTRIBUTE_WARP_SIZE, 10) \
  X (CU_DEVICE_ATTRIBUTE_MAX_PITCH, 11) \
  X (CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, 12) \
  X (CU_DEVICE_ATTRIBUTE_CLOCK_RATE, 13) \
  X (CU_DEVICE_ATTRIBUTE_GPU_OVERLAP, 15) \
  X (CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 16) \
  X (CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT, 17) \
  X (CU_DEVICE_ATTRIBUTE_INTEGRATED, 18) \
  X (CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, 19) \
  X (CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, 20) \
  X (CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS, 31) \
  X (CU_DEVICE_ATTRIBUTE_ECC_ENABLED, 32) \
  X (CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, 33) \
  X (CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, 34) \
  X (CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, 36) \
  X (CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, 37) \
  X (CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, 38) \
  X (CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, 39) \
  X (CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT, 40) \
  X (CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, 41) \
  X (CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, 50) \
  X (CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 75) \
  X (CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 76) \
  X (CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, 81) \
  X (CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, 82) \
  X (CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, 83) \
  X (CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, 88) \
  X (CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS, 89) \
  X (CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 97) \
  X (CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, 106)

/* CUjit_option: options of cuLinkCreate and cuLinkAddData.  */
#define GT_CUDA_JIT_OPTIONS(X) \
  X (CU_JIT_MAX_REGISTERS, 0) \
  X (CU_JIT_THREADS_PER_BLOCK, 1) \
  X (CU_JIT_WALL_TIME, 2) \
  X (CU_JIT_INFO_LOG_BUFFER, 3) \
  X (CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, 4) \
  X (CU_JIT_ERROR_LOG_BUFFER, 5) \
  X (CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, 6) \
  X (CU_JIT_OPTIMIZATION_LEVEL, 7) \
  X (CU_JIT_TARGET_FROM_CUCONTEXT, 8) \
  X (CU_JIT_TARGET, 9) \
  X (CU_JIT_FALLBACK_STRATEGY, 10) \
  X (CU_JIT_GENERATE_DEBUG_INFO, 11) \
  X (CU_JIT_LOG_VERBOSE, 12) \
  X (CU_JIT_GENERATE_LINE_INFO, 13) \
  X (CU_JIT_CACHE_MODE, 14) \
  X (CU_JIT_NEW_SM3X_OPT, 15) \
  X (CU_JIT_FAST_COMPILE, 16)

/* CUjitInputType: what cuLinkAddData is given.  */
#define GT_CUDA_JIT_INPUT_TYPES(X) \
  X (CU_JIT_INPUT_CUBIN, 0) \
  X (CU_JIT_INPUT_PTX, 1) \
  X (CU_JIT_INPUT_FATBINARY, 2) \
  X (CU_JIT_INPUT_OBJECT, 3) \
  X (CU_JIT_INPUT_LIBRARY, 4) \
  X (CU_JIT_INPUT_NVVM, 5)

/* CUlimit: per-context limits (cuCtxSetLimit, cuCtxGetLimit).  */
#define GT_CUDA_LIMITS(X) \
  X (CU_LIMIT_STACK_SIZE, 0) \
  X (CU_LIMIT_PRINTF_FIFO_SIZE, 1) \
  X (CU_LIMIT_MALLOC_HEAP_SIZE, 2) \
  X (CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH, 3) \
  X (CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT, 4) \
  X (CU_LIMIT_MAX_L2_FETCH_GRANULARITY, 5) \
  X (CU_LIMIT_PERSISTING_L2_CACHE_SIZE, 6)

/* CUfunction_attribute: what cuFuncGetAttribute reports.  */
#define GT_CUDA_FUNCTION_ATTRIBUTES(X) \
  X (CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 0) \
  X (CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, 1) \
  X (CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, 2) \
  X (CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, 3) \
  X (CU_FUNC_ATTRIBUTE_NUM_REGS, 4) \
  X (CU_FUNC_ATTRIBUTE_PTX_VERSION, 5) \
  X (CU_FUNC_ATTRIBUTE_BINARY_VERSION, 6) \
  X (CU_FUNC_ATTRIBUTE_CACHE_MODE_CA, 7) \
  X (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 8)

/* CUpointer_attribute: what cuPointerGetAttribute reports, into an
   object of type CUcontext, unsigned int (CUmemorytype), CUdeviceptr,
   void *, unsigned long long (buffer id), int (ordinal), CUdeviceptr and
   size_t respectively.  */
#define GT_CUDA_POINTER_ATTRIBUTES(X) \
  X (CU_POINTER_ATTRIBUTE_CONTEXT, 1) \
  X (CU_POINTER_ATTRIBUTE_MEMORY_TYPE, 2) \
  X (CU_POINTER_ATTRIBUTE_DEVICE_POINTER, 3) \
  X (CU_POINTER_ATTRIBUTE_HOST_POINTER, 4) \
  X (CU_POINTER_ATTRIBUTE_BUFFER_ID, 7) \
  X (CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, 9) \
  X (CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, 11) \
  X (CU_POINTER_ATTRIBUTE_RANGE_SIZE, 12)

/* CUmemorytype: the kinds of memory of a copy descriptor.  */
#define GT_CUDA_MEMORY_TYPES(X) \
  X (CU_MEMORYTYPE_HOST, 1) \
  X (CU_MEMORYTYPE_DEVICE, 2) \
  X (CU_MEMORYTYPE_ARRAY, 3) \
  X (CU_MEMORYTYPE_UNIFIED, 4)

/* CUjit_target: the values of the CU_JIT_TARGET option.  */
#define GT_CUDA_JIT_TARGETS(X) \
  X (CU_TARGET_COMPUTE_30, 30) \
  X (CU_TARGET_COMPUTE_35, 35) \
  X (CU_TARGET_COMPUTE_50, 50) \
  X (CU_TARGET_COMPUTE_52, 52) \
  X (CU_TARGET_COMPUTE_53, 53) \
  X (CU_TARGET_COMPUTE_60, 60) \
  X (CU_TARGET_COMPUTE_61, 61) \
  X (CU_TARGET_COMPUTE_62, 62) \
  X (CU_TARGET_COMPUTE_70, 70) \
  X (CU_TARGET_COMPUTE_72, 72) \
  X (CU_TARGET_COMPUTE_75, 75) \
  X (CU_TARGET_COMPUTE_80, 80) \
  X (CU_TARGET_COMPUTE_86, 86) \
  X (CU_TARGET_COMPUTE_87, 87) \
  X (CU_TARGET_COMPUTE_89, 89) \
  X (CU_TARGET_COMPUTE_90, 90)

/* Stream and event creation flags.  */
#define GT_CUDA_STREAM_FLAGS(X) \
  X (CU_STREAM_DEFAULT, 0) \
  X (CU_STREAM_NON_BLOCKING, 1)
#define GT_CUDA_EVENT_FLAGS(X) \
  X (CU_EVENT_DEFAULT, 0) \
  X (CU_EVENT_BLOCKING_SYNC, 1) \
  X (CU_EVENT_DISABLE_TIMING, 2) \
  X (CU_EVENT_INTERPROCESS, 4)

#ifndef __cuda_cuda_h__
/* Left out when the real cuda.h came first (see the top of the file).  */
#define GT_CUDA_ENUMERATOR(name, value) name = value,
enum cudaError_enum { GT_CUDA_RESULTS (GT_CUDA_ENUMERATOR) };
enum CUdevice_attribute_enum
  { GT_CUDA_DEVICE_ATTRIBUTES (GT_CUDA_ENUMERATOR) };
enum CUjit_option_enum { GT_CUDA_JIT_OPTIONS (GT_CUDA_ENUMERATOR) };
enum CUjitInputType_enum { GT_CUDA_JIT_INPUT_TYPES (GT_CUDA_ENUMERATOR) };
enum CUlimit_enum { GT_CUDA_LIMITS (GT_CUDA_ENUMERATOR) };
enum CUfunction_attribute_enum
  { GT_CUDA_FUNCTION_ATTRIBUTES (GT_CUDA_ENUMERATOR) };
enum CUpointer_attribute_enum
  { GT_CUDA_POINTER_ATTRIBUTES (GT_CUDA_ENUMERATOR) };
enum CUmemorytype_enum { GT_CUDA_MEMORY_TYPES (GT_CUDA_ENUMERATOR) };
enum CUjit_target_enum { GT_CUDA_JIT_TARGETS (GT_CUDA_ENUMERATOR) };
enum CUstream_flags_enum { GT_CUDA_STREAM_FLAGS (GT_CUDA_ENUMERATOR) };
enum CUevent_flags_enum { GT_CUDA_EVENT_FLAGS (GT_CUDA_ENUMERATOR) };
#undef GT_CUDA_ENUMERATOR
#endif

typedef enum cudaError_enum CUresult;
typedef enum CUdevice_attribute_enum CUdevice_attribute;
typedef enum CUjit_option_enum CUjit_option;
typedef enum CUjitInputType_enum CUjitInputType;
typedef enum CUlimit_enum CUlimit;
typedef enum CUfunction_attribute_enum CUfunction_attribute;
typedef enum CUpointer_attribute_enum CUpointer_attribute;
typedef enum CUmemorytype_enum CUmemorytype;
typedef enum CUjit_target_enum CUjit_target;

/* ---- Flags and special values (macros in cuda.h too).  ---- */

/* cuMemHostAlloc.  */
#define GT_CUDA_MEMHOSTALLOC_FLAGS(X) \
  X (CU_MEMHOSTALLOC_PORTABLE, 0x01) \
  X (CU_MEMHOSTALLOC_DEVICEMAP, 0x02) \
  X (CU_MEMHOSTALLOC_WRITECOMBINED, 0x04)
/* The EXTRA argument of cuLaunchKernel: a list of (key, value) words
   ended by CU_LAUNCH_PARAM_END.  */
#define GT_CUDA_LAUNCH_PARAMS(X) \
  X (CU_LAUNCH_PARAM_END_AS_INT, 0x00) \
  X (CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT, 0x01) \
  X (CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT, 0x02)

#ifndef __cuda_cuda_h__
#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_MEMHOSTALLOC_WRITECOMBINED 0x04
#define CU_LAUNCH_PARAM_END_AS_INT 0x00
#define CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT 0x01
#define CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT 0x02
#define CU_LAUNCH_PARAM_END ((void *) CU_LAUNCH_PARAM_END_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_POINTER \
  ((void *) CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_SIZE \
  ((void *) CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT)
/* Stream handles with a meaning of their own: the legacy NULL stream
   and the per-thread default stream.  */
#define CU_STREAM_LEGACY ((CUstream) 0x1)
#define CU_STREAM_PER_THREAD ((CUstream) 0x2)
#endif

/* ---- Copy descriptors of cuMemcpy2D and cuMemcpy3D, as (TYPE, FIELD)
   lists.  ---- */

#define GT_CUDA_MEMCPY2D_FIELDS(F) \
  F (size_t, srcXInBytes) \
  F (size_t, srcY) \
  F (CUmemorytype, srcMemoryType) \
  F (const void *, srcHost) \
  F (CUdeviceptr, srcDevice) \
  F (CUarray, srcArray) \
  F (size_t, srcPitch) \
  F (size_t, dstXInBytes) \
  F (size_t, dstY) \
  F (CUmemorytype, dstMemoryType) \
  F (void *, dstHost) \
  F (CUdeviceptr, dstDevice) \
  F (CUarray, dstArray) \
  F (size_t, dstPitch) \
  F (size_t, WidthInBytes) \
  F (size_t, Height)

/* RESERVED0/1 must be NULL and the LODs 0; SRCHEIGHT/DSTHEIGHT are the
   row counts of one slice (the Z pitch).  */
#define GT_CUDA_MEMCPY3D_FIELDS(F) \
  F (size_t, srcXInBytes) \
  F (size_t, srcY) \
  F (size_t, srcZ) \
  F (size_t, srcLOD) \
  F (CUmemorytype, srcMemoryType) \
  F (const void *, srcHost) \
  F (CUdeviceptr, srcDevice) \
  F (CUarray, srcArray) \
  F (void *, reserved0) \
  F (size_t, srcPitch) \
  F (size_t, srcHeight) \
  F (size_t, dstXInBytes) \
  F (size_t, dstY) \
  F (size_t, dstZ) \
  F (size_t, dstLOD) \
  F (CUmemorytype, dstMemoryType) \
  F (void *, dstHost) \
  F (CUdeviceptr, dstDevice) \
  F (CUarray, dstArray) \
  F (void *, reserved1) \
  F (size_t, dstPitch) \
  F (size_t, dstHeight) \
  F (size_t, WidthInBytes) \
  F (size_t, Height) \
  F (size_t, Depth)

#ifndef __cuda_cuda_h__
#define GT_CUDA_FIELD(type, name) type name;
struct CUDA_MEMCPY2D_st { GT_CUDA_MEMCPY2D_FIELDS (GT_CUDA_FIELD) };
struct CUDA_MEMCPY3D_st { GT_CUDA_MEMCPY3D_FIELDS (GT_CUDA_FIELD) };
#undef GT_CUDA_FIELD
#endif

typedef struct CUDA_MEMCPY2D_st CUDA_MEMCPY2D;
typedef struct CUDA_MEMCPY3D_st CUDA_MEMCPY3D;

/* ---- Functions, by the names libcuda.so.1 exports.  ---- */

/* Initialisation and version.  */
CUresult cuInit (unsigned int Flags);
CUresult cuDriverGetVersion (int *driverVersion);
CUresult cuGetErrorName (CUresult error, const char **pStr);
CUresult cuGetErrorString (CUresult error, const char **pStr);

/* Devices.  */
CUresult cuDeviceGetCount (int *count);
CUresult cuDeviceGet (CUdevice *device, int ordinal);
CUresult cuDeviceGetName (char *name, int len, CUdevice dev);
CUresult cuDeviceGetAttribute (int *pi, CUdevice_attribute attrib,
			       CUdevice dev);
CUresult cuDeviceTotalMem_v2 (size_t *bytes, CUdevice dev);
CUresult cuDeviceCanAccessPeer (int *canAccessPeer, CUdevice dev,
				CUdevice peerDev);

/* Contexts.  */
CUresult cuDevicePrimaryCtxRetain (CUcontext *pctx, CUdevice dev);
CUresult cuDevicePrimaryCtxRelease_v2 (CUdevice dev);
CUresult cuCtxSetCurrent (CUcontext ctx);
CUresult cuCtxGetCurrent (CUcontext *pctx);
CUresult cuCtxPushCurrent_v2 (CUcontext ctx);
CUresult cuCtxPopCurrent_v2 (CUcontext *pctx);
CUresult cuCtxGetDevice (CUdevice *device);
CUresult cuCtxSynchronize (void);
CUresult cuCtxSetLimit (CUlimit limit, size_t value);
CUresult cuCtxGetLimit (size_t *pvalue, CUlimit limit);
CUresult cuCtxEnablePeerAccess (CUcontext peerContext, unsigned int Flags);

/* Memory.  */
CUresult cuMemGetInfo_v2 (size_t *free, size_t *total);
CUresult cuMemAlloc_v2 (CUdeviceptr *dptr, size_t bytesize);
CUresult cuMemFree_v2 (CUdeviceptr dptr);
CUresult cuMemHostAlloc (void **pp, size_t bytesize, unsigned int Flags);
CUresult cuMemFreeHost (void *p);
CUresult cuMemHostGetDevicePointer_v2 (CUdeviceptr *pdptr, void *p,
				       unsigned int Flags);
CUresult cuPointerGetAttribute (void *data, CUpointer_attribute attribute,
				CUdeviceptr ptr);

/* Copies.  */
CUresult cuMemcpyHtoD_v2 (CUdeviceptr dstDevice, const void *srcHost,
			  size_t ByteCount);
CUresult cuMemcpyDtoH_v2 (void *dstHost, CUdeviceptr srcDevice,
			  size_t ByteCount);
CUresult cuMemcpyDtoD_v2 (CUdeviceptr dstDevice, CUdeviceptr srcDevice,
			  size_t ByteCount);
CUresult cuMemcpyHtoDAsync_v2 (CUdeviceptr dstDevice, const void *srcHost,
			       size_t ByteCount, CUstream hStream);
CUresult cuMemcpyDtoHAsync_v2 (void *dstHost, CUdeviceptr srcDevice,
			       size_t ByteCount, CUstream hStream);
CUresult cuMemcpyDtoDAsync_v2 (CUdeviceptr dstDevice, CUdeviceptr srcDevice,
			       size_t ByteCount, CUstream hStream);
CUresult cuMemcpyPeer (CUdeviceptr dstDevice, CUcontext dstContext,
		       CUdeviceptr srcDevice, CUcontext srcContext,
		       size_t ByteCount);
CUresult cuMemcpyPeerAsync (CUdeviceptr dstDevice, CUcontext dstContext,
			    CUdeviceptr srcDevice, CUcontext srcContext,
			    size_t ByteCount, CUstream hStream);
CUresult cuMemcpy2D_v2 (const CUDA_MEMCPY2D *pCopy);
CUresult cuMemcpy2DAsync_v2 (const CUDA_MEMCPY2D *pCopy, CUstream hStream);
CUresult cuMemcpy3D_v2 (const CUDA_MEMCPY3D *pCopy);
CUresult cuMemcpy3DAsync_v2 (const CUDA_MEMCPY3D *pCopy, CUstream hStream);

/* The JIT linker and modules.  */
CUresult cuLinkCreate_v2 (unsigned int numOptions, CUjit_option *options,
			  void **optionValues, CUlinkState *stateOut);
CUresult cuLinkAddData_v2 (CUlinkState state, CUjitInputType type,
			   void *data, size_t size, const char *name,
			   unsigned int numOptions, CUjit_option *options,
			   void **optionValues);
CUresult cuLinkComplete (CUlinkState state, void **cubinOut,
			 size_t *sizeOut);
CUresult cuLinkDestroy (CUlinkState state);
CUresult cuModuleLoadData (CUmodule *module, const void *image);
CUresult cuModuleUnload (CUmodule hmod);
CUresult cuModuleGetFunction (CUfunction *hfunc, CUmodule hmod,
			      const char *name);
CUresult cuModuleGetGlobal_v2 (CUdeviceptr *dptr, size_t *bytes,
			       CUmodule hmod, const char *name);
CUresult cuFuncGetAttribute (int *pi, CUfunction_attribute attrib,
			     CUfunction hfunc);
CUresult cuOccupancyMaxPotentialBlockSize
  (int *minGridSize, int *blockSize, CUfunction func,
   CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
   int blockSizeLimit);

/* Launches, streams and events.  */
CUresult cuLaunchKernel (CUfunction f, unsigned int gridDimX,
			 unsigned int gridDimY, unsigned int gridDimZ,
			 unsigned int blockDimX, unsigned int blockDimY,
			 unsigned int blockDimZ, unsigned int sharedMemBytes,
			 CUstream hStream, void **kernelParams, void **extra);
CUresult cuLaunchHostFunc (CUstream hStream, CUhostFn fn, void *userData);
CUresult cuStreamCreate (CUstream *phStream, unsigned int Flags);
CUresult cuStreamDestroy_v2 (CUstream hStream);
CUresult cuStreamQuery (CUstream hStream);
CUresult cuStreamSynchronize (CUstream hStream);
CUresult cuStreamWaitEvent (CUstream hStream, CUevent hEvent,
			    unsigned int Flags);
CUresult cuEventCreate (CUevent *phEvent, unsigned int Flags);
CUresult cuEventDestroy_v2 (CUevent hEvent);
CUresult cuEventRecord (CUevent hEvent, CUstream hStream);
CUresult cuEventQuery (CUevent hEvent);
CUresult cuEventSynchronize (CUevent hEvent);
CUresult cuEventElapsedTime (float *pMilliseconds, CUevent hStart,
			     CUevent hEnd);

#ifdef __cplusplus
}
#endif

#endif /* GOMPTARGET_CUDA_API_H */
