#!/usr/bin/env bash
# The end-to-end benchmark: a CXF 4.1 SOAP proxy (in front of an echo backend) in twelve logging configurations
# under back-to-back Gatling load. Not part of the test command. Results and how to read them:
# benchmarks/RESULTS.md.
#
#   benchmarks/gatling/run.sh                       every configuration at 1 and 6 KiB, 3 cells of 20 s each
#   benchmarks/gatling/run.sh --smoke               one 5 s cell per size after one short warm-up round
#   benchmarks/gatling/run.sh --seconds 30 --repeats 5 --configs "none xf-filter" --sizes "1 21"
#   WARM_CPUS=0,1 benchmarks/gatling/run.sh --warm-users cell  warm-up at the cells' load on both CPUs (steady state)
#
# Steady state: each Gatling run starts and ends with new connections, and the code paths they take make the
# server's JIT deoptimise and compile again at every start and end, however warm it is. So the harness also measures
# the middle of each run: from --skip seconds (3) after the load began to 2 s before it ends, it counts the proxy's
# requests (the server prints its count when asked on its standard input) and the server's CPU time and its
# compiler threads' CPU time. Before a size's cells, the server is warmed up at 8 users in rounds of 10 s
# (--warm-round) until its JIT compiler threads used at most 1% of a round's middle (at least 2 rounds, at most 12:
# --max-warm-rounds). The report gives, per cell, Gatling's figures for the whole run and the middle's requests/s,
# CPU per request and JIT per request (which shows a cell that was not warm), with the spread of the repeats.
#
# Configurations: none, raw, cxf-transformer, cxf-stax, xf-plain, xf-filter, xf-mongo; xf-async is xf-filter
# logging through logback-async.xml (the recommended setup), xf-buffered through its file appender alone
# (logback-buffered.xml), xf-off is xf-filter with the record loggers off (logback-off.xml), xf-on-failure is
# xf-async with the strategy BODY_ON_FAILURE (a successful exchange is logged without bodies), floor-async logs
# xf-async's records, made once at start-up, through the same setup (the appender's floor: no capture, no formatting
# per request). A proxy logging both sides (its call to the backend too, four records per request; not in the
# default list): xf-proxy is xf-async with the proxy's JDK client wrapped by XmlLoggingHttpClient on the same
# logger, xf-proxy-dedup the same with exchange.suppress-duplicates (a body passed on unchanged rendered once),
# floor-proxy floor-async's records and the client's. Every other configuration uses logback.xml (or --logback FILE).
#
# The server's log records (target/e2e/<config>.log, gigabytes per configuration) are deleted once a configuration
# is done; KEEP_LOGS=1 keeps them.
#
# SERVER_JVM_OPTS adds options to the server JVM's command line (e.g. -XX:+PrintCompilation, whose output goes to
# target/e2e/<config>.out).
#
# For a steady state, warm up at the cells' concurrency with both CPUs: WARM_CPUS=0,1 ... --warm-users cell. At 8
# users the paths that only 150 users reach (lock and queue contention) are compiled during the first cell, and on
# one CPU 150 request threads leave the JIT too little time to finish.
#
# CPUs: the server JVM (proxy and backend) is pinned to CPU 1, Gatling and FerretDB to CPU 0 (override with
# SERVER_CPUS / LOAD_CPUS; WARM_CPUS=0,1 lets the server use both during its warm-up rounds only). Output: target/e2e/ (or E2E_OUT; runs.tsv, Gatling's HTML reports, logs); then
# benchmarks/gatling/report.py target/e2e/runs.tsv writes the tables and the chart.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

seconds=20
skip=3
repeats=3
warm_round=10
warm_users=8
min_rounds=2
max_rounds=12
configs="none raw cxf-transformer cxf-stax xf-plain xf-filter xf-mongo xf-async xf-buffered xf-off xf-on-failure floor-async"
sizes="1 6"
logback=logback.xml
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) seconds=5; skip=1; repeats=1; warm_round=4; min_rounds=1; max_rounds=1 ;;
    --seconds) seconds="$2"; shift ;;
    --skip) skip="$2"; shift ;;
    --repeats) repeats="$2"; shift ;;
    --warm-round) warm_round="$2"; shift ;;
    --warm-users) warm_users="$2"; shift ;;
    --max-warm-rounds) max_rounds="$2"; shift ;;
    --configs) configs="$2"; shift ;;
    --sizes) sizes="$2"; shift ;;
    --logback) logback="$2"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
server_cpus="${SERVER_CPUS:-1}"
load_cpus="${LOAD_CPUS:-0}"
warm_cpus="${WARM_CPUS:-$server_cpus}"

users_for() {
  case "$1" in
    1|2) echo 150 ;;
    6) echo 125 ;;
    21) echo 50 ;;
    *) echo 100 ;;
  esac
}

out="${E2E_OUT:-target/e2e}"
case "$out" in /*) ;; *) out="$root/$out" ;; esac # an absolute E2E_OUT is taken as it is
rm -rf "$out"
mkdir -p "$out/results"
./mvnw -q -B -pl benchmarks/gatling -am install -DskipTests -Djacoco.skip
./mvnw -q -B -pl benchmarks/gatling dependency:build-classpath -Dmdep.outputFile="$out/classpath.txt"
cp="$root/benchmarks/gatling/target/classes:$(cat "$out/classpath.txt")"
jvm=(java -Xms1g -Xmx1g -XX:+UseParallelGC)
port=18080
mongo_port=18017
tick_ms=$((1000 / $(getconf CLK_TCK)))
for s in "$seconds" "$warm_round"; do
  if [ "$s" -lt $((skip + 3)) ]; then
    echo "a run must last at least --skip + 3 s to have a middle to measure" >&2
    exit 2
  fi
done
printf 'config\tkb\tusers\tseconds\trepeat\treport\tconsole\tserver_cpu_ms\tjit_cpu_ms\twindow_ms\twindow_requests\twindow_cpu_ms\twindow_jit_ms\n' \
  > "$out/runs.tsv"

cpu_ms() { # pid [jit]: CPU time (user + system) of the process so far, or of its JIT compiler threads, in ms
  # (one awk over /proc, so a sample takes milliseconds; fields 14 and 15 of stat, after the command's name)
  local ticks
  if [ "${2:-}" = jit ]; then
    ticks=$(awk '/\((C1|C2) CompilerThre/ { sub(/.*\) /, ""); split($0, f, " "); s += f[12] + f[13] }
      END { print s + 0 }' /proc/"$1"/task/*/stat 2>/dev/null)
  else
    ticks=$(awk '{ sub(/.*\) /, ""); split($0, f, " "); print f[12] + f[13] }' /proc/"$1"/stat)
  fi
  echo $((ticks * tick_ms))
}

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

server_count() { # the proxy's requests so far: asked through the server's standard input (fd 3)
  local seen
  seen=$(grep -c '^COUNT' "$out/$config.out" || true)
  echo >&3
  while [ "$(grep -c '^COUNT' "$out/$config.out" || true)" -le "$seen" ]; do
    kill -0 "$server_pid" 2>/dev/null || { echo "the server stopped" >&2; exit 1; }
    sleep 0.02
  done
  grep '^COUNT' "$out/$config.out" | tail -1 | cut -d' ' -f2
}

sample() { # requests, CPU ms, JIT ms and wall-clock ms of the server now (read within a few ms of each other)
  local requests
  requests=$(server_count)
  echo "$requests $(cpu_ms "$server_pid") $(cpu_ms "$server_pid" jit) $(($(date +%s%N) / 1000000))"
}

measured_load() { # kb users seconds description console-file: Gatling, with the server sampled in the middle of
  # the load; prints the report's folder, then the middle's ms, requests, server CPU ms and JIT ms
  local report_file="$out/report.name" gatling_pid start a b
  gatling "$1" "$2" "$3" "$4" "$5" > "$report_file" &
  gatling_pid=$!
  start=$(server_count)
  while [ "$(server_count)" -eq "$start" ]; do # the load has not begun
    kill -0 "$gatling_pid" 2>/dev/null || break
    sleep 0.1
  done
  sleep "$skip"
  read -r -a a <<< "$(sample)"
  sleep $(($3 - skip - 2))
  read -r -a b <<< "$(sample)"
  wait "$gatling_pid"
  echo "$(cat "$report_file") $((b[3] - a[3])) $((b[0] - a[0])) $((b[1] - a[1])) $((b[2] - a[2]))"
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
  config_logback="$logback"
  case "$config" in
    xf-async | xf-on-failure | floor-async | xf-proxy | xf-proxy-dedup | floor-proxy)
      config_logback=logback-async.xml ;;
    xf-buffered) config_logback=logback-buffered.xml ;;
    xf-off) config_logback=logback-off.xml ;;
  esac
  # shellcheck disable=SC2086 # SERVER_JVM_OPTS is a list of options
  taskset -c "$server_cpus" "${jvm[@]}" ${SERVER_JVM_OPTS:-} -cp "$cp" -De2e.log="$out/$config.log" \
    -Dlogback.configurationFile="$config_logback" \
    -Dorg.apache.cxf.Logger=org.apache.cxf.common.logging.Slf4jLogger \
    io.xmlformatter.benchmarks.e2e.ProxyServer "$config" "$port" $mongo_uri < "$fifo" > "$out/$config.out" 2>&1 &
  server_pid=$!
  exec 3> "$fifo"
  for _ in $(seq 1 300); do
    grep -q READY "$out/$config.out" && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$out/$config.out" >&2; exit 1; }
    sleep 0.1
  done
  for kb in $sizes; do
    # Warm-up, by default at 8 users on the server's CPU: under 150 busy request threads one CPU leaves the JIT
    # almost no time. For a steady state, WARM_CPUS=0,1 with --warm-users cell warms up at the cells' load while
    # the server's threads (its JIT's among them) may use both CPUs; the cells run on SERVER_CPUS again.
    taskset -a -p -c "$warm_cpus" "$server_pid" > /dev/null
    users=$(users_for "$kb")
    rounds_users=$([ "$warm_users" = cell ] && echo "$users" || echo "$warm_users")
    for round in $(seq 1 "$max_rounds"); do
      jit=$(cpu_ms "$server_pid" jit)
      read -r warm middle_ms _ _ middle_jit <<< \
        "$(measured_load "$kb" "$rounds_users" "$warm_round" "warm-up $config ${kb}k" \
          "$out/$config-${kb}k-warmup.console")"
      rm -rf "${out:?}/results/$warm"
      jit=$(($(cpu_ms "$server_pid" jit) - jit))
      echo "== $config ${kb}k: warm-up round $round, JIT compiler ${jit} ms, ${middle_jit} ms of the middle ${middle_ms} ms"
      if [ "$round" -ge "$min_rounds" ] && [ "$middle_jit" -le $((middle_ms / 100)) ]; then
        break
      fi
      if [ "$round" -eq "$max_rounds" ]; then
        echo "== $config ${kb}k: the JIT compiler is still busy after $round rounds; measuring anyway"
      fi
    done
    taskset -a -p -c "$server_cpus" "$server_pid" > /dev/null
    for repeat in $(seq 1 "$repeats"); do
      echo "== $config: ${kb}k, $users users, ${seconds}s, cell $repeat of $repeats"
      console="$out/$config-${kb}k-$repeat.console"
      cpu=$(cpu_ms "$server_pid")
      jit=$(cpu_ms "$server_pid" jit)
      read -r report middle_ms middle_requests middle_cpu middle_jit <<< \
        "$(measured_load "$kb" "$users" "$seconds" "$config ${kb}k $users users ($repeat)" "$console")"
      cpu=$(($(cpu_ms "$server_pid") - cpu))
      jit=$(($(cpu_ms "$server_pid" jit) - jit))
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$config" "$kb" "$users" "$seconds" \
        "$repeat" "$out/results/$report" "$console" "$cpu" "$jit" "$middle_ms" "$middle_requests" "$middle_cpu" \
        "$middle_jit" >> "$out/runs.tsv"
    done
  done
  exec 3>&-
  wait "$server_pid" || true
  rm -f "$fifo"
  # The records are the load's by-product, gigabytes per configuration: their size is reported, they are not kept.
  if [ -z "${KEEP_LOGS:-}" ] && [ -f "$out/$config.log" ]; then
    echo "== $config: $(du -h "$out/$config.log" | cut -f1) of log records written, deleted (KEEP_LOGS=1 keeps them)"
    rm -f "$out/$config.log"
  fi
  grep MONGO "$out/$config.out" || true
  if [ -n "$mongo_pid" ]; then
    scripts/ferretdb.sh stop "$mongo_pid"
  fi
done
echo "runs: $out/runs.tsv"
