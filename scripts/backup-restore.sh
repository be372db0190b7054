#!/usr/bin/env bash
# Backup and restore drill for the app's PostgreSQL database (docs/deploy.md, "Backups").
#
#   scripts/backup-restore.sh SOURCE_URL TARGET_DATABASE [DUMP_FILE]
#
# Dumps the live database SOURCE_URL (postgres://user:password@host:port/name) with pg_dump while
# the replicas keep writing: one snapshot, so the event log, the views and their checkpoints agree.
# Then creates TARGET_DATABASE on the same server and restores the dump into it. Start a server
# with DATABASE_URL pointing at the new database: it catches its views up from the checkpoints.
# The dump stays in DUMP_FILE (default: a new file under /tmp) for you to keep or delete.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 SOURCE_URL TARGET_DATABASE [DUMP_FILE]" >&2
  exit 2
fi
source_url=$1
target=$2
dump=${3:-$(mktemp --tmpdir interview-helper-XXXXXX.dump)}
case "$target" in
  *[!a-z0-9_]* | "") echo "TARGET_DATABASE: lower-case letters, digits and _ only" >&2; exit 2 ;;
esac
case "$source_url" in
  *\?*) echo "SOURCE_URL: without a query string" >&2; exit 2 ;;
esac
server_url=${source_url%/*}
target_url="$server_url/$target"

started=$(date +%s%N)
pg_dump --format=custom --no-owner --no-privileges --file "$dump" "$source_url"
dumped=$(date +%s%N)
psql -v ON_ERROR_STOP=1 -qAt "$server_url/postgres" -c "create database $target"
pg_restore --no-owner --no-privileges --exit-on-error --dbname "$target_url" "$dump"
restored=$(date +%s%N)

events=$(psql -qAt "$target_url" -c 'select count(*) from events')
echo "dump: $dump, $(stat -c %s "$dump") bytes in $(( (dumped - started) / 1000000 )) ms"
echo "restored into $target in $(( (restored - dumped) / 1000000 )) ms: $events events"
