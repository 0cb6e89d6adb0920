#!/usr/bin/env python3
"""Tables and a chart from the end-to-end runs listed by run.sh (target/e2e/runs.tsv).

    python3 benchmarks/gatling/report.py target/e2e/runs.tsv [chart.svg]

Reads each run's Gatling console summary (its "Global Information" block), prints one Markdown table per payload size (requests/s, share of
"none", p50/p95/p99 latency, errors) and writes an SVG bar chart of requests/s per configuration and size.
"""
import csv
import os
import re
import sys

COLORS = {"none": "#7f7f7f", "raw": "#bcbd22", "cxf-transformer": "#d62728", "cxf-stax": "#ff7f0e",
          "xf-plain": "#2ca02c", "xf-filter": "#1f77b4", "xf-mongo": "#9467bd"}


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
            rows.append({
                "config": r["config"], "kb": int(r["kb"]), "users": int(r["users"]),
                "rps": s["mean throughput (rps)"][0],
                "p50": s["response time 50th percentile (ms)"][0], "p95": s["response time 95th percentile (ms)"][0],
                "p99": s["response time 99th percentile (ms)"][0], "requests": int(s["request count"][0]),
                "errors": int(s["request count"][2]), "report": r["report"]})
    return rows


def tables(rows):
    out = []
    for kb in sorted({r["kb"] for r in rows}):
        cell = [r for r in rows if r["kb"] == kb]
        none = next((r["rps"] for r in cell if r["config"] == "none"), None)
        out.append("\n**%d KiB, %d users**\n" % (kb, cell[0]["users"]))
        out.append("| configuration | requests/s | vs none | p50 ms | p95 ms | p99 ms | requests | errors |")
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in cell:
            share = "%.1f%%" % (100.0 * r["rps"] / none) if none else "-"
            out.append("| %s | %.0f | %s | %d | %d | %d | %d | %d |" % (
                r["config"], r["rps"], share, r["p50"], r["p95"], r["p99"], r["requests"], r["errors"]))
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
    print(tables(rows))
    if len(sys.argv) > 2:
        chart(rows, sys.argv[2])
        print("\nchart: " + sys.argv[2])


if __name__ == "__main__":
    main()
