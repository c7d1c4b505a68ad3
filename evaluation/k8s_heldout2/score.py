#!/usr/bin/env python3
"""Score the k8s-rca CLI on the k8s-h2 held-out incidents.

Runs, from the repository root (/work/main by default):
    .venv/bin/python -m app.cli k8s-rca --snapshot DIR --json "<symptom>"
for every incidents/<id>/ (timeout 120 s each).  The first entry of the printed
JSON's `root_causes` is the answer.  kind+namespace+name exact = hit; kind only = kind_hit.
A non-zero exit, a timeout or unparsable output counts as no answer (a miss).

Prints JSON {"precision","kind_precision","per_fault","seconds_p50","n"}.
--out FILE keeps the per-incident predictions.
"""
import argparse, json, os, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))


def parse_output(text):
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        pass
    # tolerate log lines before the JSON document
    start = text.find('{')
    while start != -1:
        try:
            return json.loads(text[start:])
        except ValueError:
            start = text.find('{', start + 1)
    return None


def norm(x):
    return (x or '').strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--repo', default=os.path.abspath(os.path.join(HERE, '..', '..')))
    ap.add_argument('--incidents', default=os.path.join(HERE, 'incidents'))
    ap.add_argument('--timeout', type=int, default=120)
    ap.add_argument('--only', nargs='*', help='incident ids to run')
    ap.add_argument('--out', help='write per-incident predictions (JSON) here')
    a = ap.parse_args()

    py = os.path.join(a.repo, '.venv', 'bin', 'python')
    ids = sorted(d for d in os.listdir(a.incidents) if os.path.isfile(os.path.join(a.incidents, d, 'truth.json')))
    if a.only:
        ids = [i for i in ids if i in a.only]
    rows, secs = [], []
    for iid in ids:
        d = os.path.join(a.incidents, iid)
        truth = json.load(open(os.path.join(d, 'truth.json')))
        cmd = [py, '-m', 'app.cli', 'k8s-rca', '--snapshot', d, '--json', truth['symptom']]
        t0 = time.time()
        pred, err, rc = None, '', None
        try:
            p = subprocess.run(cmd, cwd=a.repo, capture_output=True, text=True, timeout=a.timeout)
            rc = p.returncode
            if rc == 0:
                doc = parse_output(p.stdout)
                rcs = (doc or {}).get('root_causes') or []
                if rcs:
                    pred = rcs[0]
                else:
                    err = 'no root_causes in output'
            else:
                err = (p.stderr or '')[-500:]
        except subprocess.TimeoutExpired:
            err = 'timeout'
        dt_ = time.time() - t0
        secs.append(dt_)
        hit = kind_hit = False
        if pred:
            kind_hit = norm(pred.get('kind')).lower() == truth['kind'].lower()
            hit = kind_hit and norm(pred.get('namespace')) == truth['namespace'] and norm(pred.get('name')) == truth['name']
        rows.append({'id': iid, 'fault': truth['fault'], 'truth': {k: truth[k] for k in ('kind', 'namespace', 'name')},
                     'prediction': pred, 'hit': hit, 'kind_hit': kind_hit, 'rc': rc, 'error': err, 'seconds': round(dt_, 2)})
        print('%s %-4s %-34s truth=%s/%s/%s pred=%s' % (iid, 'HIT' if hit else ('kind' if kind_hit else 'miss'), truth['fault'],
                                                      truth['kind'], truth['namespace'], truth['name'],
                                                      '%s/%s/%s' % (pred.get('kind'), pred.get('namespace'), pred.get('name')) if pred else ('ERR ' + err[:80])),
              file=sys.stderr)
    n = len(rows)
    per = {}
    for r in rows:
        f = per.setdefault(r['fault'], {'n': 0, 'hits': 0, 'kind_hits': 0})
        f['n'] += 1
        f['hits'] += r['hit']
        f['kind_hits'] += r['kind_hit']
    for f in per.values():
        f['precision'] = round(f['hits'] / f['n'], 3)
    res = {'precision': round(sum(r['hit'] for r in rows) / n, 3) if n else 0.0,
           'kind_precision': round(sum(r['kind_hit'] for r in rows) / n, 3) if n else 0.0,
           'per_fault': dict(sorted(per.items())),
           'seconds_p50': round(statistics.median(secs), 2) if secs else 0.0,
           'n': n}
    if a.out:
        with open(a.out, 'w') as f:
            json.dump({'summary': res, 'incidents': rows}, f, indent=2)
    print(json.dumps(res, indent=2))


if __name__ == '__main__':
    main()
