#!/usr/bin/env python3
"""Turns JMH JSON results into the Markdown tables of RESULTS.md.

Usage: python3 benchmarks/report.py benchmarks/results/format-jmh.json [benchmarks/results/cxf-jmh.json]
Needs benchmarks/target/benchmarks.jar (for the exact payload sizes of FormatBenchmark).
"""
import json
import os
import subprocess
import sys

ROWS = [
    ("lessThanCount", "limit: a loop counting '<' (char[])"),
    ("floorBytes", "floor: a pretty-printer that checks nothing (UTF-8 byte[])"),
    ("floorBytesWordAtATime", "floor, eight bytes per step (UTF-8 byte[])"),
    ("floorWithChecksBytesWordAtATime", "floor with the engine's checks, eight bytes per step (UTF-8 byte[])"),
    ("xfIndentChars", "xml-formatter: indent (char[] -> FormatBuffer)"),
    ("xfIndentBytes", "xml-formatter: indent (UTF-8 byte[])"),
    ("xfIndentCharsToString", "xml-formatter: indent (String -> String)"),
    ("xfPresetCapIndentChars", "xml-formatter: WS-Security preset + cap + indent (char[])"),
    ("xfPresetCapIndentBytes", "xml-formatter: WS-Security preset + cap + indent (byte[])"),
    ("xfPresetCapNoIndentChars", "xml-formatter: WS-Security preset + cap, no indent (char[])"),
    ("xfPathRulesIndentChars", "xml-formatter: //Username, //Password + indent (char[])"),
    ("xfPresetEmbeddedIndentChars", "xml-formatter: WS-Security preset + embedded XML + indent (char[])"),
    ("cxfPretty", "CXF 4.1 PrettyLoggingFilter"),
    ("cxfMaskThenPretty", "CXF 4.1 MaskSensitiveHelper, then PrettyLoggingFilter"),
    ("aaltoStaxIndent", "Aalto StAX copy with indentation"),
    ("transformerIndent", "JDK Transformer (cached) with indent"),
    ("logbookCompactXml", "Logbook compactXml"),
]


def sizes():
    jar = os.path.join(os.path.dirname(__file__), "target", "benchmarks.jar")
    out = subprocess.run(["java", "-cp", jar, "io.xmlformatter.benchmarks.SoapPayloads"],
                         check=True, capture_output=True, text=True).stdout
    result = {}
    for line in out.split("\n"):
        if line.strip():
            kb, shape, n = line.split()
            result[(kb, shape)] = int(n)
    return result


def main(path):
    size = sizes()
    data = {}
    for r in json.load(open(path)):
        name = r["benchmark"].rsplit(".", 1)[1]
        p = r["params"]
        key = (name, p["kb"], p["shape"])
        ops = r["primaryMetric"]["score"]
        alloc = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
        data[key] = (ops, alloc)
    targets(data)
    for kb in ["1", "2", "6", "21", "50"]:
        c, i = size[(kb, "compact")], size[(kb, "indented")]
        print(f"\n### {kb} KB (compact input {c} B, indented input {i} B)\n")
        print("| approach | MB/s compact | MB/s indented | vs CXF pretty | vs CXF mask+pretty | alloc B/op (compact) | alloc / input |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        base = data.get(("cxfPretty", kb, "compact"))
        base_mask = data.get(("cxfMaskThenPretty", kb, "compact"))
        for name, label in ROWS:
            cc = data.get((name, kb, "compact"))
            ii = data.get((name, kb, "indented"))
            if not cc:
                continue
            mbc = cc[0] * c / 1e6
            mbi = ii[0] * i / 1e6 if ii else float("nan")
            vs = cc[0] / base[0] if base else float("nan")
            vsm = cc[0] / base_mask[0] if base_mask else float("nan")
            alloc = cc[1]
            print(f"| {label} | {mbc:,.0f} | {mbi:,.0f} | {vs:.1f}x | {vsm:.1f}x | "
                  f"{alloc:,.0f} | {alloc / c:.2f} |" if alloc is not None else
                  f"| {label} | {mbc:,.0f} | {mbi:,.0f} | {vs:.1f}x | {vsm:.1f}x | - | - |")


RATIOS = [
    ("plain / limit", "xfIndentChars", "lessThanCount"),
    ("floor / limit", "floorBytes", "lessThanCount"),
    ("floor 8 B/step / limit", "floorBytesWordAtATime", "lessThanCount"),
    ("floor + checks / limit", "floorWithChecksBytesWordAtATime", "lessThanCount"),
    ("plain / floor", "xfIndentChars", "floorBytes"),
    ("plain / floor + checks", "xfIndentChars", "floorWithChecksBytesWordAtATime"),
    ("preset+cap / plain", "xfPresetCapIndentChars", "xfIndentChars"),
    ("path rules / plain", "xfPathRulesIndentChars", "xfIndentChars"),
    ("preset+embedded / plain", "xfPresetEmbeddedIndentChars", "xfIndentChars"),
    ("bytes / chars (plain)", "xfIndentBytes", "xfIndentChars"),
    ("bytes / chars (preset+cap)", "xfPresetCapIndentBytes", "xfPresetCapIndentChars"),
]
ALLOCS = ["xfIndentChars", "xfIndentBytes", "xfPresetCapIndentChars", "xfPresetCapIndentBytes",
          "xfPathRulesIndentChars", "xfPresetEmbeddedIndentChars"]


def targets(data):
    """Ratios of operations per second (same input, same run) and allocation per call, per size and shape."""
    print("\n### Ratios in this run (operations per second; compact / indented input)\n")
    print("| size | " + " | ".join(r[0] for r in RATIOS) + " |")
    print("|---|" + "---:|" * len(RATIOS))
    for kb in ["1", "2", "6", "21", "50"]:
        cells = []
        for _, a, b in RATIOS:
            pair = []
            for shape in ["compact", "indented"]:
                x, y = data.get((a, kb, shape)), data.get((b, kb, shape))
                pair.append(f"{x[0] / y[0]:.2f}" if x and y else "-")
            cells.append(" / ".join(pair))
        print(f"| {kb} KB | " + " | ".join(cells) + " |")
    print("\n### Allocation per call, reused output buffer (B/op, compact input)\n")
    print("| size | " + " | ".join(ALLOCS) + " |")
    print("|---|" + "---:|" * len(ALLOCS))
    for kb in ["1", "2", "6", "21", "50"]:
        cells = []
        for a in ALLOCS:
            x = data.get((a, kb, "compact"))
            cells.append(f"{x[1]:,.0f}" if x and x[1] is not None else "-")
        print(f"| {kb} KB | " + " | ".join(cells) + " |")


def cxf(path):
    """CxfLoggingBenchmark: time per call per configuration, and the logging cost per message (4 per call)."""
    data = {}
    for r in json.load(open(path)):
        p = r["params"]
        data[(p["config"], p["kb"])] = (r["primaryMetric"]["score"], r["primaryMetric"]["scoreError"])
    for kb in sorted({k for _, k in data}, key=int):
        none = data[("none", kb)][0]
        print(f"\n### In-JVM CXF call, {kb} KB body, logged on both sides (4 messages per call)\n")
        print("| configuration | µs per call | ± | logging cost per message (µs) | vs CXF pretty+mask |")
        print("|---|---:|---:|---:|---:|")
        base = (data[("cxf-pretty-mask", kb)][0] - none) / 4
        for config in ["none", "cxf", "cxf-pretty-mask", "xf", "xf-pretty"]:
            score, err = data[(config, kb)]
            cost = (score - none) / 4
            ratio = f"{base / cost:.1f}x cheaper" if config.startswith("xf") and cost > 0 else ""
            print(f"| {config} | {score:,.1f} | {err:,.1f} | {cost:,.1f} | {ratio} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "benchmarks/results/format-jmh.json")
    if len(sys.argv) > 2:
        cxf(sys.argv[2])
