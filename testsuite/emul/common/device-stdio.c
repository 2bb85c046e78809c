/* device-stdio.c -- the C library's console output (printf and the rest
   of stdio's writers to stdout and stderr, and write) as device code of
   an emulated kernel does it: the library interposes libc's functions,
   and a call from device code goes to the device's console (CUDA's
   printf FIFO, a GCN kernel's output ring) through the registered
   struct emul_base; any other call goes on to libc.

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

/* This file defines the libc functions themselves.  */
#undef _FORTIFY_SOURCE

#include "emul-base.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#undef putc
#undef putchar
#undef fputc

/* glibc's fortified entry points, which programs built with
   _FORTIFY_SOURCE call instead (no prototype in stdio.h without it).  */
int __printf_chk (int flag, const char *format, ...);
int __fprintf_chk (FILE *stream, int flag, const char *format, ...);
int __vprintf_chk (int flag, const char *format, va_list ap);
int __vfprintf_chk (FILE *stream, int flag, const char *format, va_list ap);

void *
emul_next_symbol (const char *name)
{
  void *p = dlsym (RTLD_NEXT, name);

  if (p == NULL)
    {
      emul_report ("a libc function is missing");
      syscall (SYS_exit_group, 127);
    }
  return p;
}

/* The device code whose call returned to CALLER, or NULL.  */
static void *
device_of (const void *caller)
{
  const struct emul_base *b
    = __atomic_load_n (&emul_registered_base, __ATOMIC_ACQUIRE);

  return b != NULL ? b->device (caller) : NULL;
}

/* The device code that called the interposed function using it.  */
#define DEVICE() device_of (__builtin_return_address (0))

/* The same for a call writing to STREAM: NULL unless it is stdout or
   stderr.  */
#define DEVICE_STREAM(stream) \
  ((stream) == stdout || (stream) == stderr ? DEVICE () : NULL)

static void
device_write (void *dev, const void *buf, size_t n)
{
  emul_registered_base->device_write (dev, buf, n);
}

/* printf in device code DEV.  */
static int __attribute__ ((format (printf, 2, 0)))
device_vprintf (void *dev, const char *format, va_list ap)
{
  char buf[1024];
  va_list aq;
  int n;

  va_copy (aq, ap);
  n = vsnprintf (buf, sizeof buf, format, ap);
  if (n >= 0 && (size_t) n < sizeof buf)
    device_write (dev, buf, (size_t) n);
  else if (n >= 0)
    {
      char *p = malloc ((size_t) n + 1);
      if (p == NULL)
	n = -1;
      else
	{
	  vsnprintf (p, (size_t) n + 1, format, aq);
	  device_write (dev, p, (size_t) n);
	  free (p);
	}
    }
  va_end (aq);
  return n;
}

/* printf, and the forms of it, in device code DEV (if not NULL), else
   libc's vfprintf (CHK: __vfprintf_chk with FLAG) on STREAM.  */
static int __attribute__ ((format (printf, 5, 0)))
out_vprintf (void *dev, FILE *stream, bool chk, int flag, const char *format,
	     va_list ap)
{
  if (dev != NULL)
    return device_vprintf (dev, format, ap);
  if (chk)
    return EMUL_NEXT (__vfprintf_chk) (stream, flag, format, ap);
  return EMUL_NEXT (vfprintf) (stream, format, ap);
}

/* putc, putchar and fputc in device code DEV.  */
static int
device_putc (void *dev, int c)
{
  unsigned char ch = (unsigned char) c;

  device_write (dev, &ch, 1);
  return ch;
}

/* The interposed functions; the caller is found in each of them (the
   return address of one called by another would be this library).  */
#pragma GCC visibility push(default)

int
vfprintf (FILE *stream, const char *format, va_list ap)
{
  return out_vprintf (DEVICE_STREAM (stream), stream, false, 0, format, ap);
}

int
vprintf (const char *format, va_list ap)
{
  return out_vprintf (DEVICE (), stdout, false, 0, format, ap);
}

int
__vfprintf_chk (FILE *stream, int flag, const char *format, va_list ap)
{
  return out_vprintf (DEVICE_STREAM (stream), stream, true, flag, format,
		      ap);
}

int
__vprintf_chk (int flag, const char *format, va_list ap)
{
  return out_vprintf (DEVICE (), stdout, true, flag, format, ap);
}

int
printf (const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  int n = out_vprintf (DEVICE (), stdout, false, 0, format, ap);
  va_end (ap);
  return n;
}

int
fprintf (FILE *stream, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  int n = out_vprintf (DEVICE_STREAM (stream), stream, false, 0, format, ap);
  va_end (ap);
  return n;
}

int
__printf_chk (int flag, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  int n = out_vprintf (DEVICE (), stdout, true, flag, format, ap);
  va_end (ap);
  return n;
}

int
__fprintf_chk (FILE *stream, int flag, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  int n = out_vprintf (DEVICE_STREAM (stream), stream, true, flag, format,
		       ap);
  va_end (ap);
  return n;
}

int
puts (const char *s)
{
  void *dev = DEVICE ();

  if (dev != NULL)
    {
      size_t len = strlen (s);
      char *p = malloc (len + 1);
      if (p == NULL)
	return EOF;
      memcpy (p, s, len);
      p[len] = '\n';
      device_write (dev, p, len + 1);
      free (p);
      return (emul_registered_base->flags & EMUL_PUTS_RETURNS_LENGTH
	      ? (int) (len + 1) : 1);
    }
  return EMUL_NEXT (puts) (s);
}

int
fputs (const char *s, FILE *stream)
{
  void *dev = DEVICE_STREAM (stream);

  if (dev != NULL)
    {
      device_write (dev, s, strlen (s));
      return 1;
    }
  return EMUL_NEXT (fputs) (s, stream);
}

int
fputc (int c, FILE *stream)
{
  void *dev = DEVICE_STREAM (stream);
  return dev != NULL ? device_putc (dev, c) : EMUL_NEXT (fputc) (c, stream);
}

int
putc (int c, FILE *stream)
{
  void *dev = DEVICE_STREAM (stream);
  return dev != NULL ? device_putc (dev, c) : EMUL_NEXT (putc) (c, stream);
}

int
putchar (int c)
{
  void *dev = DEVICE ();
  return dev != NULL ? device_putc (dev, c) : EMUL_NEXT (putchar) (c);
}

size_t
fwrite (const void *ptr, size_t size, size_t n, FILE *stream)
{
  void *dev = DEVICE_STREAM (stream);

  if (dev != NULL)
    {
      if (size != 0 && n > SIZE_MAX / size)
	return 0;
      device_write (dev, ptr, size * n);
      return n;
    }
  return EMUL_NEXT (fwrite) (ptr, size, n, stream);
}

ssize_t
write (int fd, const void *buf, size_t count)
{
  void *dev = DEVICE ();

  if (dev != NULL && (fd == 1 || fd == 2))
    {
      device_write (dev, buf, count);
      return (ssize_t) count;
    }
  if (dev != NULL
      && (emul_registered_base->flags & EMUL_WRITE_CONSOLE_ONLY))
    {
      /* newlib's write () on GCN knows only the console.  */
      errno = EBADF;
      return -1;
    }
  return EMUL_NEXT (write) (fd, buf, count);
}

#pragma GCC visibility pop
