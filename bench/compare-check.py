#!/usr/bin/env python3
"""An independent check of `testbed compare --test t`: every run scored per query by
bench/independent-eval.py's measures (trec_eval's definitions, no shared code), every pair of
runs tested with scipy's paired t-test, the p-values adjusted by Holm's step-down method written
out below, and the result set beside what compare printed as JSON.

    node bin/testbed.js compare RUN... --qrels QRELS --metrics M,.. --test t --format json > compare.json
    python3 bench/compare-check.py QRELS compare.json RUN...

Prints, per metric and pair, both means of the difference, both p-values and both adjusted
p-values, then the largest absolute difference of each and whether the significance letters
agree. Runs are named as compare names them by default (file name without extension).
"""
import importlib.util
import json
import os
import sys
from itertools import combinations

from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("independent_eval", os.path.join(HERE, "independent-eval.py"))
ie = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ie)


def per_query(qrels, run, metric):
    """The metric of each answerable query, in byte order of the ids; an absent query scores 0."""
    k = int(metric.split("@")[1]) if "@" in metric else 10
    out = []
    for q, judged in sorted(qrels.items(), key=lambda x: x[0].encode()):
        if any(g >= 1 for g in judged.values()):
            out.append(ie.measures(run.get(q, []), judged, [k])[metric])
    return out


def holm(ps):
    """Holm (1979): sort ascending, multiply the i-th smallest (from 0) by m - i, keep the
    running maximum so the order is kept, cap at 1."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    adjusted, running = [0.0] * m, 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * ps[i]))
        adjusted[i] = running
    return adjusted


def main():
    qrels_path, compare_path, *run_paths = sys.argv[1:]
    qrels = ie.read_qrels(qrels_path)
    ours = json.load(open(compare_path, encoding="utf-8"))
    alpha = ours["alpha"]
    names = [os.path.splitext(os.path.basename(p))[0] for p in run_paths]
    runs = {n: ie.read_run(p) for n, p in zip(names, run_paths)}
    worst_p, worst_adj, disagreements = 0.0, 0.0, 0
    for metric in ours["metrics"]:
        values = {n: per_query(qrels, runs[n], metric) for n in names}
        pairs = list(combinations(names, 2))
        ps = [stats.ttest_rel(values[a], values[b]).pvalue for a, b in pairs]
        adjusted = holm(ps) if ours["correction"] == "holm" else ps
        theirs = {(x["a"], x["b"]): x for x in ours["pairs"][metric]}
        for (a, b), p, adj in zip(pairs, ps, adjusted):
            t = theirs[(a, b)]
            diff = sum(values[a]) / len(values[a]) - sum(values[b]) / len(values[b])
            worst_p = max(worst_p, abs(p - t["p"]))
            worst_adj = max(worst_adj, abs(adj - t["adjusted_p"]))
            disagreements += (adj < alpha) != t["significant"]
            print(f"{metric}\t{a} - {b}\t{diff:+.4f}\t{t['mean_diff']:+.4f}\tp {p:.6g} / {t['p']:.6g}\tadj {adj:.6g} / {t['adjusted_p']:.6g}")
    print(f"largest |p scipy - p compare|: {worst_p:.3g}; adjusted: {worst_adj:.3g}; significance disagreements: {disagreements}")


if __name__ == "__main__":
    main()
