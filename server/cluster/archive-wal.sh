#!/usr/bin/env bash
# PostgreSQL's archive_command (server/cluster/backup.ts `archiveSettings`):
#   archive-wal.sh %p <store>/wal/%f
# Copies one finished WAL segment (or a .history / .partial / .backup file) into the archive.
# Exit 0 only once the file is durably in the archive under its final name; anything else fails
# loudly (a message in the server log, a non-zero exit) and PostgreSQL keeps the segment and retries.
# - never overwrites: a file already archived under that name with the same bytes is a success (the
#   server crashed after archiving it, before it recorded that); with other bytes it is an error,
#   every time, until a person looks (two clusters writing into one archive, a restored copy
#   archiving over its origin's history).
# - durable: the copy is fsynced under a temporary name, linked to its final name (link(2) fails if
#   the name exists, so a concurrent writer is never overwritten either), and the directory fsynced.
set -euo pipefail
if [ $# -ne 2 ]; then echo "usage: archive-wal.sh <segment path (%p)> <archive path (<store>/wal/%f)>" >&2; exit 2; fi
source=$1
target=$2
directory=$(dirname -- "$target")
name=$(basename -- "$target")

if [ -e "$target" ]; then
  if cmp -s -- "$source" "$target"; then
    sync -- "$target" "$directory"
    exit 0
  fi
  echo "archive-wal: $target already exists with different content: not overwritten (is another cluster archiving here?)" >&2
  exit 1
fi

temporary="$directory/.$name.$$.partial-copy"
trap 'rm -f -- "$temporary"' EXIT
cp -- "$source" "$temporary"
sync -- "$temporary"
if ! ln -- "$temporary" "$target" 2>/dev/null; then
  # someone archived the same name between the test above and now: same bytes is fine, else refuse
  if cmp -s -- "$source" "$target"; then sync -- "$target" "$directory"; exit 0; fi
  echo "archive-wal: $target appeared meanwhile with different content: not overwritten" >&2
  exit 1
fi
sync -- "$directory"
