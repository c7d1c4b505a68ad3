#!/usr/bin/env python3
"""Generator for the k8s-h2 held-out RCA incident set (30 whole-cluster snapshots).

Deterministic: every name suffix, uid, IP and timestamp is derived from hashes of the
incident id. Python standard library only.  Usage:  python3 make.py [--check]
"""
import base64, copy, datetime as dt, hashlib, json, os, random, re, shutil, sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'incidents')


def H(*p):
    return hashlib.sha256('|'.join(str(x) for x in p).encode()).hexdigest()


ALNUM = 'bcdfghjklmnpqrstvwxz2456789'
PLURAL = {'Namespace': 'namespaces', 'Node': 'nodes', 'Pod': 'pods', 'Deployment': 'deployments',
          'ReplicaSet': 'replicasets', 'StatefulSet': 'statefulsets', 'DaemonSet': 'daemonsets',
          'Job': 'jobs', 'CronJob': 'cronjobs', 'Service': 'services', 'Endpoints': 'endpoints',
          'EndpointSlice': 'endpointslices', 'PersistentVolumeClaim': 'persistentvolumeclaims',
          'PersistentVolume': 'persistentvolumes', 'StorageClass': 'storageclasses',
          'ConfigMap': 'configmaps', 'Secret': 'secrets', 'Ingress': 'ingresses',
          'NetworkPolicy': 'networkpolicies', 'ServiceAccount': 'serviceaccounts',
          'ResourceQuota': 'resourcequotas', 'Event': 'events'}
API = {'Deployment': 'apps/v1', 'ReplicaSet': 'apps/v1', 'StatefulSet': 'apps/v1', 'DaemonSet': 'apps/v1',
       'Job': 'batch/v1', 'CronJob': 'batch/v1', 'EndpointSlice': 'discovery.k8s.io/v1',
       'StorageClass': 'storage.k8s.io/v1', 'Ingress': 'networking.k8s.io/v1',
       'NetworkPolicy': 'networking.k8s.io/v1'}
SEL_SKIP = {'version', 'app.kubernetes.io/version', 'helm.sh/chart', 'app.kubernetes.io/managed-by',
            'pod-template-hash', 'chart', 'heritage', 'release-date', 'tier', 'team'}


def api(kind):
    return API.get(kind, 'v1')


def oref(obj, controller=True):
    r = {'apiVersion': obj['apiVersion'], 'kind': obj['kind'], 'name': obj['metadata']['name'],
         'uid': obj['metadata']['uid']}
    if controller:
        r['controller'] = True
        r['blockOwnerDeletion'] = True
    return r


# ----------------------------------------------------------------------------- quantities
def cpu_m(q):
    if q is None:
        return 0
    q = str(q)
    return int(q[:-1]) if q.endswith('m') else int(float(q) * 1000)


def mem_mi(q):
    if q is None:
        return 0
    q = str(q)
    for suf, f in (('Ki', 1 / 1024), ('Mi', 1), ('Gi', 1024), ('Ti', 1024 * 1024), ('M', 0.9537), ('G', 953.7)):
        if q.endswith(suf):
            return float(q[:-len(suf)]) * f
    return float(q) / 1048576


def fmt_cpu(m):
    return '%d' % (m // 1000) if m % 1000 == 0 else '%dm' % m


def fmt_mem(mi):
    mi = int(round(mi))
    return '%dGi' % (mi // 1024) if mi % 1024 == 0 and mi else '%dMi' % mi


# ----------------------------------------------------------------------------- pod spec helpers
def E(n, v):
    return {'name': n, 'value': str(v)}


E_ = E


def ESK(n, sec, key, optional=None):
    d = {'name': n, 'valueFrom': {'secretKeyRef': {'name': sec, 'key': key}}}
    if optional is not None:
        d['valueFrom']['secretKeyRef']['optional'] = optional
    return d


def ECK(n, cm, key):
    return {'name': n, 'valueFrom': {'configMapKeyRef': {'name': cm, 'key': key}}}


def EF(n, path):
    return {'name': n, 'valueFrom': {'fieldRef': {'apiVersion': 'v1', 'fieldPath': path}}}


def hprobe(path, port, init=0, period=10, timeout=1, fail=3, scheme='HTTP'):
    p = {'httpGet': {'path': path, 'port': port, 'scheme': scheme}, 'periodSeconds': period,
         'timeoutSeconds': timeout, 'failureThreshold': fail, 'successThreshold': 1}
    if init:
        p['initialDelaySeconds'] = init
    return p


def eprobe(cmd, init=0, period=10, timeout=1, fail=3):
    p = {'exec': {'command': cmd}, 'periodSeconds': period, 'timeoutSeconds': timeout,
         'failureThreshold': fail, 'successThreshold': 1}
    if init:
        p['initialDelaySeconds'] = init
    return p


def tprobe(port, init=0, period=10, timeout=1, fail=3):
    p = {'tcpSocket': {'port': port}, 'periodSeconds': period, 'timeoutSeconds': timeout,
         'failureThreshold': fail, 'successThreshold': 1}
    if init:
        p['initialDelaySeconds'] = init
    return p


def ctr(name, image, ports=(), env=(), envFrom=(), mounts=(), req=None, lim=None, rp=None, lp=None,
        sp=None, cmd=None, args=None, tmp='File', pull='IfNotPresent', sc=None):
    c = {'name': name, 'image': image, 'imagePullPolicy': pull, 'resources': {},
         'terminationMessagePath': '/dev/termination-log', 'terminationMessagePolicy': tmp}
    if cmd:
        c['command'] = list(cmd)
    if args:
        c['args'] = list(args)
    if ports:
        c['ports'] = []
        for pt in ports:
            n, p = pt[0], pt[1]
            d = {'containerPort': p, 'protocol': pt[2] if len(pt) > 2 else 'TCP'}
            if n:
                d['name'] = n
            c['ports'].append(d)
    if env:
        c['env'] = list(env)
    if envFrom:
        c['envFrom'] = list(envFrom)
    if mounts:
        c['volumeMounts'] = []
        for m in mounts:
            d = {'name': m[0], 'mountPath': m[1]}
            if len(m) > 2 and m[2]:
                d['readOnly'] = True
            if len(m) > 3:
                d['subPath'] = m[3]
            c['volumeMounts'].append(d)
    if req:
        c['resources']['requests'] = {k: v for k, v in (('cpu', req[0]), ('memory', req[1])) if v}
    if lim:
        c['resources']['limits'] = {k: v for k, v in (('cpu', lim[0]), ('memory', lim[1])) if v}
    if rp:
        c['readinessProbe'] = rp
    if lp:
        c['livenessProbe'] = lp
    if sp:
        c['startupProbe'] = sp
    if sc:
        c['securityContext'] = sc
    return c


def Vcm(n, cm, items=None, optional=None):
    v = {'name': n, 'configMap': {'name': cm, 'defaultMode': 420}}
    if items:
        v['configMap']['items'] = [{'key': k, 'path': p} for k, p in items]
    if optional is not None:
        v['configMap']['optional'] = optional
    return v


def Vsec(n, sec, optional=None):
    v = {'name': n, 'secret': {'secretName': sec, 'defaultMode': 420}}
    if optional is not None:
        v['secret']['optional'] = optional
    return v


def Vpvc(n, claim):
    return {'name': n, 'persistentVolumeClaim': {'claimName': claim}}


def Vempty(n, medium=None, limit=None):
    d = {}
    if medium:
        d['medium'] = medium
    if limit:
        d['sizeLimit'] = limit
    return {'name': n, 'emptyDir': d}


def Vhost(n, path, typ=''):
    return {'name': n, 'hostPath': {'path': path, 'type': typ}}


def T(labels, containers, init=(), volumes=(), nsel=None, tol=(), aff=None, sa=None, ann=None,
      hostnet=False, prio=None, ips=(), psc=None, tgps=30):
    spec = {'containers': list(containers)}
    if init:
        spec['initContainers'] = list(init)
    if volumes:
        spec['volumes'] = list(volumes)
    if nsel:
        spec['nodeSelector'] = dict(nsel)
    if tol:
        spec['tolerations'] = list(tol)
    if aff:
        spec['affinity'] = aff
    if sa:
        spec['serviceAccountName'] = sa
    if hostnet:
        spec['hostNetwork'] = True
    if prio:
        spec['priorityClassName'] = prio
    if ips:
        spec['imagePullSecrets'] = [{'name': x} for x in ips]
    if psc:
        spec['securityContext'] = psc
    spec['terminationGracePeriodSeconds'] = tgps
    return {'labels': dict(labels), 'annotations': dict(ann or {}), 'spec': spec}


def TOL(key, value=None, effect='NoSchedule', op=None, secs=None):
    t = {'key': key, 'operator': op or ('Equal' if value is not None else 'Exists')}
    if value is not None:
        t['value'] = value
    if effect:
        t['effect'] = effect
    if secs is not None:
        t['tolerationSeconds'] = secs
    return t


TOL_ALL = {'operator': 'Exists'}


def node_aff(key, values, op='In'):
    return {'nodeAffinity': {'requiredDuringSchedulingIgnoredDuringExecution': {'nodeSelectorTerms': [
        {'matchExpressions': [{'key': key, 'operator': op, 'values': list(values)}]}]}}}


def anti_aff(labels, topo='kubernetes.io/hostname'):
    return {'podAntiAffinity': {'preferredDuringSchedulingIgnoredDuringExecution': [{'weight': 100, 'podAffinityTerm': {
        'labelSelector': {'matchLabels': dict(labels)}, 'topologyKey': topo}}]}}


def b64(s):
    return base64.b64encode(s.encode()).decode()


# ----------------------------------------------------------------------------- cluster model
class Cluster:
    def __init__(s, iid, T0, plat):
        s.iid, s.T, s.plat = iid, T0, plat
        s.r = random.Random(H(iid, 'rng'))
        s.objs = defaultdict(list)
        s.index = {}
        s.nodes = []          # internal node dicts (materialized late)
        s.specs = []          # workload specs
        s.svcs = []           # service specs
        s.events = []
        s.rv = 3000000 + int(H(iid, 'rv')[:6], 16)
        s.post = []           # hooks run after materialize
        s.namespaces = {}
        s.sa_missing = set()
        s.svc_cidr = '10.96.'
        s.cluster_dns = '10.96.0.10'
        s.ipused = set()
        s.node_gone = set()
        s.ctx = {}

    # ---- ids
    def uid(s, *k):
        x = H(s.iid, 'uid', *k)
        return '%s-%s-4%s-%s-%s' % (x[:8], x[8:12], x[13:16], 'a' + x[17:20], x[20:32])

    def sfx(s, n, *k):
        x = int(H(s.iid, 'sfx', *k), 16)
        out = ''
        for _ in range(n):
            out += ALNUM[x % 27]
            x //= 27
        return out

    def hx(s, n, *k):
        return H(s.iid, 'hx', *k)[:n]

    def at(s, mins):
        return (s.T - dt.timedelta(minutes=mins)).strftime('%Y-%m-%dT%H:%M:%SZ')

    def nrv(s):
        s.rv += s.r.randint(3, 4000)
        return str(s.rv)

    def meta(s, kind, ns, name, age, labels=None, ann=None, owner=None, gen=None):
        m = {'name': name, 'uid': s.uid(kind, ns or '', name), 'resourceVersion': s.nrv(),
             'creationTimestamp': s.at(age)}
        if ns is not None:
            m['namespace'] = ns
        if labels:
            m['labels'] = dict(labels)
        if ann:
            m['annotations'] = dict(ann)
        if owner is not None:
            m['ownerReferences'] = [owner if 'uid' in owner and 'metadata' not in owner else oref(owner)]
        if gen is not None:
            m['generation'] = gen
        return m

    def obj(s, kind, ns, name, age, labels=None, ann=None, owner=None, gen=None, **body):
        o = {'apiVersion': api(kind), 'kind': kind,
             'metadata': s.meta(kind, ns, name, age, labels, ann, owner, gen)}
        o.update(body)
        return s.add(o)

    def add(s, o):
        key = (o['kind'], o['metadata'].get('namespace', ''), o['metadata']['name'])
        if key in s.index:
            raise RuntimeError('duplicate %s' % (key,))
        s.objs[PLURAL[o['kind']]].append(o)
        s.index[key] = o
        return o

    def get(s, kind, ns, name):
        return s.index.get((kind, ns or '', name))

    def remove(s, kind, ns, name):
        o = s.index.pop((kind, ns or '', name))
        s.objs[PLURAL[kind]].remove(o)
        return o

    def ip_in(s, prefix, k):
        for j in range(200):
            x = int(H(s.iid, 'ip', prefix, k, j), 16)
            parts = prefix.count('.')
            if parts == 3:
                ip = prefix + str(2 + x % 250)
            else:
                ip = prefix + '%d.%d' % ((x >> 8) % 254 + 1, 2 + x % 250)
            if ip not in s.ipused:
                s.ipused.add(ip)
                return ip
        raise RuntimeError('ip exhaustion')

    # ---- events
    def event(s, o, reason, msg, typ='Normal', first=10, last=None, count=1, comp='kubelet', host=None,
              field=None, ns=None):
        if last is None:
            last = first
        if last > 58:
            return None  # apiserver event TTL (1h) would have dropped it
        md = o['metadata']
        ons = md.get('namespace', ns if ns is not None else 'default')
        inv = {'apiVersion': o['apiVersion'], 'kind': o['kind'], 'name': md['name'], 'uid': md['uid'],
               'resourceVersion': md.get('resourceVersion', '')}
        if md.get('namespace'):
            inv['namespace'] = md['namespace']
        if field:
            inv['fieldPath'] = field
        name = '%s.%s' % (md['name'], s.hx(16, 'ev', md['name'], reason, msg, first))
        ev = {'apiVersion': 'v1', 'kind': 'Event',
              'metadata': {'name': name, 'namespace': ons, 'uid': s.uid('ev', name),
                           'resourceVersion': s.nrv(), 'creationTimestamp': s.at(first)},
              'involvedObject': inv, 'reason': reason, 'message': msg, 'type': typ,
              'source': {'component': comp} if not host else {'component': comp, 'host': host},
              'firstTimestamp': s.at(first), 'lastTimestamp': s.at(last), 'count': count,
              'eventTime': None, 'reportingComponent': comp if comp != 'kubelet' else 'kubelet',
              'reportingInstance': host or ''}
        s.events.append(ev)
        return ev

    # ---- namespaces
    def ns(s, name, age_days=None, labels=None, ann=None):
        if name in s.namespaces:
            if labels:
                s.namespaces[name]['labels'].update(labels)
            return
        s.namespaces[name] = {'age': age_days if age_days is not None else s.ctx.get('cluster_age', 300),
                              'labels': dict(labels or {}), 'ann': dict(ann or {})}

    # ---- nodes
    def node(s, name, labels, ip, cidr, cpu, mem_gi, age_days, taints=(), provider=None, info=None,
             pods=110, eph_gi=100, hostname=None, ext_ip=None):
        n = {'name': name, 'labels': dict(labels), 'ip': ip, 'cidr': cidr, 'cpu': cpu, 'mem': mem_gi,
             'age': age_days, 'taints': list(taints), 'provider': provider, 'info': dict(info or {}),
             'pods': pods, 'eph': eph_gi, 'ready': True, 'cond': {}, 'unsched': False, 'ext_ip': ext_ip,
             'notready_min': None}
        n['labels'].setdefault('kubernetes.io/hostname', hostname or name)
        for k, v in (('kubernetes.io/os', 'linux'), ('kubernetes.io/arch', 'amd64'),
                     ('beta.kubernetes.io/os', 'linux'), ('beta.kubernetes.io/arch', 'amd64')):
            n['labels'].setdefault(k, v)
        s.nodes.append(n)
        return n

    def N(s, name):
        for n in s.nodes:
            if n['name'] == name:
                return n
        return None

    # ---- workload specs
    def _spec(s, kind, ns, name, tmpl, **kw):
        w = {'kind': kind, 'ns': ns, 'name': name, 'tmpl': tmpl, 'replicas': kw.pop('replicas', 1),
             'labels': kw.pop('labels', None), 'age': kw.pop('age', 60), 'ann': kw.pop('ann', None),
             'mode': kw.pop('mode', None), 'modes': kw.pop('modes', {}), 'pin': kw.pop('pin', {}),
             'sel': kw.pop('sel', None)}
        w.update(kw)
        if w['sel'] is None:
            w['sel'] = {k: v for k, v in tmpl['labels'].items() if k not in SEL_SKIP}
        if w['labels'] is None:
            w['labels'] = {k: v for k, v in tmpl['labels'].items() if k != 'pod-template-hash'}
        s.ns(ns)
        s.specs.append(w)
        return w

    def deploy(s, ns, name, tmpl, **kw):
        return s._spec('Deployment', ns, name, tmpl, **kw)

    def sts(s, ns, name, tmpl, **kw):
        return s._spec('StatefulSet', ns, name, tmpl, **kw)

    def ds(s, ns, name, tmpl, **kw):
        return s._spec('DaemonSet', ns, name, tmpl, **kw)

    def cron(s, ns, name, tmpl, schedule, every_min, **kw):
        return s._spec('CronJob', ns, name, tmpl, schedule=schedule, every=every_min, **kw)

    def job(s, ns, name, tmpl, **kw):
        return s._spec('Job', ns, name, tmpl, **kw)

    def static(s, ns, name, tmpl, node, **kw):
        return s._spec('Static', ns, name, tmpl, node=node, **kw)

    def barepod(s, ns, name, tmpl, owner, **kw):
        return s._spec('Pod', ns, name, tmpl, owner=owner, **kw)

    def W(s, ns, name, kind=None):
        for w in s.specs:
            if w['ns'] == ns and w['name'] == name and (kind is None or w['kind'] == kind):
                return w
        raise KeyError((ns, name))

    def svc(s, ns, name, selector, ports, typ='ClusterIP', headless=False, labels=None, ann=None,
            pnr=False, age=None, manual_eps=None, lb=None, ext_policy=None):
        d = {'ns': ns, 'name': name, 'selector': selector, 'ports': ports, 'type': typ,
             'headless': headless, 'labels': labels or {}, 'ann': ann or {}, 'pnr': pnr, 'age': age,
             'manual': manual_eps, 'lb': lb, 'etp': ext_policy}
        s.ns(ns)
        s.svcs.append(d)
        return d

    def S(s, ns, name):
        for d in s.svcs:
            if d['ns'] == ns and d['name'] == name:
                return d
        raise KeyError((ns, name))

    def cm(s, ns, name, data, age=60 * 24 * 30, labels=None, ann=None):
        s.ns(ns)
        return s.obj('ConfigMap', ns, name, age, labels, ann, data=dict(data))

    def secret(s, ns, name, keys, typ='Opaque', age=60 * 24 * 30, labels=None, ann=None, values=None):
        s.ns(ns)
        data = {}
        for k in keys:
            v = (values or {}).get(k)
            data[k] = b64(v) if v is not None else ''
        return s.obj('Secret', ns, name, age, labels, ann, data=data, type=typ)

    def helm_release(s, ns, rel, chart, ver, rev=1, age=60 * 24 * 30):
        s.secret(ns, 'sh.helm.release.v1.%s.v%d' % (rel, rev), ['release'], typ='helm.sh/release.v1', age=age,
                 labels={'name': rel, 'owner': 'helm', 'status': 'deployed', 'version': str(rev)})

    # ================================================================ materialization
    def tolerates(s, tols, taint):
        for t in tols or []:
            if t.get('operator') == 'Exists' and not t.get('key'):
                if not t.get('effect') or t['effect'] == taint['effect']:
                    return True
                continue
            if t.get('key') != taint['key']:
                continue
            if t.get('effect') and t['effect'] != taint['effect']:
                continue
            if t.get('operator', 'Equal') == 'Exists' or t.get('value') == taint.get('value'):
                return True
        return False

    def untolerated(s, sp, n):
        return [t for t in n['taints'] if t['effect'] in ('NoSchedule', 'NoExecute')
                and not s.tolerates(sp.get('tolerations'), t)]

    def sel_ok(s, sp, n):
        for k, v in (sp.get('nodeSelector') or {}).items():
            if n['labels'].get(k) != v:
                return False
        na = ((sp.get('affinity') or {}).get('nodeAffinity') or {}).get('requiredDuringSchedulingIgnoredDuringExecution')
        if na:
            ok_any = False
            for term in na['nodeSelectorTerms']:
                ok = True
                for e in term.get('matchExpressions', []):
                    have = n['labels'].get(e['key'])
                    op = e['operator']
                    if op == 'In' and have not in e['values']: ok = False
                    if op == 'NotIn' and have in e['values']: ok = False
                    if op == 'Exists' and have is None: ok = False
                    if op == 'DoesNotExist' and have is not None: ok = False
                for e in term.get('matchFields', []):
                    if n['name'] not in e['values']: ok = False
                ok_any = ok_any or ok
            if not ok_any:
                return False
        return True

    def place(s, sp, key, pin=None):
        if pin:
            n = s.N(pin)
            if n is None:
                raise RuntimeError('pin to unknown node %s' % pin)
            return n
        c = [n for n in s.nodes if n['ready'] and not n['unsched'] and s.sel_ok(sp, n) and not s.untolerated(sp, n)]
        if not c:
            return None
        c.sort(key=lambda n: (s.load[(key, n['name'])], H(s.iid, 'pl', key, n['name'])))
        s.load[(key, c[0]['name'])] += 1
        return c[0]

    def mk_nodes(s):
        s.load = defaultdict(int)
        s.ghosts = [n for n in s.nodes if n.get('ghost')]
        s.nodes = [n for n in s.nodes if not n.get('ghost')]
        for n in s.nodes:
            conds = []
            lt = n['age'] * 1440 - 1
            for typ, okmsg, reason in (('MemoryPressure', 'kubelet has sufficient memory available', 'KubeletHasSufficientMemory'),
                                       ('DiskPressure', 'kubelet has no disk pressure', 'KubeletHasNoDiskPressure'),
                                       ('PIDPressure', 'kubelet has sufficient PID available', 'KubeletHasSufficientPID'),
                                       ('Ready', 'kubelet is posting ready status', 'KubeletReady')):
                c = {'type': typ, 'status': 'False' if typ != 'Ready' else 'True', 'reason': reason, 'message': okmsg,
                     'lastHeartbeatTime': s.at(s.r.random() * 0.9), 'lastTransitionTime': s.at(lt)}
                if typ in n['cond']:
                    c.update(n['cond'][typ])
                conds.append(c)
            for extra in n.get('extra_cond', []):
                conds.insert(0, extra)
            spec = {'podCIDR': n['cidr'], 'podCIDRs': [n['cidr']]} if n['cidr'] else {}
            if n['provider']:
                spec['providerID'] = n['provider']
            if n['taints']:
                spec['taints'] = [dict(t) for t in n['taints']]
            if n['unsched']:
                spec['unschedulable'] = True
            cap = {'cpu': str(n['cpu']), 'memory': '%dKi' % int(n['mem'] * 1024 * 1024 * 1.02),
                   'ephemeral-storage': '%dKi' % int(n['eph'] * 1024 * 1024), 'hugepages-1Gi': '0',
                   'hugepages-2Mi': '0', 'pods': str(n['pods'])}
            alloc = dict(cap)
            alloc['cpu'] = '%dm' % (n['cpu'] * 1000 - 80 - 10 * n['cpu'])
            alloc['memory'] = '%dKi' % int(n['mem'] * 1024 * 1024 * 0.9)
            alloc['ephemeral-storage'] = str(int(n['eph'] * 1024 ** 3 * 0.9))
            addrs = [{'type': 'InternalIP', 'address': n['ip']}]
            if n['ext_ip']:
                addrs.append({'type': 'ExternalIP', 'address': n['ext_ip']})
            addrs.append({'type': 'Hostname', 'address': n['labels']['kubernetes.io/hostname']})
            info = {'architecture': 'amd64', 'bootID': s.uid('boot', n['name']), 'machineID': s.hx(32, 'mid', n['name']),
                    'systemUUID': s.uid('sys', n['name']).upper() if s.plat != 'gke' else s.uid('sys', n['name']),
                    'operatingSystem': 'linux'}
            info.update(s.ctx['nodeinfo'])
            info.update(n['info'])
            ann = {'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true'}
            ann.update(s.ctx.get('node_ann', lambda n: {})(n))
            o = s.obj('Node', None, n['name'], n['age'] * 1440, n['labels'], ann, spec=spec,
                      status={'addresses': addrs, 'allocatable': alloc, 'capacity': cap, 'conditions': conds,
                              'daemonEndpoints': {'kubeletEndpoint': {'Port': 10250}}, 'nodeInfo': info})
            if not n['ready']:
                o['status'].pop('images', None)
            n['obj'] = o

    # ---- pods
    def norm_image(s, img):
        first = img.split('/')[0]
        if '.' in first or ':' in first.split('@')[0] and '/' in img or first == 'localhost':
            return img
        return 'docker.io/' + (img if '/' in img else 'library/' + img)

    def cstat(s, c, pod, state, ready, restarts=0, started=None, last=None, pulled=True):
        d = {'name': c['name'], 'image': s.norm_image(c['image']), 'ready': ready, 'restartCount': restarts,
             'state': state, 'lastState': last or {}}
        if pulled:
            repo = s.norm_image(c['image']).split('@')[0].rsplit(':', 1)[0] if ':' in c['image'].split('/')[-1] else s.norm_image(c['image']).split('@')[0]
            d['imageID'] = repo + '@sha256:' + H('img', c['image'])[:64]
            if 'waiting' not in state or state['waiting'].get('reason') in ('CrashLoopBackOff',):
                d['containerID'] = s.ctx['runtime'] + '://' + H(s.iid, 'cid', pod, c['name'], restarts)[:64]
        else:
            d['imageID'] = ''
        if started is not None:
            d['started'] = started
        return d

    def mkpod(s, w, name, owner, node, mode, age, extra_labels=None, tmpl=None, restart='Always',
              hostname=None, subdomain=None, ann_extra=None, ds_node=None):
        tmpl = tmpl or w['tmpl']
        mode = dict(mode or {'k': 'ok'})
        k = mode['k']
        ns = w['ns']
        if node is not None and k == 'ok' and not node['ready']:
            k = mode['k'] = 'lost'
        if node is not None:
            age = min(age, node['age'] * 1440 - s.r.randint(3, 60))
        age = mode.get('age', age)
        labels = dict(tmpl['labels'])
        labels.update(extra_labels or {})
        ann = dict(tmpl.get('annotations') or {})
        ann.update(s.ctx.get('pod_ann', lambda w, n: {})(w, name))
        ann.update(ann_extra or {})
        sp = copy.deepcopy(tmpl['spec'])
        sp.setdefault('restartPolicy', restart)
        sp.setdefault('dnsPolicy', 'ClusterFirstWithHostNet' if sp.get('hostNetwork') and w['kind'] == 'DaemonSet' and s.r.random() < 0.3 else 'ClusterFirst')
        sp.setdefault('schedulerName', 'default-scheduler')
        sp.setdefault('securityContext', {})
        sp.setdefault('serviceAccountName', 'default')
        sp['serviceAccount'] = sp['serviceAccountName']
        sp.setdefault('enableServiceLinks', True)
        sp.setdefault('preemptionPolicy', 'PreemptLowerPriority')
        prio = {'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000}
        sp['priority'] = prio.get(sp.get('priorityClassName'), s.ctx.get('prio', {}).get(sp.get('priorityClassName'), 0))
        tols = sp.setdefault('tolerations', [])
        if ds_node is not None:
            keys = [('node.kubernetes.io/not-ready', 'NoExecute'), ('node.kubernetes.io/unreachable', 'NoExecute'),
                    ('node.kubernetes.io/disk-pressure', 'NoSchedule'), ('node.kubernetes.io/memory-pressure', 'NoSchedule'),
                    ('node.kubernetes.io/pid-pressure', 'NoSchedule'), ('node.kubernetes.io/unschedulable', 'NoSchedule')]
            if sp.get('hostNetwork'):
                keys.append(('node.kubernetes.io/network-unavailable', 'NoSchedule'))
            for kk, eff in keys:
                tols.append({'key': kk, 'operator': 'Exists', 'effect': eff})
            sp['affinity'] = sp.get('affinity') or {}
            sp['affinity']['nodeAffinity'] = {'requiredDuringSchedulingIgnoredDuringExecution': {'nodeSelectorTerms': [
                {'matchFields': [{'key': 'metadata.name', 'operator': 'In', 'values': [ds_node]}]}]}}
        else:
            have = {t.get('key') for t in tols}
            for kk in ('node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'):
                if kk not in have:
                    tols.append({'key': kk, 'operator': 'Exists', 'effect': 'NoExecute', 'tolerationSeconds': 300})
        if not tols:
            del sp['tolerations']
        kname = 'kube-api-access-' + s.sfx(5, 'kapi', ns, name)
        sp.setdefault('volumes', []).append({'name': kname, 'projected': {'defaultMode': 420, 'sources': [
            {'serviceAccountToken': {'expirationSeconds': 3607, 'path': 'token'}},
            {'configMap': {'name': 'kube-root-ca.crt', 'items': [{'key': 'ca.crt', 'path': 'ca.crt'}]}},
            {'downwardAPI': {'items': [{'path': 'namespace', 'fieldRef': {'apiVersion': 'v1', 'fieldPath': 'metadata.namespace'}}]}}]}})
        for c in sp.get('initContainers', []) + sp['containers']:
            c.setdefault('volumeMounts', []).append({'name': kname, 'readOnly': True,
                                                     'mountPath': '/var/run/secrets/kubernetes.io/serviceaccount'})
        if hostname:
            sp['hostname'] = hostname
        if subdomain:
            sp['subdomain'] = subdomain
        if node is not None:
            sp['nodeName'] = node['name']
        md = s.meta('Pod', ns, name, age, labels, ann or None, owner)
        if ann == {}:
            md.pop('annotations', None)
        if w['kind'] not in ('Static', 'Pod', 'Job', 'CronJob'):
            md['generateName'] = name[:name.rfind('-') + 1] if w['kind'] != 'StatefulSet' else None
            if md['generateName'] is None:
                del md['generateName']
        pod = {'apiVersion': 'v1', 'kind': 'Pod', 'metadata': md, 'spec': sp}
        st = s.pod_status(pod, w, node, mode, age)
        pod['status'] = st
        s.add(pod)
        s.pod_events(pod, w, node, mode, age)
        return pod

    def qos(s, sp):
        req = lim = False
        guaranteed = True
        for c in sp['containers']:
            r = c.get('resources', {})
            rq, lm = r.get('requests', {}), r.get('limits', {})
            if rq or lm:
                req = True
            for res in ('cpu', 'memory'):
                if lm.get(res) is None or rq.get(res, lm.get(res)) != lm.get(res):
                    guaranteed = False
        if not req:
            return 'BestEffort'
        return 'Guaranteed' if guaranteed else 'Burstable'

    def pod_status(s, pod, w, node, mode, age):
        k = mode['k']
        sp = pod['spec']
        name = pod['metadata']['name']
        ctrs, inits = sp['containers'], sp.get('initContainers', [])
        st = {'qosClass': s.qos(sp)}
        target = mode.get('c', ctrs[0]['name'])
        start = age - 0.05
        if k == 'pending':
            st.update({'phase': 'Pending', 'conditions': [{'type': 'PodScheduled', 'status': 'False', 'reason': 'Unschedulable',
                       'message': mode['sched'], 'lastProbeTime': None, 'lastTransitionTime': s.at(age - 0.01)}]})
            return st
        st['hostIP'] = node['ip']
        st['hostIPs'] = [{'ip': node['ip']}]
        if k != 'mount':
            ip = node['ip'] if sp.get('hostNetwork') else s.ip_in(node['cidr_prefix'], name)
            st['podIP'] = ip
            st['podIPs'] = [{'ip': ip}]
        st['startTime'] = s.at(start)
        cond = lambda t, v, when, **kw: dict({'type': t, 'status': v, 'lastProbeTime': None, 'lastTransitionTime': s.at(when)}, **kw)
        ready_at = start - 0.2 - s.r.random() * 0.5
        init_stat = [s.cstat(c, name, {'terminated': {'exitCode': 0, 'reason': 'Completed', 'startedAt': s.at(start - 0.01),
                     'finishedAt': s.at(start - 0.05), 'containerID': s.ctx['runtime'] + '://' + H(name, c['name'])[:64]}}, False, 0, False)
                     for c in inits]
        if k in ('ok', 'lost'):
            cs = []
            for c in ctrs:
                rc, last, cstart = 0, None, ready_at
                nr = mode.get('restarts_noise')
                if nr is None and s.r.random() < 0.07 and age > 600:
                    nr = s.r.randint(1, 3)
                if nr:
                    rc = nr
                    cstart = age * s.r.uniform(0.2, 0.8)
                    reason, code = s.r.choice([('Error', 1), ('OOMKilled', 137), ('Error', 2), ('Completed', 0), ('Error', 255)])
                    last = {'terminated': {'exitCode': code, 'reason': reason, 'startedAt': s.at(cstart + 300),
                                           'finishedAt': s.at(cstart + 0.1),
                                           'containerID': s.ctx['runtime'] + '://' + H(s.iid, 'old', name, c['name'])[:64]}}
                cs.append(s.cstat(c, name, {'running': {'startedAt': s.at(cstart)}}, True, rc, True, last))
            st['phase'] = 'Running'
            ready = k == 'ok'
            st['conditions'] = [cond('Initialized', 'True', start), cond('Ready', 'True' if ready else 'False', ready_at if ready else mode.get('nr_since', 3)),
                                cond('ContainersReady', 'True', ready_at), cond('PodScheduled', 'True', age)]
            if k == 'lost' and mode.get('deleting'):
                pod['metadata']['deletionTimestamp'] = s.at(mode['deleting'])
                pod['metadata']['deletionGracePeriodSeconds'] = sp.get('terminationGracePeriodSeconds', 30)
            if k == 'lost':
                st['conditions'].insert(0, cond('DisruptionTarget', 'True', mode.get('deleting', mode.get('nr_since', 3)), reason='DeletionByTaintManager',
                                                message='Taint manager: deleting due to NoExecute taint')) if mode.get('deleting') else None
            st['containerStatuses'] = cs
        elif k in ('crash', 'notready', 'cfgerr', 'pull', 'mount', 'initwait'):
            cs = []
            for c in ctrs:
                if c['name'] != target and k != 'initwait':
                    cs.append(s.cstat(c, name, {'running': {'startedAt': s.at(ready_at)}}, k not in ('crash',) or True, 0, True))
                    continue
                if k == 'crash':
                    rc = mode.get('restarts', 6)
                    fin = mode.get('since', s.r.uniform(0.3, 3.5))
                    term = {'exitCode': mode.get('exit', 1), 'reason': mode.get('reason', 'Error'), 'startedAt': s.at(fin + mode.get('ran', 0.3)),
                            'finishedAt': s.at(fin), 'containerID': s.ctx['runtime'] + '://' + H(s.iid, 'cid', name, c['name'], rc - 1)[:64]}
                    if mode.get('msg') and c.get('terminationMessagePolicy') == 'FallbackToLogsOnError':
                        term['message'] = mode['msg']
                    back = '5m0s' if rc >= 5 else ['10s', '20s', '40s', '1m20s', '2m40s'][rc]
                    if mode.get('running_now'):
                        state = {'running': {'startedAt': s.at(fin - 0.02)}}
                    else:
                        state = {'waiting': {'reason': 'CrashLoopBackOff', 'message': 'back-off %s restarting failed container=%s pod=%s_%s(%s)' % (
                            back, c['name'], name, pod['metadata']['namespace'], pod['metadata']['uid'])}}
                    cs.append(s.cstat(c, name, state, False, rc, False, {'terminated': term}))
                elif k == 'notready':
                    cs.append(s.cstat(c, name, {'running': {'startedAt': s.at(ready_at)}}, False, mode.get('restarts', 0), True))
                elif k == 'cfgerr':
                    cs.append(s.cstat(c, name, {'waiting': {'reason': 'CreateContainerConfigError', 'message': mode['msg']}}, False, 0, False))
                elif k == 'pull':
                    r = 'ImagePullBackOff' if mode.get('phase2', True) else 'ErrImagePull'
                    msg = 'Back-off pulling image "%s"' % c['image'] if r == 'ImagePullBackOff' else mode['msg']
                    cs.append(s.cstat(c, name, {'waiting': {'reason': r, 'message': msg}}, False, 0, False, pulled=False))
                elif k == 'mount':
                    cs.append(s.cstat(c, name, {'waiting': {'reason': 'ContainerCreating'}}, False, 0, False, pulled=False))
                elif k == 'initwait':
                    cs.append(s.cstat(c, name, {'waiting': {'reason': 'PodInitializing'}}, False, 0, False, pulled=False))
            if k == 'initwait':
                init_stat = [s.cstat(c, name, {'running': {'startedAt': s.at(start - 0.02)}}, False, 0, True) for c in inits]
            not_ready = [c['name'] for c in ctrs if c['name'] == target or k == 'initwait']
            phase = 'Running' if k in ('crash', 'notready') else 'Pending'
            st['phase'] = phase
            msg = 'containers with unready status: [%s]' % ' '.join(not_ready)
            init_ok = k != 'initwait'
            conds = [cond('Initialized', 'True' if init_ok else 'False', start, **({} if init_ok else {
                'reason': 'ContainersNotInitialized', 'message': 'containers with incomplete status: [%s]' % ' '.join(c['name'] for c in inits)})),
                cond('Ready', 'False', mode.get('nr_since', start), reason='ContainersNotReady', message=msg),
                cond('ContainersReady', 'False', mode.get('nr_since', start), reason='ContainersNotReady', message=msg),
                cond('PodScheduled', 'True', age)]
            st['conditions'] = conds
            st['containerStatuses'] = cs
        elif k in ('done', 'failed', 'evicted'):
            ok = k == 'done'
            fin = mode.get('fin', age - 1)
            cs = []
            for c in ctrs:
                if k == 'evicted':
                    term = {'exitCode': 137, 'reason': 'Error', 'startedAt': s.at(start - 0.2), 'finishedAt': s.at(fin)}
                else:
                    term = {'exitCode': 0 if ok else mode.get('exit', 1), 'reason': 'Completed' if ok else 'Error',
                            'startedAt': s.at(start - 0.1), 'finishedAt': s.at(fin),
                            'containerID': s.ctx['runtime'] + '://' + H(s.iid, 'cid', name, c['name'])[:64]}
                    if not ok and mode.get('msg') and c.get('terminationMessagePolicy') == 'FallbackToLogsOnError':
                        term['message'] = mode['msg']
                cs.append(s.cstat(c, name, {'terminated': term}, False, 0, False))
            st['phase'] = 'Succeeded' if ok else 'Failed'
            reason = 'PodCompleted' if ok else 'PodFailed'
            st['conditions'] = [cond('Initialized', 'True', start, reason='PodCompleted') if ok else cond('Initialized', 'True', start),
                                cond('Ready', 'False', fin, reason=reason), cond('ContainersReady', 'False', fin, reason=reason),
                                cond('PodScheduled', 'True', age)]
            if k == 'evicted':
                st['reason'] = 'Evicted'
                st['message'] = mode['msg']
                st['conditions'].insert(0, cond('DisruptionTarget', 'True', fin, reason='TerminationByKubelet', message=mode['msg']))
                st.pop('podIP', None)
                st.pop('podIPs', None)
            st['containerStatuses'] = cs
        else:
            raise ValueError(k)
        if inits:
            st['initContainerStatuses'] = init_stat
        return st

    def pod_events(s, pod, w, node, mode, age):
        k = mode['k']
        if mode.get('noevents'):
            return
        sp = pod['spec']
        host = node['name'] if node else None
        name = pod['metadata']['name']
        nsn = '%s/%s' % (pod['metadata']['namespace'], name)
        c0 = [c for c in sp['containers'] if c['name'] == mode.get('c', sp['containers'][0]['name'])][0]
        fld = lambda c: 'spec.containers{%s}' % c['name']
        if k == 'pending':
            s.event(pod, 'FailedScheduling', mode['sched'], 'Warning', age, mode.get('last_sched', s.r.uniform(0.2, 4)),
                    max(1, int(age / 5)), comp='default-scheduler')
            return
        if age < 58 and k != 'lost':
            s.event(pod, 'Scheduled', 'Successfully assigned %s to %s' % (nsn, host), 'Normal', age, comp='default-scheduler')
        if age < 58 and k in ('ok', 'crash', 'notready', 'initwait', 'done', 'failed'):
            for c in sp.get('initContainers', []) + ([] if k == 'initwait' else sp['containers']):
                f = 'spec.initContainers{%s}' % c['name'] if c in sp.get('initContainers', []) else fld(c)
                s.event(pod, 'Pulled', 'Container image "%s" already present on machine' % c['image'], 'Normal', age - 0.02, host=host, field=f)
                s.event(pod, 'Created', 'Created container %s' % c['name'], 'Normal', age - 0.03, host=host, field=f)
                s.event(pod, 'Started', 'Started container %s' % c['name'], 'Normal', age - 0.04, host=host, field=f)
        if k == 'crash':
            rc = mode.get('restarts', 6)
            last_bo = s.r.uniform(0.05, 1.5)
            s.event(pod, 'BackOff', 'Back-off restarting failed container %s in pod %s_%s(%s)' % (
                c0['name'], name, pod['metadata']['namespace'], pod['metadata']['uid']), 'Warning', max(1, age - 2), last_bo,
                rc * 4 + 3, host=host, field=fld(c0))
            if age >= 58:
                s.event(pod, 'Pulled', 'Container image "%s" already present on machine' % c0['image'], 'Normal', age - 1, mode.get('since', 2), rc + 1, host=host, field=fld(c0))
            for pf in mode.get('probe', []):
                s.event(pod, 'Unhealthy', pf['msg'], 'Warning', min(age - 0.5, 57), s.r.uniform(0.1, 3), pf.get('count', rc * 3), host=host, field=fld(c0))
                if pf.get('kill'):
                    s.event(pod, 'Killing', 'Container %s failed liveness probe, will be restarted' % c0['name'], 'Normal',
                            min(age - 0.6, 57), s.r.uniform(0.1, 3), rc, host=host, field=fld(c0))
        if k == 'notready':
            s.event(pod, 'Unhealthy', mode['probe_msg'], 'Warning', min(age - 0.3, mode.get('nr_since', age)), s.r.uniform(0.02, 0.3),
                    mode.get('count', int(min(age, 600) * 6)), host=host, field=fld(c0))
        if k == 'cfgerr':
            n = max(2, int(age * 2))
            s.event(pod, 'Pulled', 'Container image "%s" already present on machine' % c0['image'], 'Normal', age - 0.05, s.r.uniform(0.1, 1), n, host=host, field=fld(c0))
            s.event(pod, 'Failed', 'Error: ' + mode['msg'], 'Warning', age - 0.05, s.r.uniform(0.1, 1), n, host=host, field=fld(c0))
        if k == 'mount':
            s.event(pod, 'FailedMount', mode['msg'], 'Warning', age - 0.01, s.r.uniform(0.1, 2), max(1, int(age / 2.1)), host=host)
            if age > 2.5:
                s.event(pod, 'FailedMount', 'Unable to attach or mount volumes: unmounted volumes=[%s], unattached volumes=[%s]: timed out waiting for the condition' % (
                    mode['vol'], ' '.join(v['name'] for v in sp.get('volumes', []))), 'Warning', age - 2.2, s.r.uniform(0.1, 2.5), max(1, int(age / 2.2)), host=host)
        if k == 'pull':
            n = max(2, int(age / 5) + 2)
            img = c0['image']
            s.event(pod, 'Pulling', 'Pulling image "%s"' % img, 'Normal', age - 0.02, s.r.uniform(0.5, 4), n, host=host, field=fld(c0))
            s.event(pod, 'Failed', 'Failed to pull image "%s": %s' % (img, mode['msg']), 'Warning', age - 0.03, s.r.uniform(0.5, 4), n, host=host, field=fld(c0))
            s.event(pod, 'Failed', 'Error: ErrImagePull', 'Warning', age - 0.03, s.r.uniform(0.5, 4), n, host=host, field=fld(c0))
            s.event(pod, 'BackOff', 'Back-off pulling image "%s"' % img, 'Normal', age - 0.05, s.r.uniform(0.05, 0.5), n * 5, host=host, field=fld(c0))
            s.event(pod, 'Failed', 'Error: ImagePullBackOff', 'Warning', age - 0.05, s.r.uniform(0.05, 0.5), n * 5, host=host, field=fld(c0))
        if k == 'evicted':
            fin = mode.get('fin', age - 1)
            s.event(pod, 'Evicted', mode['msg'], 'Warning', fin + 0.01, host=host)
            for c in sp['containers']:
                s.event(pod, 'Killing', 'Stopping container %s' % c['name'], 'Normal', fin + 0.01, host=host, field=fld(c))
        if k == 'lost' and mode.get('deleting'):
            s.event(pod, 'TaintManagerEviction', 'Marking for deletion Pod %s' % nsn, 'Normal', mode['deleting'], comp='taint-eviction-controller')
        for ev in mode.get('extra_events', []):
            s.event(pod, *ev[:3], **ev[3] if len(ev) > 3 else {})

    # ---- controllers
    def ptmpl(s, tmpl, extra_labels=None):
        sp = copy.deepcopy(tmpl['spec'])
        sp.setdefault('restartPolicy', 'Always')
        sp.setdefault('dnsPolicy', 'ClusterFirst')
        sp.setdefault('schedulerName', 'default-scheduler')
        sp.setdefault('securityContext', {})
        md = {'creationTimestamp': None, 'labels': dict(tmpl['labels'], **(extra_labels or {}))}
        if tmpl.get('annotations'):
            md['annotations'] = dict(tmpl['annotations'])
        return {'metadata': md, 'spec': sp}

    def pod_age(s, base):
        return max(0.5, base * s.r.uniform(0.35, 0.97))

    def ready(s, p):
        if p['metadata'].get('deletionTimestamp'):
            return False
        for c in p['status'].get('conditions', []):
            if c['type'] == 'Ready':
                return c['status'] == 'True'
        return False

    def active(s, p):
        return p['status'].get('phase') not in ('Succeeded', 'Failed') and not p['metadata'].get('deletionTimestamp')

    def m_deploy(s, w):
        ns, name, age = w['ns'], w['name'], w['age'] * 1440
        revs = w.get('revs', 1 + int(H(s.iid, 'revs', name)[:2], 16) % 4)
        gen = revs + int(H(s.iid, 'gen', name)[:2], 16) % 3
        strategy = w.get('strategy') or {'type': 'RollingUpdate', 'rollingUpdate': {'maxSurge': '25%', 'maxUnavailable': '25%'}}
        ann = {'deployment.kubernetes.io/revision': str(revs)}
        ann.update(w['ann'] or {})
        dep = s.obj('Deployment', ns, name, age, w['labels'], ann, gen=gen,
                    spec={'progressDeadlineSeconds': 600, 'replicas': w['replicas'], 'revisionHistoryLimit': 10,
                          'selector': {'matchLabels': w['sel']}, 'strategy': strategy, 'template': s.ptmpl(w['tmpl'])})
        rs_age = w.get('rs_age', age if revs == 1 else age * s.r.uniform(0.05, 0.5))
        pods_all, new_pods = [], []
        for r in range(1, revs + 1):
            is_new = r == revs
            tm = w['tmpl'] if is_new or not w.get('old') or r != revs - 1 else w['old']['tmpl']
            hsh = s.sfx(10 if s.r.random() < 0.6 else 9, 'rs', ns, name, r)
            rsname = '%s-%s' % (name, hsh)
            if is_new:
                reps = w.get('rs_replicas', w['replicas'])
                ra = rs_age
            else:
                reps = w['old']['replicas'] if (w.get('old') and r == revs - 1) else 0
                ra = age - (age - rs_age) * (r - 1) / max(1, revs - 1)
            rann = {'deployment.kubernetes.io/desired-replicas': str(w['replicas']),
                    'deployment.kubernetes.io/max-replicas': str(w['replicas'] + (1 if strategy['type'] == 'RollingUpdate' else 0)),
                    'deployment.kubernetes.io/revision': str(r)}
            rs = s.obj('ReplicaSet', ns, rsname, ra, dict(w['sel'], **{'pod-template-hash': hsh}), rann, dep,
                       gen=1 + (0 if r < revs else int(H(name, 'g')[:1], 16) % 3),
                       spec={'replicas': reps, 'selector': {'matchLabels': dict(w['sel'], **{'pod-template-hash': hsh})},
                             'template': s.ptmpl(tm, {'pod-template-hash': hsh})})
            created = w.get('created', reps) if is_new else reps
            pods = []
            for i in range(created):
                pname = '%s-%s' % (rsname, s.sfx(5, 'pod', rsname, i))
                mode = w['modes'].get(i, w['mode']) if is_new else {'k': 'ok'}
                mode = mode or {'k': 'ok'}
                node = None
                if mode['k'] != 'pending':
                    node = s.place(tm['spec'], name, w['pin'].get(i) if is_new else None)
                    if node is None:
                        raise RuntimeError('cannot place %s/%s' % (ns, pname))
                p = s.mkpod(w, pname, rs, node, mode, s.pod_age(ra), {'pod-template-hash': hsh}, tmpl=tm)
                pods.append(p)
                if mode.get('replace'):
                    m2 = dict(w['mode'] or {'k': 'ok'}, age=mode['replace'])
                    n2 = s.place(tm['spec'], name)
                    pods.append(s.mkpod(w, '%s-%s' % (rsname, s.sfx(5, 'pod2', rsname, i)), rs, n2, m2, mode['replace'], {'pod-template-hash': hsh}, tmpl=tm))
            if is_new:
                for j, xm in enumerate(w.get('extra_pods', [])):
                    n3 = s.N(xm['node']) if xm.get('node') else s.place(tm['spec'], name)
                    pods.append(s.mkpod(w, '%s-%s' % (rsname, s.sfx(5, 'xpod', rsname, j)), rs, n3, xm, xm['age'], {'pod-template-hash': hsh}, tmpl=tm))
            act = [p for p in pods if s.active(p)]
            rd = [p for p in act if s.ready(p)]
            rs['status'] = {'replicas': len(act), 'fullyLabeledReplicas': len(act), 'observedGeneration': rs['metadata']['generation']}
            if rd:
                rs['status'].update({'readyReplicas': len(rd), 'availableReplicas': len(rd)})
            if is_new and w.get('rs_fail'):
                rs['status']['conditions'] = [{'type': 'ReplicaFailure', 'status': 'True', 'reason': 'FailedCreate',
                                               'message': w['rs_fail'], 'lastTransitionTime': s.at(w.get('fail_since', 20))}]
                s.event(rs, 'FailedCreate', w['rs_fail'], 'Warning', w.get('fail_since', 20), 0.5, w.get('fail_count', 17), comp='replicaset-controller')
            if is_new and ra < 58:
                for j, p in enumerate(pods):
                    s.event(rs, 'SuccessfulCreate', 'Created pod: %s' % p['metadata']['name'], 'Normal', min(ra, p_age_min(s, p)), comp='replicaset-controller')
            pods_all += pods
            if is_new:
                new_pods = pods
                new_rs = rs
            if is_new and ra < 58:
                s.event(dep, 'ScalingReplicaSet', 'Scaled up replica set %s to %d' % (rsname, reps), 'Normal', ra, comp='deployment-controller')
        act = [p for p in pods_all if s.active(p)]
        rd = [p for p in act if s.ready(p)]
        upd = [p for p in new_pods if s.active(p)]
        st = {'observedGeneration': gen, 'replicas': len(act), 'updatedReplicas': len(upd)}
        if rd:
            st['readyReplicas'] = len(rd)
            st['availableReplicas'] = len(rd)
        if w['replicas'] - len(rd) > 0:
            st['unavailableReplicas'] = w['replicas'] - len(rd)
        mu = 0
        if strategy['type'] == 'RollingUpdate':
            mu = int(w['replicas'] * 0.25)
        avail = len(rd) >= w['replicas'] - mu
        since = w.get('fault_since', 20)
        conds = [{'type': 'Available', 'status': 'True' if avail else 'False',
                  'reason': 'MinimumReplicasAvailable' if avail else 'MinimumReplicasUnavailable',
                  'message': 'Deployment has minimum availability.' if avail else 'Deployment does not have minimum availability.',
                  'lastUpdateTime': s.at(age * 0.9 if avail else since), 'lastTransitionTime': s.at(age * 0.9 if avail else since)}]
        rsn = new_rs['metadata']['name']
        done = len(upd) == w['replicas'] and all(s.ready(p) for p in upd)
        if w.get('stuck'):
            pc = {'type': 'Progressing', 'status': 'False', 'reason': 'ProgressDeadlineExceeded',
                  'message': 'ReplicaSet "%s" has timed out progressing.' % rsn, 'lastUpdateTime': s.at(w['stuck']), 'lastTransitionTime': s.at(w['stuck'])}
        elif done or not w.get('progressing'):
            pc = {'type': 'Progressing', 'status': 'True', 'reason': 'NewReplicaSetAvailable',
                  'message': 'ReplicaSet "%s" has successfully progressed.' % rsn, 'lastUpdateTime': s.at(min(rs_age, age) * 0.98), 'lastTransitionTime': s.at(age * 0.99)}
        else:
            pc = {'type': 'Progressing', 'status': 'True', 'reason': 'ReplicaSetUpdated',
                  'message': 'ReplicaSet "%s" is progressing.' % rsn, 'lastUpdateTime': s.at(since), 'lastTransitionTime': s.at(age * 0.99)}
        conds.append(pc)
        if w.get('rs_fail'):
            conds.append({'type': 'ReplicaFailure', 'status': 'True', 'reason': 'FailedCreate', 'message': w['rs_fail'],
                          'lastUpdateTime': s.at(w.get('fail_since', 20)), 'lastTransitionTime': s.at(w.get('fail_since', 20))})
        st['conditions'] = conds
        dep['status'] = st

    def vct_pvc(s, w, i, node, tmpl_pvc, pod_age):
        ns = w['ns']
        pname = '%s-%s-%d' % (tmpl_pvc['name'], w['name'], i)
        return s.bound_pvc(ns, pname, tmpl_pvc['size'], tmpl_pvc.get('sc') or s.ctx['default_sc'], node,
                           min(w['age'] * 1440, pod_age + s.r.uniform(0, 3000) if i else w['age'] * 1440 - 1),
                           labels=w['sel'], mode=tmpl_pvc.get('mode', 'ReadWriteOnce'))

    def m_sts(s, w):
        ns, name, age = w['ns'], w['name'], w['age'] * 1440
        gen = 1 + int(H(s.iid, 'gen', name)[:2], 16) % 5
        rev = '%s-%s' % (name, s.sfx(10, 'crev', ns, name))
        currev = w.get('current_rev') or rev
        spec = {'podManagementPolicy': w.get('pmp', 'OrderedReady'), 'replicas': w['replicas'], 'revisionHistoryLimit': 10,
                'selector': {'matchLabels': w['sel']}, 'serviceName': w.get('svcname', name),
                'template': s.ptmpl(w['tmpl']),
                'updateStrategy': {'type': 'RollingUpdate', 'rollingUpdate': {'partition': 0}},
                'persistentVolumeClaimRetentionPolicy': {'whenDeleted': 'Retain', 'whenScaled': 'Retain'}}
        vct = w.get('vct') or []
        if vct:
            spec['volumeClaimTemplates'] = [{'apiVersion': 'v1', 'kind': 'PersistentVolumeClaim',
                                             'metadata': {'creationTimestamp': None, 'name': v['name'], **({'labels': v['labels']} if v.get('labels') else {})},
                                             'spec': {'accessModes': [v.get('mode', 'ReadWriteOnce')], 'resources': {'requests': {'storage': v['size']}},
                                                      **({'storageClassName': v['sc']} if v.get('sc') else {}), 'volumeMode': 'Filesystem'},
                                             'status': {'phase': 'Pending'}} for v in vct]
        st_obj = s.obj('StatefulSet', ns, name, age, w['labels'], w['ann'], w.get('owner'), gen=gen, spec=spec)
        pods = []
        for i in range(w.get('created', w['replicas'])):
            pname = '%s-%d' % (name, i)
            mode = w['modes'].get(i, w['mode']) or {'k': 'ok'}
            tm = copy.deepcopy(w['tmpl'])
            node = None
            pa = s.pod_age(age) if i == 0 else s.pod_age(age) * s.r.uniform(0.9, 1.0)
            pvcs = []
            pin = w['pin'].get(i)
            if mode['k'] != 'pending':
                node = s.place(tm['spec'], name, pin)
                if node is None:
                    raise RuntimeError('cannot place %s/%s' % (ns, pname))
            for v in vct:
                pvcname = '%s-%s-%d' % (v['name'], name, i)
                tm['spec'].setdefault('volumes', []).insert(0, Vpvc(v['name'], pvcname))
                if not (w.get('pvc_skip') and i in w['pvc_skip']):
                    pn = w.get('pvc_node', {}).get(i)
                    pvn = ([g for g in s.ghosts if g['name'] == pn] + [s.N(pn)])[0] if pn else (node or s.nodes[-1])
                    pvcs.append(s.vct_pvc(w, i, pvn, v, pa))
            if w.get('inst_pvc') and not w.get('no_pvc'):
                pvcs.append(s.bound_pvc(ns, w['inst_pvc'][0], w['inst_pvc'][1], s.ctx['default_sc'], node or s.nodes[-1], age - 0.2,
                                        labels=w['sel'], owner=w.get('owner')))
            crh = currev if i not in w.get('updated_idx', ()) else rev
            xl = {'controller-revision-hash': crh, 'statefulset.kubernetes.io/pod-name': pname, 'apps.kubernetes.io/pod-index': str(i)}
            xl.update(w.get('pod_labels', {}).get(i, {}))
            p = s.mkpod(w, pname, st_obj, node, mode, pa, xl, tmpl=tm, hostname=pname, subdomain=spec['serviceName'])
            pods.append(p)
        act = [p for p in pods if s.active(p) or p['metadata'].get('deletionTimestamp')]
        rd = [p for p in pods if s.ready(p)]
        upd = [p for p in act if p['metadata']['labels']['controller-revision-hash'] == rev]
        cur = [p for p in act if p['metadata']['labels']['controller-revision-hash'] == currev]
        st = {'observedGeneration': gen, 'replicas': len(act), 'currentReplicas': len(cur), 'updatedReplicas': len(upd),
              'currentRevision': currev, 'updateRevision': rev, 'collisionCount': 0, 'availableReplicas': len(rd)}
        if rd:
            st['readyReplicas'] = len(rd)
        st_obj['status'] = st

    def m_ds(s, w):
        ns, name, age = w['ns'], w['name'], w['age'] * 1440
        gen = w.get('gen', 1 + int(H(s.iid, 'gen', name)[:2], 16) % 4)
        d = s.obj('DaemonSet', ns, name, age, w['labels'], dict({'deprecated.daemonset.template.generation': str(gen)}, **(w['ann'] or {})), gen=gen,
                  spec={'revisionHistoryLimit': 10, 'selector': {'matchLabels': w['sel']}, 'template': s.ptmpl(w['tmpl']),
                        'updateStrategy': w.get('strategy') or {'type': 'RollingUpdate', 'rollingUpdate': {'maxSurge': 0, 'maxUnavailable': 1}}})
        crh = s.sfx(10, 'dsrev', ns, name)
        oldcrh = s.sfx(10, 'dsrevold', ns, name)
        desired = cur = readyn = upd = 0
        for n in s.nodes:
            sp = copy.deepcopy(w['tmpl']['spec'])
            tols = sp.get('tolerations', []) + [{'key': 'node.kubernetes.io/' + x, 'operator': 'Exists'} for x in
                                                ('not-ready', 'unreachable', 'disk-pressure', 'memory-pressure', 'pid-pressure', 'unschedulable', 'network-unavailable')]
            sp['tolerations'] = tols
            if not s.sel_ok(sp, n) or s.untolerated(sp, n):
                continue
            desired += 1
            nm = w.get('node_modes', {}).get(n['name'], w['mode']) or {'k': 'ok'}
            if nm.get('skip'):
                continue
            isold = n['name'] in w.get('old_nodes', ())
            tm = w['old']['tmpl'] if isold else w['tmpl']
            pname = '%s-%s' % (name, s.sfx(5, 'dspod', name, n['name']))
            p = s.mkpod(w, pname, d, n, nm, s.pod_age(min(age, n['age'] * 1440)),
                        {'controller-revision-hash': oldcrh if isold else crh, 'pod-template-generation': str(gen - 1 if isold else gen)},
                        tmpl=tm, ds_node=n['name'])
            cur += 1
            upd += 0 if isold else 1
            readyn += 1 if s.ready(p) else 0
        st = {'currentNumberScheduled': cur, 'desiredNumberScheduled': desired, 'numberMisscheduled': 0, 'numberReady': readyn,
              'observedGeneration': gen, 'updatedNumberScheduled': upd}
        if readyn:
            st['numberAvailable'] = readyn
        if desired - readyn:
            st['numberUnavailable'] = desired - readyn
        d['status'] = st

    def m_job(s, w, owner=None, jname=None, age=None, pods_modes=None):
        ns = w['ns']
        jname = jname or w['name']
        age = age if age is not None else w['age'] * 1440
        juid = s.uid('Job', ns, jname)
        sel = {'batch.kubernetes.io/controller-uid': juid}
        jl = {'batch.kubernetes.io/controller-uid': juid, 'batch.kubernetes.io/job-name': jname, 'controller-uid': juid, 'job-name': jname}
        lab = dict(w['labels'] if owner is None else {}, **jl) if owner is None else dict(jl)
        tm = copy.deepcopy(w['tmpl'])
        tm['labels'].update(jl)
        tm['spec'].setdefault('restartPolicy', w.get('restart', 'Never'))
        j = s.obj('Job', ns, jname, age, lab if owner is None else dict(w['tmpl']['labels'], **jl), w['ann'] if owner is None else None, owner,
                  gen=1, spec={'backoffLimit': w.get('backoff', 6), 'completionMode': 'NonIndexed', 'completions': 1, 'parallelism': 1,
                               'selector': {'matchLabels': sel}, 'suspend': False, 'template': s.ptmpl(tm), 'podReplacementPolicy': 'TerminatedOrFailed',
                               **({'ttlSecondsAfterFinished': w['ttl']} if w.get('ttl') else {})})
        j['metadata']['annotations'] = dict(j['metadata'].get('annotations') or {}, **{'batch.kubernetes.io/job-tracking': ''})
        modes = pods_modes or w.get('pods_modes') or [{'k': 'done'}]
        succ = fail = 0
        dur = w.get('dur', 0.8)
        t = age
        jw = dict(w, kind='Job')
        for i, m in enumerate(modes):
            pname = '%s-%s' % (jname, s.sfx(5, 'jpod', jname, i))
            m = dict(m)
            m.setdefault('age', t - 0.02)
            m.setdefault('fin', max(0.01, m['age'] - dur))
            node = None if m['k'] == 'pending' else s.place(tm['spec'], jname)
            p = s.mkpod(jw, pname, j, node, m, m['age'], jl, tmpl=tm, restart=tm['spec']['restartPolicy'])
            p['metadata']['finalizers'] = [] if True else None
            p['metadata'].pop('finalizers')
            succ += m['k'] == 'done'
            fail += m['k'] == 'failed'
            t = m['fin'] - 0.1 * (2 ** i)
        st = {'startTime': s.at(age - 0.01), 'ready': 0, 'terminating': 0, 'uncountedTerminatedPods': {}}
        if any(m['k'] == 'pending' for m in modes):
            st['active'] = 1
        if succ:
            st['succeeded'] = succ
            st['completionTime'] = s.at(modes[-1].get('fin', age - dur))
            st['conditions'] = [{'type': 'Complete', 'status': 'True', 'lastProbeTime': st['completionTime'], 'lastTransitionTime': st['completionTime']}]
        if fail:
            st['failed'] = fail
            if not succ and fail > w.get('backoff', 6):
                ft = s.at(max(0.01, t))
                st['conditions'] = [{'type': 'FailureTarget', 'status': 'True', 'reason': 'BackoffLimitExceeded', 'message': 'Job has reached the specified backoff limit', 'lastProbeTime': ft, 'lastTransitionTime': ft},
                                    {'type': 'Failed', 'status': 'True', 'reason': 'BackoffLimitExceeded', 'message': 'Job has reached the specified backoff limit', 'lastProbeTime': ft, 'lastTransitionTime': ft}]
                s.event(j, 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', 'Warning', max(0.01, t), comp='job-controller')
        j['status'] = st
        return j

    def m_cron(s, w):
        ns, name = w['ns'], w['name']
        age = w['age'] * 1440
        cj = s.obj('CronJob', ns, name, age, w['labels'], w['ann'], gen=1,
                   spec={'concurrencyPolicy': w.get('cp', 'Forbid'), 'failedJobsHistoryLimit': 1, 'schedule': w['schedule'],
                         'successfulJobsHistoryLimit': 3, 'suspend': False,
                         'jobTemplate': {'metadata': {'creationTimestamp': None}, 'spec': {'backoffLimit': w.get('backoff', 6), 'template': s.ptmpl(w['tmpl'])}}})
        every = w['every']
        epoch_now = int(s.T.timestamp() // 60)
        last = (epoch_now - w.get('offset', 0)) // every * every + w.get('offset', 0)
        times = [last - k * every for k in range(3)]
        for tmin in times:
            a = epoch_now - tmin
            if a > age:
                continue
            s.m_job(w, owner=cj, jname='%s-%d' % (name, tmin), age=a + 0.01)
        st = {'lastScheduleTime': s.at(epoch_now - last), 'lastSuccessfulTime': s.at(max(0.01, epoch_now - last - w.get('dur', 0.8)))}
        cj['status'] = st

    def m_static(s, w):
        n = s.N(w['node'])
        owner = {'apiVersion': 'v1', 'kind': 'Node', 'name': n['name'], 'uid': n['obj']['metadata']['uid'], 'controller': True}
        h = s.hx(32, 'cfg', w['name'], n['name'])
        s.mkpod(w, '%s-%s' % (w['name'], n['name']), owner, n, w['mode'], n['age'] * 1440 - 2, None,
                ann_extra={'kubernetes.io/config.hash': h, 'kubernetes.io/config.mirror': h, 'kubernetes.io/config.seen': s.at(n['age'] * 1440 - 2)[:-1] + '.118422337Z',
                           'kubernetes.io/config.source': 'file'})

    def m_barepod(s, w):
        mode = w['mode'] or {'k': 'ok'}
        node = None if mode['k'] == 'pending' else s.place(w['tmpl']['spec'], w.get('group', w['name']), w['pin'].get(0))
        tm = copy.deepcopy(w['tmpl'])
        pa = mode.get('age', s.pod_age(w['age'] * 1440))
        for (vname, claim, size, sc) in w.get('pvcs', []):
            if not s.get('PersistentVolumeClaim', w['ns'], claim) and not w.get('no_pvc'):
                s.bound_pvc(w['ns'], claim, size, sc, node or s.nodes[-1], w['age'] * 1440 - 1, labels=w.get('pvc_labels'),
                            owner=w['owner'])
        s.mkpod(w, w['name'], w['owner'], node, mode, pa, None, tmpl=tm, hostname=w.get('hostname'), subdomain=w.get('subdomain'))

    # ---- storage
    def sc(s, name, prov, params=None, binding='WaitForFirstConsumer', default=False, expand=True, reclaim='Delete', age=None, labels=None, ann=None, kind=None):
        a = dict(ann or {})
        if default:
            a['storageclass.kubernetes.io/is-default-class'] = 'true'
        o = s.obj('StorageClass', None, name, age or s.ctx['cluster_age'] * 1440, labels, a or None,
                  provisioner=prov, reclaimPolicy=reclaim, volumeBindingMode=binding, allowVolumeExpansion=expand)
        if params:
            o['parameters'] = dict(params)
        if not expand:
            del o['allowVolumeExpansion']
        s.ctx.setdefault('scs', {})[name] = {'prov': prov, 'binding': binding, 'kind': kind or prov}
        return o

    def pv_source(s, scname, pvname, node, size):
        info = s.ctx['scs'][scname]
        kind = info['kind']
        zone = node['labels'].get('topology.kubernetes.io/zone')
        if kind == 'ebs':
            return {'csi': {'driver': 'ebs.csi.aws.com', 'fsType': 'ext4', 'volumeHandle': 'vol-0' + s.hx(16, 'vol', pvname),
                            'volumeAttributes': {'storage.kubernetes.io/csiProvisionerIdentity': '1706%09d-8081-ebs.csi.aws.com' % (int(s.hx(6, 'pi'), 16))}}}, \
                   node_aff_pv('topology.ebs.csi.aws.com/zone', zone)
        if kind == 'gce':
            proj = s.ctx['project']
            return {'csi': {'driver': 'pd.csi.storage.gke.io', 'fsType': 'ext4', 'volumeHandle': 'projects/%s/zones/%s/disks/%s' % (proj, zone, pvname),
                            'volumeAttributes': {'storage.kubernetes.io/csiProvisionerIdentity': '1705%09d-9231-pd.csi.storage.gke.io' % int(s.hx(6, 'pi'), 16)}}}, \
                   node_aff_pv('topology.gke.io/zone', zone)
        if kind == 'azure':
            return {'csi': {'driver': 'disk.csi.azure.com', 'volumeHandle': '/subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/disks/%s' % (
                s.ctx['subscription'], s.ctx['node_rg'], pvname), 'volumeAttributes': {'csi.storage.k8s.io/pv/name': pvname, 'csi.storage.k8s.io/pvc/name': '', 'requestedsizegib': size.rstrip('Gi'), 'skuname': 'Premium_LRS' if 'premium' in scname else 'StandardSSD_LRS', 'storage.kubernetes.io/csiProvisionerIdentity': '1707%09d-2254-disk.csi.azure.com' % int(s.hx(6, 'pi'), 16)}}}, \
                   node_aff_pv('topology.disk.csi.azure.com/zone', zone)
        if kind == 'local-path':
            return {'hostPath': {'path': '/var/lib/rancher/k3s/storage/%s_%s' % (pvname, 'x'), 'type': 'DirectoryOrCreate'}}, \
                   node_aff_pv('kubernetes.io/hostname', node['labels']['kubernetes.io/hostname'])
        if kind == 'longhorn':
            return {'csi': {'driver': 'driver.longhorn.io', 'fsType': 'ext4', 'volumeHandle': pvname,
                            'volumeAttributes': {'dataLocality': 'disabled', 'fromBackup': '', 'fsType': 'ext4', 'numberOfReplicas': '3', 'staleReplicaTimeout': '30',
                                                 'storage.kubernetes.io/csiProvisionerIdentity': '1704%09d-7713-driver.longhorn.io' % int(s.hx(6, 'pi'), 16)}}}, None
        if kind == 'ceph':
            return {'csi': {'driver': 'rook-ceph.rbd.csi.ceph.com', 'fsType': 'ext4', 'volumeHandle': '0001-0009-rook-ceph-0000000000000002-' + s.uid('rbd', pvname),
                            'controllerExpandSecretRef': {'name': 'rook-csi-rbd-provisioner', 'namespace': 'rook-ceph'},
                            'nodeStageSecretRef': {'name': 'rook-csi-rbd-node', 'namespace': 'rook-ceph'},
                            'volumeAttributes': {'clusterID': 'rook-ceph', 'imageFeatures': 'layering', 'imageFormat': '2', 'imageName': 'csi-vol-' + s.uid('rbd', pvname),
                                                 'journalPool': 'replicapool', 'pool': 'replicapool', 'storage.kubernetes.io/csiProvisionerIdentity': '1703%09d-8081-rook-ceph.rbd.csi.ceph.com' % int(s.hx(6, 'pi'), 16)}}}, None
        if kind == 'vsphere':
            return {'csi': {'driver': 'csi.vsphere.vmware.com', 'fsType': 'ext4', 'volumeHandle': s.uid('fcd', pvname),
                            'volumeAttributes': {'storage.kubernetes.io/csiProvisionerIdentity': '1702%09d-4402-csi.vsphere.vmware.com' % int(s.hx(6, 'pi'), 16), 'type': 'vSphere CNS Block Volume'}}}, None
        if kind == 'local':
            return {'local': {'path': '/mnt/disks/ssd0'}}, node_aff_pv('kubernetes.io/hostname', node['labels']['kubernetes.io/hostname'])
        raise ValueError(kind)

    def bound_pvc(s, ns, name, size, scname, node, age, labels=None, owner=None, mode='ReadWriteOnce', ann=None):
        info = s.ctx['scs'][scname]
        pvc_uid = s.uid('PersistentVolumeClaim', ns, name)
        pvname = 'pvc-' + pvc_uid
        a = {'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes',
             'volume.beta.kubernetes.io/storage-provisioner': info['prov'], 'volume.kubernetes.io/storage-provisioner': info['prov']}
        if info['binding'] == 'WaitForFirstConsumer':
            a['volume.kubernetes.io/selected-node'] = node['name']
        a.update(ann or {})
        pvc = s.obj('PersistentVolumeClaim', ns, name, age, labels, a, owner,
                    spec={'accessModes': [mode], 'resources': {'requests': {'storage': size}}, 'storageClassName': scname,
                          'volumeMode': 'Filesystem', 'volumeName': pvname},
                    status={'accessModes': [mode], 'capacity': {'storage': size}, 'phase': 'Bound'})
        pvc['metadata']['finalizers'] = ['kubernetes.io/pvc-protection']
        src, aff = s.pv_source(scname, pvname, node, size)
        pv = s.obj('PersistentVolume', None, pvname, age - 0.05, None, {'pv.kubernetes.io/provisioned-by': info['prov'],
                   **({'volume.kubernetes.io/provisioner-deletion-secret-name': '', 'volume.kubernetes.io/provisioner-deletion-secret-namespace': ''} if 'csi' in src else {})},
                   spec=dict({'accessModes': [mode], 'capacity': {'storage': size},
                              'claimRef': {'apiVersion': 'v1', 'kind': 'PersistentVolumeClaim', 'name': name, 'namespace': ns, 'uid': pvc_uid, 'resourceVersion': pvc['metadata']['resourceVersion']},
                              'persistentVolumeReclaimPolicy': 'Delete' if info['kind'] != 'local' else 'Retain', 'storageClassName': scname, 'volumeMode': 'Filesystem'}, **src),
                   status={'phase': 'Bound', 'lastPhaseTransitionTime': s.at(age - 0.06)})
        pv['metadata']['uid'] = s.uid('PersistentVolume', pvname)
        pv['metadata']['finalizers'] = ['kubernetes.io/pv-protection'] + (['external-attacher/' + info['prov'].replace('.', '-')] if 'csi' in src else [])
        if aff:
            pv['spec']['nodeAffinity'] = aff
        return pvc

    def pending_pvc(s, ns, name, size, scname, age, labels=None, owner=None, ann=None, volume_name=None):
        a = dict(ann or {})
        info = s.ctx.get('scs', {}).get(scname)
        if info:
            a.setdefault('volume.beta.kubernetes.io/storage-provisioner', info['prov'])
            a.setdefault('volume.kubernetes.io/storage-provisioner', info['prov'])
        spec = {'accessModes': ['ReadWriteOnce'], 'resources': {'requests': {'storage': size}}, 'storageClassName': scname, 'volumeMode': 'Filesystem'}
        if volume_name:
            spec['volumeName'] = volume_name
        pvc = s.obj('PersistentVolumeClaim', ns, name, age, labels, a or None, owner, spec=spec, status={'phase': 'Pending'})
        pvc['metadata']['finalizers'] = ['kubernetes.io/pvc-protection']
        return pvc

    # ---- services / endpoints
    def m_services(s):
        for d in s.svcs:
            ns, name = d['ns'], d['name']
            ports = []
            for p in d['ports']:
                pd = {'name': p[0], 'port': p[1], 'protocol': p[3] if len(p) > 3 else 'TCP', 'targetPort': p[2]}
                if not p[0]:
                    del pd['name']
                if d['type'] in ('NodePort', 'LoadBalancer'):
                    pd['nodePort'] = 30000 + int(s.hx(4, 'np', ns, name, p[1]), 16) % 2767
                ports.append(pd)
            spec = {'internalTrafficPolicy': 'Cluster', 'ipFamilies': ['IPv4'], 'ipFamilyPolicy': 'SingleStack', 'ports': ports,
                    'sessionAffinity': 'None', 'type': d['type']}
            if d['headless']:
                spec['clusterIP'] = 'None'
                spec['clusterIPs'] = ['None']
            else:
                ip = s.cluster_dns if (name in ('kube-dns', 'rke2-coredns', 'dns-default') and ns in ('kube-system', 'openshift-dns')) else \
                    (s.svc_cidr + '0.1' if name == 'kubernetes' and ns == 'default' and s.svc_cidr.count('.') == 2 else
                     (s.svc_cidr + '1' if name == 'kubernetes' and ns == 'default' else s.ip_in(s.svc_cidr, 'svc-' + ns + '/' + name)))
                spec['clusterIP'] = ip
                spec['clusterIPs'] = [ip]
            if d['selector']:
                spec['selector'] = dict(d['selector'])
            if d['pnr']:
                spec['publishNotReadyAddresses'] = True
            status = {'loadBalancer': {}}
            if d['type'] == 'LoadBalancer':
                spec['allocateLoadBalancerNodePorts'] = True
                spec['externalTrafficPolicy'] = d['etp'] or 'Cluster'
                if d['lb']:
                    status['loadBalancer'] = {'ingress': [d['lb']]}
            age = d['age'] if d['age'] is not None else s.ctx['ns_age'](ns)
            o = s.obj('Service', ns, name, age, d['labels'] or None, d['ann'] or None, spec=spec, status=status)
            d['obj'] = o
            s.m_endpoints(d, o)

    def m_endpoints(s, d, svc):
        ns, name = d['ns'], d['name']
        sel = d['selector']
        pods = []
        if sel:
            for p in s.objs['pods']:
                if p['metadata']['namespace'] != ns:
                    continue
                lab = p['metadata'].get('labels', {})
                if all(lab.get(k) == v for k, v in sel.items()):
                    pods.append(p)
        elif d['manual'] is None:
            return  # selector-less service whose endpoints nobody manages
        subsets, slice_eps = [], []
        eports = []
        ready_a, nready_a = [], []
        for p in pods:
            if p['status'].get('phase') in ('Succeeded', 'Failed') or not p['status'].get('podIP'):
                continue
            term = bool(p['metadata'].get('deletionTimestamp'))
            resolved = []
            ok = True
            for sp in svc['spec']['ports']:
                tp = sp['targetPort']
                if isinstance(tp, str):
                    found = None
                    for c in p['spec']['containers']:
                        for cp in c.get('ports', []):
                            if cp.get('name') == tp:
                                found = cp['containerPort']
                    if found is None:
                        ok = False
                        continue
                    tp = found
                resolved.append((sp.get('name'), tp, sp['protocol']))
            if not ok and not resolved:
                continue
            eports = resolved
            rdy = s.ready(p)
            addr = {'ip': p['status']['podIP'], 'nodeName': p['spec']['nodeName'],
                    'targetRef': {'kind': 'Pod', 'name': p['metadata']['name'], 'namespace': ns, 'uid': p['metadata']['uid']}}
            if d['headless'] and p['spec'].get('hostname'):
                addr['hostname'] = p['spec']['hostname']
            if rdy or d['pnr']:
                if not term or d['pnr']:
                    ready_a.append(addr)
            elif not term:
                nready_a.append(addr)
            node = s.N(p['spec']['nodeName'])
            ep = {'addresses': [p['status']['podIP']], 'conditions': {'ready': (rdy and not term) or (d['pnr'] and not term), 'serving': rdy or bool(d['pnr']), 'terminating': term},
                  'nodeName': p['spec']['nodeName'], 'targetRef': {'kind': 'Pod', 'name': p['metadata']['name'], 'namespace': ns, 'uid': p['metadata']['uid']}}
            if d['headless'] and p['spec'].get('hostname'):
                ep['hostname'] = p['spec']['hostname']
            if node and node['labels'].get('topology.kubernetes.io/zone'):
                ep['zone'] = node['labels']['topology.kubernetes.io/zone']
            slice_eps.append(ep)
        if d['manual'] is not None:
            ready_a = [{'ip': ip} for ip in d['manual']['ips']]
            eports = d['manual']['ports']
            slice_eps = [{'addresses': [ip], 'conditions': {'ready': True}} for ip in d['manual']['ips']]
        if not eports and svc['spec']['ports'] and (ready_a or nready_a):
            eports = [(sp.get('name'), sp['targetPort'], sp['protocol']) for sp in svc['spec']['ports']]
        sort = lambda a: a['ip']
        if ready_a or nready_a:
            sub = {}
            if ready_a:
                sub['addresses'] = sorted(ready_a, key=sort)
            if nready_a:
                sub['notReadyAddresses'] = sorted(nready_a, key=sort)
            sub['ports'] = [dict({'port': tp, 'protocol': pr}, **({'name': n} if n else {})) for n, tp, pr in eports]
            subsets.append(sub)
        age = svc['metadata']['creationTimestamp']
        labels = dict(d['labels'] or {})
        if not d['headless']:
            pass
        else:
            labels['service.kubernetes.io/headless'] = ''
        ea = {'endpoints.kubernetes.io/last-change-trigger-time': s.at(d.get('ep_changed', s.r.uniform(5, 900)))} if sel else None
        ep_age = (s.T - dt.datetime.strptime(age, '%Y-%m-%dT%H:%M:%SZ')).total_seconds() / 60 - 0.01
        eo = s.obj('Endpoints', ns, name, ep_age, labels or None, ea)
        if subsets:
            eo['subsets'] = subsets
        slabels = dict(labels, **{'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' if sel else 'endpointslicemirroring-controller.k8s.io',
                                  'kubernetes.io/service-name': name})
        sname = name + '-' + s.sfx(5, 'slice', ns, name)
        so = s.obj('EndpointSlice', ns, sname, ep_age, slabels, ea, oref(svc) if sel else None, gen=1 + int(s.hx(2, 'sg', name), 16) % 40,
                   addressType='IPv4')
        so['endpoints'] = sorted(slice_eps, key=lambda e: e['addresses'][0]) if slice_eps else None
        so['ports'] = [dict({'port': tp, 'protocol': pr, 'name': n or ''}) for n, tp, pr in eports] if eports else None
        if not sel:
            so['metadata'].pop('ownerReferences', None)

    # ---- misc objects
    def ingress(s, ns, name, cls, rules, tls_hosts=None, ann=None, lb=None, age=None, labels=None):
        spec = {'ingressClassName': cls} if cls else {}
        spec['rules'] = [{'host': h, 'http': {'paths': [{'path': p, 'pathType': 'Prefix', 'backend': {'service': {'name': sv, 'port': {'number': pt} if isinstance(pt, int) else {'name': pt}}}} for p, sv, pt in paths]}} for h, paths in rules]
        if tls_hosts:
            spec['tls'] = [{'hosts': tls_hosts, 'secretName': name + '-tls'}]
        st = {'loadBalancer': {'ingress': [lb]}} if lb else {'loadBalancer': {}}
        return s.obj('Ingress', ns, name, age or 60 * 24 * 40, labels, ann, gen=1, spec=spec, status=st)

    def netpol(s, ns, name, spec, age=60 * 24 * 20, labels=None, ann=None):
        return s.obj('NetworkPolicy', ns, name, age, labels, ann, gen=1, spec=spec)

    def quota(s, ns, name, hard, age=60 * 24 * 60):
        s.ctx.setdefault('quotas', []).append((ns, name, hard, age))

    def m_quotas(s):
        for ns, name, hard, age in s.ctx.get('quotas', []):
            used = defaultdict(float)
            for p in s.objs['pods']:
                if p['metadata']['namespace'] != ns or not s.active(p):
                    continue
                used['pods'] += 1
                for c in p['spec']['containers']:
                    r = c.get('resources', {})
                    used['requests.cpu'] += cpu_m(r.get('requests', {}).get('cpu'))
                    used['requests.memory'] += mem_mi(r.get('requests', {}).get('memory'))
                    used['limits.cpu'] += cpu_m(r.get('limits', {}).get('cpu'))
                    used['limits.memory'] += mem_mi(r.get('limits', {}).get('memory'))
            for pvc in s.objs['persistentvolumeclaims']:
                if pvc['metadata']['namespace'] == ns:
                    used['persistentvolumeclaims'] += 1
                    used['requests.storage'] += mem_mi(pvc['spec']['resources']['requests']['storage'])
            u = {}
            for k in hard:
                v = used.get(k, 0)
                u[k] = fmt_cpu(int(v)) if k.endswith('cpu') else (fmt_mem(v) if ('memory' in k or 'storage' in k) else str(int(v)))
            s.obj('ResourceQuota', ns, name, age, None, None, spec={'hard': dict(hard)}, status={'hard': dict(hard), 'used': u})

    def m_namespaces(s):
        for name, d in s.namespaces.items():
            lab = dict(d['labels'], **{'kubernetes.io/metadata.name': name})
            s.obj('Namespace', None, name, d['age'] * 1440 if d['age'] > 1 else d['age'] * 1440, lab, d['ann'] or None,
                  spec={'finalizers': ['kubernetes']}, status={'phase': 'Active'})
            a = d['age'] * 1440 - 0.01
            if not s.get('ServiceAccount', name, 'default'):
                s.obj('ServiceAccount', name, 'default', a)
            if not s.get('ConfigMap', name, 'kube-root-ca.crt'):
                s.obj('ConfigMap', name, 'kube-root-ca.crt', a, None, {'kubernetes.io/description': 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.'},
                      data={'ca.crt': '-----BEGIN CERTIFICATE-----\nMIIC/jCCAeagAwIBAgIBADANBgkqhkiG9w0BAQsFADAVMRMwEQYDVQQDEwprdWJl\n' + base64.b64encode(bytes.fromhex(H(s.iid, 'ca') * 2)).decode()[:64] + '\n-----END CERTIFICATE-----\n'})
        for p in list(s.objs['pods']):
            ns, sa = p['metadata']['namespace'], p['spec'].get('serviceAccountName', 'default')
            if (ns, sa) in s.sa_missing:
                continue
            if not s.get('ServiceAccount', ns, sa):
                s.obj('ServiceAccount', ns, sa, s.namespaces[ns]['age'] * 1440 - 1, None, None)

    def sa(s, ns, name, ann=None, labels=None, ips=None, age=None):
        o = s.obj('ServiceAccount', ns, name, age or s.namespaces.get(ns, {'age': 100})['age'] * 1440 - 2, labels, ann)
        if ips:
            o['imagePullSecrets'] = [{'name': x} for x in ips]
        return o

    def materialize(s):
        s.mk_nodes()
        order = {'Static': 0, 'DaemonSet': 1, 'StatefulSet': 2, 'Pod': 3, 'Deployment': 4, 'Job': 5, 'CronJob': 6}
        for w in sorted(s.specs, key=lambda w: order[w['kind']]):
            getattr(s, {'Deployment': 'm_deploy', 'StatefulSet': 'm_sts', 'DaemonSet': 'm_ds', 'Job': 'm_job', 'CronJob': 'm_cron',
                        'Static': 'm_static', 'Pod': 'm_barepod'}[w['kind']])(w)
        for hook in s.pre_svc_hooks if hasattr(s, 'pre_svc_hooks') else []:
            hook(s)
        s.m_services()
        s.m_namespaces()
        s.m_quotas()
        for hook in s.post:
            hook(s)

    def resolve(s, text):
        def rep(m):
            typ, ns, name = m.group(1), m.group(2), m.group(3)
            if typ == 'svcip':
                return s.get('Service', ns, name)['spec']['clusterIP']
            if typ == 'podip':
                return s.get('Pod', ns, name)['status'].get('podIP', '')
            if typ == 'nodeip':
                return s.N(name)['ip']
            if typ == 'uid':
                kind, n2 = name.split(':', 1)
                return s.get(kind, ns, n2)['metadata']['uid']
        return re.sub(r'\{(svcip|podip|nodeip|uid):([^}/]*)/([^}]+)\}', rep, text)

    def write(s, d):
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
        s.objs['events'] = s.events
        for plural in sorted(set(PLURAL.values())):
            items = sorted(s.objs.get(plural, []), key=lambda o: (o['metadata'].get('namespace', ''), o['metadata']['name']))
            doc = {'apiVersion': 'v1', 'items': items, 'kind': 'List', 'metadata': {'resourceVersion': ''}}
            txt = json.dumps(doc, indent=4, sort_keys=True)
            txt = s.resolve(txt)
            with open(os.path.join(d, plural + '.json'), 'w') as f:
                f.write(txt + '\n')
        with open(os.path.join(d, 'snapshot_time.txt'), 'w') as f:
            f.write(s.T.strftime('%Y-%m-%dT%H:%M:%SZ') + '\n')


def node_aff_pv(key, value):
    return {'required': {'nodeSelectorTerms': [{'matchExpressions': [{'key': key, 'operator': 'In', 'values': [value]}]}]}}


def p_age_min(s, p):
    t = dt.datetime.strptime(p['metadata']['creationTimestamp'], '%Y-%m-%dT%H:%M:%SZ')
    return (s.T - t).total_seconds() / 60


# ============================================================================= platforms
def simple(c, kind, ns, name, image, replicas=1, labels=None, ports=(), req=('100m', '128Mi'), lim=None, prio=None, tol=(),
           nsel=None, hostnet=False, sa=None, age=None, rp=None, lp=None, extra_ctrs=(), env=(), mounts=(), volumes=(), ann=None, **kw):
    labels = labels or {'app.kubernetes.io/name': name}
    t = T(labels, [ctr(name.split('-')[-1] if kw.pop('short', False) else name, image, ports, env=env, req=req, lim=lim, rp=rp, lp=lp, mounts=mounts)] + list(extra_ctrs),
          volumes=volumes, prio=prio, tol=tol, nsel=nsel, hostnet=hostnet, sa=sa or name, ann=ann)
    fn = {'Deployment': c.deploy, 'StatefulSet': c.sts, 'DaemonSet': c.ds}[kind]
    if kind != 'DaemonSet':
        kw['replicas'] = replicas
    return fn(ns, name, t, age=age or c.ctx['cluster_age'] * 0.8, **kw)


def mk_pool(c, names, labels, ip_fn, cidr_fn, cpu, mem, age_fn, taints=(), provider_fn=None, info=None, ext=None):
    out = []
    for i, nm in enumerate(names):
        n = c.node(nm, dict(labels(i)), ip_fn(i), cidr_fn(i), cpu, mem, age_fn(i), taints, provider_fn(i) if provider_fn else None, info)
        n['cidr_prefix'] = n['cidr'].rsplit('.', 2)[0] + '.' + n['cidr'].split('.')[2] + '.' if n['cidr'] else None
        out.append(n)
    return out


def plat_eks(c, pools):
    r = c.r
    region = r.choice(['eu-west-1', 'us-east-2', 'eu-central-1'])
    zones = [region + z for z in 'abc']
    c.ctx.update(runtime='containerd', default_sc='gp3', cluster_age=r.randint(200, 700), region=region,
                 nodeinfo={'containerRuntimeVersion': 'containerd://1.7.11', 'kernelVersion': '5.10.209-198.858.amzn2.x86_64',
                           'kubeProxyVersion': 'v1.28.5-eks-5e0fdde', 'kubeletVersion': 'v1.28.5-eks-5e0fdde', 'osImage': 'Amazon Linux 2'})
    c.svc_cidr, c.cluster_dns = '172.20.', '172.20.0.10'
    acct = '%012d' % (int(c.hx(10, 'acct'), 16) % 10 ** 12)
    c.ctx['registry'] = '%s.dkr.ecr.%s.amazonaws.com' % (acct, region)
    ecr = '602401143452.dkr.ecr.%s.amazonaws.com' % region
    k = 0
    for pool, itype, cpu, mem, n, taints in pools:
        for i in range(n):
            z = zones[k % 3]
            sub = [10, 42, 77][k % 3]
            ip = '10.0.%d.%d' % (sub + (k // 3) % 3, 10 + int(c.hx(2, 'nip', pool, i), 16) % 240)
            name = 'ip-%s.%s.compute.internal' % (ip.replace('.', '-'), region)
            lab = {'beta.kubernetes.io/instance-type': itype, 'eks.amazonaws.com/capacityType': 'ON_DEMAND', 'eks.amazonaws.com/nodegroup': pool,
                   'eks.amazonaws.com/nodegroup-image': 'ami-0' + c.hx(16, 'ami'), 'eks.amazonaws.com/sourceLaunchTemplateId': 'lt-0' + c.hx(16, 'lt', pool),
                   'eks.amazonaws.com/sourceLaunchTemplateVersion': '3', 'failure-domain.beta.kubernetes.io/region': region,
                   'failure-domain.beta.kubernetes.io/zone': z, 'k8s.io/cloud-provider-aws': c.hx(32, 'cpa'), 'node.kubernetes.io/instance-type': itype,
                   'topology.ebs.csi.aws.com/zone': z, 'topology.kubernetes.io/region': region, 'topology.kubernetes.io/zone': z, 'pool': pool}
            nd = c.node(name, lab, ip, None, cpu, mem, r.randint(2, 40), taints, 'aws:///%s/i-0%s' % (z, c.hx(16, 'inst', name)), eph_gi=80,
                        hostname=name)
            nd['cidr_prefix'] = '10.0.%d.' % (sub + (k // 3) % 3 + 100)
            k += 1
    kp = c.ctx['cluster_age']
    c.ds('kube-system', 'aws-node', T({'app.kubernetes.io/instance': 'aws-vpc-cni', 'app.kubernetes.io/name': 'aws-node', 'k8s-app': 'aws-node'},
         [ctr('aws-node', ecr + '/amazon-k8s-cni:v1.16.0-eksbuild.1', [('metrics', 61678)], req=('25m', None), rp=eprobe(['/app/grpc-health-probe', '-addr=:50051', '-connect-timeout=5s', '-rpc-timeout=5s'], 1, timeout=10), lp=eprobe(['/app/grpc-health-probe', '-addr=:50051', '-connect-timeout=5s', '-rpc-timeout=5s'], 60, timeout=10)),
          ctr('aws-eks-nodeagent', ecr + '/amazon/aws-network-policy-agent:v1.0.7-eksbuild.1', req=('25m', None))],
         init=[ctr('aws-vpc-cni-init', ecr + '/amazon-k8s-cni-init:v1.16.0-eksbuild.1', req=('25m', None))], hostnet=True, prio='system-node-critical', sa='aws-node', tol=[TOL_ALL]),
         age=kp, sel={'k8s-app': 'aws-node'})
    c.ds('kube-system', 'kube-proxy', T({'k8s-app': 'kube-proxy'}, [ctr('kube-proxy', ecr + '/eks/kube-proxy:v1.28.2-minimal-eksbuild.2', req=('100m', None), cmd=['kube-proxy', '--v=2', '--config=/var/lib/kube-proxy-config/config', '--hostname-override=$(NODE_NAME)'])],
         hostnet=True, prio='system-node-critical', sa='kube-proxy', tol=[TOL_ALL]), age=kp)
    c.ds('kube-system', 'ebs-csi-node', T({'app': 'ebs-csi-node', 'app.kubernetes.io/component': 'csi-driver', 'app.kubernetes.io/managed-by': 'EKS', 'app.kubernetes.io/name': 'aws-ebs-csi-driver', 'app.kubernetes.io/version': '1.27.0'},
         [ctr('ebs-plugin', ecr + '/eks/aws-ebs-csi-driver:v1.27.0', [('healthz', 9808)], args=['node', '--endpoint=$(CSI_ENDPOINT)', '--logging-format=text', '--v=2'], req=('10m', '40Mi'), lim=(None, '256Mi'), lp=hprobe('/healthz', 'healthz', 10, timeout=3, fail=5)),
          ctr('node-driver-registrar', ecr + '/eks/csi-node-driver-registrar:v2.10.0-eks-1-29-2', req=('10m', '40Mi'), lim=(None, '256Mi')),
          ctr('liveness-probe', ecr + '/eks/livenessprobe:v2.12.0-eks-1-29-2', req=('10m', '40Mi'), lim=(None, '256Mi'))],
         prio='system-node-critical', sa='ebs-csi-node-sa', tol=[TOL_ALL], nsel={'kubernetes.io/os': 'linux'}), age=kp * 0.5, sel={'app': 'ebs-csi-node', 'app.kubernetes.io/name': 'aws-ebs-csi-driver'})
    c.deploy('kube-system', 'ebs-csi-controller', T({'app': 'ebs-csi-controller', 'app.kubernetes.io/component': 'csi-driver', 'app.kubernetes.io/managed-by': 'EKS', 'app.kubernetes.io/name': 'aws-ebs-csi-driver', 'app.kubernetes.io/version': '1.27.0'},
             [ctr('ebs-plugin', ecr + '/eks/aws-ebs-csi-driver:v1.27.0', [('healthz', 9808)], args=['controller', '--endpoint=$(CSI_ENDPOINT)', '--k8s-tag-cluster-id=' + c.ctx['cluster'], '--batching=true', '--logging-format=text', '--v=2'], req=('10m', '40Mi'), lim=(None, '256Mi')),
              ctr('csi-provisioner', ecr + '/eks/csi-provisioner:v4.0.0-eks-1-29-2', args=['--csi-address=$(ADDRESS)', '--v=2', '--feature-gates=Topology=true', '--extra-create-metadata', '--leader-election=true', '--default-fstype=ext4', '--timeout=60s'], req=('10m', '40Mi'), lim=(None, '256Mi')),
              ctr('csi-attacher', ecr + '/eks/csi-attacher:v4.5.0-eks-1-29-2', req=('10m', '40Mi'), lim=(None, '256Mi')),
              ctr('csi-snapshotter', ecr + '/eks/csi-snapshotter:v7.0.0-eks-1-29-2', req=('10m', '40Mi'), lim=(None, '256Mi')),
              ctr('csi-resizer', ecr + '/eks/csi-resizer:v1.10.0-eks-1-29-2', req=('10m', '40Mi'), lim=(None, '256Mi')),
              ctr('liveness-probe', ecr + '/eks/livenessprobe:v2.12.0-eks-1-29-2', req=('10m', '40Mi'), lim=(None, '256Mi'))],
             prio='system-cluster-critical', sa='ebs-csi-controller-sa', tol=[TOL('CriticalAddonsOnly', op='Exists', effect=None), TOL('node.kubernetes.io/not-ready', effect='NoExecute', op='Exists', secs=300)]),
             replicas=2, age=kp * 0.5, sel={'app': 'ebs-csi-controller', 'app.kubernetes.io/name': 'aws-ebs-csi-driver'})
    c.deploy('kube-system', 'coredns', T({'eks.amazonaws.com/component': 'coredns', 'k8s-app': 'kube-dns'},
             [ctr('coredns', ecr + '/eks/coredns:v1.10.1-eksbuild.6', [('dns', 53, 'UDP'), ('dns-tcp', 53), ('metrics', 9153)], args=['-conf', '/etc/coredns/Corefile'], req=('100m', '70Mi'), lim=(None, '170Mi'),
                  rp=hprobe('/ready', 8181), lp=hprobe('/health', 8080, 60, timeout=5, fail=5), mounts=[('config-volume', '/etc/coredns', True)])],
             volumes=[Vcm('config-volume', 'coredns', [('Corefile', 'Corefile')])], prio='system-cluster-critical', sa='coredns', tol=[TOL('node-role.kubernetes.io/control-plane'), TOL('CriticalAddonsOnly', op='Exists', effect=None)]),
             replicas=2, age=kp)
    c.cm('kube-system', 'coredns', {'Corefile': '.:53 {\n    errors\n    health {\n        lameduck 5s\n      }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n      pods insecure\n      fallthrough in-addr.arpa ip6.arpa\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf\n    cache 30\n    loop\n    reload\n    loadbalance\n}\n'},
         age=kp * 1440, labels={'eks.amazonaws.com/component': 'coredns', 'k8s-app': 'kube-dns'})
    c.svc('kube-system', 'kube-dns', {'k8s-app': 'kube-dns'}, [('dns', 53, 53, 'UDP'), ('dns-tcp', 53, 53), ('metrics', 9153, 9153)], labels={'eks.amazonaws.com/component': 'kube-dns', 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS'}, age=kp * 1440)
    simple(c, 'Deployment', 'kube-system', 'aws-load-balancer-controller', 'public.ecr.aws/eks/aws-load-balancer-controller:v2.7.1', 2,
           {'app.kubernetes.io/instance': 'aws-load-balancer-controller', 'app.kubernetes.io/name': 'aws-load-balancer-controller'}, [('webhook-server', 9443), ('metrics-server', 8080)], rp=hprobe('/readyz', 61779), lp=hprobe('/healthz', 61779, 30, timeout=10, fail=2), prio='system-cluster-critical')
    c.svc('kube-system', 'aws-load-balancer-webhook-service', {'app.kubernetes.io/instance': 'aws-load-balancer-controller', 'app.kubernetes.io/name': 'aws-load-balancer-controller'}, [('webhook-server', 443, 'webhook-server')])
    simple(c, 'Deployment', 'kube-system', 'cluster-autoscaler', 'registry.k8s.io/autoscaling/cluster-autoscaler:v1.28.2', 1,
           {'app.kubernetes.io/instance': 'cluster-autoscaler', 'app.kubernetes.io/name': 'aws-cluster-autoscaler'}, [('', 8085)], lp=hprobe('/health-check', 8085), prio='system-cluster-critical')
    simple(c, 'Deployment', 'kube-system', 'metrics-server', 'registry.k8s.io/metrics-server/metrics-server:v0.7.0', 1, {'k8s-app': 'metrics-server'}, [('https', 10250)], rp=hprobe('/readyz', 'https', 20, scheme='HTTPS'), lp=hprobe('/livez', 'https', scheme='HTTPS'), prio='system-cluster-critical')
    c.svc('kube-system', 'metrics-server', {'k8s-app': 'metrics-server'}, [('https', 443, 'https')], labels={'k8s-app': 'metrics-server'})
    c.svc('default', 'kubernetes', None, [('https', 443, 443)], labels={'component': 'apiserver', 'provider': 'kubernetes'}, age=kp * 1440,
          manual_eps={'ips': ['10.0.%d.%d' % (10 + j * 32, 100 + int(c.hx(2, 'api', j), 16) % 100) for j in range(2)], 'ports': [('https', 443, 'TCP')]})
    c.sc('gp2', 'kubernetes.io/aws-ebs', {'fsType': 'ext4', 'type': 'gp2'}, expand=True, kind='ebs')
    c.sc('gp3', 'ebs.csi.aws.com', {'csi.storage.k8s.io/fstype': 'ext4', 'encrypted': 'true', 'type': 'gp3'}, default=True, kind='ebs')
    c.ctx['csi'] = ('Deployment', 'kube-system', 'ebs-csi-controller', 'ebs.csi.aws.com')
    c.ctx['lb'] = lambda nm: {'hostname': 'k8s-%s-%s.elb.%s.amazonaws.com' % (nm[:8], c.hx(10, 'elb', nm), region)}
    for ns in ('kube-system', 'default', 'kube-public', 'kube-node-lease'):
        c.ns(ns, kp)


def plat_gke(c, pools):
    r = c.r
    region = r.choice(['europe-west1', 'us-central1', 'europe-west4'])
    zones = [region + '-' + z for z in 'bcd']
    proj = r.choice(['acme-prod-4412', 'platform-prd-2231', 'core-services-8813'])
    c.ctx.update(runtime='containerd', default_sc='standard-rwo', cluster_age=r.randint(200, 700), project=proj,
                 nodeinfo={'containerRuntimeVersion': 'containerd://1.7.10', 'kernelVersion': '6.1.58+', 'kubeProxyVersion': 'v1.28.7-gke.1026000',
                           'kubeletVersion': 'v1.28.7-gke.1026000', 'osImage': 'Container-Optimized OS from Google'})
    c.svc_cidr, c.cluster_dns = '34.118.', '34.118.224.10'
    c.ctx['registry'] = '%s-docker.pkg.dev/%s/apps' % (region, proj)
    cl = c.ctx['cluster']
    k = 0
    for pool, itype, cpu, mem, n, taints in pools:
        grp = c.hx(8, 'grp', pool)
        for i in range(n):
            z = zones[k % 3]
            name = 'gke-%s-%s-%s-%s' % (cl[:14], pool, grp, c.sfx(4, 'gn', pool, i))
            lab = {'beta.kubernetes.io/instance-type': itype, 'cloud.google.com/gke-boot-disk': 'pd-balanced', 'cloud.google.com/gke-container-runtime': 'containerd',
                   'cloud.google.com/gke-cpu-scaling-level': str(cpu), 'cloud.google.com/gke-logging-variant': 'DEFAULT', 'cloud.google.com/gke-max-pods-per-node': '110',
                   'cloud.google.com/gke-nodepool': pool, 'cloud.google.com/gke-os-distribution': 'cos', 'cloud.google.com/machine-family': itype.split('-')[0],
                   'cloud.google.com/private-node': 'true', 'failure-domain.beta.kubernetes.io/region': region, 'failure-domain.beta.kubernetes.io/zone': z,
                   'node.kubernetes.io/instance-type': itype, 'topology.gke.io/zone': z, 'topology.kubernetes.io/region': region, 'topology.kubernetes.io/zone': z}
            ip = '10.132.0.%d' % (2 + k * 3 + int(c.hx(1, 'g', k), 16) % 3)
            nd = c.node(name, lab, ip, '10.40.%d.0/24' % (k * 2 + 1), cpu, mem, r.randint(3, 30), taints, 'gce://%s/%s/%s' % (proj, z, name), eph_gi=95)
            nd['cidr_prefix'] = '10.40.%d.' % (k * 2 + 1)
            k += 1
    kp = c.ctx['cluster_age']
    for n in c.nodes:
        c.static('kube-system', 'kube-proxy', T({'component': 'kube-proxy', 'tier': 'node'}, [ctr('kube-proxy', 'gke.gcr.io/kube-proxy-amd64:v1.28.7-gke.1026000', req=('100m', None))], hostnet=True, prio='system-node-critical', tol=[TOL_ALL]), n['name'])
    c.ds('kube-system', 'fluentbit-gke', T({'component': 'fluentbit-gke', 'k8s-app': 'fluentbit-gke'}, [ctr('fluentbit', 'gke.gcr.io/fluent-bit:v1.8.12-gke.25', req=('50m', '100Mi'), lim=(None, '250Mi')),
         ctr('fluentbit-gke', 'gke.gcr.io/fluent-bit-gke-exporter:v0.24.0-gke.3', [('metrics', 2021)], req=('5m', '30Mi'), lim=(None, '45Mi'))], hostnet=True, prio='system-node-critical', tol=[TOL_ALL], sa='fluentbit-gke'), age=kp)
    c.ds('kube-system', 'gke-metrics-agent', T({'component': 'gke-metrics-agent', 'k8s-app': 'gke-metrics-agent'}, [ctr('gke-metrics-agent', 'gke.gcr.io/gke-metrics-agent:1.10.3-gke.0', req=('8m', '60Mi'), lim=(None, '60Mi'))], hostnet=True, prio='system-node-critical', tol=[TOL_ALL], sa='gke-metrics-agent'), age=kp)
    c.ds('kube-system', 'pdcsi-node', T({'k8s-app': 'gcp-compute-persistent-disk-csi-driver'}, [ctr('csi-driver-registrar', 'gke.gcr.io/csi-node-driver-registrar:v2.9.0-gke.3', req=('5m', '10Mi')),
         ctr('gce-pd-driver', 'gke.gcr.io/gcp-compute-persistent-disk-csi-driver:v1.12.5-gke.0', req=('5m', '10Mi'))], prio='system-node-critical', tol=[TOL_ALL], hostnet=True, sa='pdcsi-node-sa'), age=kp)
    c.ds('kube-system', 'netd', T({'k8s-app': 'netd'}, [ctr('netd', 'gke.gcr.io/netd:v0.4.7-gke.12', req=('1m', '2Mi'))], hostnet=True, prio='system-node-critical', tol=[TOL_ALL], sa='netd'), age=kp)
    c.deploy('kube-system', 'kube-dns', T({'k8s-app': 'kube-dns'}, [ctr('kubedns', 'gke.gcr.io/k8s-dns-kube-dns:1.22.28-gke.0', [('dns-local', 10053, 'UDP'), ('dns-tcp-local', 10053), ('metrics', 10055)], req=('100m', '70Mi'), lim=(None, '210Mi'), rp=hprobe('/readiness', 8081, 3, timeout=5)),
             ctr('dnsmasq', 'gke.gcr.io/k8s-dns-dnsmasq-nanny:1.22.28-gke.0', [('dns', 53, 'UDP'), ('dns-tcp', 53)], req=('150m', '20Mi')), ctr('sidecar', 'gke.gcr.io/k8s-dns-sidecar:1.22.28-gke.0', [('metrics', 10054)], req=('10m', '20Mi'))],
             prio='system-cluster-critical', sa='kube-dns', tol=[TOL('CriticalAddonsOnly', op='Exists', effect=None), TOL('components.gke.io/gke-managed-components', op='Exists', effect=None)]), replicas=2, age=kp)
    c.svc('kube-system', 'kube-dns', {'k8s-app': 'kube-dns'}, [('dns', 53, 53, 'UDP'), ('dns-tcp', 53, 53)], labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'KubeDNS'}, age=kp * 1440)
    simple(c, 'Deployment', 'kube-system', 'kube-dns-autoscaler', 'gke.gcr.io/cluster-proportional-autoscaler:v1.8.10-gke.3', 1, {'k8s-app': 'kube-dns-autoscaler'}, req=('20m', '10Mi'), prio='system-cluster-critical')
    simple(c, 'Deployment', 'kube-system', 'konnectivity-agent', 'gke.gcr.io/proxy-agent:v0.1.5-gke.2', 3, {'k8s-app': 'konnectivity-agent'}, [('', 8093)], req=('10m', '30Mi'), lim=(None, '125Mi'), prio='system-cluster-critical')
    simple(c, 'Deployment', 'kube-system', 'metrics-server-v0.6.3', 'gke.gcr.io/metrics-server:v0.6.3-gke.6', 1, {'k8s-app': 'metrics-server', 'version': 'v0.6.3'}, [('https', 10250)], req=('48m', '105Mi'), prio='system-cluster-critical', sa='metrics-server')
    c.svc('kube-system', 'metrics-server', {'k8s-app': 'metrics-server'}, [('', 443, 'https')])
    simple(c, 'Deployment', 'kube-system', 'l7-default-backend', 'gke.gcr.io/ingress-gce-404-server-with-metrics:v1.24.2', 1, {'k8s-app': 'glbc', 'name': 'glbc'}, [('', 8080)], req=('10m', '20Mi'))
    simple(c, 'Deployment', 'kube-system', 'event-exporter-gke', 'gke.gcr.io/event-exporter:v0.4.0-gke.8', 1, {'k8s-app': 'event-exporter'}, req=('10m', '30Mi'))
    c.svc('default', 'kubernetes', None, [('https', 443, 443)], labels={'component': 'apiserver', 'provider': 'kubernetes'}, age=kp * 1440, manual_eps={'ips': ['172.16.0.2'], 'ports': [('https', 443, 'TCP')]})
    c.sc('premium-rwo', 'pd.csi.storage.gke.io', {'type': 'pd-ssd'}, kind='gce', labels={'addonmanager.kubernetes.io/mode': 'EnsureExists'})
    c.sc('standard', 'kubernetes.io/gce-pd', {'type': 'pd-standard'}, binding='Immediate', kind='gce', labels={'addonmanager.kubernetes.io/mode': 'EnsureExists'})
    c.sc('standard-rwo', 'pd.csi.storage.gke.io', {'type': 'pd-balanced'}, default=True, kind='gce', labels={'addonmanager.kubernetes.io/mode': 'EnsureExists'})
    c.ctx['csi'] = None
    c.ctx['lb'] = lambda nm: {'ip': '34.%d.%d.%d' % (76 + int(c.hx(2, nm), 16) % 80, int(c.hx(2, nm, 1), 16), int(c.hx(2, nm, 2), 16))}
    for ns in ('kube-system', 'default', 'kube-public', 'kube-node-lease'):
        c.ns(ns, kp)
    c.ns('gmp-public', kp)


def plat_aks(c, pools):
    r = c.r
    loc = r.choice(['westeurope', 'northeurope', 'eastus2'])
    c.ctx.update(runtime='containerd', default_sc='managed-csi', cluster_age=r.randint(200, 700), subscription=c.uid('sub'),
                 node_rg='MC_rg-%s_%s_%s' % (c.ctx['cluster'], c.ctx['cluster'], loc),
                 nodeinfo={'containerRuntimeVersion': 'containerd://1.7.7-1', 'kernelVersion': '5.15.0-1057-azure', 'kubeProxyVersion': 'v1.28.5',
                           'kubeletVersion': 'v1.28.5', 'osImage': 'Ubuntu 22.04.4 LTS'})
    c.svc_cidr, c.cluster_dns = '10.0.', '10.0.0.10'
    c.ctx['registry'] = '%sacr.azurecr.io' % c.ctx['cluster'].replace('-', '')[:12]
    k = 0
    for pool, itype, cpu, mem, n, taints in pools:
        digits = '%08d' % (int(c.hx(8, 'vmss', pool), 16) % 10 ** 8)
        for i in range(n):
            name = 'aks-%s-%s-vmss%06d' % (pool, digits, i + (2 if pool != 'system' else 0))
            z = '%s-%d' % (loc, 1 + k % 3)
            lab = {'agentpool': pool, 'beta.kubernetes.io/instance-type': itype, 'failure-domain.beta.kubernetes.io/region': loc, 'failure-domain.beta.kubernetes.io/zone': z,
                   'kubernetes.azure.com/agentpool': pool, 'kubernetes.azure.com/cluster': c.ctx['node_rg'], 'kubernetes.azure.com/consolidated-additional-properties': c.uid('cap'),
                   'kubernetes.azure.com/kubelet-identity-client-id': c.uid('kic'), 'kubernetes.azure.com/mode': 'system' if pool == 'system' else 'user',
                   'kubernetes.azure.com/node-image-version': 'AKSUbuntu-2204gen2containerd-202402.26.0', 'kubernetes.azure.com/nodepool-type': 'VirtualMachineScaleSets',
                   'kubernetes.azure.com/os-sku': 'Ubuntu', 'kubernetes.azure.com/role': 'agent', 'kubernetes.azure.com/storageprofile': 'managed', 'kubernetes.azure.com/storagetier': 'Premium_LRS',
                   'node.kubernetes.io/instance-type': itype, 'storageprofile': 'managed', 'storagetier': 'Premium_LRS', 'topology.disk.csi.azure.com/zone': z,
                   'topology.kubernetes.io/region': loc, 'topology.kubernetes.io/zone': z, 'kubernetes.io/role': 'agent', 'node-role.kubernetes.io/agent': ''}
            ip = '10.224.0.%d' % (4 + k)
            nd = c.node(name, lab, ip, '10.244.%d.0/24' % k, cpu, mem, r.randint(2, 35), taints,
                        'azure:///subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/virtualMachineScaleSets/aks-%s-%s-vmss/virtualMachines/%d' % (c.ctx['subscription'], c.ctx['node_rg'].lower(), pool, digits, i), eph_gi=124)
            nd['cidr_prefix'] = '10.244.%d.' % k
            k += 1
    kp = c.ctx['cluster_age']
    mcr = 'mcr.microsoft.com'
    for nm, img, sel in (('azure-ip-masq-agent', mcr + '/aks/ip-masq-agent-v2:v0.1.7', None), ('cloud-node-manager', mcr + '/oss/kubernetes/azure-cloud-node-manager:v1.28.5', None),
                         ('kube-proxy', mcr + '/oss/kubernetes/kube-proxy:v1.28.5-hotfix.20240107', None)):
        c.ds('kube-system', nm, T({'component': nm, 'k8s-app': nm, 'kubernetes.azure.com/managedby': 'aks'}, [ctr(nm, img, req=('10m', '16Mi'))], hostnet=True, prio='system-node-critical', tol=[TOL_ALL], sa=nm if nm != 'kube-proxy' else None), age=kp)
    c.ds('kube-system', 'csi-azuredisk-node', T({'app': 'csi-azuredisk-node', 'kubernetes.azure.com/managedby': 'aks'},
         [ctr('liveness-probe', mcr + '/oss/kubernetes-csi/livenessprobe:v2.11.0', req=('10m', '20Mi'), lim=(None, '100Mi')),
          ctr('node-driver-registrar', mcr + '/oss/kubernetes-csi/csi-node-driver-registrar:v2.9.0', req=('10m', '20Mi'), lim=(None, '100Mi')),
          ctr('azuredisk', mcr + '/oss/kubernetes-csi/azuredisk-csi:v1.29.2', [('healthz', 29603)], args=['--v=5', '--endpoint=$(CSI_ENDPOINT)', '--nodeid=$(KUBE_NODE_NAME)', '--enable-perf-optimization=true', '--support-zone=true'],
              req=('10m', '20Mi'), lim=(None, '200Mi'), lp=hprobe('/healthz', 'healthz', 30, timeout=10, fail=5))], hostnet=True, prio='system-node-critical', tol=[TOL_ALL], sa='csi-azuredisk-node-sa'), age=kp * 0.4)
    c.ds('kube-system', 'csi-azurefile-node', T({'app': 'csi-azurefile-node', 'kubernetes.azure.com/managedby': 'aks'},
         [ctr('azurefile', mcr + '/oss/kubernetes-csi/azurefile-csi:v1.29.3', req=('10m', '20Mi'), lim=(None, '600Mi')), ctr('node-driver-registrar', mcr + '/oss/kubernetes-csi/csi-node-driver-registrar:v2.9.0', req=('10m', '20Mi'))],
         hostnet=True, prio='system-node-critical', tol=[TOL_ALL], sa='csi-azurefile-node-sa'), age=kp * 0.4)
    c.deploy('kube-system', 'coredns', T({'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'version': 'v20'},
             [ctr('coredns', mcr + '/oss/kubernetes/coredns:v1.9.4-hotfix.20240130', [('dns', 53, 'UDP'), ('dns-tcp', 53), ('metrics', 9153)], req=('100m', '70Mi'), lim=('3', '500Mi'), rp=hprobe('/ready', 8181), lp=hprobe('/health', 8080, 60, timeout=5, fail=5))],
             prio='system-node-critical', sa='coredns', tol=[TOL('CriticalAddonsOnly', op='Exists', effect=None)], aff=node_aff('kubernetes.azure.com/mode', ['system'])), replicas=2, age=kp)
    c.svc('kube-system', 'kube-dns', {'k8s-app': 'kube-dns'}, [('dns', 53, 53, 'UDP'), ('dns-tcp', 53, 53)], labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS'}, age=kp * 1440)
    simple(c, 'Deployment', 'kube-system', 'coredns-autoscaler', mcr + '/oss/kubernetes/autoscaler/cluster-proportional-autoscaler:v1.8.8', 1, {'k8s-app': 'coredns-autoscaler'}, req=('20m', '10Mi'), prio='system-cluster-critical', tol=[TOL('CriticalAddonsOnly', op='Exists', effect=None)])
    simple(c, 'Deployment', 'kube-system', 'konnectivity-agent', mcr + '/oss/kubernetes/apiserver-network-proxy/agent:v0.1.4-hotfix.20231211', 2, {'app': 'konnectivity-agent'}, req=('20m', '20Mi'), prio='system-cluster-critical', tol=[TOL('CriticalAddonsOnly', op='Exists', effect=None)])
    simple(c, 'Deployment', 'kube-system', 'metrics-server', mcr + '/oss/kubernetes/metrics-server:v0.6.3', 2, {'k8s-app': 'metrics-server'}, [('https', 4443)], req=('45m', '55Mi'), prio='system-cluster-critical', tol=[TOL('CriticalAddonsOnly', op='Exists', effect=None)])
    c.svc('kube-system', 'metrics-server', {'k8s-app': 'metrics-server'}, [('', 443, 'https')])
    c.svc('default', 'kubernetes', None, [('https', 443, 443)], labels={'component': 'apiserver', 'provider': 'kubernetes'}, age=kp * 1440, manual_eps={'ips': ['20.%d.%d.%d' % (50 + int(c.hx(2, 'apip'), 16) % 40, 11, 87)], 'ports': [('https', 443, 'TCP')]})
    for nm, prov, par, kd in (('azurefile', 'file.csi.azure.com', {'skuName': 'Standard_LRS'}, 'azurefile'), ('azurefile-csi', 'file.csi.azure.com', {'skuName': 'Standard_LRS'}, 'azurefile'),
                              ('azurefile-csi-premium', 'file.csi.azure.com', {'skuName': 'Premium_LRS'}, 'azurefile'), ('default', 'disk.csi.azure.com', {'skuname': 'StandardSSD_LRS'}, 'azure'),
                              ('managed', 'disk.csi.azure.com', {'kind': 'Managed', 'storageaccounttype': 'StandardSSD_LRS'}, 'azure'),
                              ('managed-csi', 'disk.csi.azure.com', {'skuname': 'StandardSSD_LRS'}, 'azure'), ('managed-csi-premium', 'disk.csi.azure.com', {'skuname': 'Premium_LRS'}, 'azure'),
                              ('managed-premium', 'disk.csi.azure.com', {'kind': 'Managed', 'storageaccounttype': 'Premium_LRS'}, 'azure')):
        c.sc(nm, prov, par, binding='Immediate' if kd == 'azurefile' else 'WaitForFirstConsumer', default=nm == 'default', kind=kd,
             labels={'addonmanager.kubernetes.io/mode': 'EnsureExists', 'kubernetes.io/cluster-service': 'true'})
    c.ctx['default_sc'] = 'managed-csi-premium'
    c.ctx['csi'] = None
    c.ctx['lb'] = lambda nm: {'ip': '20.%d.%d.%d' % (100 + int(c.hx(2, nm), 16) % 100, int(c.hx(2, nm, 1), 16), int(c.hx(2, nm, 2), 16))}
    for ns in ('kube-system', 'default', 'kube-public', 'kube-node-lease'):
        c.ns(ns, kp)


def onprem_nodes(c, prefix_cp, n_cp, workers, base_ip, cidr2, version, osimg, kernel, runtime, cp_taint=True, role_labels=None, cp_names=None):
    k = 0
    cps = []
    for i in range(n_cp):
        nm = (cp_names or (lambda i: '%s-%02d' % (prefix_cp, i + 1)))(i)
        lab = {'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': ''}
        lab.update((role_labels or {}).get('cp', {}))
        nd = c.node(nm, lab, '%s.%d' % (base_ip, 11 + i), '%s.%d.0/24' % (cidr2, k), 4, 16, c.ctx['cluster_age'] - c.r.randint(1, 30),
                    [{'key': 'node-role.kubernetes.io/control-plane', 'effect': 'NoSchedule'}] if cp_taint else [], info={})
        nd['cidr_prefix'] = '%s.%d.' % (cidr2, k)
        cps.append(nd)
        k += 1
    ws = []
    for (nm, cpu, mem, lab, taints) in workers:
        nd = c.node(nm, dict(lab), '%s.%d' % (base_ip, 21 + k), '%s.%d.0/24' % (cidr2, k), cpu, mem, c.r.randint(40, c.ctx['cluster_age'] - 2), taints)
        nd['cidr_prefix'] = '%s.%d.' % (cidr2, k)
        ws.append(nd)
        k += 1
    c.ctx['nodeinfo'] = {'containerRuntimeVersion': runtime, 'kernelVersion': kernel, 'kubeProxyVersion': version, 'kubeletVersion': version, 'osImage': osimg}
    return cps, ws


def plat_k3s(c, workers, longhorn=True):
    r = c.r
    c.ctx.update(runtime='containerd', default_sc='longhorn' if longhorn else 'local-path', cluster_age=r.randint(150, 500), registry='harbor.%s.lan' % c.ctx['org'])
    c.svc_cidr, c.cluster_dns = '10.43.', '10.43.0.10'
    cps, ws = onprem_nodes(c, 'k3s-server', 1, workers, '192.168.%d' % (10 + r.randint(0, 40)), '10.42', 'v1.28.6+k3s2', 'Ubuntu 22.04.4 LTS', '5.15.0-97-generic', 'containerd://1.7.11-k3s2', cp_taint=False,
                           role_labels={'cp': {'node-role.kubernetes.io/master': 'true', 'node-role.kubernetes.io/control-plane': 'true', 'node-role.kubernetes.io/etcd': 'true'}})
    for n in c.nodes:
        n['labels'].update({'beta.kubernetes.io/instance-type': 'k3s', 'node.kubernetes.io/instance-type': 'k3s'})
        n['provider'] = 'k3s://' + n['name']
    c.ctx['node_ann'] = lambda n: {'k3s.io/hostname': n['name'], 'k3s.io/internal-ip': n['ip'], 'k3s.io/node-args': '["agent"]' if 'server' not in n['name'] else '["server","--disable","servicelb"]',
                                   'flannel.alpha.coreos.com/backend-type': 'vxlan', 'flannel.alpha.coreos.com/public-ip': n['ip']}
    kp = c.ctx['cluster_age']
    c.deploy('kube-system', 'coredns', T({'k8s-app': 'kube-dns'}, [ctr('coredns', 'rancher/mirrored-coredns-coredns:1.10.1', [('dns', 53, 'UDP'), ('dns-tcp', 53), ('metrics', 9153)], req=('100m', '70Mi'), lim=(None, '170Mi'), rp=hprobe('/ready', 8181, timeout=1, period=2), lp=hprobe('/health', 8080, 60, timeout=1, fail=3))],
             prio='system-cluster-critical', sa='coredns', tol=[TOL('CriticalAddonsOnly', op='Exists', effect=None), TOL('node-role.kubernetes.io/control-plane', op='Exists'), TOL('node-role.kubernetes.io/master', op='Exists')]), replicas=1, age=kp)
    c.svc('kube-system', 'kube-dns', {'k8s-app': 'kube-dns'}, [('dns', 53, 53, 'UDP'), ('dns-tcp', 53, 53), ('metrics', 9153, 9153)], labels={'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS', 'objectset.rio.cattle.io/hash': c.hx(40, 'osh')}, age=kp * 1440)
    simple(c, 'Deployment', 'kube-system', 'local-path-provisioner', 'rancher/local-path-provisioner:v0.0.26', 1, {'app': 'local-path-provisioner'}, req=None, prio='system-node-critical', sa='local-path-provisioner-service-account')
    simple(c, 'Deployment', 'kube-system', 'metrics-server', 'rancher/mirrored-metrics-server:v0.6.3', 1, {'k8s-app': 'metrics-server'}, [('https', 10250)], req=('100m', '70Mi'), prio='system-node-critical')
    c.svc('kube-system', 'metrics-server', {'k8s-app': 'metrics-server'}, [('https', 443, 'https')])
    c.svc('default', 'kubernetes', None, [('https', 443, 6443)], labels={'component': 'apiserver', 'provider': 'kubernetes'}, age=kp * 1440, manual_eps={'ips': [cps[0]['ip']], 'ports': [('https', 6443, 'TCP')]})
    for job, chart in (('helm-install-traefik-crd', 'traefik-crd'), ('helm-install-traefik', 'traefik')):
        c.job('kube-system', job, T({'helmcharts.helm.cattle.io/chart': chart}, [ctr('helm', 'rancher/klipper-helm:v0.8.2-build20230815', args=['install'], env=[E('NAME', chart)])], sa='helm-traefik', tol=[TOL('node-role.kubernetes.io/control-plane', op='Exists')]),
              labels={'helmcharts.helm.cattle.io/chart': chart, 'objectset.rio.cattle.io/hash': c.hx(40, job)}, age=kp, backoff=1000, pods_modes=[{'k': 'done', 'age': kp * 1440 - 3, 'fin': kp * 1440 - 4}])
    c.sc('local-path', 'rancher.io/local-path', None, kind='local-path', default=not longhorn, expand=False, ann={'objectset.rio.cattle.io/id': '', 'defaultVolumeType': 'hostPath'})
    c.ctx['csi'] = None
    c.ctx['lb'] = lambda nm: {'ip': cps[0]['ip'].rsplit('.', 1)[0] + '.%d' % (200 + int(c.hx(1, nm), 16) % 10)}
    if longhorn:
        ns = 'longhorn-system'
        c.ns(ns, kp - 5)
        lh = 'longhornio/'
        c.ds(ns, 'longhorn-manager', T({'app': 'longhorn-manager', 'app.kubernetes.io/instance': 'longhorn', 'app.kubernetes.io/name': 'longhorn', 'app.kubernetes.io/version': 'v1.5.4'},
             [ctr('longhorn-manager', lh + 'longhorn-manager:v1.5.4', [('manager', 9500), ('conversion-wh', 9501), ('admission-wh', 9502)], rp=hprobe('/v1/healthz', 9501, scheme='HTTPS'))], sa='longhorn-service-account', prio='longhorn-critical'), age=kp - 5,
             sel={'app': 'longhorn-manager'})
        c.ds(ns, 'longhorn-csi-plugin', T({'app': 'longhorn-csi-plugin'}, [ctr('node-driver-registrar', lh + 'csi-node-driver-registrar:v2.9.2'), ctr('longhorn-liveness-probe', lh + 'livenessprobe:v2.11.0'),
             ctr('longhorn-csi-plugin', lh + 'longhorn-manager:v1.5.4', args=['longhorn-manager', '-d', 'csi', '--nodeid=$(NODE_ID)', '--endpoint=$(CSI_ENDPOINT)', '--drivername=driver.longhorn.io', '--manager-url=http://longhorn-backend:9500/v1'])], sa='longhorn-service-account', prio='longhorn-critical'), age=kp - 5)
        c.ds(ns, 'engine-image-ei-68f17757', T({'longhorn.io/component': 'engine-image', 'longhorn.io/engine-image': 'ei-68f17757'}, [ctr('engine-image-ei-68f17757', lh + 'longhorn-engine:v1.5.4', rp=eprobe(['sh', '-c', 'ls /data/longhorn && /data/longhorn version --client-only'], 3, period=5, timeout=4))], sa='longhorn-service-account', prio='longhorn-critical'), age=kp - 5)
        for nm, img, args in (('csi-attacher', 'csi-attacher:v4.4.2', ['--v=2', '--csi-address=$(ADDRESS)', '--timeout=1m50s', '--leader-election']),
                              ('csi-provisioner', 'csi-provisioner:v3.6.2', ['--v=2', '--csi-address=$(ADDRESS)', '--timeout=1m50s', '--leader-election', '--default-fstype=ext4']),
                              ('csi-resizer', 'csi-resizer:v1.9.2', ['--v=2', '--csi-address=$(ADDRESS)', '--timeout=1m50s', '--leader-election']),
                              ('csi-snapshotter', 'csi-snapshotter:v6.3.2', ['--v=2', '--csi-address=$(ADDRESS)', '--timeout=1m50s', '--leader-election'])):
            c.deploy(ns, nm, T({'app': nm}, [ctr(nm, lh + img, args=args, env=[E('ADDRESS', '/csi/csi.sock')])], sa='longhorn-service-account', prio='longhorn-critical'), replicas=3, age=kp - 5)
        simple(c, 'Deployment', ns, 'longhorn-driver-deployer', lh + 'longhorn-manager:v1.5.4', 1, {'app': 'longhorn-driver-deployer'}, req=None, sa='longhorn-service-account')
        simple(c, 'Deployment', ns, 'longhorn-ui', lh + 'longhorn-ui:v1.5.4', 2, {'app': 'longhorn-ui'}, [('http', 8000)], req=None, sa='longhorn-ui-service-account')
        c.svc(ns, 'longhorn-backend', {'app': 'longhorn-manager'}, [('manager', 9500, 'manager')])
        c.svc(ns, 'longhorn-frontend', {'app': 'longhorn-ui'}, [('http', 80, 'http')])
        c.sc('longhorn', 'driver.longhorn.io', {'dataLocality': 'disabled', 'fromBackup': '', 'fsType': 'ext4', 'numberOfReplicas': '3', 'staleReplicaTimeout': '30'}, binding='Immediate', default=True, kind='longhorn')
        c.ctx['csi'] = ('Deployment', ns, 'csi-provisioner', 'driver.longhorn.io')
    for ns in ('kube-system', 'default', 'kube-public', 'kube-node-lease'):
        c.ns(ns, kp)


def plat_kubeadm(c, workers):
    r = c.r
    c.ctx.update(runtime='containerd', default_sc='rook-ceph-block', cluster_age=r.randint(300, 900), registry='harbor.%s.internal' % c.ctx['org'])
    c.svc_cidr, c.cluster_dns = '10.96.', '10.96.0.10'
    cps, ws = onprem_nodes(c, 'k8s-cp', 3, workers, '10.20.%d' % r.randint(1, 30), '10.244', 'v1.29.2', 'Ubuntu 22.04.4 LTS', '5.15.0-101-generic', 'containerd://1.6.28')
    kp = c.ctx['cluster_age']
    for n in cps:
        for comp, img, cmd in (('etcd', 'registry.k8s.io/etcd:3.5.10-0', ['etcd', '--advertise-client-urls=https://%s:2379' % n['ip'], '--data-dir=/var/lib/etcd']),
                               ('kube-apiserver', 'registry.k8s.io/kube-apiserver:v1.29.2', ['kube-apiserver', '--advertise-address=' + n['ip'], '--service-cluster-ip-range=10.96.0.0/12']),
                               ('kube-controller-manager', 'registry.k8s.io/kube-controller-manager:v1.29.2', ['kube-controller-manager', '--cluster-cidr=10.244.0.0/16', '--leader-elect=true']),
                               ('kube-scheduler', 'registry.k8s.io/kube-scheduler:v1.29.2', ['kube-scheduler', '--leader-elect=true'])):
            c.static('kube-system', comp, T({'component': comp, 'tier': 'control-plane'}, [ctr(comp, img, cmd=cmd, req=('100m', None))], hostnet=True, prio='system-node-critical', tol=[TOL_ALL]), n['name'])
    c.ds('kube-system', 'kube-proxy', T({'k8s-app': 'kube-proxy'}, [ctr('kube-proxy', 'registry.k8s.io/kube-proxy:v1.29.2', cmd=['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'])],
         hostnet=True, prio='system-node-critical', sa='kube-proxy', tol=[TOL_ALL], nsel={'kubernetes.io/os': 'linux'}), age=kp)
    c.ds('kube-system', 'calico-node', T({'k8s-app': 'calico-node'}, [ctr('calico-node', 'docker.io/calico/node:v3.27.2', req=('250m', None), rp=eprobe(['/bin/calico-node', '-felix-ready', '-bird-ready'], timeout=10), lp=eprobe(['/bin/calico-node', '-felix-live', '-bird-live'], 10, timeout=10, fail=6))],
         init=[ctr('upgrade-ipam', 'docker.io/calico/cni:v3.27.2'), ctr('install-cni', 'docker.io/calico/cni:v3.27.2'), ctr('mount-bpffs', 'docker.io/calico/node:v3.27.2')], hostnet=True, prio='system-node-critical', sa='calico-node', tol=[TOL_ALL]), age=kp)
    simple(c, 'Deployment', 'kube-system', 'calico-kube-controllers', 'docker.io/calico/kube-controllers:v3.27.2', 1, {'k8s-app': 'calico-kube-controllers'}, req=None, prio='system-cluster-critical', tol=[TOL('CriticalAddonsOnly', op='Exists', effect=None), TOL('node-role.kubernetes.io/control-plane')])
    c.deploy('kube-system', 'coredns', T({'k8s-app': 'kube-dns'}, [ctr('coredns', 'registry.k8s.io/coredns/coredns:v1.11.1', [('dns', 53, 'UDP'), ('dns-tcp', 53), ('metrics', 9153)], req=('100m', '70Mi'), lim=(None, '170Mi'), rp=hprobe('/ready', 8181), lp=hprobe('/health', 8080, 60, timeout=5, fail=5))],
             prio='system-cluster-critical', sa='coredns', tol=[TOL('CriticalAddonsOnly', op='Exists', effect=None), TOL('node-role.kubernetes.io/control-plane')]), replicas=2, age=kp)
    c.svc('kube-system', 'kube-dns', {'k8s-app': 'kube-dns'}, [('dns', 53, 53, 'UDP'), ('dns-tcp', 53, 53), ('metrics', 9153, 9153)], labels={'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS'}, age=kp * 1440)
    c.svc('default', 'kubernetes', None, [('https', 443, 6443)], labels={'component': 'apiserver', 'provider': 'kubernetes'}, age=kp * 1440, manual_eps={'ips': [n['ip'] for n in cps], 'ports': [('https', 6443, 'TCP')]})
    # metallb
    ns = 'metallb-system'
    c.ns(ns, kp - 1)
    simple(c, 'Deployment', ns, 'controller', 'quay.io/metallb/controller:v0.14.3', 1, {'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/instance': 'metallb', 'app.kubernetes.io/name': 'metallb'}, [('monitoring', 7472), ('webhook-server', 9443)], req=None, sa='metallb-controller')
    c.ds(ns, 'speaker', T({'app.kubernetes.io/component': 'speaker', 'app.kubernetes.io/instance': 'metallb', 'app.kubernetes.io/name': 'metallb'}, [ctr('speaker', 'quay.io/metallb/speaker:v0.14.3', [('monitoring', 7472)])], hostnet=True, sa='metallb-speaker',
         tol=[TOL('node-role.kubernetes.io/control-plane', op='Exists'), TOL('node-role.kubernetes.io/master', op='Exists')]), age=kp - 1)
    c.svc(ns, 'metallb-webhook-service', {'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/instance': 'metallb', 'app.kubernetes.io/name': 'metallb'}, [('', 443, 9443)])
    # rook-ceph
    ns = 'rook-ceph'
    c.ns(ns, kp - 2)
    stor = [n['name'] for n in ws if n['labels'].get('role') == 'storage'] or [n['name'] for n in ws[:3]]
    simple(c, 'Deployment', ns, 'rook-ceph-operator', 'docker.io/rook/ceph:v1.13.5', 1, {'app': 'rook-ceph-operator'}, req=('200m', '128Mi'), lim=(None, '512Mi'), sa='rook-ceph-system')
    c.ds(ns, 'csi-rbdplugin', T({'app': 'csi-rbdplugin', 'contains': 'csi-rbdplugin-metrics'}, [ctr('driver-registrar', 'registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.0'), ctr('csi-rbdplugin', 'quay.io/cephcsi/cephcsi:v3.10.2')],
         hostnet=True, sa='rook-csi-rbd-plugin-sa', prio='system-node-critical'), age=kp - 2)
    c.deploy(ns, 'csi-rbdplugin-provisioner', T({'app': 'csi-rbdplugin-provisioner', 'contains': 'csi-rbdplugin-metrics'},
             [ctr('csi-provisioner', 'registry.k8s.io/sig-storage/csi-provisioner:v4.0.0', args=['--csi-address=$(ADDRESS)', '--v=0', '--timeout=2m30s', '--retry-interval-start=500ms', '--leader-election=true', '--leader-election-namespace=rook-ceph', '--default-fstype=ext4', '--extra-create-metadata=true'], env=[E('ADDRESS', 'unix:///csi/csi-provisioner.sock')]),
              ctr('csi-resizer', 'registry.k8s.io/sig-storage/csi-resizer:v1.10.0'), ctr('csi-attacher', 'registry.k8s.io/sig-storage/csi-attacher:v4.5.0'), ctr('csi-snapshotter', 'registry.k8s.io/sig-storage/csi-snapshotter:v7.0.1'),
              ctr('csi-rbdplugin', 'quay.io/cephcsi/cephcsi:v3.10.2', args=['--nodeid=$(NODE_ID)', '--endpoint=$(CSI_ENDPOINT)', '--v=0', '--type=rbd', '--controllerserver=true', '--drivername=rook-ceph.rbd.csi.ceph.com', '--pidlimit=-1', '--metricsport=9090', '--forcecephkernelclient=true'])],
             sa='rook-csi-rbd-provisioner-sa', prio='system-cluster-critical', aff=anti_aff({'app': 'csi-rbdplugin-provisioner'})), replicas=2, age=kp - 2)
    for i, mon in enumerate('abc'):
        c.deploy(ns, 'rook-ceph-mon-' + mon, T({'app': 'rook-ceph-mon', 'ceph_daemon_id': mon, 'ceph_daemon_type': 'mon', 'mon': mon, 'rook_cluster': 'rook-ceph'}, [ctr('mon', 'quay.io/ceph/ceph:v18.2.1', [('tcp-msgr1', 6789), ('tcp-msgr2', 3300)], req=('500m', '1Gi'), lim=(None, '2Gi'))], prio='system-node-critical', sa='rook-ceph-default'),
                 replicas=1, age=kp - 2, pin={0: stor[i % len(stor)]}, strategy={'type': 'Recreate'})
        c.svc(ns, 'rook-ceph-mon-' + mon, {'app': 'rook-ceph-mon', 'ceph_daemon_id': mon, 'mon': mon, 'mon_cluster': 'rook-ceph', 'rook_cluster': 'rook-ceph'} if False else {'app': 'rook-ceph-mon', 'ceph_daemon_id': mon, 'mon': mon, 'rook_cluster': 'rook-ceph'}, [('tcp-msgr1', 6789, 6789), ('tcp-msgr2', 3300, 3300)])
    c.deploy(ns, 'rook-ceph-mgr-a', T({'app': 'rook-ceph-mgr', 'ceph_daemon_id': 'a', 'ceph_daemon_type': 'mgr', 'mgr': 'a', 'rook_cluster': 'rook-ceph'}, [ctr('mgr', 'quay.io/ceph/ceph:v18.2.1', [('mgr', 6800), ('http-metrics', 9283), ('dashboard', 8443)], req=('500m', '512Mi'))], sa='rook-ceph-mgr'), replicas=1, age=kp - 2, strategy={'type': 'Recreate'})
    for i, nn in enumerate(stor):
        c.deploy(ns, 'rook-ceph-osd-%d' % i, T({'app': 'rook-ceph-osd', 'ceph-osd-id': str(i), 'ceph_daemon_id': str(i), 'ceph_daemon_type': 'osd', 'osd': str(i), 'rook_cluster': 'rook-ceph', 'topology-location-host': nn},
                 [ctr('osd', 'quay.io/ceph/ceph:v18.2.1', req=('1', '4Gi'), lim=(None, '6Gi'))], nsel={'kubernetes.io/hostname': nn}, sa='rook-ceph-osd', prio='system-node-critical'), replicas=1, age=kp - 2, strategy={'type': 'Recreate'})
    c.sc('rook-ceph-block', 'rook-ceph.rbd.csi.ceph.com', {'clusterID': 'rook-ceph', 'csi.storage.k8s.io/fstype': 'ext4', 'imageFeatures': 'layering', 'imageFormat': '2', 'pool': 'replicapool',
         'csi.storage.k8s.io/provisioner-secret-name': 'rook-csi-rbd-provisioner', 'csi.storage.k8s.io/provisioner-secret-namespace': 'rook-ceph',
         'csi.storage.k8s.io/node-stage-secret-name': 'rook-csi-rbd-node', 'csi.storage.k8s.io/node-stage-secret-namespace': 'rook-ceph'}, binding='Immediate', default=True, kind='ceph')
    c.sc('local-storage', 'kubernetes.io/no-provisioner', None, kind='local', reclaim='Retain', expand=False)
    c.ctx['csi'] = ('Deployment', ns, 'csi-rbdplugin-provisioner', 'rook-ceph.rbd.csi.ceph.com')
    c.ctx['lb'] = lambda nm: {'ip': cps[0]['ip'].rsplit('.', 1)[0] + '.%d' % (240 + int(c.hx(1, nm), 16) % 10), 'ipMode': 'VIP'}
    for nsx in ('kube-system', 'default', 'kube-public', 'kube-node-lease'):
        c.ns(nsx, kp)


def plat_ocp(c, n_workers, infra=2):
    r = c.r
    infra_id = '%s-%s' % (c.ctx['cluster'][:10], c.sfx(5, 'infra'))
    c.ctx.update(runtime='cri-o', default_sc='thin-csi', cluster_age=r.randint(200, 600), registry='quay.%s.corp/%s' % (c.ctx['org'], c.ctx['org']))
    c.svc_cidr, c.cluster_dns = '172.30.', '172.30.0.10'
    ws = []
    for i in range(infra):
        ws.append(('%s-infra-%s' % (infra_id, c.sfx(5, 'inf', i)), 8, 32, {'node-role.kubernetes.io/infra': '', 'node.openshift.io/os_id': 'rhcos'}, [{'key': 'node-role.kubernetes.io/infra', 'effect': 'NoSchedule'}]))
    for i in range(n_workers):
        ws.append(('%s-worker-%s' % (infra_id, c.sfx(5, 'wk', i)), 16, 64, {'node-role.kubernetes.io/worker': '', 'node.openshift.io/os_id': 'rhcos'}, []))
    cps, ws = onprem_nodes(c, 'master', 3, ws, '10.%d.40' % r.randint(10, 90), '10.128', 'v1.27.10+28ed2d7', 'Red Hat Enterprise Linux CoreOS 414.92.202402130420-0 (Plow)', '5.14.0-284.54.1.el9_2.x86_64', 'cri-o://1.27.3-6.rhaos4.14.git7eb2281.el9',
                           role_labels={'cp': {'node-role.kubernetes.io/master': '', 'node.openshift.io/os_id': 'rhcos'}}, cp_names=lambda i: '%s-master-%d' % (infra_id, i))
    for n in cps:
        n['taints'] = [{'key': 'node-role.kubernetes.io/master', 'effect': 'NoSchedule'}]
    for n in c.nodes:
        n['labels'].update({'beta.kubernetes.io/instance-type': 'vsphere-vm.cpu-%d.mem-%dgb.os-unknown' % (n['cpu'], n['mem']), 'node.kubernetes.io/instance-type': 'vsphere-vm.cpu-%d.mem-%dgb.os-unknown' % (n['cpu'], n['mem'])})
        n['provider'] = 'vsphere://42' + c.uid('vm', n['name'])[2:]
    c.ctx['pod_ann'] = lambda w, n: {'openshift.io/scc': 'restricted-v2' if not w['ns'].startswith('openshift') else 'privileged' if w['kind'] == 'DaemonSet' else 'restricted-v2',
                                     'k8s.ovn.org/pod-networks': '{"default":{"role":"primary"}}'}
    kp = c.ctx['cluster_age']
    osr = 'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:'
    img = lambda k: osr + H('ocp', k)
    c.ns('openshift-dns', kp, {'openshift.io/cluster-monitoring': 'true', 'openshift.io/run-level': '0'})
    c.ds('openshift-dns', 'dns-default', T({'dns.operator.openshift.io/daemonset-dns': 'default'}, [ctr('dns', img('coredns'), [('dns', 5353, 'UDP'), ('dns-tcp', 5353)], req=('50m', '70Mi'), rp=hprobe('/ready', 8181, 10, timeout=3)), ctr('kube-rbac-proxy', img('krp'), [('metrics', 9154)], req=('10m', '40Mi'))],
         nsel={'kubernetes.io/os': 'linux'}, prio='system-node-critical', sa='dns', tol=[TOL('node-role.kubernetes.io/master', op='Exists'), TOL('node-role.kubernetes.io/infra', op='Exists')]), age=kp)
    c.ds('openshift-dns', 'node-resolver', T({'dns.operator.openshift.io/daemonset-node-resolver': ''}, [ctr('dns-node-resolver', img('cli'), req=('5m', '21Mi'))], hostnet=True, prio='system-node-critical', sa='node-resolver', tol=[TOL_ALL]), age=kp)
    c.svc('openshift-dns', 'dns-default', {'dns.operator.openshift.io/daemonset-dns': 'default'}, [('dns', 53, 'dns', 'UDP'), ('dns-tcp', 53, 'dns-tcp'), ('metrics', 9154, 'metrics')], age=kp * 1440)
    c.ns('openshift-ingress', kp, {'openshift.io/cluster-monitoring': 'true'})
    c.deploy('openshift-ingress', 'router-default', T({'ingresscontroller.operator.openshift.io/deployment-ingresscontroller': 'default', 'ingresscontroller.operator.openshift.io/hash': c.hx(8, 'rt')},
             [ctr('router', img('haproxy-router'), [('http', 80), ('https', 443), ('metrics', 1936)], req=('100m', '256Mi'), rp=hprobe('/healthz/ready', 1936), lp=hprobe('/healthz', 1936))],
             nsel={'node-role.kubernetes.io/infra': ''}, tol=[TOL('node-role.kubernetes.io/infra', op='Exists')], sa='router', prio='system-cluster-critical', hostnet=False), replicas=2, age=kp,
             sel={'ingresscontroller.operator.openshift.io/deployment-ingresscontroller': 'default'})
    c.svc('openshift-ingress', 'router-internal-default', {'ingresscontroller.operator.openshift.io/deployment-ingresscontroller': 'default'}, [('http', 80, 'http'), ('https', 443, 'https'), ('metrics', 1936, 1936)])
    c.ns('openshift-cluster-csi-drivers', kp, {'openshift.io/cluster-monitoring': 'true'})
    c.deploy('openshift-cluster-csi-drivers', 'vmware-vsphere-csi-driver-controller', T({'app': 'vmware-vsphere-csi-driver-controller'},
             [ctr('csi-driver', img('vsphere-csi'), [('healthz', 10301)], req=('10m', '50Mi')), ctr('csi-provisioner', img('csi-external-provisioner'), req=('10m', '50Mi')), ctr('csi-attacher', img('csi-external-attacher'), req=('10m', '50Mi')),
              ctr('csi-resizer', img('csi-external-resizer'), req=('10m', '50Mi')), ctr('csi-liveness-probe', img('csi-livenessprobe'), req=('10m', '50Mi'))],
             nsel={'node-role.kubernetes.io/master': ''}, tol=[TOL('node-role.kubernetes.io/master', op='Exists')], sa='vmware-vsphere-csi-driver-controller-sa', prio='system-cluster-critical'), replicas=2, age=kp)
    c.ds('openshift-cluster-csi-drivers', 'vmware-vsphere-csi-driver-node', T({'app': 'vmware-vsphere-csi-driver-node'}, [ctr('csi-driver', img('vsphere-csi'), req=('10m', '50Mi')), ctr('csi-node-driver-registrar', img('csi-ndr'), req=('10m', '50Mi'))],
         tol=[TOL_ALL], sa='vmware-vsphere-csi-driver-node-sa', prio='system-node-critical'), age=kp)
    simple(c, 'Deployment', 'openshift-cluster-csi-drivers', 'vmware-vsphere-csi-driver-operator', img('vsphere-csi-op'), 1, {'name': 'vmware-vsphere-csi-driver-operator'}, req=('10m', '50Mi'), nsel={'node-role.kubernetes.io/master': ''}, tol=[TOL('node-role.kubernetes.io/master', op='Exists')])
    c.ns('openshift-monitoring', kp, {'openshift.io/cluster-monitoring': 'true'})
    c.sts('openshift-monitoring', 'prometheus-k8s', T({'app.kubernetes.io/component': 'prometheus', 'app.kubernetes.io/instance': 'k8s', 'app.kubernetes.io/name': 'prometheus', 'app.kubernetes.io/part-of': 'openshift-monitoring'},
          [ctr('prometheus', img('prometheus'), [('web', 9090)], req=('70m', '1Gi')), ctr('config-reloader', img('prom-config-reloader'), req=('1m', '10Mi')), ctr('thanos-sidecar', img('thanos'), req=('1m', '25Mi'))],
          nsel={'node-role.kubernetes.io/infra': ''}, tol=[TOL('node-role.kubernetes.io/infra', op='Exists')], sa='prometheus-k8s', prio='system-cluster-critical'), replicas=2, age=kp, svcname='prometheus-operated',
          vct=[{'name': 'prometheus-k8s-db', 'size': '100Gi', 'sc': 'thin-csi'}])
    c.sts('openshift-monitoring', 'alertmanager-main', T({'app.kubernetes.io/component': 'alert-router', 'app.kubernetes.io/instance': 'main', 'app.kubernetes.io/name': 'alertmanager', 'app.kubernetes.io/part-of': 'openshift-monitoring'},
          [ctr('alertmanager', img('alertmanager'), [('web', 9093)], req=('4m', '40Mi')), ctr('config-reloader', img('prom-config-reloader'), req=('1m', '10Mi'))],
          nsel={'node-role.kubernetes.io/infra': ''}, tol=[TOL('node-role.kubernetes.io/infra', op='Exists')], sa='alertmanager-main', prio='system-cluster-critical'), replicas=2, age=kp, svcname='alertmanager-operated')
    c.ds('openshift-monitoring', 'node-exporter', T({'app.kubernetes.io/component': 'exporter', 'app.kubernetes.io/name': 'node-exporter', 'app.kubernetes.io/part-of': 'openshift-monitoring'}, [ctr('node-exporter', img('node-exporter'), req=('8m', '32Mi')), ctr('kube-rbac-proxy', img('krp'), [('https', 9100)], req=('1m', '15Mi'))],
         hostnet=True, tol=[TOL_ALL], sa='node-exporter', prio='system-cluster-critical'), age=kp)
    for nm in ('kube-state-metrics', 'thanos-querier', 'prometheus-operator', 'openshift-state-metrics'):
        simple(c, 'Deployment', 'openshift-monitoring', nm, img(nm), 2 if nm == 'thanos-querier' else 1, {'app.kubernetes.io/name': nm, 'app.kubernetes.io/part-of': 'openshift-monitoring'}, [('web', 9091 if nm == 'thanos-querier' else 8443)], req=('4m', '60Mi'),
               nsel={'node-role.kubernetes.io/infra': ''} if nm != 'prometheus-operator' else {'node-role.kubernetes.io/master': ''}, tol=[TOL('node-role.kubernetes.io/infra', op='Exists'), TOL('node-role.kubernetes.io/master', op='Exists')], prio='system-cluster-critical')
    c.svc('openshift-monitoring', 'prometheus-k8s', {'app.kubernetes.io/component': 'prometheus', 'app.kubernetes.io/instance': 'k8s', 'app.kubernetes.io/name': 'prometheus', 'app.kubernetes.io/part-of': 'openshift-monitoring'}, [('web', 9091, 'web')])
    c.ns('openshift-image-registry', kp, {'openshift.io/cluster-monitoring': 'true'})
    simple(c, 'Deployment', 'openshift-image-registry', 'image-registry', img('docker-registry'), 2, {'docker-registry': 'default'}, [('', 5000)], req=('100m', '256Mi'), nsel={'node-role.kubernetes.io/infra': ''}, tol=[TOL('node-role.kubernetes.io/infra', op='Exists')], sa='registry', prio='system-cluster-critical')
    c.svc('openshift-image-registry', 'image-registry', {'docker-registry': 'default'}, [('5000-tcp', 5000, 5000)])
    c.svc('default', 'kubernetes', None, [('https', 443, 6443)], labels={'component': 'apiserver', 'provider': 'kubernetes'}, age=kp * 1440, manual_eps={'ips': [n['ip'] for n in cps], 'ports': [('https', 6443, 'TCP')]})
    c.sc('thin', 'kubernetes.io/vsphere-volume', {'diskformat': 'thin'}, kind='vsphere', expand=False)
    c.sc('thin-csi', 'csi.vsphere.vmware.com', {'StoragePolicyName': 'openshift-storage-policy-' + infra_id}, default=True, kind='vsphere')
    c.ctx['csi'] = ('Deployment', 'openshift-cluster-csi-drivers', 'vmware-vsphere-csi-driver-controller', 'csi.vsphere.vmware.com')
    c.ctx['lb'] = lambda nm: {'hostname': 'router-default.apps.%s.%s.corp' % (c.ctx['cluster'], c.ctx['org'])}
    c.ctx['ingress_class'] = 'openshift-default'
    for nsx in ('kube-system', 'default', 'kube-public', 'kube-node-lease'):
        c.ns(nsx, kp)


# ============================================================================= noise namespaces
def noise_monitoring(c, pool_sel=None):
    ns = 'monitoring'
    c.ns(ns, c.ctx['cluster_age'] - 3)
    L = lambda n: {'app.kubernetes.io/instance': 'kube-prometheus-stack', 'app.kubernetes.io/name': n}
    c.sts(ns, 'prometheus-kube-prometheus-stack-prometheus', T({'app.kubernetes.io/instance': 'kube-prometheus-stack-prometheus', 'app.kubernetes.io/managed-by': 'prometheus-operator', 'app.kubernetes.io/name': 'prometheus', 'operator.prometheus.io/name': 'kube-prometheus-stack-prometheus', 'operator.prometheus.io/shard': '0', 'prometheus': 'kube-prometheus-stack-prometheus'},
          [ctr('prometheus', 'quay.io/prometheus/prometheus:v2.50.1', [('http-web', 9090)], req=('500m', '2Gi'), lim=(None, '4Gi'), rp=hprobe('/-/ready', 'http-web', timeout=3, period=5), lp=hprobe('/-/healthy', 'http-web', timeout=3, period=5, fail=6)),
           ctr('config-reloader', 'quay.io/prometheus-operator/prometheus-config-reloader:v0.72.0', [('reloader-web', 8080)], req=('10m', '50Mi'), lim=('10m', '50Mi'))], sa='kube-prometheus-stack-prometheus', nsel=pool_sel),
          replicas=1, age=c.ctx['cluster_age'] - 3, svcname='prometheus-operated', vct=[{'name': 'prometheus-kube-prometheus-stack-prometheus-db', 'size': '50Gi'}])
    c.sts(ns, 'alertmanager-kube-prometheus-stack-alertmanager', T({'alertmanager': 'kube-prometheus-stack-alertmanager', 'app.kubernetes.io/instance': 'kube-prometheus-stack-alertmanager', 'app.kubernetes.io/managed-by': 'prometheus-operator', 'app.kubernetes.io/name': 'alertmanager'},
          [ctr('alertmanager', 'quay.io/prometheus/alertmanager:v0.27.0', [('http-web', 9093)], req=('50m', '200Mi'), rp=hprobe('/-/ready', 'http-web', 3, timeout=3, period=5))], sa='kube-prometheus-stack-alertmanager', nsel=pool_sel), replicas=1, age=c.ctx['cluster_age'] - 3, svcname='alertmanager-operated')
    simple(c, 'Deployment', ns, 'kube-prometheus-stack-operator', 'quay.io/prometheus-operator/prometheus-operator:v0.72.0', 1, dict(L('kube-prometheus-stack-prometheus-operator'), app='kube-prometheus-stack-operator', release='kube-prometheus-stack'), [('https', 10250)], req=('100m', '128Mi'), nsel=pool_sel)
    simple(c, 'Deployment', ns, 'kube-prometheus-stack-kube-state-metrics', 'registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.10.1', 1, L('kube-state-metrics'), [('http', 8080)], req=('10m', '64Mi'), rp=hprobe('/', 8080, 5, timeout=5), lp=hprobe('/healthz', 8080, 5, timeout=5), nsel=pool_sel)
    simple(c, 'Deployment', ns, 'kube-prometheus-stack-grafana', 'docker.io/grafana/grafana:10.3.3', 1, {'app.kubernetes.io/instance': 'kube-prometheus-stack', 'app.kubernetes.io/name': 'grafana'}, [('grafana', 3000)], req=('100m', '256Mi'), rp=hprobe('/api/health', 3000), nsel=pool_sel,
           extra_ctrs=[ctr('grafana-sc-dashboard', 'quay.io/kiwigrid/k8s-sidecar:1.26.1', req=None)])
    c.ds(ns, 'kube-prometheus-stack-prometheus-node-exporter', T({'app.kubernetes.io/instance': 'kube-prometheus-stack', 'app.kubernetes.io/name': 'prometheus-node-exporter', 'jobLabel': 'node-exporter', 'release': 'kube-prometheus-stack'},
         [ctr('node-exporter', 'quay.io/prometheus/node-exporter:v1.7.0', [('http-metrics', 9100)], req=None, rp=hprobe('/', 9100), lp=hprobe('/', 9100))], hostnet=True, sa='kube-prometheus-stack-prometheus-node-exporter', tol=[{'effect': 'NoSchedule', 'operator': 'Exists'}]),
         age=c.ctx['cluster_age'] - 3, sel={'app.kubernetes.io/instance': 'kube-prometheus-stack', 'app.kubernetes.io/name': 'prometheus-node-exporter'})
    c.svc(ns, 'kube-prometheus-stack-prometheus', {'app.kubernetes.io/name': 'prometheus', 'operator.prometheus.io/name': 'kube-prometheus-stack-prometheus'}, [('http-web', 9090, 9090), ('reloader-web', 8080, 'reloader-web')])
    c.svc(ns, 'prometheus-operated', {'app.kubernetes.io/name': 'prometheus'}, [('http-web', 9090, 'http-web')], headless=True, labels={'operated-prometheus': 'true'})
    c.svc(ns, 'kube-prometheus-stack-alertmanager', {'alertmanager': 'kube-prometheus-stack-alertmanager', 'app.kubernetes.io/name': 'alertmanager'}, [('http-web', 9093, 9093)])
    c.svc(ns, 'alertmanager-operated', {'app.kubernetes.io/name': 'alertmanager'}, [('http-web', 9093, 'http-web'), ('tcp-mesh', 9094, 9094)], headless=True)
    c.svc(ns, 'kube-prometheus-stack-grafana', {'app.kubernetes.io/instance': 'kube-prometheus-stack', 'app.kubernetes.io/name': 'grafana'}, [('http-web', 80, 3000)])
    c.svc(ns, 'kube-prometheus-stack-kube-state-metrics', L('kube-state-metrics'), [('http', 8080, 8080)])
    c.svc(ns, 'kube-prometheus-stack-prometheus-node-exporter', {'app.kubernetes.io/instance': 'kube-prometheus-stack', 'app.kubernetes.io/name': 'prometheus-node-exporter'}, [('http-metrics', 9100, 9100)])
    c.svc(ns, 'kube-prometheus-stack-operator', {'app': 'kube-prometheus-stack-operator', 'release': 'kube-prometheus-stack'}, [('https', 443, 'https')])
    c.secret(ns, 'kube-prometheus-stack-grafana', ['admin-password', 'admin-user', 'ldap-toml'])
    c.secret(ns, 'alertmanager-kube-prometheus-stack-alertmanager', ['alertmanager.yaml'])
    c.helm_release(ns, 'kube-prometheus-stack', 'kube-prometheus-stack', '56.21.1', 7)


def noise_logging(c):
    ns = 'logging'
    c.ns(ns, c.ctx['cluster_age'] - 10)
    if c.r.random() < 0.5:
        c.ds(ns, 'fluent-bit', T({'app.kubernetes.io/instance': 'fluent-bit', 'app.kubernetes.io/name': 'fluent-bit'}, [ctr('fluent-bit', 'cr.fluentbit.io/fluent/fluent-bit:2.2.2', [('http', 2020)], req=('50m', '64Mi'), lim=(None, '256Mi'), rp=hprobe('/api/v1/health', 'http'), lp=hprobe('/', 'http'),
             mounts=[('config', '/fluent-bit/etc/conf'), ('varlog', '/var/log')])], volumes=[Vcm('config', 'fluent-bit'), Vhost('varlog', '/var/log')], sa='fluent-bit', tol=[TOL_ALL]), age=c.ctx['cluster_age'] - 10)
        c.cm(ns, 'fluent-bit', {'custom_parsers.conf': '[PARSER]\n    Name docker_no_time\n    Format json\n', 'fluent-bit.conf': '[SERVICE]\n    Daemon Off\n    Flush 1\n    Log_Level info\n    HTTP_Server On\n    HTTP_Port 2020\n\n[INPUT]\n    Name tail\n    Path /var/log/containers/*.log\n    multiline.parser docker, cri\n    Tag kube.*\n    Mem_Buf_Limit 5MB\n\n[OUTPUT]\n    Name es\n    Match kube.*\n    Host opensearch.logging-ext.svc\n    Logstash_Format On\n'})
        c.svc(ns, 'fluent-bit', {'app.kubernetes.io/instance': 'fluent-bit', 'app.kubernetes.io/name': 'fluent-bit'}, [('http', 2020, 'http')])
        c.helm_release(ns, 'fluent-bit', 'fluent-bit', '0.43.0', 4)
    else:
        c.sts(ns, 'loki', T({'app.kubernetes.io/component': 'single-binary', 'app.kubernetes.io/instance': 'loki', 'app.kubernetes.io/name': 'loki'}, [ctr('loki', 'docker.io/grafana/loki:2.9.4', [('http-metrics', 3100), ('grpc', 9095)], req=('100m', '256Mi'), rp=hprobe('/ready', 'http-metrics', 30))], sa='loki'),
              replicas=1, age=c.ctx['cluster_age'] - 10, svcname='loki-headless', vct=[{'name': 'storage', 'size': '30Gi'}])
        c.ds(ns, 'promtail', T({'app.kubernetes.io/instance': 'promtail', 'app.kubernetes.io/name': 'promtail'}, [ctr('promtail', 'docker.io/grafana/promtail:2.9.3', [('http-metrics', 3101)], req=None, rp=hprobe('/ready', 'http-metrics', 10, timeout=1, period=10, fail=5))], sa='promtail', tol=[TOL('node-role.kubernetes.io/master', op='Exists'), TOL('node-role.kubernetes.io/control-plane', op='Exists')]), age=c.ctx['cluster_age'] - 10)
        c.svc(ns, 'loki', {'app.kubernetes.io/component': 'single-binary', 'app.kubernetes.io/instance': 'loki', 'app.kubernetes.io/name': 'loki'}, [('http-metrics', 3100, 'http-metrics'), ('grpc', 9095, 'grpc')])
        c.svc(ns, 'loki-headless', {'app.kubernetes.io/instance': 'loki', 'app.kubernetes.io/name': 'loki'}, [('http-metrics', 3100, 'http-metrics')], headless=True)
        c.helm_release(ns, 'loki', 'loki', '5.43.3', 3)


def noise_ingress_nginx(c):
    ns = 'ingress-nginx'
    c.ns(ns, c.ctx['cluster_age'] - 5)
    L = {'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/instance': 'ingress-nginx', 'app.kubernetes.io/name': 'ingress-nginx'}
    simple(c, 'Deployment', ns, 'ingress-nginx-controller', 'registry.k8s.io/ingress-nginx/controller:v1.9.6@sha256:1405cc613bd95b2c6edd8b2a152510ae91c7e62aea4698500d23b2145960ab9c', 2, L,
           [('http', 80), ('https', 443), ('metrics', 10254), ('webhook', 8443)], req=('100m', '90Mi'), rp=hprobe('/healthz', 10254, 10), lp=hprobe('/healthz', 10254, 10, fail=5), sa='ingress-nginx', short=True)
    c.svc(ns, 'ingress-nginx-controller', L, [('http', 80, 'http'), ('https', 443, 'https')], typ='LoadBalancer', lb=c.ctx['lb']('ingress-nginx'), labels=L)
    c.svc(ns, 'ingress-nginx-controller-admission', L, [('https-webhook', 443, 'webhook')])
    c.svc(ns, 'ingress-nginx-controller-metrics', L, [('metrics', 10254, 'metrics')])
    for j in ('ingress-nginx-admission-create', 'ingress-nginx-admission-patch'):
        pass
    c.helm_release(ns, 'ingress-nginx', 'ingress-nginx', '4.9.1', 5)
    c.ctx.setdefault('ingress_class', 'nginx')


def noise_certmanager(c):
    ns = 'cert-manager'
    c.ns(ns, c.ctx['cluster_age'] - 6)
    for nm, comp, img, port in (('cert-manager', 'controller', 'quay.io/jetstack/cert-manager-controller:v1.14.4', 9402), ('cert-manager-cainjector', 'cainjector', 'quay.io/jetstack/cert-manager-cainjector:v1.14.4', None),
                                ('cert-manager-webhook', 'webhook', 'quay.io/jetstack/cert-manager-webhook:v1.14.4', 10250)):
        L = {'app': nm.replace('cert-manager-', '') if nm != 'cert-manager' else 'cert-manager', 'app.kubernetes.io/component': comp, 'app.kubernetes.io/instance': 'cert-manager', 'app.kubernetes.io/name': nm.replace('cert-manager-', '') if nm != 'cert-manager' else 'cert-manager'}
        simple(c, 'Deployment', ns, nm, img, 1, L, [('http-metrics' if comp == 'controller' else 'https', port)] if port else (), req=None,
               rp=hprobe('/healthz', 6080, 5, period=5) if comp == 'webhook' else None)
    c.svc(ns, 'cert-manager', {'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/instance': 'cert-manager', 'app.kubernetes.io/name': 'cert-manager'}, [('tcp-prometheus-servicemonitor', 9402, 9402)])
    c.svc(ns, 'cert-manager-webhook', {'app.kubernetes.io/component': 'webhook', 'app.kubernetes.io/instance': 'cert-manager', 'app.kubernetes.io/name': 'webhook'}, [('https', 443, 'https')])
    c.secret(ns, 'cert-manager-webhook-ca', ['ca.crt', 'tls.crt', 'tls.key'], typ='Opaque')
    c.secret(ns, 'letsencrypt-prod', ['tls.key'])
    c.helm_release(ns, 'cert-manager', 'cert-manager', 'v1.14.4', 2)


def noise_argocd(c):
    ns = 'argocd'
    c.ns(ns, c.ctx['cluster_age'] - 8)
    L = lambda n: {'app.kubernetes.io/instance': 'argocd', 'app.kubernetes.io/name': n, 'app.kubernetes.io/part-of': 'argocd'}
    img = 'quay.io/argoproj/argocd:v2.10.4'
    c.sts(ns, 'argocd-application-controller', T(L('argocd-application-controller'), [ctr('application-controller', img, [('metrics', 8082)], req=('250m', '512Mi'), rp=hprobe('/healthz', 8082, 5))], sa='argocd-application-controller'), replicas=1, age=c.ctx['cluster_age'] - 8)
    for nm, port in (('argocd-server', 8080), ('argocd-repo-server', 8081), ('argocd-applicationset-controller', 7000), ('argocd-notifications-controller', 9001), ('argocd-dex-server', 5556)):
        simple(c, 'Deployment', ns, nm, img if 'dex' not in nm else 'ghcr.io/dexidp/dex:v2.38.0', 1, L(nm), [('http' if nm != 'argocd-repo-server' else 'repo-server', port)], req=('50m', '128Mi'))
        c.svc(ns, nm, L(nm), [('http' if nm != 'argocd-repo-server' else 'tcp-repo-server', 80 if nm == 'argocd-server' else port, port)])
    simple(c, 'Deployment', ns, 'argocd-redis', 'docker.io/library/redis:7.0.14-alpine', 1, L('argocd-redis'), [('redis', 6379)], req=('100m', '64Mi'))
    c.svc(ns, 'argocd-redis', L('argocd-redis'), [('tcp-redis', 6379, 6379)])
    c.cm(ns, 'argocd-cm', {'admin.enabled': 'false', 'url': 'https://argocd.%s.example' % c.ctx['org'], 'timeout.reconciliation': '180s'})
    c.secret(ns, 'argocd-secret', ['admin.password', 'server.secretkey', 'webhook.github.secret'])
    c.secret(ns, 'argocd-redis', ['auth'])


def noise_velero(c):
    ns = 'velero'
    c.ns(ns, c.ctx['cluster_age'] - 20)
    simple(c, 'Deployment', ns, 'velero', 'velero/velero:v1.13.0', 1, {'app.kubernetes.io/instance': 'velero', 'app.kubernetes.io/name': 'velero', 'component': 'velero', 'name': 'velero'}, [('http-monitoring', 8085)], req=('500m', '128Mi'), lim=('1', '512Mi'), sa='velero-server',
           rp=hprobe('/metrics', 'http-monitoring', 10, period=30, timeout=5), lp=hprobe('/metrics', 'http-monitoring', 10, period=30, timeout=5), sel={'app.kubernetes.io/instance': 'velero', 'app.kubernetes.io/name': 'velero', 'name': 'velero'})
    c.ds(ns, 'node-agent', T({'app.kubernetes.io/instance': 'velero', 'app.kubernetes.io/name': 'velero', 'name': 'node-agent', 'role': 'node-agent'}, [ctr('node-agent', 'velero/velero:v1.13.0', [('http-monitoring', 8085)], cmd=['/velero'], args=['node-agent', 'server'], req=('500m', '512Mi'), lim=('1', '1Gi'))], sa='velero-server'),
         age=c.ctx['cluster_age'] - 20, sel={'name': 'node-agent'})
    c.svc(ns, 'velero', {'app.kubernetes.io/instance': 'velero', 'app.kubernetes.io/name': 'velero', 'name': 'velero'}, [('http-monitoring', 8085, 'http-monitoring')])
    c.secret(ns, 'velero', ['cloud'])
    c.helm_release(ns, 'velero', 'velero', '6.0.0', 3)


# ============================================================================= database tiers
def helm_labels(name, rel, chart, comp=None, ver=None):
    d = {'app.kubernetes.io/instance': rel, 'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/name': name, 'helm.sh/chart': chart}
    if comp:
        d['app.kubernetes.io/component'] = comp
    if ver:
        d['app.kubernetes.io/version'] = ver
    return d


def cr_ref(c, api_, kind, ns, name):
    return {'apiVersion': api_, 'kind': kind, 'name': name, 'uid': c.uid(kind, ns, name), 'controller': True, 'blockOwnerDeletion': True}


def db_cnpg(c, ns, cname, n=3, pooler=False, size='20Gi', sc=None, nsel=None, tol=()):
    c.ns('cnpg-system', c.ctx['cluster_age'] - 30)
    L = {'app.kubernetes.io/instance': 'cnpg', 'app.kubernetes.io/name': 'cloudnative-pg'}
    simple(c, 'Deployment', 'cnpg-system', 'cnpg-cloudnative-pg', 'ghcr.io/cloudnative-pg/cloudnative-pg:1.22.1', 1, L, [('metrics', 8080), ('webhook-server', 9443)], req=('100m', '200Mi'), lim=('100m', '200Mi'),
           rp=hprobe('/readyz', 9443, scheme='HTTPS'), lp=hprobe('/readyz', 9443, 3, scheme='HTTPS'), sa='cnpg-cloudnative-pg')
    c.svc('cnpg-system', 'cnpg-webhook-service', L, [('webhook-server', 443, 'webhook-server')])
    c.helm_release('cnpg-system', 'cnpg', 'cloudnative-pg', '0.20.1', 2)
    c.ns(ns)
    own = cr_ref(c, 'postgresql.cnpg.io/v1', 'Cluster', ns, cname)
    sc = sc or c.ctx['default_sc']
    ws = []
    for i in range(1, n + 1):
        inst = '%s-%d' % (cname, i)
        role = 'primary' if i == 1 else 'replica'
        lab = {'cnpg.io/cluster': cname, 'cnpg.io/instanceName': inst, 'cnpg.io/instanceRole': role, 'cnpg.io/podRole': 'instance', 'role': role}
        t = T(lab, [ctr('postgres', 'ghcr.io/cloudnative-pg/postgresql:16.2', [('postgresql', 5432), ('metrics', 9187), ('status', 8000)], cmd=['/controller/manager', 'instance', 'run', '--log-level=info'],
                        env=[E('PGDATA', '/var/lib/postgresql/data/pgdata'), E('POD_NAME', inst), E('NAMESPACE', ns), E('CLUSTER_NAME', cname), E('PGPORT', '5432'), E('PGHOST', '/controller/run')],
                        mounts=[('pgdata', '/var/lib/postgresql/data'), ('scratch-data', '/run'), ('scratch-data', '/controller'), ('shm', '/dev/shm'), ('app-secret', '/etc/app-secret')],
                        req=('500m', '1Gi'), lim=('2', '2Gi'), rp=hprobe('/readyz', 8000, timeout=5), lp=hprobe('/healthz', 8000, timeout=5), sp=hprobe('/healthz', 8000, period=10, timeout=5, fail=360),
                        sc={'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True, 'runAsNonRoot': True, 'seccompProfile': {'type': 'RuntimeDefault'}})],
              init=[ctr('bootstrap-controller', 'ghcr.io/cloudnative-pg/cloudnative-pg:1.22.1', cmd=['/manager', 'bootstrap', '/controller/manager', '--log-level=info'], req=('500m', '1Gi'), lim=('2', '2Gi'))],
              volumes=[Vpvc('pgdata', inst), Vempty('scratch-data'), Vempty('shm', 'Memory'), Vsec('app-secret', cname + '-app')],
              sa=cname, aff=anti_aff({'cnpg.io/cluster': cname, 'cnpg.io/podRole': 'instance'}), nsel=nsel, tol=tol, tgps=1800,
              ann={'cnpg.io/nodeSerial': str(i), 'cnpg.io/operatorVersion': '1.22.1', 'cnpg.io/podEnvHash': c.hx(8, 'env', inst), 'cnpg.io/podSpec': '{"volumes":[...]}'})
        w = c.barepod(ns, inst, t, own, age=c.ctx['cluster_age'] * 0.4, pvcs=[('pgdata', inst, size, sc)], group=cname, hostname=inst,
                      pvc_labels={'cnpg.io/cluster': cname, 'cnpg.io/instanceName': inst, 'cnpg.io/instanceRole': role, 'cnpg.io/pvcRole': 'PG_DATA', 'role': role})
        ws.append(w)
    for suf, sel in (('rw', {'cnpg.io/cluster': cname, 'role': 'primary'}), ('ro', {'cnpg.io/cluster': cname, 'role': 'replica'}), ('r', {'cnpg.io/cluster': cname, 'cnpg.io/podRole': 'instance'})):
        c.svc(ns, '%s-%s' % (cname, suf), sel, [('postgres', 5432, 5432)], labels={'cnpg.io/cluster': cname})
    c.secret(ns, cname + '-app', ['dbname', 'host', 'jdbc-uri', 'password', 'pgpass', 'port', 'uri', 'user', 'username'], typ='kubernetes.io/basic-auth',
             values={'dbname': 'app', 'host': cname + '-rw', 'port': '5432', 'user': 'app', 'username': 'app'}, labels={'cnpg.io/cluster': cname, 'cnpg.io/reload': 'true'})
    c.secret(ns, cname + '-superuser', ['password', 'pgpass', 'username'], typ='kubernetes.io/basic-auth', labels={'cnpg.io/cluster': cname})
    for s_ in ('ca', 'server', 'replication'):
        c.secret(ns, '%s-%s' % (cname, s_), ['ca.crt', 'ca.key'] if s_ == 'ca' else ['tls.crt', 'tls.key'], typ='Opaque' if s_ == 'ca' else 'kubernetes.io/tls', labels={'cnpg.io/cluster': cname})
    c.cm(ns, 'cnpg-default-monitoring', {'queries': 'backends:\n  query: |\n   SELECT sa.datname ...\n'}, labels={'cnpg.io/reload': ''})
    host, port = cname + '-rw', 5432
    if pooler:
        pn = cname + '-pooler-rw'
        lab = {'cnpg.io/cluster': cname, 'cnpg.io/poolerName': pn}
        c.deploy(ns, pn, T(lab, [ctr('pgbouncer', 'ghcr.io/cloudnative-pg/pgbouncer:1.22.0', [('pgbouncer', 5432), ('metrics', 9127)], req=('100m', '64Mi'), lim=('500m', '128Mi'),
                                     rp=tprobe(5432), lp=tprobe(5432))], sa=pn), replicas=2, age=c.ctx['cluster_age'] * 0.4, sel={'cnpg.io/poolerName': pn},
                 labels={'cnpg.io/cluster': cname, 'cnpg.io/poolerName': pn})
        c.svc(ns, pn, {'cnpg.io/poolerName': pn}, [('pgbouncer', 5432, 'pgbouncer')], labels={'cnpg.io/poolerName': pn})
        host = pn
    return {'engine': 'postgres', 'ns': ns, 'host': host, 'port': port, 'svc': host, 'primary': ws[0], 'members': ws, 'kind': 'cnpg',
            'secret': cname + '-app', 'user_key': 'username', 'pass_key': 'password', 'dbname': 'app', 'name': cname, 'db_svc': cname + '-rw'}


def db_bitnami_pg(c, ns, rel, size='16Gi', read=0, nsel=None, tol=(), tmp='File', sc=None):
    c.ns(ns)
    chart = 'postgresql-13.4.4'
    L = helm_labels('postgresql', rel, chart, 'primary')
    name = rel + '-postgresql' if rel != 'postgresql' else 'postgresql'
    pg_isready = ['/bin/sh', '-c', 'exec pg_isready -U "app" -d "dbname=app" -h 127.0.0.1 -p 5432']
    t = T(dict(L, **{'app.kubernetes.io/version': '16.2.0'}), [ctr('postgresql', 'docker.io/bitnami/postgresql:16.2.0-debian-12-r6', [('tcp-postgresql', 5432)],
          env=[E('BITNAMI_DEBUG', 'false'), E('POSTGRESQL_PORT_NUMBER', '5432'), E('POSTGRESQL_VOLUME_DIR', '/bitnami/postgresql'), E('PGDATA', '/bitnami/postgresql/data'), E('POSTGRES_USER', 'app'),
               ESK('POSTGRES_PASSWORD', name, 'password'), ESK('POSTGRES_POSTGRES_PASSWORD', name, 'postgres-password'), E('POSTGRES_DATABASE', 'app'), E('POSTGRESQL_ENABLE_LDAP', 'no'), E('POSTGRESQL_ENABLE_TLS', 'no'),
               E('POSTGRESQL_LOG_HOSTNAME', 'false'), E('POSTGRESQL_LOG_CONNECTIONS', 'false'), E('POSTGRESQL_CLIENT_MIN_MESSAGES', 'error'), E('POSTGRESQL_SHARED_PRELOAD_LIBRARIES', 'pgaudit')],
          mounts=[('empty-dir', '/tmp', False, 'tmp-dir'), ('dshm', '/dev/shm'), ('data', '/bitnami/postgresql')], req=('250m', '512Mi'), lim=('1', '2Gi'), tmp=tmp,
          lp=eprobe(pg_isready, 30, 10, 5, 6), rp=eprobe(['/bin/sh', '-c', '-e', 'exec pg_isready -U "app" -d "dbname=app" -h 127.0.0.1 -p 5432\n[ -f /opt/bitnami/postgresql/tmp/.initialized ] || [ -f /bitnami/postgresql/.initialized ]\n'], 5, 10, 5, 6),
          sc={'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'privileged': False, 'readOnlyRootFilesystem': True, 'runAsGroup': 1001, 'runAsNonRoot': True, 'runAsUser': 1001, 'seccompProfile': {'type': 'RuntimeDefault'}})],
          volumes=[Vempty('empty-dir'), Vempty('dshm', 'Memory')], sa=name, psc={'fsGroup': 1001, 'fsGroupChangePolicy': 'Always'}, nsel=nsel, tol=tol,
          aff=anti_aff({'app.kubernetes.io/component': 'primary', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'postgresql'}))
    w = c.sts(ns, name, t, replicas=1, age=c.ctx['cluster_age'] * 0.5, svcname=name + '-hl', vct=[{'name': 'data', 'size': size, 'sc': sc}],
              sel={'app.kubernetes.io/component': 'primary', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'postgresql'})
    sel = {'app.kubernetes.io/component': 'primary', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'postgresql'}
    c.svc(ns, name, sel, [('tcp-postgresql', 5432, 'tcp-postgresql')], labels=L)
    c.svc(ns, name + '-hl', sel, [('tcp-postgresql', 5432, 'tcp-postgresql')], headless=True, pnr=True, labels=L,
          ann={'service.alpha.kubernetes.io/tolerate-unready-endpoints': 'true'})
    c.secret(ns, name, ['password', 'postgres-password'], labels=helm_labels('postgresql', rel, chart))
    c.helm_release(ns, rel, 'postgresql', '13.4.4', 1 + int(c.hx(1, rel), 16) % 5)
    rw = None
    if read:
        t2 = copy.deepcopy(t)
        t2['labels']['app.kubernetes.io/component'] = 'read'
        rw = c.sts(ns, name + '-read', t2, replicas=read, age=c.ctx['cluster_age'] * 0.5, svcname=name + '-read-hl', vct=[{'name': 'data', 'size': size, 'sc': sc}],
                   sel={'app.kubernetes.io/component': 'read', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'postgresql'})
        c.svc(ns, name + '-read', {'app.kubernetes.io/component': 'read', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'postgresql'}, [('tcp-postgresql', 5432, 'tcp-postgresql')])
    return {'engine': 'postgres', 'ns': ns, 'host': name, 'port': 5432, 'svc': name, 'primary': w, 'members': [w], 'kind': 'bitnami-pg', 'read': rw,
            'secret': name, 'user_key': None, 'pass_key': 'password', 'dbname': 'app', 'name': name, 'db_svc': name}


def db_bitnami_mysql(c, ns, rel, size='20Gi', extra_cnf=''):
    c.ns(ns)
    chart = 'mysql-9.23.0'
    name = rel + '-mysql'
    L = helm_labels('mysql', rel, chart, 'primary', '8.0.36')
    cnf = '[mysqld]\ndefault_authentication_plugin=mysql_native_password\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mysql\nplugin_dir=/opt/bitnami/mysql/lib/plugin\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndatadir=/bitnami/mysql/data\ntmpdir=/opt/bitnami/mysql/tmp\nmax_allowed_packet=16M\nbind-address=*\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\nlog-error=/opt/bitnami/mysql/logs/mysqld.log\ncharacter-set-server=UTF8\ncollation-server=utf8_general_ci\nslow_query_log=0\nlong_query_time=10.0\ninnodb_buffer_pool_size=1G\n' + extra_cnf + '\n[client]\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndefault-character-set=UTF8\n'
    c.cm(ns, name, {'my.cnf': cnf}, labels=L)
    mping = ['/bin/bash', '-ec', 'password_aux="${MYSQL_ROOT_PASSWORD:-}"\nif [[ -f "${MYSQL_ROOT_PASSWORD_FILE:-}" ]]; then\n    password_aux=$(cat "$MYSQL_ROOT_PASSWORD_FILE")\nfi\nmysqladmin status -uroot -p"${password_aux}"\n']
    t = T(L, [ctr('mysql', 'docker.io/bitnami/mysql:8.0.36-debian-12-r8', [('mysql', 3306)], env=[E('BITNAMI_DEBUG', 'false'), ESK('MYSQL_ROOT_PASSWORD', name, 'mysql-root-password'), E('MYSQL_USER', 'app'), ESK('MYSQL_PASSWORD', name, 'mysql-password'), E('MYSQL_PORT', '3306'), E('MYSQL_DATABASE', 'app')],
              mounts=[('data', '/bitnami/mysql'), ('config', '/opt/bitnami/mysql/conf/my.cnf', False, 'my.cnf'), ('empty-dir', '/tmp', False, 'tmp-dir')], req=('500m', '1536Mi'), lim=('2', '3Gi'),
              lp=eprobe(mping, 5, 10, 1, 3), rp=eprobe(mping, 5, 10, 1, 3), sp=eprobe(mping, 15, 10, 1, 10), tmp='FallbackToLogsOnError')],
          volumes=[Vcm('config', name), Vempty('empty-dir')], sa=name, psc={'fsGroup': 1001, 'fsGroupChangePolicy': 'Always'},
          ann={'checksum/configuration': H(cnf)[:64]})
    w = c.sts(ns, name, t, replicas=1, age=c.ctx['cluster_age'] * 0.6, svcname=name + '-headless', vct=[{'name': 'data', 'size': size}],
              sel={'app.kubernetes.io/component': 'primary', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'mysql'})
    sel = {'app.kubernetes.io/component': 'primary', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'mysql'}
    c.svc(ns, name, sel, [('mysql', 3306, 'mysql')], labels=L)
    c.svc(ns, name + '-headless', sel, [('mysql', 3306, 'mysql')], headless=True, pnr=True, labels=L)
    c.secret(ns, name, ['mysql-password', 'mysql-root-password'], labels=helm_labels('mysql', rel, chart))
    c.helm_release(ns, rel, 'mysql', '9.23.0', 2 + int(c.hx(1, rel), 16) % 4)
    return {'engine': 'mysql', 'ns': ns, 'host': name, 'port': 3306, 'svc': name, 'primary': w, 'members': [w], 'kind': 'bitnami-mysql',
            'secret': name, 'user_key': None, 'pass_key': 'mysql-password', 'dbname': 'app', 'name': name, 'db_svc': name, 'cm': name}


def db_bitnami_mongo(c, ns, rel, n=2, size='30Gi', lp_timeout=10):
    c.ns(ns)
    chart = 'mongodb-14.12.3'
    name = rel + '-mongodb'
    L = helm_labels('mongodb', rel, chart, 'mongodb', '7.0.6')
    t = T(L, [ctr('mongodb', 'docker.io/bitnami/mongodb:7.0.6-debian-12-r0', [('mongodb', 27017)], env=[E('BITNAMI_DEBUG', 'false'), EF('MY_POD_NAME', 'metadata.name'), EF('MY_POD_NAMESPACE', 'metadata.namespace'),
              E('MONGODB_INITIAL_PRIMARY_HOST', name + '-0.' + name + '-headless.' + ns + '.svc.cluster.local'), E('MONGODB_REPLICA_SET_NAME', 'rs0'), E('MONGODB_ADVERTISED_HOSTNAME', '$(MY_POD_NAME).%s-headless.$(MY_POD_NAMESPACE).svc.cluster.local' % name),
              E('MONGODB_EXTRA_USERNAMES', 'app'), E('MONGODB_EXTRA_DATABASES', 'app'), ESK('MONGODB_EXTRA_PASSWORDS', name, 'mongodb-passwords'), ESK('MONGODB_ROOT_PASSWORD', name, 'mongodb-root-password'),
              ESK('MONGODB_REPLICA_SET_KEY', name, 'mongodb-replica-set-key'), E('MONGODB_PORT_NUMBER', '27017'), E('MONGODB_ENABLE_JOURNAL', 'yes')],
              mounts=[('datadir', '/bitnami/mongodb'), ('common-scripts', '/bitnami/scripts'), ('scripts', '/scripts/setup.sh', False, 'setup.sh'), ('empty-dir', '/tmp', False, 'tmp-dir')],
              req=('500m', '1Gi'), lim=('2', '4Gi'), cmd=['/scripts/setup.sh'],
              lp=eprobe(['/bitnami/scripts/ping-mongodb.sh'], 30, 20, lp_timeout, 6), rp=eprobe(['/bitnami/scripts/readiness-probe.sh'], 5, 10, 5, 6))],
          volumes=[Vcm('common-scripts', name + '-common-scripts'), Vcm('scripts', name + '-scripts'), Vempty('empty-dir')], sa=name, psc={'fsGroup': 1001})
    sel = {'app.kubernetes.io/component': 'mongodb', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'mongodb'}
    w = c.sts(ns, name, t, replicas=n, age=c.ctx['cluster_age'] * 0.5, svcname=name + '-headless', vct=[{'name': 'datadir', 'size': size}], sel=sel, pmp='OrderedReady')
    ta = T(dict(L, **{'app.kubernetes.io/component': 'arbiter'}), [ctr('mongodb-arbiter', 'docker.io/bitnami/mongodb:7.0.6-debian-12-r0', [('mongodb', 27017)], req=('100m', '256Mi'), lp=tprobe('mongodb', 30, 20, 5), rp=tprobe('mongodb', 5, 20, 5))], sa=name)
    c.sts(ns, name + '-arbiter', ta, replicas=1, age=c.ctx['cluster_age'] * 0.5, svcname=name + '-arbiter-headless',
          sel={'app.kubernetes.io/component': 'arbiter', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'mongodb'})
    c.svc(ns, name + '-headless', sel, [('mongodb', 27017, 'mongodb')], headless=True, pnr=True, labels=L)
    c.svc(ns, name + '-arbiter-headless', {'app.kubernetes.io/component': 'arbiter', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'mongodb'}, [('tcp-mongodb', 27017, 'mongodb')], headless=True, pnr=True)
    c.cm(ns, name + '-common-scripts', {'ping-mongodb.sh': '#!/bin/bash\nmongosh  $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval "db.adminCommand(\'ping\')"\n',
                                       'readiness-probe.sh': '#!/bin/bash\n# Run the proper check depending on the version\n[[ $(mongod -version | grep "db version") =~ ([0-9]+\\.[0-9]+\\.[0-9]+) ]] && VERSION=${BASH_REMATCH[1]}\n. /opt/bitnami/scripts/libversion.sh\n'}, labels=L)
    c.cm(ns, name + '-scripts', {'setup.sh': '#!/bin/bash\n. /opt/bitnami/scripts/mongodb-env.sh\n. /opt/bitnami/scripts/libfs.sh\n/opt/bitnami/scripts/mongodb/entrypoint.sh /opt/bitnami/scripts/mongodb/run.sh\n'}, labels=L)
    c.secret(ns, name, ['mongodb-passwords', 'mongodb-replica-set-key', 'mongodb-root-password'], labels=helm_labels('mongodb', rel, chart))
    c.helm_release(ns, rel, 'mongodb', '14.12.3', 3)
    hosts = ','.join('%s-%d.%s-headless.%s.svc.cluster.local:27017' % (name, i, name, ns) for i in range(n))
    return {'engine': 'mongo', 'ns': ns, 'host': name + '-headless', 'port': 27017, 'svc': name + '-headless', 'primary': w, 'members': [w], 'kind': 'bitnami-mongo',
            'secret': name, 'pass_key': 'mongodb-passwords', 'name': name, 'uri_hosts': hosts, 'db_svc': name + '-headless'}


def db_bitnami_redis(c, ns, rel, replicas=2, nsel=None, tol=()):
    c.ns(ns)
    chart = 'redis-18.19.2'
    name = rel + '-redis' if rel != 'redis' else 'redis'
    Lb = lambda comp: helm_labels('redis', rel, chart, comp, '7.2.4')
    ws = {}
    for comp, n in (('master', 1), ('replica', replicas)):
        sts_name = '%s-%s' % (name, 'master' if comp == 'master' else 'replicas')
        t = T(Lb(comp), [ctr('redis', 'docker.io/bitnami/redis:7.2.4-debian-12-r9', [('redis', 6379)], cmd=['/bin/bash'], args=['-c', '/opt/bitnami/scripts/start-scripts/start-%s.sh' % comp],
                             env=[E('BITNAMI_DEBUG', 'false'), E('REDIS_REPLICATION_MODE', comp if comp == 'master' else 'replica'), E('ALLOW_EMPTY_PASSWORD', 'no'), ESK('REDIS_PASSWORD', name, 'redis-password'),
                                  E('REDIS_TLS_ENABLED', 'no'), E('REDIS_PORT', '6379')] + ([E('REDIS_MASTER_HOST', '%s-master-0.%s-headless.%s.svc.cluster.local' % (name, name, ns)), E('REDIS_MASTER_PORT_NUMBER', '6379')] if comp != 'master' else []),
                             mounts=[('start-scripts', '/opt/bitnami/scripts/start-scripts'), ('health', '/health'), ('redis-data', '/data'), ('config', '/opt/bitnami/redis/mounted-etc'), ('empty-dir', '/opt/bitnami/redis/etc/', False, 'app-conf-dir')],
                             req=('100m', '256Mi'), lim=(None, '1Gi'), lp=eprobe(['sh', '-c', '/health/ping_liveness_local.sh 5'], 20, 5, 6, 5), rp=eprobe(['sh', '-c', '/health/ping_readiness_local.sh 1'], 20, 5, 2, 5))],
              volumes=[Vcm('start-scripts', name + '-scripts'), Vcm('health', name + '-health'), Vcm('config', name + '-configuration'), Vempty('empty-dir')], sa=name + '-' + comp, psc={'fsGroup': 1001},
              ann={'checksum/configmap': c.hx(64, 'rcm'), 'checksum/health': c.hx(64, 'rh'), 'checksum/scripts': c.hx(64, 'rs'), 'checksum/secret': c.hx(64, 'rsec')}, nsel=nsel, tol=tol)
        ws[comp] = c.sts(ns, sts_name, t, replicas=n, age=c.ctx['cluster_age'] * 0.45, svcname=name + '-headless', vct=[{'name': 'redis-data', 'size': '8Gi'}],
                         sel={'app.kubernetes.io/component': comp, 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'redis'})
    c.svc(ns, name + '-master', {'app.kubernetes.io/component': 'master', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'redis'}, [('tcp-redis', 6379, 'redis')], labels=Lb('master'))
    c.svc(ns, name + '-replicas', {'app.kubernetes.io/component': 'replica', 'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'redis'}, [('tcp-redis', 6379, 'redis')], labels=Lb('replica'))
    c.svc(ns, name + '-headless', {'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'redis'}, [('tcp-redis', 6379, 'redis')], headless=True, labels=helm_labels('redis', rel, chart))
    for cmn, data in (('-configuration', {'master.conf': 'dir /data\nrename-command FLUSHDB ""\nrename-command FLUSHALL ""\n', 'redis.conf': 'appendonly yes\nsave ""\n', 'replica.conf': 'dir /data\n'}),
                      ('-health', {'ping_liveness_local.sh': '#!/bin/bash\n[[ -f $REDIS_PASSWORD_FILE ]] && export REDIS_PASSWORD="$(< "${REDIS_PASSWORD_FILE}")"\nresponse=$(\n  timeout -s 15 $1 \\\n  redis-cli \\\n    -h localhost \\\n    -p $REDIS_PORT \\\n    ping\n)\n', 'ping_readiness_local.sh': '#!/bin/bash\nresponse=$(timeout -s 15 $1 redis-cli -h localhost -p $REDIS_PORT ping)\nif [ "$response" != "PONG" ]; then\n  echo "$response"\n  exit 1\nfi\n'}),
                      ('-scripts', {'start-master.sh': '#!/bin/bash\nexec redis-server "${ARGS[@]}"\n', 'start-replica.sh': '#!/bin/bash\nexec redis-server "${ARGS[@]}"\n'})):
        c.cm(ns, name + cmn, data, labels=helm_labels('redis', rel, chart))
    c.secret(ns, name, ['redis-password'], labels=helm_labels('redis', rel, chart))
    c.helm_release(ns, rel, 'redis', '18.19.2', 2)
    return {'engine': 'redis', 'ns': ns, 'host': name + '-master', 'port': 6379, 'svc': name + '-master', 'primary': ws['master'], 'members': list(ws.values()), 'kind': 'bitnami-redis',
            'secret': name, 'pass_key': 'redis-password', 'name': name, 'db_svc': name + '-master'}


def db_zalando(c, ns, cname, n=2, pooler=True, team='acid', size='25Gi', nsel=None, tol=()):
    c.ns('postgres-operator', c.ctx['cluster_age'] - 40)
    simple(c, 'Deployment', 'postgres-operator', 'postgres-operator', 'ghcr.io/zalando/postgres-operator:v1.11.0', 1, {'app.kubernetes.io/instance': 'postgres-operator', 'app.kubernetes.io/name': 'postgres-operator'}, req=('100m', '250Mi'), lim=('500m', '500Mi'))
    c.svc('postgres-operator', 'postgres-operator', {'app.kubernetes.io/instance': 'postgres-operator', 'app.kubernetes.io/name': 'postgres-operator'}, [('', 8080, 8080)])
    c.ns(ns)
    own = cr_ref(c, 'acid.zalan.do/v1', 'postgresql', ns, cname)
    L = {'application': 'spilo', 'cluster-name': cname, 'team': team}
    t = T(L, [ctr('postgres', 'ghcr.io/zalando/spilo-16:3.2-p2', [('', 8008), ('', 5432), ('', 8080)], env=[E('SCOPE', cname), E('PGROOT', '/home/postgres/pgdata/pgroot'), EF('POD_IP', 'status.podIP'), EF('POD_NAMESPACE', 'metadata.namespace'),
              E('PGUSER_SUPERUSER', 'postgres'), E('KUBERNETES_SCOPE_LABEL', 'cluster-name'), E('KUBERNETES_ROLE_LABEL', 'spilo-role'), ESK('PGPASSWORD_SUPERUSER', 'postgres.%s.credentials.postgresql.acid.zalan.do' % cname, 'password'),
              E('PGUSER_STANDBY', 'standby'), ESK('PGPASSWORD_STANDBY', 'standby.%s.credentials.postgresql.acid.zalan.do' % cname, 'password'), E('PAM_OAUTH2', ''), E('HUMAN_ROLE', 'zalandos'), E('PGVERSION', '16'), E('KUBERNETES_LABELS', '{"application":"spilo"}'),
              E('SPILO_CONFIGURATION', '{"postgresql":{"parameters":{"shared_buffers":"512MB","max_connections":"200"}},"bootstrap":{"initdb":[{"auth-host":"md5"},{"auth-local":"trust"}]}}')],
              mounts=[('pgdata', '/home/postgres/pgdata'), ('dshm', '/dev/shm')], req=('500m', '1Gi'), lim=('2', '2Gi'), rp=hprobe('/readiness', 8008, 6, period=10, timeout=5, fail=3),
              sc={'allowPrivilegeEscalation': True, 'privileged': False, 'readOnlyRootFilesystem': False})],
          volumes=[Vempty('dshm', 'Memory')], sa='postgres-pod', nsel=nsel, tol=tol, tgps=300)
    w = c.sts(ns, cname, t, replicas=n, age=c.ctx['cluster_age'] * 0.5, svcname=cname, vct=[{'name': 'pgdata', 'size': size, 'labels': L}], sel=L, owner=own)
    w['pod_labels'] = {0: {'spilo-role': 'master'}, **{i: {'spilo-role': 'replica'} for i in range(1, n)}}
    c.svc(ns, cname, None, [('postgresql', 5432, 5432)], labels=dict(L, **{'spilo-role': 'master'}), manual_eps={'ips': ['{podip:%s/%s-0}' % (ns, cname)], 'ports': [('postgresql', 5432, 'TCP')]})
    c.svc(ns, cname + '-repl', dict(L, **{'spilo-role': 'replica'}), [('postgresql', 5432, 5432)], labels=dict(L, **{'spilo-role': 'replica'}))
    c.svc(ns, cname + '-config', None, [], headless=True, labels=L)
    for u in ('postgres', 'standby', 'app_owner', 'app_user'):
        c.secret(ns, '%s.%s.credentials.postgresql.acid.zalan.do' % (u.replace('_', '-'), cname), ['password', 'username'], labels=L, values={'username': u})
    host = cname
    if pooler:
        pn = cname + '-pooler'
        pl = {'application': 'db-connection-pooler', 'cluster-name': cname, 'connection-pooler': pn}
        c.deploy(ns, pn, T(pl, [ctr('connection-pooler', 'registry.opensource.zalan.do/acid/pgbouncer:master-32', [('pgbouncer', 5432)], req=('500m', '100Mi'), lim=('1', '100Mi'), rp=tprobe(5432),
                                    env=[E('PGHOST', cname), E('PGPORT', '5432'), E('PGUSER', 'pooler'), E('CONNECTION_POOLER_PORT', '5432'), E('CONNECTION_POOLER_MODE', 'transaction'), E('CONNECTION_POOLER_MAX_DB_CONNECTIONS', '60')])],
                           aff=anti_aff(pl)), replicas=2, age=c.ctx['cluster_age'] * 0.5, sel=pl, labels=pl)
        c.svc(ns, pn, pl, [('postgresql', 5432, 'pgbouncer')], labels=pl)
        host = pn
    return {'engine': 'postgres', 'ns': ns, 'host': host, 'port': 5432, 'svc': host, 'primary': w, 'members': [w], 'kind': 'zalando', 'name': cname,
            'secret': 'app-user.%s.credentials.postgresql.acid.zalan.do' % cname, 'user_key': 'username', 'pass_key': 'password', 'dbname': 'app', 'db_svc': cname}


def db_crunchy(c, ns, cname, n=2, size='30Gi'):
    c.ns('postgres-operator', c.ctx['cluster_age'] - 40)
    simple(c, 'Deployment', 'postgres-operator', 'pgo', 'registry.developers.crunchydata.com/crunchydata/postgres-operator:ubi8-5.5.1-0', 1, {'postgres-operator.crunchydata.com/control-plane': 'postgres-operator'}, req=None, sa='pgo')
    c.ns(ns)
    own = cr_ref(c, 'postgres-operator.crunchydata.com/v1beta1', 'PostgresCluster', ns, cname)
    ws = []
    for i in range(n):
        inst = '%s-instance1-%s' % (cname, c.sfx(4, 'cinst', i))
        L = {'postgres-operator.crunchydata.com/cluster': cname, 'postgres-operator.crunchydata.com/data': 'postgres', 'postgres-operator.crunchydata.com/instance': inst,
             'postgres-operator.crunchydata.com/instance-set': 'instance1', 'postgres-operator.crunchydata.com/patroni': cname + '-ha'}
        t = T(L, [ctr('database', 'registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.2-0', [('postgres', 5432), ('patroni', 8008)], cmd=['patroni', '/etc/patroni'],
                      env=[E('PGDATA', '/pgdata/pg16'), E('PGHOST', '/tmp/postgres'), E('PGPORT', '5432'), E('KRB5_CONFIG', '/etc/postgres/krb5.conf')],
                      mounts=[('postgres-data', '/pgdata'), ('cert-volume', '/pgconf/tls', True), ('dshm', '/dev/shm')], req=('500m', '1Gi'), lim=('2', '4Gi'),
                      lp=hprobe('/liveness', 8008, 3, period=10, timeout=5, scheme='HTTPS'), rp=hprobe('/readiness', 8008, 3, period=10, timeout=5, scheme='HTTPS')),
                  ctr('replication-cert-copy', 'registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.2-0', cmd=['bash', '-ceu', '--', 'monitor() { ... }; export -f monitor; exec -a "$0" bash -ceu monitor replication-cert-copy']),
                  ctr('pgbackrest', 'registry.developers.crunchydata.com/crunchydata/crunchy-pgbackrest:ubi8-2.49-0', cmd=['pgbackrest', 'server'], mounts=[('postgres-data', '/pgdata')]),
                  ctr('pgbackrest-config', 'registry.developers.crunchydata.com/crunchydata/crunchy-pgbackrest:ubi8-2.49-0')],
              init=[ctr('postgres-startup', 'registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.2-0'), ctr('nss-wrapper-init', 'registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.2-0')],
              volumes=[Vpvc('postgres-data', inst + '-pgdata'), Vsec('cert-volume', cname + '-cluster-cert'), Vempty('dshm', 'Memory')], sa=cname + '-instance', tgps=30)
        w = c.sts(ns, inst, t, replicas=1, age=c.ctx['cluster_age'] * 0.5, svcname=cname + '-pods', owner=own, sel={'postgres-operator.crunchydata.com/cluster': cname, 'postgres-operator.crunchydata.com/instance': inst}, pmp='Parallel')
        w['pod_labels'] = {0: {'postgres-operator.crunchydata.com/role': 'master' if i == 0 else 'replica'}}
        w['inst_pvc'] = (inst + '-pgdata', size)
        ws.append(w)
    c.svc(ns, cname + '-primary', None, [('postgres', 5432, 'postgres')], headless=False, labels={'postgres-operator.crunchydata.com/cluster': cname, 'postgres-operator.crunchydata.com/role': 'primary'},
          manual_eps={'ips': ['{podip:%s/%s-0}' % (ns, ws[0]['name'])], 'ports': [('postgres', 5432, 'TCP')]})
    c.svc(ns, cname + '-replicas', {'postgres-operator.crunchydata.com/cluster': cname, 'postgres-operator.crunchydata.com/role': 'replica'}, [('postgres', 5432, 'postgres')], labels={'postgres-operator.crunchydata.com/cluster': cname, 'postgres-operator.crunchydata.com/role': 'replica'})
    c.svc(ns, cname + '-pods', {'postgres-operator.crunchydata.com/cluster': cname}, [], headless=True, pnr=True, labels={'postgres-operator.crunchydata.com/cluster': cname})
    c.svc(ns, cname + '-ha', None, [('postgres', 5432, 'postgres')], labels={'postgres-operator.crunchydata.com/cluster': cname, 'postgres-operator.crunchydata.com/patroni': cname + '-ha'},
          manual_eps={'ips': ['{podip:%s/%s-0}' % (ns, ws[0]['name'])], 'ports': [('postgres', 5432, 'TCP')]})
    # repo host
    rl = {'postgres-operator.crunchydata.com/cluster': cname, 'postgres-operator.crunchydata.com/data': 'pgbackrest', 'postgres-operator.crunchydata.com/pgbackrest': '', 'postgres-operator.crunchydata.com/pgbackrest-dedicated': ''}
    c.sts(ns, cname + '-repo-host', T(rl, [ctr('pgbackrest', 'registry.developers.crunchydata.com/crunchydata/crunchy-pgbackrest:ubi8-2.49-0', cmd=['pgbackrest', 'server'])], sa=cname + '-pgbackrest'),
          replicas=1, age=c.ctx['cluster_age'] * 0.5, svcname=cname + '-pods', owner=own, vct=[{'name': 'repo1', 'size': '50Gi'}], sel=rl)
    bl = {'postgres-operator.crunchydata.com/cluster': cname, 'postgres-operator.crunchydata.com/role': 'pgbouncer'}
    c.deploy(ns, cname + '-pgbouncer', T(bl, [ctr('pgbouncer', 'registry.developers.crunchydata.com/crunchydata/crunchy-pgbouncer:ubi8-1.21-3', [('pgbouncer', 5432)], cmd=['pgbouncer', '/etc/pgbouncer/~postgres-operator.ini'], req=('100m', '64Mi')),
                                         ctr('pgbouncer-config', 'registry.developers.crunchydata.com/crunchydata/crunchy-pgbouncer:ubi8-1.21-3')], sa=cname + '-pgbouncer'),
             replicas=2, age=c.ctx['cluster_age'] * 0.5, sel=bl, owner=own)
    c.svc(ns, cname + '-pgbouncer', bl, [('pgbouncer', 5432, 'pgbouncer')], labels=bl)
    c.secret(ns, cname + '-pguser-app', ['dbname', 'host', 'jdbc-uri', 'password', 'pgbouncer-host', 'pgbouncer-port', 'pgbouncer-uri', 'port', 'uri', 'user', 'verifier'],
             labels={'postgres-operator.crunchydata.com/cluster': cname, 'postgres-operator.crunchydata.com/pguser': 'app', 'postgres-operator.crunchydata.com/role': 'pguser'},
             values={'dbname': 'app', 'host': '%s-primary.%s.svc' % (cname, ns), 'port': '5432', 'user': 'app', 'pgbouncer-host': '%s-pgbouncer.%s.svc' % (cname, ns), 'pgbouncer-port': '5432'})
    for sx, keys in (('-cluster-cert', ['ca.crt', 'tls.crt', 'tls.key']), ('-pgbackrest', ['pgbackrest.ca-roots', 'pgbackrest-client.crt', 'pgbackrest-client.key']), ('-pgbouncer', ['pgbouncer-frontend.crt', 'pgbouncer-verifier', 'password'])):
        c.secret(ns, cname + sx, keys, labels={'postgres-operator.crunchydata.com/cluster': cname})
    c.cm(ns, cname + '-config', {'patroni.yaml': '# generated by PGO\nbootstrap:\n  dcs:\n    loop_wait: 10\n    postgresql:\n      parameters:\n        max_connections: 200\n        shared_buffers: 1GB\n'},
         labels={'postgres-operator.crunchydata.com/cluster': cname})
    c.cm(ns, cname + '-pgbouncer', {'pgbouncer-empty': '', 'pgbouncer.ini': '[pgbouncer]\nlisten_addr = *\nlisten_port = 5432\npool_mode = session\n[databases]\n* = host=%s-primary port=5432\n' % cname})
    return {'engine': 'postgres', 'ns': ns, 'host': cname + '-pgbouncer', 'port': 5432, 'svc': cname + '-pgbouncer', 'primary': ws[0], 'members': ws, 'kind': 'crunchy', 'name': cname,
            'secret': cname + '-pguser-app', 'user_key': 'user', 'pass_key': 'password', 'dbname': 'app', 'db_svc': cname + '-primary'}


def db_plain_pg(c, ns, name='postgres', size='20Gi', pgb=False, conf_extra='', sc=None):
    c.ns(ns)
    L = {'app': name, 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'data', 'tier': 'database'}
    conf = "listen_addresses = '*'\nport = 5432\nmax_connections = 200\nshared_buffers = 512MB\neffective_cache_size = 1536MB\nmaintenance_work_mem = 128MB\ncheckpoint_completion_target = 0.9\nwal_buffers = 16MB\ndefault_statistics_target = 100\nrandom_page_cost = 1.1\nwork_mem = 4MB\nmin_wal_size = 1GB\nmax_wal_size = 4GB\nlog_timezone = 'UTC'\ntimezone = 'UTC'\n" + conf_extra
    c.cm(ns, name + '-config', {'postgresql.conf': conf, 'pg_hba.conf': 'local all all trust\nhost all all 0.0.0.0/0 scram-sha-256\n'}, labels={'app': name})
    c.secret(ns, name + '-credentials', ['POSTGRES_DB', 'POSTGRES_PASSWORD', 'POSTGRES_USER'], values={'POSTGRES_DB': 'app', 'POSTGRES_USER': 'app'}, labels={'app': name})
    t = T(L, [ctr('postgres', 'postgres:15.6-bookworm', [('postgres', 5432)], args=['-c', 'config_file=/etc/postgresql/postgresql.conf', '-c', 'hba_file=/etc/postgresql/pg_hba.conf'],
                  envFrom=[{'secretRef': {'name': name + '-credentials'}}], env=[E('PGDATA', '/var/lib/postgresql/data/pgdata')],
                  mounts=[('data', '/var/lib/postgresql/data'), ('config', '/etc/postgresql', True)], req=('500m', '1Gi'), lim=('2', '2Gi'), tmp='FallbackToLogsOnError',
                  rp=eprobe(['pg_isready', '-U', 'app', '-d', 'app'], 5, 10, 3, 3), lp=eprobe(['pg_isready', '-U', 'app', '-d', 'app'], 30, 15, 5, 4))],
          volumes=[Vcm('config', name + '-config')], psc={'fsGroup': 999}, ann={'checksum/config': H(conf)[:64]})
    w = c.sts(ns, name, t, replicas=1, age=c.ctx['cluster_age'] * 0.7, svcname=name + '-headless', vct=[{'name': 'data', 'size': size, 'sc': sc}], sel={'app': name})
    c.svc(ns, name, {'app': name}, [('postgres', 5432, 'postgres')], labels={'app': name})
    c.svc(ns, name + '-headless', {'app': name}, [('postgres', 5432, 5432)], headless=True, labels={'app': name})
    host = name
    if pgb:
        pl = {'app': 'pgbouncer', 'app.kubernetes.io/name': 'pgbouncer'}
        c.cm(ns, 'pgbouncer-config', {'pgbouncer.ini': '[databases]\n* = host=%s.%s.svc.cluster.local port=5432\n\n[pgbouncer]\nlisten_addr = 0.0.0.0\nlisten_port = 6432\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\npool_mode = transaction\nmax_client_conn = 1000\ndefault_pool_size = 40\n' % (name, ns)})
        c.deploy(ns, 'pgbouncer', T(pl, [ctr('pgbouncer', 'docker.io/bitnami/pgbouncer:1.22.1', [('pgbouncer', 6432)], req=('100m', '64Mi'), lim=('500m', '256Mi'), rp=tprobe(6432, 5), lp=tprobe(6432, 15, 20),
                                         mounts=[('config', '/etc/pgbouncer', True)], env=[E('POSTGRESQL_HOST', name), ESK('POSTGRESQL_PASSWORD', name + '-credentials', 'POSTGRES_PASSWORD')])],
                                    volumes=[Vcm('config', 'pgbouncer-config')]), replicas=2, age=c.ctx['cluster_age'] * 0.6)
        c.svc(ns, 'pgbouncer', {'app': 'pgbouncer'}, [('pgbouncer', 6432, 'pgbouncer')])
        host = 'pgbouncer'
    return {'engine': 'postgres', 'ns': ns, 'host': host, 'port': 6432 if pgb else 5432, 'svc': host, 'primary': w, 'members': [w], 'kind': 'plain-pg', 'name': name,
            'secret': name + '-credentials', 'user_key': 'POSTGRES_USER', 'pass_key': 'POSTGRES_PASSWORD', 'dbname': 'app', 'db_svc': name, 'cm': name + '-config'}


# ============================================================================= application tier
THEMES = {
    'airline': {'org': 'skyhop', 'host': 'book.skyhop-air.com', 'apps': [
        ('flight-search', 'booking', 'api', ['cache', 'sql'], 'go'), ('booking-api', 'booking', 'api', ['sql', 'cache'], 'java'), ('seat-inventory', 'booking', 'api', ['sql'], 'go'),
        ('checkin-web', 'booking', 'web', [], 'node'), ('loyalty-points', 'loyalty', 'api', ['sql'], 'python'), ('fare-sync', 'booking', 'worker', ['sql'], 'python')],
        'cron': ('booking', 'fare-cache-warmup', '*/15 * * * *', 15)},
    'gaming': {'org': 'pixelforge', 'host': 'play.pixelforge.gg', 'apps': [
        ('matchmaker', 'game', 'api', ['cache', 'sql'], 'go'), ('player-profile', 'game', 'api', ['sql'], 'java'), ('leaderboard', 'game', 'api', ['cache', 'sql'], 'go'),
        ('lobby-web', 'game', 'web', [], 'node'), ('match-history-worker', 'game', 'worker', ['sql'], 'python'), ('store-api', 'game', 'api', ['sql'], 'node')],
        'cron': ('game', 'season-rollover', '0 * * * *', 60)},
    'iot': {'org': 'voltgrid', 'host': 'fleet.voltgrid.io', 'apps': [
        ('ingest-gateway', 'telemetry', 'api', ['cache'], 'go'), ('telemetry-processor', 'telemetry', 'worker', ['sql', 'cache'], 'java'), ('device-registry', 'fleet', 'api', ['sql'], 'go'),
        ('alerting-engine', 'telemetry', 'worker', ['sql', 'cache'], 'python'), ('fleet-dashboard', 'fleet', 'web', [], 'node'), ('firmware-api', 'fleet', 'api', ['sql'], 'python')],
        'cron': ('telemetry', 'rollup-hourly', '5 * * * *', 60)},
    'university': {'org': 'northgate', 'host': 'portal.northgate.edu', 'apps': [
        ('course-catalog', 'campus', 'api', ['sql'], 'java'), ('enrollment-api', 'campus', 'api', ['sql', 'cache'], 'java'), ('student-portal', 'campus', 'web', [], 'node'),
        ('grades-service', 'campus', 'api', ['sql'], 'python'), ('timetable-worker', 'campus', 'worker', ['sql'], 'python'), ('library-search', 'campus', 'api', ['cache', 'sql'], 'go')],
        'cron': ('campus', 'waitlist-promoter', '*/10 * * * *', 10)},
    'insurance': {'org': 'claimwise', 'host': 'claims.claimwise.com', 'apps': [
        ('claims-api', 'claims', 'api', ['sql'], 'java'), ('fnol-web', 'claims', 'web', [], 'node'), ('document-intake', 'claims', 'worker', ['sql'], 'python'),
        ('policy-service', 'underwriting', 'api', ['sql'], 'java'), ('quote-engine', 'underwriting', 'api', ['cache', 'sql'], 'go'), ('fraud-scorer', 'claims', 'worker', ['cache', 'sql'], 'python')],
        'cron': ('claims', 'sla-escalator', '*/5 * * * *', 5)},
    'news': {'org': 'morningpost', 'host': 'www.morningpost.news', 'apps': [
        ('article-api', 'newsroom', 'api', ['sql', 'cache'], 'go'), ('cms-editor', 'newsroom', 'web', [], 'node'), ('frontpage-web', 'frontpage', 'web', [], 'node'),
        ('comments-service', 'newsroom', 'api', ['sql'], 'python'), ('paywall-api', 'frontpage', 'api', ['sql', 'cache'], 'java'), ('feed-builder', 'newsroom', 'worker', ['sql'], 'python')],
        'cron': ('newsroom', 'sitemap-generator', '*/30 * * * *', 30)},
    'hotel': {'org': 'staybright', 'host': 'book.staybright.travel', 'apps': [
        ('availability-api', 'reservations', 'api', ['sql', 'cache'], 'go'), ('reservation-service', 'reservations', 'api', ['sql'], 'java'), ('guest-portal', 'reservations', 'web', [], 'node'),
        ('housekeeping-worker', 'reservations', 'worker', ['sql'], 'python'), ('rate-manager', 'reservations', 'api', ['sql'], 'python'), ('channel-sync', 'reservations', 'worker', ['sql', 'cache'], 'go')],
        'cron': ('reservations', 'no-show-sweeper', '*/20 * * * *', 20)},
    'ticketing': {'org': 'gigpass', 'host': 'tickets.gigpass.live', 'apps': [
        ('event-catalog', 'tickets', 'api', ['sql', 'cache'], 'node'), ('checkout-api', 'tickets', 'api', ['sql', 'cache'], 'java'), ('seatmap-service', 'tickets', 'api', ['cache', 'sql'], 'go'),
        ('box-office-web', 'tickets', 'web', [], 'node'), ('ticket-issuer', 'tickets', 'worker', ['sql'], 'python'), ('waitlist-worker', 'tickets', 'worker', ['cache', 'sql'], 'python')],
        'cron': ('tickets', 'hold-expirer', '*/5 * * * *', 5)},
    'recruiting': {'org': 'hirelane', 'host': 'jobs.hirelane.work', 'apps': [
        ('job-board-web', 'jobs', 'web', [], 'node'), ('candidate-api', 'jobs', 'api', ['sql'], 'java'), ('search-indexer', 'jobs', 'worker', ['sql'], 'python'),
        ('interview-scheduler', 'jobs', 'api', ['sql', 'cache'], 'go'), ('resume-parser', 'jobs', 'worker', ['sql'], 'python'), ('employer-portal', 'jobs', 'web', [], 'node')],
        'cron': ('jobs', 'digest-mailer', '0 * * * *', 60)},
    'parking': {'org': 'parkcity', 'host': 'park.parkcity.gov', 'apps': [
        ('sensor-ingest', 'parking', 'api', ['cache'], 'go'), ('occupancy-api', 'parking', 'api', ['sql', 'cache'], 'go'), ('permit-service', 'parking', 'api', ['sql'], 'java'),
        ('citizen-web', 'parking', 'web', [], 'node'), ('enforcement-worker', 'parking', 'worker', ['sql'], 'python'), ('payment-bridge', 'parking', 'api', ['sql'], 'node')],
        'cron': ('parking', 'permit-expiry', '*/30 * * * *', 30)},
}
PORTS = {'node': 3000, 'go': 8080, 'java': 8080, 'python': 8000}


def conn_err(lang, engine, host, ip, port, typ='refused'):
    to = typ == 'timeout'
    if engine == 'redis':
        return {'go': 'dial tcp %s:%d: %s' % (ip, port, 'i/o timeout' if to else 'connect: connection refused'),
                'java': 'io.lettuce.core.RedisConnectionException: Unable to connect to %s/<unresolved>:%d\nCaused by: %s' % (host, port, 'io.netty.channel.ConnectTimeoutException: connection timed out' if to else 'io.netty.channel.AbstractChannel$AnnotatedConnectException: Connection refused: %s/%s:%d' % (host, ip, port)),
                'python': 'redis.exceptions.%s' % ('TimeoutError: Timeout connecting to server' if to else 'ConnectionError: Error 111 connecting to %s:%d. Connection refused.' % (host, port)),
                'node': 'Error: connect %s %s:%d' % ('ETIMEDOUT' if to else 'ECONNREFUSED', ip, port)}[lang]
    if engine == 'mysql':
        return {'go': '[mysql] packets.go:37: unexpected EOF\ndial tcp %s:%d: %s' % (ip, port, 'i/o timeout' if to else 'connect: connection refused'),
                'java': 'com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\n\nThe last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server.\nCaused by: java.net.%s' % ('SocketTimeoutException: Connect timed out' if to else 'ConnectException: Connection refused'),
                'python': 'sqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (2003, "Can\'t connect to MySQL server on \'%s\' (%s)")' % (host, 'timed out' if to else '[Errno 111] Connection refused'),
                'node': 'Error: connect %s %s:%d\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)' % ('ETIMEDOUT' if to else 'ECONNREFUSED', ip, port)}[lang]
    if engine == 'mongo':
        return {'go': 'server selection error: context deadline exceeded, current topology: { Type: ReplicaSetNoPrimary, Servers: [{ Addr: %s:%d, Type: Unknown, Last error: dial tcp %s:%d: %s }] }' % (host, port, ip, port, 'i/o timeout' if to else 'connect: connection refused'),
                'java': 'com.mongodb.MongoTimeoutException: Timed out after 30000 ms while waiting for a server that matches ReadPreferenceServerSelector{readPreference=primary}. Client view of cluster state is {type=REPLICA_SET, servers=[{address=%s:%d, type=UNKNOWN, state=CONNECTING, exception={com.mongodb.MongoSocketOpenException: Exception opening socket}, caused by {java.net.ConnectException: Connection refused}}]' % (host, port),
                'python': 'pymongo.errors.ServerSelectionTimeoutError: %s:%d: [Errno 111] Connection refused (configured timeouts: socketTimeoutMS: 20000.0ms, connectTimeoutMS: 20000.0ms), Timeout: 30s, Topology Description: <TopologyDescription id: 65f1c2, topology_type: ReplicaSetNoPrimary>' % (host, port),
                'node': 'MongoServerSelectionError: connect %s %s:%d\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)' % ('ETIMEDOUT' if to else 'ECONNREFUSED', ip, port)}[lang]
    return {'go': 'failed to connect to `host=%s user=app database=app`: dial error (dial tcp %s:%d: %s)' % (host, ip, port, 'i/o timeout' if to else 'connect: connection refused'),
            'java': ('org.postgresql.util.PSQLException: The connection attempt failed.\nCaused by: java.net.SocketTimeoutException: Connect timed out' if to else
                     'org.postgresql.util.PSQLException: Connection to %s:%d refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.' % (host, port)),
            'python': 'sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "%s" (%s), port %d failed: %s' % (host, ip, port, 'timeout expired' if to else 'Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?'),
            'node': 'Error: connect %s %s:%d\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {\n  errno: -%d,\n  code: \'%s\',\n  syscall: \'connect\'\n}' % ('ETIMEDOUT' if to else 'ECONNREFUSED', ip, port, 110 if to else 111, 'ETIMEDOUT' if to else 'ECONNREFUSED')}[lang]


def mk_apps(c, theme, dbs, tmp_style=None):
    th = THEMES[theme]
    org = th['org']
    reg = c.ctx['registry']
    apps = {}
    created_sec = set()
    for (name, ns, role, deps, lang) in th['apps']:
        c.ns(ns, c.ctx['cluster_age'] * 0.5, {'team': org, 'environment': 'production'})
        deps = [d for d in deps if d in dbs]
        port = PORTS[lang]
        ver = '%d.%d.%d' % (1 + int(c.hx(1, name), 16) % 4, int(c.hx(2, name, 'm'), 16) % 30, int(c.hx(1, name, 'p'), 16))
        img = '%s/%s/%s:%s' % (reg, org, name, ver)
        cmd = {'APP_ENV': 'production', 'LOG_LEVEL': 'info', 'LOG_FORMAT': 'json', 'OTEL_EXPORTER_OTLP_ENDPOINT': 'http://otel-collector.monitoring.svc:4317' if c.r.random() < 0.5 else ''}
        env = []
        for d in deps:
            db = dbs[d]
            fq = '%s.%s.svc.cluster.local' % (db['host'], db['ns']) if db['ns'] != ns else db['host']
            if db['engine'] == 'redis':
                cmd.update({'REDIS_HOST': fq, 'REDIS_PORT': str(db['port'])})
                sec = 'redis-credentials'
                if (ns, sec) not in created_sec:
                    c.secret(ns, sec, ['redis-password'], ann={'replicator.v1.mittwald.de/replicated-from-version': str(c.r.randint(1000, 99999)), 'replicator.v1.mittwald.de/replicate-from': '%s/%s' % (db['ns'], db['secret'])})
                    created_sec.add((ns, sec))
                env.append(ESK('REDIS_PASSWORD', sec, 'redis-password'))
            elif db['engine'] == 'mongo':
                sec = 'mongodb-credentials'
                if (ns, sec) not in created_sec:
                    c.secret(ns, sec, ['password', 'uri', 'username'], values={'username': 'app'})
                    created_sec.add((ns, sec))
                cmd.update({'MONGODB_HOSTS': db['uri_hosts'], 'MONGODB_DATABASE': 'app', 'MONGODB_REPLICA_SET': 'rs0'})
                env += [ESK('MONGODB_URI', sec, 'uri')]
            else:
                sec = '%s-db-credentials' % org
                if (ns, sec) not in created_sec:
                    c.secret(ns, sec, ['password', 'username'], values={'username': 'app'}, ann={'reconcile.external-secrets.io/data-hash': c.hx(32, 'esh', ns)}, labels={'reconcile.external-secrets.io/created-by': c.hx(32, 'escb', ns)})
                    created_sec.add((ns, sec))
                cmd.update({'DB_HOST': fq, 'DB_PORT': str(db['port']), 'DB_NAME': db.get('dbname', 'app'), 'DB_SSLMODE': 'prefer' if db['engine'] == 'postgres' else 'false'})
                env += [ESK('DB_USER', sec, 'username'), ESK('DB_PASSWORD', sec, 'password')]
        if role == 'web':
            api_dep = [a for a in th['apps'] if a[2] == 'api']
            cmd['API_BASE_URL'] = 'http://%s.%s.svc.cluster.local' % (api_dep[0][0], api_dep[0][1])
        c.cm(ns, name + '-config', cmd, labels={'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': org})
        L = {'app.kubernetes.io/name': name, 'app.kubernetes.io/instance': name, 'app.kubernetes.io/part-of': org, 'app.kubernetes.io/version': ver}
        tmp = 'FallbackToLogsOnError' if lang in ('go', 'python') else 'File'
        if lang == 'java':
            rp, lp = hprobe('/actuator/health/readiness', 'http', 20, period=10, timeout=2), hprobe('/actuator/health/liveness', 'http', 60, period=10, timeout=2)
            req, lim = ('250m', '768Mi'), ('1', '1536Mi')
        elif lang == 'go':
            rp, lp = hprobe('/readyz', 'http', 2, period=5), hprobe('/healthz', 'http', 10)
            req, lim = ('100m', '128Mi'), ('500m', '256Mi')
        elif lang == 'python':
            rp, lp = hprobe('/health/ready', 'http', 5, timeout=3), hprobe('/health/live', 'http', 15, timeout=3)
            req, lim = ('200m', '256Mi'), ('1', '512Mi')
        else:
            rp, lp = hprobe('/api/health', 'http', 5), hprobe('/api/health', 'http', 20)
            req, lim = ('100m', '192Mi'), ('500m', '384Mi')
        ports = [('http', port)] + ([('metrics', 9090)] if lang == 'go' else [])
        if role == 'worker':
            ports = [('metrics', 9102)]
            rp = hprobe('/metrics', 'metrics', 5) if c.r.random() < 0.5 else None
            lp = hprobe('/healthz', 'metrics', 30)
        cont = ctr(name, img, ports, env=env, envFrom=[{'configMapRef': {'name': name + '-config'}}], req=req, lim=lim, rp=rp, lp=lp, tmp=tmp,
                   sc={'allowPrivilegeEscalation': False, 'readOnlyRootFilesystem': True, 'runAsNonRoot': True, 'capabilities': {'drop': ['ALL']}}, mounts=[('tmp', '/tmp')])
        t = T(L, [cont], volumes=[Vempty('tmp')], sa=name, aff=anti_aff({'app.kubernetes.io/name': name}), ips=c.ctx.get('app_ips', ()),
              ann={'prometheus.io/scrape': 'true', 'prometheus.io/port': str(9090 if lang == 'go' else port)} if role != 'worker' else {'prometheus.io/scrape': 'true', 'prometheus.io/port': '9102'})
        reps = {'web': 2, 'api': 2 + int(c.hx(1, name, 'r'), 16) % 2, 'worker': 1 + int(c.hx(1, name, 'r'), 16) % 2}[role]
        w = c.deploy(ns, name, t, replicas=reps, age=c.ctx['cluster_age'] * 0.3 + int(c.hx(2, name), 16) % 60, labels={k: v for k, v in L.items()},
                     sel={'app.kubernetes.io/name': name, 'app.kubernetes.io/instance': name}, ann={'meta.helm.sh/release-name': name, 'meta.helm.sh/release-namespace': ns})
        w.update(app_lang=lang, app_role=role, app_deps=deps, app_port=port)
        if role != 'worker':
            c.svc(ns, name, {'app.kubernetes.io/name': name, 'app.kubernetes.io/instance': name}, [('http', 80, 'http')], labels={'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': org})
        c.helm_release(ns, name, name, ver, 1 + int(c.hx(2, name, 'rel'), 16) % 20)
        apps[name] = w
    # ingress
    webs = [a for a in th['apps'] if a[2] == 'web']
    apis = [a for a in th['apps'] if a[2] == 'api']
    ic = c.ctx.get('ingress_class', 'nginx')
    lb = c.ctx['lb']('ingress-nginx' if ic == 'nginx' else ic)
    for wa in webs:
        paths = [('/', wa[0], 'http')]
        if wa is webs[0]:
            same = [a for a in apis if a[1] == wa[1]][:1]
            paths = [('/api', same[0][0], 'http')] + paths if same else paths
        host = th['host'] if wa is webs[0] else '%s.%s' % (wa[0].split('-')[0], th['host'].split('.', 1)[1])
        c.ingress(wa[1], wa[0], ic, [(host, paths)], [host], ann={'cert-manager.io/cluster-issuer': 'letsencrypt-prod'} if ic == 'nginx' else None, lb=lb)
    cns, cname, sched, every = th['cron']
    sqldeps = 'sql' in dbs
    cont = ctr(cname, '%s/%s/ops-jobs:%s' % (reg, org, '2024.%d' % (1 + int(c.hx(1, 'oj'), 16) % 9)), args=['run', cname], envFrom=[{'configMapRef': {'name': th['apps'][0][0] + '-config'}}] if th['apps'][0][1] == cns else None,
               req=('100m', '128Mi'), lim=(None, '256Mi'))
    c.cron(cns, cname, T({'app.kubernetes.io/name': cname, 'app.kubernetes.io/part-of': org}, [cont], sa='default'), sched, every, age=c.ctx['cluster_age'] * 0.3, restart='OnFailure',
           offset=int(sched.split()[0]) if sched.split()[0].isdigit() else 0)
    return apps


def cascade(c, apps, db, names, since, typ='refused', host=None, ip=None, port=None):
    for n in names:
        w = apps[n]
        lang = w['app_lang']
        h = host or (('%s.%s.svc.cluster.local' % (db['host'], db['ns'])) if w['ns'] != db['ns'] else db['host'])
        ipx = ip or ('{svcip:%s/%s}' % (db['ns'], db['svc']) if db['engine'] != 'mongo' else '{podip:%s/%s-0}' % (db['ns'], db['name']))
        msg = conn_err(lang, db['engine'], h, ipx, port or db['port'], typ)
        rc = max(2, min(14, int(since / 4.5)))
        if w['tmpl']['spec']['containers'][0]['terminationMessagePolicy'] == 'FallbackToLogsOnError' or w['app_role'] == 'worker':
            m = {'k': 'crash', 'restarts': rc, 'exit': 1, 'msg': msg + '\n', 'since': c.r.uniform(0.2, 2.5), 'nr_since': since}
            if w['app_role'] != 'worker' and lang != 'java':
                m['probe'] = [{'msg': 'Readiness probe failed: Get "http://{podip:%s/POD}:%d/readyz": dial tcp: connect: connection refused' % (w['ns'], w['app_port']), 'count': rc * 2}]
                m['probe'] = []
        else:
            m = {'k': 'notready', 'nr_since': since, 'probe_msg': 'Readiness probe failed: HTTP probe failed with statuscode: 503', 'count': int(since * 6)}
        w['mode'] = m
        w['fault_since'] = since


# ============================================================================= incident scaffolding
def setup_platform(c, plat, dbpool=False):
    dbt = [{'key': 'dedicated', 'value': 'database', 'effect': 'NoSchedule'}]
    if plat == 'eks':
        pools = [('general', 'm6i.xlarge', 4, 16, 5, [])] + ([('db', 'r6i.xlarge', 4, 32, 2, dbt)] if dbpool else [])
        plat_eks(c, pools)
        c.ctx['dbsel'] = {'eks.amazonaws.com/nodegroup': 'db'}
    elif plat == 'gke':
        pools = [('default-pool', 'e2-standard-4', 4, 16, 4, [])] + ([('db-pool', 'n2-highmem-4', 4, 32, 2, dbt)] if dbpool else [])
        plat_gke(c, pools)
        c.ctx['dbsel'] = {'cloud.google.com/gke-nodepool': 'db-pool'}
    elif plat == 'aks':
        pools = [('system', 'Standard_D4ds_v5', 4, 16, 2, [{'key': 'CriticalAddonsOnly', 'value': 'true', 'effect': 'NoSchedule'}]), ('apps', 'Standard_D8ds_v5', 8, 32, 3, [])] + \
                ([('db', 'Standard_E4ds_v5', 4, 32, 2, dbt)] if dbpool else [])
        plat_aks(c, pools)
        c.ctx['dbsel'] = {'agentpool': 'db'}
    elif plat == 'k3s':
        ws = [('k3s-agent-%02d' % i, 8, 32, {}, []) for i in range(1, 6 if not c.ctx.get('longhorn', True) else 4)]
        plat_k3s(c, ws, longhorn=c.ctx.get('longhorn', True))
    elif plat == 'kubeadm':
        ws = [('worker-%02d' % i, 8, 32, {'role': 'storage' if i <= 3 else 'general'}, []) for i in range(1, 6)]
        plat_kubeadm(c, ws)
    elif plat == 'ocp':
        plat_ocp(c, 3)


NOISE = {'monitoring': noise_monitoring, 'logging': noise_logging, 'ingress': noise_ingress_nginx, 'cert-manager': noise_certmanager, 'argocd': noise_argocd, 'velero': noise_velero}


def build_tier(c, tier, org):
    dbns = c.ctx['dbns']
    dbs = {}
    parts = tier.split('+')
    main = parts[0]
    nsel = c.ctx.get('db_nsel')
    tol = c.ctx.get('db_tol', ())
    if main == 'cnpg':
        dbs['sql'] = db_cnpg(c, dbns, org + '-pg', c.ctx.get('cnpg_n', 3), nsel=nsel, tol=tol)
    elif main == 'cnpg-pooler':
        dbs['sql'] = db_cnpg(c, dbns, org + '-pg', 2, pooler=True, nsel=nsel, tol=tol)
    elif main == 'bpg':
        dbs['sql'] = db_bitnami_pg(c, dbns, org, read=c.ctx.get('read', 0), nsel=nsel, tol=tol)
    elif main == 'bmysql':
        dbs['sql'] = db_bitnami_mysql(c, dbns, org, extra_cnf=c.ctx.get('mysql_extra', ''))
    elif main == 'bmongo':
        dbs['sql'] = db_bitnami_mongo(c, dbns, org, lp_timeout=c.ctx.get('mongo_lp_timeout', 10))
    elif main == 'zalando':
        dbs['sql'] = db_zalando(c, dbns, '%s-%s' % ('acid', org), 2, nsel=nsel, tol=tol)
    elif main == 'crunchy':
        dbs['sql'] = db_crunchy(c, dbns, org + '-pg', 2)
    elif main == 'plain':
        dbs['sql'] = db_plain_pg(c, dbns, 'postgres', sc=c.ctx.get('plain_sc'), conf_extra=c.ctx.get('pg_extra', ''))
    elif main == 'plain-pgb':
        dbs['sql'] = db_plain_pg(c, dbns, 'postgres', pgb=True, sc=c.ctx.get('plain_sc'))
    if 'redis' in parts:
        dbs['cache'] = db_bitnami_redis(c, dbns if c.r.random() < 0.6 else 'cache', 'redis' if c.r.random() < 0.5 else org + '-cache', 1 + int(c.hx(1, 'rr'), 16) % 2, nsel=nsel, tol=tol)
    return dbs


def sql_clients(E, nss=None):
    return [n for n, w in E['apps'].items() if 'sql' in w['app_deps'] and (nss is None or w['ns'] in nss)]


def cache_clients(E):
    return [n for n, w in E['apps'].items() if 'cache' in w['app_deps']]


def pvname(c, ns, pvc):
    return 'pvc-' + c.uid('PersistentVolumeClaim', ns, pvc)


def node_event(c, n, reason, msg, typ='Normal', first=10, last=None, count=1, comp='kubelet'):
    c.event(n['obj'], reason, msg, typ, first, last, count, comp=comp, host=n['name'] if comp == 'kubelet' else None)


def noise_pre(c, E):
    # old evicted pods kept by the API server, old schema-migration job, cronjob history are added elsewhere
    apps = sorted(E['apps'])
    victim = E['apps'][apps[int(c.hx(2, 'ev'), 16) % len(apps)]]
    if victim is not E.get('faulty') and c.r.random() < 0.7 and not E.get('no_evict_noise'):
        old_nodes = [n for n in c.nodes if n['age'] > 4 and not n.get('ghost') and not n['taints'] and n['ready']]
        if old_nodes:
            nd = old_nodes[0]
            a = c.r.randint(2, min(nd['age'], 9)) * 1440 - c.r.randint(0, 600)
            victim['extra_pods'] = [{'k': 'evicted', 'age': a, 'fin': a - c.r.randint(60, 900), 'node': nd['name'],
                                     'msg': 'The node was low on resource: memory. Threshold quantity: 100Mi, available: %dKi. Container %s was using %dMi, request is %s, has larger consumption of memory. ' % (
                                         c.r.randint(60000, 99000), victim['name'], c.r.randint(700, 1400), victim['tmpl']['spec']['containers'][0]['resources'].get('requests', {}).get('memory', '0'))}]
    # completed migration job from an earlier release
    th = THEMES[E['theme']]
    a0 = th['apps'][1]
    if 'sql' in E['dbs']:
        mig = '%s-migrate-%s' % (a0[0], c.sfx(5, 'mig'))
        c.job(a0[1], mig, T({'app.kubernetes.io/name': a0[0], 'app.kubernetes.io/component': 'migration'},
                            [ctr('migrate', '%s/%s/%s:%s' % (c.ctx['registry'], th['org'], a0[0], 'migrations'), args=['migrate', 'up'], envFrom=[{'configMapRef': {'name': a0[0] + '-config'}}], req=('50m', '64Mi'))],
                            sa=a0[0]), age=c.r.uniform(1.5, 6), pods_modes=[{'k': 'failed', 'exit': 1}, {'k': 'done'}] if c.r.random() < 0.5 else [{'k': 'done'}],
              ann={'helm.sh/hook': 'pre-upgrade', 'helm.sh/hook-weight': '-5'})


def noise_post(c, E):
    pods = [p for p in c.objs['pods'] if c.ready(p) and p_age_min(c, p) > 90 and p['metadata']['namespace'] not in (E.get('quiet_ns') or ())]
    pods.sort(key=lambda p: H(c.iid, 'np', p['metadata']['name']))
    for p in pods[:3]:
        cn = p['spec']['containers'][0]
        if cn.get('readinessProbe', {}).get('httpGet'):
            hg = cn['readinessProbe']['httpGet']
            c.event(p, 'Unhealthy', 'Readiness probe failed: Get "%s://%s:%s%s": context deadline exceeded (Client.Timeout exceeded while awaiting headers)' % (
                hg.get('scheme', 'HTTP').lower(), p['status']['podIP'], hg['port'] if isinstance(hg['port'], int) else [x['containerPort'] for x in cn.get('ports', []) if x.get('name') == hg['port']][0] if any(x.get('name') == hg['port'] for x in cn.get('ports', [])) else 8080, hg['path']),
                'Warning', c.r.uniform(40, 57), c.r.uniform(33, 39), c.r.randint(2, 4), host=p['spec']['nodeName'], field='spec.containers{%s}' % cn['name'])
    if c.plat in ('eks', 'gke', 'aks') and pods:
        p = pods[-1]
        c.event(p, 'TriggeredScaleUp', 'pod triggered scale-up: [{%s 3->4 (max: 6)}]' % (c.nodes[-1]['labels'].get('eks.amazonaws.com/nodegroup') or c.nodes[-1]['labels'].get('cloud.google.com/gke-nodepool') or c.nodes[-1]['labels'].get('agentpool')),
                'Normal', c.r.uniform(45, 57), comp='cluster-autoscaler')
    for n in c.nodes:
        if n['ready'] and c.r.random() < 0.15:
            node_event(c, n, 'ImageGCFailed' if c.r.random() < 0.3 else 'FreeDiskSpaceFailed',
                       'failed to garbage collect required amount of images. Attempted to free %d bytes, but only found 0 bytes eligible to free.' % c.r.randint(10 ** 9, 9 * 10 ** 9),
                       'Warning', c.r.uniform(47, 57), c.r.uniform(41, 46))


# ============================================================================= faults
def f_netpol_ingress(c, E):
    db = E['dbs']['sql']
    ns = db['ns']
    good = sorted({w['ns'] for w in E['apps'].values() if 'sql' in w['app_deps']})
    broken = good[0]
    typo = broken + 's'
    c.netpol(ns, 'default-deny-ingress', {'podSelector': {}, 'policyTypes': ['Ingress']}, age=60 * 24 * 90)
    sel = {'cnpg.io/cluster': db['name']} if db['kind'].startswith('cnpg') else {'app.kubernetes.io/name': 'postgresql'}
    c.netpol(ns, 'allow-postgres-from-apps', {'podSelector': {'matchLabels': sel}, 'policyTypes': ['Ingress'], 'ingress': [
        {'from': [{'namespaceSelector': {'matchExpressions': [{'key': 'kubernetes.io/metadata.name', 'operator': 'In', 'values': [typo] + good[1:]}]}}],
         'ports': [{'port': 5432, 'protocol': 'TCP'}]}]}, age=E['since'] + 2, ann={'argocd.argoproj.io/tracking-id': 'platform-netpol:networking.k8s.io/NetworkPolicy:%s/allow-postgres-from-apps' % ns})
    c.netpol(ns, 'allow-intra-cluster', {'podSelector': {'matchLabels': sel}, 'policyTypes': ['Ingress'], 'ingress': [{'from': [{'podSelector': {'matchLabels': sel}}]}]}, age=60 * 24 * 90)
    c.netpol(ns, 'allow-operator-and-monitoring', {'podSelector': {}, 'policyTypes': ['Ingress'], 'ingress': [
        {'from': [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': x}}} for x in ('cnpg-system', 'monitoring', 'kube-system')]}]}, age=60 * 24 * 90)
    if 'cache' in E['dbs'] and E['dbs']['cache']['ns'] == ns:
        c.netpol(ns, 'allow-redis-from-apps', {'podSelector': {'matchLabels': {'app.kubernetes.io/name': 'redis'}}, 'policyTypes': ['Ingress'], 'ingress': [
            {'from': [{'namespaceSelector': {'matchLabels': {'team': THEMES[E['theme']]['org']}}}], 'ports': [{'port': 6379, 'protocol': 'TCP'}]}]}, age=60 * 24 * 90)
    cascade(c, E['apps'], db, sql_clients(E, [broken]), E['since'], 'timeout')
    return {'kind': 'NetworkPolicy', 'namespace': ns, 'name': 'allow-postgres-from-apps'}


def f_liveness_pg(c, E):
    db = E['dbs']['sql']
    w = db['primary']
    ct = w['tmpl']['spec']['containers'][0]
    ct['livenessProbe'] = eprobe(['/bin/sh', '-c', 'exec pg_isready -U "app" -d "dbname=app" -h 127.0.0.1 -p 5432'], 5, 5, 1, 1)
    rc = 11
    w['mode'] = {'k': 'crash', 'restarts': rc, 'exit': 137, 'reason': 'Error', 'since': 0.4, 'ran': 0.35, 'running_now': False, 'nr_since': E['since'],
                 'probe': [{'msg': 'Liveness probe failed: command "/bin/sh -c exec pg_isready -U \\"app\\" -d \\"dbname=app\\" -h 127.0.0.1 -p 5432" timed out', 'count': rc, 'kill': True}]}
    w['updated_idx'] = (0,)
    w['current_rev'] = '%s-%s' % (w['name'], c.sfx(10, 'oldrev', w['name']))
    cascade(c, E['apps'], db, sql_clients(E), E['since'] - 3)
    return {'kind': 'StatefulSet', 'namespace': db['ns'], 'name': w['name']}


def f_missing_secret_env(c, E):
    db = E['dbs']['sql']
    org = THEMES[E['theme']]['org']
    ns = sorted({w['ns'] for w in E['apps'].values() if 'sql' in w['app_deps']})[0]
    sec = '%s-db-credentials' % org
    victims = [n for n in sql_clients(E, [ns])]
    for n in victims:
        w = E['apps'][n]
        w['mode'] = {'k': 'cfgerr', 'msg': 'secret "%s" not found' % sec, 'age': E['since'] - c.r.uniform(0, 3)}
        w['fault_since'] = E['since']
    c.post.append(lambda c: c.remove('Secret', ns, sec))
    for n in c.nodes[: len(c.nodes) // 2]:
        n['age'] = 0.03
    return {'kind': 'Secret', 'namespace': ns, 'name': sec}


def f_pv_node_gone(c, E):
    db = E['dbs']['sql']
    w = db['primary']
    ghost = c.node('k3s-agent-06', {'kubernetes.io/hostname': 'k3s-agent-04'}, '0.0.0.0', '10.42.9.0/24', 8, 32, 120)
    ghost['ghost'] = True
    w['pvc_node'] = {0: 'k3s-agent-06'}
    n = len([x for x in c.nodes if not x.get('ghost')])
    w['mode'] = {'k': 'pending', 'age': E['since'], 'sched': '0/%d nodes are available: %d node(s) had volume node affinity conflict. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling..' % (n, n, n, n)}
    cascade(c, E['apps'], db, sql_clients(E), E['since'])
    return {'kind': 'PersistentVolume', 'namespace': '', 'name': pvname(c, db['ns'], 'data-%s-0' % w['name'])}


def f_requests_too_large(c, E):
    name = E['target']
    w = E['apps'][name]
    ct = w['tmpl']['spec']['containers'][0]
    ct['resources'] = {'requests': {'cpu': '500m', 'memory': '48Gi'}, 'limits': {'cpu': '2', 'memory': '48Gi'}}
    w['strategy'] = {'type': 'Recreate'}
    w['revs'] = 5
    w['rs_age'] = E['since']
    w['progressing'] = True
    nodes = c.nodes
    cp = [n for n in nodes if any(t['key'].startswith('node-role') for t in n['taints'])]
    others = len(nodes) - len(cp)
    msg = '0/%d nodes are available: %d Insufficient memory. preemption: 0/%d nodes are available: %d No preemption victims found for incoming pod..' % (len(nodes), others, len(nodes), others)
    if cp:
        msg = '0/%d nodes are available: %d Insufficient memory, %d node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/%d nodes are available: %d No preemption victims found for incoming pod, %d Preemption is not helpful for scheduling..' % (
            len(nodes), others, len(cp), len(nodes), others, len(cp))
    w['mode'] = {'k': 'pending', 'age': E['since'], 'sched': msg}
    w['fault_since'] = E['since']
    return {'kind': 'Deployment', 'namespace': w['ns'], 'name': name}


def f_mysql_param(c, E):
    db = E['dbs']['sql']
    w = db['primary']
    t0 = c.T - dt.timedelta(minutes=c.r.uniform(0.5, 2.5))
    hh = t0.strftime('%H:%M:%S')
    iso = t0.strftime('%Y-%m-%dT%H:%M:%S')
    msg = ''.join('mysql %s.%02d %s\n' % (hh, k * 7, line) for k, line in enumerate(['', ' INFO  ==> ** Starting MySQL setup **', ' INFO  ==> Validating settings in MYSQL_*/MARIADB_* env vars', ' INFO  ==> Initializing mysql database', ' INFO  ==> Using persisted data', ' INFO  ==> ** MySQL setup finished! **', '', ' INFO  ==> ** Starting MySQL **']))
    msg += "%s.112402Z 0 [System] [MY-010116] [Server] /opt/bitnami/mysql/bin/mysqld (mysqld 8.0.36) starting as process 1\n%s.121144Z 0 [ERROR] [MY-000067] [Server] unknown variable 'query_cache_size=268435456'.\n%s.121291Z 0 [ERROR] [MY-010119] [Server] Aborting\n%s.122018Z 0 [System] [MY-010910] [Server] /opt/bitnami/mysql/bin/mysqld: Shutdown complete (mysqld 8.0.36)  Source distribution.\n" % (iso, iso, iso, iso)
    w['mode'] = {'k': 'crash', 'restarts': 9, 'exit': 1, 'reason': 'Error', 'ran': 0.05, 'nr_since': E['since'], 'msg': msg}
    c.ctx['mysql_changed'] = True
    w['updated_idx'] = (0,)
    w['current_rev'] = '%s-%s' % (w['name'], c.sfx(10, 'oldrev', w['name']))
    cascade(c, E['apps'], db, sql_clients(E), E['since'] - 2)
    return {'kind': 'ConfigMap', 'namespace': db['ns'], 'name': db['cm']}


def csi_pending_events(c, ns, pvc, prov, since, wffc):
    def hook(c):
        o = c.get('PersistentVolumeClaim', ns, pvc)
        if wffc:
            c.event(o, 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding', 'Normal', since, since - 0.1, 2, comp='persistentvolume-controller')
        c.event(o, 'ExternalProvisioning', 'waiting for a volume to be created, either by external provisioner "%s" or manually created by system administrator' % prov,
                'Normal', since - 0.1, 0.05, int(since * 4), comp='persistentvolume-controller')
    c.post.append(hook)


def f_csi_scaled_zero(c, E):
    kind, ns, name, prov = c.ctx['csi']
    w = c.W(ns, name)
    w['replicas'] = 0
    w['ann'] = {'kubectl.kubernetes.io/last-applied-configuration': ''} if False else None
    db = E['dbs']['sql']
    rd = db['read']
    rd['replicas'] = 2
    rd['modes'] = {1: {'k': 'pending', 'age': E['since'], 'sched': 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded', 'last_sched': 0.6}}
    rd['pvc_skip'] = (1,)
    pvc = 'data-%s-1' % rd['name']
    def hook(c):
        n = c.nodes[int(c.hx(1, 'sel'), 16) % len(c.nodes)]
        c.pending_pvc(db['ns'], pvc, '16Gi', c.ctx['default_sc'], E['since'], labels=rd['sel'], ann={'volume.kubernetes.io/selected-node': n['name']})
        dep = c.get('Deployment', ns, name)
        dep['metadata']['annotations']['kubectl.kubernetes.io/restartedAt'] = c.at(60 * 26)
        for rs in c.objs['replicasets']:
            if rs['metadata']['namespace'] == ns and rs['metadata']['name'].startswith(name + '-'):
                if rs['spec']['replicas'] == 0 and rs['metadata']['annotations']['deployment.kubernetes.io/revision'] == dep['metadata']['annotations']['deployment.kubernetes.io/revision']:
                    rs['metadata']['annotations']['deployment.kubernetes.io/desired-replicas'] = '0'
    c.post.append(hook)
    csi_pending_events(c, db['ns'], pvc, prov, E['since'], True)
    return {'kind': 'Deployment', 'namespace': ns, 'name': name}


def f_sc_missing(c, E):
    ns = E['apps']['event-catalog']['ns']
    L = {'app.kubernetes.io/name': 'opensearch', 'app.kubernetes.io/instance': 'event-search', 'app.kubernetes.io/component': 'master'}
    t = T(L, [ctr('opensearch', 'opensearchproject/opensearch:2.12.0', [('http', 9200), ('transport', 9300)], env=[E_('cluster.name', 'event-search'), E_('discovery.seed_hosts', 'event-search-headless'), E_('OPENSEARCH_JAVA_OPTS', '-Xmx1g -Xms1g')],
                  req=('1', '2Gi'), lim=(None, '2Gi'), rp=tprobe(9200, 0, 5, 3, 3), sp=tprobe(9200, 5, 10, 3, 30), mounts=[('event-search', '/usr/share/opensearch/data')])],
          init=[ctr('fsgroup-volume', 'busybox:1.36', cmd=['sh', '-c'], args=['chown -R 1000:1000 /usr/share/opensearch/data'], mounts=[('event-search', '/usr/share/opensearch/data')])], sa='event-search')
    w = c.sts(ns, 'event-search', t, replicas=3, age=E['since'] / 1440, svcname='event-search-headless', vct=[{'name': 'event-search', 'size': '30Gi', 'sc': 'fast-ssd'}], pmp='Parallel')
    n = len(c.nodes)
    w['modes'] = {i: {'k': 'pending', 'age': E['since'], 'sched': '0/%d nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling..' % (n, n, n)} for i in range(3)}
    w['pvc_skip'] = (0, 1, 2)
    c.svc(ns, 'event-search', {'app.kubernetes.io/name': 'opensearch', 'app.kubernetes.io/instance': 'event-search'}, [('http', 9200, 9200), ('transport', 9300, 9300)])
    c.svc(ns, 'event-search-headless', {'app.kubernetes.io/name': 'opensearch', 'app.kubernetes.io/instance': 'event-search'}, [('http', 9200, 9200), ('transport', 9300, 9300)], headless=True, pnr=True)
    ec = E['apps']['event-catalog']
    ec['tmpl']['spec']['containers'][0]['env'].append(E_('SEARCH_URL', 'http://event-search.%s.svc.cluster.local:9200' % ns))
    ec['mode'] = {'k': 'notready', 'nr_since': E['since'] - 4, 'probe_msg': 'Readiness probe failed: HTTP probe failed with statuscode: 503', 'count': int(E['since'] * 6)}

    def hook(c):
        for i in range(3):
            p = c.pending_pvc(ns, 'event-search-event-search-%d' % i, '30Gi', 'fast-ssd', E['since'], labels=w['sel'])
            c.event(p, 'ProvisioningFailed', 'storageclass.storage.k8s.io "fast-ssd" not found', 'Warning', E['since'], 0.1, int(E['since'] * 4), comp='persistentvolume-controller')
    c.post.append(hook)
    return {'kind': 'StorageClass', 'namespace': '', 'name': 'fast-ssd'}




def f_ds_node_failing(c, E):
    ns, name = 'kube-system', 'ebs-csi-node'
    w = c.W(ns, name)
    old = copy.deepcopy(w['tmpl'])
    w['old'] = {'tmpl': old}
    w['tmpl']['spec']['containers'][0]['args'] = ['node', '--endpoint=$(CSI_ENDPOINT)', '--logging-format=jsn', '--v=2']
    w['tmpl']['spec']['containers'][0]['terminationMessagePolicy'] = 'FallbackToLogsOnError'
    target = [n for n in c.nodes][-1]['name']
    w['old_nodes'] = [n['name'] for n in c.nodes if n['name'] != target]
    w['node_modes'] = {target: {'k': 'crash', 'age': E['since'] + 6, 'restarts': 9, 'exit': 1, 'c': 'ebs-plugin', 'nr_since': E['since'] + 6,
                                'msg': 'Error: logging configuration: format: Unsupported value: "jsn": supported values: "json", "text"\n'}}
    w['ann'] = {'deprecated.daemonset.template.generation': '6'}
    w['gen'] = 6
    red = E['dbs']['cache']
    m = red['primary']
    m['pin'] = {0: target}
    pvc = 'redis-data-%s-0' % m['name']
    m['mode'] = {'k': 'mount', 'age': E['since'], 'vol': 'redis-data',
                 'msg': 'MountVolume.MountDevice failed for volume "%s" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ebs.csi.aws.com not found in the list of registered CSI drivers' % pvname(c, red['ns'], pvc)}
    c.post.append(lambda c: c.event(c.get('Pod', red['ns'], m['name'] + '-0'), 'SuccessfulAttachVolume', 'AttachVolume.Attach succeeded for volume "%s" ' % pvname(c, red['ns'], pvc), 'Normal', E['since'] - 0.3, comp='attachdetach-controller'))
    cascade(c, E['apps'], red, cache_clients(E), E['since'] - 1)
    return {'kind': 'DaemonSet', 'namespace': ns, 'name': name}


def f_node_pressure(c, E):
    db = E['dbs']['sql']
    target = c.N('k3s-agent-02')
    target['taints'] = [{'key': 'node.kubernetes.io/disk-pressure', 'effect': 'NoSchedule', 'timeAdded': c.at(E['since'])}]
    target['cond']['DiskPressure'] = {'status': 'True', 'reason': 'KubeletHasDiskPressure', 'message': 'kubelet has disk pressure', 'lastTransitionTime': c.at(E['since'])}
    w = db['primary']
    w['pvc_node'] = {0: 'k3s-agent-02'}
    n = len(c.nodes)
    w['mode'] = {'k': 'pending', 'age': E['since'] - 1, 'sched': '0/%d nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/disk-pressure: }, %d node(s) had volume node affinity conflict. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling..' % (n, n - 1, n, n)}
    for an in ('occupancy-api', 'enforcement-worker'):
        aw = E['apps'][an]
        a = E['since'] - c.r.uniform(1, 8)
        aw['extra_pods'] = [{'k': 'evicted', 'age': c.r.uniform(300, 3000), 'fin': a, 'node': 'k3s-agent-02',
                             'msg': 'The node was low on resource: ephemeral-storage. Threshold quantity: 10%%, available: %dKi. Container %s was using %dKi, request is 0, has larger consumption of ephemeral-storage. ' % (c.r.randint(7000000, 9800000), an, c.r.randint(40000, 900000))}]

    def hook(c):
        nd = c.N('k3s-agent-02')
        node_event(c, nd, 'NodeHasDiskPressure', 'Node k3s-agent-02 status is now: NodeHasDiskPressure', 'Normal', E['since'])
        node_event(c, nd, 'EvictionThresholdMet', 'Attempting to reclaim ephemeral-storage', 'Warning', E['since'], 0.7, int(E['since'] / 2))
        node_event(c, nd, 'FreeDiskSpaceFailed', 'Failed to garbage collect required amount of images. Attempted to free 19218213683 bytes, but only found 1289302412 bytes eligible to free.', 'Warning', E['since'] + 3, 1.2, int(E['since'] / 5))
        fake = {'apiVersion': 'v1', 'kind': 'Pod', 'metadata': {'name': w['name'] + '-0', 'namespace': db['ns'], 'uid': c.uid('oldpod', w['name'])}}
        c.event(fake, 'Evicted', 'The node was low on resource: ephemeral-storage. Threshold quantity: 10%, available: 8112344Ki. Container postgres was using 64Ki, request is 0, has larger consumption of ephemeral-storage. ', 'Warning', E['since'] - 0.5, host='k3s-agent-02')
        c.event(fake, 'Killing', 'Stopping container postgres', 'Normal', E['since'] - 0.5, host='k3s-agent-02', field='spec.containers{postgres}')
        c.event(c.get('StatefulSet', db['ns'], w['name']), 'SuccessfulCreate', 'create Pod %s-0 in StatefulSet %s successful' % (w['name'], w['name']), 'Normal', E['since'] - 1, comp='statefulset-controller')
    c.post.append(hook)
    cascade(c, E['apps'], db, sql_clients(E), E['since'] - 1)
    return {'kind': 'Node', 'namespace': '', 'name': 'k3s-agent-02'}


def f_node_notready(c, E, pleg=False):
    db = E['dbs']['sql']
    w = db['primary']
    cands = [n for n in c.nodes if not n['taints'] and n['labels'].get('role') != 'storage'] or [n for n in c.nodes if not n['taints']]
    target = cands[int(c.hx(2, 'nnr'), 16) % len(cands)]
    nr = E['since']
    target['ready'] = False
    if pleg:
        target['cond']['Ready'] = {'status': 'False', 'reason': 'KubeletNotReady', 'message': 'PLEG is not healthy: pleg was last seen active 4m12.402761838s ago; threshold is 3m0s', 'lastTransitionTime': c.at(nr)}
        target['taints'] = [{'key': 'node.kubernetes.io/not-ready', 'effect': 'NoSchedule', 'timeAdded': c.at(nr)}, {'key': 'node.kubernetes.io/not-ready', 'effect': 'NoExecute', 'timeAdded': c.at(nr)}]
    else:
        for ty in ('MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'):
            target['cond'][ty] = {'status': 'Unknown', 'reason': 'NodeStatusUnknown', 'message': 'Kubelet stopped posting node status.', 'lastTransitionTime': c.at(nr), 'lastHeartbeatTime': c.at(nr + 0.7)}
        target['taints'] = [{'key': 'node.kubernetes.io/unreachable', 'effect': 'NoSchedule', 'timeAdded': c.at(nr)}, {'key': 'node.kubernetes.io/unreachable', 'effect': 'NoExecute', 'timeAdded': c.at(nr)}]
    for ty in ('MemoryPressure', 'DiskPressure', 'PIDPressure'):
        if pleg:
            pass
    w['pin'] = {0: target['name']}
    w['mode'] = {'k': 'lost', 'deleting': nr - 5.1, 'nr_since': nr - 0.6}
    c.ctx['lost_node'] = target['name']
    # other deployment pods on that node are evicted + replaced; done at materialize via hook below
    def pre(c):
        pass

    def hook(c):
        nd = c.N(target['name'])
        c.event(nd['obj'], 'NodeNotReady', 'Node %s status is now: NodeNotReady' % nd['name'], 'Normal', nr - 0.6, comp='node-controller')
        for p in c.objs['pods']:
            if p['spec'].get('nodeName') == nd['name'] and p['status'].get('phase') == 'Running':
                c.event(p, 'NodeNotReady', 'Node is not ready', 'Warning', nr - 0.6, comp='node-controller')
    c.post.append(hook)
    # deployments pinned on the lost node: pick two app pods
    for i, (an, aw) in enumerate(sorted(E['apps'].items())[:2]):
        aw['pin'] = {0: target['name']}
        aw['mode'] = None
        aw['modes'] = {0: {'k': 'lost', 'deleting': nr - 5.1, 'nr_since': nr - 0.6, 'replace': nr - 5.2}}
    cascade(c, E['apps'], db, sql_clients(E), nr - 1.5)
    return {'kind': 'Node', 'namespace': '', 'name': target['name']}


def f_pvc_pinned(c, E):
    db = E['dbs']['sql']
    ns = db['ns']
    victim_pvc = db['members'][1]['inst_pvc'][0]
    pv = pvname(c, ns, victim_pvc)
    newpvc = '%s-restore-scratch' % db['name']
    jl = {'app.kubernetes.io/name': 'pg-restore'}
    jw = c.job(ns, '%s-restore-%s' % (db['name'], c.T.strftime('%Y%m%d')), T(jl, [ctr('restore', 'registry.developers.crunchydata.com/crunchydata/crunchy-pgbackrest:ubi8-2.49-0', cmd=['pgbackrest', 'restore', '--stanza=db', '--pg1-path=/pgdata/pg16', '--type=time', '--target=' + c.at(60 * 30)], mounts=[('scratch', '/pgdata')], req=('500m', '1Gi'))],
                                                                          volumes=[Vpvc('scratch', newpvc)], sa=db['name'] + '-pgbackrest'), age=E['since'] / 1440, backoff=2,
               pods_modes=[{'k': 'pending', 'age': E['since'] - 0.1, 'sched': '0/8 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/8 nodes are available: 8 Preemption is not helpful for scheduling..'}])

    def hook(c):
        p = c.pending_pvc(ns, newpvc, '30Gi', c.ctx['default_sc'], E['since'] + 0.2, volume_name=pv, labels={'app.kubernetes.io/name': 'pg-restore'})
        c.event(p, 'FailedBinding', 'volume "%s" already bound to a different claim.' % pv, 'Warning', E['since'] + 0.2, 0.1, int(E['since'] * 4), comp='persistentvolume-controller')
    c.post.append(hook)
    return {'kind': 'PersistentVolumeClaim', 'namespace': ns, 'name': newpvc}


def f_oom(c, E):
    w = E['apps'][E['target']]
    ct = w['tmpl']['spec']['containers'][0]
    ct['resources'] = {'requests': {'cpu': '250m', 'memory': '512Mi'}, 'limits': {'cpu': '1', 'memory': '512Mi'}}
    ct.setdefault('env', []).append(E_('JAVA_TOOL_OPTIONS', '-XX:+UseG1GC -Xms512m -Xmx768m -XX:MaxMetaspaceSize=192m'))
    w['mode'] = {'k': 'crash', 'restarts': 8, 'exit': 137, 'reason': 'OOMKilled', 'ran': 3.2, 'since': 1.1, 'nr_since': E['since']}
    w['rs_age'] = E['since'] + 5
    w['revs'] = 4
    w['fault_since'] = E['since']
    return {'kind': 'Deployment', 'namespace': w['ns'], 'name': w['name']}


def f_targetport(c, E):
    red = E['dbs']['cache']
    s = c.S(red['ns'], red['svc'])
    s['ports'] = [('tcp-redis', 6379, 6380)]
    s['ann'] = {'meta.helm.sh/release-name': red['name'].rsplit('-redis', 1)[0] or 'redis', 'meta.helm.sh/release-namespace': red['ns']}
    s['ep_changed'] = E['since']
    cascade(c, E['apps'], red, cache_clients(E), E['since'] - 1)
    return {'kind': 'Service', 'namespace': red['ns'], 'name': red['svc']}


def f_missing_cm_key(c, E):
    w = E['apps'][E['target']]
    ct = w['tmpl']['spec']['containers'][0]
    ct['env'] = [ECK('DATABASE_HOST', w['name'] + '-config', 'DATABASE_HOST')] + ct.get('env', [])
    w['mode'] = {'k': 'cfgerr', 'msg': "couldn't find key DATABASE_HOST in ConfigMap %s/%s-config" % (w['ns'], w['name']), 'age': E['since'] - c.r.uniform(0, 2)}
    w['fault_since'] = E['since']
    for n in c.nodes[len(c.nodes) // 2:]:
        n['age'] = 0.025
    return {'kind': 'ConfigMap', 'namespace': w['ns'], 'name': w['name'] + '-config'}


def f_liveness_mongo(c, E):
    db = E['dbs']['sql']
    w = db['primary']
    w['mode'] = {'k': 'crash', 'restarts': 9, 'exit': 0, 'reason': 'Completed', 'since': 0.7, 'ran': 1.2, 'nr_since': E['since'],
                 'probe': [{'msg': 'Liveness probe failed: command "/bitnami/scripts/ping-mongodb.sh" timed out', 'count': 18, 'kill': True}]}
    w['modes'] = {1: dict(w['mode'], restarts=7, since=2.4, running_now=True)}
    w['updated_idx'] = (0, 1)
    w['current_rev'] = '%s-%s' % (w['name'], c.sfx(10, 'oldrev', w['name']))
    cascade(c, E['apps'], db, sql_clients(E), E['since'] - 2)
    return {'kind': 'StatefulSet', 'namespace': db['ns'], 'name': w['name']}


def f_pg_param(c, E):
    db = E['dbs']['sql']
    w = db['primary']
    ts_ = lambda: '%s.%03d UTC' % (c.at(c.r.uniform(0, 1))[:19].replace('T', ' '), c.r.randint(0, 999))
    w['mode'] = {'k': 'crash', 'restarts': 10, 'exit': 1, 'reason': 'Error', 'ran': 0.02, 'nr_since': E['since'],
                 'msg': '%s [1] LOG:  invalid value for parameter "max_wal_size": "4G"\n%s [1] HINT:  Valid units for this parameter are "B", "kB", "MB", "GB", and "TB".\n%s [1] FATAL:  configuration file "/etc/postgresql/postgresql.conf" contains errors\n' % (ts_(), ts_(), ts_())}
    w['updated_idx'] = (0,)
    w['current_rev'] = '%s-%s' % (w['name'], c.sfx(10, 'oldrev', w['name']))
    cascade(c, E['apps'], db, sql_clients(E), E['since'] - 2)
    return {'kind': 'ConfigMap', 'namespace': db['ns'], 'name': db['cm']}


def f_missing_secret_vol(c, E):
    w = E['apps'][E['target']]
    sec = w['name'] + '-db-tls'
    w['tmpl']['spec']['volumes'].append(Vsec('db-tls', sec))
    w['tmpl']['spec']['containers'][0]['volumeMounts'].append({'name': 'db-tls', 'mountPath': '/etc/db-tls', 'readOnly': True})
    w['tmpl']['spec']['containers'][0]['env'] = w['tmpl']['spec']['containers'][0].get('env', []) + [E_('PGSSLMODE', 'verify-full'), E_('PGSSLROOTCERT', '/etc/db-tls/ca.crt'), E_('PGSSLCERT', '/etc/db-tls/tls.crt'), E_('PGSSLKEY', '/etc/db-tls/tls.key')]
    w['mode'] = {'k': 'mount', 'vol': 'db-tls', 'age': E['since'] - c.r.uniform(0, 2), 'msg': 'MountVolume.SetUp failed for volume "db-tls" : secret "%s" not found' % sec}
    w['fault_since'] = E['since']
    for n in c.nodes:
        if n['labels'].get('node-role.kubernetes.io/worker') == '':
            n['age'] = 0.03
    return {'kind': 'Secret', 'namespace': w['ns'], 'name': sec}


def f_quota(c, E):
    w = E['apps'][E['target']]
    ns = w['ns']
    w['replicas'] = 6
    w['created'] = 3
    w['ann'] = dict(w['ann'] or {})
    hsh = None
    w['rs_fail'] = 'QUOTA_MSG'
    w['fail_since'] = E['since']
    w['fail_count'] = int(E['since'] * 1.5)
    c.quota(ns, ns + '-compute', {'limits.cpu': '24', 'limits.memory': '48Gi', 'pods': '40', 'requests.cpu': 'X', 'requests.memory': '24Gi'})

    def hook(c):
        q = c.get('ResourceQuota', ns, ns + '-compute')
        used = cpu_m(q['status']['used']['requests.cpu'])
        hard = used + 100
        hs = fmt_cpu(hard)
        q['spec']['hard']['requests.cpu'] = hs
        q['status']['hard']['requests.cpu'] = hs
        rs = [r for r in c.objs['replicasets'] if r['metadata']['namespace'] == ns and r['metadata']['name'].startswith(w['name'] + '-') and r['spec']['replicas'] > 0][0]
        pod = '%s-%s' % (rs['metadata']['name'], c.sfx(5, 'qp'))
        msg = 'Error creating: pods "%s" is forbidden: exceeded quota: %s-compute, requested: requests.cpu=250m, used: requests.cpu=%s, limited: requests.cpu=%s' % (pod, ns, fmt_cpu(used), hs)
        for o in [rs, c.get('Deployment', ns, w['name'])] + c.events:
            if o.get('kind') == 'Event':
                if o['message'] == 'QUOTA_MSG':
                    o['message'] = msg
                continue
            for cd in o['status'].get('conditions', []):
                if cd.get('message') == 'QUOTA_MSG':
                    cd['message'] = msg
        dep = c.get('Deployment', ns, w['name'])
        c.event(dep, 'ScalingReplicaSet', 'Scaled up replica set %s to 6 from 3' % rs['metadata']['name'], 'Normal', E['since'] + 0.3, comp='deployment-controller')
        dep['metadata']['annotations']['autoscaling.alpha.kubernetes.io/hpa'] = 'candidate-api'
    c.post.append(hook)
    return {'kind': 'ResourceQuota', 'namespace': ns, 'name': ns + '-compute'}


def f_lost_toleration(c, E):
    db = E['dbs']['sql']
    w = db['primary']
    w['tmpl']['spec'].pop('tolerations', None)
    n = len(c.nodes)
    dbn = len([x for x in c.nodes if x['taints']])
    w['mode'] = {'k': 'pending', 'age': E['since'], 'sched': '0/%d nodes are available: %d node(s) didn\'t match Pod\'s node affinity/selector, %d node(s) had untolerated taint {dedicated: database}. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling..' % (n, n - dbn, dbn, n, n)}
    w['updated_idx'] = (0,)
    w['current_rev'] = '%s-%s' % (w['name'], c.sfx(10, 'oldrev', w['name']))
    cascade(c, E['apps'], db, sql_clients(E), E['since'])
    return {'kind': 'StatefulSet', 'namespace': db['ns'], 'name': w['name']}


def f_selector_db(c, E):
    db = E['dbs']['sql']
    s = c.S(db['ns'], db['svc'])
    s['selector'] = dict(s['selector'], **{'app.kubernetes.io/name': 'postgres'})
    s['ep_changed'] = E['since']
    cascade(c, E['apps'], db, sql_clients(E), E['since'] - 0.5)
    return {'kind': 'Service', 'namespace': db['ns'], 'name': db['svc']}


def f_missing_cm_vol(c, E):
    w = E['apps'][E['target']]
    cm = w['name'] + '-runtime-config'
    w['tmpl']['spec']['volumes'].append(Vcm('runtime-config', cm))
    w['tmpl']['spec']['containers'][0]['volumeMounts'].append({'name': 'runtime-config', 'mountPath': '/app/public/config', 'readOnly': True})
    w['strategy'] = {'type': 'Recreate'}
    w['rs_age'] = E['since']
    w['revs'] = 7
    w['progressing'] = True
    w['mode'] = {'k': 'mount', 'vol': 'runtime-config', 'age': E['since'] - 0.3, 'msg': 'MountVolume.SetUp failed for volume "runtime-config" : configmap "%s" not found' % cm}
    w['fault_since'] = E['since']
    return {'kind': 'ConfigMap', 'namespace': w['ns'], 'name': cm}


def f_csi_crashloop(c, E):
    kind, ns, name, prov = c.ctx['csi']
    w = c.W(ns, name)
    ct = [x for x in w['tmpl']['spec']['containers'] if x['name'] == 'csi-provisioner'][0]
    ct['resources'] = {'limits': {'memory': '32Mi'}, 'requests': {'cpu': '10m', 'memory': '32Mi'}}
    w['mode'] = {'k': 'crash', 'c': 'csi-provisioner', 'restarts': 12, 'exit': 137, 'reason': 'OOMKilled', 'ran': 0.4, 'nr_since': E['since'] + 30}
    w['rs_age'] = E['since'] + 40
    w['revs'] = 3
    w['fault_since'] = E['since'] + 30
    db = E['dbs']['sql']
    inst = '%s-3' % db['name']
    own = cr_ref(c, 'postgresql.cnpg.io/v1', 'Cluster', db['ns'], db['name'])
    n = len(c.nodes)
    jw = c.job(db['ns'], inst + '-join', T({'cnpg.io/cluster': db['name'], 'cnpg.io/instanceName': inst, 'cnpg.io/jobRole': 'join', 'cnpg.io/podRole': 'instance'},
                                           [ctr('join', 'ghcr.io/cloudnative-pg/postgresql:16.2', cmd=['/controller/manager', 'instance', 'join', '--pg-data', '/var/lib/postgresql/data/pgdata', '--parent-node', db['name'] + '-rw'], mounts=[('pgdata', '/var/lib/postgresql/data')], req=('500m', '1Gi'))],
                                           volumes=[Vpvc('pgdata', inst)], sa=db['name']), age=E['since'] / 1440, backoff=6,
               pods_modes=[{'k': 'pending', 'age': E['since'] - 0.1, 'sched': '0/%d nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling..' % (n, n, n)}])
    jw['labels'] = {'cnpg.io/cluster': db['name'], 'cnpg.io/instanceName': inst, 'cnpg.io/jobRole': 'join'}

    def hook(c):
        c.pending_pvc(db['ns'], inst, '20Gi', c.ctx['default_sc'], E['since'], owner=own, labels={'cnpg.io/cluster': db['name'], 'cnpg.io/instanceName': inst, 'cnpg.io/pvcRole': 'PG_DATA'})
        j = c.get('Job', db['ns'], inst + '-join')
        j['metadata']['ownerReferences'] = [own]
    c.post.append(hook)
    csi_pending_events(c, db['ns'], inst, prov, E['since'], False)
    return {'kind': 'Deployment', 'namespace': ns, 'name': name}


def f_readiness(c, E):
    w = E['apps'][E['target']]
    ct = w['tmpl']['spec']['containers'][0]
    ct['readinessProbe'] = hprobe('/health/ready', 8081, 5, timeout=3)
    w['strategy'] = {'type': 'Recreate'}
    w['rs_age'] = E['since']
    w['revs'] = 9
    w['progressing'] = True
    w['mode'] = {'k': 'notready', 'age': E['since'] - 0.2, 'nr_since': E['since'] - 0.2,
                 'probe_msg': 'Readiness probe failed: Get "http://{podip:%s/SELF}:8081/health/ready": dial tcp {podip:%s/SELF}:8081: connect: connection refused' % (w['ns'], w['ns']), 'count': int(E['since'] * 6)}
    w['fault_since'] = E['since']

    def hook(c):
        for ev in c.events:
            if '{podip:%s/SELF}' % w['ns'] in ev['message']:
                ip = c.get('Pod', w['ns'], ev['involvedObject']['name'])['status']['podIP']
                ev['message'] = ev['message'].replace('{podip:%s/SELF}' % w['ns'], ip)
    c.post.append(hook)
    return {'kind': 'Deployment', 'namespace': w['ns'], 'name': w['name']}


def f_image_tag(c, E):
    w = E['apps'][E['target']]
    ct = w['tmpl']['spec']['containers'][0]
    old = copy.deepcopy(w['tmpl'])
    img = ct['image'].rsplit(':', 1)[0] + ':3.8.0'
    ct['image'] = img
    w['tmpl']['labels']['app.kubernetes.io/version'] = '3.8.0'
    w['replicas'] = 3
    w['old'] = {'tmpl': old, 'replicas': 3}
    w['revs'] = 6
    w['rs_replicas'] = 1
    w['rs_age'] = E['since']
    w['stuck'] = E['since'] - 10
    w['progressing'] = True
    host = img.split('/')[0]
    w['mode'] = {'k': 'pull', 'age': E['since'] - 0.05, 'msg': 'rpc error: code = NotFound desc = failed to pull and unpack image "%s": failed to resolve reference "%s": %s: not found' % (img, img, img)}
    w['fault_since'] = E['since']
    return {'kind': 'Deployment', 'namespace': w['ns'], 'name': w['name']}


def f_pullsecret(c, E):
    org = THEMES[E['theme']]['org']
    ok = E['apps']['rate-manager']
    w = E['apps'][E['target']]
    for a in (ok, w):
        ct = a['tmpl']['spec']['containers'][0]
        ct['image'] = 'ghcr.io/%s/%s:%s' % (org, a['name'], ct['image'].rsplit(':', 1)[1])
    ok['tmpl']['spec']['imagePullSecrets'] = [{'name': 'ghcr-pull'}]
    c.secret(ok['ns'], 'ghcr-pull', ['.dockerconfigjson'], typ='kubernetes.io/dockerconfigjson')
    w['strategy'] = {'type': 'Recreate'}
    w['rs_age'] = E['since']
    w['revs'] = 5
    w['progressing'] = True
    img = w['tmpl']['spec']['containers'][0]['image']
    repo = img.split('/', 1)[1].rsplit(':', 1)[0]
    w['mode'] = {'k': 'pull', 'age': E['since'] - 0.05, 'msg': 'rpc error: code = Unknown desc = failed to pull and unpack image "%s": failed to resolve reference "%s": failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://ghcr.io/token?scope=repository%%3A%s%%3Apull&service=ghcr.io: 401 Unauthorized' % (img, img, repo.replace('/', '%2F'))}
    w['fault_since'] = E['since']
    return {'kind': 'Deployment', 'namespace': w['ns'], 'name': w['name']}


def f_volume_full(c, E):
    db = E['dbs']['sql']
    w = db['primary']
    w['vct'][0]['size'] = '10Gi'
    t0 = c.at(c.r.uniform(0.5, 2))[:19].replace('T', ' ')
    w['mode'] = {'k': 'crash', 'restarts': 10, 'exit': 1, 'reason': 'Error', 'ran': 0.01, 'nr_since': E['since'],
                 'msg': '\nPostgreSQL Database directory appears to contain a database; Skipping initialization\n\n%s.204 UTC [1] FATAL:  could not write lock file "postmaster.pid": No space left on device\n' % t0}
    cascade(c, E['apps'], db, sql_clients(E), E['since'] - 1)
    return {'kind': 'PersistentVolumeClaim', 'namespace': db['ns'], 'name': 'data-%s-0' % w['name']}


def f_netpol_egress(c, E):
    db = E['dbs']['sql']
    ns = sorted({w['ns'] for w in E['apps'].values() if 'sql' in w['app_deps']})[0]
    c.netpol(ns, 'default-deny-all', {'podSelector': {}, 'policyTypes': ['Ingress', 'Egress']}, age=E['since'] + 3)
    c.netpol(ns, 'allow-dns-egress', {'podSelector': {}, 'policyTypes': ['Egress'], 'egress': [{'to': [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': 'kube-system'}}, 'podSelector': {'matchLabels': {'k8s-app': 'kube-dns'}}}],
                                                                                                 'ports': [{'port': 53, 'protocol': 'UDP'}, {'port': 53, 'protocol': 'TCP'}]}]}, age=E['since'] + 3)
    c.netpol(ns, 'allow-ingress-controller', {'podSelector': {}, 'policyTypes': ['Ingress'], 'ingress': [{'from': [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': 'ingress-nginx'}}}]},
                                                                                                     {'from': [{'podSelector': {}}]}]}, age=E['since'] + 3)
    c.netpol(ns, 'allow-same-namespace-egress', {'podSelector': {}, 'policyTypes': ['Egress'], 'egress': [{'to': [{'podSelector': {}}]}]}, age=E['since'] + 3)
    c.netpol(ns, 'allow-db-egress', {'podSelector': {}, 'policyTypes': ['Egress'], 'egress': [{'to': [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': db['ns']}}}],
                                                                                              'ports': [{'port': 5432, 'protocol': 'TCP'}]}]}, age=E['since'] + 3)
    if 'cache' in E['dbs']:
        c.netpol(ns, 'allow-redis-egress', {'podSelector': {}, 'policyTypes': ['Egress'], 'egress': [{'to': [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': E['dbs']['cache']['ns']}}}],
                                                                                                     'ports': [{'port': 6379, 'protocol': 'TCP'}]}]}, age=E['since'] + 3)
    cascade(c, E['apps'], db, sql_clients(E, [ns]), E['since'], 'timeout')
    return {'kind': 'NetworkPolicy', 'namespace': ns, 'name': 'allow-db-egress'}


def f_selector_app(c, E):
    w = E['apps'][E['target']]
    s = c.S(w['ns'], w['name'])
    s['selector'] = {'app': w['name']}
    s['ep_changed'] = E['since']
    s['labels'] = dict(s['labels'], **{'app.kubernetes.io/managed-by': 'Helm'})
    web = [a for a in E['apps'].values() if a['app_role'] == 'web'][0]
    web['tmpl']['spec']['containers'][0]['env'] = web['tmpl']['spec']['containers'][0].get('env', []) + [E_('PERMITS_API_URL', 'http://%s.%s.svc.cluster.local' % (w['name'], w['ns']))]
    return {'kind': 'Service', 'namespace': w['ns'], 'name': w['name']}


# ============================================================================= the set
NS_DB = ['databases', 'data', 'db', '{org}-data']
# id: (platform, theme, tier, noise, fault, fault kwargs / ctx, symptom)
INCIDENTS = [
    ('01', 'eks', 'airline', 'cnpg+redis', ['monitoring', 'ingress', 'cert-manager', 'argocd'], f_netpol_ingress, {},
     'Since about {t} UTC booking-api and seat-inventory in the booking namespace cannot talk to Postgres: requests hang ~30s and fail, fare-sync keeps restarting. loyalty-points looks fine. No app deploys today.'),
    ('02', 'gke', 'gaming', 'bpg+redis', ['monitoring', 'logging', 'cert-manager'], f_liveness_pg, {},
     'Players cannot log in to the lobby since ~{t} UTC: player-profile and store-api return 503 and matchmaker / match-history-worker pods are crash-looping with database connection refused.'),
    ('03', 'aks', 'iot', 'zalando+redis', ['monitoring', 'ingress', 'cert-manager', 'velero'], f_missing_secret_env, {},
     'fleet-dashboard shows "devices unavailable" since {t} UTC, right after the AKS node image upgrade; device-registry and firmware-api pods never become ready.'),
    ('04', 'k3s', 'university', 'plain', ['monitoring', 'logging', 'cert-manager'], f_pv_node_gone, {'longhorn': False, 'plain_sc': 'local-path'},
     'Student portal login and course pages error since {t} UTC (we retired an old k3s agent this morning); grades-service and enrollment-api report they cannot connect to the database.'),
    ('05', 'kubeadm', 'insurance', 'crunchy', ['monitoring', 'ingress', 'cert-manager', 'velero'], f_requests_too_large, {'target': 'document-intake'},
     'Uploaded claim documents stopped being processed since ~{t} UTC and the intake queue keeps growing; this afternoon\'s release of the claims workers never came up.'),
    ('06', 'ocp', 'news', 'bmysql+redis', ['cert-manager'], f_mysql_param, {'mysql_extra': '# perf tuning CHG-4471\nquery_cache_type=1\nquery_cache_size=268435456\n'},
     'www.morningpost.news shows "Something went wrong" since {t} UTC after the DB maintenance window; article-api and comments-service cannot connect to MySQL.'),
    ('07', 'eks', 'hotel', 'bpg+redis', ['monitoring', 'ingress', 'argocd'], f_csi_scaled_zero, {'read': 1},
     'We scaled the hotel reservations Postgres read replicas from 1 to 2 at {t} UTC for the holiday peak; the new replica has been Pending ever since.'),
    ('08', 'gke', 'ticketing', 'cnpg', ['monitoring', 'cert-manager', 'argocd'], f_sc_missing, {},
     'Event search on tickets.gigpass.live has been broken since the {t} UTC deploy of the new search backend: event-catalog is not ready and the search cluster pods never started.'),
    ('09', 'eks', 'recruiting', 'bmongo+redis', ['monitoring', 'ingress', 'cert-manager'], f_ds_node_failing, {},
     'interview-scheduler in the jobs namespace is crash-looping with Redis connection refused since ~{t} UTC; the Redis master pod has been stuck starting after the cluster-autoscaler moved it.'),
    ('10', 'k3s', 'parking', 'plain-pgb', ['monitoring', 'logging', 'cert-manager', 'argocd'], f_node_pressure, {'longhorn': False, 'plain_sc': 'local-path'},
     'Parking occupancy map and permit purchases failing since {t} UTC; occupancy-api and permit-service report database connection refused and a few pods show Evicted.'),
    ('11', 'kubeadm', 'airline', 'bpg+redis', ['monitoring', 'ingress', 'cert-manager'], f_node_notready, {},
     'Since {t} UTC booking-api, seat-inventory and loyalty-points are failing with database connection errors. Nobody deployed anything.'),
    ('12', 'ocp', 'gaming', 'crunchy', ['argocd'], f_pvc_pinned, {},
     'The point-in-time restore of the game Postgres into a scratch volume that the data team started at {t} UTC has been Pending for the whole time; no restore pod ever ran.'),
    ('13', 'aks', 'iot', 'zalando', ['monitoring', 'ingress', 'cert-manager'], f_oom, {'target': 'telemetry-processor'},
     'Telemetry charts in fleet-dashboard stopped updating around {t} UTC; the Kafka consumer lag for the telemetry pipeline keeps climbing.'),
    ('14', 'gke', 'university', 'bmysql+redis', ['monitoring', 'logging', 'argocd'], f_targetport, {},
     'enrollment-api and library-search in campus fail with Redis "connection refused" since {t} UTC; the Redis pods themselves are Running and Ready.'),
    ('15', 'aks', 'insurance', 'cnpg-pooler', ['monitoring', 'ingress', 'cert-manager'], f_missing_cm_key, {'target': 'claims-api'},
     'FNOL claim submissions fail since {t} UTC: fnol-web returns 502 on /api after the node pool upgrade and the claims backend pods never start.'),
    ('16', 'k3s', 'news', 'bmongo', ['monitoring', 'cert-manager', 'argocd'], f_liveness_mongo, {'mongo_lp_timeout': 1},
     'Articles intermittently fail to load on morningpost since {t} UTC; article-api and comments-service logs show MongoDB server selection timeouts and connection refused.'),
    ('17', 'kubeadm', 'hotel', 'plain', ['monitoring', 'ingress', 'velero'], f_pg_param, {'pg_extra': '\n# tuning from DBA review\nmax_wal_size = 4G\ncheckpoint_timeout = 15min\n'},
     'Hotel availability search and reservations fail since {t} UTC, right after the database maintenance rollout; availability-api and reservation-service cannot connect.'),
    ('18', 'ocp', 'ticketing', 'bpg', ['cert-manager', 'argocd'], f_missing_secret_vol, {'target': 'checkout-api'},
     'Checkout on gigpass is down since {t} UTC (box office shows "payment service unavailable") after the OpenShift worker update; the checkout backend pods are stuck starting.'),
    ('19', 'eks', 'recruiting', 'crunchy', ['monitoring', 'ingress', 'cert-manager'], f_quota, {'target': 'candidate-api'},
     'candidate-api is slow and timing out under load since {t} UTC; the HPA wants 6 replicas but only 3 are running.'),
    ('20', 'gke', 'parking', 'bpg+redis', ['monitoring', 'ingress', 'cert-manager'], f_lost_toleration, {'dbpool': True, 'dbsel': True},
     'Since {t} UTC parking permit purchases and the occupancy API fail with database connection errors; we upgraded the Postgres Helm chart values this afternoon.'),
    ('21', 'aks', 'airline', 'bpg+redis', ['monitoring', 'ingress', 'velero'], f_selector_db, {},
     'booking-api and seat-inventory cannot reach the database since {t} UTC, but the database pod is up, Ready and accepting local connections.'),
    ('22', 'k3s', 'gaming', 'plain+redis', ['monitoring', 'logging'], f_missing_cm_vol, {'target': 'lobby-web'},
     'play.pixelforge.gg returns 503 since {t} UTC, right after the lobby front-end release; the lobby pods never start.'),
    ('23', 'kubeadm', 'iot', 'cnpg', ['monitoring', 'ingress', 'cert-manager'], f_csi_crashloop, {'cnpg_n': 2},
     'We scaled the telemetry Postgres cluster from 2 to 3 instances at {t} UTC; the third instance never comes up.'),
    ('24', 'ocp', 'university', 'zalando', ['cert-manager'], f_readiness, {'target': 'grades-service'},
     'Students get 503 on the grades page of student-portal since the {t} UTC release; the grades backend pods are Running but never Ready.'),
    ('25', 'eks', 'insurance', 'bmysql', ['monitoring', 'ingress', 'argocd'], lambda c, E: f_node_notready(c, E, pleg=True), {},
     'claims-api and policy-service throw MySQL "Communications link failure" since {t} UTC; fraud-scorer and document-intake are restarting.'),
    ('26', 'gke', 'news', 'cnpg', ['monitoring', 'logging', 'cert-manager'], f_image_tag, {'target': 'article-api'},
     'The breaking-news banner release of the newsroom API started at {t} UTC and is still not live on www.morningpost.news; the pipeline reports the rollout timed out.'),
    ('27', 'aks', 'hotel', 'crunchy', ['monitoring', 'ingress'], f_pullsecret, {'target': 'channel-sync'},
     'Room availability has not synced to the OTA channels (Booking.com, Expedia) since {t} UTC when we moved images to GitHub Container Registry; the sync worker is not running.'),
    ('28', 'k3s', 'ticketing', 'plain', ['monitoring', 'logging', 'cert-manager'], f_volume_full, {},
     'Ticket checkout and event pages fail since {t} UTC; every service that talks to Postgres reports connection refused and the Postgres pod keeps restarting.'),
    ('29', 'kubeadm', 'recruiting', 'plain-pgb+redis', ['monitoring', 'ingress', 'cert-manager'], f_netpol_egress, {},
     'All hirelane backends in the jobs namespace time out talking to the database since {t} UTC (Redis still works); we did not deploy application changes.'),
    ('30', 'ocp', 'parking', 'bpg', ['cert-manager', 'argocd'], f_selector_app, {'target': 'permit-service'},
     'Citizens cannot buy parking permits on park.parkcity.gov since {t} UTC: the permit page says "upstream unavailable", yet every pod in the parking namespace is Running and Ready.'),
]
FAULT_NAMES = {f_netpol_ingress: 'networkpolicy_blocks_db', f_liveness_pg: 'liveness_probe_kills_db', f_missing_secret_env: 'missing_secret',
               f_pv_node_gone: 'pv_node_affinity_to_gone_node', f_requests_too_large: 'requests_exceed_node_capacity', f_mysql_param: 'bad_db_parameter_in_configmap',
               f_csi_scaled_zero: 'csi_provisioner_down', f_sc_missing: 'storageclass_missing', f_ds_node_failing: 'daemonset_failing_on_node', f_node_pressure: 'node_disk_pressure',
               f_node_notready: 'node_not_ready', f_pvc_pinned: 'pvc_pinned_to_bound_pv', f_oom: 'oomkilled', f_targetport: 'service_targetport_wrong',
               f_missing_cm_key: 'missing_configmap_key', f_liveness_mongo: 'liveness_probe_kills_db', f_pg_param: 'bad_db_parameter_in_configmap', f_missing_secret_vol: 'missing_secret',
               f_quota: 'resourcequota_exceeded', f_lost_toleration: 'lost_toleration_for_tainted_pool', f_selector_db: 'service_selector_mismatch', f_missing_cm_vol: 'missing_configmap',
               f_csi_crashloop: 'csi_provisioner_down', f_readiness: 'readiness_probe_misconfigured', f_image_tag: 'image_tag_not_found', f_pullsecret: 'missing_imagepullsecret',
               f_volume_full: 'volume_full', f_netpol_egress: 'networkpolicy_blocks_db', f_selector_app: 'service_selector_mismatch'}


def build(row):
    num, plat, theme, tier, noise, fault, kw, symptom = row
    iid = 'k8s-h2-' + num
    x = int(H(iid, 'time'), 16)
    T0 = dt.datetime(2024, 2, 1, 8, 0, 0) + dt.timedelta(days=x % 290, hours=(x >> 12) % 13, minutes=(x >> 20) % 60, seconds=(x >> 28) % 60)
    c = Cluster(iid, T0, plat)
    org = THEMES[theme]['org']
    c.ctx.update(org=org, cluster='%s-%s' % (org, ['prod', 'prd', 'production', 'live'][x % 4]))
    c.ctx['ns_age'] = lambda ns: c.namespaces.get(ns, {'age': 100})['age'] * 1440 - 1
    c.ctx.update({k: v for k, v in kw.items() if k not in ('target',)})
    c.ctx['dbns'] = NS_DB[(x >> 5) % len(NS_DB)].format(org=org)
    setup_platform(c, plat, kw.get('dbpool', False))
    if kw.get('dbsel'):
        c.ctx['db_nsel'] = c.ctx['dbsel']
        c.ctx['db_tol'] = [TOL('dedicated', 'database')]
    if plat not in ('ocp',) and 'ingress' not in noise and plat not in ('k3s',):
        noise = ['ingress'] + noise
    if plat == 'k3s':
        c.ctx['ingress_class'] = 'traefik'
        c.svc('kube-system', 'traefik', {'app.kubernetes.io/instance': 'traefik-kube-system', 'app.kubernetes.io/name': 'traefik'}, [('web', 80, 'web'), ('websecure', 443, 'websecure')], typ='LoadBalancer', lb=c.ctx['lb']('traefik'))
        simple(c, 'Deployment', 'kube-system', 'traefik', 'rancher/mirrored-library-traefik:2.10.5', 1, {'app.kubernetes.io/instance': 'traefik-kube-system', 'app.kubernetes.io/name': 'traefik'}, [('web', 8000), ('websecure', 8443), ('traefik', 9000)],
               req=None, rp=hprobe('/ping', 9000, 2, timeout=2, fail=1), lp=hprobe('/ping', 9000, 2, timeout=2, fail=3), prio='system-cluster-critical')
    for nz in noise:
        NOISE[nz](c)
    dbs = build_tier(c, tier, org)
    apps = mk_apps(c, theme, dbs)
    E = {'dbs': dbs, 'apps': apps, 'theme': theme, 'since': 18 + x % 27, 'target': kw.get('target')}
    if kw.get('target'):
        E['faulty'] = apps[kw['target']]
    truth = fault(c, E)
    app_ns = sorted({w['ns'] for w in apps.values()})
    if fault is not f_quota and (x >> 7) % 3 != 0:
        c.quota(app_ns[-1], app_ns[-1] + '-quota', {'limits.cpu': '64', 'limits.memory': '128Gi', 'pods': '100', 'requests.cpu': '32', 'requests.memory': '64Gi', 'persistentvolumeclaims': '20'})
    if fault not in (f_netpol_ingress, f_netpol_egress) and (x >> 9) % 2 == 0:
        dbns = dbs['sql']['ns']
        c.netpol(dbns, 'allow-apps-operators-monitoring', {'podSelector': {}, 'policyTypes': ['Ingress'], 'ingress': [
            {'from': [{'podSelector': {}}, {'namespaceSelector': {'matchLabels': {'team': org}}}] +
                     [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': n}}} for n in ('monitoring', 'kube-system', 'cnpg-system', 'postgres-operator', 'openshift-monitoring')]}]},
                 age=60 * 24 * 120)
        for n in app_ns:
            c.netpol(n, 'allow-from-ingress-and-same-namespace', {'podSelector': {}, 'policyTypes': ['Ingress'], 'ingress': [
                {'from': [{'podSelector': {}}, {'namespaceSelector': {'matchLabels': {'team': org}}}] + [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': m}}} for m in ('ingress-nginx', 'kube-system', 'openshift-ingress', 'monitoring', 'openshift-monitoring')]}]},
                     age=60 * 24 * 100)
    noise_pre(c, E)
    c.materialize()
    noise_post(c, E)
    onset = c.T - dt.timedelta(minutes=E['since'])
    sym = symptom.format(t=onset.strftime('%H:%M'))
    fname = FAULT_NAMES.get(fault, 'node_not_ready')
    truth = dict(truth, fault=fname, symptom=sym)
    return iid, c, truth


def main():
    os.makedirs(OUT, exist_ok=True)
    rows = []
    for row in INCIDENTS:
        iid, c, truth = build(row)
        d = os.path.join(OUT, iid)
        c.write(d)
        with open(os.path.join(d, 'truth.json'), 'w') as f:
            json.dump(truth, f, indent=2, sort_keys=True)
            f.write('\n')
        rows.append((iid, truth, len(c.objs['pods']), len(c.namespaces), len(c.nodes)))
        print('%s %-32s %-22s %s/%s/%s  pods=%d ns=%d nodes=%d' % (iid, truth['fault'], truth['kind'], truth['namespace'], truth['name'], row[1], len(c.objs['pods']), len(c.namespaces), len(c.nodes)))
    if '--check' in sys.argv:
        sys.exit(check_all())


def check_all():
    bad = 0
    dumped = set(PLURAL)
    for iid in sorted(os.listdir(OUT)):
        d = os.path.join(OUT, iid)
        docs = {}
        for fn in sorted(os.listdir(d)):
            if fn.endswith('.json'):
                docs[fn[:-5]] = json.load(open(os.path.join(d, fn)))
        truth = docs.pop('truth')
        uids = {}
        for pl, doc in docs.items():
            assert doc['kind'] == 'List' and doc['apiVersion'] == 'v1'
            for o in doc['items']:
                uids[o['metadata']['uid']] = o
        nodes = {o['metadata']['name'] for o in docs['nodes']['items']}
        errs = []
        for pl, doc in docs.items():
            for o in doc['items']:
                for r in o['metadata'].get('ownerReferences', []):
                    if r['kind'] in dumped and r['uid'] not in uids:
                        errs.append('owner missing %s %s -> %s' % (o['kind'], o['metadata']['name'], r['kind']))
        for p in docs['pods']['items']:
            nn = p['spec'].get('nodeName')
            if nn and nn not in nodes:
                errs.append('pod on unknown node %s' % p['metadata']['name'])
            if not nn and p['status']['phase'] != 'Pending':
                errs.append('unscheduled non-pending %s' % p['metadata']['name'])
        for sv in docs['services']['items']:
            sel = sv['spec'].get('selector')
            if sel:
                m = [p for p in docs['pods']['items'] if p['metadata']['namespace'] == sv['metadata']['namespace'] and all(p['metadata'].get('labels', {}).get(k) == v for k, v in sel.items())]
                if not m:
                    errs.append('service selects nothing: %s/%s' % (sv['metadata']['namespace'], sv['metadata']['name']))
        k = truth['kind']
        found = [o for o in docs.get(PLURAL[k], {'items': []})['items'] if o['metadata']['name'] == truth['name'] and o['metadata'].get('namespace', '') == truth['namespace']]
        if not found:
            errs.append('truth object absent (ok only for missing-object faults): %s' % truth['fault'])
        if truth['name'] in truth['symptom']:
            errs.append('symptom names the truth object')
        for e in errs:
            print(iid, e)
        bad += sum(1 for e in errs if not e.startswith('truth object absent') and 'selects nothing' not in e)
    return 1 if bad else 0


if __name__ == '__main__':
    main()
