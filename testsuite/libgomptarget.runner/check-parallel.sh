#!/bin/sh
# check-parallel.sh -- the check of testsuite/dejagnu-parallel: a small
# DejaGnu testsuite of three folders (a pass, a fail, an unsupported
# test and another pass), run with two processes and with one; the
# merged summary must be what one runtest writes.  Prints a PASS: or
# FAIL: line per check.
# Copyright (C) 2026 The gomptarget authors.
# SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
#
# Usage: check-parallel.sh DEJAGNU-PARALLEL RUNTEST

par=$1 runtest=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/check-parallel.XXXXXX") || exit 1
# Its path without "..": one runtest names the .exp files by the srcdir
# it is given, dejagnu-parallel by its absolute path.
work=$(cd "$work" && pwd -P) || exit 1
trap 'rm -rf "$work"' EXIT
src=$work/src
mkdir -p "$src/demo.a" "$src/demo.b" "$src/demo.c" "$work/serial" \
	 "$work/two" "$work/some" || exit 1
# The first folder ends last when they run side by side: the merged
# files must keep the folders' order, not the order they end in.
printf 'after 1500\npass "a1"\n' > "$src/demo.a/a.exp"
printf 'fail "b1"\n' > "$src/demo.b/b.exp"
printf 'unsupported "c1"\npass "c2"\n' > "$src/demo.c/c.exp"
for d in serial two some; do
  printf 'set srcdir "%s"\nset objdir "%s"\n' "$src" "$work/$d" \
    > "$work/$d/site.exp"
done

check ()
{
  if [ "$2" = 0 ]; then echo "PASS: $1"; else echo "FAIL: $1${3:+: $3}"; fi
}
results ()
{
  grep -E '^(PASS|FAIL|UNSUPPORTED|# of|Running /)' "$1"
}

(cd "$work/serial" && sh "$par" 1 "$runtest" demo "$src") \
  > "$work/serial.out" 2>&1
serial_status=$?
# c.exp and b.exp start first: each folder must still run once, in its
# place.
(cd "$work/two" && DEJAGNU_LONGEST_FIRST="c.exp b.exp" sh "$par" 2 "$runtest" demo "$src") \
  > "$work/two.out" 2>&1
two_status=$?
(cd "$work/some" && sh "$par" 2 "$runtest" demo "$src" --outdir "$work/some/o" c.exp a.exp) \
  > "$work/some.out" 2>&1
some_status=$?

[ -d "$work/serial/parallel" ]
check "one job: one runtest, no parallel folder" $((! $?))
results "$work/serial/demo.sum" > "$work/serial.res"
grep -c '^Running /' "$work/serial.res" | grep -qx 3
check "one job: three folders run" $?
[ -d "$work/two/parallel" ]
check "two jobs: the folders run apart" $?
runs=$(grep -c '^dejagnu-parallel: [abc]\.exp done in' "$work/two.out")
[ "$runs" = 3 ] && [ "$(grep '^dejagnu-parallel: [abc]\.exp done in' "$work/two.out" \
			| sed 's/ done in.*//' | sort -u | wc -l)" = 3 ]
check "two jobs: each folder run once ($runs runs of 3)" $?
results "$work/two/demo.sum" > "$work/two.res"
cmp -s "$work/serial.res" "$work/two.res"
check "two jobs: the summary's lines and totals as one runtest's" $? \
      "$(diff "$work/serial.res" "$work/two.res" | tr '\n' ' ')"
[ "$serial_status" != 0 ] && [ "$two_status" != 0 ]
check "a FAIL gives a non-zero exit status (serial $serial_status, two jobs $two_status)" $?
n=0
for t in a1 b1 c1 c2; do
  grep -q "^[A-Z]*: $t\$" "$work/two/demo.log" && n=$((n + 1))
done
[ $n = 4 ]
check "two jobs: the log has every folder's results ($n of 4)" $?
tail -n 1 "$work/two.out" | grep -q '^runtest completed at '
check "two jobs: the output ends with the merged summary" $?
printf 'PASS: a1\nUNSUPPORTED: c1\nPASS: c2\n' > "$work/some.want"
grep -E '^(PASS|FAIL|UNSUPPORTED):' "$work/some/o/demo.sum" > "$work/some.res"
cmp -s "$work/some.want" "$work/some.res" && [ "$some_status" = 0 ]
check "named folders and --outdir: those folders alone, in the order of the tree, status 0" $? \
      "status $some_status, $(tr '\n' ' ' < "$work/some.res")"
grep -q '^# of expected passes[[:space:]]*2$' "$work/some/o/demo.sum"
check "named folders: their totals" $?
