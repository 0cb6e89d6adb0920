#!/usr/bin/env bash
# Builds (once, cached) and runs FerretDB 1.24 with its SQLite backend: the MongoDB-wire server the Mongo sink's
# tests run against. From the Go module proxy only; see ../shared/notes/mongo-test-server.md.
#
#   scripts/ferretdb.sh build                 print the binary's path, building it first if it is not cached
#   scripts/ferretdb.sh start PORT DATA_DIR   start on 127.0.0.1:PORT with its data in DATA_DIR; print the PID
#   scripts/ferretdb.sh stop PID              stop a server this script started
#
# Cache: ${XF_CACHE:-~/.cache/xml-formatter}/ferretdb-v1.24.0/ferretdb (38 MB). The Go module cache used for the
# build (~600 MB) is deleted afterwards.
set -euo pipefail
VERSION=v1.24.0
CACHE="${XF_CACHE:-$HOME/.cache/xml-formatter}/ferretdb-$VERSION"
BIN="$CACHE/ferretdb"

build() {
  if [ -x "$BIN" ]; then
    echo "$BIN"
    return
  fi
  command -v go >/dev/null || { echo "ferretdb.sh: Go is needed to build FerretDB" >&2; exit 1; }
  mkdir -p "$CACHE"
  local work
  work=$(mktemp -d)
  trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' RETURN
  export GOPATH="$work/gopath" GOCACHE="$work/gocache" GOFLAGS=-modcacherw GOTOOLCHAIN=local
  (cd "$work" && go mod init fetch >/dev/null 2>&1 && \
    go mod download -json "github.com/FerretDB/FerretDB@$VERSION" > "$work/module.json") >&2
  local dir
  dir=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["Dir"])' "$work/module.json")
  cp -r "$dir" "$work/src"
  chmod -R u+w "$work/src"
  echo "$VERSION" > "$work/src/build/version/version.txt"
  (cd "$work/src" && go build -trimpath -tags ferretdb_no_postgresql -o "$BIN.tmp" ./cmd/ferretdb) >&2
  mv "$BIN.tmp" "$BIN"
  echo "$BIN"
}

case "${1:-}" in
  build)
    build
    ;;
  start)
    port="$2"
    data="$3"
    bin=$(build)
    mkdir -p "$data"
    "$bin" --handler=sqlite --sqlite-url="file:$data/" --state-dir="$data" --listen-addr="127.0.0.1:$port" \
      --debug-addr=- --telemetry=disable --log-level=warn > "$data/ferretdb.log" 2>&1 &
    echo $!
    ;;
  stop)
    kill "$2" 2>/dev/null || true
    ;;
  *)
    echo "usage: $0 build | start PORT DATA_DIR | stop PID" >&2
    exit 2
    ;;
esac
