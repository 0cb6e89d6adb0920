#!/usr/bin/env python3
"""Tables and a chart from the end-to-end runs listed by run.sh (target/e2e/runs.tsv).

    python3 benchmarks/gatling/report.py target/e2e/runs.tsv [chart.svg]
    python3 benchmarks/gatling/report.py target/e2e/runs.tsv --headline    (the table of benchmarks/RESULTS.md)

With the floors in the run (floor-async, floor-proxy), the headline shows each configuration's CPU per request over
its floor: what our record path costs above writing the same records.

Reads each cell's Gatling console summary (its "Global Information" block) and, where run.sh recorded them, the
server's figures. Cells repeated for a configuration and size are summarised by their median with the lowest and
highest. Where run.sh measured the middle of each run (the steady state, away from the deoptimisations every new
Gatling run causes), requests/s, CPU and JIT per request are the middle's, and Gatling's whole-run requests/s is shown
beside them; otherwise they are the whole run's. One Markdown table per payload size, against "none", and an SVG bar
chart of the median requests/s.
"""
import csv
import os
import re
import sys

COLORS = {"none": "#7f7f7f", "raw": "#bcbd22", "cxf-transformer": "#d62728", "cxf-stax": "#ff7f0e",
          "xf-plain": "#2ca02c", "xf-filter": "#1f77b4", "xf-mongo": "#9467bd", "xf-async": "#17becf",
          "xf-buffered": "#e377c2", "xf-off": "#8c564b", "xf-on-failure": "#aec7e8", "floor-async": "#c7c7c7",
          "floor-proxy": "#dbdb8d", "xf-proxy": "#98df8a", "xf-proxy-dedup": "#ff9896"}
# The appender's floor of a configuration: the same records, made once, written through the same setup.
FLOORS = {"xf-async": "floor-async", "xf-proxy": "floor-proxy", "xf-proxy-dedup": "floor-proxy"}


def global_stats(console_file):
    """The "Global Information" block of a Gatling console log: {label: (total, ok, ko)}."""
    stats = {}
    block = open(console_file).read().split("---- Global Information")[-1]
    for m in re.finditer(r"^> ([^|]+?)\s*\|\s*([\d,.]+|-)\s*\|\s*([\d,.]+|-)\s*\|\s*([\d,.]+|-)", block, re.M):
        stats[m.group(1)] = tuple(0.0 if v == "-" else float(v.replace(",", "")) for v in m.groups()[1:])
    return stats


def load(runs_file):
    rows = []
    with open(runs_file) as f:
        for r in csv.DictReader(f, delimiter="\t"):
            console = os.path.join(os.path.dirname(runs_file), os.path.basename(r["console"]))
            if not os.path.exists(console):  # not copied next to runs.tsv (as in benchmarks/results/e2e-*)
                console = r["console"]
            s = global_stats(console)
            requests = int(s["request count"][0])
            cpu = r.get("server_cpu_ms")
            jit = r.get("jit_cpu_ms")
            run_rps = s["mean throughput (rps)"][0]
            rps = run_rps
            if r.get("window_ms") and int(r["window_requests"]) > 0:  # the middle of the run
                requests = int(r["window_requests"])
                rps = 1000.0 * requests / int(r["window_ms"])
                cpu = r["window_cpu_ms"]
                jit = r["window_jit_ms"]
            rows.append({
                "config": r["config"], "kb": int(r["kb"]), "users": int(r["users"]),
                "rps": rps, "run_rps": run_rps, "middle": bool(r.get("window_ms")),
                "p50": s["response time 50th percentile (ms)"][0], "p95": s["response time 95th percentile (ms)"][0],
                "p99": s["response time 99th percentile (ms)"][0], "requests": requests,
                "errors": int(s["request count"][2]), "report": r["report"],
                "cpu_us": 1000.0 * int(cpu) / requests if cpu and requests else None,
                "jit_us": 1000.0 * int(jit) / requests if jit and requests else None})
    return rows


def median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2.0


def cells(rows):
    """One summary per configuration and size, in the order first seen."""
    out = []
    for key in dict.fromkeys((r["config"], r["kb"]) for r in rows):
        group = [r for r in rows if (r["config"], r["kb"]) == key]
        cpu = [r["cpu_us"] for r in group if r["cpu_us"] is not None]
        jit = [r["jit_us"] for r in group if r["jit_us"] is not None]
        out.append({
            "config": key[0], "kb": key[1], "users": group[0]["users"], "n": len(group),
            "rps": median([r["rps"] for r in group]), "min": min(r["rps"] for r in group),
            "max": max(r["rps"] for r in group), "run_rps": median([r["run_rps"] for r in group]),
            "middle": all(r["middle"] for r in group), "p50": median([r["p50"] for r in group]),
            "p99": median([r["p99"] for r in group]), "requests": sum(r["requests"] for r in group),
            "errors": sum(r["errors"] for r in group), "cpu_us": median(cpu) if cpu else None,
            "cpu_min": min(cpu) if cpu else None, "cpu_max": max(cpu) if cpu else None,
            "jit_us": median(jit) if jit else None})
    return out


def tables(rows):
    out = []
    summary = cells(rows)
    for kb in sorted({c["kb"] for c in summary}):
        cell = [c for c in summary if c["kb"] == kb]
        none = next((c for c in cell if c["config"] == "none"), None)
        middle = all(c["middle"] for c in cell)
        out.append("\n**%d KiB, %d users, %d cell(s) each%s**\n" % (
            kb, cell[0]["users"], cell[0]["n"], "; requests/s, CPU and JIT: the middle of each run" if middle else ""))
        out.append("| configuration | requests/s (median) | lowest–highest | vs none | server CPU µs/request (lowest–highest)"
                   " | over none | JIT µs/request | whole run requests/s | p50 ms | p99 ms | requests | errors |")
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for c in cell:
            share = "%.1f%%" % (100.0 * c["rps"] / none["rps"]) if none else "-"
            cpu = "%.0f (%.0f–%.0f)" % (c["cpu_us"], c["cpu_min"], c["cpu_max"]) if c["cpu_us"] is not None else "-"
            over = "%+.0f" % (c["cpu_us"] - none["cpu_us"]) if none and c["cpu_us"] is not None \
                and none["cpu_us"] is not None else "-"
            jit = "%.1f" % c["jit_us"] if c["jit_us"] is not None else "-"
            out.append("| %s | %.0f | %.0f–%.0f | %s | %s | %s | %s | %.0f | %d | %d | %d | %d |" % (
                c["config"], c["rps"], c["min"], c["max"], share, cpu, over, jit, c["run_rps"], c["p50"], c["p99"],
                c["requests"], c["errors"]))
    return "\n".join(out)


def headline(rows):
    """One line per configuration: requests/s as a share of none and server CPU per request over none, per size."""
    summary = cells(rows)
    sizes = sorted({c["kb"] for c in summary})
    configs = [c for c in COLORS if any(x["config"] == c for x in summary)]
    floors = any(x["config"] in FLOORS.values() for x in summary)
    per_size = "%d KiB: requests/s (share of none) | CPU µs/request over none" + (" | over its floor" if floors else "")
    out = ["| configuration | " + " | ".join(per_size % kb for kb in sizes) + " | errors |",
           "|---|" + ("---:|---:|---:|" if floors else "---:|---:|") * len(sizes) + "---:|"]

    def cell(kb, config):
        return next((x for x in summary if x["kb"] == kb and x["config"] == config), None)

    def over(c, base):
        return "%+.0f" % (c["cpu_us"] - base["cpu_us"]) if c is not None and base is not None \
            and c["cpu_us"] is not None and base["cpu_us"] is not None else "-"

    for config in configs:
        cols, errors = [], 0
        for kb in sizes:
            c, none = cell(kb, config), cell(kb, "none")
            if c is None or none is None:
                cols += ["-"] * (3 if floors else 2)
                continue
            errors += c["errors"]
            cols.append("%.0f (%.0f%%)" % (c["rps"], 100.0 * c["rps"] / none["rps"]))
            cols.append(over(c, none))
            if floors:
                cols.append(over(c, cell(kb, FLOORS[config])) if config in FLOORS else "")
        out.append("| `%s` | %s | %d |" % (config, " | ".join(cols), errors))
    return "\n".join(out)


def chart(rows, path):
    sizes = sorted({r["kb"] for r in rows})
    configs = [c for c in COLORS if any(r["config"] == c for r in rows)]
    top = max(r["rps"] for r in rows) * 1.1
    w, h, left, bottom, top_pad = 900, 420, 70, 60, 40
    group = (w - left - 20) / len(sizes)
    bar = group * 0.8 / len(configs)
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
           'font-size="12">' % (w, h + 30),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="20" font-size="15">Requests per second through the SOAP proxy, by logging '
           'configuration and payload size</text>' % left]
    plot_h = h - bottom - top_pad
    for i in range(6):
        v = top * i / 5
        y = h - bottom - plot_h * i / 5
        svg.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (left, w - 20, y, y))
        svg.append('<text x="%d" y="%.1f" text-anchor="end">%.0f</text>' % (left - 6, y + 4, v))
    for gi, kb in enumerate(sizes):
        x0 = left + gi * group + group * 0.1
        for ci, c in enumerate(configs):
            r = next((r for r in rows if r["kb"] == kb and r["config"] == c), None)
            if r is None:
                continue
            bh = plot_h * r["rps"] / top
            svg.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %d KiB: %.0f/s'
                       '</title></rect>' % (x0 + ci * bar, h - bottom - bh, bar - 2, bh, COLORS[c], c, kb, r["rps"]))
        svg.append('<text x="%.1f" y="%d" text-anchor="middle">%d KiB (%d users)</text>' % (
            left + gi * group + group / 2, h - bottom + 18,
            kb, next(r["users"] for r in rows if r["kb"] == kb)))
    for ci, c in enumerate(configs):
        x = left + ci * 115
        svg.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>' % (x, h - 8, COLORS[c]))
        svg.append('<text x="%d" y="%d">%s</text>' % (x + 16, h + 3, c))
    svg.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(svg) + "\n")


def main():
    rows = load(sys.argv[1])
    if "--headline" in sys.argv[2:]:
        print(headline(rows))
        return
    print(tables(rows))
    if len(sys.argv) > 2:
        chart(cells(rows), sys.argv[2])
        print("\nchart: " + sys.argv[2])


if __name__ == "__main__":
    main()
