#!/usr/bin/env bash
# The end-to-end benchmark: a CXF 4.1 SOAP proxy (in front of an echo backend) in nine logging configurations
# under back-to-back Gatling load. Not part of the test command. Results and how to read them:
# benchmarks/RESULTS.md.
#
#   benchmarks/gatling/run.sh                       every configuration at 1 and 6 KiB, 3 cells of 20 s each
#   benchmarks/gatling/run.sh --smoke               one 5 s cell per size after one short warm-up round
#   benchmarks/gatling/run.sh --seconds 30 --repeats 5 --configs "none xf-filter" --sizes "1 21"
#
# Steady state: before a size's cells, the server is warmed up at 8 users in rounds of 10 s (--warm-round) until
# its JIT compiler threads used at most 1% of a round's time (at least 2 rounds, at most 12: --max-warm-rounds).
# Each cell records the server's CPU time and its compiler threads' CPU time, so the report gives CPU per request
# beside requests/s (and the JIT's share of it, which shows a cell that was not warm), and the spread of the
# repeated cells.
#
# Configurations: none, raw, cxf-transformer, cxf-stax, xf-plain, xf-filter, xf-mongo; xf-async is xf-filter
# logging through logback-async.xml (the recommended setup), xf-off is xf-filter with the record loggers off
# (logback-off.xml). Every other configuration uses logback.xml (or --logback FILE).
#
# CPUs: the server JVM (proxy and backend) is pinned to CPU 1, Gatling and FerretDB to CPU 0 (override with
# SERVER_CPUS / LOAD_CPUS). Output: target/e2e/ (or E2E_OUT; runs.tsv, Gatling's HTML reports, logs); then
# benchmarks/gatling/report.py target/e2e/runs.tsv writes the tables and the chart.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

seconds=20
repeats=3
warm_round=10
min_rounds=2
max_rounds=12
configs="none raw cxf-transformer cxf-stax xf-plain xf-filter xf-mongo xf-async xf-off"
sizes="1 6"
logback=logback.xml
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) seconds=5; repeats=1; warm_round=3; min_rounds=1; max_rounds=1 ;;
    --seconds) seconds="$2"; shift ;;
    --repeats) repeats="$2"; shift ;;
    --warm-round) warm_round="$2"; shift ;;
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
./mvnw -q -B -pl benchmarks/gatling -am install -DskipTests -Djacoco.skip
./mvnw -q -B -pl benchmarks/gatling dependency:build-classpath -Dmdep.outputFile="$out/classpath.txt"
cp="$root/benchmarks/gatling/target/classes:$(cat "$out/classpath.txt")"
jvm=(java -Xms1g -Xmx1g -XX:+UseParallelGC)
port=18080
mongo_port=18017
tick_ms=$((1000 / $(getconf CLK_TCK)))
printf 'config\tkb\tusers\tseconds\trepeat\treport\tconsole\tserver_cpu_ms\tjit_cpu_ms\n' > "$out/runs.tsv"

cpu_ms() { # pid [jit]: CPU time (user + system) of the process so far, or of its JIT compiler threads, in ms
  local total=0 t
  if [ "${2:-}" = jit ]; then
    for t in /proc/"$1"/task/*; do
      case "$(cat "$t/comm" 2>/dev/null)" in
        C1\ CompilerThre*|C2\ CompilerThre*) total=$((total + $(sed 's/.*) //' "$t/stat" | awk '{print $12 + $13}'))) ;;
      esac
    done
  else
    total=$(sed 's/.*) //' /proc/"$1"/stat | awk '{print $12 + $13}')
  fi
  echo $((total * tick_ms))
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
    xf-async) config_logback=logback-async.xml ;;
    xf-off) config_logback=logback-off.xml ;;
  esac
  taskset -c "$server_cpus" "${jvm[@]}" -cp "$cp" -De2e.log="$out/$config.log" \
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
    # Warm-up at low concurrency: under 150 busy request threads the one server CPU leaves the JIT compiler
    # thread almost no time, and the server would still be compiling during the measurements.
    for round in $(seq 1 "$max_rounds"); do
      jit=$(cpu_ms "$server_pid" jit)
      warm=$(gatling "$kb" 8 "$warm_round" "warm-up $config ${kb}k" "$out/$config-${kb}k-warmup.console")
      rm -rf "${out:?}/results/$warm"
      jit=$(($(cpu_ms "$server_pid" jit) - jit))
      echo "== $config ${kb}k: warm-up round $round, JIT compiler ${jit} ms"
      if [ "$round" -ge "$min_rounds" ] && [ "$jit" -le $((warm_round * 10)) ]; then
        break
      fi
      if [ "$round" -eq "$max_rounds" ]; then
        echo "== $config ${kb}k: the JIT compiler is still busy after $round rounds; measuring anyway"
      fi
    done
    users=$(users_for "$kb")
    for repeat in $(seq 1 "$repeats"); do
      echo "== $config: ${kb}k, $users users, ${seconds}s, cell $repeat of $repeats"
      console="$out/$config-${kb}k-$repeat.console"
      cpu=$(cpu_ms "$server_pid")
      jit=$(cpu_ms "$server_pid" jit)
      report=$(gatling "$kb" "$users" "$seconds" "$config ${kb}k $users users ($repeat)" "$console")
      cpu=$(($(cpu_ms "$server_pid") - cpu))
      jit=$(($(cpu_ms "$server_pid" jit) - jit))
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$config" "$kb" "$users" "$seconds" "$repeat" \
        "$out/results/$report" "$console" "$cpu" "$jit" >> "$out/runs.tsv"
    done
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
