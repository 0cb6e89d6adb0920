#!/usr/bin/env bash
# The end-to-end benchmark: a CXF 4.1 SOAP proxy (in front of an echo backend) in seven logging configurations
# under back-to-back Gatling load, four payload sizes. Not part of the test command. Results and how to read them:
# benchmarks/RESULTS.md.
#
#   benchmarks/gatling/run.sh                       every configuration and size, 60 s per cell (about 45 min)
#   benchmarks/gatling/run.sh --smoke               5 s per cell: does everything work?
#   benchmarks/gatling/run.sh --seconds 30 --configs "none xf-filter" --sizes "1 21"
#   benchmarks/gatling/run.sh --logback logback-async.xml   the server logs through logback's AsyncAppender
#
# CPUs: the server JVM (proxy and backend) is pinned to CPU 1, Gatling and FerretDB to CPU 0 (override with
# SERVER_CPUS / LOAD_CPUS). Output: target/e2e/ (or E2E_OUT; runs.tsv, Gatling's HTML reports, logs); then
# benchmarks/gatling/report.py target/e2e/runs.tsv writes the tables and the chart.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

seconds=60
warmup=60
configs="none raw cxf-transformer cxf-stax xf-plain xf-filter xf-mongo"
sizes="1 2 6 21"
logback=logback.xml
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) seconds=5; warmup=3 ;;
    --seconds) seconds="$2"; shift ;;
    --warmup) warmup="$2"; shift ;;
    --configs) configs="$2"; shift ;;
    --sizes) sizes="$2"; shift ;;
    --logback) logback="$2"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
server_cpus="${SERVER_CPUS:-1}"
load_cpus="${LOAD_CPUS:-0}"

users_for() {
  case "$1" in
    1|2) echo 150 ;;
    6) echo 125 ;;
    21) echo 50 ;;
    *) echo 100 ;;
  esac
}

out="$root/${E2E_OUT:-target/e2e}"
rm -rf "$out"
mkdir -p "$out/results"
./mvnw -q -B -pl benchmarks/gatling -am install -DskipTests
./mvnw -q -B -pl benchmarks/gatling dependency:build-classpath -Dmdep.outputFile="$out/classpath.txt"
cp="$root/benchmarks/gatling/target/classes:$(cat "$out/classpath.txt")"
jvm=(java -Xms1g -Xmx1g -XX:+UseParallelGC)
port=18080
mongo_port=18017
printf 'config\tkb\tusers\tseconds\treport\tconsole\n' > "$out/runs.tsv"

gatling() { # kb users seconds description console-file
  local before after
  before=$(ls "$out/results")
  taskset -c "$load_cpus" "${jvm[@]}" --add-opens=java.base/java.lang=ALL-UNNAMED -cp "$cp" \
    -De2e.log="$out/gatling.log" \
    -Durl="http://127.0.0.1:$port/proxy" -Dkb="$1" -Dusers="$2" -Dseconds="$3" \
    io.gatling.app.Gatling --simulation io.xmlformatter.benchmarks.e2e.ProxySimulation \
    --results-folder "$out/results" --run-description "$4" > "$5" 2>&1 \
    || { echo "Gatling failed; see $5" >&2; }
  after=$(comm -13 <(echo "$before") <(ls "$out/results") | head -1)
  echo "$after"
}

for config in $configs; do
  mongo_pid=""
  mongo_uri=""
  if [ "$config" = xf-mongo ]; then
    mongo_pid=$(taskset -c "$load_cpus" scripts/ferretdb.sh start "$mongo_port" "$out/ferretdb")
    mongo_uri="mongodb://127.0.0.1:$mongo_port/"
  fi
  fifo="$out/$config.stdin"
  mkfifo "$fifo"
  taskset -c "$server_cpus" "${jvm[@]}" -cp "$cp" -De2e.log="$out/$config.log" \
    -Dlogback.configurationFile="$logback" \
    -Dorg.apache.cxf.Logger=org.apache.cxf.common.logging.Slf4jLogger \
    io.xmlformatter.benchmarks.e2e.ProxyServer "$config" "$port" $mongo_uri < "$fifo" > "$out/$config.out" 2>&1 &
  server_pid=$!
  exec 3> "$fifo"
  for _ in $(seq 1 300); do
    grep -q READY "$out/$config.out" && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$out/$config.out" >&2; exit 1; }
    sleep 0.1
  done
  # Warm-up at low concurrency: under 150 busy request threads the one server CPU leaves the JIT compiler
  # thread almost no time, and the server would still be compiling during the measurements.
  echo "== $config: warm-up ${warmup}s"
  warm=$(gatling 2 8 "$warmup" "warm-up $config" "$out/$config-warmup.console")
  rm -rf "$out/results/$warm"
  for kb in $sizes; do
    users=$(users_for "$kb")
    echo "== $config: ${kb}k, $users users, ${seconds}s"
    console="$out/$config-${kb}k.console"
    report=$(gatling "$kb" "$users" "$seconds" "$config ${kb}k $users users" "$console")
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$config" "$kb" "$users" "$seconds" "$out/results/$report" "$console" \
      >> "$out/runs.tsv"
  done
  exec 3>&-
  wait "$server_pid" || true
  rm -f "$fifo"
  grep MONGO "$out/$config.out" || true
  if [ -n "$mongo_pid" ]; then
    scripts/ferretdb.sh stop "$mongo_pid"
  fi
done
echo "runs: $out/runs.tsv"
