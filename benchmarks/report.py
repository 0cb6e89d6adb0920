#!/usr/bin/env python3
"""Prints the headline tables of benchmarks/RESULTS.md from JMH JSON results.

Usage: python3 benchmarks/report.py RESULT.json...  (FormatBenchmark, CxfLoggingBenchmark, SpringWsLoggingBenchmark,
ServletFilterBenchmark and ClientInterceptorBenchmark results, in any number of files: the FormatBenchmark cells of all of them make one table). Needs benchmarks/target/benchmarks.jar (for the
exact payload sizes of FormatBenchmark).
"""
import json
import os
import subprocess
import sys

ROWS = [
    ("xfIndentChars", "xml-formatter: indent"),
    ("xfIndentBytes", "xml-formatter: indent, from UTF-8 bytes"),
    ("xfPresetCapIndentChars", "xml-formatter: WS-Security preset + 1 KB cap + indent"),
    ("xfPathRulesIndentChars", "xml-formatter: two path rules + indent"),
    ("xfPresetEmbeddedIndentChars", "xml-formatter: preset + embedded XML + indent"),
    ("cxfPretty", "CXF 4.1 `PrettyLoggingFilter`"),
    ("cxfMaskThenPretty", "CXF 4.1 `MaskSensitiveHelper`, then `PrettyLoggingFilter`"),
    ("aaltoStaxIndent", "StAX (Aalto) copy with indentation"),
    ("transformerIndent", "JDK `Transformer` with indent"),
    ("logbookCompactXml", "Logbook `compactXml` (indented input)"),
]
CXF_ROWS = ["none", "cxf", "cxf-pretty-mask", "xf", "xf-pretty", "xf-text", "xf-json", "xf-fields"]


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


def engine(results):
    """MB/s and the ratio to CXF's mask-then-pretty per size, then bytes allocated per call."""
    size = sizes()
    data = {}
    for r in results:
        p = r["params"]
        name = r["benchmark"].rsplit(".", 1)[1]
        alloc = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
        data[(name, p["kb"], p["shape"])] = (r["primaryMetric"]["score"], alloc)
    kbs = sorted({k for _, k, _ in data}, key=int)
    print("| approach | " + " | ".join(f"{kb} KB: MB/s (× CXF mask+pretty)" for kb in kbs) + " |")
    print("|---|" + "---:|" * len(kbs))
    for name, label in ROWS:
        shape = "indented" if name == "logbookCompactXml" else "compact"
        cells = []
        for kb in kbs:
            x, base = data.get((name, kb, shape)), data.get(("cxfMaskThenPretty", kb, shape))
            if not x:
                cells.append("-")
                continue
            mbs = x[0] * size[(kb, shape)] / 1e6
            cells.append(f"{mbs:,.0f} ({x[0] / base[0]:,.1f}×)" if base else f"{mbs:,.0f}")
        print(f"| {label} | " + " | ".join(cells) + " |")
    print()
    print("| bytes allocated per call | " + " | ".join(f"{kb} KB" for kb in kbs) + " |")
    print("|---|" + "---:|" * len(kbs))
    for name, label in ROWS:
        shape = "indented" if name == "logbookCompactXml" else "compact"
        cells = []
        for kb in kbs:
            x = data.get((name, kb, shape))
            cells.append(f"{x[1]:,.0f}" if x and x[1] is not None else "-")
        print(f"| {label} | " + " | ".join(cells) + " |")


def cxf(results):
    """CxfLoggingBenchmark: time per call, the logging cost per message (4 per call), against CXF's mask+pretty."""
    data = {}
    for r in results:
        p = r["params"]
        data[(p["config"], p["kb"])] = r["primaryMetric"]["score"]
    kbs = sorted({k for _, k in data}, key=int)
    print("| configuration | " + " | ".join(f"{kb} KB: µs per call | µs per message logged" for kb in kbs) + " |")
    print("|---|" + "---:|---:|" * len(kbs))
    for config in CXF_ROWS:
        cells = []
        for kb in kbs:
            score = data.get((config, kb))
            if score is None:
                cells += ["-", "-"]
                continue
            cost = (score - data[("none", kb)]) / 4
            base = (data[("cxf-pretty-mask", kb)] - data[("none", kb)]) / 4
            ratio = f" ({base / cost:.1f}× less)" if config.startswith("xf") and cost > 0 else ""
            cells += [f"{score:,.0f}", f"{cost:,.1f}{ratio}"]
        print(f"| `{config}` | " + " | ".join(cells) + " |")


SPRING_WS_ROWS = [("spring-ws-envelope", "Spring-WS `SoapEnvelopeLoggingInterceptor` (DEBUG)"),
                  ("spring-ws-payload", "Spring-WS `PayloadLoggingInterceptor` (DEBUG)"),
                  ("xf", "xml-formatter (captures, pretty, WS-Security preset, masking, CXF text)")]


def spring_ws(results):
    """SpringWsLoggingBenchmark.logging: µs of logging work per exchange (2 messages), against the envelope interceptor."""
    data = {(r["params"]["config"], r["params"]["kb"]): r["primaryMetric"] for r in results
            if r["benchmark"].endswith(".logging")}
    kbs = sorted({k for _, k in data}, key=int)
    print("| logging | " + " | ".join(f"{kb} KB: µs per exchange (× less than the envelope interceptor)"
                                      for kb in kbs) + " |")
    print("|---|" + "---:|" * len(kbs))
    for config, label in SPRING_WS_ROWS:
        cells = []
        for kb in kbs:
            m = data.get((config, kb))
            base = data.get(("spring-ws-envelope", kb))
            if m is None:
                cells.append("-")
                continue
            ratio = f" ({base['score'] / m['score']:.1f}×)" if config == "xf" and base else ""
            cells.append(f"{m['score']:,.1f} ± {m['scoreError']:,.1f}{ratio}")
        print(f"| {label} | " + " | ".join(cells) + " |")


def servlet(results):
    """ServletFilterBenchmark: the filter's cost per exchange (above no filter) and bytes allocated, against Logbook's."""
    data = {(r["params"]["config"], r["params"]["body"], r["params"]["kb"]):
            (r["primaryMetric"]["score"], r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score"))
            for r in results}
    kbs = sorted({k for _, _, k in data}, key=int)
    print("| body | filter | " + " | ".join(f"{kb} KB: µs added (× Logbook's) | bytes added" for kb in kbs) + " |")
    print("|---|---|" + "---:|---:|" * len(kbs))
    for body in ("json", "soap"):
        for config, label in (("logbook", "Logbook `LogbookFilter`"), ("xf", "xml-formatter")):
            cells = []
            for kb in kbs:
                x, none, lb = data.get((config, body, kb)), data.get(("none", body, kb)), data.get(("logbook", body, kb))
                if not x or not none:
                    cells += ["-", "-"]
                    continue
                cost = x[0] - none[0]
                ratio = f" ({cost / (lb[0] - none[0]):.2g}×)" if config == "xf" and lb else ""
                alloc = f"{x[1] - none[1]:,.0f}" if x[1] is not None and none[1] is not None else "-"
                cells += [f"{cost:,.0f}{ratio}", alloc]
            print(f"| {body} | {label} | " + " | ".join(cells) + " |")


def clients(results):
    """ClientInterceptorBenchmark: the interceptor's cost per call (above none) and bytes allocated, against Logbook's."""
    data = {(r["params"]["config"], r["params"]["kb"]):
            (r["primaryMetric"]["score"], r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score"))
            for r in results}
    kbs = sorted({k for _, k in data}, key=int)
    print("| interceptor | " + " | ".join(f"{kb} KB: µs added (× Logbook's) | bytes added" for kb in kbs) + " |")
    print("|---|" + "---:|---:|" * len(kbs))
    for config, label in (("logbook", "Logbook `LogbookClientHttpRequestInterceptor`"), ("xf", "xml-formatter")):
        cells = []
        for kb in kbs:
            x, none, lb = data.get((config, kb)), data.get(("none", kb)), data.get(("logbook", kb))
            cost = x[0] - none[0]
            ratio = f" ({cost / (lb[0] - none[0]):.2g}×)" if config == "xf" else ""
            cells += [f"{cost:,.1f}{ratio}", f"{x[1] - none[1]:,.0f}"]
        print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    results = [r for path in sys.argv[1:] for r in json.load(open(path))]
    format_results = [r for r in results if ".FormatBenchmark." in r["benchmark"]]
    cxf_results = [r for r in results if ".CxfLoggingBenchmark." in r["benchmark"]]
    if format_results:
        engine(format_results)
    if cxf_results:
        print()
        cxf(cxf_results)
    spring_ws_results = [r for r in results if ".SpringWsLoggingBenchmark." in r["benchmark"]]
    if spring_ws_results:
        print()
        spring_ws(spring_ws_results)
    servlet_results = [r for r in results if ".ServletFilterBenchmark." in r["benchmark"]]
    if servlet_results:
        print()
        servlet(servlet_results)
    client_results = [r for r in results if ".ClientInterceptorBenchmark." in r["benchmark"]]
    if client_results:
        print()
        clients(client_results)
