#!/usr/bin/env python3
"""An independent check of `testbed eval`: the same measures, written from trec_eval's
definitions in plain Python with no shared code, so a mistake in one is unlikely to be in both.

    python3 bench/independent-eval.py QRELS RUN [--per-query]

QRELS is BEIR tsv (header) or TREC (qid 0 docid rel); RUN is a TREC run file. Ranking as
trec_eval: score descending, ties by docid descending (byte order); the rank column is ignored.
Averages over qrels queries with at least one relevant document (grade >= 1); a query missing
from the run scores 0 (trec_eval -c).
"""
import math
import sys
from collections import defaultdict


def read_qrels(path):
    qrels = defaultdict(dict)
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3:
                q, d, g = parts
            elif len(parts) == 4:
                q, _, d, g = parts
            else:
                continue
            try:
                qrels[q][d] = int(g)
            except ValueError:  # BEIR header
                continue
    return qrels


def read_run(path):
    run = defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for line in f:
            q, _, d, _, s, _ = line.split()
            run[q].append((float(s), d.encode("utf-8")))
    return {q: [d.decode() for s, d in sorted(docs, key=lambda x: (x[0], x[1]), reverse=True)] for q, docs in run.items()}


def measures(ranking, judged, ks):
    rel = {d for d, g in judged.items() if g >= 1}
    out = {}
    for k in ks:
        top = ranking[:k]
        found = sum(1 for d in top if d in rel)
        out[f"hit@{k}"] = 1.0 if found else 0.0
        out[f"recall@{k}"] = found / len(rel)
        out[f"precision@{k}"] = found / k
        dcg = sum(max(judged.get(d, 0), 0) / math.log2(i + 2) for i, d in enumerate(top))
        ideal = sorted((g for g in judged.values() if g > 0), reverse=True)[:k]
        idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
        out[f"ndcg@{k}"] = dcg / idcg if idcg else 0.0
    first = next((i + 1 for i, d in enumerate(ranking) if d in rel), None)
    out["mrr"] = 1.0 / first if first else 0.0
    hits, ap = 0, 0.0
    for i, d in enumerate(ranking):
        if d in rel:
            hits += 1
            ap += hits / (i + 1)
    out["map"] = ap / len(rel)
    r = len(rel)
    out["r-precision"] = sum(1 for d in ranking[:r] if d in rel) / r
    out["bpref"] = bpref(ranking, judged, rel)
    return out


def bpref(ranking, judged, rel):
    """Buckley & Voorhees' bpref as trec_eval's m_bpref.c computes it. Only judged documents
    (grade >= 0) are looked at; for each relevant one retrieved, the judged non-relevant ones
    ranked above it are counted, that count capped at R, and divided by min(N, R)."""
    nonrel = {d for d, g in judged.items() if 0 <= g and d not in rel}
    r, n = len(rel), len(nonrel)
    total = 0.0
    for pos, d in enumerate(ranking):
        if d not in rel:
            continue
        above = sum(1 for x in ranking[:pos] if x in nonrel)
        total += 1.0 if above == 0 else 1.0 - min(above, r) / min(n, r)
    return total / r


def main():
    qrels, run = read_qrels(sys.argv[1]), read_run(sys.argv[2])
    per_query = "--per-query" in sys.argv[3:]
    ks = [1, 5, 10, 100]
    totals, n = defaultdict(float), 0
    for q, judged in sorted(qrels.items(), key=lambda x: x[0].encode()):
        if not any(g >= 1 for g in judged.values()):
            continue
        n += 1
        for name, value in sorted(measures(run.get(q, []), judged, ks).items()):
            totals[name] += value
            if per_query:
                print(f"{name}\t{q}\t{value:.4f}")
    for name in sorted(totals):
        print(f"{name}\tall\t{totals[name] / n:.4f}")
    print(f"queries\t{n}")


if __name__ == "__main__":
    main()
