/* errors.c -- cuGetErrorName and cuGetErrorString of the emulated CUDA
   driver: a name and a description for every CUresult of cuda-api.h's
   list (which holds every code the emulator returns).

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

#include "emul-cuda.h"

const char *
emul_result_name (CUresult r)
{
  switch (r)
    {
#define X(name, value) case name: return #name;
      GT_CUDA_RESULTS (X)
#undef X
    default:
      return NULL;
    }
}

static const char *
description (CUresult r)
{
  switch (r)
    {
    case CUDA_SUCCESS: return "no error";
    case CUDA_ERROR_INVALID_VALUE: return "invalid argument";
    case CUDA_ERROR_OUT_OF_MEMORY: return "out of memory";
    case CUDA_ERROR_NOT_INITIALIZED: return "initialization error";
    case CUDA_ERROR_DEINITIALIZED: return "driver shutting down";
    case CUDA_ERROR_STUB_LIBRARY:
      return "CUDA driver is a stub library";
    case CUDA_ERROR_NO_DEVICE: return "no CUDA-capable device is detected";
    case CUDA_ERROR_INVALID_DEVICE: return "invalid device ordinal";
    case CUDA_ERROR_INVALID_IMAGE: return "device kernel image is invalid";
    case CUDA_ERROR_INVALID_CONTEXT: return "invalid device context";
    case CUDA_ERROR_CONTEXT_ALREADY_CURRENT:
      return "context already current";
    case CUDA_ERROR_NO_BINARY_FOR_GPU:
      return "no kernel image is available for execution on the device";
    case CUDA_ERROR_UNSUPPORTED_LIMIT: return "limit is not supported";
    case CUDA_ERROR_PEER_ACCESS_UNSUPPORTED:
      return "peer access is not supported between these two devices";
    case CUDA_ERROR_INVALID_PTX: return "a PTX JIT compilation failed";
    case CUDA_ERROR_JIT_COMPILER_NOT_FOUND:
      return "PTX JIT compiler library not found";
    case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
      return "the provided PTX was compiled with an unsupported toolchain";
    case CUDA_ERROR_INVALID_SOURCE: return "device kernel source is invalid";
    case CUDA_ERROR_FILE_NOT_FOUND: return "file not found";
    case CUDA_ERROR_INVALID_HANDLE: return "invalid resource handle";
    case CUDA_ERROR_ILLEGAL_STATE:
      return "the operation is not valid in the current state";
    case CUDA_ERROR_NOT_FOUND: return "named symbol not found";
    case CUDA_ERROR_NOT_READY: return "device not ready";
    case CUDA_ERROR_ILLEGAL_ADDRESS:
      return "an illegal memory access was encountered";
    case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
      return "too many resources requested for launch";
    case CUDA_ERROR_LAUNCH_TIMEOUT:
      return "the launch timed out and was terminated";
    case CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED:
      return "peer access is already enabled";
    case CUDA_ERROR_PEER_ACCESS_NOT_ENABLED:
      return "peer access has not been enabled";
    case CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE:
      return "cannot set while device is active in this process";
    case CUDA_ERROR_CONTEXT_IS_DESTROYED:
      return "context is destroyed";
    case CUDA_ERROR_ASSERT: return "device-side assert triggered";
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
      return "hardware stack error";
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
      return "an illegal instruction was encountered";
    case CUDA_ERROR_MISALIGNED_ADDRESS: return "misaligned address";
    case CUDA_ERROR_LAUNCH_FAILED: return "unspecified launch failure";
    case CUDA_ERROR_NOT_PERMITTED: return "operation not permitted";
    case CUDA_ERROR_NOT_SUPPORTED: return "operation not supported";
    case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
      return "system has unsupported display driver / cuda driver "
	     "combination";
    case CUDA_ERROR_UNKNOWN: return "unknown error";
    default:
      return NULL;
    }
}

/* Unknown codes: CUDA_ERROR_INVALID_VALUE and *PSTR NULL, as the
   driver does.  */
EMUL_PUBLIC CUresult
cuGetErrorName (CUresult error, const char **pStr)
{
  if (pStr == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *pStr = emul_result_name (error);
  return *pStr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

EMUL_PUBLIC CUresult
cuGetErrorString (CUresult error, const char **pStr)
{
  if (pStr == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *pStr = description (error);
  return *pStr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
