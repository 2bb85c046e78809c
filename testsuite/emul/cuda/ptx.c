/* ptx.c -- the PTX reader of the emulated CUDA driver.  It reads what a
   JIT linker needs from a PTX object: the .version, .target and
   .address_size header, the entries and functions (with parameter
   sizes) and the state-space variables (with sizes, alignment and
   initialisers, addresses of symbols included), each with its linkage;
   bodies are only checked for balance and scanned for the identifiers
   they use.  Malformed text is refused with a line number in the log.

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

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest variable or parameter array this JIT takes, in bytes.  */
#define MAX_OBJECT_SIZE ((size_t) 1 << 32)

/* ---- Logs.  ---- */

void
emul_log_printf (struct emul_log *log, const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  if (n < 0)
    return;
  size_t len = (size_t) n < sizeof buf ? (size_t) n : sizeof buf - 1;
  if (log->len + len + 2 > log->cap)
    {
      size_t cap = log->cap ? log->cap : 256;
      while (cap < log->len + len + 2)
	cap *= 2;
      char *grown = realloc (log->text, cap);
      if (grown == NULL)
	return;
      log->text = grown;
      log->cap = cap;
    }
  memcpy (log->text + log->len, buf, len);
  log->len += len;
  log->text[log->len++] = '\n';
  log->text[log->len] = '\0';
}

void
emul_log_free (struct emul_log *log)
{
  free (log->text);
  log->text = NULL;
  log->len = log->cap = 0;
}

/* ---- The table of targets.  ---- */

/* The PTX ISA version (10*major+minor) that introduced each target.  */
static const struct { int sm, ptx; } targets[] = {
  { 20, 20 }, { 30, 30 }, { 32, 40 }, { 35, 31 }, { 37, 41 },
  { 50, 40 }, { 52, 41 }, { 53, 42 }, { 60, 50 }, { 61, 50 },
  { 62, 50 }, { 70, 60 }, { 72, 61 }, { 75, 63 }, { 80, 70 },
  { 86, 71 }, { 87, 74 }, { 89, 78 }, { 90, 78 }, { 100, 86 },
  { 101, 86 }, { 103, 88 }, { 110, 90 }, { 120, 87 }, { 121, 88 }
};

int
ptx_min_version_for_sm (int sm)
{
  for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
    if (targets[i].sm == sm)
      return targets[i].ptx;
  return -1;
}

CUresult
ptx_check_target (const struct ptx_object *obj, int sm, struct emul_log *log)
{
  if (obj->version > emul_config.ptx_isa)
    {
      emul_log_printf (log, "%s: error: .version %d.%d is newer than the "
		       "PTX ISA %d.%d this driver supports", obj->name,
		       obj->version / 10, obj->version % 10,
		       emul_config.ptx_isa / 10, emul_config.ptx_isa % 10);
      return CUDA_ERROR_UNSUPPORTED_PTX_VERSION;
    }
  bool ok = obj->sm <= sm;
  if (obj->sm_suffix == 'a')
    ok = obj->sm == sm;
  else if (obj->sm_suffix == 'f')
    ok = obj->sm / 10 == sm / 10 && obj->sm <= sm;
  if (!ok)
    {
      emul_log_printf (log, "%s: error: .target sm_%d%s cannot be compiled "
		       "for the device's sm_%d", obj->name, obj->sm,
		       obj->sm_suffix == 'a' ? "a"
		       : obj->sm_suffix == 'f' ? "f" : "", sm);
      return CUDA_ERROR_INVALID_PTX;
    }
  return CUDA_SUCCESS;
}

/* ---- A set of identifiers.  ---- */

static size_t
hash_str (const char *s, size_t n)
{
  size_t h = 5381;
  for (size_t i = 0; i < n; i++)
    h = h * 33 + (unsigned char) s[i];
  return h;
}

static bool
used_add (struct ptx_object *obj, const char *s, size_t n)
{
  if (2 * (obj->nused + 1) > obj->used_cap)
    {
      size_t cap = obj->used_cap ? 2 * obj->used_cap : 256;
      char **grown = calloc (cap, sizeof *grown);
      if (grown == NULL)
	return false;
      for (size_t i = 0; i < obj->used_cap; i++)
	if (obj->used[i])
	  {
	    size_t j = hash_str (obj->used[i], strlen (obj->used[i]))
		       & (cap - 1);
	    while (grown[j])
	      j = (j + 1) & (cap - 1);
	    grown[j] = obj->used[i];
	  }
      free (obj->used);
      obj->used = grown;
      obj->used_cap = cap;
    }
  size_t j = hash_str (s, n) & (obj->used_cap - 1);
  while (obj->used[j])
    {
      if (strncmp (obj->used[j], s, n) == 0 && obj->used[j][n] == '\0')
	return true;
      j = (j + 1) & (obj->used_cap - 1);
    }
  obj->used[j] = strndup (s, n);
  if (obj->used[j] == NULL)
    return false;
  obj->nused++;
  return true;
}

bool
ptx_uses (const struct ptx_object *obj, const char *name)
{
  if (obj->used_cap == 0)
    return false;
  size_t n = strlen (name);
  for (size_t j = hash_str (name, n) & (obj->used_cap - 1); obj->used[j];
       j = (j + 1) & (obj->used_cap - 1))
    if (strcmp (obj->used[j], name) == 0)
      return true;
  return false;
}

/* ---- The lexer.  ---- */

enum tok { T_EOF, T_IDENT, T_DIRECTIVE, T_NUMBER, T_STRING, T_PUNCT };

struct token
{
  enum tok kind;
  const char *s;
  size_t len;
  int line;
};

struct parser
{
  const char *p, *end;
  int line;
  struct token tok;		/* The current token.  */
  struct ptx_object *obj;
  struct emul_log *log;
  bool failed;
};

static void
error_at (struct parser *ps, int line, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

static void
error_at (struct parser *ps, int line, const char *fmt, ...)
{
  if (ps->failed)
    return;
  ps->failed = true;
  char msg[256];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (msg, sizeof msg, fmt, ap);
  va_end (ap);
  emul_log_printf (ps->log, "%s, line %d: error: %s", ps->obj->name, line,
		   msg);
}

static bool
ident_start (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'
	 || c == '$' || c == '%';
}

static bool
ident_char (char c)
{
  return ident_start (c) || (c >= '0' && c <= '9');
}

/* Read the next token into ps->tok.  */
static void
next (struct parser *ps)
{
  const char *p = ps->p, *end = ps->end;
  for (;;)
    {
      while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'
			 || *p == '\f' || *p == '\v'))
	if (*p++ == '\n')
	  ps->line++;
      if (p + 1 < end && p[0] == '/' && p[1] == '/')
	{
	  while (p < end && *p != '\n')
	    p++;
	  continue;
	}
      if (p + 1 < end && p[0] == '/' && p[1] == '*')
	{
	  int start = ps->line;
	  p += 2;
	  while (p + 1 < end && !(p[0] == '*' && p[1] == '/'))
	    if (*p++ == '\n')
	      ps->line++;
	  if (p + 1 >= end)
	    {
	      error_at (ps, start, "unterminated comment");
	      p = end;
	    }
	  else
	    p += 2;
	  continue;
	}
      break;
    }
  struct token *t = &ps->tok;
  t->s = p;
  t->line = ps->line;
  if (p >= end)
    {
      t->kind = T_EOF;
      t->len = 0;
      ps->p = p;
      return;
    }
  char c = *p;
  if (c == '.' && p + 1 < end && ident_start (p[1]))
    {
      p++;
      while (p < end && ident_char (*p))
	p++;
      t->kind = T_DIRECTIVE;
    }
  else if (ident_start (c))
    {
      while (p < end && ident_char (*p))
	p++;
      t->kind = T_IDENT;
    }
  else if (c >= '0' && c <= '9')
    {
      bool hex = p + 1 < end && p[0] == '0'
		 && (p[1] == 'x' || p[1] == 'X' || p[1] == 'f' || p[1] == 'F'
		     || p[1] == 'd' || p[1] == 'D');
      bool dot = false;
      while (p < end && (ident_char (*p) || *p == '.'))
	{
	  /* A second '.', or one before a letter other than an exponent,
	     starts a directive: GCC 14's mkoffload writes
	     ".version 6.0.target sm_30" with no blank between.  */
	  if (*p == '.'
	      && (dot || (p + 1 < end && ident_start (p[1]) && p[1] != 'e'
			  && p[1] != 'E')))
	    break;
	  dot |= *p == '.';
	  if (!hex && (*p == 'e' || *p == 'E') && p + 1 < end
	      && (p[1] == '-' || p[1] == '+'))
	    p++;
	  p++;
	}
      t->kind = T_NUMBER;
    }
  else if (c == '"')
    {
      p++;
      while (p < end && *p != '"' && *p != '\n')
	p++;
      if (p >= end || *p != '"')
	error_at (ps, t->line, "unterminated string");
      else
	p++;
      t->kind = T_STRING;
    }
  else if (strchr ("{}()[];,=+-:@!<>|&*/~^?", c) != NULL)
    {
      p++;
      t->kind = T_PUNCT;
    }
  else
    {
      if ((unsigned char) c >= 0x20 && (unsigned char) c < 0x7f)
	error_at (ps, t->line, "unexpected character '%c'", c);
      else
	error_at (ps, t->line, "unexpected byte 0x%02x: not PTX text",
		  (unsigned char) c);
      t->kind = T_EOF;
      t->len = 0;
      ps->p = end;
      return;
    }
  t->len = (size_t) (p - t->s);
  ps->p = p;
}

static bool
is (const struct parser *ps, const char *s)
{
  size_t n = strlen (s);
  return ps->tok.kind != T_EOF && ps->tok.len == n
	 && memcmp (ps->tok.s, s, n) == 0;
}

static bool
punct (const struct parser *ps, char c)
{
  return ps->tok.kind == T_PUNCT && ps->tok.s[0] == c;
}

static const char *
tok_text (const struct parser *ps, char *buf, size_t size)
{
  if (ps->tok.kind == T_EOF)
    return "end of file";
  size_t n = ps->tok.len < size - 1 ? ps->tok.len : size - 1;
  memcpy (buf, ps->tok.s, n);
  buf[n] = '\0';
  return buf;
}

static void
unexpected (struct parser *ps, const char *wanted)
{
  char buf[64];
  error_at (ps, ps->tok.line, "expected %s, found '%s'", wanted,
	    tok_text (ps, buf, sizeof buf));
}

static bool
expect_punct (struct parser *ps, char c)
{
  if (!punct (ps, c))
    {
      char what[8] = { '\'', c, '\'', 0 };
      unexpected (ps, what);
      return false;
    }
  next (ps);
  return true;
}

/* An unsigned decimal or hexadecimal integer token.  */
static bool
number_value (struct parser *ps, unsigned long long *out)
{
  if (ps->tok.kind != T_NUMBER)
    {
      unexpected (ps, "a number");
      return false;
    }
  char buf[64];
  tok_text (ps, buf, sizeof buf);
  size_t n = strlen (buf);
  if (n > 0 && (buf[n - 1] == 'U' || buf[n - 1] == 'u'))
    buf[--n] = '\0';
  char *e;
  unsigned long long v;
  errno = 0;
  if (n > 2 && buf[0] == '0' && (buf[1] == 'b' || buf[1] == 'B'))
    v = strtoull (buf + 2, &e, 2);
  else
    v = strtoull (buf, &e, 0);
  if (*e != '\0' || errno == ERANGE)
    {
      error_at (ps, ps->tok.line, "bad integer '%s'", buf);
      return false;
    }
  *out = v;
  next (ps);
  return true;
}

/* ---- Symbols.  ---- */

static size_t
type_size (const struct parser *ps)
{
  static const struct { const char *name; size_t size; } types[] = {
    { ".b8", 1 }, { ".u8", 1 }, { ".s8", 1 }, { ".pred", 1 },
    { ".b16", 2 }, { ".u16", 2 }, { ".s16", 2 }, { ".f16", 2 },
    { ".bf16", 2 }, { ".b32", 4 }, { ".u32", 4 }, { ".s32", 4 },
    { ".f32", 4 }, { ".f16x2", 4 }, { ".bf16x2", 4 }, { ".b64", 8 },
    { ".u64", 8 }, { ".s64", 8 }, { ".f64", 8 }, { ".b128", 16 },
    { ".texref", 8 }, { ".samplerref", 8 }, { ".surfref", 8 }
  };
  if (ps->tok.kind != T_DIRECTIVE)
    return 0;
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (is (ps, types[i].name))
      return types[i].size;
  return 0;
}

static bool
float_type (const struct parser *ps)
{
  return is (ps, ".f32") || is (ps, ".f64");
}

static struct ptx_sym *
new_sym (struct parser *ps, const char *name, size_t len,
	 enum ptx_kind kind, enum ptx_linkage linkage, bool defined, int line)
{
  struct ptx_object *obj = ps->obj;
  for (size_t i = 0; i < obj->nsyms; i++)
    {
      struct ptx_sym *s = &obj->syms[i];
      if (strlen (s->name) != len || memcmp (s->name, name, len) != 0)
	continue;
      if (s->kind != kind)
	{
	  error_at (ps, line, "'%s' redeclared as a different kind of symbol",
		    s->name);
	  return NULL;
	}
      if (s->defined && defined)
	{
	  error_at (ps, line, "duplicate definition of '%s' (first at line "
		    "%d)", s->name, s->line);
	  return NULL;
	}
      if (defined)
	{
	  /* A definition after a declaration: it wins.  */
	  s->defined = true;
	  s->linkage = linkage == PTX_EXTERN ? PTX_VISIBLE : linkage;
	  s->line = line;
	}
      else if (linkage == PTX_VISIBLE && s->linkage == PTX_STATIC)
	s->linkage = linkage;
      return s;
    }
  struct ptx_sym *grown = realloc (obj->syms, (obj->nsyms + 1) * sizeof *grown);
  if (grown == NULL)
    {
      error_at (ps, line, "out of memory");
      return NULL;
    }
  obj->syms = grown;
  struct ptx_sym *s = &obj->syms[obj->nsyms];
  memset (s, 0, sizeof *s);
  s->name = strndup (name, len);
  if (s->name == NULL)
    {
      error_at (ps, line, "out of memory");
      return NULL;
    }
  obj->nsyms++;
  s->kind = kind;
  s->linkage = linkage;
  s->defined = defined;
  s->line = line;
  return s;
}

/* Skip a balanced block starting at '{', recording the identifiers in it
   when RECORD.  */
static void
skip_block (struct parser *ps, bool record)
{
  int depth = 0, start = ps->tok.line;
  do
    {
      if (ps->tok.kind == T_EOF)
	{
	  error_at (ps, start, "unbalanced '{'");
	  return;
	}
      if (punct (ps, '{'))
	depth++;
      else if (punct (ps, '}'))
	depth--;
      else if (record && ps->tok.kind == T_IDENT && ps->tok.s[0] != '%')
	used_add (ps->obj, ps->tok.s, ps->tok.len);
      next (ps);
    }
  while (depth > 0 && !ps->failed);
}

/* One parameter "[.param|.reg] [.align N] .TYPE name[[N]]" of an entry
   or a function; its size and alignment go to SYM when it is non-NULL.  */
static void
parameter (struct parser *ps, struct ptx_sym *sym)
{
  size_t align = 0, size;
  if (is (ps, ".param") || is (ps, ".reg"))
    next (ps);
  while (is (ps, ".ptr") || is (ps, ".global") || is (ps, ".const")
	 || is (ps, ".local") || is (ps, ".shared"))
    next (ps);
  if (is (ps, ".align"))
    {
      unsigned long long a;
      next (ps);
      if (!number_value (ps, &a))
	return;
      align = (size_t) a;
    }
  while (is (ps, ".ptr") || is (ps, ".global") || is (ps, ".const")
	 || is (ps, ".local") || is (ps, ".shared"))
    next (ps);
  size = type_size (ps);
  if (size == 0)
    {
      unexpected (ps, "a parameter type");
      return;
    }
  next (ps);
  if (ps->tok.kind != T_IDENT)
    {
      unexpected (ps, "a parameter name");
      return;
    }
  next (ps);
  size_t elem = size;
  while (punct (ps, '['))
    {
      unsigned long long n;
      next (ps);
      if (!number_value (ps, &n) || !expect_punct (ps, ']'))
	return;
      if (size != 0 && n > MAX_OBJECT_SIZE / size)
	{
	  error_at (ps, ps->tok.line, "a parameter of more than %zu bytes",
		    MAX_OBJECT_SIZE);
	  return;
	}
      size *= (size_t) n;
    }
  if (align == 0)
    align = elem;
  if (sym)
    {
      size_t *ps_ = realloc (sym->param_size,
			     (size_t) (sym->nparams + 1) * sizeof *ps_);
      if (ps_)
	sym->param_size = ps_;
      size_t *pa = realloc (sym->param_align,
			    (size_t) (sym->nparams + 1) * sizeof *pa);
      if (pa)
	sym->param_align = pa;
      if (ps_ == NULL || pa == NULL)
	{
	  error_at (ps, ps->tok.line, "out of memory");
	  return;
	}
      sym->param_size[sym->nparams] = size;
      sym->param_align[sym->nparams] = align;
      sym->nparams++;
    }
}

/* "( parameter, ... )".  */
static void
parameter_list (struct parser *ps, struct ptx_sym *sym)
{
  next (ps);			/* '(' */
  if (punct (ps, ')'))
    {
      next (ps);
      return;
    }
  for (;;)
    {
      parameter (ps, sym);
      if (ps->failed)
	return;
      if (punct (ps, ')'))
	{
	  next (ps);
	  return;
	}
      if (!expect_punct (ps, ','))
	return;
    }
}

/* ".entry NAME (params) [performance directives] { body } | ;" and
   ".func [(ret)] NAME [(params)] [.noreturn] { body } | ;".  */
static void
function (struct parser *ps, enum ptx_linkage linkage)
{
  bool entry = is (ps, ".entry");
  int line = ps->tok.line;
  next (ps);
  if (!entry && punct (ps, '('))
    parameter_list (ps, NULL);
  if (ps->failed)
    return;
  if (ps->tok.kind != T_IDENT)
    {
      unexpected (ps, "a function name");
      return;
    }
  struct token name = ps->tok;
  next (ps);
  /* Parameters are recorded for a definition (or a first declaration);
     a declaration repeating them is read and dropped.  */
  struct ptx_sym scratch;
  memset (&scratch, 0, sizeof scratch);
  if (punct (ps, '('))
    parameter_list (ps, &scratch);
  for (;;)
    {
      if (ps->failed)
	break;
      if (is (ps, ".noreturn"))
	next (ps);
      else if (is (ps, ".maxntid") || is (ps, ".reqntid")
	       || is (ps, ".minnctapersm") || is (ps, ".maxnreg")
	       || is (ps, ".maxnctapersm") || is (ps, ".explicitcluster")
	       || is (ps, ".reqnctapercluster") || is (ps, ".maxclusterrank"))
	{
	  next (ps);
	  while (ps->tok.kind == T_NUMBER || punct (ps, ','))
	    next (ps);
	}
      else if (is (ps, ".pragma"))
	{
	  next (ps);
	  while (ps->tok.kind == T_STRING || punct (ps, ','))
	    next (ps);
	  expect_punct (ps, ';');
	}
      else
	break;
    }
  bool defined = punct (ps, '{');
  if (!ps->failed && !defined && !punct (ps, ';'))
    unexpected (ps, "'{' or ';'");
  struct ptx_sym *sym = NULL;
  if (!ps->failed)
    {
      /* On an error, the parameters read are freed below.  */
      if (linkage == PTX_EXTERN && defined)
	error_at (ps, line, "an .extern function cannot have a body");
      else
	sym = new_sym (ps, name.s, name.len, entry ? PTX_ENTRY : PTX_FUNC,
		       linkage, defined, line);
    }
  if (sym && (defined || sym->nparams == 0))
    {
      free (sym->param_size);
      free (sym->param_align);
      sym->nparams = scratch.nparams;
      sym->param_size = scratch.param_size;
      sym->param_align = scratch.param_align;
    }
  else
    {
      free (scratch.param_size);
      free (scratch.param_align);
    }
  if (ps->failed)
    return;
  if (defined)
    skip_block (ps, true);
  else
    next (ps);
}

/* Store V at P in LEN bytes (little-endian): its low LEN bytes, or V
   and zeros for an element wider than V (a vector's).  */
static void
store (unsigned char *p, unsigned long long v, size_t len)
{
  for (size_t i = 0; i < len; i++)
    p[i] = i < sizeof v ? (unsigned char) (v >> (8 * i)) : 0;
}

struct init_state
{
  struct ptx_sym *sym;
  size_t elem;			/* Bytes per element.  */
  bool is_float;
  size_t count;			/* Elements written.  */
  size_t cap;			/* Bytes of sym->init.  */
};

/* One initialiser value: a number, or the address of a symbol
   ("sym", "generic(sym)", optionally "+ N").  */
static void
init_value (struct parser *ps, struct init_state *st)
{
  size_t at = st->count * st->elem;
  if (at + st->elem > st->cap)
    {
      size_t cap = st->cap ? 2 * st->cap : 64;
      while (cap < at + st->elem)
	cap *= 2;
      unsigned char *grown = realloc (st->sym->init, cap);
      if (grown == NULL)
	{
	  error_at (ps, ps->tok.line, "out of memory");
	  return;
	}
      memset (grown + st->cap, 0, cap - st->cap);
      st->sym->init = grown;
      st->cap = cap;
    }
  unsigned char *dst = st->sym->init + at;
  bool negative = false;
  if (punct (ps, '-'))
    {
      negative = true;
      next (ps);
    }
  if (ps->tok.kind == T_NUMBER)
    {
      char buf[64];
      tok_text (ps, buf, sizeof buf);
      unsigned long long bits;
      char *e;
      if ((buf[0] == '0' && (buf[1] == 'f' || buf[1] == 'F'))
	  || (buf[0] == '0' && (buf[1] == 'd' || buf[1] == 'D')))
	{
	  bits = strtoull (buf + 2, &e, 16);
	  if (negative)
	    bits ^= buf[1] == 'f' || buf[1] == 'F' ? 0x80000000ULL
						  : 0x8000000000000000ULL;
	}
      else if (strpbrk (buf, ".eE") != NULL && buf[1] != 'x'
	       && buf[1] != 'X')
	{
	  double d = strtod (buf, &e);
	  if (negative)
	    d = -d;
	  if (st->is_float && st->elem == 4)
	    {
	      float f = (float) d;
	      uint32_t u;
	      memcpy (&u, &f, 4);
	      bits = u;
	    }
	  else if (st->is_float)
	    memcpy (&bits, &d, 8);
	  else if (d > -9.2e18 && d < 9.2e18)
	    bits = (unsigned long long) (long long) d;
	  else
	    {
	      /* Out of the integer's range (or not a number): no value the
		 conversion could give.  */
	      error_at (ps, ps->tok.line, "initialiser %s out of range", buf);
	      return;
	    }
	}
      else
	{
	  size_t n = strlen (buf);
	  if (n > 0 && (buf[n - 1] == 'U' || buf[n - 1] == 'u'))
	    buf[--n] = '\0';
	  if (n > 2 && buf[0] == '0' && (buf[1] == 'b' || buf[1] == 'B'))
	    bits = strtoull (buf + 2, &e, 2);
	  else
	    bits = strtoull (buf, &e, 0);
	  if (st->is_float)
	    {
	      double d = (double) bits;
	      if (negative)
		d = -d;
	      if (st->elem == 4)
		{
		  float f = (float) d;
		  uint32_t u;
		  memcpy (&u, &f, 4);
		  bits = u;
		}
	      else
		memcpy (&bits, &d, 8);
	    }
	  else if (negative)
	    bits = -bits;
	}
      if (*e != '\0')
	{
	  error_at (ps, ps->tok.line, "bad number '%s' in an initialiser", buf);
	  return;
	}
      store (dst, bits, st->elem);
      next (ps);
    }
  else if (ps->tok.kind == T_IDENT && !negative)
    {
      bool generic = is (ps, "generic");
      if (generic)
	{
	  next (ps);
	  if (!expect_punct (ps, '('))
	    return;
	  if (ps->tok.kind != T_IDENT)
	    {
	      unexpected (ps, "a symbol name");
	      return;
	    }
	}
      struct token name = ps->tok;
      next (ps);
      if (generic && !expect_punct (ps, ')'))
	return;
      long long addend = 0;
      if (punct (ps, '+') || punct (ps, '-'))
	{
	  bool minus = punct (ps, '-');
	  unsigned long long v;
	  next (ps);
	  if (!number_value (ps, &v))
	    return;
	  addend = minus ? -(long long) v : (long long) v;
	}
      if (st->elem < 4)
	{
	  error_at (ps, name.line, "address of a symbol in a %zu-byte "
		    "element", st->elem);
	  return;
	}
      struct ptx_sym *sym = st->sym;
      struct ptx_reloc *grown = realloc (sym->relocs, (sym->nrelocs + 1)
						      * sizeof *grown);
      char *target = strndup (name.s, name.len);
      if (grown == NULL || target == NULL)
	{
	  free (target);
	  if (grown)
	    sym->relocs = grown;
	  error_at (ps, name.line, "out of memory");
	  return;
	}
      sym->relocs = grown;
      sym->relocs[sym->nrelocs++]
	= (struct ptx_reloc) { at, target, addend, (unsigned) st->elem };
      used_add (ps->obj, name.s, name.len);
    }
  else
    {
      unexpected (ps, "an initialiser value");
      return;
    }
  st->count++;
}

/* A value or a braced list of initialisers (nested braces flatten).  */
static void
initialiser (struct parser *ps, struct init_state *st)
{
  if (!punct (ps, '{'))
    {
      init_value (ps, st);
      return;
    }
  next (ps);
  if (punct (ps, '}'))
    {
      next (ps);
      return;
    }
  for (;;)
    {
      initialiser (ps, st);
      if (ps->failed)
	return;
      if (punct (ps, '}'))
	{
	  next (ps);
	  return;
	}
      if (!expect_punct (ps, ','))
	return;
    }
}

/* "SPACE [.align N] [.vN] .TYPE name[[N]...] [= init] [, name ...] ;".  */
static void
variable (struct parser *ps, enum ptx_linkage linkage)
{
  enum ptx_space space = is (ps, ".global") ? PTX_GLOBAL
			 : is (ps, ".const") ? PTX_CONST
			 : is (ps, ".shared") ? PTX_SHARED : PTX_LOCAL;
  next (ps);
  size_t align = 0, vec = 1;
  for (;;)
    {
      if (is (ps, ".align"))
	{
	  unsigned long long a;
	  next (ps);
	  if (!number_value (ps, &a))
	    return;
	  if (a == 0 || (a & (a - 1)) != 0)
	    {
	      error_at (ps, ps->tok.line, "alignment %llu is not a power of "
			"two", a);
	      return;
	    }
	  align = (size_t) a;
	}
      else if (is (ps, ".v2") || is (ps, ".v4") || is (ps, ".v8"))
	{
	  vec = (size_t) (ps->tok.s[2] - '0');
	  next (ps);
	}
      else if (is (ps, ".attribute"))
	{
	  next (ps);
	  if (!punct (ps, '('))
	    {
	      unexpected (ps, "'('");
	      return;
	    }
	  while (!punct (ps, ')') && ps->tok.kind != T_EOF)
	    next (ps);
	  expect_punct (ps, ')');
	}
      else if (is (ps, ".ptr"))
	next (ps);
      else
	break;
    }
  size_t elem = type_size (ps) * vec;
  if (elem == 0)
    {
      unexpected (ps, "a type");
      return;
    }
  bool is_float = float_type (ps) && vec == 1;
  next (ps);
  for (;;)
    {
      if (ps->failed)
	return;
      if (ps->tok.kind != T_IDENT)
	{
	  unexpected (ps, "a variable name");
	  return;
	}
      struct token name = ps->tok;
      next (ps);
      size_t count = 1;
      bool unsized = false;
      while (punct (ps, '['))
	{
	  next (ps);
	  if (punct (ps, ']'))
	    {
	      unsized = true;
	      next (ps);
	      continue;
	    }
	  unsigned long long n;
	  if (!number_value (ps, &n) || !expect_punct (ps, ']'))
	    return;
	  if (count != 0 && n > MAX_OBJECT_SIZE / elem / count)
	    {
	      error_at (ps, name.line, "variable '%.*s' of more than %zu "
			"bytes", (int) name.len, name.s, MAX_OBJECT_SIZE);
	      return;
	    }
	  count *= (size_t) n;
	}
      bool has_init = punct (ps, '=');
      bool defined = linkage != PTX_EXTERN;
      if (has_init && linkage == PTX_EXTERN)
	{
	  error_at (ps, name.line, "an .extern variable cannot have an "
		    "initialiser");
	  return;
	}
      struct ptx_sym *sym = new_sym (ps, name.s, name.len, PTX_VAR, linkage,
				     defined, name.line);
      if (sym == NULL)
	return;
      sym->space = space;
      sym->align = align ? align : elem / vec;
      sym->size = elem * count;
      if (has_init)
	{
	  if (space == PTX_SHARED || space == PTX_LOCAL)
	    {
	      error_at (ps, name.line, "variables in .shared or .local "
			"cannot be initialised");
	      return;
	    }
	  next (ps);
	  struct init_state st = { sym, elem, is_float, 0, 0 };
	  initialiser (ps, &st);
	  if (ps->failed)
	    return;
	  if (unsized)
	    sym->size = st.count * elem;
	  else if (st.count > count)
	    {
	      error_at (ps, name.line, "too many initialisers for '%s'",
			sym->name);
	      return;
	    }
	  if (st.cap < sym->size)
	    {
	      unsigned char *grown = realloc (sym->init, sym->size ? sym->size
								    : 1);
	      if (grown == NULL)
		{
		  error_at (ps, name.line, "out of memory");
		  return;
		}
	      memset (grown + st.cap, 0, sym->size - st.cap);
	      sym->init = grown;
	    }
	}
      else if (unsized && defined)
	{
	  error_at (ps, name.line, "array '%s' without a size or an "
		    "initialiser", sym->name);
	  return;
	}
      if (punct (ps, ','))
	{
	  next (ps);
	  continue;
	}
      expect_punct (ps, ';');
      return;
    }
}

/* "MAJOR.MINOR" as 10*major+minor.  */
static bool
version_number (struct parser *ps, int *out)
{
  char buf[16];
  if (ps->tok.kind != T_NUMBER)
    {
      unexpected (ps, "a version number");
      return false;
    }
  tok_text (ps, buf, sizeof buf);
  unsigned major, minor;
  char extra;
  if (sscanf (buf, "%u.%u%c", &major, &minor, &extra) != 2 || minor > 9
      || major > 99)
    {
      error_at (ps, ps->tok.line, "bad version '%s'", buf);
      return false;
    }
  *out = (int) (major * 10 + minor);
  next (ps);
  return true;
}

/* ".target sm_NN[a|f] [, option]..." (no semicolon).  */
static void
target (struct parser *ps)
{
  int line = ps->tok.line;
  next (ps);
  bool have_sm = false;
  for (;;)
    {
      if (ps->tok.kind != T_IDENT)
	{
	  unexpected (ps, "a target name");
	  return;
	}
      if (ps->tok.len > 3 && memcmp (ps->tok.s, "sm_", 3) == 0)
	{
	  char buf[32];
	  tok_text (ps, buf, sizeof buf);
	  unsigned sm;
	  char suffix = 0, extra = 0;
	  int n = sscanf (buf + 3, "%u%c%c", &sm, &suffix, &extra);
	  if (n < 1 || n > 2 || (n == 2 && suffix != 'a' && suffix != 'f')
	      || ptx_min_version_for_sm ((int) sm) < 0)
	    {
	      error_at (ps, ps->tok.line, "unknown target '%s'", buf);
	      return;
	    }
	  if (have_sm)
	    {
	      error_at (ps, ps->tok.line, "more than one sm_ target");
	      return;
	    }
	  have_sm = true;
	  ps->obj->sm = (int) sm;
	  ps->obj->sm_suffix = n == 2 ? suffix : 0;
	}
      else if (!is (ps, "debug") && !is (ps, "texmode_unified")
	       && !is (ps, "texmode_independent")
	       && !is (ps, "map_f64_to_f32"))
	{
	  char buf[64];
	  error_at (ps, ps->tok.line, "unknown target option '%s'",
		    tok_text (ps, buf, sizeof buf));
	  return;
	}
      next (ps);
      if (!punct (ps, ','))
	break;
      next (ps);
    }
  if (!have_sm)
    {
      error_at (ps, line, ".target names no sm_ architecture");
      return;
    }
  int need = ptx_min_version_for_sm (ps->obj->sm);
  if (ps->obj->sm_suffix == 'a' && need < 80)
    need = 80;
  if (ps->obj->version < need)
    error_at (ps, line, ".target sm_%d needs PTX ISA %d.%d or newer, not "
	      "%d.%d", ps->obj->sm, need / 10, need % 10,
	      ps->obj->version / 10, ps->obj->version % 10);
}

static void
module (struct parser *ps)
{
  next (ps);
  if (!is (ps, ".version"))
    {
      unexpected (ps, "'.version'");
      return;
    }
  next (ps);
  if (!version_number (ps, &ps->obj->version))
    return;
  if (!is (ps, ".target"))
    {
      unexpected (ps, "'.target'");
      return;
    }
  target (ps);
  if (!ps->failed && is (ps, ".address_size"))
    {
      unsigned long long n;
      int line = ps->tok.line;
      next (ps);
      if (!number_value (ps, &n))
	return;
      if (n != 64)
	{
	  error_at (ps, line, ".address_size %llu is not supported (64 only)",
		    n);
	  return;
	}
    }
  while (!ps->failed && ps->tok.kind != T_EOF)
    {
      enum ptx_linkage linkage = PTX_STATIC;
      if (is (ps, ".visible"))
	linkage = PTX_VISIBLE;
      else if (is (ps, ".extern"))
	linkage = PTX_EXTERN;
      else if (is (ps, ".weak"))
	linkage = PTX_WEAK;
      else if (is (ps, ".common"))
	linkage = PTX_COMMON;
      if (linkage != PTX_STATIC)
	next (ps);

      if (is (ps, ".entry") || is (ps, ".func"))
	function (ps, linkage);
      else if (is (ps, ".global") || is (ps, ".const") || is (ps, ".shared")
	       || is (ps, ".local"))
	variable (ps, linkage);
      else if (linkage != PTX_STATIC)
	unexpected (ps, "'.entry', '.func' or a state space");
      else if (is (ps, ".file"))
	{
	  /* .file N "name" [, timestamp, size] -- no semicolon.  */
	  next (ps);
	  unsigned long long n;
	  if (!number_value (ps, &n))
	    break;
	  if (ps->tok.kind != T_STRING)
	    {
	      unexpected (ps, "a file name");
	      break;
	    }
	  next (ps);
	  while (punct (ps, ','))
	    {
	      next (ps);
	      if (!number_value (ps, &n))
		break;
	    }
	}
      else if (is (ps, ".section"))
	{
	  next (ps);
	  if (ps->tok.kind != T_DIRECTIVE && ps->tok.kind != T_IDENT)
	    {
	      unexpected (ps, "a section name");
	      break;
	    }
	  next (ps);
	  if (!punct (ps, '{'))
	    {
	      unexpected (ps, "'{'");
	      break;
	    }
	  skip_block (ps, false);
	}
      else if (is (ps, ".pragma"))
	{
	  next (ps);
	  while (ps->tok.kind == T_STRING || punct (ps, ','))
	    next (ps);
	  expect_punct (ps, ';');
	}
      else if (is (ps, ".alias"))
	{
	  next (ps);
	  if (ps->tok.kind != T_IDENT)
	    {
	      unexpected (ps, "an alias name");
	      break;
	    }
	  struct token alias = ps->tok;
	  next (ps);
	  if (!expect_punct (ps, ','))
	    break;
	  if (ps->tok.kind != T_IDENT)
	    {
	      unexpected (ps, "an aliasee name");
	      break;
	    }
	  used_add (ps->obj, ps->tok.s, ps->tok.len);
	  next (ps);
	  if (expect_punct (ps, ';'))
	    new_sym (ps, alias.s, alias.len, PTX_FUNC, PTX_VISIBLE, true,
		     alias.line);
	}
      else if (is (ps, ".version") || is (ps, ".target")
	       || is (ps, ".address_size"))
	{
	  char buf[32];
	  error_at (ps, ps->tok.line, "'%s' repeated or out of place",
		    tok_text (ps, buf, sizeof buf));
	}
      else
	unexpected (ps, "a directive");
    }
}

CUresult
ptx_parse (const char *text, size_t len, const char *name,
	   struct ptx_object **out, struct emul_log *log)
{
  struct ptx_object *obj = calloc (1, sizeof *obj);
  if (obj == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  obj->name = strdup (name ? name : "<ptx>");
  if (obj->name == NULL)
    {
      free (obj);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  const void *nul = memchr (text, '\0', len);
  struct parser ps = { text, nul ? (const char *) nul : text + len, 1,
		       { T_EOF, text, 0, 1 }, obj, log, false };
  module (&ps);
  if (ps.failed)
    {
      ptx_free (obj);
      return CUDA_ERROR_INVALID_PTX;
    }
  *out = obj;
  return CUDA_SUCCESS;
}

void
ptx_free (struct ptx_object *obj)
{
  if (obj == NULL)
    return;
  for (size_t i = 0; i < obj->nsyms; i++)
    {
      struct ptx_sym *s = &obj->syms[i];
      free (s->name);
      free (s->init);
      for (size_t j = 0; j < s->nrelocs; j++)
	free (s->relocs[j].sym);
      free (s->relocs);
      free (s->param_size);
      free (s->param_align);
    }
  free (obj->syms);
  for (size_t i = 0; i < obj->used_cap; i++)
    free (obj->used[i]);
  free (obj->used);
  free (obj->name);
  free (obj);
}

const struct ptx_sym *
ptx_find (const struct ptx_object *obj, const char *name)
{
  for (size_t i = 0; i < obj->nsyms; i++)
    if (strcmp (obj->syms[i].name, name) == 0)
      return &obj->syms[i];
  return NULL;
}
