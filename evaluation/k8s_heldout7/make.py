#!/usr/bin/env python3
"""k7 held-out set: 30 Kubernetes database incidents as whole-cluster support bundles.

python3 make.py            build incidents/<id>/...
python3 make.py --check    build + validate every bundle (and determinism)
python3 make.py --hash     print the sha256 over all generated files
python3 make.py --table    print the incident table (markdown)
Standard library only; fully deterministic (fixed seeds, fixed snapshot times).
"""
import copy, datetime as dt, hashlib, json, os, random, re, shutil, sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'incidents')

KINDS = {
    'namespaces': ('v1', 'Namespace'), 'nodes': ('v1', 'Node'), 'pods': ('v1', 'Pod'),
    'deployments': ('apps/v1', 'Deployment'), 'replicasets': ('apps/v1', 'ReplicaSet'),
    'statefulsets': ('apps/v1', 'StatefulSet'), 'daemonsets': ('apps/v1', 'DaemonSet'),
    'jobs': ('batch/v1', 'Job'), 'cronjobs': ('batch/v1', 'CronJob'), 'services': ('v1', 'Service'),
    'endpoints': ('v1', 'Endpoints'), 'endpointslices': ('discovery.k8s.io/v1', 'EndpointSlice'),
    'persistentvolumeclaims': ('v1', 'PersistentVolumeClaim'), 'persistentvolumes': ('v1', 'PersistentVolume'),
    'storageclasses': ('storage.k8s.io/v1', 'StorageClass'), 'configmaps': ('v1', 'ConfigMap'),
    'secrets': ('v1', 'Secret'), 'ingresses': ('networking.k8s.io/v1', 'Ingress'),
    'networkpolicies': ('networking.k8s.io/v1', 'NetworkPolicy'), 'serviceaccounts': ('v1', 'ServiceAccount'),
    'resourcequotas': ('v1', 'ResourceQuota'), 'events': ('v1', 'Event'),
}
KIND2PLURAL = {v[1]: k for k, v in KINDS.items()}
CLUSTER_SCOPED = {'namespaces', 'nodes', 'persistentvolumes', 'storageclasses'}
OPTIONAL_KINDS = ['resourcequotas', 'networkpolicies', 'endpointslices', 'ingresses', 'cronjobs']
CRD_OWNER_KINDS = {'Cluster', 'postgresql', 'StrimziPodSet', 'Elasticsearch', 'Kibana', 'ClickHouseInstallation',
                   'ClickHouseKeeperInstallation', 'InstanceManager', 'Node', 'PerconaXtraDBCluster',
                   'ScheduledBackup', 'Backup', 'ExternalSecret', 'Certificate', 'Prometheus', 'Alertmanager',
                   'Pooler', 'RedisFailover', 'Kafka'}

HASHCH = 'bcdfghjklmnpqrstvwxz2456789'


def parse_age(a):
    if isinstance(a, (int, float)):
        return int(a)
    tot = 0
    for n, u in re.findall(r'(\d+)([dhms])', a):
        tot += int(n) * {'d': 86400, 'h': 3600, 'm': 60, 's': 1}[u]
    return tot


def iso(t):
    return t.strftime('%Y-%m-%dT%H:%M:%SZ')


def q_parse(v):
    """quantity -> float (cpu cores / bytes)"""
    v = str(v)
    m = re.fullmatch(r'([0-9.]+)([a-zA-Z]*)', v)
    n, u = float(m.group(1)), m.group(2)
    mult = {'': 1, 'm': 1e-3, 'k': 1e3, 'M': 1e6, 'G': 1e9, 'T': 1e12, 'Ki': 1024, 'Mi': 1024 ** 2,
            'Gi': 1024 ** 3, 'Ti': 1024 ** 4}[u]
    return n * mult


def q_cpu(x):
    m = int(round(x * 1000))
    return str(m // 1000) if m % 1000 == 0 else '%dm' % m


def q_mem(x):
    b = int(round(x))
    for suf, mul in (('Ti', 1024 ** 4), ('Gi', 1024 ** 3), ('Mi', 1024 ** 2), ('Ki', 1024)):
        if b and b % mul == 0:
            return '%d%s' % (b // mul, suf)
    return str(b)


def q_count(x):
    return str(int(x))


def res(rc=None, rm=None, lc=None, lm=None):
    r = {}
    if rc or rm:
        r['requests'] = {k: v for k, v in (('cpu', rc), ('memory', rm)) if v}
    if lc or lm:
        r['limits'] = {k: v for k, v in (('cpu', lc), ('memory', lm)) if v}
    return r


def probe(kind, port=None, path=None, cmd=None, delay=None, period=10, timeout=1, fail=3):
    p = {'failureThreshold': fail, 'periodSeconds': period, 'successThreshold': 1, 'timeoutSeconds': timeout}
    if delay:
        p['initialDelaySeconds'] = delay
    if kind == 'http':
        p['httpGet'] = {'path': path, 'port': port, 'scheme': 'HTTP'}
    elif kind == 'tcp':
        p['tcpSocket'] = {'port': port}
    else:
        p['exec'] = {'command': cmd}
    return p


def ctr(name, image, ports=(), env=None, args=None, command=None, r=None, mounts=None, ready=None, live=None,
        startup=None, sc=None, envFrom=None, pull='IfNotPresent'):
    c = {'name': name, 'image': image, 'imagePullPolicy': pull, 'resources': r or {},
         'terminationMessagePath': '/dev/termination-log', 'terminationMessagePolicy': 'File'}
    if command:
        c['command'] = command
    if args:
        c['args'] = args
    if ports:
        c['ports'] = [{'containerPort': p, 'name': n, 'protocol': 'TCP'} if n else {'containerPort': p, 'protocol': 'TCP'}
                      for n, p in ports]
    if env:
        c['env'] = env
    if envFrom:
        c['envFrom'] = envFrom
    if mounts:
        c['volumeMounts'] = [{'mountPath': p, 'name': n} for n, p in mounts]
    if ready:
        c['readinessProbe'] = ready
    if live:
        c['livenessProbe'] = live
    if startup:
        c['startupProbe'] = startup
    if sc is not None:
        c['securityContext'] = sc
    return c


def E(name, value=None, secret=None, cm=None, key=None, field=None):
    if secret:
        return {'name': name, 'valueFrom': {'secretKeyRef': {'key': key, 'name': secret}}}
    if cm:
        return {'name': name, 'valueFrom': {'configMapKeyRef': {'key': key, 'name': cm}}}
    if field:
        return {'name': name, 'valueFrom': {'fieldRef': {'apiVersion': 'v1', 'fieldPath': field}}}
    return {'name': name, 'value': value}


def vol_cm(name, cm, optional=None):
    v = {'name': name, 'configMap': {'defaultMode': 420, 'name': cm}}
    if optional is not None:
        v['configMap']['optional'] = optional
    return v


def vol_secret(name, sec):
    return {'name': name, 'secret': {'defaultMode': 420, 'secretName': sec}}


def vol_pvc(name, claim):
    return {'name': name, 'persistentVolumeClaim': {'claimName': claim}}


def vol_empty(name):
    return {'name': name, 'emptyDir': {}}


def vol_host(name, path, typ=''):
    return {'name': name, 'hostPath': {'path': path, 'type': typ}}


# ----------------------------------------------------------------------------------------------------------------
# container state DSL
#   run(since, restarts=0, last=None, ready=True)   crash(restarts, last)   wait(reason, msg)   done(start, end)
def run(since='10d', restarts=0, last=None, ready=True):
    return {'s': 'run', 'since': since, 'restarts': restarts, 'last': last, 'ready': ready}


def crash(restarts, last, backoff='5m0s'):
    return {'s': 'crash', 'restarts': restarts, 'last': last, 'backoff': backoff}


def wait(reason, msg=None, restarts=0, last=None):
    return {'s': 'wait', 'reason': reason, 'msg': msg, 'restarts': restarts, 'last': last}


def done(start, end, code=0, reason='Completed', msg=None):
    return {'s': 'done', 'start': start, 'end': end, 'code': code, 'reason': reason, 'msg': msg}


def last(start, end, code=1, reason='Error', msg=None):
    return {'start': start, 'end': end, 'code': code, 'reason': reason, 'msg': msg}


# ----------------------------------------------------------------------------------------------------------------
class Cluster:
    def __init__(s, iid, snap):
        s.iid = iid
        s.snap = dt.datetime.strptime(snap, '%Y-%m-%dT%H:%M:%SZ')
        s.rng = random.Random('k7:' + iid)
        s.items = {k: [] for k in KINDS}
        s.idx = {}
        s.rvc = s.rng.randint(3000000, 60000000)
        s.ips = set()
        s.nodes = {}
        s.omit = set()
        s.hint = {}
        s.crd_uids = {}
        s.rr = {}
        s.sc_info = {}
        s.platform = None
        s.mirror_skip = set()
        s.aws_account = str(s.rng.randint(100000000000, 999999999999))
        s.nfs_server = '10.20.30.5'
        s.domain = s.rng.choice(['acme-corp.io', 'shopwave.com', 'fintrail.net', 'kelpdata.io', 'northpay.eu', 'ridgeline.dev'])

    # ---- primitives
    def sec(s, age):
        return parse_age(age)

    def t(s, age):
        return iso(s.snap - dt.timedelta(seconds=parse_age(age)))

    def tmicro(s, age):
        t = s.snap - dt.timedelta(seconds=parse_age(age)) + dt.timedelta(microseconds=s.rng.randint(1, 999999))
        if t > s.snap:
            t = s.snap
        return t.strftime('%Y-%m-%dT%H:%M:%S.%fZ')

    def uid(s):
        r = s.rng.getrandbits(128)
        h = '%032x' % r
        return '%s-%s-4%s-%s%s-%s' % (h[:8], h[8:12], h[13:16], '89ab'[int(h[16], 16) % 4], h[17:20], h[20:32])

    def rv(s):
        s.rvc += s.rng.randint(3, 4000)
        return str(s.rvc)

    def hx(s, n):
        return ''.join(s.rng.choice('0123456789abcdef') for _ in range(n))

    def sfx(s, n=5):
        return ''.join(s.rng.choice(HASHCH) for _ in range(n))

    def cid(s):
        return 'containerd://' + s.hx(64)

    def digest(s, image):
        base = image.split('@')[0].rsplit(':', 1)[0] if ':' in image.split('/')[-1] else image.split('@')[0]
        if not '/' in base.split(':')[0] or '.' not in base.split('/')[0]:
            base = 'docker.io/' + (base if '/' in base else 'library/' + base)
        return base + '@sha256:' + s.hx(64)

    def get(s, plural, ns, name):
        return s.idx.get((plural, ns or '', name))

    def ns_age(s, ns):
        o = s.get('namespaces', '', ns)
        return s.hint[o['metadata']['uid']]['age'] if o else 10 ** 9

    def obj(s, plural, name, ns=None, age='30d', labels=None, ann=None, owner=None, finalizers=None, **body):
        av, kind = KINDS[plural]
        a = parse_age(age)
        if ns is not None and plural not in CLUSTER_SCOPED:
            na = s.ns_age(ns)
            if a > na:
                a = max(na - s.rng.randint(60, 3000), 30)
        md = {'creationTimestamp': s.t(a), 'name': name, 'resourceVersion': s.rv(), 'uid': s.uid()}
        if ns is not None and plural not in CLUSTER_SCOPED:
            md['namespace'] = ns
        if labels:
            md['labels'] = dict(labels)
        if ann:
            md['annotations'] = dict(ann)
        if owner:
            md['ownerReferences'] = owner if isinstance(owner, list) else [owner]
        if finalizers:
            md['finalizers'] = finalizers
        o = {'apiVersion': av, 'kind': kind, 'metadata': md}
        o.update(body)
        s.items[plural].append(o)
        s.idx[(plural, md.get('namespace', ''), name)] = o
        s.hint[md['uid']] = {'age': a}
        return o

    def age_of(s, o):
        return s.hint[o['metadata']['uid']]['age']

    def oref(s, o, controller=True):
        r = {'apiVersion': o['apiVersion'], 'kind': o['kind'], 'name': o['metadata']['name'], 'uid': o['metadata']['uid']}
        if controller:
            r['blockOwnerDeletion'] = True
            r['controller'] = True
        return r

    def crd(s, av, kind, name, ns=''):
        k = (av, kind, ns, name)
        if k not in s.crd_uids:
            s.crd_uids[k] = s.uid()
        return {'apiVersion': av, 'blockOwnerDeletion': True, 'controller': True, 'kind': kind, 'name': name,
                'uid': s.crd_uids[k]}

    # ---- namespaces / nodes
    def ns(s, name, age, labels=None, ann=None):
        if s.get('namespaces', '', name):
            return s.get('namespaces', '', name)
        lab = {'kubernetes.io/metadata.name': name}
        lab.update(labels or {})
        return s.obj('namespaces', name, age=age, labels=lab, ann=ann, spec={'finalizers': ['kubernetes']},
                     status={'phase': 'Active'})

    def node(s, name, ip, podnet, zone=None, pool=None, labels=None, age='120d', role='worker', taints=None,
             unschedulable=False, cpu='4', mem='16Gi', alloc=None, kubelet='v1.29.6', os_image='Ubuntu 22.04.4 LTS',
             kernel='5.15.0-1063-aws', runtime='containerd://1.7.11', provider=None, cidr=None, boot='30d',
             conds=None, region=None, itype=None, extip=None, hostname=None):
        lab = {'beta.kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64',
               'kubernetes.io/hostname': hostname or name, 'kubernetes.io/os': 'linux'}
        if itype:
            lab['node.kubernetes.io/instance-type'] = itype
            lab['beta.kubernetes.io/instance-type'] = itype
        if zone:
            lab['topology.kubernetes.io/zone'] = zone
            lab['failure-domain.beta.kubernetes.io/zone'] = zone
        if region:
            lab['topology.kubernetes.io/region'] = region
            lab['failure-domain.beta.kubernetes.io/region'] = region
        if role == 'control-plane':
            lab['node-role.kubernetes.io/control-plane'] = ''
        lab.update(labels or {})
        cap_mem = q_parse(mem)
        al = alloc or (q_cpu(q_parse(cpu) - 0.08 - 0.02 * q_parse(cpu)), q_mem(int((cap_mem * 0.9) // 1024 ** 2) * 1024 ** 2))
        bt = parse_age(boot)
        a = parse_age(age)
        hb = s.t(s.rng.randint(5, 50))
        cnd = {'MemoryPressure': ('False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
               'DiskPressure': ('False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
               'PIDPressure': ('False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
               'Ready': ('True', 'KubeletReady', 'kubelet is posting ready status')}
        cnd.update(conds or {})
        conditions = []
        for typ, (st, rs, msg) in cnd.items():
            tr = min(bt, a) if typ == 'Ready' else a
            if isinstance(st, tuple):
                st, tr = st
            conditions.append({'lastHeartbeatTime': hb, 'lastTransitionTime': s.t(tr), 'message': msg,
                               'reason': rs, 'status': st, 'type': typ})
        addrs = [{'address': ip, 'type': 'InternalIP'}]
        if extip:
            addrs.append({'address': extip, 'type': 'ExternalIP'})
        addrs.append({'address': hostname or name, 'type': 'Hostname'})
        spec = {}
        if cidr:
            spec['podCIDR'] = cidr
            spec['podCIDRs'] = [cidr]
        if provider:
            spec['providerID'] = provider
        if taints:
            spec['taints'] = taints
        if unschedulable:
            spec['unschedulable'] = True
        n = s.obj('nodes', name, age=a, labels=lab, ann={
            'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true'},
            spec=spec, status={
                'addresses': addrs, 'allocatable': {'cpu': al[0], 'ephemeral-storage': '95491281146', 'hugepages-1Gi': '0',
                                                    'hugepages-2Mi': '0', 'memory': al[1], 'pods': '110'},
                'capacity': {'cpu': cpu, 'ephemeral-storage': '101430960Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0',
                             'memory': q_mem(cap_mem), 'pods': '110'},
                'conditions': conditions, 'daemonEndpoints': {'kubeletEndpoint': {'Port': 10250}},
                'nodeInfo': {'architecture': 'amd64', 'bootID': s.uid(), 'containerRuntimeVersion': runtime,
                             'kernelVersion': kernel, 'kubeProxyVersion': kubelet, 'kubeletVersion': kubelet,
                             'machineID': s.hx(32), 'operatingSystem': 'linux', 'osImage': os_image,
                             'systemUUID': s.uid()}})
        s.ips.add(ip)
        s.nodes[name] = {'obj': n, 'ip': ip, 'podnet': podnet, 'zone': zone, 'pool': pool, 'role': role,
                         'ready': cnd['Ready'][0] == 'True', 'unsched': unschedulable, 'taints': taints or []}
        return n

    def workers(s, pool=None):
        out = []
        for name, i in s.nodes.items():
            if i['role'] != 'worker' or not i['ready'] or i['unsched']:
                continue
            if any(t['effect'] in ('NoSchedule', 'NoExecute') for t in i['taints']):
                continue
            if pool and i['pool'] != pool:
                continue
            out.append(name)
        return out

    def place(s, pool=None):
        w = s.workers(pool) or s.workers()
        k = pool or '*'
        s.rr[k] = s.rr.get(k, s.rng.randint(0, 7)) + 1
        return w[s.rr[k] % len(w)]

    def pod_ip(s, node):
        pn = s.nodes[node]['podnet']
        for _ in range(1000):
            if callable(pn):
                ip = pn(s.rng)
            else:
                ip = pn + str(s.rng.randint(2, 250))
            if ip not in s.ips:
                s.ips.add(ip)
                return ip
        raise RuntimeError('ip exhaustion')

    def svc_ip(s):
        net = s.svcnet
        for _ in range(1000):
            ip = net(s.rng)
            if ip not in s.ips:
                s.ips.add(ip)
                return ip
        raise RuntimeError('svc ip')

    # ---- pods
    def _full_spec(s, tspec, sa):
        sp = copy.deepcopy(tspec)
        sp.setdefault('dnsPolicy', 'ClusterFirst')
        sp.setdefault('restartPolicy', 'Always')
        sp.setdefault('schedulerName', 'default-scheduler')
        sp.setdefault('securityContext', {})
        sp.setdefault('terminationGracePeriodSeconds', 30)
        sp['serviceAccountName'] = sa
        sp['serviceAccount'] = sa
        return sp

    def pod(s, ns, name, tspec, labels, node, states, age, owner=None, ann=None, init_states=None, phase=None,
            hostnet=False, unsched=None, sa='default', evicted=None, gen_name=None, ip=True, nominated=None,
            reason=None, message=None, prio=None, extra_conds=None):
        sp = s._full_spec(tspec, sa)
        if node:
            sp['nodeName'] = node
        if prio is not None:
            sp['priority'] = prio
        else:
            sp.setdefault('priority', 0)
        sp.setdefault('enableServiceLinks', True)
        sp['preemptionPolicy'] = 'PreemptLowerPriority'
        tol = sp.get('tolerations', [])
        names = {(t.get('key'), t.get('effect')) for t in tol}
        for k in ('node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'):
            if (k, 'NoExecute') not in names and (None, None) not in names:
                tol.append({'effect': 'NoExecute', 'key': k, 'operator': 'Exists', 'tolerationSeconds': 300})
        sp['tolerations'] = tol
        automount = sp.get('automountServiceAccountToken', True)
        san = s.get('serviceaccounts', ns, sa)
        if san is not None and san.get('automountServiceAccountToken') is False and 'automountServiceAccountToken' not in tspec:
            automount = False
        if automount:
            vn = 'kube-api-access-' + s.sfx(5)
            sp.setdefault('volumes', []).append({'name': vn, 'projected': {'defaultMode': 420, 'sources': [
                {'serviceAccountToken': {'expirationSeconds': 3607, 'path': 'token'}},
                {'configMap': {'items': [{'key': 'ca.crt', 'path': 'ca.crt'}], 'name': 'kube-root-ca.crt'}},
                {'downwardAPI': {'items': [{'fieldRef': {'apiVersion': 'v1', 'fieldPath': 'metadata.namespace'},
                                            'path': 'namespace'}]}}]}})
            for c in sp.get('initContainers', []) + sp['containers']:
                c.setdefault('volumeMounts', []).append(
                    {'mountPath': '/var/run/secrets/kubernetes.io/serviceaccount', 'name': vn, 'readOnly': True})
        a = parse_age(age)
        md_ann = dict(ann or {})
        p = s.obj('pods', name, ns=ns, age=a, labels=labels, ann=md_ann or None, owner=owner, spec=sp)
        if gen_name:
            p['metadata']['generateName'] = gen_name
        if hostnet:
            sp['hostNetwork'] = True
        uid = p['metadata']['uid']
        a = s.age_of(p)
        # qos
        reqs = [c.get('resources', {}) for c in sp['containers']]
        if all(not r for r in reqs):
            qos = 'BestEffort'
        elif all(r.get('limits', {}).get('cpu') and r.get('limits', {}).get('memory') and
                 r.get('requests', r.get('limits')) == r.get('limits') for r in reqs):
            qos = 'Guaranteed'
        else:
            qos = 'Burstable'
        st = {'qosClass': qos}
        if evicted:
            # evicted pod: days old, Failed
            ev_age = parse_age(evicted['at'])
            st.update({'phase': 'Failed', 'reason': 'Evicted', 'message': evicted['msg'], 'startTime': s.t(a),
                       'hostIP': s.nodes[node]['ip'], 'hostIPs': [{'ip': s.nodes[node]['ip']}],
                       'conditions': [
                           {'lastProbeTime': None, 'lastTransitionTime': s.t(ev_age), 'message': evicted['msg'],
                            'reason': 'TerminationByKubelet', 'status': 'True', 'type': 'DisruptionTarget'},
                           {'lastProbeTime': None, 'lastTransitionTime': s.t(ev_age), 'status': 'False', 'type': 'PodReadyToStartContainers'},
                           {'lastProbeTime': None, 'lastTransitionTime': s.t(a - 2), 'status': 'True', 'type': 'Initialized'},
                           {'lastProbeTime': None, 'lastTransitionTime': s.t(ev_age), 'reason': 'PodFailed', 'status': 'False', 'type': 'Ready'},
                           {'lastProbeTime': None, 'lastTransitionTime': s.t(ev_age), 'reason': 'PodFailed', 'status': 'False', 'type': 'ContainersReady'},
                           {'lastProbeTime': None, 'lastTransitionTime': s.t(a), 'status': 'True', 'type': 'PodScheduled'}],
                       'containerStatuses': [{'image': c['image'], 'imageID': '', 'lastState': {}, 'name': c['name'],
                                              'ready': False, 'restartCount': 0, 'started': False, 'state': {'terminated': {
                               'exitCode': 137, 'finishedAt': None, 'message': 'The container could not be located when the pod was terminated',
                               'reason': 'ContainerStatusUnknown', 'startedAt': None}}} for c in sp['containers']]})
            p['status'] = st
            return p
        if not node and unsched is None:
            st.update({'phase': 'Pending'})
            p['status'] = st
            return p
        if not node:
            st.update({'phase': 'Pending', 'conditions': [
                {'lastProbeTime': None, 'lastTransitionTime': s.t(a), 'message': unsched,
                 'reason': 'Unschedulable', 'status': 'False', 'type': 'PodScheduled'}]})
            if nominated:
                st['nominatedNodeName'] = nominated
            p['status'] = st
            return p
        nip = s.nodes[node]['ip']
        st['hostIP'] = nip
        st['hostIPs'] = [{'ip': nip}]
        st['startTime'] = s.t(a)

        def cstat(c, stt, init=False):
            cs = {'image': c['image'], 'name': c['name'], 'ready': False, 'restartCount': stt.get('restarts', 0),
                  'started': False, 'lastState': {}}
            lt = stt.get('last')
            if lt:
                term = {'containerID': s.cid(), 'exitCode': lt['code'], 'finishedAt': s.t(lt['end']),
                        'reason': lt['reason'], 'startedAt': s.t(lt['start'])}
                if lt.get('msg'):
                    term['message'] = lt['msg']
                cs['lastState'] = {'terminated': term}
            k = stt['s']
            if k in ('run', 'crash', 'done') or (k == 'wait' and stt.get('restarts')):
                cs['imageID'] = s.digest(c['image'])
            else:
                cs['imageID'] = ''
            if k == 'run':
                cs['containerID'] = s.cid()
                cs['state'] = {'running': {'startedAt': s.t(stt['since'])}}
                cs['started'] = True
                cs['ready'] = stt['ready'] and not init
                if init:
                    cs['ready'] = False
            elif k == 'crash':
                cs['containerID'] = cs['lastState']['terminated']['containerID']
                cs['state'] = {'waiting': {'message': 'back-off %s restarting failed container=%s pod=%s_%s(%s)' % (
                    stt['backoff'], c['name'], name, ns, uid), 'reason': 'CrashLoopBackOff'}}
            elif k == 'wait':
                w = {'reason': stt['reason']}
                if stt.get('msg'):
                    w['message'] = stt['msg']
                cs['state'] = {'waiting': w}
                if cs['lastState']:
                    cs['containerID'] = cs['lastState']['terminated']['containerID']
            elif k == 'done':
                term = {'containerID': s.cid(), 'exitCode': stt['code'], 'finishedAt': s.t(stt['end']),
                        'reason': stt['reason'], 'startedAt': s.t(stt['start'])}
                if stt.get('msg'):
                    term['message'] = stt['msg']
                cs['containerID'] = term['containerID']
                cs['state'] = {'terminated': term}
                if init and stt['code'] == 0:
                    cs['ready'] = True
            if init:
                cs['started'] = k == 'run'
            return cs

        states = list(states)
        cstats = [cstat(c, states[i]) for i, c in enumerate(sp['containers'])]
        istats = []
        if sp.get('initContainers'):
            ist = init_states or [done(age, age, 0) for _ in sp['initContainers']]
            # pad default init timing
            istats = [cstat(c, ist[i], init=True) for i, c in enumerate(sp['initContainers'])]
        init_ok = all(x['state'].get('terminated', {}).get('exitCode', 1) == 0 and 'terminated' in x['state']
                      for x in istats)
        sandbox = bool(ip)
        kinds = [x['s'] for x in states]
        if phase is None:
            if all(k == 'done' for k in kinds):
                phase = 'Succeeded' if all(x['code'] == 0 for x in states) else 'Failed'
            elif any(k in ('run', 'crash') for k in kinds) or any(x.get('restarts') for x in states):
                phase = 'Running'
            else:
                phase = 'Pending'
        st['phase'] = phase
        ready = all(c['ready'] for c in cstats) and phase == 'Running' and init_ok
        tr_ready = max([parse_age(x['since']) for x in states if x['s'] == 'run'] + [0]) if ready else 0
        if ready:
            tr_ready = min(parse_age(x['since']) for x in states if x['s'] == 'run')
            tr_ready = max(tr_ready - s.rng.randint(2, 25), 1)
        else:
            cand = [parse_age(x['last']['end']) for x in states if x.get('last')]
            tr_ready = min(cand) if cand else max(a - 3, 1)
            for x in states:
                if x['s'] == 'run' and not x['ready']:
                    tr_ready = max(parse_age(x['since']) - 15, 1)
        conds = []
        if sandbox:
            st['podIP'] = s.pod_ip(node) if not hostnet else nip
            st['podIPs'] = [{'ip': st['podIP']}]
            conds.append({'lastProbeTime': None, 'lastTransitionTime': s.t(max(a - 2, 1)), 'status': 'True' if phase != 'Succeeded' and phase != 'Failed' else 'False', 'type': 'PodReadyToStartContainers'})
        else:
            conds.append({'lastProbeTime': None, 'lastTransitionTime': s.t(a), 'status': 'False', 'type': 'PodReadyToStartContainers'})
        if istats and not init_ok:
            conds.append({'lastProbeTime': None, 'lastTransitionTime': s.t(a), 'message': 'containers with incomplete status: [%s]' % ' '.join(
                c['name'] for c in istats if c['state'].get('terminated', {}).get('exitCode', 1) != 0 or 'terminated' not in c['state']),
                'reason': 'ContainersNotInitialized', 'status': 'False', 'type': 'Initialized'})
        else:
            conds.append({'lastProbeTime': None, 'lastTransitionTime': s.t(max(a - 3, 1)), 'status': 'True', 'type': 'Initialized'})
        if phase == 'Succeeded':
            fin = max(x for x in [parse_age(st_['end']) for st_ in states])
            for typ in ('Ready', 'ContainersReady'):
                conds.append({'lastProbeTime': None, 'lastTransitionTime': s.t(fin), 'reason': 'PodCompleted', 'status': 'False', 'type': typ})
        elif phase == 'Failed':
            fin = max(x for x in [parse_age(st_['end']) for st_ in states if st_['s'] == 'done'])
            for typ in ('Ready', 'ContainersReady'):
                conds.append({'lastProbeTime': None, 'lastTransitionTime': s.t(fin), 'reason': 'PodFailed', 'status': 'False', 'type': typ})
        elif ready:
            for typ in ('Ready', 'ContainersReady'):
                conds.append({'lastProbeTime': None, 'lastTransitionTime': s.t(tr_ready), 'status': 'True', 'type': typ})
        else:
            nr = [c['name'] for c in cstats if not c['ready']]
            for typ in ('Ready', 'ContainersReady'):
                conds.append({'lastProbeTime': None, 'lastTransitionTime': s.t(tr_ready),
                              'message': 'containers with unready status: [%s]' % ' '.join(nr),
                              'reason': 'ContainersNotReady', 'status': 'False', 'type': typ})
        conds.append({'lastProbeTime': None, 'lastTransitionTime': s.t(a), 'status': 'True', 'type': 'PodScheduled'})
        conds.extend(extra_conds or [])
        st['conditions'] = conds
        st['containerStatuses'] = sorted(cstats, key=lambda x: x['name'])
        if istats:
            st['initContainerStatuses'] = istats
        if reason:
            st['reason'] = reason
        if message:
            st['message'] = message
        p['status'] = st
        return p

    # ---- templates / workloads
    def tmpl(s, labels, containers, init=None, volumes=None, ann=None, sa=None, **kw):
        sp = {'containers': containers}
        if init:
            sp['initContainers'] = init
        if volumes:
            sp['volumes'] = volumes
        if sa and sa != 'default':
            sp['serviceAccountName'] = sa
            sp['serviceAccount'] = sa
        sp.update(kw)
        sp.setdefault('dnsPolicy', 'ClusterFirst')
        sp.setdefault('restartPolicy', 'Always')
        sp.setdefault('schedulerName', 'default-scheduler')
        sp.setdefault('securityContext', {})
        sp.setdefault('terminationGracePeriodSeconds', 30)
        md = {'creationTimestamp': None, 'labels': dict(labels)}
        if ann:
            md['annotations'] = dict(ann)
        return {'metadata': md, 'spec': sp}

    def _pod_states(s, states, i, n_ctr, default_age):
        if states is None:
            return [run(default_age)] * n_ctr
        st = states(i) if callable(states) else states[i]
        if isinstance(st, dict) and 's' in st:
            st = [st]
        return st

    def deploy(s, ns, name, replicas, containers, sel, labels=None, plabels=None, sa='default', states=None,
               age='60d', pool=None, nodes=None, init=None, volumes=None, pod_ann=None, ann=None, spec=None,
               rs_age=None, revision=None, old_rs=0, strategy=None, pod_ages=None, init_states=None, hostnet=False,
               progress=None, old_template=None, prio=None, avail_extra=None, old_pods=0, old_states=None, old_pod_ages=None, new_count=None):
        a = parse_age(age)
        revision = revision or (old_rs + 1)
        tm = s.tmpl(dict(sel, **(plabels or {})), containers, init=init, volumes=volumes, ann=pod_ann, sa=sa,
                    **(spec or {}))
        dep_ann = {'deployment.kubernetes.io/revision': str(revision)}
        dep_ann.update(ann or {})
        d = s.obj('deployments', name, ns=ns, age=a, labels=labels or sel, ann=dep_ann, spec={
            'progressDeadlineSeconds': 600, 'replicas': replicas, 'revisionHistoryLimit': 10,
            'selector': {'matchLabels': dict(sel)},
            'strategy': strategy or {'rollingUpdate': {'maxSurge': '25%', 'maxUnavailable': '25%'}, 'type': 'RollingUpdate'},
            'template': tm})
        a = s.age_of(d)
        d['metadata']['generation'] = revision + s.rng.randint(0, 3)
        ra = parse_age(rs_age) if rs_age else (a if old_rs == 0 else s.rng.randint(3 * 86400, max(a - 3600, 3 * 86400 + 1)))
        ra = min(ra, a)
        rss = []
        for k in range(old_rs):
            oa = a - int((a - ra) * k / max(old_rs, 1))
            h = s.sfx(10)
            otm = copy.deepcopy(old_template or tm)
            otm['metadata']['labels']['pod-template-hash'] = h
            r = s.obj('replicasets', '%s-%s' % (name, h), ns=ns, age=oa, labels=dict(otm['metadata']['labels']),
                      ann={'deployment.kubernetes.io/desired-replicas': str(replicas),
                           'deployment.kubernetes.io/max-replicas': str(replicas + max(1, (replicas + 3) // 4)),
                           'deployment.kubernetes.io/revision': str(k + 1)},
                      owner=s.oref(d), spec={'replicas': 0, 'selector': {'matchLabels': dict(sel, **{'pod-template-hash': h})},
                                             'template': otm})
            r['metadata']['generation'] = 2
            if old_pods and k == old_rs - 1:
                r['spec']['replicas'] = old_pods
                for i in range(old_pods):
                    pa = parse_age(old_pod_ages[i]) if old_pod_ages else max(oa - s.rng.randint(5, 40), 30)
                    st = s._pod_states(old_states, i, len(containers), pa - 8)
                    s.pod(ns, '%s-%s-%s' % (name, h, s.sfx(5)), otm['spec'], otm['metadata']['labels'], nodes[i] if nodes else s.place(pool), st, pa,
                          owner=s.oref(r), sa=otm['spec'].get('serviceAccountName', sa), gen_name='%s-%s-' % (name, h), prio=prio)
            rss.append(r)
        h = s.sfx(10)
        ntm = copy.deepcopy(tm)
        ntm['metadata']['labels']['pod-template-hash'] = h
        rs = s.obj('replicasets', '%s-%s' % (name, h), ns=ns, age=ra, labels=dict(ntm['metadata']['labels']),
                   ann={'deployment.kubernetes.io/desired-replicas': str(replicas),
                        'deployment.kubernetes.io/max-replicas': str(replicas + max(1, (replicas + 3) // 4)),
                        'deployment.kubernetes.io/revision': str(revision)},
                   owner=s.oref(d), spec={'replicas': replicas, 'selector': {'matchLabels': dict(sel, **{'pod-template-hash': h})},
                                          'template': ntm})
        rs['metadata']['generation'] = 1
        rss.append(rs)
        s.hint[d['metadata']['uid']].update(rss=rss, progress=progress)
        pods = []
        for i in range(replicas if new_count is None else new_count):
            pa = parse_age(pod_ages[i]) if pod_ages else max(ra - s.rng.randint(5, 40), 30)
            st = s._pod_states(states, i, len(containers), pa - 8)
            pname = '%s-%s-%s' % (name, h, s.sfx(5))
            if isinstance(st, tuple) and st[0] == 'pending':
                p = s.pod(ns, pname, ntm['spec'], ntm['metadata']['labels'], None, [], pa, owner=s.oref(rs), ann=pod_ann,
                          sa=sa, unsched=st[1], gen_name='%s-%s-' % (name, h), prio=prio)
            else:
                node = nodes[i] if nodes else s.place(pool)
                p = s.pod(ns, pname, ntm['spec'], ntm['metadata']['labels'], node, st, pa, owner=s.oref(rs), ann=pod_ann,
                          sa=sa, gen_name='%s-%s-' % (name, h), init_states=init_states(i) if callable(init_states) else init_states,
                          hostnet=hostnet, prio=prio)
            pods.append(p)
        return d, rs, pods

    def sts(s, ns, name, replicas, containers, sel, svc_name, labels=None, plabels=None, vct=None, sa='default',
            states=None, age='90d', pool=None, nodes=None, init=None, volumes=None, pod_ann=None, ann=None, spec=None,
            pmp='OrderedReady', update=None, pod_ages=None, init_states=None, owner=None, pvc_state=None,
            sts_spec=None, prio=None, pod_count=None):
        """update: (set of pod indices on the new revision, new template override dict)"""
        a = parse_age(age)
        tm = s.tmpl(dict(sel, **(plabels or {})), containers, init=init, volumes=volumes, ann=pod_ann, sa=sa,
                    **(spec or {}))
        vcts = []
        for v in vct or []:
            vm = {'name': v['name']}
            if v.get('labels'):
                vm['labels'] = v['labels']
            vcts.append({'apiVersion': 'v1', 'kind': 'PersistentVolumeClaim', 'metadata': vm,
                         'spec': {'accessModes': v.get('modes', ['ReadWriteOnce']), 'resources': {'requests': {'storage': v['size']}},
                                  'storageClassName': v['sc'], 'volumeMode': 'Filesystem'}, 'status': {'phase': 'Pending'}})
        sp = {'persistentVolumeClaimRetentionPolicy': {'whenDeleted': 'Retain', 'whenScaled': 'Retain'},
              'podManagementPolicy': pmp, 'replicas': replicas, 'revisionHistoryLimit': 10,
              'selector': {'matchLabels': dict(sel)}, 'serviceName': svc_name, 'template': tm,
              'updateStrategy': {'rollingUpdate': {'partition': 0}, 'type': 'RollingUpdate'}}
        if vcts:
            sp['volumeClaimTemplates'] = vcts
        sp.update(sts_spec or {})
        o = s.obj('statefulsets', name, ns=ns, age=a, labels=labels or sel, ann=ann, owner=owner, spec=sp)
        a = s.age_of(o)
        o['metadata']['generation'] = s.rng.randint(1, 6)
        cur = '%s-%s' % (name, s.sfx(10))
        upd = '%s-%s' % (name, s.sfx(10)) if update else cur
        s.hint[o['metadata']['uid']].update(cur=cur, upd=upd)
        pods = []
        for i in range(replicas if pod_count is None else pod_count):
            pa = parse_age(pod_ages[i]) if pod_ages else max(a - 120 - 60 * i - s.rng.randint(0, 50), 40)
            st = s._pod_states(states, i, len(containers), pa - 10)
            on_new = update and i in update[0]
            ptm = copy.deepcopy(tm)
            if on_new and update[1]:
                ptm = copy.deepcopy(update[1])
            lab = dict(ptm['metadata']['labels'])
            lab.update({'apps.kubernetes.io/pod-index': str(i), 'controller-revision-hash': upd if on_new else cur,
                        'statefulset.kubernetes.io/pod-name': '%s-%d' % (name, i)})
            psp = copy.deepcopy(ptm['spec'])
            psp['hostname'] = '%s-%d' % (name, i)
            psp['subdomain'] = svc_name
            pend = isinstance(st, tuple) and st[0] == 'pending'
            node = None if pend else (nodes[i] if nodes else s.place(pool))
            for v in vct or []:
                cn = '%s-%s-%d' % (v['name'], name, i)
                psp.setdefault('volumes', []).insert(0, {'name': v['name'], 'persistentVolumeClaim': {'claimName': cn}})
                pst = (pvc_state or {}).get(i)
                if not s.get('persistentvolumeclaims', ns, cn):
                    s.pvc(ns, cn, v['size'], v['sc'], v.get('modes', ['ReadWriteOnce']), labels=sel, age=pa + 5 if pst else a - 60 * i,
                          node=(v.get('node') or {}).get(i, node), bound=pst is None, pv_node=(v.get('pv_node') or {}).get(i))
            if pend:
                p = s.pod(ns, '%s-%d' % (name, i), psp, lab, None, [], pa, owner=s.oref(o), ann=pod_ann, sa=sa,
                          unsched=st[1], gen_name=name + '-', prio=prio)
            else:
                p = s.pod(ns, '%s-%d' % (name, i), psp, lab, node, st, pa, owner=s.oref(o), ann=pod_ann, sa=sa,
                          gen_name=name + '-', init_states=init_states(i) if callable(init_states) else init_states,
                          prio=prio, ip=not (isinstance(st, list) and st and st[0]['s'] == 'wait' and st[0]['reason'] == 'ContainerCreating'))
            pods.append(p)
        return o, pods

    def ds(s, ns, name, containers, sel, labels=None, plabels=None, nodes=None, sa='default', states=None, age='120d',
           hostnet=False, tolerations=None, volumes=None, init=None, pod_ann=None, spec=None, prio=None, ann=None,
           pod_age=None, node_selector=None):
        a = parse_age(age)
        sp = dict(spec or {})
        if hostnet:
            sp['hostNetwork'] = True
            sp.setdefault('dnsPolicy', 'ClusterFirstWithHostNet')
        if node_selector:
            sp['nodeSelector'] = node_selector
        sp['tolerations'] = tolerations if tolerations is not None else [{'operator': 'Exists'}]
        tm = s.tmpl(dict(sel, **(plabels or {})), containers, init=init, volumes=volumes, ann=pod_ann, sa=sa, **sp)
        o = s.obj('daemonsets', name, ns=ns, age=a, labels=labels or sel, ann=dict({'deprecated.daemonset.template.generation': '1'}, **(ann or {})), spec={
            'revisionHistoryLimit': 10, 'selector': {'matchLabels': dict(sel)}, 'template': tm,
            'updateStrategy': {'rollingUpdate': {'maxSurge': 0, 'maxUnavailable': 1}, 'type': 'RollingUpdate'}})
        a = s.age_of(o)
        gen = s.rng.randint(1, 4)
        o['metadata']['generation'] = gen
        o['metadata']['annotations']['deprecated.daemonset.template.generation'] = str(gen)
        rev = s.sfx(10) if False else ''.join(s.rng.choice('0123456789abcdef') for _ in range(8)) + s.rng.choice('bcdf')
        if nodes is None:
            nodes = list(s.nodes)
        pods = []
        for i, n in enumerate(nodes):
            na = s.age_of(s.nodes[n]['obj'])
            pa = parse_age(pod_age) if pod_age else min(a, na) - s.rng.randint(20, 200)
            pa = max(pa, 60)
            st = s._pod_states(states, n, len(containers), pa - 5) if callable(states) or isinstance(states, dict) else s._pod_states(None, i, len(containers), pa - 5)
            psp = copy.deepcopy(tm['spec'])
            psp['affinity'] = {'nodeAffinity': {'requiredDuringSchedulingIgnoredDuringExecution': {'nodeSelectorTerms': [
                {'matchFields': [{'key': 'metadata.name', 'operator': 'In', 'values': [n]}]}]}}}
            tl = psp['tolerations']
            extra = ['node.kubernetes.io/not-ready:NoExecute', 'node.kubernetes.io/unreachable:NoExecute',
                     'node.kubernetes.io/disk-pressure:NoSchedule', 'node.kubernetes.io/memory-pressure:NoSchedule',
                     'node.kubernetes.io/pid-pressure:NoSchedule', 'node.kubernetes.io/unschedulable:NoSchedule']
            if hostnet:
                extra.append('node.kubernetes.io/network-unavailable:NoSchedule')
            if tl != [{'operator': 'Exists'}]:
                for e in extra:
                    k, eff = e.split(':')
                    tl.append({'effect': eff, 'key': k, 'operator': 'Exists'})
            lab = dict(tm['metadata']['labels'])
            lab.update({'controller-revision-hash': rev, 'pod-template-generation': str(gen)})
            p = s.pod(ns, '%s-%s' % (name, s.sfx(5)), psp, lab, n, st, pa, owner=s.oref(o), ann=pod_ann, sa=sa,
                      hostnet=hostnet, gen_name=name + '-', prio=prio,
                      init_states=None if not init else [done(pa - 1, pa - 3)] * len(init))
            pods.append(p)
        return o, pods

    def job(s, ns, name, containers, status, start, end=None, owner=None, labels=None, sa='default', volumes=None,
            spec=None, restart='Never', backoff=6, pods=None, node=None, ann=None, deadline=None, init=None,
            keep_pods=True, failed_count=None, init_states=None):
        """pods: list of container-state lists, one per pod incarnation"""
        sa_ = parse_age(start)
        jspec = dict(spec or {})
        jspec['restartPolicy'] = restart
        o = s.obj('jobs', name, ns=ns, age=sa_, labels=labels, ann=dict({'batch.kubernetes.io/job-tracking': ''}, **(ann or {})),
                  owner=owner, spec={})
        u = o['metadata']['uid']
        lab = {'batch.kubernetes.io/controller-uid': u, 'batch.kubernetes.io/job-name': name, 'controller-uid': u,
               'job-name': name}
        lab.update(labels or {})
        tm = s.tmpl(lab, containers, volumes=volumes, sa=sa, init=init, **jspec)
        js = {'backoffLimit': backoff, 'completionMode': 'NonIndexed', 'completions': 1, 'manualSelector': False,
              'parallelism': 1, 'podReplacementPolicy': 'TerminatingOrFailed',
              'selector': {'matchLabels': {'batch.kubernetes.io/controller-uid': u}}, 'suspend': False, 'template': tm}
        if deadline:
            js['activeDeadlineSeconds'] = deadline
        o['spec'] = js
        o['metadata']['generation'] = 1
        if pods is None:
            if status == 'complete':
                pods = [[done(parse_age(start) - 2, parse_age(end) + 1)] * len(containers)]
            elif status == 'running':
                pods = [[run(parse_age(start) - 3)] * len(containers)]
        plist = []
        for k, pst in enumerate(pods if keep_pods else []):
            pa = parse_age(pst[0].get('start', pst[0].get('since', start))) + 2 if pst and isinstance(pst[0], dict) else sa_ - 1
            pa = min(pa, sa_)
            p = s.pod(ns, '%s-%s' % (name, s.sfx(5)), tm['spec'], lab, node or s.place(), pst, pa,
                      owner=s.oref(o), sa=sa, gen_name=name + '-', init_states=init_states)
            plist.append(p)
        st = {'startTime': s.t(sa_), 'terminating': 0, 'uncountedTerminatedPods': {}}
        if status == 'complete':
            st.update({'completionTime': s.t(end), 'ready': 0, 'succeeded': 1, 'conditions': [
                {'lastProbeTime': s.t(end), 'lastTransitionTime': s.t(end), 'status': 'True', 'type': 'Complete'}]})
        elif status == 'failed':
            fc = failed_count if failed_count is not None else len(pods)
            st.update({'failed': fc, 'ready': 0, 'conditions': [
                {'lastProbeTime': s.t(end), 'lastTransitionTime': s.t(end), 'message': 'Job has reached the specified backoff limit',
                 'reason': 'BackoffLimitExceeded', 'status': 'True', 'type': 'Failed'}]})
        elif status == 'deadline':
            st.update({'failed': failed_count or 1, 'ready': 0, 'conditions': [
                {'lastProbeTime': s.t(end), 'lastTransitionTime': s.t(end), 'message': 'Job was active longer than specified deadline',
                 'reason': 'DeadlineExceeded', 'status': 'True', 'type': 'Failed'}]})
        else:
            act = sum(1 for p in plist if p['status']['phase'] in ('Running', 'Pending'))
            rdy = sum(1 for p in plist if any(c['type'] == 'Ready' and c['status'] == 'True' for c in p['status'].get('conditions', [])))
            st.update({'ready': rdy})
            if act:
                st['active'] = act
            if failed_count:
                st['failed'] = failed_count
        o['status'] = st
        return o, plist

    def cronjob(s, ns, name, schedule, containers, runs, policy='Forbid', suspend=False, labels=None, sa='default',
                volumes=None, hist=(3, 1), age='120d', spec=None, restart='OnFailure', backoff=6, ann=None,
                job_spec=None, tz=None):
        """runs: list of dicts(at=age, status=..., end=age, pods=[...])"""
        a = parse_age(age)
        jt = s.tmpl(labels or {}, containers, volumes=volumes, sa=sa, restartPolicy=restart, **(spec or {}))
        jt['metadata'] = {'creationTimestamp': None}
        if labels:
            jt['metadata']['labels'] = dict(labels)
        js = {'jobTemplate': {'metadata': {'creationTimestamp': None}, 'spec': dict({'backoffLimit': backoff, 'template': jt}, **(job_spec or {}))},
              'concurrencyPolicy': policy, 'failedJobsHistoryLimit': hist[1], 'schedule': schedule,
              'successfulJobsHistoryLimit': hist[0], 'suspend': suspend}
        if tz:
            js['timeZone'] = tz
        o = s.obj('cronjobs', name, ns=ns, age=a, labels=labels, ann=ann, spec=js)
        o['metadata']['generation'] = s.rng.randint(1, 4)
        jobs = []
        st = {}
        active = []
        for r in runs:
            ra = parse_age(r['at'])
            sched_t = s.snap - dt.timedelta(seconds=ra)
            sched_t = sched_t.replace(second=0)
            ra = int((s.snap - sched_t).total_seconds())
            jn = '%s-%d' % (name, int(sched_t.replace(tzinfo=dt.timezone.utc).timestamp() // 60))
            jl = dict(labels or {})
            j, ps = s.job(ns, jn, containers, r['status'], ra, r.get('end'), owner=s.oref(o), labels=jl, sa=sa,
                          volumes=volumes, spec=spec, restart=restart, backoff=backoff, pods=r.get('pods'),
                          ann={'batch.kubernetes.io/cronjob-scheduled-timestamp': iso(sched_t).replace('Z', 'Z')},
                          failed_count=r.get('failed_count'), deadline=(job_spec or {}).get('activeDeadlineSeconds'))
            jobs.append((j, ps))
            st['lastScheduleTime'] = max(st.get('lastScheduleTime', ''), iso(sched_t))
            if r['status'] == 'complete':
                st['lastSuccessfulTime'] = max(st.get('lastSuccessfulTime', ''), s.t(r['end']))
            if r['status'] == 'running':
                active.append({'apiVersion': 'batch/v1', 'kind': 'Job', 'name': jn, 'namespace': ns,
                               'resourceVersion': j['metadata']['resourceVersion'], 'uid': j['metadata']['uid']})
        if active:
            st['active'] = active
        if 'lastScheduleTime' in st and not st.get('lastScheduleTime'):
            del st['lastScheduleTime']
        o['status'] = st
        return o, jobs

    # ---- storage
    def sc(s, name, prov, params=None, binding='WaitForFirstConsumer', default=False, expand=True, reclaim='Delete',
           age='200d', labels=None, ann=None, mount_options=None, topo=None):
        an = dict(ann or {})
        if default:
            an['storageclass.kubernetes.io/is-default-class'] = 'true'
        body = {'provisioner': prov, 'reclaimPolicy': reclaim, 'volumeBindingMode': binding}
        if params:
            body['parameters'] = params
        if expand is not None:
            body['allowVolumeExpansion'] = expand
        if mount_options:
            body['mountOptions'] = mount_options
        if topo:
            body['allowedTopologies'] = topo
        o = s.obj('storageclasses', name, age=age, labels=labels, ann=an or None, **body)
        s.sc_info[name] = {'prov': prov, 'binding': binding, 'obj': o}
        return o

    def pv_source(s, prov, pvname, pvc, node):
        ns, name = pvc['metadata']['namespace'], pvc['metadata']['name']
        zone = s.nodes[node]['zone'] if node else None
        ident = {'ebs.csi.aws.com': '1715338021862-8081-ebs.csi.aws.com',
                 'pd.csi.storage.gke.io': '1716201735512-8081-pd.csi.storage.gke.io',
                 'disk.csi.azure.com': '1717061528214-9198-disk.csi.azure.com',
                 'dobs.csi.digitalocean.com': '1716904114035-1245-dobs.csi.digitalocean.com',
                 'csi.vsphere.vmware.com': '1711622400931-8081-csi.vsphere.vmware.com',
                 'rook-ceph.rbd.csi.ceph.com': '1714050117733-1791-rook-ceph.rbd.csi.ceph.com'}
        src, aff = {}, None
        if prov == 'ebs.csi.aws.com':
            src = {'csi': {'driver': prov, 'fsType': 'ext4', 'volumeAttributes': {'storage.kubernetes.io/csiProvisionerIdentity': ident[prov]},
                           'volumeHandle': 'vol-0' + s.hx(16)}}
            aff = ('topology.kubernetes.io/zone', zone)
        elif prov == 'pd.csi.storage.gke.io':
            src = {'csi': {'driver': prov, 'fsType': 'ext4', 'volumeAttributes': {'storage.kubernetes.io/csiProvisionerIdentity': ident[prov]},
                           'volumeHandle': 'projects/%s/zones/%s/disks/%s' % (s.gcp_project, zone, pvname)}}
            aff = ('topology.gke.io/zone', zone)
        elif prov == 'disk.csi.azure.com':
            src = {'csi': {'driver': prov, 'volumeAttributes': {'csi.storage.k8s.io/pv/name': pvname, 'csi.storage.k8s.io/pvc/name': name,
                                                               'csi.storage.k8s.io/pvc/namespace': ns, 'requestedsizegib': pvc['spec']['resources']['requests']['storage'].rstrip('Gi'),
                                                               'skuname': 'Premium_LRS', 'storage.kubernetes.io/csiProvisionerIdentity': ident[prov]},
                           'volumeHandle': '/subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/disks/%s' % (s.az_sub, s.az_rg, pvname)}}
            aff = ('topology.disk.csi.azure.com/zone', zone)
        elif prov == 'dobs.csi.digitalocean.com':
            src = {'csi': {'driver': prov, 'fsType': 'ext4', 'volumeAttributes': {'com.digitalocean.csi/noformat': 'false', 'storage.kubernetes.io/csiProvisionerIdentity': ident[prov]},
                           'volumeHandle': s.uid()}}
            aff = ('region', s.do_region)
        elif prov == 'rancher.io/local-path':
            src = {'hostPath': {'path': '/var/lib/rancher/k3s/storage/%s_%s_%s' % (pvname, ns, name), 'type': 'DirectoryOrCreate'}}
            aff = ('kubernetes.io/hostname', node)
        elif prov == 'csi.vsphere.vmware.com':
            src = {'csi': {'driver': prov, 'fsType': 'ext4', 'volumeAttributes': {'storage.kubernetes.io/csiProvisionerIdentity': ident[prov], 'type': 'vSphere CNS Block Volume'},
                           'volumeHandle': s.uid()}}
        elif prov == 'rook-ceph.rbd.csi.ceph.com':
            src = {'csi': {'controllerExpandSecretRef': {'name': 'rook-csi-rbd-provisioner', 'namespace': 'rook-ceph'}, 'driver': prov, 'fsType': 'ext4',
                           'nodeStageSecretRef': {'name': 'rook-csi-rbd-node', 'namespace': 'rook-ceph'},
                           'volumeAttributes': {'clusterID': 'rook-ceph', 'imageFeatures': 'layering', 'imageFormat': '2', 'imageName': 'csi-vol-' + s.uid(),
                                                'journalPool': 'replicapool', 'pool': 'replicapool', 'storage.kubernetes.io/csiProvisionerIdentity': ident[prov]},
                           'volumeHandle': '0001-0009-rook-ceph-0000000000000002-' + s.uid()}}
        elif prov == 'cluster.local/nfs-subdir-external-provisioner':
            src = {'nfs': {'path': '/srv/nfs/k8s/%s-%s-%s' % (ns, name, pvname), 'server': s.nfs_server}}
        else:
            src = {'csi': {'driver': prov, 'fsType': 'ext4', 'volumeHandle': s.uid()}}
        return src, aff

    def pvc(s, ns, name, size, sc, modes=('ReadWriteOnce',), labels=None, age='60d', node=None, bound=True,
            owner=None, pv_node=None, ann=None, volume_name=None, pv_extra=None):
        info = s.sc_info[sc] if sc in s.sc_info else {'prov': None, 'binding': 'Immediate'}
        prov = info['prov']
        an = {}
        if prov:
            an.update({'volume.beta.kubernetes.io/storage-provisioner': prov, 'volume.kubernetes.io/storage-provisioner': prov})
        if bound:
            an.update({'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes'})
        if info['binding'] == 'WaitForFirstConsumer' and node and bound:
            an['volume.kubernetes.io/selected-node'] = node
        an.update(ann or {})
        spec = {'accessModes': list(modes), 'resources': {'requests': {'storage': size}}, 'storageClassName': sc,
                'volumeMode': 'Filesystem'}
        o = s.obj('persistentvolumeclaims', name, ns=ns, age=age, labels=labels, ann=an, owner=owner,
                  finalizers=['kubernetes.io/pvc-protection'], spec=spec, status={'phase': 'Pending'})
        if not bound:
            if volume_name:
                spec['volumeName'] = volume_name
            return o
        pvname = volume_name or 'pvc-' + o['metadata']['uid']
        spec['volumeName'] = pvname
        o['status'] = {'accessModes': list(modes), 'capacity': {'storage': size}, 'phase': 'Bound'}
        src, aff = s.pv_source(prov, pvname, o, pv_node or node)
        pv_an = {'pv.kubernetes.io/provisioned-by': prov}
        if prov in ('ebs.csi.aws.com', 'pd.csi.storage.gke.io', 'disk.csi.azure.com', 'dobs.csi.digitalocean.com',
                    'csi.vsphere.vmware.com', 'rook-ceph.rbd.csi.ceph.com'):
            pv_an['volume.kubernetes.io/provisioner-deletion-secret-name'] = ''
            pv_an['volume.kubernetes.io/provisioner-deletion-secret-namespace'] = ''
        if prov == 'rancher.io/local-path':
            pv_an = {'local.path.provisioner/selected-node': pv_node or node, 'pv.kubernetes.io/provisioned-by': prov}
        pvspec = {'accessModes': list(modes), 'capacity': {'storage': size},
                  'claimRef': {'apiVersion': 'v1', 'kind': 'PersistentVolumeClaim', 'name': name, 'namespace': ns,
                               'resourceVersion': o['metadata']['resourceVersion'], 'uid': o['metadata']['uid']},
                  'persistentVolumeReclaimPolicy': s.sc_info[sc]['obj'].get('reclaimPolicy', 'Delete') if sc in s.sc_info else 'Retain',
                  'storageClassName': sc, 'volumeMode': 'Filesystem'}
        pvspec.update(src)
        if aff and aff[1]:
            pvspec['nodeAffinity'] = {'required': {'nodeSelectorTerms': [{'matchExpressions': [
                {'key': aff[0], 'operator': 'In', 'values': [aff[1]]}]}]}}
        pvspec.update(pv_extra or {})
        pv = s.obj('persistentvolumes', pvname, age=max(s.age_of(o) - 3, 1), ann=pv_an,
                   finalizers=['external-provisioner.volume.kubernetes.io/finalizer', 'kubernetes.io/pv-protection'] if 'csi' in src else ['kubernetes.io/pv-protection'],
                   spec=pvspec, status={'lastPhaseTransitionTime': s.t(max(s.age_of(o) - 3, 1)), 'phase': 'Bound'})
        return o

    # ---- config
    def cm(s, ns, name, data, labels=None, ann=None, age='60d', owner=None):
        return s.obj('configmaps', name, ns=ns, age=age, labels=labels, ann=ann, owner=owner, data=dict(data))

    def secret(s, ns, name, keys, typ='Opaque', labels=None, ann=None, age='60d', owner=None):
        return s.obj('secrets', name, ns=ns, age=age, labels=labels, ann=ann, owner=owner,
                     data={k: '' for k in keys}, type=typ)

    def helm(s, ns, release, version=None, age='60d', chart_age=None):
        version = version or s.rng.randint(1, 14)
        a = parse_age(age)
        return s.secret(ns, 'sh.helm.release.v1.%s.v%d' % (release, version), ['release'], typ='helm.sh/release.v1',
                        labels={'modifiedAt': str(int((s.snap - dt.timedelta(seconds=a)).replace(tzinfo=dt.timezone.utc).timestamp())),
                                'name': release, 'owner': 'helm', 'status': 'deployed', 'version': str(version)}, age=a)

    def sa(s, ns, name, ann=None, labels=None, pull=None, automount=None, age='60d', owner=None):
        body = {}
        if pull:
            body['imagePullSecrets'] = [{'name': p} for p in pull]
        if automount is not None:
            body['automountServiceAccountToken'] = automount
        return s.obj('serviceaccounts', name, ns=ns, age=age, labels=labels, ann=ann, owner=owner, **body)

    def pool_selector(s, pool):
        key = {'eks': 'eks.amazonaws.com/nodegroup', 'gke': 'cloud.google.com/gke-nodepool', 'aks': 'agentpool',
               'doks': 'doks.digitalocean.com/node-pool', 'k3s': 'kubernetes.civo.com/node-pool', 'kubeadm': 'workload',
               'openshift': 'hypershift.openshift.io/nodePool'}[s.platform]
        return {key: pool if s.platform != 'openshift' else '%s-%s' % (s.cluster_name, pool)}

    def svc(s, ns, name, sel, ports, typ='ClusterIP', headless=False, labels=None, ann=None, pnr=False, itp=None,
            age='90d', ext=None, lb=None, etp=None, owner=None, lb_ann_status=None):
        sp = {}
        if typ == 'ExternalName':
            sp = {'externalName': ext, 'sessionAffinity': 'None', 'type': 'ExternalName'}
        else:
            pl = []
            for p in ports:
                d = {'port': p[1], 'protocol': 'TCP', 'targetPort': p[2]}
                if p[0]:
                    d['name'] = p[0]
                if typ in ('NodePort', 'LoadBalancer'):
                    d['nodePort'] = s.rng.randint(30000, 32767)
                if len(p) > 3 and p[3]:
                    d['appProtocol'] = p[3]
                pl.append(d)
            ip = 'None' if headless else s.svc_ip()
            sp = {'clusterIP': ip, 'clusterIPs': [ip], 'internalTrafficPolicy': itp or 'Cluster', 'ipFamilies': ['IPv4'],
                  'ipFamilyPolicy': 'SingleStack', 'ports': pl, 'sessionAffinity': 'None', 'type': typ}
            if sel is not None:
                sp['selector'] = dict(sel)
            if pnr:
                sp['publishNotReadyAddresses'] = True
            if typ == 'LoadBalancer':
                sp['allocateLoadBalancerNodePorts'] = True
                sp['externalTrafficPolicy'] = etp or 'Cluster'
        lab = dict(labels or {})
        st = {'loadBalancer': {}}
        if typ == 'LoadBalancer' and lb:
            st = {'loadBalancer': {'ingress': [lb]}}
        o = s.obj('services', name, ns=ns, age=age, labels=lab or None, ann=ann, owner=owner, spec=sp, status=st)
        return o

    def endpoints(s, ns, name, addrs, ports, labels=None, age='90d', not_ready=None):
        sub = {}
        if addrs:
            sub['addresses'] = [{'ip': a} for a in addrs]
        if not_ready:
            sub['notReadyAddresses'] = [{'ip': a} for a in not_ready]
        sub['ports'] = [dict({'port': p, 'protocol': 'TCP'}, **({'name': n} if n else {})) for n, p in ports]
        body = {'subsets': [sub]} if (addrs or not_ready) else {}
        return s.obj('endpoints', name, ns=ns, age=age, labels=labels, **body)

    def ing(s, ns, name, cls, rules, tls=None, lb=None, ann=None, labels=None, age='90d'):
        rl = []
        for host, path, svc, port in rules:
            be = {'service': {'name': svc, 'port': {'number': port} if isinstance(port, int) else {'name': port}}}
            rl.append({'host': host, 'http': {'paths': [{'backend': be, 'path': path, 'pathType': 'Prefix'}]}})
        sp = {'rules': rl}
        if cls:
            sp['ingressClassName'] = cls
        if tls:
            sp['tls'] = [{'hosts': [r[0] for r in rules], 'secretName': tls}]
        return s.obj('ingresses', name, ns=ns, age=age, labels=labels, ann=ann, spec=sp,
                     status={'loadBalancer': {'ingress': [lb]} if lb else {}})

    def np(s, ns, name, spec, age='90d', labels=None, ann=None):
        return s.obj('networkpolicies', name, ns=ns, age=age, labels=labels, ann=ann, spec=spec)

    def rq(s, ns, name, hard, age='90d', labels=None, scopes=None):
        sp = {'hard': dict(hard)}
        if scopes:
            sp['scopes'] = scopes
        return s.obj('resourcequotas', name, ns=ns, age=age, labels=labels, spec=sp, status={})

    # ---- events
    def ev(s, o, reason, msg, typ='Normal', count=1, first='5m', last=None, comp='kubelet', host=None, field=None,
           sched=False, ref=None):
        if ref:
            io = dict(ref)
        else:
            md = o['metadata']
            io = {'apiVersion': o['apiVersion'], 'kind': o['kind'], 'name': md['name'], 'uid': md['uid'],
                  'resourceVersion': md['resourceVersion']}
            if md.get('namespace'):
                io['namespace'] = md['namespace']
        if field:
            io['fieldPath'] = field
        ns = io.get('namespace') or 'default'
        fa = parse_age(first)
        la = parse_age(last) if last is not None else (fa if count == 1 else max(1, s.rng.randint(5, 90)))
        la = min(la, fa)
        ts_ns = int((s.snap - dt.timedelta(seconds=fa)).replace(tzinfo=dt.timezone.utc).timestamp() * 1e9) + s.rng.randint(0, 999999999)
        name = '%s.%x' % (io['name'], ts_ns)
        host = host or ''
        e = {'apiVersion': 'v1', 'kind': 'Event', 'involvedObject': io, 'message': msg, 'reason': reason, 'type': typ,
             'metadata': {'creationTimestamp': s.t(fa), 'name': name, 'namespace': ns, 'resourceVersion': s.rv(),
                          'uid': s.uid()}}
        if sched:
            e.update({'action': 'Scheduling', 'eventTime': s.tmicro(fa), 'firstTimestamp': None, 'lastTimestamp': None,
                      'reportingComponent': 'default-scheduler', 'reportingInstance': 'default-scheduler-' + (host or s.sched_host),
                      'source': {}})
            if count > 1:
                e['series'] = {'count': count, 'lastObservedTime': s.tmicro(la)}
        else:
            e.update({'count': count, 'eventTime': None, 'firstTimestamp': s.t(fa), 'lastTimestamp': s.t(la),
                      'reportingComponent': comp if comp != 'kubelet' or host else comp, 'reportingInstance': host,
                      'source': dict({'component': comp}, **({'host': host} if host else {}))})
        s.items['events'].append(e)
        return e

    def pev(s, p, reason, msg, typ='Warning', count=1, first='5m', last=None, ctr_name=None, comp='kubelet'):
        host = p['spec'].get('nodeName', '')
        return s.ev(p, reason, msg, typ, count, first, last, comp=comp, host=host if comp == 'kubelet' else None,
                    field='spec.containers{%s}' % ctr_name if ctr_name else None)

    # ---- finalize
    def finalize(s):
        for n in list(s.items['namespaces']):
            name = n['metadata']['name']
            na = s.age_of(n)
            if not s.get('serviceaccounts', name, 'default'):
                s.obj('serviceaccounts', 'default', ns=name, age=na - 1)
            if not s.get('configmaps', name, 'kube-root-ca.crt'):
                s.obj('configmaps', 'kube-root-ca.crt', ns=name, age=na - 1, ann={
                    'kubernetes.io/description': 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.'},
                    data={'ca.crt': s.ca_pem})
            if s.platform == 'openshift' and not s.get('configmaps', name, 'openshift-service-ca.crt'):
                s.obj('configmaps', 'openshift-service-ca.crt', ns=name, age=na - 1,
                      ann={'service.beta.openshift.io/inject-cabundle': 'true'}, data={'service-ca.crt': s.svc_ca_pem})
                for sname in ('builder', 'deployer'):
                    if not s.get('serviceaccounts', name, sname):
                        s.obj('serviceaccounts', sname, ns=name, age=na - 1, imagePullSecrets=[{'name': '%s-dockercfg-%s' % (sname, s.sfx(5))}])
        nodes = {n['metadata']['name']: n for n in s.items['nodes']}
        pods_by_ns = {}
        for p in s.items['pods']:
            pods_by_ns.setdefault(p['metadata']['namespace'], []).append(p)
        # endpoints + slices
        for sv in s.items['services']:
            ns, name = sv['metadata']['namespace'], sv['metadata']['name']
            if sv['spec']['type'] == 'ExternalName':
                continue
            lab = dict(sv['metadata'].get('labels', {}))
            if sv['spec'].get('clusterIP') == 'None':
                lab['service.kubernetes.io/headless'] = ''
            trig = {'endpoints.kubernetes.io/last-change-trigger-time': s.t(max(1, s.rng.randint(60, 4000)))}
            a = s.age_of(sv)
            if 'selector' in sv['spec']:
                groups = ep_groups(sv, pods_by_ns.get(ns, []))
                subsets = ep_subsets(sv, groups)
                body = {'subsets': subsets} if subsets else {}
                e = s.obj('endpoints', name, ns=ns, age=a - 1, labels=lab or None, ann=trig, **body)
                slices = slice_groups(sv, groups, nodes)
                for eps, ports in slices:
                    sl_lab = dict(lab)
                    sl_lab.update({'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
                                   'kubernetes.io/service-name': name})
                    o = s.obj('endpointslices', '%s-%s' % (name, s.sfx(5)), ns=ns, age=a - 1, labels=sl_lab, ann=trig,
                              owner=s.oref(sv), addressType='IPv4', endpoints=eps, ports=ports)
                    o['metadata']['generateName'] = name + '-'
                    o['metadata']['generation'] = s.rng.randint(1, 40)
            else:
                e = s.get('endpoints', ns, name)
                if e is None or (ns, name) in s.mirror_skip:
                    continue
                eps, ports = mirror_from_endpoints(e)
                if name == 'kubernetes' and ns == 'default':
                    s.obj('endpointslices', 'kubernetes', ns=ns, age=a - 1, labels={'kubernetes.io/service-name': 'kubernetes'},
                          addressType='IPv4', endpoints=eps, ports=ports)
                    continue
                sl_lab = dict(e['metadata'].get('labels', {}))
                sl_lab.update({'endpointslice.kubernetes.io/managed-by': 'endpointslicemirroring-controller.k8s.io',
                               'kubernetes.io/service-name': name})
                o = s.obj('endpointslices', '%s-%s' % (name, s.sfx(5)), ns=ns, age=s.age_of(e) - 1, labels=sl_lab,
                          owner=s.oref(sv), addressType='IPv4', endpoints=eps, ports=ports)
                o['metadata']['generateName'] = name + '-'
        # containers whose logs show up as termination messages use FallbackToLogsOnError
        want = set()
        for p in s.items['pods']:
            for cs in p.get('status', {}).get('containerStatuses', []) + p.get('status', {}).get('initContainerStatuses', []):
                for st in (cs.get('state', {}).get('terminated'), cs.get('lastState', {}).get('terminated')):
                    if st and st.get('message') and st.get('reason') != 'ContainerStatusUnknown':
                        refs = p['metadata'].get('ownerReferences') or [{'uid': p['metadata']['uid']}]
                        want.add((refs[0]['uid'], cs['name']))
        by_uid = {}
        for pl in ('replicasets', 'deployments', 'statefulsets', 'daemonsets', 'jobs', 'cronjobs'):
            for o in s.items[pl]:
                by_uid[o['metadata']['uid']] = o

        def tmpl_specs(o):
            if o['kind'] == 'CronJob':
                return [o['spec']['jobTemplate']['spec']['template']['spec']]
            return [o['spec']['template']['spec']]
        for uid, cname in sorted(want):
            specs = [p['spec'] for p in s.items['pods'] if (p['metadata'].get('ownerReferences') or [{'uid': p['metadata']['uid']}])[0]['uid'] == uid]
            o = by_uid.get(uid)
            while o is not None:
                specs += tmpl_specs(o)
                refs = o['metadata'].get('ownerReferences') or []
                o = by_uid.get(refs[0]['uid']) if refs else None
            for sp in specs:
                for k in sp.get('containers', []) + sp.get('initContainers', []):
                    if k['name'] == cname:
                        k['terminationMessagePolicy'] = 'FallbackToLogsOnError'
        # workload status
        owned = {}
        for p in s.items['pods']:
            for r in p['metadata'].get('ownerReferences', []):
                owned.setdefault(r['uid'], []).append(p)
        for rs in s.items['replicasets']:
            ps = [p for p in owned.get(rs['metadata']['uid'], []) if active_pod(p)]
            rd = sum(1 for p in ps if pod_ready(p))
            st = {'observedGeneration': rs['metadata']['generation'], 'replicas': len(ps)}
            if ps:
                st['fullyLabeledReplicas'] = len(ps)
            if rd:
                st['readyReplicas'] = rd
                st['availableReplicas'] = rd
            rs['status'] = st
        for d in s.items['deployments']:
            h = s.hint[d['metadata']['uid']]
            rss = h['rss']
            new = rss[-1]
            rep = sum(r['status']['replicas'] for r in rss)
            rdy = sum(r['status'].get('readyReplicas', 0) for r in rss)
            upd = new['status']['replicas']
            want = d['spec']['replicas']
            mu = d['spec']['strategy'].get('rollingUpdate', {}).get('maxUnavailable', '25%')
            mu = int(want * int(mu[:-1]) / 100) if isinstance(mu, str) else mu
            st = {'observedGeneration': d['metadata']['generation']}
            if rep:
                st['replicas'] = rep
            if upd:
                st['updatedReplicas'] = upd
            if rdy:
                st['readyReplicas'] = rdy
                st['availableReplicas'] = rdy
            if want - rdy > 0:
                st['unavailableReplicas'] = want - rdy
            ra = s.age_of(new)
            ra_old = max([s.age_of(r) for r in rss if r['status']['replicas']] + [ra])
            ok = rdy >= want - mu
            ps = [p for p in owned.get(new['metadata']['uid'], []) if active_pod(p)]
            tt = ra_old - 30
            if not ok:
                tt = min([cond_age(s, p, 'Ready') for p in ps] or [ra])
            pg = h.get('progress')
            if pg == 'deadline':
                prog = ('False', 'ProgressDeadlineExceeded', 'ReplicaSet "%s" has timed out progressing.' % new['metadata']['name'], ra - 600)
            elif pg == 'progressing':
                prog = ('True', 'ReplicaSetUpdated', 'ReplicaSet "%s" is progressing.' % new['metadata']['name'], ra - 5)
            else:
                prog = ('True', 'NewReplicaSetAvailable', 'ReplicaSet "%s" has successfully progressed.' % new['metadata']['name'], ra - 40)
            st['conditions'] = [
                {'lastTransitionTime': s.t(max(tt, 1)), 'lastUpdateTime': s.t(max(tt, 1)),
                 'message': 'Deployment has minimum availability.' if ok else 'Deployment does not have minimum availability.',
                 'reason': 'MinimumReplicasAvailable' if ok else 'MinimumReplicasUnavailable', 'status': 'True' if ok else 'False',
                 'type': 'Available'},
                {'lastTransitionTime': s.t(max(prog[3], 1)), 'lastUpdateTime': s.t(max(prog[3] - 2, 1)), 'message': prog[2],
                 'reason': prog[1], 'status': prog[0], 'type': 'Progressing'}]
            d['status'] = st
        for o in s.items['statefulsets']:
            h = s.hint[o['metadata']['uid']]
            ps = [p for p in owned.get(o['metadata']['uid'], []) if active_pod(p)]
            rd = sum(1 for p in ps if pod_ready(p))
            cur = sum(1 for p in ps if p['metadata']['labels'].get('controller-revision-hash') == h['cur'])
            upd = sum(1 for p in ps if p['metadata']['labels'].get('controller-revision-hash') == h['upd'])
            st = {'availableReplicas': rd, 'collisionCount': 0, 'currentRevision': h['cur'],
                  'observedGeneration': o['metadata']['generation'], 'replicas': len(ps), 'updateRevision': h['upd']}
            if h['cur'] != h['upd'] and upd == len(ps):
                pass
            if cur:
                st['currentReplicas'] = cur
            if rd:
                st['readyReplicas'] = rd
            if upd:
                st['updatedReplicas'] = upd
            o['status'] = st
        for o in s.items['daemonsets']:
            ps = [p for p in owned.get(o['metadata']['uid'], []) if active_pod(p)]
            rd = sum(1 for p in ps if pod_ready(p))
            st = {'currentNumberScheduled': len(ps), 'desiredNumberScheduled': len(ps), 'numberMisscheduled': 0,
                  'numberReady': rd, 'observedGeneration': o['metadata']['generation'], 'updatedNumberScheduled': len(ps)}
            if rd:
                st['numberAvailable'] = rd
            if len(ps) - rd:
                st['numberUnavailable'] = len(ps) - rd
            o['status'] = st
        # quotas
        pvcs_by_ns = {}
        for c in s.items['persistentvolumeclaims']:
            pvcs_by_ns.setdefault(c['metadata']['namespace'], []).append(c)
        for q in s.items['resourcequotas']:
            ns = q['metadata']['namespace']
            q['status'] = {'hard': dict(q['spec']['hard']), 'used': quota_used(q, pods_by_ns.get(ns, []), pvcs_by_ns.get(ns, []), s.items)}

    def write(s, root, truth):
        d = os.path.join(root, s.iid)
        os.makedirs(d, exist_ok=True)
        for plural in KINDS:
            if plural in s.omit:
                continue
            items = sorted(s.items[plural], key=lambda o: (o['metadata'].get('namespace', ''), o['metadata']['name']))
            with open(os.path.join(d, plural + '.json'), 'w') as f:
                f.write(canon({'apiVersion': 'v1', 'items': items, 'kind': 'List', 'metadata': {'resourceVersion': ''}}))
        with open(os.path.join(d, 'snapshot_time.txt'), 'w') as f:
            f.write(iso(s.snap) + '\n')
        with open(os.path.join(d, 'truth.json'), 'w') as f:
            f.write(canon(truth))


def canon(o):
    return json.dumps(o, indent=4, sort_keys=True) + '\n'


def pod_ready(p):
    return any(c['type'] == 'Ready' and c['status'] == 'True' for c in p.get('status', {}).get('conditions', []))


def active_pod(p):
    return p.get('status', {}).get('phase') not in ('Succeeded', 'Failed') and not p['metadata'].get('deletionTimestamp')


def cond_age(s, p, typ):
    for c in p['status'].get('conditions', []):
        if c['type'] == typ:
            t = dt.datetime.strptime(c['lastTransitionTime'], '%Y-%m-%dT%H:%M:%SZ')
            return int((s.snap - t).total_seconds())
    return 60


def ipkey(ip):
    return tuple(int(x) for x in ip.split('.'))


def ep_groups(sv, pods):
    sel = sv['spec'].get('selector') or {}
    pnr = sv['spec'].get('publishNotReadyAddresses', False)
    groups = {}
    for p in pods:
        lab = p['metadata'].get('labels', {})
        if not sel or not all(lab.get(k) == v for k, v in sel.items()):
            continue
        st = p.get('status', {})
        if not st.get('podIP') or not active_pod(p):
            continue
        rdy = pod_ready(p)
        ports = []
        for sp in sv['spec'].get('ports', []):
            tp = sp.get('targetPort', sp['port'])
            if isinstance(tp, str):
                num = None
                for c in p['spec']['containers']:
                    for cp in c.get('ports', []):
                        if cp.get('name') == tp:
                            num = cp['containerPort']
                if num is None:
                    continue
            else:
                num = tp
            ports.append((sp.get('name', ''), num, sp.get('protocol', 'TCP'), sp.get('appProtocol', '')))
        if sv['spec'].get('ports') and not ports:
            continue
        groups.setdefault(tuple(sorted(ports)), []).append((st['podIP'], rdy or pnr, rdy, p))
    for k in groups:
        groups[k].sort(key=lambda x: ipkey(x[0]))
    return groups


def _addr(sv, p, ip):
    a = {'ip': ip, 'nodeName': p['spec']['nodeName'],
         'targetRef': {'kind': 'Pod', 'name': p['metadata']['name'], 'namespace': p['metadata']['namespace'],
                       'uid': p['metadata']['uid']}}
    if sv['spec'].get('clusterIP') == 'None' and p['spec'].get('hostname') and p['spec'].get('subdomain') == sv['metadata']['name']:
        a['hostname'] = p['spec']['hostname']
    return a


def ep_subsets(sv, groups):
    out = []
    for key in sorted(groups):
        sub = {}
        rd = [_addr(sv, p, ip) for ip, r, _, p in groups[key] if r]
        nr = [_addr(sv, p, ip) for ip, r, _, p in groups[key] if not r]
        if rd:
            sub['addresses'] = rd
        if nr:
            sub['notReadyAddresses'] = nr
        sub['ports'] = [dict({'port': n, 'protocol': pr}, **({'name': nm} if nm else {}), **({'appProtocol': ap} if ap else {}))
                        for nm, n, pr, ap in key]
        out.append(sub)
    return out


def slice_groups(sv, groups, nodes):
    if not groups:
        return [(None, None)]
    out = []
    for key in sorted(groups):
        eps = []
        for ip, r, serving, p in groups[key]:
            e = {'addresses': [ip], 'conditions': {'ready': r, 'serving': serving, 'terminating': False},
                 'nodeName': p['spec']['nodeName'],
                 'targetRef': {'kind': 'Pod', 'name': p['metadata']['name'], 'namespace': p['metadata']['namespace'],
                               'uid': p['metadata']['uid']}}
            z = nodes.get(p['spec']['nodeName'], {}).get('metadata', {}).get('labels', {}).get('topology.kubernetes.io/zone')
            if z:
                e['zone'] = z
            if sv['spec'].get('clusterIP') == 'None' and p['spec'].get('hostname') and p['spec'].get('subdomain') == sv['metadata']['name']:
                e['hostname'] = p['spec']['hostname']
            eps.append(e)
        ports = [dict({'name': nm, 'port': n, 'protocol': pr}, **({'appProtocol': ap} if ap else {})) for nm, n, pr, ap in key]
        out.append((eps, ports))
    return out


def mirror_from_endpoints(e):
    eps, ports = [], None
    for sub in e.get('subsets') or []:
        for a in sub.get('addresses', []):
            eps.append({'addresses': [a['ip']], 'conditions': {'ready': True}})
        for a in sub.get('notReadyAddresses', []):
            eps.append({'addresses': [a['ip']], 'conditions': {'ready': False}})
        ports = [{'name': p.get('name', ''), 'port': p['port'], 'protocol': p.get('protocol', 'TCP')} for p in sub.get('ports', [])]
    return (eps or None), ports


def pod_resources(p, field, res_name):
    tot = 0.0
    for c in p['spec']['containers']:
        v = c.get('resources', {}).get(field, {}).get(res_name)
        if v is None and field == 'requests':
            v = c.get('resources', {}).get('limits', {}).get(res_name)
        tot += q_parse(v) if v else 0
    for c in p['spec'].get('initContainers', []):
        v = c.get('resources', {}).get(field, {}).get(res_name)
        if v is None and field == 'requests':
            v = c.get('resources', {}).get('limits', {}).get(res_name)
        tot = max(tot, q_parse(v) if v else 0)
    return tot


def quota_used(q, pods, pvcs, items):
    used = {}
    ap = [p for p in pods if active_pod(p)]
    ns = q['metadata']['namespace']
    for k in q['spec']['hard']:
        if k in ('pods', 'count/pods'):
            used[k] = str(len(ap))
        elif k in ('requests.cpu', 'cpu', 'limits.cpu'):
            f = 'limits' if k.startswith('limits') else 'requests'
            used[k] = q_cpu(sum(pod_resources(p, f, 'cpu') for p in ap))
        elif k in ('requests.memory', 'memory', 'limits.memory'):
            f = 'limits' if k.startswith('limits') else 'requests'
            used[k] = q_mem(sum(pod_resources(p, f, 'memory') for p in ap))
        elif k == 'requests.storage':
            used[k] = q_mem(sum(q_parse(c['spec']['resources']['requests']['storage']) for c in pvcs))
        elif k.endswith('.storageclass.storage.k8s.io/requests.storage'):
            scn = k.split('.storageclass')[0]
            used[k] = q_mem(sum(q_parse(c['spec']['resources']['requests']['storage']) for c in pvcs if c['spec'].get('storageClassName') == scn))
        elif k in ('persistentvolumeclaims', 'count/persistentvolumeclaims'):
            used[k] = str(len(pvcs))
        elif k in ('services', 'count/services'):
            used[k] = str(sum(1 for o in items['services'] if o['metadata']['namespace'] == ns))
        elif k == 'services.loadbalancers':
            used[k] = str(sum(1 for o in items['services'] if o['metadata']['namespace'] == ns and o['spec']['type'] == 'LoadBalancer'))
        elif k in ('secrets', 'count/secrets'):
            used[k] = str(sum(1 for o in items['secrets'] if o['metadata']['namespace'] == ns))
        elif k in ('configmaps', 'count/configmaps'):
            used[k] = str(sum(1 for o in items['configmaps'] if o['metadata']['namespace'] == ns))
        elif k == 'count/jobs.batch':
            used[k] = str(sum(1 for o in items['jobs'] if o['metadata']['namespace'] == ns))
        else:
            raise ValueError('quota key ' + k)
    return used


# ----------------------------------------------------------------------------------------------------------------
# platform builders
CRIT = {'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000}


def pem(rng, lines=14):
    import base64
    b = bytes(rng.getrandbits(8) for _ in range(lines * 48))
    s = base64.b64encode(b).decode()
    return '-----BEGIN CERTIFICATE-----\n' + '\n'.join(s[i:i + 64] for i in range(0, len(s), 64)) + '\n-----END CERTIFICATE-----\n'


def helm_labels(name, inst, chart, ver, comp=None, extra=None):
    l = {'app.kubernetes.io/instance': inst, 'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/name': name,
         'app.kubernetes.io/version': ver, 'helm.sh/chart': chart}
    if comp:
        l['app.kubernetes.io/component'] = comp
    l.update(extra or {})
    return l


def sel_of(name, inst, comp=None):
    s = {'app.kubernetes.io/instance': inst, 'app.kubernetes.io/name': name}
    if comp:
        s['app.kubernetes.io/component'] = comp
    return s


def sysdep(c, ns, name, containers, replicas, sel, labels=None, sa=None, prio='system-cluster-critical', nodes=None,
           pool=None, tol=None, age=None, volumes=None, spec=None, states=None, **kw):
    sp = dict(spec or {})
    if prio:
        sp['priorityClassName'] = prio
    if tol:
        sp['tolerations'] = tol
    if sa and not c.get('serviceaccounts', ns, sa):
        c.sa(ns, sa, age=age or c.cluster_age)
    return c.deploy(ns, name, replicas, containers, sel, labels=labels, sa=sa or 'default', nodes=nodes, pool=pool,
                    age=age or c.cluster_age, volumes=volumes, spec=sp, prio=CRIT.get(prio) if prio else None,
                    states=states, **kw)


def sysds(c, ns, name, containers, sel, labels=None, sa=None, prio='system-node-critical', hostnet=False, nodes=None,
          age=None, volumes=None, tol=None, init=None, spec=None, states=None, node_selector=None, pod_ann=None):
    sp = dict(spec or {})
    if prio:
        sp['priorityClassName'] = prio
    if sa and not c.get('serviceaccounts', ns, sa):
        c.sa(ns, sa, age=age or c.cluster_age)
    return c.ds(ns, name, containers, sel, labels=labels, sa=sa or 'default', hostnet=hostnet, nodes=nodes,
                age=age or c.cluster_age, volumes=volumes, tolerations=tol, init=init, spec=sp,
                prio=CRIT.get(prio) if prio else None, states=states, node_selector=node_selector, pod_ann=pod_ann)


def coredns(c, ns='kube-system', name='coredns', image='registry.k8s.io/coredns/coredns:v1.11.1', replicas=2,
            lab_k8s_app='kube-dns', dns_ip=None, svc_name='kube-dns', corefile=None, nodes=None, extra_labels=None):
    sel = {'k8s-app': lab_k8s_app}
    cf = corefile or (".:53 {\n    errors\n    health {\n       lameduck 5s\n    }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n"
                      "       pods insecure\n       fallthrough in-addr.arpa ip6.arpa\n       ttl 30\n    }\n    prometheus :9153\n"
                      "    forward . /etc/resolv.conf {\n       max_concurrent 1000\n    }\n    cache 30\n    loop\n    reload\n    loadbalance\n}\n")
    c.cm(ns, name, {'Corefile': cf}, labels=extra_labels, age=c.cluster_age)
    c.sa(ns, name, age=c.cluster_age)
    r = res('100m', '70Mi', None, '170Mi')
    co = ctr('coredns', image, ports=[('dns', 53), ('dns-tcp', 53), ('metrics', 9153)], args=['-conf', '/etc/coredns/Corefile'],
             r=r, mounts=[('config-volume', '/etc/coredns')], ready=probe('http', 8181, '/ready'),
             live=probe('http', 8080, '/health', delay=60, timeout=5, fail=5),
             sc={'allowPrivilegeEscalation': False, 'capabilities': {'add': ['NET_BIND_SERVICE'], 'drop': ['ALL']}, 'readOnlyRootFilesystem': True})
    co['ports'][1]['protocol'] = 'UDP'
    co['ports'][0]['protocol'] = 'UDP'
    co['ports'][1]['protocol'] = 'TCP'
    sysdep(c, ns, name, [co], replicas, sel, labels=dict(sel, **(extra_labels or {})), sa=name,
           volumes=[{'configMap': {'defaultMode': 420, 'items': [{'key': 'Corefile', 'path': 'Corefile'}], 'name': name}, 'name': 'config-volume'}],
           tol=[{'key': 'CriticalAddonsOnly', 'operator': 'Exists'}, {'effect': 'NoSchedule', 'key': 'node-role.kubernetes.io/control-plane'}],
           nodes=nodes)
    sv = c.svc(ns, svc_name, sel, [('dns', 53, 53), ('dns-tcp', 53, 53), ('metrics', 9153, 9153)],
               labels=dict({'k8s-app': lab_k8s_app, 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS'}, **(extra_labels or {})),
               ann={'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true'}, age=c.cluster_age)
    sv['spec']['ports'][0]['protocol'] = 'UDP'
    if dns_ip:
        c.ips.add(dns_ip)
        sv['spec']['clusterIP'] = dns_ip
        sv['spec']['clusterIPs'] = [dns_ip]


def metrics_server(c, image='registry.k8s.io/metrics-server/metrics-server:v0.7.1', ns='kube-system', replicas=1):
    sel = {'k8s-app': 'metrics-server'}
    co = ctr('metrics-server', image, ports=[('https', 10250)], r=res('100m', '200Mi'),
             args=['--cert-dir=/tmp', '--secure-port=10250', '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
                   '--kubelet-use-node-status-port', '--metric-resolution=15s'],
             ready=probe('http', 'https', '/readyz', delay=20), live=probe('http', 'https', '/livez'),
             mounts=[('tmp-dir', '/tmp')])
    co['readinessProbe']['httpGet']['scheme'] = 'HTTPS'
    co['livenessProbe']['httpGet']['scheme'] = 'HTTPS'
    sysdep(c, ns, 'metrics-server', [co], replicas, sel, sa='metrics-server', volumes=[vol_empty('tmp-dir')])
    c.svc(ns, 'metrics-server', sel, [('https', 443, 'https')], labels=sel, age=c.cluster_age)


def kubernetes_svc(c, api_ips, port):
    c.svc('default', 'kubernetes', None, [('https', 443, port)], labels={'component': 'apiserver', 'provider': 'kubernetes'},
          age=c.cluster_age)
    sv = c.get('services', 'default', 'kubernetes')
    ip = sv['spec']['clusterIP']
    c.ips.discard(ip)
    base = c.svc_base_ip
    c.ips.discard(base)
    sv['spec']['clusterIP'] = base
    sv['spec']['clusterIPs'] = [base]
    c.ips.add(base)
    c.endpoints('default', 'kubernetes', api_ips, [('https', port)], labels={'endpointslice.kubernetes.io/skip-mirror': 'true'},
                age=c.cluster_age)


def base_ns(c, extra=()):
    for n in ('default', 'kube-node-lease', 'kube-public', 'kube-system') + tuple(extra):
        c.ns(n, c.cluster_age)


def platform(c, kind, pools, age='400d', k8s='1.29', region=None, cni=None, storage=None, name=None):
    """pools: list of (pool, count, itype, cpu, mem, extra) ; extra: dict(labels=, taints=, ages=[...], zones=[...])"""
    c.platform = kind
    c.cluster_age = parse_age(age)
    c.ca_pem = pem(c.rng)
    c.svc_ca_pem = pem(c.rng, 10)
    c.cluster_name = name or c.rng.choice(['prod', 'prod-eu', 'platform-prod', 'core', 'data-prod', 'shared-prod'])
    rng = c.rng
    nodes_made = []
    if kind == 'eks':
        region = region or 'us-east-1'
        c.region = region
        zones = [region + z for z in 'abc']
        c.svcnet = lambda r: '10.100.%d.%d' % (r.randint(0, 255), r.randint(1, 254))
        c.svc_base_ip = '10.100.0.1'
        dom = 'ec2.internal' if region == 'us-east-1' else '%s.compute.internal' % region
        kv = {'1.29': 'v1.29.3-eks-ae9a62a', '1.30': 'v1.30.0-eks-036c24b', '1.28': 'v1.28.8-eks-ae9a62a'}[k8s]
        zi = 0
        for pool, n, itype, cpu, mem, ex in pools:
            for i in range(n):
                z = (ex.get('zones') or zones)[i % len(ex.get('zones') or zones)]
                zidx = zones.index(z)
                third = zidx * 32 + rng.randint(0, 31)
                ip = '10.0.%d.%d' % (third, rng.randint(4, 250))
                nm = 'ip-%s.%s' % (ip.replace('.', '-'), dom)
                lab = {'eks.amazonaws.com/capacityType': 'ON_DEMAND', 'eks.amazonaws.com/nodegroup': pool,
                       'eks.amazonaws.com/nodegroup-image': 'ami-0' + c.hx(16), 'eks.amazonaws.com/sourceLaunchTemplateId': 'lt-0' + c.hx(16),
                       'eks.amazonaws.com/sourceLaunchTemplateVersion': str(rng.randint(1, 9)),
                       'k8s.io/cloud-provider-aws': c.hx(32), 'topology.ebs.csi.aws.com/zone': z,
                       'topology.k8s.aws/zone-id': 'use1-az%d' % (zidx + 1)}
                lab.update(ex.get('labels', {}))
                zz = zidx
                c.node(nm, ip, (lambda r, zz=zz: '10.0.%d.%d' % (zz * 32 + r.randint(0, 31), r.randint(4, 250))), zone=z, pool=pool,
                       labels=lab, age=(ex.get('ages') or [age])[i % len(ex.get('ages') or [age])], cpu=cpu, mem=mem, itype=itype,
                       kubelet=kv, os_image='Amazon Linux 2', kernel='5.10.217-205.860.amzn2.x86_64',
                       runtime='containerd://1.7.11', provider='aws:///%s/i-0%s' % (z, c.hx(16)), region=region,
                       taints=ex.get('taints'), hostname=nm)
                nodes_made.append(nm)
        base_ns(c)
        c.sched_host = 'ip-10-0-%d-%d' % (rng.randint(0, 90), rng.randint(2, 250))
        kubernetes_svc(c, ['10.0.%d.%d' % (rng.randint(0, 95), rng.randint(4, 250)) for _ in range(2)], 443)
        # aws-node
        an = ctr('aws-node', '602401143452.dkr.ecr.%s.amazonaws.com/amazon-k8s-cni:v1.18.2-eksbuild.1' % region,
                 ports=[('metrics', 61678)], r=res('25m'), env=[E('ADDITIONAL_ENI_TAGS', '{}'), E('AWS_VPC_K8S_CNI_LOGLEVEL', 'DEBUG'),
                                                                  E('CLUSTER_NAME', c.cluster_name), E('MY_NODE_NAME', field='spec.nodeName')],
                 ready=probe('exec', cmd=['/app/grpc-health-probe', '-addr=:50051', '-connect-timeout=5s', '-rpc-timeout=5s'], delay=1, timeout=10),
                 sc={'capabilities': {'add': ['NET_ADMIN', 'NET_RAW']}})
        na = ctr('aws-eks-nodeagent', '602401143452.dkr.ecr.%s.amazonaws.com/amazon/aws-network-policy-agent:v1.1.2-eksbuild.1' % region,
                 r=res('25m'), args=['--enable-ipv6=false', '--enable-network-policy=%s' % ('true' if getattr(c, 'eks_netpol', False) else 'false'), '--enable-cloudwatch-logs=false', '--metrics-bind-addr=:8162', '--health-probe-bind-addr=:8163'],
                 sc={'capabilities': {'add': ['NET_ADMIN']}, 'privileged': True})
        init = [ctr('aws-vpc-cni-init', '602401143452.dkr.ecr.%s.amazonaws.com/amazon-k8s-cni-init:v1.18.2-eksbuild.1' % region, r=res('25m'),
                    sc={'privileged': True})]
        sysds(c, 'kube-system', 'aws-node', [an, na], {'k8s-app': 'aws-node'}, labels={'app.kubernetes.io/instance': 'aws-vpc-cni', 'app.kubernetes.io/name': 'aws-node', 'k8s-app': 'aws-node'},
              sa='aws-node', hostnet=True, init=init)
        kp = ctr('kube-proxy', '602401143452.dkr.ecr.%s.amazonaws.com/eks/kube-proxy:%s-minimal-eksbuild.2' % (region, kv.split('-')[0]),
                 command=['kube-proxy', '--v=2', '--config=/var/lib/kube-proxy-config/config', '--hostname-override=$(NODE_NAME)'],
                 env=[E('NODE_NAME', field='spec.nodeName')], r=res('100m'), sc={'privileged': True},
                 mounts=[('varlog', '/var/log'), ('xtables-lock', '/run/xtables.lock'), ('lib-modules', '/lib/modules'), ('kubeconfig', '/var/lib/kube-proxy/'), ('config', '/var/lib/kube-proxy-config/')])
        c.cm('kube-system', 'kube-proxy', {'kubeconfig': 'kind: Config\napiVersion: v1\nclusters:\n- cluster:\n    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt\n    server: https://%s.gr7.%s.eks.amazonaws.com\n  name: default\n' % (c.hx(32).upper(), region)}, labels={'eks.amazonaws.com/component': 'kube-proxy', 'k8s-app': 'kube-proxy'}, age=c.cluster_age)
        c.cm('kube-system', 'kube-proxy-config', {'config': 'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: "iptables"\nclusterCIDR: ""\n'}, labels={'eks.amazonaws.com/component': 'kube-proxy', 'k8s-app': 'kube-proxy'}, age=c.cluster_age)
        sysds(c, 'kube-system', 'kube-proxy', [kp], {'k8s-app': 'kube-proxy'}, labels={'eks.amazonaws.com/component': 'kube-proxy', 'k8s-app': 'kube-proxy'},
              sa='kube-proxy', hostnet=True, volumes=[vol_host('varlog', '/var/log'), vol_host('xtables-lock', '/run/xtables.lock', 'FileOrCreate'),
                                                      vol_host('lib-modules', '/lib/modules'), vol_cm('kubeconfig', 'kube-proxy'), vol_cm('config', 'kube-proxy-config')])
        coredns(c, image='602401143452.dkr.ecr.%s.amazonaws.com/eks/coredns:v1.11.1-eksbuild.9' % region, dns_ip='10.100.0.10',
                extra_labels={'eks.amazonaws.com/component': 'coredns'})
        ebs_csi(c, 'kube-system', region)
        metrics_server(c)
        c.sc('gp2', 'kubernetes.io/aws-ebs', {'fsType': 'ext4', 'type': 'gp2'}, expand=None, age=age)
        c.sc('gp3', 'ebs.csi.aws.com', {'encrypted': 'true', 'fsType': 'ext4', 'type': 'gp3'}, default=True, age='300d')
        c.sc_info['gp2']['prov'] = 'ebs.csi.aws.com'
    elif kind == 'gke':
        region = region or 'europe-west1'
        c.region = region
        zones = [region + '-' + z for z in 'bcd']
        c.gcp_project = c.rng.choice(['acme-prod-4821', 'payments-platform-prd', 'dataplat-prod-37']) 
        c.svcnet = lambda r: '34.118.%d.%d' % (r.randint(224, 239), r.randint(1, 254))
        c.svc_base_ip = '34.118.224.1'
        kv = {'1.29': 'v1.29.6-gke.1038001', '1.30': 'v1.30.2-gke.1587003', '1.28': 'v1.28.10-gke.1075001'}[k8s]
        k = 0
        for pool, n, itype, cpu, mem, ex in pools:
            ph = c.hx(8)
            for i in range(n):
                z = (ex.get('zones') or zones)[i % len(ex.get('zones') or zones)]
                nm = 'gke-%s-%s-%s-%s' % (c.cluster_name, pool, ph, ''.join(rng.choice('abcdefghijklmnopqrstuvwxyz0123456789') for _ in range(4)))
                ip = '10.132.0.%d' % (10 + k)
                kk = 10 + 2 * k
                lab = {'cloud.google.com/gke-boot-disk': 'pd-balanced', 'cloud.google.com/gke-container-runtime': 'containerd',
                       'cloud.google.com/gke-cpu-scaling-level': cpu, 'cloud.google.com/gke-logging-variant': 'DEFAULT',
                       'cloud.google.com/gke-max-pods-per-node': '110', 'cloud.google.com/gke-nodepool': pool,
                       'cloud.google.com/gke-os-distribution': 'cos', 'cloud.google.com/gke-provisioning': 'standard',
                       'cloud.google.com/gke-stack-type': 'IPV4', 'cloud.google.com/machine-family': itype.split('-')[0],
                       'cloud.google.com/private-node': 'false', 'topology.gke.io/zone': z}
                lab.update(ex.get('labels', {}))
                c.node(nm, ip, '10.%d.%d.' % (48 + kk // 256, kk % 256), zone=z, pool=pool, labels=lab,
                       age=(ex.get('ages') or [age])[i % len(ex.get('ages') or [age])], cpu=cpu, mem=mem, itype=itype,
                       kubelet=kv, os_image='Container-Optimized OS from Google', kernel='6.1.90+', runtime='containerd://1.7.15',
                       provider='gce://%s/%s/%s' % (c.gcp_project, z, nm), region=region, cidr='10.%d.%d.0/24' % (48 + kk // 256, kk % 256),
                       taints=ex.get('taints'), extip='34.%d.%d.%d' % (rng.randint(20, 140), rng.randint(0, 255), rng.randint(1, 254)))
                nodes_made.append(nm)
                k += 1
        base_ns(c, ('gke-managed-cim', 'gmp-public', 'gmp-system') if False else ())
        c.sched_host = 'gke-%s' % c.hx(8)
        kubernetes_svc(c, ['172.16.0.2'], 443)
        gke_system(c)
        c.sc('premium-rwo', 'pd.csi.storage.gke.io', {'type': 'pd-ssd'}, age=age)
        c.sc('standard', 'kubernetes.io/gce-pd', {'type': 'pd-standard'}, binding='Immediate', age=age)
        c.sc('standard-rwo', 'pd.csi.storage.gke.io', {'type': 'pd-balanced'}, default=True, age=age)
        for n_ in ('premium-rwo', 'standard-rwo', 'standard'):
            c.sc_info[n_]['obj']['metadata'].setdefault('labels', {})['addonmanager.kubernetes.io/mode'] = 'EnsureExists'
        c.sc_info['standard']['prov'] = 'pd.csi.storage.gke.io'
    elif kind == 'aks':
        region = region or 'westeurope'
        c.region = region
        zones = [region + '-%d' % z for z in (1, 2, 3)]
        c.az_sub = c.uid()
        c.az_rg = 'MC_rg-%s_aks-%s_%s' % (c.cluster_name, c.cluster_name, region)
        c.svcnet = lambda r: '10.0.%d.%d' % (r.randint(0, 255), r.randint(1, 254))
        c.svc_base_ip = '10.0.0.1'
        kv = {'1.29': 'v1.29.4', '1.30': 'v1.30.1', '1.28': 'v1.28.9'}[k8s]
        k = 0
        for pool, n, itype, cpu, mem, ex in pools:
            num = str(rng.randint(10000000, 99999999))
            for i in range(n):
                z = (ex.get('zones') or zones)[i % len(ex.get('zones') or zones)]
                nm = 'aks-%s-%s-vmss%06d' % (pool, num, ex.get('first', 0) + i)
                ip = '10.224.0.%d' % (4 + k)
                lab = {'agentpool': pool, 'kubernetes.azure.com/agentpool': pool, 'kubernetes.azure.com/cluster': c.az_rg,
                       'kubernetes.azure.com/consolidated-additional-properties': c.uid(), 'kubernetes.azure.com/kubelet-identity-client-id': c.uid(),
                       'kubernetes.azure.com/mode': ex.get('mode', 'user'), 'kubernetes.azure.com/node-image-version': 'AKSUbuntu-2204gen2containerd-202406.07.0',
                       'kubernetes.azure.com/nodepool-type': 'VirtualMachineScaleSets', 'kubernetes.azure.com/os-sku': 'Ubuntu',
                       'kubernetes.azure.com/role': 'agent', 'kubernetes.azure.com/storageprofile': 'managed', 'kubernetes.azure.com/storagetier': 'Premium_LRS',
                       'storageprofile': 'managed', 'storagetier': 'Premium_LRS', 'topology.disk.csi.azure.com/zone': z}
                lab.update(ex.get('labels', {}))
                c.node(nm, ip, '10.244.%d.' % k, zone=z, pool=pool, labels=lab, age=(ex.get('ages') or [age])[i % len(ex.get('ages') or [age])],
                       cpu=cpu, mem=mem, itype=itype, kubelet=kv, os_image='Ubuntu 22.04.4 LTS', kernel='5.15.0-1066-azure',
                       runtime='containerd://1.7.15-1', provider='azure:///subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/virtualMachineScaleSets/aks-%s-%s-vmss/virtualMachines/%d' % (
                           c.az_sub, c.az_rg.lower(), pool, num, ex.get('first', 0) + i), region=region, cidr='10.244.%d.0/24' % k,
                       taints=ex.get('taints'))
                nodes_made.append(nm)
                k += 1
        base_ns(c)
        c.sched_host = 'aks-sched-%s' % c.hx(6)
        kubernetes_svc(c, ['20.%d.%d.%d' % (rng.randint(30, 90), rng.randint(0, 255), rng.randint(1, 254))], 443)
        aks_system(c)
        c.sc('default', 'disk.csi.azure.com', {'skuname': 'StandardSSD_LRS'}, default=True, age=age,
             labels={'addonmanager.kubernetes.io/mode': 'EnsureExists', 'kubernetes.io/cluster-service': 'true'})
        c.sc('managed-csi-premium', 'disk.csi.azure.com', {'skuname': 'Premium_LRS'}, age=age,
             labels={'addonmanager.kubernetes.io/mode': 'EnsureExists', 'kubernetes.io/cluster-service': 'true'})
        c.sc('azurefile-csi', 'file.csi.azure.com', {'skuName': 'Standard_LRS'}, binding='Immediate', age=age,
             mount_options=['mfsymlinks', 'actimeo=30', 'nosharesock'], labels={'addonmanager.kubernetes.io/mode': 'EnsureExists', 'kubernetes.io/cluster-service': 'true'})
    elif kind == 'doks':
        region = region or 'fra1'
        c.region = c.do_region = region
        c.svcnet = lambda r: '10.245.%d.%d' % (r.randint(0, 255), r.randint(1, 254))
        c.svc_base_ip = '10.245.0.1'
        kv = {'1.29': 'v1.29.5', '1.30': 'v1.30.2', '1.28': 'v1.28.10'}[k8s]
        k = 0
        for pool, n, itype, cpu, mem, ex in pools:
            pid = c.uid()
            for i in range(n):
                nm = '%s-%s' % (pool, ''.join(rng.choice('abcdefghijklmnopqrstuvwxyz0123456789') for _ in range(5)))
                ip = '10.114.0.%d' % (2 + k)
                lab = {'doks.digitalocean.com/managed': 'true', 'doks.digitalocean.com/node-id': c.uid(), 'doks.digitalocean.com/node-pool': pool,
                       'doks.digitalocean.com/node-pool-id': pid, 'doks.digitalocean.com/version': kv[1:] + '-do.0', 'region': region}
                lab.update(ex.get('labels', {}))
                c.node(nm, ip, '10.244.%d.' % (k + 1), pool=pool, labels=lab, age=(ex.get('ages') or [age])[i % len(ex.get('ages') or [age])],
                       cpu=cpu, mem=mem, itype=itype, kubelet=kv, os_image='Debian GNU/Linux 12 (bookworm)', kernel='6.1.0-21-amd64',
                       runtime='containerd://1.6.31', provider='digitalocean://4%08d' % rng.randint(0, 99999999), region=region,
                       cidr='10.244.%d.0/24' % (k + 1), taints=ex.get('taints'),
                       extip='%d.%d.%d.%d' % (rng.choice([164, 167, 138, 209]), rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)))
                nodes_made.append(nm)
                k += 1
        base_ns(c)
        c.sched_host = 'doks-%s' % c.hx(6)
        kubernetes_svc(c, ['100.65.%d.%d' % (rng.randint(0, 255), rng.randint(1, 254))], 443)
        doks_system(c)
        c.sc('do-block-storage', 'dobs.csi.digitalocean.com', None, binding='Immediate', default=True, age=age,
             labels={'c3.doks.digitalocean.com/component': 'csi-controller-service', 'c3.doks.digitalocean.com/plane': 'data', 'doks.digitalocean.com/managed': 'true'})
        c.sc('do-block-storage-retain', 'dobs.csi.digitalocean.com', None, binding='Immediate', reclaim='Retain', age=age,
             labels={'doks.digitalocean.com/managed': 'true'})
        c.sc('do-block-storage-xfs', 'dobs.csi.digitalocean.com', {'fstype': 'xfs'}, binding='Immediate', age=age,
             labels={'doks.digitalocean.com/managed': 'true'})
    elif kind == 'k3s':
        region = region or 'LON1'
        c.region = region
        c.svcnet = lambda r: '10.43.%d.%d' % (r.randint(0, 255), r.randint(1, 254))
        c.svc_base_ip = '10.43.0.1'
        kv = {'1.29': 'v1.29.4+k3s1', '1.28': 'v1.28.9+k3s1', '1.30': 'v1.30.2+k3s2'}[k8s]
        k = 0
        cid = c.hx(4) + '-' + c.hx(6)
        for pool, n, itype, cpu, mem, ex in pools:
            pid = c.hx(4)
            for i in range(n):
                nm = 'k3s-%s-%s-node-pool-%s-%s' % (c.cluster_name, cid, pid, ''.join(rng.choice('abcdefghijklmnopqrstuvwxyz0123456789') for _ in range(5)))
                ip = '192.168.1.%d' % (3 + k)
                lab = {'k3s.io/hostname': nm, 'k3s.io/internal-ip': ip, 'kubernetes.civo.com/civo-node-pool': pid,
                       'kubernetes.civo.com/node-pool': pool, 'node.kubernetes.io/instance-type': itype}
                lab.update(ex.get('labels', {}))
                c.node(nm, ip, '10.42.%d.' % k, pool=pool, labels=lab, age=(ex.get('ages') or [age])[i % len(ex.get('ages') or [age])],
                       cpu=cpu, mem=mem, kubelet=kv, os_image='Ubuntu 22.04.4 LTS', kernel='5.15.0-107-generic',
                       runtime='containerd://1.7.15-k3s1', provider='civo://%s' % c.uid(), region=region, cidr='10.42.%d.0/24' % k,
                       taints=ex.get('taints'), extip='74.220.%d.%d' % (rng.randint(16, 31), rng.randint(1, 254)))
                nodes_made.append(nm)
                k += 1
        base_ns(c)
        c.sched_host = nodes_made[0]
        kubernetes_svc(c, ['192.168.1.2'], 6443)
        k3s_system(c)
        c.sc('local-path', 'rancher.io/local-path', None, default=True, expand=None, age=age,
             ann={'objectset.rio.cattle.io/id': '', 'objectset.rio.cattle.io/owner-gvk': 'k3s.cattle.io/v1, Kind=Addon',
                  'objectset.rio.cattle.io/owner-name': 'local-storage', 'objectset.rio.cattle.io/owner-namespace': 'kube-system'},
             labels={'objectset.rio.cattle.io/hash': c.hx(40)})
    elif kind == 'kubeadm':
        c.svcnet = lambda r: '10.96.%d.%d' % (r.randint(0, 255), r.randint(1, 254))
        c.svc_base_ip = '10.96.0.1'
        kv = {'1.29': 'v1.29.7', '1.28': 'v1.28.11', '1.30': 'v1.30.3'}[k8s]
        c.kv = kv
        net = region or '10.20.30.'
        k = 0
        cps = []
        for pool, n, itype, cpu, mem, ex in pools:
            for i in range(n):
                nm = ex.get('names', [None] * n)[i] or '%s-%02d' % (pool, i + 1)
                ip = net + str(11 + k)
                role = 'control-plane' if pool.endswith('cp') or ex.get('cp') else 'worker'
                taints = ex.get('taints')
                if role == 'control-plane':
                    taints = [{'effect': 'NoSchedule', 'key': 'node-role.kubernetes.io/control-plane'}]
                    cps.append(nm)
                lab = {} if role == 'control-plane' or ex.get('nolabel') else {'workload': pool}
                lab.update(ex.get('labels', {}))
                if i in ex.get('unlabeled', ()):
                    lab.pop('workload', None)
                c.node(nm, ip, '10.244.%d.' % k, pool=pool, labels=lab, age=(ex.get('ages') or [age])[i % len(ex.get('ages') or [age])],
                       role=role, cpu=cpu, mem=mem, kubelet=kv, os_image='Ubuntu 22.04.4 LTS', kernel='5.15.0-113-generic',
                       runtime='containerd://1.7.12', cidr='10.244.%d.0/24' % k, taints=taints, zone=ex.get('zone'))
                c.nodes[nm]['role'] = role
                nodes_made.append(nm)
                k += 1
        c.cps = cps
        base_ns(c)
        c.sched_host = cps[0]
        kubernetes_svc(c, [c.nodes[n]['ip'] for n in cps], 6443)
        kubeadm_system(c, cni or 'calico')
    elif kind == 'openshift':
        region = region or 'us-east-2'
        c.region = region
        zones = [region + z for z in 'abc']
        c.svcnet = lambda r: '172.30.%d.%d' % (r.randint(0, 255), r.randint(1, 254))
        c.svc_base_ip = '172.30.0.1'
        kv = 'v1.28.9+416ecaf'
        k = 0
        for pool, n, itype, cpu, mem, ex in pools:
            for i in range(n):
                z = zones[i % 3]
                zidx = i % 3
                ip = '10.0.%d.%d' % (zidx * 64 + rng.randint(0, 63), rng.randint(4, 250))
                nm = 'ip-%s.%s.compute.internal' % (ip.replace('.', '-'), region)
                lab = {'node-role.kubernetes.io/%s' % ex.get('role', 'worker'): '', 'node.openshift.io/os_id': 'rhcos',
                       'hypershift.openshift.io/nodePool': '%s-%s' % (c.cluster_name, pool), 'topology.ebs.csi.aws.com/zone': z}
                if ex.get('role', 'worker') != 'worker':
                    lab['node-role.kubernetes.io/worker'] = ''
                lab.update(ex.get('labels', {}))
                c.node(nm, ip, '10.%d.%d.' % (128 + (2 * k) // 256, (2 * k) % 256), zone=z, pool=pool, labels=lab,
                       age=(ex.get('ages') or [age])[i % len(ex.get('ages') or [age])], cpu=cpu, mem=mem, itype=itype, kubelet=kv,
                       os_image='Red Hat Enterprise Linux CoreOS 415.92.202405201956-0 (Plow)', kernel='5.14.0-284.67.1.el9_2.x86_64',
                       runtime='cri-o://1.28.6-5.rhaos4.15.git0f8e6f4.el9', provider='aws:///%s/i-0%s' % (z, c.hx(16)), region=region,
                       cidr='10.%d.%d.0/23' % (128 + (2 * k) // 256, (2 * k) % 256), taints=ex.get('taints'), hostname=nm)
                nodes_made.append(nm)
                k += 1
        base_ns(c, ('openshift-dns', 'openshift-ovn-kubernetes', 'openshift-ingress', 'openshift-monitoring',
                    'openshift-cluster-csi-drivers'))
        c.sched_host = 'kube-scheduler'
        kubernetes_svc(c, ['172.20.0.1'], 6443)
        openshift_system(c)
        c.sc('gp3-csi', 'ebs.csi.aws.com', {'encrypted': 'true', 'type': 'gp3'}, default=True, age=age)
        c.sc('gp2-csi', 'ebs.csi.aws.com', {'encrypted': 'true', 'type': 'gp2'}, age=age)
    return nodes_made


def ebs_csi(c, ns, region, controller=True, reg='602401143452.dkr.ecr.%s.amazonaws.com/eks/'):
    reg = reg % region if '%s' in reg else reg
    lab = {'app.kubernetes.io/component': 'csi-driver', 'app.kubernetes.io/managed-by': 'EKS', 'app.kubernetes.io/name': 'aws-ebs-csi-driver',
           'app.kubernetes.io/version': '1.31.0'}
    if controller:
        cs = [ctr('ebs-plugin', reg + 'aws-ebs-csi-driver:v1.31.0', ports=[('healthz', 9808)], args=['controller', '--endpoint=$(CSI_ENDPOINT)', '--batching=true', '--logging-format=text', '--v=2'],
                  env=[E('CSI_ENDPOINT', 'unix:///var/lib/csi/sockets/pluginproxy/csi.sock'), E('CSI_NODE_NAME', field='spec.nodeName'),
                       E('AWS_ACCESS_KEY_ID', secret='aws-secret', key='key_id'), E('AWS_REGION', region)],
                  r=res('10m', '40Mi', None, '256Mi'), mounts=[('socket-dir', '/var/lib/csi/sockets/pluginproxy/')],
                  live=probe('http', 'healthz', '/healthz', delay=10, timeout=3, fail=5))
              ] + [ctr(n, reg + 'csi-%s:%s' % (n.replace('csi-', ''), v), args=['--timeout=60s', '--csi-address=$(ADDRESS)', '--v=2', '--leader-election=true'],
                       env=[E('ADDRESS', '/var/lib/csi/sockets/pluginproxy/csi.sock')], r=res('10m', '40Mi', None, '256Mi'),
                       mounts=[('socket-dir', '/var/lib/csi/sockets/pluginproxy/')])
                   for n, v in (('csi-provisioner', 'v4.0.1-eks-1-30-8'), ('csi-attacher', 'v4.6.1-eks-1-30-8'), ('csi-resizer', 'v1.11.1-eks-1-30-8'))]
        cs[0]['env'][2]['valueFrom']['secretKeyRef']['optional'] = True
        sysdep(c, ns, 'ebs-csi-controller', cs, 2, {'app': 'ebs-csi-controller', 'app.kubernetes.io/name': 'aws-ebs-csi-driver'},
               labels=lab, sa='ebs-csi-controller-sa', volumes=[vol_empty('socket-dir')],
               tol=[{'key': 'CriticalAddonsOnly', 'operator': 'Exists'}, {'effect': 'NoExecute', 'operator': 'Exists', 'tolerationSeconds': 300}])
        c.get('serviceaccounts', ns, 'ebs-csi-controller-sa').setdefault('metadata', {}).setdefault('annotations', {})[
            'eks.amazonaws.com/role-arn'] = 'arn:aws:iam::%s:role/AmazonEKS_EBS_CSI_DriverRole' % c.aws_account
    cs = [ctr('ebs-plugin', reg + 'aws-ebs-csi-driver:v1.31.0', ports=[('healthz', 9808)], args=['node', '--endpoint=$(CSI_ENDPOINT)', '--logging-format=text', '--v=2'],
              env=[E('CSI_ENDPOINT', 'unix:/csi/csi.sock'), E('CSI_NODE_NAME', field='spec.nodeName')], r=res('10m', '40Mi', None, '256Mi'),
              mounts=[('kubelet-dir', '/var/lib/kubelet'), ('plugin-dir', '/csi'), ('device-dir', '/dev')], sc={'privileged': True},
              live=probe('http', 'healthz', '/healthz', delay=10, timeout=3, fail=5)),
          ctr('node-driver-registrar', reg + 'csi-node-driver-registrar:v2.11.0-eks-1-30-8', args=['--csi-address=$(ADDRESS)', '--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)', '--v=2'],
              env=[E('ADDRESS', '/csi/csi.sock'), E('DRIVER_REG_SOCK_PATH', '/var/lib/kubelet/plugins/ebs.csi.aws.com/csi.sock')], r=res('10m', '40Mi', None, '256Mi'),
              mounts=[('plugin-dir', '/csi'), ('registration-dir', '/registration')]),
          ctr('liveness-probe', reg + 'livenessprobe:v2.13.0-eks-1-30-8', args=['--csi-address=/csi/csi.sock'], r=res('10m', '40Mi', None, '256Mi'), mounts=[('plugin-dir', '/csi')])]
    sysds(c, ns, 'ebs-csi-node', cs, {'app': 'ebs-csi-node', 'app.kubernetes.io/name': 'aws-ebs-csi-driver'}, labels=lab, sa='ebs-csi-node-sa',
          volumes=[vol_host('kubelet-dir', '/var/lib/kubelet', 'Directory'), vol_host('plugin-dir', '/var/lib/kubelet/plugins/ebs.csi.aws.com/', 'DirectoryOrCreate'),
                   vol_host('registration-dir', '/var/lib/kubelet/plugins_registry/', 'Directory'), vol_host('device-dir', '/dev', 'Directory')])


def gke_system(c):
    g = 'gke.gcr.io/'
    kv = list(c.nodes.values())[0]['obj']['status']['nodeInfo']['kubeletVersion']
    for n, i in c.nodes.items():
        na = c.age_of(i['obj'])
        sp = {'containers': [ctr('kube-proxy', g + 'kube-proxy-amd64:%s' % kv, command=['/bin/sh', '-c', 'exec kube-proxy --master=https://172.16.0.2 --kubeconfig=/var/lib/kube-proxy/kubeconfig --cluster-cidr=10.48.0.0/14 --oom-score-adj=-998 --v=2 --iptables-sync-period=1m --iptables-min-sync-period=10s --ipvs-sync-period=1m --ipvs-min-sync-period=10s --detect-local-mode=NodeCIDR 1>>/var/log/kube-proxy.log 2>&1'],
                                     r=res('100m'), sc={'privileged': True}, mounts=[('varlog', '/var/log'), ('kubeconfig', '/var/lib/kube-proxy/kubeconfig')])],
              'hostNetwork': True, 'priorityClassName': 'system-node-critical', 'tolerations': [{'effect': 'NoExecute', 'operator': 'Exists'}, {'effect': 'NoSchedule', 'operator': 'Exists'}],
              'volumes': [vol_host('varlog', '/var/log', 'DirectoryOrCreate'), vol_host('kubeconfig', '/var/lib/kube-proxy/kubeconfig', 'FileOrCreate')],
              'automountServiceAccountToken': False}
        p = c.pod('kube-system', 'kube-proxy-' + n, sp, {'component': 'kube-proxy', 'tier': 'node'}, n, [run(na - 60)], na - 50,
                  owner={'apiVersion': 'v1', 'controller': True, 'kind': 'Node', 'name': n, 'uid': i['obj']['metadata']['uid']},
                  ann={'kubernetes.io/config.hash': c.hx(32), 'kubernetes.io/config.mirror': c.hx(32), 'kubernetes.io/config.seen': c.tmicro(na - 60),
                       'kubernetes.io/config.source': 'file'}, hostnet=True, prio=CRIT['system-node-critical'])
    kd = [ctr('kubedns', g + 'k8s-dns-kube-dns:1.23.0-gke.9', ports=[('dns-local', 10053), ('dns-tcp-local', 10053), ('metrics', 10055)],
              args=['--domain=cluster.local.', '--dns-port=10053', '--config-dir=/kube-dns-config', '--v=2'], r=res('100m', '70Mi', None, '210Mi'),
              ready=probe('http', 8081, '/readiness', delay=3, timeout=5), mounts=[('kube-dns-config', '/kube-dns-config')]),
          ctr('dnsmasq', g + 'k8s-dns-dnsmasq-nanny:1.23.0-gke.9', ports=[('dns', 53), ('dns-tcp', 53)], r=res('150m', '20Mi'),
              args=['-v=2', '-logtostderr', '-configDir=/etc/k8s/dns/dnsmasq-nanny', '-restartDnsmasq=true', '--', '-k', '--cache-size=1000', '--no-negcache', '--dns-forward-max=1500', '--log-facility=-', '--server=/cluster.local/127.0.0.1#10053', '--server=/in-addr.arpa/127.0.0.1#10053', '--server=/ip6.arpa/127.0.0.1#10053'],
              mounts=[('kube-dns-config', '/etc/k8s/dns/dnsmasq-nanny')]),
          ctr('sidecar', g + 'k8s-dns-sidecar:1.23.0-gke.9', ports=[('metrics', 10054)], r=res('10m', '20Mi'),
              args=['--v=2', '--logtostderr', '--probe=kubedns,127.0.0.1:10053,kubernetes.default.svc.cluster.local,5,SRV', '--probe=dnsmasq,127.0.0.1:53,kubernetes.default.svc.cluster.local,5,SRV'])]
    kd[0]['ports'][0]['protocol'] = 'UDP'
    kd[1]['ports'][0]['protocol'] = 'UDP'
    c.cm('kube-system', 'kube-dns', {}, labels={'addonmanager.kubernetes.io/mode': 'EnsureExists'}, age=c.cluster_age)
    sysdep(c, 'kube-system', 'kube-dns', kd, 2, {'k8s-app': 'kube-dns'}, labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'kube-dns'},
           sa='kube-dns', volumes=[vol_cm('kube-dns-config', 'kube-dns', True)], tol=[{'key': 'CriticalAddonsOnly', 'operator': 'Exists'}, {'key': 'components.gke.io/gke-managed-components', 'operator': 'Exists'}])
    sv = c.svc('kube-system', 'kube-dns', {'k8s-app': 'kube-dns'}, [('dns', 53, 53), ('dns-tcp', 53, 53)],
               labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'KubeDNS'}, age=c.cluster_age)
    sv['spec']['ports'][0]['protocol'] = 'UDP'
    c.ips.discard(sv['spec']['clusterIP'])
    sv['spec']['clusterIP'] = sv['spec']['clusterIPs'][0] = '34.118.224.10'
    c.ips.add('34.118.224.10')
    sysdep(c, 'kube-system', 'kube-dns-autoscaler', [ctr('autoscaler', g + 'cluster-proportional-autoscaler:v1.8.11-gke.6', r=res('20m', '10Mi'),
                                                       command=['/cluster-proportional-autoscaler', '--namespace=kube-system', '--configmap=kube-dns-autoscaler', '--target=Deployment/kube-dns', '--default-params={"linear":{"coresPerReplica":256,"nodesPerReplica":16,"preventSinglePointFailure":true,"includeUnschedulableNodes":true}}', '--logtostderr=true', '--v=2'])],
           1, {'k8s-app': 'kube-dns-autoscaler'}, labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'kube-dns-autoscaler'}, sa='kube-dns-autoscaler')
    sysdep(c, 'kube-system', 'konnectivity-agent', [ctr('konnectivity-agent', g + 'proxy-agent:v0.30.3-gke.6', ports=[('metrics', 8093)], r=res('10m', '30Mi', None, '125Mi'),
                                                      command=['/proxy-agent'], args=['--logtostderr=true', '--ca-cert=/var/run/secrets/kubernetes.io/serviceaccount/ca.crt', '--proxy-server-host=%s' % '172.16.0.2', '--proxy-server-port=8132', '--health-server-port=8093', '--admin-server-port=8094', '--sync-interval=5s', '--sync-interval-cap=30s', '--keepalive-time=60s', '--service-account-token-path=/var/run/secrets/tokens/konnectivity-agent-token', '--v=2'],
                                                      live=probe('http', 8093, '/healthz', delay=15, timeout=15))],
           2, {'k8s-app': 'konnectivity-agent'}, labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'konnectivity-agent'}, sa='konnectivity-agent')
    sysdep(c, 'kube-system', 'metrics-server-v0.7.1', [ctr('metrics-server', g + 'metrics-server:v0.7.1-gke.12', ports=[('https', 10250)], r=res('48m', '105Mi', None, '355Mi'),
                                                        command=['/metrics-server', '--metric-resolution=30s', '--kubelet-port=10255', '--deprecated-kubelet-completely-insecure=true', '--kubelet-preferred-address-types=InternalIP,Hostname,InternalDNS,ExternalDNS,ExternalIP', '--cert-dir=/tmp', '--secure-port=10250']),
                                                    ctr('metrics-server-nanny', g + 'addon-resizer:1.8.21-gke.2', r=res('5m', '50Mi', None, '300Mi'),
                                                        command=['/pod_nanny', '--config-dir=/etc/config', '--cpu=40m', '--extra-cpu=0.5m', '--memory=35Mi', '--extra-memory=4Mi', '--threshold=5', '--deployment=metrics-server-v0.7.1', '--container=metrics-server', '--poll-period=30000', '--estimator=exponential', '--scale-down-delay=24h', '--minClusterSize=5', '--use-metrics=true'])],
           1, {'k8s-app': 'metrics-server', 'version': 'v0.7.1'}, labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'metrics-server', 'version': 'v0.7.1'}, sa='metrics-server')
    c.svc('kube-system', 'metrics-server', {'k8s-app': 'metrics-server'}, [('', 443, 'https')], labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'metrics-server', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'Metrics-server'}, age=c.cluster_age)
    sysdep(c, 'kube-system', 'event-exporter-gke', [ctr('event-exporter', g + 'event-exporter:v0.4.0-gke.17', command=['/event-exporter', '-sink-opts=-stackdriver-resource-model=new -endpoint=https://logging.googleapis.com', '-prometheus-endpoint=:8080'], r=res('1m'))],
           1, {'k8s-app': 'event-exporter'}, labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'event-exporter', 'version': 'v0.4.0'}, sa='event-exporter-sa', prio=None)
    sysds(c, 'kube-system', 'fluentbit-gke', [ctr('fluentbit', g + 'fluent-bit:v1.8.12-gke.37', ports=[('metrics', 2020)], r=res('50m', '100Mi', None, '250Mi'), mounts=[('varrun', '/var/run/google-fluentbit/pos-files'), ('varlog', '/var/log'), ('config-volume', '/fluent-bit/etc/')]),
                                              ctr('fluentbit-gke', g + 'fluent-bit-gke-exporter:v0.24.0-gke.4', ports=[('metrics', 2021)], r=res('50m', '100Mi', None, '250Mi'), command=['/fluent-bit-gke-exporter', '--kubernetes-separator=_', '--stackdriver-resource-model=k8s', '--enable-pod-label-discovery', '--pod-label-dot-replacement=_', '--split-stdout-stderr', '--logtostderr'])],
          {'k8s-app': 'fluentbit-gke'}, labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'fluentbit-gke'}, sa='fluentbit-gke', hostnet=True,
          volumes=[vol_host('varrun', '/var/run/google-fluentbit/pos-files'), vol_host('varlog', '/var/log'), vol_cm('config-volume', 'fluentbit-gke-config-v1.4.0')])
    c.cm('kube-system', 'fluentbit-gke-config-v1.4.0', {'fluent-bit.conf': '[SERVICE]\n    Flush         5\n    Grace         120\n    Log_Level     info\n    Log_File      /var/log/fluentbit.log\n    Daemon        off\n    Parsers_File  parsers.conf\n    HTTP_Server   On\n    HTTP_Listen   0.0.0.0\n    HTTP_PORT     2020\n', 'parsers.conf': '[PARSER]\n    Name        docker\n    Format      json\n'}, labels={'addonmanager.kubernetes.io/mode': 'Reconcile'}, age=c.cluster_age)
    sysds(c, 'kube-system', 'pdcsi-node', [ctr('csi-driver-registrar', g + 'csi-node-driver-registrar:v2.9.4-gke.2', args=['--v=5', '--csi-address=/csi/csi.sock', '--kubelet-registration-path=/var/lib/kubelet/plugins/pd.csi.storage.gke.io/csi.sock'], r=res('5m', '10Mi', None, '50Mi'), mounts=[('plugin-dir', '/csi'), ('registration-dir', '/registration')]),
                                           ctr('gce-pd-driver', g + 'gcp-compute-persistent-disk-csi-driver:v1.13.5-gke.0', args=['--v=5', '--endpoint=unix:/csi/csi.sock', '--run-controller-service=false'], r=res('5m', '10Mi', None, '50Mi'), sc={'privileged': True},
                                               mounts=[('kubelet-dir', '/var/lib/kubelet'), ('plugin-dir', '/csi'), ('device-dir', '/dev')])],
          {'k8s-app': 'gcp-compute-persistent-disk-csi-driver'}, labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'gcp-compute-persistent-disk-csi-driver'}, sa='pdcsi-node-sa', hostnet=True,
          volumes=[vol_host('registration-dir', '/var/lib/kubelet/plugins_registry/', 'Directory'), vol_host('kubelet-dir', '/var/lib/kubelet', 'Directory'),
                   vol_host('device-dir', '/dev', 'Directory'), vol_host('plugin-dir', '/var/lib/kubelet/plugins/pd.csi.storage.gke.io/', 'DirectoryOrCreate')])


def aks_system(c):
    m = 'mcr.microsoft.com/oss/'
    kv = list(c.nodes.values())[0]['obj']['status']['nodeInfo']['kubeletVersion']
    lab = {'addonmanager.kubernetes.io/mode': 'Reconcile', 'kubernetes.azure.com/managedby': 'aks'}
    tol = [{'key': 'CriticalAddonsOnly', 'operator': 'Exists'}, {'effect': 'NoExecute', 'key': 'node.kubernetes.io/unreachable', 'operator': 'Exists', 'tolerationSeconds': 30}]
    coredns(c, image=m + 'kubernetes/coredns:v1.9.4-hotfix.20240420', dns_ip='10.0.0.10',
            extra_labels={'kubernetes.azure.com/managedby': 'aks', 'version': 'v20'})
    sysdep(c, 'kube-system', 'coredns-autoscaler', [ctr('autoscaler', m + 'kubernetes/autoscaler/cluster-proportional-autoscaler:v1.8.11', r=res('20m', '10Mi', None, '500Mi'),
                                                      command=['/cluster-proportional-autoscaler', '--namespace=kube-system', '--configmap=coredns-autoscaler', '--target=deployment/coredns', '--default-params={"ladder":{"coresToReplicas":[[1,2],[512,3],[1024,4],[2048,5]],"nodesToReplicas":[[1,2],[8,3],[16,4],[32,5]]}}', '--logtostderr=true', '--v=2'])],
           1, {'k8s-app': 'coredns-autoscaler'}, labels=dict(lab, **{'k8s-app': 'coredns-autoscaler'}), sa='coredns-autoscaler', tol=tol)
    sysdep(c, 'kube-system', 'konnectivity-agent', [ctr('konnectivity-agent', m + 'kubernetes/apiserver-network-proxy/agent:v0.30.3-hotfix.20240819', r=res('20m', '20Mi', None, '1Gi'),
                                                      command=['/proxy-agent'], args=['--logtostderr=true', '--ca-cert=/certs/ca.crt', '--proxy-server-host=%s-dns-%s.hcp.%s.azmk8s.io' % (c.cluster_name, c.hx(8), c.region), '--proxy-server-port=443', '--agent-cert=/certs/client.crt', '--agent-key=/certs/client.key', '--agent-identifiers=ipv4=$(AGENT_POD_IP)', '--keepalive-time=1m', '--sync-forever=true', '--sync-interval=5s', '--sync-interval-cap=30s', '--probe-interval=5s', '--v=3'],
                                                      env=[E('AGENT_POD_IP', field='status.podIP')], live=probe('http', 8082, '/healthz', delay=15, timeout=15), mounts=[('certs', '/certs')])],
           2, {'app': 'konnectivity-agent'}, labels=dict(lab, **{'app': 'konnectivity-agent', 'component': 'tunnel'}), sa='konnectivity-agent', tol=tol,
           volumes=[vol_secret('certs', 'konnectivity-certs')])
    c.secret('kube-system', 'konnectivity-certs', ['ca.crt', 'client.crt', 'client.key'], age=c.cluster_age)
    metrics_server(c, image=m + 'kubernetes/metrics-server:v0.6.3', replicas=2)
    sysds(c, 'kube-system', 'kube-proxy', [ctr('kube-proxy', m + 'kubernetes/kube-proxy:%s-hotfix.20240528' % kv, command=['kube-proxy', '--conntrack-max-per-core=0', '--metrics-bind-address=0.0.0.0:10249', '--cluster-cidr=10.244.0.0/16', '--detect-local-mode=ClusterCIDR', '--pod-interface-name-prefix=', '--v=3'],
                                           r=res('100m'), sc={'privileged': True}, mounts=[('kubeconfig', '/var/lib/kubelet'), ('certificates', '/etc/kubernetes/certs'), ('iptableslock', '/run/xtables.lock')])],
          {'component': 'kube-proxy', 'tier': 'node'}, labels=dict(lab, **{'component': 'kube-proxy', 'tier': 'node'}), hostnet=True,
          volumes=[vol_host('kubeconfig', '/var/lib/kubelet'), vol_host('certificates', '/etc/kubernetes/certs'), vol_host('iptableslock', '/run/xtables.lock', 'FileOrCreate')])
    sysds(c, 'kube-system', 'azure-ip-masq-agent', [ctr('azure-ip-masq-agent', m + 'kubernetes/ip-masq-agent:v2.5.0.12', args=['--v=2', '--resync-interval=60', '--enable-ipv6=false'], r=res('100m', '50Mi', '500m', '250Mi'),
                                                    sc={'capabilities': {'add': ['NET_ADMIN', 'NET_RAW']}}, mounts=[('azure-ip-masq-agent-config-volume', '/etc/config')])],
          {'k8s-app': 'azure-ip-masq-agent', 'tier': 'node'}, labels=dict(lab, **{'k8s-app': 'azure-ip-masq-agent', 'tier': 'node'}), hostnet=True,
          volumes=[{'name': 'azure-ip-masq-agent-config-volume', 'projected': {'defaultMode': 420, 'sources': [{'configMap': {'items': [{'key': 'ip-masq-agent', 'mode': 444, 'path': 'ip-masq-agent'}], 'name': 'azure-ip-masq-agent-config', 'optional': True}}]}}])
    sysds(c, 'kube-system', 'cloud-node-manager', [ctr('cloud-node-manager', m + 'kubernetes/azure-cloud-node-manager:v1.29.8', command=['cloud-node-manager', '--node-name=$(NODE_NAME)', '--enable-deprecated-beta-topology-labels=true', '--v=2'],
                                                   env=[E('NODE_NAME', field='spec.nodeName')], r=res('50m', '50Mi', None, '512Mi'))],
          {'k8s-app': 'cloud-node-manager'}, labels=dict(lab, **{'k8s-app': 'cloud-node-manager'}), sa='cloud-node-manager', hostnet=True)
    sysds(c, 'kube-system', 'csi-azuredisk-node', [ctr('liveness-probe', m + 'kubernetes-csi/livenessprobe:v2.12.0', args=['--csi-address=/csi/csi.sock', '--probe-timeout=3s', '--health-port=29603', '--v=2'], r=res('10m', '20Mi', None, '100Mi'), mounts=[('socket-dir', '/csi')]),
                                                   ctr('node-driver-registrar', m + 'kubernetes-csi/csi-node-driver-registrar:v2.10.1', args=['--csi-address=$(ADDRESS)', '--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)', '--v=2'],
                                                       env=[E('ADDRESS', '/csi/csi.sock'), E('DRIVER_REG_SOCK_PATH', '/var/lib/kubelet/plugins/disk.csi.azure.com/csi.sock')], r=res('10m', '20Mi', None, '100Mi'), mounts=[('socket-dir', '/csi'), ('registration-dir', '/registration')]),
                                                   ctr('azuredisk', m + 'kubernetes-csi/azuredisk-csi:v1.29.5', ports=[('healthz', 29603)], args=['--v=5', '--endpoint=$(CSI_ENDPOINT)', '--nodeid=$(KUBE_NODE_NAME)', '--enable-perf-optimization=true', '--drivername=disk.csi.azure.com', '--cloud-config-secret-name=azure-cloud-provider', '--cloud-config-secret-namespace=kube-system', '--custom-user-agent=', '--user-agent-suffix=OSS-kubectl', '--allow-empty-cloud-config=true', '--support-zone=true', '--get-node-info-from-labels=false', '--get-nodeid-from-imds=false'],
                                                       env=[E('CSI_ENDPOINT', 'unix:///csi/csi.sock'), E('KUBE_NODE_NAME', field='spec.nodeName')], r=res('10m', '20Mi', None, '200Mi'), sc={'privileged': True},
                                                       mounts=[('socket-dir', '/csi'), ('mountpoint-dir', '/var/lib/kubelet/'), ('device-dir', '/dev'), ('sys-devices-dir', '/sys/bus/scsi/devices'), ('sys-class', '/sys/class/')])],
          {'app': 'csi-azuredisk-node'}, labels=dict(lab, **{'app': 'csi-azuredisk-node'}), sa='csi-azuredisk-node-sa', hostnet=True,
          volumes=[vol_host('socket-dir', '/var/lib/kubelet/plugins/disk.csi.azure.com', 'DirectoryOrCreate'), vol_host('mountpoint-dir', '/var/lib/kubelet/', 'DirectoryOrCreate'),
                   vol_host('registration-dir', '/var/lib/kubelet/plugins_registry/', 'DirectoryOrCreate'), vol_host('device-dir', '/dev', 'Directory'),
                   vol_host('sys-devices-dir', '/sys/bus/scsi/devices', 'Directory'), vol_host('sys-class', '/sys/class/', 'Directory')])


def doks_system(c):
    lab = {'c3.doks.digitalocean.com/plane': 'data', 'doks.digitalocean.com/managed': 'true'}
    coredns(c, image='registry.k8s.io/coredns/coredns:v1.11.1', dns_ip='10.245.0.10', extra_labels={'doks.digitalocean.com/managed': 'true'})
    sysds(c, 'kube-system', 'cilium', [ctr('cilium-agent', 'ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix', command=['cilium-agent'], args=['--config-dir=/tmp/cilium/config-map', '--k8s-api-server=https://%s.k8s.ondigitalocean.com' % c.uid(), '--ipv4-native-routing-cidr=10.244.0.0/16'],
                                           env=[E('K8S_NODE_NAME', field='spec.nodeName'), E('CILIUM_K8S_NAMESPACE', field='metadata.namespace')], r=res('300m', '300Mi'),
                                           ready=probe('http', 9879, '/healthz', period=30, timeout=5), live=probe('http', 9879, '/healthz', period=30, timeout=5, fail=10),
                                           sc={'privileged': True}, mounts=[('bpf-maps', '/sys/fs/bpf'), ('cilium-run', '/var/run/cilium'), ('etc-cni-netd', '/host/etc/cni/net.d'), ('lib-modules', '/lib/modules')])],
          {'k8s-app': 'cilium'}, labels=dict(lab, **{'c3.doks.digitalocean.com/component': 'cilium', 'k8s-app': 'cilium'}), sa='cilium', hostnet=True,
          init=[ctr('mount-cgroup', 'ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix', command=['sh', '-ec', 'cp /usr/bin/cilium-mount /hostbin/cilium-mount;'], sc={'privileged': True}),
                ctr('clean-cilium-state', 'ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix', command=['/init-container.sh'], r=res('100m', '100Mi'), sc={'privileged': True})],
          volumes=[vol_host('bpf-maps', '/sys/fs/bpf', 'DirectoryOrCreate'), vol_host('cilium-run', '/var/run/cilium', 'DirectoryOrCreate'), vol_host('etc-cni-netd', '/etc/cni/net.d', 'DirectoryOrCreate'), vol_host('lib-modules', '/lib/modules')])
    sysdep(c, 'kube-system', 'cilium-operator', [ctr('cilium-operator', 'ghcr.io/digitalocean-packages/cilium-operator-generic:v1.14.14', command=['cilium-operator-generic'], args=['--config-dir=/tmp/cilium/config-map', '--debug=$(CILIUM_DEBUG)'],
                                                   env=[E('K8S_NODE_NAME', field='spec.nodeName'), E('CILIUM_K8S_NAMESPACE', field='metadata.namespace'), E('CILIUM_DEBUG', cm='cilium-config', key='debug')],
                                                   r=res('100m', '100Mi'), live=probe('http', 9234, '/healthz', delay=60, timeout=3))],
           1, {'io.cilium/app': 'operator', 'name': 'cilium-operator'}, labels=dict(lab, **{'c3.doks.digitalocean.com/component': 'cilium-operator', 'io.cilium/app': 'operator', 'name': 'cilium-operator'}), sa='cilium-operator', spec={'hostNetwork': True})
    c.get('deployments', 'kube-system', 'cilium-operator')['spec']['template']['spec']['containers'][0]['env'][2]['valueFrom']['configMapKeyRef']['optional'] = True
    for p in c.items['pods']:
        if p['metadata']['name'].startswith('cilium-operator-'):
            p['spec']['containers'][0]['env'][2]['valueFrom']['configMapKeyRef']['optional'] = True
    c.cm('kube-system', 'cilium-config', {'debug': 'false', 'enable-ipv4': 'true', 'ipam': 'kubernetes', 'tunnel': 'disabled', 'kube-proxy-replacement': 'partial', 'cluster-name': 'default'}, labels=lab, age=c.cluster_age)
    sysds(c, 'kube-system', 'csi-do-node', [ctr('csi-node-driver-registrar', 'registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.1', args=['--v=5', '--csi-address=$(ADDRESS)', '--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)'],
                                                env=[E('ADDRESS', '/csi/csi.sock'), E('DRIVER_REG_SOCK_PATH', '/var/lib/kubelet/plugins/dobs.csi.digitalocean.com/csi.sock')], mounts=[('plugin-dir', '/csi/'), ('registration-dir', '/registration/')]),
                                            ctr('csi-do-plugin', 'digitalocean/do-csi-plugin:v4.10.0', args=['--endpoint=$(CSI_ENDPOINT)', '--validate-attachment=true'], env=[E('CSI_ENDPOINT', 'unix:///csi/csi.sock')],
                                                sc={'allowPrivilegeEscalation': True, 'capabilities': {'add': ['SYS_ADMIN']}, 'privileged': True}, mounts=[('plugin-dir', '/csi'), ('pods-mount-dir', '/var/lib/kubelet'), ('device-dir', '/dev')])],
          {'app': 'csi-do-node'}, labels=dict(lab, **{'app': 'csi-do-node', 'c3.doks.digitalocean.com/component': 'csi-node-service', 'role': 'csi-do'}), sa='csi-do-node-sa', hostnet=True,
          volumes=[vol_host('registration-dir', '/var/lib/kubelet/plugins_registry/', 'DirectoryOrCreate'), vol_host('plugin-dir', '/var/lib/kubelet/plugins/dobs.csi.digitalocean.com', 'DirectoryOrCreate'),
                   vol_host('pods-mount-dir', '/var/lib/kubelet', 'Directory'), vol_host('device-dir', '/dev')])
    sysds(c, 'kube-system', 'do-node-agent', [ctr('do-node-agent', 'docker.io/digitalocean/do-agent:3.16.7', command=['/bin/do-agent'], args=['--path.procfs=/host/proc', '--path.sysfs=/host/sys', '--k8s-metrics-path=http://kube-state-metrics.kube-system.svc.cluster.local:8080/metrics', '--additional-label=kubernetes_cluster_uuid:%s' % c.uid()],
                                                  r=res('102m', '80Mi', None, '300Mi'), mounts=[('proc', '/host/proc'), ('sys', '/host/sys')])],
          {'app': 'do-node-agent'}, labels=dict(lab, **{'app': 'do-node-agent', 'c3.doks.digitalocean.com/component': 'do-node-agent'}), sa='do-node-agent', hostnet=True,
          volumes=[vol_host('proc', '/proc'), vol_host('sys', '/sys')], prio=None)
    sysds(c, 'kube-system', 'konnectivity-agent', [ctr('konnectivity-agent', 'registry.k8s.io/kas-network-proxy/proxy-agent:v0.30.3', command=['/proxy-agent'], args=['--logtostderr=true', '--ca-cert=/var/run/secrets/kubernetes.io/serviceaccount/ca.crt', '--proxy-server-host=%s.k8s.ondigitalocean.com' % c.uid(), '--proxy-server-port=8132', '--admin-server-port=8133', '--health-server-port=8134', '--service-account-token-path=/var/run/secrets/tokens/konnectivity-agent-token'],
                                                       live=probe('http', 8134, '/healthz', delay=15, timeout=15))],
          {'k8s-app': 'konnectivity-agent'}, labels=dict(lab, **{'c3.doks.digitalocean.com/component': 'konnectivity-agent', 'k8s-app': 'konnectivity-agent'}), sa='konnectivity-agent')


def k3s_system(c):
    lab = {'objectset.rio.cattle.io/hash': c.hx(40)}
    coredns(c, image='rancher/mirrored-coredns-coredns:1.10.1', replicas=1, dns_ip='10.43.0.10',
            corefile=".:53 {\n    errors\n    health\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n      pods insecure\n      fallthrough in-addr.arpa ip6.arpa\n    }\n    hosts /etc/coredns/NodeHosts {\n      ttl 60\n      reload 15s\n      fallthrough\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf\n    cache 30\n    loop\n    reload\n    loadbalance\n    import /etc/coredns/custom/*.override\n}\nimport /etc/coredns/custom/*.server\n")
    cmo = c.get('configmaps', 'kube-system', 'coredns')
    cmo['data']['NodeHosts'] = ''.join('%s %s\n' % (i['ip'], n) for n, i in c.nodes.items())
    sysdep(c, 'kube-system', 'local-path-provisioner', [ctr('local-path-provisioner', 'rancher/local-path-provisioner:v0.0.26', command=['local-path-provisioner', 'start', '--config', '/etc/config/config.json'],
                                                          env=[E('POD_NAMESPACE', field='metadata.namespace')], mounts=[('config-volume', '/etc/config/')])],
           1, {'app': 'local-path-provisioner'}, labels=dict(lab, app='local-path-provisioner'), sa='local-path-provisioner-service-account',
           volumes=[vol_cm('config-volume', 'local-path-config')], tol=[{'key': 'CriticalAddonsOnly', 'operator': 'Exists'}, {'effect': 'NoSchedule', 'key': 'node-role.kubernetes.io/control-plane', 'operator': 'Exists'}])
    c.cm('kube-system', 'local-path-config', {'config.json': '{\n  "nodePathMap":[\n  {\n    "node":"DEFAULT_PATH_FOR_NON_LISTED_NODES",\n    "paths":["/var/lib/rancher/k3s/storage"]\n  }\n  ]\n}', 'helperPod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: helper-pod\nspec:\n  containers:\n  - name: helper-pod\n    image: "rancher/mirrored-library-busybox:1.36.1"\n    imagePullPolicy: IfNotPresent\n', 'setup': '#!/bin/sh\nset -eu\nmkdir -m 0777 -p "${VOL_DIR}"\nchmod 700 "${VOL_DIR}/.."', 'teardown': '#!/bin/sh\nset -eu\nrm -rf "${VOL_DIR}"'}, labels=lab, age=c.cluster_age)
    metrics_server(c, image='rancher/mirrored-metrics-server:v0.7.0')
    sel = {'app.kubernetes.io/instance': 'traefik-kube-system', 'app.kubernetes.io/name': 'traefik'}
    sysdep(c, 'kube-system', 'traefik', [ctr('traefik', 'rancher/mirrored-library-traefik:2.10.7', ports=[('metrics', 9100), ('traefik', 9000), ('web', 8000), ('websecure', 8443)],
                                           args=['--global.checknewversion', '--global.sendanonymoususage', '--entrypoints.metrics.address=:9100/tcp', '--entrypoints.traefik.address=:9000/tcp', '--entrypoints.web.address=:8000/tcp', '--entrypoints.websecure.address=:8443/tcp', '--api.dashboard=true', '--ping=true', '--metrics.prometheus=true', '--providers.kubernetescrd', '--providers.kubernetesingress', '--providers.kubernetesingress.ingressendpoint.publishedservice=kube-system/traefik'],
                                           ready=probe('http', 9000, '/ping', delay=2, period=10, timeout=2, fail=1), live=probe('http', 9000, '/ping', delay=2, timeout=2),
                                           sc={'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True})],
           1, sel, labels=dict(sel, **{'app.kubernetes.io/managed-by': 'Helm', 'helm.sh/chart': 'traefik-25.0.3_up25.0.0'}), sa='traefik', prio='system-cluster-critical',
           tol=[{'key': 'CriticalAddonsOnly', 'operator': 'Exists'}])
    first_ip = list(c.nodes.values())[0]['ip']
    c.svc('kube-system', 'traefik', sel, [('web', 80, 'web'), ('websecure', 443, 'websecure')], typ='LoadBalancer',
          labels=dict(sel, **{'app.kubernetes.io/managed-by': 'Helm', 'helm.sh/chart': 'traefik-25.0.3_up25.0.0'}), lb={'ip': first_ip}, age=c.cluster_age)
    svc = c.get('services', 'kube-system', 'traefik')
    svc['status']['loadBalancer']['ingress'] = [{'ip': i['ip']} for i in c.nodes.values()]
    sysds(c, 'kube-system', 'svclb-traefik-%s' % c.hx(8), [ctr('lb-tcp-80', 'rancher/klipper-lb:v0.4.7', ports=[('lb-tcp-80', 80)], env=[E('SRC_PORT', '80'), E('SRC_RANGES', '0.0.0.0/0'), E('DEST_PROTO', 'TCP'), E('DEST_PORT', str(svc['spec']['ports'][0]['nodePort'])), E('DEST_IPS', field='status.hostIP')], sc={'capabilities': {'add': ['NET_ADMIN']}}),
                                                          ctr('lb-tcp-443', 'rancher/klipper-lb:v0.4.7', ports=[('lb-tcp-443', 443)], env=[E('SRC_PORT', '443'), E('SRC_RANGES', '0.0.0.0/0'), E('DEST_PROTO', 'TCP'), E('DEST_PORT', str(svc['spec']['ports'][1]['nodePort'])), E('DEST_IPS', field='status.hostIP')], sc={'capabilities': {'add': ['NET_ADMIN']}})],
          {'app': 'svclb-traefik-%s' % svc['metadata']['uid'][:8]}, labels={'objectset.rio.cattle.io/hash': c.hx(40), 'svccontroller.k3s.cattle.io/nodeselector': 'false', 'svccontroller.k3s.cattle.io/svcname': 'traefik', 'svccontroller.k3s.cattle.io/svcnamespace': 'kube-system'},
          sa='svclb', prio=None, spec={'automountServiceAccountToken': False})


def static_pod(c, node, comp, image, command, port=None, ns='kube-system', mounts=(), vols=(), r=None, live=None, label_extra=None, ann_extra=None):
    i = c.nodes[node]
    na = c.age_of(i['obj'])
    sp = {'containers': [ctr(comp, image, command=command, r=r or res('100m'), mounts=list(mounts), live=live)],
          'hostNetwork': True, 'priority': CRIT['system-node-critical'], 'priorityClassName': 'system-node-critical',
          'securityContext': {'seccompProfile': {'type': 'RuntimeDefault'}}, 'tolerations': [{'effect': 'NoExecute', 'operator': 'Exists'}],
          'volumes': list(vols), 'automountServiceAccountToken': False, 'dnsPolicy': 'ClusterFirst', 'enableServiceLinks': True}
    ann = {'kubernetes.io/config.hash': c.hx(32), 'kubernetes.io/config.mirror': c.hx(32),
           'kubernetes.io/config.seen': c.tmicro(na - 100), 'kubernetes.io/config.source': 'file'}
    ann.update(ann_extra or {})
    lab = {'component': comp, 'tier': 'control-plane'}
    lab.update(label_extra or {})
    return c.pod(ns, '%s-%s' % (comp, node), sp, lab, node, [run(min(na - 120, c.sec('40d')))], na - 110,
                 owner={'apiVersion': 'v1', 'controller': True, 'kind': 'Node', 'name': node, 'uid': i['obj']['metadata']['uid']},
                 ann=ann, hostnet=True, prio=CRIT['system-node-critical'])


def kubeadm_system(c, cni):
    kv = c.kv
    for n in c.cps:
        ip = c.nodes[n]['ip']
        static_pod(c, n, 'etcd', 'registry.k8s.io/etcd:3.5.12-0', ['etcd', '--advertise-client-urls=https://%s:2379' % ip, '--cert-file=/etc/kubernetes/pki/etcd/server.crt', '--client-cert-auth=true', '--data-dir=/var/lib/etcd', '--experimental-initial-corrupt-check=true', '--experimental-watch-progress-notify-interval=5s', '--initial-advertise-peer-urls=https://%s:2380' % ip, '--key-file=/etc/kubernetes/pki/etcd/server.key', '--listen-client-urls=https://127.0.0.1:2379,https://%s:2379' % ip, '--listen-metrics-urls=http://127.0.0.1:2381', '--name=%s' % n, '--snapshot-count=10000', '--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt'],
                   mounts=[('etcd-certs', '/etc/kubernetes/pki/etcd'), ('etcd-data', '/var/lib/etcd')], vols=[vol_host('etcd-certs', '/etc/kubernetes/pki/etcd', 'DirectoryOrCreate'), vol_host('etcd-data', '/var/lib/etcd', 'DirectoryOrCreate')],
                   r=res('100m', '100Mi'), live=probe('http', 2381, '/health?exclude=NOSPACE&serializable=true', delay=10, timeout=15, fail=8),
                   ann_extra={'kubeadm.kubernetes.io/etcd.advertise-client-urls': 'https://%s:2379' % ip})
        static_pod(c, n, 'kube-apiserver', 'registry.k8s.io/kube-apiserver:' + kv, ['kube-apiserver', '--advertise-address=%s' % ip, '--allow-privileged=true', '--authorization-mode=Node,RBAC', '--client-ca-file=/etc/kubernetes/pki/ca.crt', '--enable-admission-plugins=NodeRestriction', '--enable-bootstrap-token-auth=true', '--etcd-servers=https://127.0.0.1:2379', '--secure-port=6443', '--service-account-issuer=https://kubernetes.default.svc.cluster.local', '--service-cluster-ip-range=10.96.0.0/12', '--tls-cert-file=/etc/kubernetes/pki/apiserver.crt', '--tls-private-key-file=/etc/kubernetes/pki/apiserver.key'],
                   mounts=[('k8s-certs', '/etc/kubernetes/pki'), ('ca-certs', '/etc/ssl/certs')], vols=[vol_host('k8s-certs', '/etc/kubernetes/pki', 'DirectoryOrCreate'), vol_host('ca-certs', '/etc/ssl/certs', 'DirectoryOrCreate')],
                   r=res('250m'), live=probe('http', 6443, '/livez', delay=10, timeout=15, fail=8),
                   ann_extra={'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': '%s:6443' % ip})
        static_pod(c, n, 'kube-controller-manager', 'registry.k8s.io/kube-controller-manager:' + kv, ['kube-controller-manager', '--allocate-node-cidrs=true', '--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf', '--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf', '--bind-address=127.0.0.1', '--cluster-cidr=10.244.0.0/16', '--cluster-name=kubernetes', '--controllers=*,bootstrapsigner,tokencleaner', '--kubeconfig=/etc/kubernetes/controller-manager.conf', '--leader-elect=true', '--service-cluster-ip-range=10.96.0.0/12', '--use-service-account-credentials=true'],
                   mounts=[('k8s-certs', '/etc/kubernetes/pki'), ('kubeconfig', '/etc/kubernetes/controller-manager.conf')], vols=[vol_host('k8s-certs', '/etc/kubernetes/pki', 'DirectoryOrCreate'), vol_host('kubeconfig', '/etc/kubernetes/controller-manager.conf', 'FileOrCreate')],
                   r=res('200m'), live=probe('http', 10257, '/healthz', delay=10, timeout=15, fail=8))
        static_pod(c, n, 'kube-scheduler', 'registry.k8s.io/kube-scheduler:' + kv, ['kube-scheduler', '--authentication-kubeconfig=/etc/kubernetes/scheduler.conf', '--authorization-kubeconfig=/etc/kubernetes/scheduler.conf', '--bind-address=127.0.0.1', '--kubeconfig=/etc/kubernetes/scheduler.conf', '--leader-elect=true'],
                   mounts=[('kubeconfig', '/etc/kubernetes/scheduler.conf')], vols=[vol_host('kubeconfig', '/etc/kubernetes/scheduler.conf', 'FileOrCreate')],
                   r=res('100m'), live=probe('http', 10259, '/healthz', delay=10, timeout=15, fail=8))
    if cni != 'cilium':
        c.cm('kube-system', 'kube-proxy', {'config.conf': 'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nbindAddress: 0.0.0.0\nclusterCIDR: 10.244.0.0/16\nkind: KubeProxyConfiguration\nmode: "ipvs"\n', 'kubeconfig.conf': 'apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt\n    server: https://%s:6443\n  name: default\n' % c.nodes[c.cps[0]]['ip']},
             labels={'app': 'kube-proxy'}, age=c.cluster_age)
        sysds(c, 'kube-system', 'kube-proxy', [ctr('kube-proxy', 'registry.k8s.io/kube-proxy:' + kv, command=['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
                                               env=[E('NODE_NAME', field='spec.nodeName')], sc={'privileged': True},
                                               mounts=[('kube-proxy', '/var/lib/kube-proxy'), ('xtables-lock', '/run/xtables.lock'), ('lib-modules', '/lib/modules')])],
              {'k8s-app': 'kube-proxy'}, sa='kube-proxy', hostnet=True,
              volumes=[vol_cm('kube-proxy', 'kube-proxy'), vol_host('xtables-lock', '/run/xtables.lock', 'FileOrCreate'), vol_host('lib-modules', '/lib/modules')])
    coredns(c, dns_ip='10.96.0.10')
    metrics_server(c)
    if cni == 'calico':
        img = 'docker.io/calico/%s:v3.27.3'
        sysds(c, 'kube-system', 'calico-node', [ctr('calico-node', img % 'node', env=[E('DATASTORE_TYPE', 'kubernetes'), E('WAIT_FOR_DATASTORE', 'true'), E('NODENAME', field='spec.nodeName'), E('CALICO_NETWORKING_BACKEND', cm='calico-config', key='calico_backend'), E('CLUSTER_TYPE', 'k8s,bgp'), E('IP', 'autodetect'), E('CALICO_IPV4POOL_IPIP', 'Always'), E('CALICO_IPV4POOL_CIDR', '10.244.0.0/16'), E('FELIX_IPINIPMTU', cm='calico-config', key='veth_mtu')],
                                                    r=res('250m'), sc={'privileged': True},
                                                    live=probe('exec', cmd=['/bin/calico-node', '-felix-live', '-bird-live'], delay=10, period=10, timeout=10, fail=6),
                                                    ready=probe('exec', cmd=['/bin/calico-node', '-felix-ready', '-bird-ready'], period=10, timeout=10),
                                                    mounts=[('lib-modules', '/lib/modules'), ('var-run-calico', '/var/run/calico'), ('var-lib-calico', '/var/lib/calico'), ('cni-net-dir', '/host/etc/cni/net.d')])],
              {'k8s-app': 'calico-node'}, sa='calico-node', hostnet=True,
              init=[ctr('upgrade-ipam', img % 'cni', command=['/opt/cni/bin/calico-ipam', '-upgrade'], sc={'privileged': True}),
                    ctr('install-cni', img % 'cni', command=['/opt/cni/bin/install'], sc={'privileged': True}),
                    ctr('mount-bpffs', img % 'node', command=['calico-node', '-init', '-best-effort'], sc={'privileged': True})],
              volumes=[vol_host('lib-modules', '/lib/modules'), vol_host('var-run-calico', '/var/run/calico', 'DirectoryOrCreate'), vol_host('var-lib-calico', '/var/lib/calico', 'DirectoryOrCreate'), vol_host('cni-net-dir', '/etc/cni/net.d')])
        c.cm('kube-system', 'calico-config', {'calico_backend': 'bird', 'veth_mtu': '0', 'typha_service_name': 'none', 'cni_network_config': '{\n  "name": "k8s-pod-network",\n  "cniVersion": "0.3.1",\n  "plugins": [\n    {\n      "type": "calico",\n      "log_level": "info",\n      "datastore_type": "kubernetes",\n      "nodename": "__KUBERNETES_NODE_NAME__",\n      "mtu": __CNI_MTU__,\n      "ipam": {\n          "type": "calico-ipam"\n      },\n      "policy": {\n          "type": "k8s"\n      },\n      "kubernetes": {\n          "kubeconfig": "__KUBECONFIG_FILEPATH__"\n      }\n    },\n    {\n      "type": "portmap",\n      "snat": true,\n      "capabilities": {"portMappings": true}\n    }\n  ]\n}'}, age=c.cluster_age)
        sysdep(c, 'kube-system', 'calico-kube-controllers', [ctr('calico-kube-controllers', img % 'kube-controllers', env=[E('ENABLED_CONTROLLERS', 'node'), E('DATASTORE_TYPE', 'kubernetes')],
                                                               live=probe('exec', cmd=['/usr/bin/check-status', '-l'], delay=10, timeout=10, fail=6), ready=probe('exec', cmd=['/usr/bin/check-status', '-r']))],
               1, {'k8s-app': 'calico-kube-controllers'}, sa='calico-kube-controllers',
               tol=[{'key': 'CriticalAddonsOnly', 'operator': 'Exists'}, {'effect': 'NoSchedule', 'key': 'node-role.kubernetes.io/control-plane'}])
    elif cni == 'cilium':
        img = 'quay.io/cilium/cilium:v1.15.6@sha256:6aa840986a3a9722cd967ef63248d675a87add7e1704740902d5d3162f0c0def'
        sysds(c, 'kube-system', 'cilium', [ctr('cilium-agent', img, command=['cilium-agent'], args=['--config-dir=/tmp/cilium/config-map'],
                                               env=[E('K8S_NODE_NAME', field='spec.nodeName'), E('CILIUM_K8S_NAMESPACE', field='metadata.namespace'), E('KUBERNETES_SERVICE_HOST', c.nodes[c.cps[0]]['ip']), E('KUBERNETES_SERVICE_PORT', '6443')],
                                               ready=probe('http', 9879, '/healthz', period=30, timeout=5), live=probe('http', 9879, '/healthz', period=30, timeout=5, fail=10),
                                               startup=probe('http', 9879, '/healthz', period=2, fail=105),
                                               sc={'privileged': True}, mounts=[('bpf-maps', '/sys/fs/bpf'), ('cilium-run', '/var/run/cilium'), ('etc-cni-netd', '/host/etc/cni/net.d'), ('lib-modules', '/lib/modules')])],
              {'k8s-app': 'cilium'}, labels={'app.kubernetes.io/name': 'cilium-agent', 'app.kubernetes.io/part-of': 'cilium', 'k8s-app': 'cilium'}, sa='cilium', hostnet=True,
              init=[ctr('config', img, command=['cilium-dbg', 'build-config']), ctr('mount-cgroup', img, command=['sh', '-ec', 'cp /usr/bin/cilium-mount /hostbin/cilium-mount;']),
                    ctr('apply-sysctl-overwrites', img, command=['sh', '-ec', 'cp /usr/bin/cilium-sysctlfix /hostbin/cilium-sysctlfix;']), ctr('mount-bpf-fs', img, command=['/bin/bash', '-c', '--'], args=['mount | grep "/sys/fs/bpf type bpf" || mount -t bpf bpf /sys/fs/bpf']),
                    ctr('clean-cilium-state', img, command=['/init-container.sh']), ctr('install-cni-binaries', img, command=['/install-plugin.sh'], r=res('100m', '10Mi'))],
              volumes=[vol_host('bpf-maps', '/sys/fs/bpf', 'DirectoryOrCreate'), vol_host('cilium-run', '/var/run/cilium', 'DirectoryOrCreate'), vol_host('etc-cni-netd', '/etc/cni/net.d', 'DirectoryOrCreate'), vol_host('lib-modules', '/lib/modules')])
        sysdep(c, 'kube-system', 'cilium-operator', [ctr('cilium-operator', 'quay.io/cilium/operator-generic:v1.15.6', command=['cilium-operator-generic'], args=['--config-dir=/tmp/cilium/config-map', '--debug=$(CILIUM_DEBUG)'],
                                                       env=[E('K8S_NODE_NAME', field='spec.nodeName'), E('CILIUM_K8S_NAMESPACE', field='metadata.namespace')],
                                                       live=probe('http', 9234, '/healthz', delay=60, timeout=3), ready=probe('http', 9234, '/healthz', period=5, timeout=3, fail=5))],
               1, {'io.cilium/app': 'operator', 'name': 'cilium-operator'}, labels={'app.kubernetes.io/name': 'cilium-operator', 'app.kubernetes.io/part-of': 'cilium', 'io.cilium/app': 'operator', 'name': 'cilium-operator'},
               sa='cilium-operator', spec={'hostNetwork': True}, tol=[{'operator': 'Exists'}])
        c.cm('kube-system', 'cilium-config', {'kube-proxy-replacement': 'true', 'ipam': 'kubernetes', 'routing-mode': 'tunnel', 'tunnel-protocol': 'vxlan', 'enable-policy': 'default', 'cluster-name': 'default', 'enable-hubble': 'true'}, age=c.cluster_age)
    else:
        c.ns('kube-flannel', c.cluster_age, labels={'k8s-app': 'flannel', 'pod-security.kubernetes.io/enforce': 'privileged'})
        c.cm('kube-flannel', 'kube-flannel-cfg', {'cni-conf.json': '{\n  "name": "cbr0",\n  "cniVersion": "0.3.1",\n  "plugins": [\n    {\n      "type": "flannel",\n      "delegate": {\n        "hairpinMode": true,\n        "isDefaultGateway": true\n      }\n    },\n    {\n      "type": "portmap",\n      "capabilities": {\n        "portMappings": true\n      }\n    }\n  ]\n}\n', 'net-conf.json': '{\n  "Network": "10.244.0.0/16",\n  "EnableNFTables": false,\n  "Backend": {\n    "Type": "vxlan"\n  }\n}\n'},
             labels={'app': 'flannel', 'k8s-app': 'flannel', 'tier': 'node'}, age=c.cluster_age)
        sysds(c, 'kube-flannel', 'kube-flannel-ds', [ctr('kube-flannel', 'docker.io/flannel/flannel:v0.25.4', command=['/opt/bin/flanneld'], args=['--ip-masq', '--kube-subnet-mgr'],
                                                         env=[E('POD_NAME', field='metadata.name'), E('POD_NAMESPACE', field='metadata.namespace'), E('EVENT_QUEUE_DEPTH', '5000')], r=res('100m', '50Mi'),
                                                         sc={'capabilities': {'add': ['NET_ADMIN', 'NET_RAW']}, 'privileged': False},
                                                         mounts=[('run', '/run/flannel'), ('flannel-cfg', '/etc/kube-flannel/'), ('xtables-lock', '/run/xtables.lock')])],
              {'app': 'flannel'}, labels={'app': 'flannel', 'k8s-app': 'flannel', 'tier': 'node'}, sa='flannel', hostnet=True,
              init=[ctr('install-cni-plugin', 'docker.io/flannel/flannel-cni-plugin:v1.4.1-flannel1', command=['cp'], args=['-f', '/flannel', '/opt/cni/bin/flannel']),
                    ctr('install-cni', 'docker.io/flannel/flannel:v0.25.4', command=['cp'], args=['-f', '/etc/kube-flannel/cni-conf.json', '/etc/cni/net.d/10-flannel.conflist'])],
              volumes=[vol_host('run', '/run/flannel'), vol_cm('flannel-cfg', 'kube-flannel-cfg'), vol_host('xtables-lock', '/run/xtables.lock', 'FileOrCreate')])


def openshift_system(c):
    q = 'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:'
    img = lambda: q + c.hx(64)
    dns_img, rbac_img = img(), img()
    sysds(c, 'openshift-dns', 'dns-default', [ctr('dns', dns_img, command=['coredns'], args=['-conf', '/etc/coredns/Corefile'], ports=[('dns', 5353), ('dns-tcp', 5353)], r=res('50m', '70Mi'),
                                                  ready=probe('http', 8181, '/ready', period=3, timeout=3), live=probe('http', 8080, '/health', delay=60, timeout=5, fail=5), mounts=[('config-volume', '/etc/coredns')]),
                                              ctr('kube-rbac-proxy', rbac_img, args=['--logtostderr', '--secure-listen-address=:9154', '--upstream=http://127.0.0.1:9153/', '--tls-cert-file=/etc/tls/private/tls.crt', '--tls-private-key-file=/etc/tls/private/tls.key'],
                                                  ports=[('metrics', 9154)], r=res('10m', '40Mi'), mounts=[('metrics-tls', '/etc/tls/private')])],
          {'dns.operator.openshift.io/daemonset-dns': 'default'}, labels={'dns.operator.openshift.io/owning-dns': 'default'}, sa='dns', prio='system-node-critical',
          volumes=[{'configMap': {'defaultMode': 420, 'items': [{'key': 'Corefile', 'path': 'Corefile'}], 'name': 'dns-default'}, 'name': 'config-volume'}, vol_secret('metrics-tls', 'dns-default-metrics-tls')],
          tol=[{'key': 'node-role.kubernetes.io/master', 'operator': 'Exists'}], pod_ann={'target.workload.openshift.io/management': '{"effect": "PreferredDuringScheduling"}'})
    c.cm('openshift-dns', 'dns-default', {'Corefile': '.:5353 {\n    bufsize 1232\n    errors\n    log . {\n        class error\n    }\n    health {\n        lameduck 20s\n    }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n        pods insecure\n        fallthrough in-addr.arpa ip6.arpa\n    }\n    prometheus 127.0.0.1:9153\n    forward . /etc/resolv.conf {\n        policy sequential\n    }\n    cache 900 {\n        denial 9984 30\n    }\n    reload\n}\nhostname.bind:5353 {\n    chaos\n}\n'},
         labels={'dns.operator.openshift.io/owning-dns': 'default'}, age=c.cluster_age)
    c.secret('openshift-dns', 'dns-default-metrics-tls', ['tls.crt', 'tls.key'], typ='kubernetes.io/tls', age=c.cluster_age)
    sv = c.svc('openshift-dns', 'dns-default', {'dns.operator.openshift.io/daemonset-dns': 'default'}, [('dns', 53, 'dns'), ('dns-tcp', 53, 'dns-tcp'), ('metrics', 9154, 'metrics')],
               labels={'dns.operator.openshift.io/owning-dns': 'default'}, ann={'service.beta.openshift.io/serving-cert-secret-name': 'dns-default-metrics-tls'}, age=c.cluster_age)
    sv['spec']['ports'][0]['protocol'] = 'UDP'
    for p in c.items['pods']:
        if p['metadata']['name'].startswith('dns-default-'):
            p['spec']['containers'][0]['ports'][0]['protocol'] = 'UDP'
    c.get('daemonsets', 'openshift-dns', 'dns-default')['spec']['template']['spec']['containers'][0]['ports'][0]['protocol'] = 'UDP'
    c.ips.discard(sv['spec']['clusterIP'])
    sv['spec']['clusterIP'] = sv['spec']['clusterIPs'][0] = '172.30.0.10'
    c.ips.add('172.30.0.10')
    sysds(c, 'openshift-dns', 'node-resolver', [ctr('dns-node-resolver', img(), command=['/bin/bash', '-c', '#!/bin/bash\nset -uo pipefail\n\ntrap \'jobs -p | xargs kill || true; wait; exit 0\' TERM\n\nOPENSHIFT_MARKER="openshift-generated-node-resolver"\nHOSTS_FILE="/etc/hosts"\n'],
                                                    env=[E('SERVICES', 'image-registry.openshift-image-registry.svc'), E('NAMESERVER', '172.30.0.10'), E('CLUSTER_DOMAIN', 'cluster.local')], r=res('5m', '21Mi'), sc={'privileged': True},
                                                    mounts=[('hosts-file', '/etc/hosts')])],
          {'dns.operator.openshift.io/daemonset-node-resolver': ''}, sa='node-resolver', hostnet=True, volumes=[vol_host('hosts-file', '/etc/hosts', 'File')])
    ovn = img()
    sysds(c, 'openshift-ovn-kubernetes', 'ovnkube-node', [ctr(n, ovn, command=['/bin/bash', '-c', 'set -xe\n. /ovnkube-lib/ovnkube-lib.sh || exit 1\nstart-%s ${OVN_LOG_LEVEL}\n' % n], r=res('10m', '300Mi'),
                                                              sc={'privileged': True}, mounts=[('run-openvswitch', '/run/openvswitch'), ('run-ovn', '/run/ovn/'), ('ovnkube-lib', '/ovnkube-lib')])
                                                          for n in ('ovn-controller', 'ovn-acl-logging', 'kube-rbac-proxy-node', 'kube-rbac-proxy-ovn-metrics', 'northd', 'nbdb', 'sbdb', 'ovnkube-controller')],
          {'app': 'ovnkube-node'}, labels={'networkoperator.openshift.io/generates-operator-status': 'stand-alone'},
          sa='ovn-kubernetes-node', hostnet=True, volumes=[vol_host('run-openvswitch', '/var/run/openvswitch'), vol_host('run-ovn', '/var/run/ovn-ic'), vol_cm('ovnkube-lib', 'ovnkube-script-lib')],
          init=[ctr('kubecfg-setup', ovn, command=['/bin/bash', '-c', 'cat << EOF > /etc/ovn/kubeconfig\napiVersion: v1\nclusters:\n  - cluster:\n      certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt\n'], mounts=[('etc-openvswitch', '/etc/ovn/')])] if False else None,
          pod_ann={'network.operator.openshift.io/ovnkube-script-lib-hash': c.hx(40), 'networkoperator.openshift.io/cluster-network-cidr': '10.128.0.0/14', 'target.workload.openshift.io/management': '{"effect": "PreferredDuringScheduling"}'})
    c.cm('openshift-ovn-kubernetes', 'ovnkube-script-lib', {'ovnkube-lib.sh': '#!/bin/bash\nset -x\n\n# Add node-specific overrides if the container has mounted any\nK8S_NODE=${K8S_NODE:-}\n'}, age=c.cluster_age)
    csi = img()
    sysds(c, 'openshift-cluster-csi-drivers', 'aws-ebs-csi-driver-node', [ctr('csi-driver', csi, args=['node', '--endpoint=$(CSI_ENDPOINT)', '--logtostderr', '--v=2'], ports=[('healthz', 10300)], env=[E('CSI_ENDPOINT', 'unix:/csi/csi.sock'), E('CSI_NODE_NAME', field='spec.nodeName')],
                                                                              r=res('10m', '50Mi'), sc={'privileged': True}, mounts=[('kubelet-dir', '/var/lib/kubelet'), ('socket-dir', '/csi'), ('device-dir', '/dev')]),
                                                                          ctr('csi-node-driver-registrar', img(), args=['--csi-address=$(ADDRESS)', '--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)', '--http-endpoint=127.0.0.1:10309', '--v=2'],
                                                                              env=[E('ADDRESS', '/csi/csi.sock'), E('DRIVER_REG_SOCK_PATH', '/var/lib/kubelet/plugins/ebs.csi.aws.com/csi.sock')], r=res('10m', '50Mi'), mounts=[('socket-dir', '/csi'), ('registration-dir', '/registration')]),
                                                                          ctr('csi-liveness-probe', img(), args=['--csi-address=/csi/csi.sock', '--probe-timeout=3s', '--health-port=10300', '--v=2'], r=res('10m', '50Mi'), mounts=[('socket-dir', '/csi')])],
          {'app': 'aws-ebs-csi-driver-node'}, sa='aws-ebs-csi-driver-node-sa', hostnet=True,
          volumes=[vol_host('kubelet-dir', '/var/lib/kubelet', 'Directory'), vol_host('socket-dir', '/var/lib/kubelet/plugins/ebs.csi.aws.com', 'DirectoryOrCreate'),
                   vol_host('registration-dir', '/var/lib/kubelet/plugins_registry/', 'Directory'), vol_host('device-dir', '/dev', 'Directory')])
    rsel = {'ingresscontroller.operator.openshift.io/deployment-ingresscontroller': 'default'}
    sysdep(c, 'openshift-ingress', 'router-default', [ctr('router', img(), ports=[('http', 80), ('https', 443), ('metrics', 1936)],
                                                        env=[E('ROUTER_SERVICE_NAME', 'default'), E('ROUTER_SERVICE_NAMESPACE', 'openshift-ingress'), E('ROUTER_CANONICAL_HOSTNAME', 'router-default.apps.%s.%s.p1.openshiftapps.com' % (c.cluster_name, c.hx(4))), E('STATS_PORT', '1936')],
                                                        r=res('100m', '256Mi'), ready=probe('http', 1936, '/healthz/ready', period=10), live=probe('http', 1936, '/healthz', period=10),
                                                        startup=probe('http', 1936, '/healthz/ready', period=1, fail=120), mounts=[('default-certificate', '/etc/pki/tls/private')])],
           2, rsel, labels={'ingresscontroller.operator.openshift.io/owning-ingresscontroller': 'default'}, sa='router', prio='system-cluster-critical',
           volumes=[vol_secret('default-certificate', 'router-certs-default')], spec={'nodeSelector': {'kubernetes.io/os': 'linux', 'node-role.kubernetes.io/worker': ''}},
           pod_ann={'target.workload.openshift.io/management': '{"effect": "PreferredDuringScheduling"}', 'unsupported.do-not-use.openshift.io/override-liveness-grace-period-seconds': '10'})
    c.secret('openshift-ingress', 'router-certs-default', ['tls.crt', 'tls.key'], typ='kubernetes.io/tls', age=c.cluster_age)
    c.svc('openshift-ingress', 'router-default', rsel, [('http', 80, 'http'), ('https', 443, 'https')], typ='LoadBalancer', etp='Local',
          labels={'app': 'router', 'ingresscontroller.operator.openshift.io/owning-ingresscontroller': 'default', 'router': 'router-default'},
          lb={'hostname': 'a%s-%d.%s.elb.amazonaws.com' % (c.hx(31), c.rng.randint(100000000, 999999999), c.region)}, age=c.cluster_age,
          ann={'service.beta.kubernetes.io/aws-load-balancer-type': 'nlb', 'traffic-policy.network.alpha.openshift.io/local-with-fallback': ''})
    c.svc('openshift-ingress', 'router-internal-default', rsel, [('http', 80, 'http'), ('https', 443, 'https'), ('metrics', 1936, 1936)],
          labels={'ingresscontroller.operator.openshift.io/owning-ingresscontroller': 'default'}, age=c.cluster_age,
          ann={'service.alpha.openshift.io/serving-cert-secret-name': 'router-metrics-certs-default'})
    # monitoring (trimmed)
    c.sa('openshift-monitoring', 'prometheus-k8s', age=c.cluster_age)
    msel = {'app.kubernetes.io/component': 'prometheus', 'app.kubernetes.io/instance': 'k8s', 'app.kubernetes.io/name': 'prometheus', 'app.kubernetes.io/part-of': 'openshift-monitoring'}
    c.sts('openshift-monitoring', 'prometheus-k8s', 2, [ctr('prometheus', img(), args=['--web.console.templates=/etc/prometheus/consoles', '--web.console.libraries=/etc/prometheus/console_libraries', '--config.file=/etc/prometheus/config_out/prometheus.env.yaml', '--web.enable-lifecycle', '--web.route-prefix=/', '--storage.tsdb.retention.time=15d', '--storage.tsdb.path=/prometheus', '--web.listen-address=127.0.0.1:9090'],
                                                         r=res('70m', '1Gi'), mounts=[('prometheus-k8s-db', '/prometheus')], ready=probe('exec', cmd=['sh', '-c', 'if [ -x "$(command -v curl)" ]; then exec curl --fail http://localhost:9090/-/ready; fi'], period=5, timeout=3, fail=3)),
                                                     ctr('config-reloader', img(), r=res('1m', '10Mi'), args=['--listen-address=localhost:8080', '--reload-url=http://localhost:9090/-/reload', '--config-file=/etc/prometheus/config/prometheus.yaml.gz', '--config-envsubst-file=/etc/prometheus/config_out/prometheus.env.yaml']),
                                                     ctr('kube-rbac-proxy', rbac_img, ports=[('metrics', 9092)], r=res('1m', '15Mi'), args=['--secure-listen-address=0.0.0.0:9092', '--upstream=http://127.0.0.1:9090'])],
          msel, 'prometheus-operated', sa='prometheus-k8s', volumes=[vol_empty('prometheus-k8s-db')],
          owner=c.crd('monitoring.coreos.com/v1', 'Prometheus', 'k8s'), pmp='Parallel', spec={'priorityClassName': 'openshift-user-critical' if False else 'system-cluster-critical'}, prio=CRIT['system-cluster-critical'],
          labels=dict(msel, **{'app.kubernetes.io/version': '2.48.0', 'operator.prometheus.io/name': 'k8s', 'operator.prometheus.io/shard': '0'}))
    c.svc('openshift-monitoring', 'prometheus-operated', {'app.kubernetes.io/name': 'prometheus'}, [('web', 9091, 'web')], headless=True, labels={'operated-prometheus': 'true'}, age=c.cluster_age)
    c.svc('openshift-monitoring', 'prometheus-k8s', msel, [('web', 9091, 'metrics')], labels=msel, age=c.cluster_age)
    osel = {'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/name': 'prometheus-operator', 'app.kubernetes.io/part-of': 'openshift-monitoring'}
    sysdep(c, 'openshift-monitoring', 'prometheus-operator', [ctr('prometheus-operator', img(), args=['--kubelet-service=kube-system/kubelet', '--prometheus-config-reloader=' + img(), '--prometheus-instance-namespaces=openshift-monitoring'], ports=[('http', 8080)], r=res('5m', '150Mi'))],
           1, osel, sa='prometheus-operator', spec={'nodeSelector': {'kubernetes.io/os': 'linux', 'node-role.kubernetes.io/master': ''}} if False else None)
    ksel = {'app.kubernetes.io/component': 'exporter', 'app.kubernetes.io/name': 'kube-state-metrics', 'app.kubernetes.io/part-of': 'openshift-monitoring'}
    sysdep(c, 'openshift-monitoring', 'kube-state-metrics', [ctr('kube-state-metrics', img(), args=['--host=127.0.0.1', '--port=8081', '--telemetry-host=127.0.0.1', '--telemetry-port=8082'], r=res('2m', '80Mi')),
                                                             ctr('kube-rbac-proxy-main', rbac_img, ports=[('https-main', 8443)], r=res('1m', '15Mi'), args=['--secure-listen-address=:8443', '--upstream=http://127.0.0.1:8081/'])],
           1, ksel, sa='kube-state-metrics')
    nsel = {'app.kubernetes.io/component': 'exporter', 'app.kubernetes.io/name': 'node-exporter', 'app.kubernetes.io/part-of': 'openshift-monitoring'}
    sysds(c, 'openshift-monitoring', 'node-exporter', [ctr('node-exporter', img(), args=['--web.listen-address=127.0.0.1:9100', '--path.sysfs=/host/sys', '--path.rootfs=/host/root', '--path.udev.data=/host/root/run/udev/data', '--no-collector.wifi', '--collector.filesystem.mount-points-exclude=^/(dev|proc|sys|run/k3s/containerd/.+|var/lib/docker/.+|var/lib/kubelet/pods/.+)($|/)'],
                                                           r=res('8m', '32Mi'), mounts=[('sys', '/host/sys'), ('root', '/host/root')]),
                                                       ctr('kube-rbac-proxy', rbac_img, ports=[('https', 9100)], r=res('1m', '15Mi'), args=['--secure-listen-address=[$(IP)]:9100', '--upstream=http://127.0.0.1:9100/'], env=[E('IP', field='status.podIP')])],
          nsel, sa='node-exporter', hostnet=True, volumes=[vol_host('sys', '/sys'), vol_host('root', '/')], prio='system-cluster-critical',
          init=[ctr('init-textfile', img(), command=['/bin/sh', '-c', '[[ ! -d /node_exporter/collectors/init ]] || find /node_exporter/collectors/init -perm /111 -type f -exec {} \\;'], r=res('1m', '1Mi'))])
    c.svc('openshift-monitoring', 'node-exporter', nsel, [('https', 9100, 'https')], headless=True, labels=nsel, age=c.cluster_age)
    sysds(c, 'kube-system', 'konnectivity-agent', [ctr('konnectivity-agent', img(), command=['/usr/bin/proxy-agent'], args=['--logtostderr=true', '--ca-cert', '/etc/konnectivity/ca/ca.crt', '--agent-cert', '/etc/konnectivity/agent/tls.crt', '--agent-key', '/etc/konnectivity/agent/tls.key', '--proxy-server-host', 'konnectivity.%s.hypershift.local' % c.cluster_name, '--proxy-server-port', '8091', '--health-server-port', '2041', '--agent-identifiers=default-route=true', '--keepalive-time', '30s', '--probe-interval', '5s', '--sync-interval', '5s', '--sync-interval-cap', '30s', '--v', '3'],
                                                       r=res('40m', '50Mi'), live=probe('http', 2041, '/healthz', period=30, timeout=5, fail=3), mounts=[('agent-certs', '/etc/konnectivity/agent'), ('konnectivity-ca', '/etc/konnectivity/ca')])],
          {'app': 'konnectivity-agent'}, labels={'hypershift.openshift.io/managed': 'true'}, sa=None, hostnet=True,
          volumes=[vol_secret('agent-certs', 'konnectivity-agent'), vol_cm('konnectivity-ca', 'konnectivity-ca-bundle')])
    c.secret('kube-system', 'konnectivity-agent', ['tls.crt', 'tls.key'], typ='kubernetes.io/tls', age=c.cluster_age)
    c.cm('kube-system', 'konnectivity-ca-bundle', {'ca.crt': c.ca_pem}, age=c.cluster_age)


# ----------------------------------------------------------------------------------------------------------------
# generic component helper
def comp(c, ns, name, image, replicas=1, ports=(), kind='deploy', inst=None, chart=None, ver=None, appname=None,
         component=None, sa=None, r=None, env=None, args=None, command=None, svc=True, headless=False, vct=None, pool=None,
         nodes=None, ready=None, live=None, states=None, age=None, extra=(), volumes=None, mounts=None, svc_name=None,
         spec=None, pod_ann=None, owner=None, sel=None, labels=None, init=None, svc_ports=None, sa_ann=None,
         sts_svc=None, pmp='OrderedReady', pod_ages=None, update=None, init_states=None, envFrom=None, prio=None,
         svc_labels=None, svc_ann=None, pvc_state=None, sc=None, dep_kw=None, pod_count=None):
    age = age or '120d'
    appname = appname or name
    if sel is None:
        sel = sel_of(appname, inst, component) if inst else {'app': name}
    if labels is None:
        labels = helm_labels(appname, inst, chart, ver, component) if chart else dict(sel)
    if sa and not c.get('serviceaccounts', ns, sa):
        c.sa(ns, sa, labels=labels if chart else None, ann=sa_ann, age=age)
    main = ctr(name if not component else (component if kind != 'sts' else appname), image, ports=ports, env=env, args=args,
               command=command, r=r, mounts=mounts, ready=ready, live=live, envFrom=envFrom, sc=sc)
    containers = [main] + list(extra)
    plabels = {k: v for k, v in labels.items() if k not in sel} if chart else None
    if kind == 'deploy':
        out = c.deploy(ns, name, replicas, containers, sel, labels=labels, plabels=plabels, sa=sa or 'default', states=states,
                       age=age, pool=pool, nodes=nodes, init=init, volumes=volumes, pod_ann=pod_ann, spec=spec,
                       pod_ages=pod_ages, init_states=init_states, prio=prio, **(dep_kw or {}))
        wl, pods = out[0], out[2]
    else:
        wl, pods = c.sts(ns, name, replicas, containers, sel, sts_svc or (name + '-headless' if headless else name), labels=labels,
                         plabels=plabels, vct=vct, sa=sa or 'default', states=states, age=age, pool=pool, nodes=nodes,
                         init=init, volumes=volumes, pod_ann=pod_ann, spec=spec, pmp=pmp, owner=owner, pod_ages=pod_ages,
                         update=update, init_states=init_states, prio=prio, pvc_state=pvc_state, pod_count=pod_count)
    if svc and (ports or svc_ports):
        sp = svc_ports or [(n, p, n if n else p) for n, p in ports]
        c.svc(ns, svc_name or name, sel, sp, labels=svc_labels or labels, age=age, ann=svc_ann)
        if headless and kind == 'sts':
            c.svc(ns, sts_svc or name + '-headless', sel, sp, headless=True, labels=svc_labels or labels, age=age, pnr=True)
    return wl, pods


def old_restart(c, since, n=None, reason='Error', code=1, msg=None):
    """running container that restarted long ago"""
    sa_ = parse_age(since)
    n = n or c.rng.randint(1, 4)
    return run(sa_, restarts=n, last=last(sa_ + c.rng.randint(600, 90000), sa_ + 2, code=code, reason=reason, msg=msg))


# ----------------------------------------------------------------------------------------------------------------
# add-ons
def addon_monitoring(c, ns='monitoring', nodes=None):
    c.ns(ns, '300d', labels={'name': ns})
    rel = 'kube-prometheus-stack'
    ver = '61.3.2'
    c.helm(ns, rel, age='20d')
    po_sel = {'app': 'kube-prometheus-stack-operator', 'release': rel}
    comp(c, ns, 'kube-prometheus-stack-operator', 'quay.io/prometheus-operator/prometheus-operator:v0.75.2', ports=[('https', 10250)],
         sel=po_sel, labels=dict(po_sel, **{'app.kubernetes.io/managed-by': 'Helm', 'chart': 'kube-prometheus-stack-' + ver, 'heritage': 'Helm'}),
         sa='kube-prometheus-stack-operator', r=res('100m', '128Mi', None, '512Mi'), age='280d',
         args=['--kubelet-service=kube-system/kube-prometheus-stack-kubelet', '--localhost=127.0.0.1', '--prometheus-config-reloader=quay.io/prometheus-operator/prometheus-config-reloader:v0.75.2', '--config-reloader-cpu-request=0', '--web.enable-tls=true', '--web.cert-file=/cert/cert', '--web.key-file=/cert/key', '--web.listen-address=:10250'],
         volumes=[vol_secret('tls-secret', 'kube-prometheus-stack-admission')], mounts=[('tls-secret', '/cert')])
    c.secret(ns, 'kube-prometheus-stack-admission', ['ca', 'cert', 'key'], age='280d')
    g_sel = sel_of('grafana', rel)
    c.secret(ns, 'kube-prometheus-stack-grafana', ['admin-password', 'admin-user', 'ldap-toml'], labels=helm_labels('grafana', rel, 'grafana-8.3.4', '11.1.0'), age='280d')
    comp(c, ns, 'kube-prometheus-stack-grafana', 'docker.io/grafana/grafana:11.1.0', ports=[('grafana', 3000)], inst=rel, appname='grafana',
         chart='grafana-8.3.4', ver='11.1.0', sa='kube-prometheus-stack-grafana', age='280d', svc_ports=[('http-web', 80, 3000)],
         env=[E('GF_SECURITY_ADMIN_USER', secret='kube-prometheus-stack-grafana', key='admin-user'), E('GF_SECURITY_ADMIN_PASSWORD', secret='kube-prometheus-stack-grafana', key='admin-password'), E('GF_PATHS_DATA', '/var/lib/grafana/')],
         ready=probe('http', 3000, '/api/health'), live=probe('http', 3000, '/api/health', delay=60, timeout=30, fail=10),
         extra=[ctr('grafana-sc-dashboard', 'quay.io/kiwigrid/k8s-sidecar:1.27.4', env=[E('METHOD', 'WATCH'), E('LABEL', 'grafana_dashboard'), E('FOLDER', '/tmp/dashboards'), E('RESOURCE', 'both')], mounts=[('sc-dashboard-volume', '/tmp/dashboards')])],
         volumes=[vol_empty('sc-dashboard-volume'), vol_empty('storage')], mounts=[('storage', '/var/lib/grafana'), ('sc-dashboard-volume', '/tmp/dashboards')])
    comp(c, ns, 'kube-prometheus-stack-kube-state-metrics', 'registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.13.0', ports=[('http', 8080)],
         inst=rel, appname='kube-state-metrics', chart='kube-state-metrics-5.24.0', ver='2.13.0', sa='kube-prometheus-stack-kube-state-metrics', age='280d',
         args=['--port=8080', '--resources=certificatesigningrequests,configmaps,cronjobs,daemonsets,deployments,endpoints,horizontalpodautoscalers,ingresses,jobs,leases,limitranges,mutatingwebhookconfigurations,namespaces,networkpolicies,nodes,persistentvolumeclaims,persistentvolumes,poddisruptionbudgets,pods,replicasets,replicationcontrollers,resourcequotas,secrets,services,statefulsets,storageclasses,validatingwebhookconfigurations,volumeattachments'],
         ready=probe('http', 8080, '/', delay=5, timeout=5), live=probe('http', 8080, '/livez', delay=5, timeout=5))
    ne_sel = sel_of('prometheus-node-exporter', rel)
    c.sa(ns, 'kube-prometheus-stack-prometheus-node-exporter', age='280d')
    c.ds(ns, 'kube-prometheus-stack-prometheus-node-exporter', [ctr('node-exporter', 'quay.io/prometheus/node-exporter:v1.8.2', ports=[('http-metrics', 9100)],
                                                                    args=['--path.procfs=/host/proc', '--path.sysfs=/host/sys', '--path.rootfs=/host/root', '--path.udev.data=/host/root/run/udev/data', '--web.listen-address=[$(HOST_IP)]:9100'],
                                                                    env=[E('HOST_IP', '0.0.0.0')], ready=probe('http', 9100, '/'), live=probe('http', 9100, '/'),
                                                                    mounts=[('proc', '/host/proc'), ('sys', '/host/sys'), ('root', '/host/root')])],
         ne_sel, labels=helm_labels('prometheus-node-exporter', rel, 'prometheus-node-exporter-4.37.3', '1.8.2', 'metrics', {'jobLabel': 'node-exporter', 'release': rel}),
         sa='kube-prometheus-stack-prometheus-node-exporter', hostnet=True, age='280d', nodes=nodes,
         volumes=[vol_host('proc', '/proc'), vol_host('sys', '/sys'), vol_host('root', '/')],
         spec={'automountServiceAccountToken': False, 'securityContext': {'fsGroup': 65534, 'runAsGroup': 65534, 'runAsNonRoot': True, 'runAsUser': 65534}})
    c.svc(ns, 'kube-prometheus-stack-prometheus-node-exporter', ne_sel, [('http-metrics', 9100, 9100)], labels=ne_sel, age='280d')
    psel = {'app.kubernetes.io/instance': 'kube-prometheus-stack-prometheus', 'app.kubernetes.io/managed-by': 'prometheus-operator', 'app.kubernetes.io/name': 'prometheus',
            'operator.prometheus.io/name': 'kube-prometheus-stack-prometheus', 'operator.prometheus.io/shard': '0', 'prometheus': 'kube-prometheus-stack-prometheus'}
    c.sa(ns, 'kube-prometheus-stack-prometheus', age='280d')
    c.sts(ns, 'prometheus-kube-prometheus-stack-prometheus', 1, [
        ctr('prometheus', 'quay.io/prometheus/prometheus:v2.53.1', ports=[('http-web', 9090)], args=['--web.console.templates=/etc/prometheus/consoles', '--web.console.libraries=/etc/prometheus/console_libraries', '--config.file=/etc/prometheus/config_out/prometheus.env.yaml', '--web.enable-lifecycle', '--web.external-url=http://kube-prometheus-stack-prometheus.monitoring:9090', '--web.route-prefix=/', '--storage.tsdb.retention.time=10d', '--storage.tsdb.path=/prometheus', '--web.config.file=/etc/prometheus/web_config/web-config.yaml'],
            r=res('500m', '2Gi', None, '6Gi'), ready=probe('http', 'http-web', '/-/ready', period=5, timeout=3), mounts=[('prometheus-kube-prometheus-stack-prometheus-db', '/prometheus')]),
        ctr('config-reloader', 'quay.io/prometheus-operator/prometheus-config-reloader:v0.75.2', ports=[('reloader-web', 8080)], command=['/bin/prometheus-config-reloader'], args=['--listen-address=:8080', '--reload-url=http://127.0.0.1:9090/-/reload', '--config-file=/etc/prometheus/config/prometheus.yaml.gz', '--config-envsubst-file=/etc/prometheus/config_out/prometheus.env.yaml'])],
        psel, 'prometheus-operated', sa='kube-prometheus-stack-prometheus', owner=c.crd('monitoring.coreos.com/v1', 'Prometheus', 'kube-prometheus-stack-prometheus', ns),
        vct=[{'name': 'prometheus-kube-prometheus-stack-prometheus-db', 'size': '50Gi', 'sc': default_sc(c)}], age='280d', pmp='Parallel',
        init=[ctr('init-config-reloader', 'quay.io/prometheus-operator/prometheus-config-reloader:v0.75.2', command=['/bin/prometheus-config-reloader'], args=['--watch-interval=0', '--listen-address=:8081', '--config-file=/etc/prometheus/config/prometheus.yaml.gz', '--config-envsubst-file=/etc/prometheus/config_out/prometheus.env.yaml'])],
        labels={'app': 'kube-prometheus-stack-prometheus', 'app.kubernetes.io/managed-by': 'Helm', 'release': rel},
        spec={'securityContext': {'fsGroup': 2000, 'runAsGroup': 2000, 'runAsNonRoot': True, 'runAsUser': 1000, 'seccompProfile': {'type': 'RuntimeDefault'}}})
    c.svc(ns, 'prometheus-operated', {'app.kubernetes.io/name': 'prometheus'}, [('http-web', 9090, 'http-web')], headless=True, labels={'managed-by': 'prometheus-operator', 'operated-prometheus': 'true'}, age='280d')
    c.svc(ns, 'kube-prometheus-stack-prometheus', {'app.kubernetes.io/name': 'prometheus', 'operator.prometheus.io/name': 'kube-prometheus-stack-prometheus'}, [('http-web', 9090, 9090), ('reloader-web', 8080, 'reloader-web')],
          labels={'app': 'kube-prometheus-stack-prometheus', 'release': rel, 'self-monitor': 'true'}, age='280d')
    asel = {'alertmanager': 'kube-prometheus-stack-alertmanager', 'app.kubernetes.io/instance': 'kube-prometheus-stack-alertmanager', 'app.kubernetes.io/managed-by': 'prometheus-operator', 'app.kubernetes.io/name': 'alertmanager'}
    c.sa(ns, 'kube-prometheus-stack-alertmanager', age='280d')
    c.secret(ns, 'alertmanager-kube-prometheus-stack-alertmanager', ['alertmanager.yaml'], age='280d')
    c.secret(ns, 'alertmanager-kube-prometheus-stack-alertmanager-generated', ['alertmanager.yaml.gz'], age='280d',
             owner=c.crd('monitoring.coreos.com/v1', 'Alertmanager', 'kube-prometheus-stack-alertmanager', ns))
    c.sts(ns, 'alertmanager-kube-prometheus-stack-alertmanager', 1, [
        ctr('alertmanager', 'quay.io/prometheus/alertmanager:v0.27.0', ports=[('http-web', 9093), ('mesh-tcp', 9094)], args=['--config.file=/etc/alertmanager/config_out/alertmanager.env.yaml', '--storage.path=/alertmanager', '--data.retention=120h', '--cluster.listen-address=', '--web.listen-address=:9093', '--web.route-prefix=/', '--cluster.label=monitoring/kube-prometheus-stack-alertmanager', '--cluster.peer=alertmanager-kube-prometheus-stack-alertmanager-0.alertmanager-operated:9094'],
            r=res(None, '200Mi'), ready=probe('http', 'http-web', '/-/ready', delay=3, period=5, timeout=3), live=probe('http', 'http-web', '/-/healthy', timeout=3),
            mounts=[('config-volume', '/etc/alertmanager/config'), ('alertmanager-kube-prometheus-stack-alertmanager-db', '/alertmanager')])],
        asel, 'alertmanager-operated', sa='kube-prometheus-stack-alertmanager', owner=c.crd('monitoring.coreos.com/v1', 'Alertmanager', 'kube-prometheus-stack-alertmanager', ns),
        volumes=[{'name': 'config-volume', 'secret': {'defaultMode': 420, 'secretName': 'alertmanager-kube-prometheus-stack-alertmanager-generated'}}, vol_empty('alertmanager-kube-prometheus-stack-alertmanager-db')],
        age='280d', pmp='Parallel', labels={'app': 'kube-prometheus-stack-alertmanager', 'release': rel})
    c.svc(ns, 'alertmanager-operated', {'app.kubernetes.io/name': 'alertmanager'}, [('http-web', 9093, 'http-web'), ('tcp-mesh', 9094, 9094)], headless=True, labels={'managed-by': 'prometheus-operator', 'operated-alertmanager': 'true'}, age='280d')


def default_sc(c):
    for o in c.items['storageclasses']:
        if o['metadata'].get('annotations', {}).get('storageclass.kubernetes.io/is-default-class') == 'true':
            return o['metadata']['name']
    return c.items['storageclasses'][0]['metadata']['name'] if c.items['storageclasses'] else 'standard'


def addon_logging(c, ns='logging', nodes=None, flavor=None):
    flavor = flavor or c.rng.choice(['fluent-bit', 'vector'])
    c.ns(ns, '250d', labels={'name': ns})
    c.helm(ns, 'loki', age='40d')
    lsel = {'app.kubernetes.io/component': 'single-binary', 'app.kubernetes.io/instance': 'loki', 'app.kubernetes.io/name': 'loki'}
    c.cm(ns, 'loki', {'config.yaml': '\nauth_enabled: false\ncommon:\n  compactor_address: \'http://loki:3100\'\n  path_prefix: /var/loki\n  replication_factor: 1\n  storage:\n    filesystem:\n      chunks_directory: /var/loki/chunks\n      rules_directory: /var/loki/rules\nlimits_config:\n  max_cache_freshness_per_query: 10m\n  reject_old_samples: true\n  reject_old_samples_max_age: 168h\n  retention_period: 744h\nschema_config:\n  configs:\n  - from: "2024-04-01"\n    index:\n      period: 24h\n      prefix: loki_index_\n    object_store: filesystem\n    schema: v13\n    store: tsdb\nserver:\n  grpc_listen_port: 9095\n  http_listen_port: 3100\n'},
         labels=helm_labels('loki', 'loki', 'loki-6.7.1', '3.1.0'), age='240d')
    comp(c, ns, 'loki', 'docker.io/grafana/loki:3.1.0', kind='sts', ports=[('http-metrics', 3100), ('grpc', 9095)], sel=lsel,
         labels=dict(lsel, **{'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/part-of': 'memberlist', 'app.kubernetes.io/version': '3.1.0', 'helm.sh/chart': 'loki-6.7.1'}),
         sa='loki', args=['-config.file=/etc/loki/config/config.yaml', '-target=all'], ready=probe('http', 'http-metrics', '/ready', delay=30, timeout=1),
         vct=[{'name': 'storage', 'size': '30Gi', 'sc': default_sc(c)}], mounts=[('config', '/etc/loki/config'), ('storage', '/var/loki')],
         volumes=[vol_cm('config', 'loki')], age='240d', headless=True,
         spec={'securityContext': {'fsGroup': 10001, 'runAsGroup': 10001, 'runAsNonRoot': True, 'runAsUser': 10001}})
    if flavor == 'fluent-bit':
        c.helm(ns, 'fluent-bit', age='60d')
        fsel = sel_of('fluent-bit', 'fluent-bit')
        c.cm(ns, 'fluent-bit', {'custom_parsers.conf': '[PARSER]\n    Name docker_no_time\n    Format json\n    Time_Keep Off\n    Time_Key time\n    Time_Format %Y-%m-%dT%H:%M:%S.%L\n',
                                'fluent-bit.conf': '[SERVICE]\n    Daemon Off\n    Flush 1\n    Log_Level info\n    Parsers_File /fluent-bit/etc/parsers.conf\n    Parsers_File /fluent-bit/etc/conf/custom_parsers.conf\n    HTTP_Server On\n    HTTP_Listen 0.0.0.0\n    HTTP_Port 2020\n    Health_Check On\n\n[INPUT]\n    Name tail\n    Path /var/log/containers/*.log\n    multiline.parser docker, cri\n    Tag kube.*\n    Mem_Buf_Limit 5MB\n    Skip_Long_Lines On\n\n[FILTER]\n    Name kubernetes\n    Match kube.*\n    Merge_Log On\n    Keep_Log Off\n    K8S-Logging.Parser On\n    K8S-Logging.Exclude On\n\n[OUTPUT]\n    Name loki\n    Match kube.*\n    Host loki.%s.svc.cluster.local\n    Port 3100\n    Labels job=fluent-bit\n    Auto_Kubernetes_Labels on\n' % ns},
             labels=helm_labels('fluent-bit', 'fluent-bit', 'fluent-bit-0.47.5', '3.1.4'), age='200d')
        c.sa(ns, 'fluent-bit', labels=helm_labels('fluent-bit', 'fluent-bit', 'fluent-bit-0.47.5', '3.1.4'), age='200d')
        c.ds(ns, 'fluent-bit', [ctr('fluent-bit', 'cr.fluentbit.io/fluent/fluent-bit:3.1.4', ports=[('http', 2020)], command=['/fluent-bit/bin/fluent-bit'], args=['--workdir=/fluent-bit/etc', '--config=/fluent-bit/etc/conf/fluent-bit.conf'],
                                    ready=probe('http', 'http', '/api/v1/health'), live=probe('http', 'http', '/'),
                                    mounts=[('config', '/fluent-bit/etc/conf'), ('varlog', '/var/log'), ('varlibdockercontainers', '/var/lib/docker/containers'), ('etcmachineid', '/etc/machine-id')])],
             fsel, labels=helm_labels('fluent-bit', 'fluent-bit', 'fluent-bit-0.47.5', '3.1.4'), sa='fluent-bit', age='200d', nodes=nodes,
             volumes=[vol_cm('config', 'fluent-bit'), vol_host('varlog', '/var/log'), vol_host('varlibdockercontainers', '/var/lib/docker/containers'), vol_host('etcmachineid', '/etc/machine-id', 'File')],
             pod_ann={'checksum/config': c.hx(64)})
        c.svc(ns, 'fluent-bit', fsel, [('http', 2020, 'http')], labels=helm_labels('fluent-bit', 'fluent-bit', 'fluent-bit-0.47.5', '3.1.4'), age='200d')
    else:
        c.helm(ns, 'vector', age='60d')
        vsel = {'app.kubernetes.io/component': 'Agent', 'app.kubernetes.io/instance': 'vector', 'app.kubernetes.io/name': 'vector'}
        c.cm(ns, 'vector', {'agent.yaml': 'data_dir: /vector-data-dir\napi:\n  enabled: true\n  address: 127.0.0.1:8686\n  playground: false\nsources:\n  kubernetes_logs:\n    type: kubernetes_logs\n  host_metrics:\n    filesystem:\n      devices:\n        excludes: [binfmt_misc]\n    type: host_metrics\nsinks:\n  loki:\n    type: loki\n    inputs: [kubernetes_logs]\n    endpoint: http://loki.%s.svc.cluster.local:3100\n    encoding:\n      codec: json\n    labels:\n      namespace: "{{ kubernetes.pod_namespace }}"\n      pod: "{{ kubernetes.pod_name }}"\n' % ns},
             labels=helm_labels('vector', 'vector', 'vector-0.34.0', '0.39.0-distroless-libc', 'Agent'), age='200d')
        c.sa(ns, 'vector', age='200d')
        c.ds(ns, 'vector', [ctr('vector', 'timberio/vector:0.39.0-distroless-libc', ports=[('prom-exporter', 9090)], args=['--config-dir', '/etc/vector/'],
                                env=[E('VECTOR_LOG', 'info'), E('VECTOR_SELF_NODE_NAME', field='spec.nodeName'), E('VECTOR_SELF_POD_NAME', field='metadata.name'), E('VECTOR_SELF_POD_NAMESPACE', field='metadata.namespace'), E('PROCFS_ROOT', '/host/proc'), E('SYSFS_ROOT', '/host/sys')],
                                mounts=[('data', '/vector-data-dir'), ('config', '/etc/vector/'), ('var-log', '/var/log/'), ('var-lib', '/var/lib'), ('procfs', '/host/proc'), ('sysfs', '/host/sys')])],
             vsel, labels=helm_labels('vector', 'vector', 'vector-0.34.0', '0.39.0-distroless-libc', 'Agent'), sa='vector', age='200d', nodes=nodes,
             volumes=[vol_host('data', '/var/lib/vector'), vol_cm('config', 'vector'), vol_host('var-log', '/var/log/'), vol_host('var-lib', '/var/lib/'), vol_host('procfs', '/proc'), vol_host('sysfs', '/sys')])
        c.svc(ns, 'vector-headless', vsel, [('prom-exporter', 9090, 9090)], headless=True, labels=vsel, age='200d')


def addon_ingress_nginx(c, ns='ingress-nginx', lb=None, cls='nginx'):
    c.ns(ns, '300d', labels={'app.kubernetes.io/instance': 'ingress-nginx', 'app.kubernetes.io/name': 'ingress-nginx', 'name': ns})
    c.helm(ns, 'ingress-nginx', age='35d')
    sel = sel_of('ingress-nginx', 'ingress-nginx', 'controller')
    lab = helm_labels('ingress-nginx', 'ingress-nginx', 'ingress-nginx-4.11.1', '1.11.1', 'controller', {'app.kubernetes.io/part-of': 'ingress-nginx'})
    c.cm(ns, 'ingress-nginx-controller', {'allow-snippet-annotations': 'false', 'use-forwarded-headers': 'true', 'proxy-body-size': '16m'}, labels=lab, age='290d')
    c.secret(ns, 'ingress-nginx-admission', ['ca', 'cert', 'key'], age='290d')
    c.sa(ns, 'ingress-nginx', labels=lab, age='290d', automount=True)
    c.deploy(ns, 'ingress-nginx-controller', 2, [ctr('controller', 'registry.k8s.io/ingress-nginx/controller:v1.11.1@sha256:e6439a12b52076965928e83b7b56aae6731231677b01e81818bce7fa5c60161a',
                                                     ports=[('http', 80), ('https', 443), ('metrics', 10254), ('webhook', 8443)],
                                                     args=['/nginx-ingress-controller', '--publish-service=$(POD_NAMESPACE)/ingress-nginx-controller', '--election-id=ingress-nginx-leader', '--controller-class=k8s.io/ingress-nginx', '--ingress-class=%s' % cls, '--configmap=$(POD_NAMESPACE)/ingress-nginx-controller', '--validating-webhook=:8443', '--validating-webhook-certificate=/usr/local/certificates/cert', '--validating-webhook-key=/usr/local/certificates/key', '--enable-metrics=true'],
                                                     env=[E('POD_NAME', field='metadata.name'), E('POD_NAMESPACE', field='metadata.namespace'), E('LD_PRELOAD', '/usr/local/lib/libmimalloc.so')],
                                                     r=res('100m', '90Mi'), ready=probe('http', 10254, '/healthz', delay=10), live=probe('http', 10254, '/healthz', delay=10, fail=5),
                                                     mounts=[('webhook-cert', '/usr/local/certificates/')],
                                                     sc={'allowPrivilegeEscalation': False, 'capabilities': {'add': ['NET_BIND_SERVICE'], 'drop': ['ALL']}, 'readOnlyRootFilesystem': False, 'runAsNonRoot': True, 'runAsUser': 101, 'seccompProfile': {'type': 'RuntimeDefault'}})],
             sel, labels=lab, plabels={k: v for k, v in lab.items() if k not in sel}, sa='ingress-nginx', age='290d', old_rs=c.rng.randint(1, 4),
             volumes=[vol_secret('webhook-cert', 'ingress-nginx-admission')], spec={'nodeSelector': {'kubernetes.io/os': 'linux'}, 'terminationGracePeriodSeconds': 300})
    lbv = lb or {'ip': '%d.%d.%d.%d' % (c.rng.choice([34, 35, 20, 52, 104]), c.rng.randint(0, 255), c.rng.randint(0, 255), c.rng.randint(1, 254))}
    c.svc(ns, 'ingress-nginx-controller', sel, [('http', 80, 'http', 'http'), ('https', 443, 'https', 'https')], typ='LoadBalancer', labels=lab, lb=lbv, age='290d')
    c.svc(ns, 'ingress-nginx-controller-admission', sel, [('https-webhook', 443, 'webhook')], labels=lab, age='290d')
    c.svc(ns, 'ingress-nginx-controller-metrics', sel, [('metrics', 10254, 'metrics')], labels=lab, age='290d')
    c.ingress_lb = lbv
    return lbv


def addon_cert_manager(c, ns='cert-manager'):
    c.ns(ns, '310d', labels={'name': ns})
    c.helm(ns, 'cert-manager', age='50d')
    for nm, comp_, img, ports in (('cert-manager', 'controller', 'quay.io/jetstack/cert-manager-controller:v1.15.1', [('http-metrics', 9402), ('http-healthz', 9403)]),
                                  ('cert-manager-cainjector', 'cainjector', 'quay.io/jetstack/cert-manager-cainjector:v1.15.1', [('http-metrics', 9402)]),
                                  ('cert-manager-webhook', 'webhook', 'quay.io/jetstack/cert-manager-webhook:v1.15.1', [('https', 10250), ('healthcheck', 6080), ('http-metrics', 9402)])):
        appn = nm.replace('cert-manager-', '') if nm != 'cert-manager' else 'cert-manager'
        sel = {'app.kubernetes.io/component': comp_, 'app.kubernetes.io/instance': 'cert-manager', 'app.kubernetes.io/name': appn}
        lab = dict(sel, **{'app': appn, 'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/version': 'v1.15.1', 'helm.sh/chart': 'cert-manager-v1.15.1'})
        c.sa(ns, nm, labels=lab, age='300d', automount=True)
        c.deploy(ns, nm, 1, [ctr('cert-manager-' + comp_, img, ports=ports, args=['--v=2', '--cluster-resource-namespace=$(POD_NAMESPACE)', '--leader-election-namespace=kube-system'] if comp_ == 'controller' else ['--v=2'],
                                 env=[E('POD_NAMESPACE', field='metadata.namespace')],
                                 sc={'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True})],
                 sel, labels=lab, plabels={k: v for k, v in lab.items() if k not in sel}, sa=nm, age='300d', old_rs=c.rng.randint(0, 3),
                 spec={'enableServiceLinks': False, 'nodeSelector': {'kubernetes.io/os': 'linux'}, 'securityContext': {'runAsNonRoot': True, 'seccompProfile': {'type': 'RuntimeDefault'}}})
        if comp_ != 'cainjector':
            c.svc(ns, nm, sel, [(ports[0][0], 443 if comp_ == 'webhook' else 9402, ports[0][0])], labels=lab, age='300d')
    c.secret(ns, 'cert-manager-webhook-ca', ['ca.crt', 'tls.crt', 'tls.key'], age='300d')
    c.secret(ns, 'letsencrypt-prod-account-key', ['tls.key'], age='300d')


def addon_argocd(c, ns='argocd'):
    c.ns(ns, '330d', labels={'name': ns})
    c.helm(ns, 'argocd', age='25d')
    img = 'quay.io/argoproj/argocd:v2.11.7'
    for nm, comp_, kind in (('argocd-server', 'server', 'deploy'), ('argocd-repo-server', 'repo-server', 'deploy'),
                            ('argocd-application-controller', 'application-controller', 'sts'), ('argocd-redis', 'redis', 'deploy'),
                            ('argocd-applicationset-controller', 'applicationset-controller', 'deploy')):
        sel = sel_of(nm, 'argocd')
        lab = helm_labels(nm, 'argocd', 'argo-cd-7.3.11', 'v2.11.7', comp_, {'app.kubernetes.io/part-of': 'argocd'})
        image = 'public.ecr.aws/docker/library/redis:7.2.4-alpine' if comp_ == 'redis' else img
        port = {'server': [('server', 8080), ('metrics', 8083)], 'repo-server': [('repo-server', 8081), ('metrics', 8084)],
                'application-controller': [('metrics', 8082)], 'redis': [('redis', 6379)], 'applicationset-controller': [('metrics', 8080), ('probe', 8081), ('webhook', 7000)]}[comp_]
        comp(c, ns, nm, image, kind=kind, ports=port, sel=sel, labels=lab, sa=None if comp_ == 'redis' else nm, age='320d',
             args=['redis-server', '--protected-mode', 'no', '--save', '', '--appendonly', 'no'] if comp_ == 'redis' else ['/usr/local/bin/argocd-' + comp_.replace('-controller', '-controller') if comp_ != 'server' else '/usr/local/bin/argocd-server'],
             env=None if comp_ == 'redis' else [E('ARGOCD_RECONCILIATION_TIMEOUT', cm='argocd-cm', key='timeout.reconciliation'), E('REDIS_PASSWORD', secret='argocd-redis', key='auth')],
             svc_ports=[(port[0][0], {'server': 80, 'repo-server': 8081, 'application-controller': 8082, 'redis': 6379, 'applicationset-controller': 7000}[comp_], port[0][1])],
             states=None if comp_ != 'repo-server' else [[old_restart(c, '9d', 2, 'OOMKilled', 137)]], sts_svc=nm if kind == 'sts' else None)
    c.cm(ns, 'argocd-cm', {'admin.enabled': 'true', 'timeout.reconciliation': '180s', 'url': 'https://argocd.%s' % c.domain}, labels=helm_labels('argocd-cm', 'argocd', 'argo-cd-7.3.11', 'v2.11.7', 'server', {'app.kubernetes.io/part-of': 'argocd'}), age='320d')
    c.secret(ns, 'argocd-redis', ['auth'], age='320d')
    c.secret(ns, 'argocd-secret', ['admin.password', 'admin.passwordMtime', 'server.secretkey'], age='320d')
    c.secret(ns, 'repo-%d' % c.rng.randint(1000000000, 4000000000), ['sshPrivateKey', 'type', 'url'], labels={'argocd.argoproj.io/secret-type': 'repository'}, age='300d')


def addon_flux(c, ns='flux-system'):
    c.ns(ns, '330d', labels={'app.kubernetes.io/instance': 'flux-system', 'app.kubernetes.io/part-of': 'flux', 'app.kubernetes.io/version': 'v2.3.0',
                             'kustomize.toolkit.fluxcd.io/name': 'flux-system', 'kustomize.toolkit.fluxcd.io/namespace': 'flux-system',
                             'pod-security.kubernetes.io/warn': 'restricted', 'pod-security.kubernetes.io/warn-version': 'latest'})
    for nm, ver, port in (('source-controller', 'v1.3.0', 9090), ('kustomize-controller', 'v1.3.0', None), ('helm-controller', 'v1.0.1', None), ('notification-controller', 'v1.3.0', 9292)):
        sel = {'app': nm}
        lab = {'app.kubernetes.io/component': nm, 'app.kubernetes.io/instance': 'flux-system', 'app.kubernetes.io/part-of': 'flux', 'app.kubernetes.io/version': 'v2.3.0',
               'control-plane': 'controller', 'kustomize.toolkit.fluxcd.io/name': 'flux-system', 'kustomize.toolkit.fluxcd.io/namespace': 'flux-system'}
        c.sa(ns, nm, labels=lab, age='320d')
        ports = [('http', port)] if port else []
        c.deploy(ns, nm, 1, [ctr('manager', 'ghcr.io/fluxcd/%s:%s' % (nm, ver), ports=ports + [('http-prom', 8080), ('healthz', 9440)],
                                 args=['--events-addr=http://notification-controller.flux-system.svc.cluster.local./', '--watch-all-namespaces=true', '--log-level=info', '--log-encoding=json', '--enable-leader-election'],
                                 env=[E('RUNTIME_NAMESPACE', field='metadata.namespace')], r=res('100m', '64Mi', '1', '1Gi'),
                                 ready=probe('http', 'healthz', '/readyz'), live=probe('http', 'healthz', '/healthz'),
                                 sc={'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True, 'runAsNonRoot': True, 'seccompProfile': {'type': 'RuntimeDefault'}})],
                 sel, labels=lab, sa=nm, age='320d', old_rs=c.rng.randint(1, 3), pod_ann={'prometheus.io/port': '8080', 'prometheus.io/scrape': 'true'},
                 spec={'nodeSelector': {'kubernetes.io/os': 'linux'}, 'terminationGracePeriodSeconds': 10, 'priorityClassName': 'system-cluster-critical'}, prio=CRIT['system-cluster-critical'])
        if port:
            c.svc(ns, nm, sel, [('http', 80, 'http')], labels=lab, age='320d')
    c.secret(ns, 'flux-system', ['identity', 'identity.pub', 'known_hosts'], age='320d')


def addon_external_secrets(c, ns='external-secrets', sa_ann=None):
    c.ns(ns, '260d', labels={'name': ns})
    c.helm(ns, 'external-secrets', age='30d')
    for nm, comp_, args in (('external-secrets', None, ['--concurrent=1', '--metrics-addr=:8080', '--loglevel=info']),
                            ('external-secrets-cert-controller', 'cert-controller', ['certcontroller', '--crd-requeue-interval=5m', '--service-name=external-secrets-webhook', '--service-namespace=external-secrets', '--secret-name=external-secrets-webhook', '--secret-namespace=external-secrets']),
                            ('external-secrets-webhook', 'webhook', ['webhook', '--port=10250', '--dns-name=external-secrets-webhook.external-secrets.svc', '--cert-dir=/tmp/certs', '--check-interval=5m'])):
        sel = {'app.kubernetes.io/instance': 'external-secrets', 'app.kubernetes.io/name': nm}
        lab = dict(sel, **{'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/version': 'v0.9.20', 'helm.sh/chart': 'external-secrets-0.9.20'})
        c.sa(ns, nm, labels=lab, age='250d', ann=sa_ann if nm == 'external-secrets' else None)
        c.deploy(ns, nm, 1, [ctr(comp_ or 'external-secrets', 'ghcr.io/external-secrets/external-secrets:v0.9.20', ports=[('metrics', 8080)] + ([('webhook', 10250)] if comp_ == 'webhook' else []), args=args,
                                 sc={'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True, 'runAsNonRoot': True, 'runAsUser': 1000, 'seccompProfile': {'type': 'RuntimeDefault'}})],
                 sel, labels=lab, sa=nm, age='250d', old_rs=c.rng.randint(0, 3))
        if comp_ == 'webhook':
            c.svc(ns, nm, sel, [('webhook', 443, 10250)], labels=lab, age='250d')
            c.secret(ns, 'external-secrets-webhook', ['ca.crt', 'tls.crt', 'tls.key'], age='250d')


def addon_kyverno(c, ns='kyverno'):
    c.ns(ns, '200d', labels={'name': ns})
    c.helm(ns, 'kyverno', age='45d')
    for nm, comp_ in (('kyverno-admission-controller', 'admission-controller'), ('kyverno-background-controller', 'background-controller'),
                      ('kyverno-cleanup-controller', 'cleanup-controller'), ('kyverno-reports-controller', 'reports-controller')):
        sel = {'app.kubernetes.io/component': comp_, 'app.kubernetes.io/instance': 'kyverno', 'app.kubernetes.io/part-of': 'kyverno'}
        lab = dict(sel, **{'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/version': '3.2.6', 'helm.sh/chart': 'kyverno-3.2.6'})
        c.sa(ns, nm, labels=lab, age='195d')
        ports = [('https', 9443), ('metrics-port', 8000)] if 'admission' in nm or 'cleanup' in nm else [('metrics', 8000)]
        c.deploy(ns, nm, 1, [ctr('controller' if 'admission' not in nm else 'kyverno', 'ghcr.io/kyverno/%s:v1.12.5' % ('kyverno' if 'admission' in nm else comp_.replace('-controller', '-controller')),
                                 ports=ports, args=['--loggingFormat=text', '--disableMetrics=false', '--otelConfig=prometheus', '--metricsPort=8000'],
                                 env=[E('KYVERNO_SERVICEACCOUNT_NAME', nm), E('KYVERNO_NAMESPACE', field='metadata.namespace')],
                                 r=res('100m', '128Mi', None, '384Mi'))],
                 sel, labels=lab, sa=nm, age='195d', old_rs=c.rng.randint(0, 2))
        if 'admission' in nm:
            c.svc(ns, 'kyverno-svc', sel, [('https', 443, 'https')], labels=lab, age='195d')
            c.svc(ns, 'kyverno-svc-metrics', sel, [('metrics-port', 8000, 8000)], labels=lab, age='195d')


def addon_velero(c, ns='velero', sa_ann=None, provider='aws'):
    c.ns(ns, '220d', labels={'name': ns})
    c.helm(ns, 'velero', age='70d')
    sel = sel_of('velero', 'velero')
    lab = helm_labels('velero', 'velero', 'velero-7.1.4', '1.14.0', 'velero')
    c.sa(ns, 'velero-server', labels=lab, ann=sa_ann, age='215d')
    c.secret(ns, 'velero', ['cloud'], labels=lab, age='215d')
    plug = {'aws': 'velero/velero-plugin-for-aws:v1.10.0', 'gcp': 'velero/velero-plugin-for-gcp:v1.10.0', 'azure': 'velero/velero-plugin-for-microsoft-azure:v1.10.0'}[provider]
    c.deploy(ns, 'velero', 1, [ctr('velero', 'velero/velero:v1.14.0', ports=[('http-monitoring', 8085)], command=['/velero'], args=['server', '--uploader-type=kopia', '--default-volumes-to-fs-backup=false'],
                                   env=[E('VELERO_SCRATCH_DIR', '/scratch'), E('VELERO_NAMESPACE', field='metadata.namespace'), E('LD_LIBRARY_PATH', '/plugins')],
                                   r=res('500m', '128Mi', '1', '512Mi'), mounts=[('plugins', '/plugins'), ('scratch', '/scratch')],
                                   ready=probe('http', 'http-monitoring', '/metrics', delay=10, period=30, timeout=5), live=probe('http', 'http-monitoring', '/metrics', delay=10, period=30, timeout=5))],
             sel, labels=lab, plabels={'name': 'velero'}, sa='velero-server', age='215d', old_rs=c.rng.randint(1, 3),
             init=[ctr('velero-plugin-for-%s' % provider, plug, mounts=[('plugins', '/target')])], volumes=[vol_empty('plugins'), vol_empty('scratch')],
             spec={'restartPolicy': 'Always', 'terminationGracePeriodSeconds': 3600})
    c.svc(ns, 'velero', sel, [('http-monitoring', 8085, 'http-monitoring')], labels=lab, age='215d')


def addon_metallb(c, ns='metallb-system', nodes=None):
    c.ns(ns, '380d', labels={'pod-security.kubernetes.io/audit': 'privileged', 'pod-security.kubernetes.io/enforce': 'privileged', 'pod-security.kubernetes.io/warn': 'privileged'})
    c.helm(ns, 'metallb', age='120d')
    sel = {'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/instance': 'metallb', 'app.kubernetes.io/name': 'metallb'}
    lab = dict(sel, **{'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/version': 'v0.14.5', 'helm.sh/chart': 'metallb-0.14.5'})
    c.sa(ns, 'metallb-controller', labels=lab, age='370d')
    c.deploy(ns, 'metallb-controller', 1, [ctr('controller', 'quay.io/metallb/controller:v0.14.5', ports=[('monitoring', 7472), ('webhook-server', 9443)], args=['--port=7472', '--log-level=info', '--tls-min-version=VersionTLS12'],
                                               env=[E('METALLB_ML_SECRET_NAME', 'metallb-memberlist'), E('METALLB_DEPLOYMENT', 'metallb-controller')],
                                               ready=probe('http', 'monitoring', '/metrics'), live=probe('http', 'monitoring', '/metrics'))],
             sel, labels=lab, sa='metallb-controller', age='370d', old_rs=1)
    c.svc(ns, 'metallb-webhook-service', sel, [('', 443, 9443)], labels=lab, age='370d')
    ssel = {'app.kubernetes.io/component': 'speaker', 'app.kubernetes.io/instance': 'metallb', 'app.kubernetes.io/name': 'metallb'}
    c.sa(ns, 'metallb-speaker', age='370d')
    c.secret(ns, 'metallb-memberlist', ['secretkey'], age='370d')
    c.ds(ns, 'metallb-speaker', [ctr('speaker', 'quay.io/metallb/speaker:v0.14.5', ports=[('monitoring', 7472), ('memberlist-tcp', 7946)], args=['--port=7472', '--log-level=info'],
                                     env=[E('METALLB_NODE_NAME', field='spec.nodeName'), E('METALLB_HOST', field='status.hostIP'), E('METALLB_ML_BIND_ADDR', field='status.podIP'), E('METALLB_ML_LABELS', 'app.kubernetes.io/name=metallb,app.kubernetes.io/component=speaker'), E('METALLB_ML_SECRET_KEY_PATH', '/etc/ml_secret_key')],
                                     mounts=[('memberlist', '/etc/ml_secret_key')], sc={'allowPrivilegeEscalation': False, 'capabilities': {'add': ['NET_RAW'], 'drop': ['ALL']}, 'readOnlyRootFilesystem': True})],
         ssel, labels=dict(ssel, **{'app.kubernetes.io/managed-by': 'Helm'}), sa='metallb-speaker', hostnet=True, age='370d', nodes=nodes,
         volumes=[vol_secret('memberlist', 'metallb-memberlist')],
         tolerations=[{'effect': 'NoSchedule', 'key': 'node-role.kubernetes.io/master', 'operator': 'Exists'}, {'effect': 'NoSchedule', 'key': 'node-role.kubernetes.io/control-plane', 'operator': 'Exists'}])


def addon_nfs(c, ns='nfs-provisioner', server='10.20.30.5', path='/srv/nfs/k8s'):
    c.ns(ns, '380d')
    c.helm(ns, 'nfs-subdir-external-provisioner', age='300d')
    sel = {'app': 'nfs-subdir-external-provisioner', 'release': 'nfs-subdir-external-provisioner'}
    c.sa(ns, 'nfs-subdir-external-provisioner', age='370d')
    c.deploy(ns, 'nfs-subdir-external-provisioner', 1, [ctr('nfs-subdir-external-provisioner', 'registry.k8s.io/sig-storage/nfs-subdir-external-provisioner:v4.0.2',
                                                            env=[E('PROVISIONER_NAME', 'cluster.local/nfs-subdir-external-provisioner'), E('NFS_SERVER', server), E('NFS_PATH', path)],
                                                            mounts=[('nfs-subdir-external-provisioner-root', '/persistentvolumes')])],
             sel, labels=dict(sel, **{'chart': 'nfs-subdir-external-provisioner-4.0.18', 'heritage': 'Helm'}), sa='nfs-subdir-external-provisioner', age='370d',
             volumes=[{'name': 'nfs-subdir-external-provisioner-root', 'nfs': {'path': path, 'server': server}}], strategy={'type': 'Recreate'})
    c.sc('nfs-client', 'cluster.local/nfs-subdir-external-provisioner', {'archiveOnDelete': 'true'}, binding='Immediate', age='370d',
         labels={'app': 'nfs-subdir-external-provisioner', 'chart': 'nfs-subdir-external-provisioner-4.0.18', 'heritage': 'Helm', 'release': 'nfs-subdir-external-provisioner'})


# ----------------------------------------------------------------------------------------------------------------
# database tiers
def ensure_ns(c, ns, age='200d', labels=None):
    return c.ns(ns, age, labels=labels)


def cnpg_operator(c, ns='cnpg-system'):
    if c.get('deployments', ns, 'cnpg-controller-manager'):
        return
    ensure_ns(c, ns, '260d')
    c.helm(ns, 'cnpg', age='60d')
    sel = sel_of('cloudnative-pg', 'cnpg')
    lab = helm_labels('cloudnative-pg', 'cnpg', 'cloudnative-pg-0.21.5', '1.23.2')
    c.sa(ns, 'cnpg-cloudnative-pg', labels=lab, age='255d')
    c.cm(ns, 'cnpg-controller-manager-config', {}, labels=lab, age='255d')
    c.cm(ns, 'cnpg-default-monitoring', {'queries': 'backends:\n  query: |\n   SELECT sa.datname\n       , sa.usename\n       , sa.application_name\n       , states.state\n       , COALESCE(sa.count, 0) AS total\n       , COALESCE(sa.max_tx_secs, 0) AS max_tx_duration_seconds\n'}, labels=dict(lab, **{'cnpg.io/reload': ''}), age='255d')
    c.secret(ns, 'cnpg-ca-secret', ['ca.crt', 'ca.key'], age='255d')
    c.secret(ns, 'cnpg-webhook-cert', ['tls.crt', 'tls.key'], typ='kubernetes.io/tls', age='255d')
    c.deploy(ns, 'cnpg-controller-manager', 1, [ctr('manager', 'ghcr.io/cloudnative-pg/cloudnative-pg:1.23.2', ports=[('metrics', 8080), ('webhook-server', 9443)],
                                                    command=['/manager'], args=['controller', '--leader-elect', '--config-map-name=cnpg-controller-manager-config', '--webhook-port=9443'],
                                                    env=[E('OPERATOR_IMAGE_NAME', 'ghcr.io/cloudnative-pg/cloudnative-pg:1.23.2'), E('OPERATOR_NAMESPACE', field='metadata.namespace'), E('MONITORING_QUERIES_CONFIGMAP', 'cnpg-default-monitoring')],
                                                    ready=probe('http', 9443, '/readyz'), live=probe('http', 9443, '/readyz'),
                                                    sc={'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True, 'runAsGroup': 10001, 'runAsUser': 10001, 'seccompProfile': {'type': 'RuntimeDefault'}},
                                                    mounts=[('scratch-data', '/controller'), ('webhook-certificates', '/run/secrets/cnpg.io/webhook')])],
             sel, labels=lab, sa='cnpg-cloudnative-pg', age='255d', old_rs=2, volumes=[vol_empty('scratch-data'), vol_secret('webhook-certificates', 'cnpg-webhook-cert')])
    c.svc(ns, 'cnpg-webhook-service', sel, [('webhook-server', 443, 'webhook-server')], labels=lab, age='255d')


def tier_cnpg(c, ns, name, instances=3, size='50Gi', sc=None, pool=None, nodes=None, states=None, age='150d', pg='16.3',
              primary=1, params=None, sa_ann=None, ip=None, backup_env=None, mem='4Gi'):
    cnpg_operator(c)
    ensure_ns(c, ns, age)
    sc = sc or default_sc(c)
    owner = c.crd('postgresql.cnpg.io/v1', 'Cluster', name, ns)
    c.sa(ns, name, age=age, owner=[dict(owner)], ann=sa_ann)
    for sfx, keys, typ in (('app', ['dbname', 'host', 'jdbc-uri', 'password', 'pgpass', 'port', 'uri', 'user', 'username'], 'kubernetes.io/basic-auth'),
                           ('superuser', ['password', 'pgpass', 'username'], 'kubernetes.io/basic-auth'), ('ca', ['ca.crt', 'ca.key'], 'Opaque'),
                           ('server', ['tls.crt', 'tls.key'], 'kubernetes.io/tls'), ('replication', ['tls.crt', 'tls.key'], 'kubernetes.io/tls')):
        c.secret(ns, '%s-%s' % (name, sfx), keys, typ=typ, age=age, labels={'cnpg.io/cluster': name, 'cnpg.io/reload': 'true'} if sfx in ('app', 'superuser') else {'cnpg.io/cluster': name},
                 owner=[dict(owner)])
    pods = []
    for i in range(1, instances + 1):
        iname = '%s-%d' % (name, i)
        role = 'primary' if i == primary else 'replica'
        st = (states or {}).get(i)
        pa = parse_age(age) - 300 - 900 * (i - 1)
        node = None if (isinstance(st, tuple) and st[0] == 'pending') else ((nodes or {}).get(i) if nodes else c.place(pool))
        c.pvc(ns, iname, size, sc, labels={'cnpg.io/cluster': name, 'cnpg.io/instanceName': iname, 'cnpg.io/instanceRole': role, 'cnpg.io/pvcRole': 'PG_DATA', 'role': role},
              age=pa + 20, node=node, owner=[dict(owner)], ann={'cnpg.io/nodeSerial': str(i), 'cnpg.io/operatorVersion': '1.23.2', 'cnpg.io/pvcStatus': 'ready'})
        env = [E('PGDATA', '/var/lib/postgresql/data/pgdata'), E('POD_NAME', iname), E('NAMESPACE', ns), E('CLUSTER_NAME', name), E('PGPORT', '5432'), E('PGHOST', '/controller/run')]
        env += backup_env or []
        co = ctr('postgres', 'ghcr.io/cloudnative-pg/postgresql:' + pg, ports=[('postgresql', 5432), ('metrics', 9187), ('status', 8000)],
                 command=['/controller/manager', 'instance', 'run', '--log-level=info'], env=env, r=res('1', mem, '2', mem),
                 ready=probe('http', 8000, '/readyz', timeout=5), live=probe('http', 8000, '/healthz', timeout=5),
                 startup=probe('http', 8000, '/healthz', period=10, timeout=5, fail=360),
                 sc={'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'privileged': False, 'readOnlyRootFilesystem': True, 'runAsNonRoot': True, 'seccompProfile': {'type': 'RuntimeDefault'}},
                 mounts=[('pgdata', '/var/lib/postgresql/data'), ('scratch-data', '/run'), ('scratch-data', '/controller'), ('shm', '/dev/shm'), ('app-secret', '/etc/app-secret'), ('superuser-secret', '/etc/superuser-secret')])
        co['readinessProbe']['httpGet']['scheme'] = 'HTTPS' if False else 'HTTP'
        lab = {'cnpg.io/cluster': name, 'cnpg.io/instanceName': iname, 'cnpg.io/instanceRole': role, 'cnpg.io/podRole': 'instance', 'role': role}
        sp = {'containers': [co], 'initContainers': [ctr('bootstrap-controller', 'ghcr.io/cloudnative-pg/cloudnative-pg:1.23.2', command=['/manager', 'bootstrap', '/controller/manager', '--log-level=info'],
                                                         r=res('1', mem, '2', mem), mounts=[('scratch-data', '/controller')],
                                                         sc={'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True, 'runAsNonRoot': True})],
              'volumes': [vol_pvc('pgdata', iname), vol_empty('scratch-data'), {'emptyDir': {'medium': 'Memory'}, 'name': 'shm'},
                          vol_secret('app-secret', name + '-app'), vol_secret('superuser-secret', name + '-superuser')],
              'affinity': {'podAntiAffinity': {'preferredDuringSchedulingIgnoredDuringExecution': [{'podAffinityTerm': {'labelSelector': {'matchExpressions': [
                  {'key': 'cnpg.io/cluster', 'operator': 'In', 'values': [name]}, {'key': 'cnpg.io/podRole', 'operator': 'In', 'values': ['instance']}]}, 'topologyKey': 'kubernetes.io/hostname'}, 'weight': 100}]}},
              'hostname': iname, 'subdomain': name + '-any', 'securityContext': {'fsGroup': 26, 'runAsGroup': 26, 'runAsNonRoot': True, 'runAsUser': 26, 'seccompProfile': {'type': 'RuntimeDefault'}},
              'terminationGracePeriodSeconds': 1800}
        if pool:
            sp['nodeSelector'] = c.pool_selector(pool)
        ann = {'cnpg.io/nodeSerial': str(i), 'cnpg.io/operatorVersion': '1.23.2', 'cnpg.io/podEnvHash': c.hx(16)}
        if isinstance(st, tuple) and st[0] == 'pending':
            p = c.pod(ns, iname, sp, lab, None, [], pa, owner=dict(owner), ann=ann, sa=name, unsched=st[1])
        else:
            cs = st if st else [run(pa - 30)]
            p = c.pod(ns, iname, sp, lab, node, cs, pa, owner=dict(owner), ann=ann, sa=name,
                      ip=not (cs and cs[0]['s'] == 'wait' and cs[0]['reason'] == 'ContainerCreating'))
        pods.append(p)
    pl = {'cnpg.io/cluster': name}
    c.svc(ns, name + '-rw', dict(pl, **{'cnpg.io/instanceRole': 'primary'}), [('postgres', 5432, 5432)], labels=pl, age=age, owner=[dict(owner)])
    c.svc(ns, name + '-ro', dict(pl, **{'cnpg.io/instanceRole': 'replica'}), [('postgres', 5432, 5432)], labels=pl, age=age, owner=[dict(owner)])
    c.svc(ns, name + '-r', dict(pl, **{'cnpg.io/podRole': 'instance'}), [('postgres', 5432, 5432)], labels=pl, age=age, owner=[dict(owner)])
    return pods


def tier_pg_bitnami(c, ns, rel, age='200d', size='20Gi', sc=None, pool=None, nodes=None, states=None, extra_conf=None,
                    hba=None, version='16.3.0', replicas=0, read_states=None, pod_ages=None, mem='2Gi', cm_name=None, conf_mount=False):
    ensure_ns(c, ns, age)
    sc = sc or default_sc(c)
    c.helm(ns, rel, age=age if parse_age(age) < parse_age('30d') else '30d')
    chart = 'postgresql-15.5.11'
    lab = lambda comp_: helm_labels('postgresql', rel, chart, version, comp_)
    c.secret(ns, rel + '-postgresql', ['password', 'postgres-password'] + (['replication-password'] if replicas else []), labels=lab(None), age=age)
    vols = [vol_empty('empty-dir'), {'emptyDir': {'medium': 'Memory'}, 'name': 'dshm'}]
    mounts = [('empty-dir', '/tmp'), ('empty-dir', '/opt/bitnami/postgresql/conf'), ('empty-dir', '/opt/bitnami/postgresql/tmp'), ('dshm', '/dev/shm'), ('data', '/bitnami/postgresql')]
    if extra_conf is not None or hba is not None:
        cmn = cm_name or (rel + '-postgresql-extended-configuration')
        data = {}
        if extra_conf is not None:
            data['override.conf'] = extra_conf
        if hba is not None:
            data['pg_hba.conf'] = hba
        c.cm(ns, cmn, data, labels=lab('primary'), age=age)
        vols.append(vol_cm('postgresql-extended-config' if extra_conf is not None else 'custom-config', cmn))
        mounts.append(('postgresql-extended-config', '/bitnami/postgresql/conf/conf.d/') if extra_conf is not None and hba is None else ('custom-config', '/bitnami/postgresql/conf'))
    env = [E('BITNAMI_DEBUG', 'false'), E('POSTGRESQL_PORT_NUMBER', '5432'), E('POSTGRESQL_VOLUME_DIR', '/bitnami/postgresql'), E('PGDATA', '/bitnami/postgresql/data'),
           E('POSTGRES_USER', rel.split('-')[0]), E('POSTGRES_PASSWORD', secret=rel + '-postgresql', key='password'), E('POSTGRES_POSTGRES_PASSWORD', secret=rel + '-postgresql', key='postgres-password'),
           E('POSTGRES_DATABASE', rel.split('-')[0]), E('POSTGRESQL_ENABLE_LDAP', 'no'), E('POSTGRESQL_ENABLE_TLS', 'no'), E('POSTGRESQL_LOG_HOSTNAME', 'false'),
           E('POSTGRESQL_LOG_CONNECTIONS', 'false'), E('POSTGRESQL_LOG_DISCONNECTIONS', 'false'), E('POSTGRESQL_PGAUDIT_LOG_CATALOG', 'off'), E('POSTGRESQL_CLIENT_MIN_MESSAGES', 'error'),
           E('POSTGRESQL_SHARED_PRELOAD_LIBRARIES', 'pgaudit')]
    if replicas:
        env += [E('POSTGRES_REPLICATION_MODE', 'master'), E('POSTGRES_REPLICATION_USER', 'repl_user'), E('POSTGRES_REPLICATION_PASSWORD', secret=rel + '-postgresql', key='replication-password'), E('POSTGRES_CLUSTER_APP_NAME', 'my_application'), E('POSTGRES_NUMBER_SYNCHRONOUS_REPLICAS', '0')]
    pexec = ['/bin/sh', '-c', 'exec pg_isready -U "%s" -d "dbname=%s" -h 127.0.0.1 -p 5432' % (rel.split('-')[0], rel.split('-')[0])]
    name = rel + '-postgresql' + ('-primary' if replicas else '')
    sec = {'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'privileged': False, 'readOnlyRootFilesystem': True, 'runAsGroup': 1001, 'runAsNonRoot': True, 'runAsUser': 1001, 'seLinuxOptions': {}, 'seccompProfile': {'type': 'RuntimeDefault'}}
    spec = {'securityContext': {'fsGroup': 1001, 'fsGroupChangePolicy': 'Always', 'supplementalGroups': [], 'sysctls': []}, 'automountServiceAccountToken': False,
            'affinity': {'podAntiAffinity': {'preferredDuringSchedulingIgnoredDuringExecution': [{'podAffinityTerm': {'labelSelector': {'matchLabels': sel_of('postgresql', rel, 'primary')}, 'topologyKey': 'kubernetes.io/hostname'}, 'weight': 1}]}}}
    if pool:
        spec['nodeSelector'] = c.pool_selector(pool)
    c.sa(ns, rel + '-postgresql', labels=lab(None), automount=False, age=age)
    wl, pods = comp(c, ns, name, 'docker.io/bitnami/postgresql:%s-debian-12-r19' % version, kind='sts', ports=[('tcp-postgresql', 5432)], inst=rel, appname='postgresql', chart=chart,
                    ver=version, component='primary', sa=rel + '-postgresql', r=res('500m', mem, '1500m', mem), env=env, age=age,
                    ready=probe('exec', cmd=['/bin/sh', '-c', '-e', 'exec pg_isready -U "%s" -d "dbname=%s" -h 127.0.0.1 -p 5432\n[ -f /opt/bitnami/postgresql/tmp/.initialized ] || [ -f /bitnami/postgresql/.initialized ]\n' % (rel.split('-')[0], rel.split('-')[0])], delay=5, period=10, timeout=5, fail=6),
                    live=probe('exec', cmd=pexec, delay=30, timeout=5, fail=6), vct=[{'name': 'data', 'size': size, 'sc': sc}], sc=sec,
                    mounts=mounts, volumes=vols, spec=spec, states=states, pool=None, nodes=nodes, svc=False, pod_ages=pod_ages, sts_svc=name.replace('-primary', '') + '-hl' if not replicas else rel + '-postgresql-primary-hl')
    wl['spec']['template']['spec']['containers'][0]['name'] = 'postgresql'
    for p in pods:
        p['spec']['containers'][0]['name'] = 'postgresql'
        for cs in p['status'].get('containerStatuses', []):
            cs['name'] = 'postgresql'
    svcname = rel + '-postgresql' + ('-primary' if replicas else '')
    s_sel = sel_of('postgresql', rel, 'primary')
    c.svc(ns, svcname, s_sel, [('tcp-postgresql', 5432, 'tcp-postgresql')], labels=lab('primary'), age=age)
    c.svc(ns, svcname + '-hl', s_sel, [('tcp-postgresql', 5432, 'tcp-postgresql')], headless=True, pnr=True, labels=dict(lab('primary'), **{'app.kubernetes.io/component': 'primary'}), age=age)
    rpods = []
    if replicas:
        renv = [x for x in env if x['name'] not in ('POSTGRES_DATABASE',)]
        renv = [dict(x, value='slave') if x['name'] == 'POSTGRES_REPLICATION_MODE' else x for x in renv]
        renv += [E('POSTGRES_MASTER_HOST', svcname), E('POSTGRES_MASTER_PORT_NUMBER', '5432')]
        rname = rel + '-postgresql-read'
        wl2, rpods = comp(c, ns, rname, 'docker.io/bitnami/postgresql:%s-debian-12-r19' % version, kind='sts', replicas=replicas, ports=[('tcp-postgresql', 5432)], inst=rel, appname='postgresql',
                          chart=chart, ver=version, component='read', sa=rel + '-postgresql', r=res('250m', mem, '1', mem), env=renv, age=age, sc=sec,
                          ready=probe('exec', cmd=pexec, delay=5, timeout=5, fail=6), live=probe('exec', cmd=pexec, delay=30, timeout=5, fail=6),
                          vct=[{'name': 'data', 'size': size, 'sc': sc}], mounts=mounts[:5], volumes=vols[:2], spec=dict(spec, affinity={}), states=read_states, svc=False,
                          sts_svc=rel + '-postgresql-read-hl', nodes=None)
        wl2['spec']['template']['spec']['containers'][0]['name'] = 'postgresql'
        for p in rpods:
            p['spec']['containers'][0]['name'] = 'postgresql'
            for cs in p['status'].get('containerStatuses', []):
                cs['name'] = 'postgresql'
        r_sel = sel_of('postgresql', rel, 'read')
        c.svc(ns, rname, r_sel, [('tcp-postgresql', 5432, 'tcp-postgresql')], labels=lab('read'), age=age)
        c.svc(ns, rname + '-hl', r_sel, [('tcp-postgresql', 5432, 'tcp-postgresql')], headless=True, pnr=True, labels=lab('read'), age=age)
    return pods, rpods


def tier_redis(c, ns, rel, replicas=2, age='180d', size='8Gi', sc=None, conf_extra='', master_states=None, replica_states=None,
               version='7.2.5', pool=None, mem='1Gi'):
    ensure_ns(c, ns, age)
    sc = sc or default_sc(c)
    c.helm(ns, rel, age='25d')
    chart = 'redis-19.6.2'
    lab = lambda cp: helm_labels('redis', rel, chart, version, cp)
    c.secret(ns, rel + '-redis', ['redis-password'], labels=lab(None), age=age)
    c.cm(ns, rel + '-redis-configuration', {'redis.conf': '# User-supplied common configuration:\n# Enable AOF https://redis.io/topics/persistence#append-only-file\nappendonly yes\n# Disable RDB persistence, AOF persistence already enabled.\nsave ""\n' + conf_extra + '# End of common configuration\n',
                                             'master.conf': 'dir /data\n# User-supplied master configuration:\nrename-command FLUSHDB ""\nrename-command FLUSHALL ""\n# End of master configuration\n',
                                             'replica.conf': 'dir /data\n# User-supplied replica configuration:\nrename-command FLUSHDB ""\nrename-command FLUSHALL ""\n# End of replica configuration\n'}, labels=lab(None), age=age)
    c.cm(ns, rel + '-redis-scripts', {'start-master.sh': '#!/bin/bash\n\n[[ -f $REDIS_PASSWORD_FILE ]] && export REDIS_PASSWORD="$(< "${REDIS_PASSWORD_FILE}")"\nif [[ -f /opt/bitnami/redis/mounted-etc/master.conf ]];then\n    cp /opt/bitnami/redis/mounted-etc/master.conf /opt/bitnami/redis/etc/master.conf\nfi\nARGS=("--port" "${REDIS_PORT}")\nARGS+=("--requirepass" "${REDIS_PASSWORD}")\nARGS+=("--include" "/opt/bitnami/redis/etc/redis.conf")\nARGS+=("--include" "/opt/bitnami/redis/etc/master.conf")\nexec redis-server "${ARGS[@]}"\n',
                                       'start-replica.sh': '#!/bin/bash\n\nget_port() {\n    hostname="$1"\n    type="$2"\n}\nARGS=("--port" "${REDIS_PORT}")\nARGS+=("--replicaof" "${REDIS_MASTER_HOST}" "${REDIS_MASTER_PORT_NUMBER}")\nexec redis-server "${ARGS[@]}"\n'}, labels=lab(None), age=age)
    c.cm(ns, rel + '-redis-health', {'ping_readiness_local.sh': '#!/bin/bash\n\n[[ -f $REDIS_PASSWORD_FILE ]] && export REDIS_PASSWORD="$(< "${REDIS_PASSWORD_FILE}")"\n[[ -n "$REDIS_PASSWORD" ]] && export REDISCLI_AUTH="$REDIS_PASSWORD"\nresponse=$(\n  timeout -s 15 $1 \\\n  redis-cli \\\n    -h localhost \\\n    -p $REDIS_PORT \\\n    ping\n)\nif [ "$?" -eq "124" ]; then\n  echo "Timed out"\n  exit 1\nfi\nif [ "$response" != "PONG" ]; then\n  echo "$response"\n  exit 1\nfi\n',
                                      'ping_liveness_local.sh': '#!/bin/bash\n\nresponse=$(\n  timeout -s 15 $1 \\\n  redis-cli \\\n    -h localhost \\\n    -p $REDIS_PORT \\\n    ping\n)\nresponseFirstWord=$(echo $response | head -n1 | awk \'{print $1;}\')\nif [ "$response" != "PONG" ] && [ "$responseFirstWord" != "LOADING" ] && [ "$responseFirstWord" != "MASTERDOWN" ]; then\n  echo "$response"\n  exit 1\nfi\n'}, labels=lab(None), age=age)
    c.sa(ns, rel + '-redis-master', labels=lab(None), automount=False, age=age)
    c.sa(ns, rel + '-redis-replica', labels=lab(None), automount=False, age=age)
    vols = [{'configMap': {'defaultMode': 493, 'name': rel + '-redis-scripts'}, 'name': 'start-scripts'}, {'configMap': {'defaultMode': 493, 'name': rel + '-redis-health'}, 'name': 'health'},
            vol_cm('config', rel + '-redis-configuration'), {'emptyDir': {}, 'name': 'empty-dir'}]
    mounts = [('start-scripts', '/opt/bitnami/scripts/start-scripts'), ('health', '/health'), ('redis-data', '/data'), ('config', '/opt/bitnami/redis/mounted-etc'), ('empty-dir', '/opt/bitnami/redis/etc/'), ('empty-dir', '/tmp')]
    env = [E('BITNAMI_DEBUG', 'false'), E('REDIS_REPLICATION_MODE', 'master'), E('ALLOW_EMPTY_PASSWORD', 'no'), E('REDIS_PASSWORD', secret=rel + '-redis', key='redis-password'), E('REDIS_TLS_ENABLED', 'no'), E('REDIS_PORT', '6379')]
    sec = {'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True, 'runAsGroup': 1001, 'runAsNonRoot': True, 'runAsUser': 1001, 'seccompProfile': {'type': 'RuntimeDefault'}}
    spec = {'automountServiceAccountToken': False, 'enableServiceLinks': True, 'securityContext': {'fsGroup': 1001, 'fsGroupChangePolicy': 'Always'}}
    if pool:
        spec['nodeSelector'] = c.pool_selector(pool)
    image = 'docker.io/bitnami/redis:%s-debian-12-r0' % version
    mw, mp = comp(c, ns, rel + '-redis-master', image, kind='sts', ports=[('redis', 6379)], inst=rel, appname='redis', chart=chart, ver=version, component='master',
                  sa=rel + '-redis-master', command=['/bin/bash'], args=['-c', '/opt/bitnami/scripts/start-scripts/start-master.sh'], env=env, r=res('150m', mem, '1', mem), sc=sec,
                  ready=probe('exec', cmd=['sh', '-c', '/health/ping_readiness_local.sh 1'], delay=20, period=5, timeout=2, fail=5),
                  live=probe('exec', cmd=['sh', '-c', '/health/ping_liveness_local.sh 5'], delay=20, period=5, timeout=6, fail=5),
                  vct=[{'name': 'redis-data', 'size': size, 'sc': sc, 'labels': sel_of('redis', rel, 'master')}], mounts=mounts, volumes=vols, spec=spec, age=age, states=master_states,
                  svc=False, sts_svc=rel + '-redis-headless')
    renv = [dict(x, value='replica') if x['name'] == 'REDIS_REPLICATION_MODE' else x for x in env] + [E('REDIS_MASTER_HOST', '%s-redis-master-0.%s-redis-headless.%s.svc.cluster.local' % (rel, rel, ns)), E('REDIS_MASTER_PORT_NUMBER', '6379'), E('REDIS_MASTER_PASSWORD', secret=rel + '-redis', key='redis-password')]
    rw, rp = comp(c, ns, rel + '-redis-replicas', image, kind='sts', replicas=replicas, ports=[('redis', 6379)], inst=rel, appname='redis', chart=chart, ver=version, component='replica',
                  sa=rel + '-redis-replica', command=['/bin/bash'], args=['-c', '/opt/bitnami/scripts/start-scripts/start-replica.sh'], env=renv, r=res('150m', mem, '1', mem), sc=sec,
                  ready=probe('exec', cmd=['sh', '-c', '/health/ping_readiness_local_and_master.sh 1'], delay=20, period=5, timeout=2, fail=5),
                  live=probe('exec', cmd=['sh', '-c', '/health/ping_liveness_local_and_master.sh 5'], delay=20, period=5, timeout=6, fail=5),
                  vct=[{'name': 'redis-data', 'size': size, 'sc': sc, 'labels': sel_of('redis', rel, 'replica')}], mounts=mounts, volumes=vols, spec=spec, age=age, states=replica_states,
                  svc=False, sts_svc=rel + '-redis-headless')
    for w, ps in ((mw, mp), (rw, rp)):
        w['spec']['template']['spec']['containers'][0]['name'] = 'redis'
        for p in ps:
            p['spec']['containers'][0]['name'] = 'redis'
            for cs in p['status'].get('containerStatuses', []):
                cs['name'] = 'redis'
    base = sel_of('redis', rel)
    c.svc(ns, rel + '-redis-headless', base, [('tcp-redis', 6379, 'redis')], headless=True, labels=lab(None), age=age)
    c.svc(ns, rel + '-redis-master', dict(base, **{'app.kubernetes.io/component': 'master'}), [('tcp-redis', 6379, 'redis')], labels=lab('master'), age=age)
    c.svc(ns, rel + '-redis-replicas', dict(base, **{'app.kubernetes.io/component': 'replica'}), [('tcp-redis', 6379, 'redis')], labels=lab('replica'), age=age)
    return mp, rp


def tier_mongo(c, ns, rel, replicas=3, age='220d', size='40Gi', sc=None, states=None, env_extra=None, update=None, pool=None,
               version='7.0.12', upd_env=None, nodes=None, pod_ages=None):
    ensure_ns(c, ns, age)
    sc = sc or default_sc(c)
    c.helm(ns, rel, age='20d')
    chart = 'mongodb-15.6.16'
    lab = helm_labels('mongodb', rel, chart, version, 'mongodb')
    sel = sel_of('mongodb', rel, 'mongodb')
    c.secret(ns, rel + '-mongodb', ['mongodb-passwords', 'mongodb-replica-set-key', 'mongodb-root-password'], labels=lab, age=age)
    c.cm(ns, rel + '-mongodb-scripts', {'setup.sh': '#!/bin/bash\n\n. /opt/bitnami/scripts/mongodb-env.sh\n. /opt/bitnami/scripts/libfs.sh\n. /opt/bitnami/scripts/liblog.sh\n. /opt/bitnami/scripts/libvalidations.sh\n\nif is_empty_value "$MONGODB_ADVERTISED_PORT_NUMBER"; then\n  export MONGODB_ADVERTISED_PORT_NUMBER="$MONGODB_PORT_NUMBER"\nfi\n\ninfo "Advertised Hostname: $MONGODB_ADVERTISED_HOSTNAME"\ninfo "Advertised Port: $MONGODB_ADVERTISED_PORT_NUMBER"\n\n# Check for existing replica set in case there is no data in the PVC\n# This is for cases where the PVC is lost or for MongoDB caches without\n# persistence\ncurrent_primary=""\nif is_dir_empty "${MONGODB_DATA_DIR}/db"; then\n  info "Data dir empty, checking if the replica set already exists"\nfi\n\nexec /opt/bitnami/scripts/mongodb/entrypoint.sh /opt/bitnami/scripts/mongodb/run.sh\n',
                                        'ping-mongodb.sh': '#!/bin/bash\nmongosh  $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval "db.adminCommand(\'ping\')"\n',
                                        'readiness-probe.sh': '#!/bin/bash\n# Run the proper check depending on the version\n[[ $(mongod -version | grep "db version") =~ ([0-9]+\\.[0-9]+\\.[0-9]+) ]] && VERSION=${BASH_REMATCH[1]}\n. /opt/bitnami/scripts/libversion.sh\nmongosh  $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval \'db.isMaster().ismaster || db.isMaster().secondary\' | grep -q \'true\'\n'},
         labels=lab, age=age)
    c.sa(ns, rel + '-mongodb', labels=lab, automount=False, age=age)
    env = [E('BITNAMI_DEBUG', 'false'), E('MY_POD_NAME', field='metadata.name'), E('MY_POD_NAMESPACE', field='metadata.namespace'), E('MY_POD_HOST_IP', field='status.hostIP'),
           E('K8S_SERVICE_NAME', rel + '-mongodb-headless'), E('MONGODB_INITIAL_PRIMARY_HOST', '%s-mongodb-0.$(K8S_SERVICE_NAME).$(MY_POD_NAMESPACE).svc.cluster.local' % rel),
           E('MONGODB_REPLICA_SET_NAME', 'rs0'), E('MONGODB_ADVERTISED_HOSTNAME', '$(MY_POD_NAME).$(K8S_SERVICE_NAME).$(MY_POD_NAMESPACE).svc.cluster.local'),
           E('MONGODB_EXTRA_USERNAMES', rel.split('-')[0]), E('MONGODB_EXTRA_DATABASES', rel.split('-')[0]), E('MONGODB_EXTRA_PASSWORDS', secret=rel + '-mongodb', key='mongodb-passwords'),
           E('MONGODB_ROOT_USER', 'root'), E('MONGODB_ROOT_PASSWORD', secret=rel + '-mongodb', key='mongodb-root-password'), E('MONGODB_REPLICA_SET_KEY', secret=rel + '-mongodb', key='mongodb-replica-set-key'),
           E('ALLOW_EMPTY_PASSWORD', 'no'), E('MONGODB_SYSTEM_LOG_VERBOSITY', '0'), E('MONGODB_DISABLE_SYSTEM_LOG', 'no'), E('MONGODB_DISABLE_JAVASCRIPT', 'no'),
           E('MONGODB_ENABLE_JOURNAL', 'yes'), E('MONGODB_PORT_NUMBER', '27017'), E('MONGODB_ENABLE_IPV6', 'no'), E('MONGODB_ENABLE_DIRECTORY_PER_DB', 'no')] + (env_extra or [])
    sec = {'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True, 'runAsGroup': 1001, 'runAsNonRoot': True, 'runAsUser': 1001, 'seccompProfile': {'type': 'RuntimeDefault'}}
    spec = {'automountServiceAccountToken': False, 'securityContext': {'fsGroup': 1001, 'fsGroupChangePolicy': 'Always'},
            'affinity': {'podAntiAffinity': {'preferredDuringSchedulingIgnoredDuringExecution': [{'podAffinityTerm': {'labelSelector': {'matchLabels': sel}, 'topologyKey': 'kubernetes.io/hostname'}, 'weight': 1}]}}}
    if pool:
        spec['nodeSelector'] = c.pool_selector(pool)
    mounts = [('empty-dir', '/tmp'), ('empty-dir', '/opt/bitnami/mongodb/conf'), ('empty-dir', '/opt/bitnami/mongodb/tmp'), ('empty-dir', '/opt/bitnami/mongodb/logs'), ('empty-dir', '/.mongodb'), ('datadir', '/bitnami/mongodb'), ('scripts', '/scripts')]
    vols = [vol_empty('empty-dir'), {'configMap': {'defaultMode': 493, 'name': rel + '-mongodb-scripts'}, 'name': 'scripts'}]
    upd = None
    if update:
        tm = c.tmpl(dict(sel, **{k: v for k, v in lab.items() if k not in sel}), [ctr('mongodb', 'docker.io/bitnami/mongodb:%s-debian-12-r0' % version, ports=[('mongodb', 27017)], command=['/scripts/setup.sh'], env=upd_env(env), r=res('500m', '2Gi', '1500m', '2Gi'), sc=sec, mounts=mounts)],
                    volumes=vols, sa=rel + '-mongodb', **spec)
        upd = (update, tm)
    w, pods = comp(c, ns, rel + '-mongodb', 'docker.io/bitnami/mongodb:%s-debian-12-r0' % version, kind='sts', replicas=replicas, ports=[('mongodb', 27017)], inst=rel, appname='mongodb', chart=chart,
                   ver=version, component='mongodb', sa=rel + '-mongodb', command=['/scripts/setup.sh'], env=env, r=res('500m', '2Gi', '1500m', '2Gi'), sc=sec,
                   ready=probe('exec', cmd=['/bitnami/scripts/readiness-probe.sh'], delay=5, timeout=5, fail=6),
                   live=probe('exec', cmd=['/bitnami/scripts/ping-mongodb.sh'], delay=30, period=20, timeout=10, fail=6),
                   vct=[{'name': 'datadir', 'size': size, 'sc': sc}], mounts=mounts, volumes=vols, spec=spec, age=age, states=states, svc=False,
                   sts_svc=rel + '-mongodb-headless', update=upd, pmp='OrderedReady', nodes=nodes, pod_ages=pod_ages)
    w['spec']['template']['spec']['containers'][0]['name'] = 'mongodb'
    for p in pods:
        p['spec']['containers'][0]['name'] = 'mongodb'
        for cs in p['status'].get('containerStatuses', []):
            cs['name'] = 'mongodb'
    c.svc(ns, rel + '-mongodb-headless', sel, [('tcp-mongodb', 27017, 'mongodb')], headless=True, pnr=True, labels=lab, age=age)
    return w, pods


def tier_mysql(c, ns, rel, secondaries=1, age='250d', size='30Gi', sc=None, conf=None, states=None, sec_states=None, version='8.0.37', pool=None):
    ensure_ns(c, ns, age)
    sc = sc or default_sc(c)
    c.helm(ns, rel, age='40d')
    chart = 'mysql-11.1.9'
    lab = lambda cp: helm_labels('mysql', rel, chart, version, cp)
    c.secret(ns, rel + '-mysql', ['mysql-password', 'mysql-replication-password', 'mysql-root-password'], labels=lab(None), age=age)
    cf = conf or ('[mysqld]\nauthentication_policy=\'* ,,\'\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mysql\nplugin_dir=/opt/bitnami/mysql/lib/plugin\nport=3306\nmysqlx=0\nmysqlx_port=33060\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndatadir=/bitnami/mysql/data\n'
                  'tmpdir=/opt/bitnami/mysql/tmp\nmax_allowed_packet=16M\nbind-address=*\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\nlog-error=/opt/bitnami/mysql/logs/mysqld.log\ncharacter-set-server=UTF8\nslow_query_log=0\nlong_query_time=10.0\nmax_connections=500\ninnodb_buffer_pool_size=2G\n\n[client]\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndefault-character-set=UTF8\nplugin_dir=/opt/bitnami/mysql/lib/plugin\n\n[manager]\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\n')
    c.sa(ns, rel + '-mysql', labels=lab(None), automount=False, age=age)
    out = {}
    for role, n, st in (('primary', 1, states), ('secondary', secondaries, sec_states)):
        if n == 0:
            continue
        c.cm(ns, '%s-mysql-%s' % (rel, role), {'my.cnf': cf}, labels=lab(role), age=age)
        env = [E('BITNAMI_DEBUG', 'false'), E('MYSQL_ROOT_PASSWORD', secret=rel + '-mysql', key='mysql-root-password'), E('MYSQL_ENABLE_SSL', 'no'), E('MYSQL_PORT', '3306'),
               E('MYSQL_REPLICATION_MODE', 'master' if role == 'primary' else 'slave'), E('MYSQL_REPLICATION_USER', 'replicator'), E('MYSQL_REPLICATION_PASSWORD', secret=rel + '-mysql', key='mysql-replication-password')]
        if role == 'primary':
            env[4:4] = [E('MYSQL_USER', rel.split('-')[0]), E('MYSQL_PASSWORD', secret=rel + '-mysql', key='mysql-password'), E('MYSQL_DATABASE', rel.split('-')[0])]
        else:
            env += [E('MYSQL_MASTER_HOST', rel + '-mysql-primary'), E('MYSQL_MASTER_PORT_NUMBER', '3306'), E('MYSQL_MASTER_ROOT_USER', 'root'), E('MYSQL_MASTER_ROOT_PASSWORD', secret=rel + '-mysql', key='mysql-root-password')]
        pr = ['/bin/bash', '-ec', 'password_aux="${MYSQL_%sROOT_PASSWORD:-}"\nif [[ -f "${MYSQL_%sROOT_PASSWORD_FILE:-}" ]]; then\n    password_aux=$(cat "$MYSQL_%sROOT_PASSWORD_FILE")\nfi\nmysqladmin status -uroot -p"${password_aux}"\n' % (('', '', '') if role == 'primary' else ('MASTER_', 'MASTER_', 'MASTER_'))]
        spec = {'automountServiceAccountToken': False, 'securityContext': {'fsGroup': 1001, 'fsGroupChangePolicy': 'Always'}}
        if pool:
            spec['nodeSelector'] = c.pool_selector(pool)
        w, ps = comp(c, ns, '%s-mysql-%s' % (rel, role), 'docker.io/bitnami/mysql:%s-debian-12-r2' % version, kind='sts', replicas=n, ports=[('mysql', 3306)], inst=rel, appname='mysql',
                     chart=chart, ver=version, component=role, sa=rel + '-mysql', env=env, r=res('750m', '3Gi', '2', '3Gi'),
                     ready=probe('exec', cmd=pr, delay=5, timeout=1, fail=3), live=probe('exec', cmd=pr, delay=5, timeout=1, fail=3),
                     vct=[{'name': 'data', 'size': size, 'sc': sc}], mounts=[('data', '/bitnami/mysql'), ('config', '/opt/bitnami/mysql/conf/my.cnf'), ('empty-dir', '/tmp'), ('empty-dir', '/opt/bitnami/mysql/tmp'), ('empty-dir', '/opt/bitnami/mysql/logs')],
                     volumes=[vol_cm('config', '%s-mysql-%s' % (rel, role)), vol_empty('empty-dir')], spec=spec, age=age, states=st, svc=False,
                     sts_svc='%s-mysql-%s-headless' % (rel, role), sc={'allowPrivilegeEscalation': False, 'capabilities': {'drop': ['ALL']}, 'readOnlyRootFilesystem': True, 'runAsGroup': 1001, 'runAsNonRoot': True, 'runAsUser': 1001, 'seccompProfile': {'type': 'RuntimeDefault'}})
        w['spec']['template']['spec']['containers'][0]['name'] = 'mysql'
        for p in ps:
            p['spec']['containers'][0]['name'] = 'mysql'
            for cs in p['status'].get('containerStatuses', []):
                cs['name'] = 'mysql'
        s_sel = sel_of('mysql', rel, role)
        c.svc(ns, '%s-mysql-%s' % (rel, role), s_sel, [('mysql', 3306, 'mysql')], labels=lab(role), age=age)
        c.svc(ns, '%s-mysql-%s-headless' % (rel, role), s_sel, [('mysql', 3306, 'mysql')], headless=True, pnr=True, labels=lab(role), age=age)
        out[role] = ps
    return out


def tier_kafka(c, ns, name, brokers=3, age='200d', size='100Gi', sc=None, states=None, pool=None, operator=True):
    ensure_ns(c, ns, age)
    sc = sc or default_sc(c)
    if operator and not c.get('deployments', ns, 'strimzi-cluster-operator'):
        c.helm(ns, 'strimzi-kafka-operator', age='60d')
        c.sa(ns, 'strimzi-cluster-operator', labels={'app': 'strimzi'}, age=age)
        c.cm(ns, 'strimzi-cluster-operator', {'log4j2.properties': 'name = COConfig\nmonitorInterval = 30\n\nappender.console.type = Console\nappender.console.name = STDOUT\n\nrootLogger.level = ${env:STRIMZI_LOG_LEVEL:-INFO}\n'}, labels={'app': 'strimzi'}, age=age)
        c.deploy(ns, 'strimzi-cluster-operator', 1, [ctr('strimzi-cluster-operator', 'quay.io/strimzi/operator:0.42.0', ports=[('http', 8080)], args=['/opt/strimzi/bin/cluster_operator_run.sh'],
                                                         env=[E('STRIMZI_NAMESPACE', field='metadata.namespace'), E('STRIMZI_FULL_RECONCILIATION_INTERVAL_MS', '120000'), E('STRIMZI_OPERATION_TIMEOUT_MS', '300000'),
                                                              E('STRIMZI_DEFAULT_KAFKA_EXPORTER_IMAGE', 'quay.io/strimzi/kafka:0.42.0-kafka-3.7.1'), E('STRIMZI_LOG_LEVEL', 'INFO'), E('STRIMZI_LEADER_ELECTION_ENABLED', 'true')],
                                                         r=res('200m', '384Mi', '1', '384Mi'), ready=probe('http', 'http', '/ready', delay=10, period=30), live=probe('http', 'http', '/healthy', delay=10, period=30))],
                 {'name': 'strimzi-cluster-operator', 'strimzi.io/kind': 'cluster-operator'}, labels={'app': 'strimzi', 'app.kubernetes.io/managed-by': 'Helm', 'chart': 'strimzi-kafka-operator-0.42.0', 'component': 'deployment', 'heritage': 'Helm', 'release': 'strimzi-kafka-operator'},
                 sa='strimzi-cluster-operator', age=age, old_rs=2)
    kown = c.crd('kafka.strimzi.io/v1beta2', 'Kafka', name, ns)
    pset = c.crd('core.strimzi.io/v1beta2', 'StrimziPodSet', name + '-broker', ns)
    base = {'app.kubernetes.io/instance': name, 'app.kubernetes.io/managed-by': 'strimzi-cluster-operator', 'app.kubernetes.io/part-of': 'strimzi-' + name, 'strimzi.io/cluster': name, 'strimzi.io/kind': 'Kafka'}
    c.sa(ns, name + '-kafka', labels=dict(base, **{'app.kubernetes.io/name': 'kafka', 'strimzi.io/component-type': 'kafka', 'strimzi.io/name': name + '-kafka'}), age=age, owner=[dict(kown)])
    for s_ in ('cluster-ca-cert', 'clients-ca-cert', 'kafka-brokers', 'cluster-operator-certs'):
        c.secret(ns, '%s-%s' % (name, s_), ['ca.crt', 'ca.p12', 'ca.password'] if 'ca-cert' in s_ else ['%s-broker-%d.crt' % (name, i) for i in range(brokers)] if s_ == 'kafka-brokers' else ['cluster-operator.crt', 'cluster-operator.key'],
                 labels=dict(base, **{'strimzi.io/component-type': 'certificate-authority'}) if 'ca' in s_ else base, age=age, owner=[dict(kown)])
    pods = []
    for i in range(brokers):
        pn = '%s-broker-%d' % (name, i)
        c.cm(ns, pn, {'server.config': '##############################\n# Node / Broker ID\n##############################\nnode.id=%d\nprocess.roles=broker,controller\n\n##########\n# Kafka message logs configuration\n##########\nlog.dirs=/var/lib/kafka/data-0/kafka-log%d\n\n##########\n# Control Plane listener\n##########\nlisteners=CONTROLPLANE-9090://0.0.0.0:9090,REPLICATION-9091://0.0.0.0:9091,PLAIN-9092://0.0.0.0:9092,TLS-9093://0.0.0.0:9093\n' % (i, i),
                      'log4j.properties': 'log4j.appender.CONSOLE=org.apache.log4j.ConsoleAppender\n', 'metadata.state': '{"metadata.version":"3.7-IV4"}'},
             labels=dict(base, **{'app.kubernetes.io/name': 'kafka', 'strimzi.io/pool-name': 'broker'}), age=age, owner=[dict(kown)])
        pvcname = 'data-0-%s' % pn
        st = (states or {}).get(i)
        node = c.place(pool)
        c.pvc(ns, pvcname, size, sc, labels=dict(base, **{'app.kubernetes.io/name': 'kafka', 'strimzi.io/name': name + '-kafka', 'strimzi.io/pool-name': 'broker'}), age=age, node=node, ann={'strimzi.io/delete-claim': 'false'})
        lab = dict(base, **{'app.kubernetes.io/name': 'kafka', 'strimzi.io/broker-role': 'true', 'strimzi.io/component-type': 'kafka', 'strimzi.io/controller': 'strimzipodset',
                            'strimzi.io/controller-name': name + '-broker', 'strimzi.io/controller-role': 'true', 'strimzi.io/name': name + '-kafka', 'strimzi.io/pod-name': pn, 'strimzi.io/pool-name': 'broker'})
        sp = {'containers': [ctr('kafka', 'quay.io/strimzi/kafka:0.42.0-kafka-3.7.1', ports=[('tcp-ctrlplane', 9090), ('tcp-replication', 9091), ('tcp-clients', 9092), ('tcp-clientstls', 9093), ('tcp-prometheus', 9404)],
                                 command=['/opt/kafka/kafka_run.sh'], env=[E('KAFKA_METRICS_ENABLED', 'true'), E('STRIMZI_KRAFT_ENABLED', 'true'), E('KAFKA_HEAP_OPTS', '-Xms2g -Xmx2g')],
                                 r=res('1', '4Gi', '2', '4Gi'), ready=probe('exec', cmd=['/opt/kafka/kafka_readiness.sh'], delay=15, timeout=5), live=probe('exec', cmd=['/opt/kafka/kafka_liveness.sh'], delay=15, timeout=5),
                                 mounts=[('data-0', '/var/lib/kafka/data-0'), ('strimzi-tmp', '/tmp'), ('cluster-ca', '/opt/kafka/cluster-ca-certs'), ('broker-certs', '/opt/kafka/broker-certs'), ('kafka-metrics-and-logging', '/opt/kafka/custom-config/')])],
              'hostname': pn, 'subdomain': name + '-kafka-brokers', 'securityContext': {'fsGroup': 0},
              'volumes': [vol_pvc('data-0', pvcname), {'emptyDir': {'medium': 'Memory', 'sizeLimit': '5Mi'}, 'name': 'strimzi-tmp'}, vol_secret('cluster-ca', name + '-cluster-ca-cert'),
                          vol_secret('broker-certs', name + '-kafka-brokers'), vol_cm('kafka-metrics-and-logging', pn)],
              'affinity': {'podAntiAffinity': {'preferredDuringSchedulingIgnoredDuringExecution': [{'podAffinityTerm': {'labelSelector': {'matchLabels': {'strimzi.io/cluster': name, 'strimzi.io/name': name + '-kafka'}}, 'topologyKey': 'kubernetes.io/hostname'}, 'weight': 100}]}}}
        p = c.pod(ns, pn, sp, lab, node, st or [run(parse_age(age) // 3 - 100 * i)], parse_age(age) // 3 - 100 * i + 40, owner=dict(pset),
                  ann={'strimzi.io/broker-configuration-hash': c.hx(8), 'strimzi.io/clients-ca-cert-generation': '0', 'strimzi.io/cluster-ca-cert-generation': '0', 'strimzi.io/kafka-version': '3.7.1', 'strimzi.io/revision': c.hx(8)},
                  sa=name + '-kafka')
        pods.append(p)
    ksel = dict({k: v for k, v in base.items() if k in ('strimzi.io/cluster', 'strimzi.io/kind')}, **{'strimzi.io/name': name + '-kafka'})
    c.svc(ns, name + '-kafka-bootstrap', dict(ksel, **{'strimzi.io/broker-role': 'true'}), [('tcp-replication', 9091, 9091), ('tcp-clients', 9092, 9092), ('tcp-clientstls', 9093, 9093)], labels=dict(base, **{'strimzi.io/component-type': 'kafka', 'strimzi.io/discovery': 'true'}), age=age, owner=[dict(kown)])
    c.svc(ns, name + '-kafka-brokers', ksel, [('tcp-ctrlplane', 9090, 9090), ('tcp-replication', 9091, 9091), ('tcp-clients', 9092, 9092), ('tcp-clientstls', 9093, 9093)], headless=True, pnr=True, labels=dict(base, **{'strimzi.io/component-type': 'kafka'}), age=age, owner=[dict(kown)])
    eo_sel = {'strimzi.io/cluster': name, 'strimzi.io/kind': 'Kafka', 'strimzi.io/name': name + '-entity-operator'}
    c.sa(ns, name + '-entity-operator', age=age, owner=[dict(kown)])
    c.deploy(ns, name + '-entity-operator', 1, [ctr('topic-operator', 'quay.io/strimzi/operator:0.42.0', ports=[('healthcheck', 8080)], args=['/opt/strimzi/bin/topic_operator_run.sh'],
                                                    env=[E('STRIMZI_RESOURCE_LABELS', 'strimzi.io/cluster=' + name), E('STRIMZI_KAFKA_BOOTSTRAP_SERVERS', '%s-kafka-bootstrap:9091' % name)], r=res('100m', '256Mi', '500m', '512Mi')),
                                                ctr('user-operator', 'quay.io/strimzi/operator:0.42.0', ports=[('healthcheck', 8081)], args=['/opt/strimzi/bin/user_operator_run.sh'],
                                                    env=[E('STRIMZI_KAFKA_BOOTSTRAP_SERVERS', '%s-kafka-bootstrap:9091' % name)], r=res('100m', '256Mi', '500m', '512Mi'))],
             eo_sel, labels=dict(base, **{'app.kubernetes.io/name': 'entity-operator', 'strimzi.io/component-type': 'entity-operator', 'strimzi.io/name': name + '-entity-operator'}),
             sa=name + '-entity-operator', age=age, old_rs=1)
    c.get('deployments', ns, name + '-entity-operator')['metadata']['ownerReferences'] = [dict(kown)]
    return pods


def tier_es(c, ns, name, nodes_n=3, age='210d', size='100Gi', sc=None, states=None, pool=None, nodes=None, kibana=True, ops_ns='elastic-system', version='8.14.3', pod_ages=None):
    if not c.get('statefulsets', ops_ns, 'elastic-operator'):
        ensure_ns(c, ops_ns, '300d')
        c.helm(ops_ns, 'elastic-operator', age='90d')
        osel = {'control-plane': 'elastic-operator'}
        c.sa(ops_ns, 'elastic-operator', age='290d')
        c.cm(ops_ns, 'elastic-operator', {'eck.yaml': 'log-verbosity: 0\nmetrics-port: 0\ncontainer-registry: docker.elastic.co\nmax-concurrent-reconciles: 3\nca-cert-validity: 8760h\nca-cert-rotate-before: 24h\ncert-validity: 8760h\ncert-rotate-before: 24h\nexposed-node-labels: [topology.kubernetes.io/.*,failure-domain.beta.kubernetes.io/.*]\nset-default-security-context: auto-detect\nkube-client-timeout: 60s\nelasticsearch-client-timeout: 180s\ndisable-telemetry: false\ndistribution-channel: helm\nvalidate-storage-class: true\nenable-webhook: true\nwebhook-name: elastic-operator.elastic-system.k8s.elastic.co\nwebhook-port: 9443\n'}, age='290d')
        c.sts(ops_ns, 'elastic-operator', 1, [ctr('manager', 'docker.elastic.co/eck/eck-operator:2.13.0', ports=[('https-webhook', 9443)], args=['manager', '--config=/conf/eck.yaml'],
                                                  env=[E('OPERATOR_NAMESPACE', field='metadata.namespace'), E('POD_IP', field='status.podIP'), E('WEBHOOK_SECRET', 'elastic-operator-webhook-cert')],
                                                  r=res('100m', '150Mi', '1', '1Gi'), mounts=[('conf', '/conf'), ('cert', '/tmp/k8s-webhook-server/serving-certs')])],
              osel, 'elastic-operator', labels=dict(osel, **{'app.kubernetes.io/instance': 'elastic-operator', 'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/name': 'elastic-operator', 'app.kubernetes.io/version': '2.13.0', 'helm.sh/chart': 'eck-operator-2.13.0'}),
              sa='elastic-operator', volumes=[vol_cm('conf', 'elastic-operator'), vol_secret('cert', 'elastic-operator-webhook-cert')], age='290d')
        c.secret(ops_ns, 'elastic-operator-webhook-cert', ['tls.crt', 'tls.key'], age='290d')
        c.svc(ops_ns, 'elastic-operator-webhook', osel, [('https', 443, 9443)], age='290d')
    ensure_ns(c, ns, age)
    sc = sc or default_sc(c)
    own = c.crd('elasticsearch.k8s.elastic.co/v1', 'Elasticsearch', name, ns)
    base = {'common.k8s.elastic.co/type': 'elasticsearch', 'elasticsearch.k8s.elastic.co/cluster-name': name}
    for s_, keys in (('es-elastic-user', ['elastic']), ('es-http-certs-public', ['ca.crt', 'tls.crt']), ('es-http-certs-internal', ['ca.crt', 'tls.crt', 'tls.key']),
                     ('es-transport-ca-internal', ['tls.crt', 'tls.key']), ('es-default-es-config', ['elasticsearch.yml']), ('es-internal-users', ['elastic-internal', 'elastic-internal-monitoring', 'elastic-internal-probe'])):
        c.secret(ns, '%s-%s' % (name, s_), keys, labels=base, owner=[dict(own)], age=age)
    sel = {'common.k8s.elastic.co/type': 'elasticsearch', 'elasticsearch.k8s.elastic.co/cluster-name': name, 'elasticsearch.k8s.elastic.co/statefulset-name': name + '-es-default'}
    plab = {'elasticsearch.k8s.elastic.co/config-hash': str(c.rng.randint(1000000000, 4000000000)), 'elasticsearch.k8s.elastic.co/http-scheme': 'https',
            'elasticsearch.k8s.elastic.co/node-data': 'true', 'elasticsearch.k8s.elastic.co/node-ingest': 'true', 'elasticsearch.k8s.elastic.co/node-master': 'true',
            'elasticsearch.k8s.elastic.co/version': version}
    spec = {'affinity': {'podAntiAffinity': {'preferredDuringSchedulingIgnoredDuringExecution': [{'podAffinityTerm': {'labelSelector': {'matchLabels': {'elasticsearch.k8s.elastic.co/cluster-name': name}}, 'topologyKey': 'kubernetes.io/hostname'}, 'weight': 100}]}},
            'automountServiceAccountToken': False, 'securityContext': {'fsGroup': 1000, 'runAsGroup': 1000, 'runAsNonRoot': True, 'runAsUser': 1000}, 'terminationGracePeriodSeconds': 180}
    if pool:
        spec['nodeSelector'] = c.pool_selector(pool)
    img = 'docker.elastic.co/elasticsearch/elasticsearch:' + version
    w, pods = c.sts(ns, name + '-es-default', nodes_n, [ctr('elasticsearch', img, ports=[('https', 9200), ('transport', 9300)],
                                                            env=[E('POD_IP', field='status.podIP'), E('POD_NAME', field='metadata.name'), E('NODE_NAME', field='spec.nodeName'), E('NAMESPACE', field='metadata.namespace'),
                                                                 E('PROBE_PASSWORD_PATH', '/mnt/elastic-internal/pod-mounted-users/elastic-internal-probe'), E('PROBE_USERNAME', 'elastic-internal-probe'), E('READINESS_PROBE_PROTOCOL', 'https'),
                                                                 E('HEADLESS_SERVICE_NAME', name + '-es-default'), E('NSS_SDB_USE_CACHE', 'no'), E('ES_JAVA_OPTS', '-Xms4g -Xmx4g')],
                                                            r=res('1', '8Gi', None, '8Gi'), ready=probe('exec', cmd=['bash', '-c', '/mnt/elastic-internal/scripts/readiness-probe-script.sh'], delay=10, period=5, timeout=5),
                                                            mounts=[('elasticsearch-data', '/usr/share/elasticsearch/data'), ('elastic-internal-scripts', '/mnt/elastic-internal/scripts'), ('elastic-internal-elasticsearch-config', '/usr/share/elasticsearch/config/elasticsearch.yml'), ('tmp-volume', '/tmp')])],
                    sel, name + '-es-default', labels=dict(base, **{'elasticsearch.k8s.elastic.co/statefulset-name': name + '-es-default'}), plabels=plab,
                    vct=[{'name': 'elasticsearch-data', 'size': size, 'sc': sc, 'labels': {'common.k8s.elastic.co/type': 'elasticsearch', 'elasticsearch.k8s.elastic.co/cluster-name': name, 'elasticsearch.k8s.elastic.co/statefulset-name': name + '-es-default'}}],
                    volumes=[{'configMap': {'defaultMode': 493, 'name': name + '-es-scripts', 'optional': False}, 'name': 'elastic-internal-scripts'}, vol_secret('elastic-internal-elasticsearch-config', name + '-es-default-es-config'), vol_empty('tmp-volume')],
                    init=[ctr('elastic-internal-init-filesystem', img, command=['bash', '-c', '/mnt/elastic-internal/scripts/prepare-fs.sh'], r=res('100m', '50Mi', '100m', '50Mi'),
                              mounts=[('elastic-internal-scripts', '/mnt/elastic-internal/scripts'), ('elasticsearch-data', '/usr/share/elasticsearch/data')]),
                          ctr('elastic-internal-suspend', img, command=['bash', '-c', '/mnt/elastic-internal/scripts/suspend.sh'], r=res('100m', '50Mi', '100m', '50Mi'),
                              mounts=[('elastic-internal-scripts', '/mnt/elastic-internal/scripts')])],
                    spec=spec, owner=[dict(own)], pmp='Parallel', states=states, nodes=nodes, age=age, pod_ages=pod_ages,
                    pod_ann={'co.elastic.logs/module': 'elasticsearch', 'update.k8s.elastic.co/timestamp': c.t(parse_age(age) // 2)})
    c.cm(ns, name + '-es-scripts', {'prepare-fs.sh': '#!/usr/bin/env bash\n\n\tset -eu\n\n\t# the operator only works with the default ES distribution\n\tlicense=/usr/share/elasticsearch/LICENSE.txt\n', 'readiness-probe-script.sh': '#!/usr/bin/env bash\n\n# fail should be called as a last resort to help the user to understand why the probe failed\nfunction fail {\n  timestamp=$(date --iso-8601=seconds)\n  echo "{\\"timestamp\\": \\"${timestamp}\\", \\"message\\": \\"readiness probe failed\\", "$1"}" | tee /proc/1/fd/2 2> /dev/null\n}\n', 'suspend.sh': '#!/usr/bin/env bash\n\nset -eu\n'},
         labels=base, owner=[dict(own)], age=age)
    c.svc(ns, name + '-es-http', base, [('https', 9200, 9200)], labels=base, owner=[dict(own)], age=age)
    c.svc(ns, name + '-es-transport', base, [('tls-transport', 9300, 9300)], headless=True, labels=base, owner=[dict(own)], age=age)
    c.svc(ns, name + '-es-default', sel, [('https', 9200, 9200)], headless=True, pnr=True, labels=dict(base, **{'elasticsearch.k8s.elastic.co/statefulset-name': name + '-es-default'}), owner=[dict(own)], age=age)
    kp = []
    if kibana:
        kown = c.crd('kibana.k8s.elastic.co/v1', 'Kibana', name, ns)
        ksel = {'common.k8s.elastic.co/type': 'kibana', 'kibana.k8s.elastic.co/name': name}
        c.secret(ns, name + '-kb-config', ['kibana.yml', 'telemetry.yml'], labels=ksel, owner=[dict(kown)], age=age)
        c.secret(ns, name + '-kb-http-certs-public', ['ca.crt', 'tls.crt'], labels=ksel, owner=[dict(kown)], age=age)
        _, _, kp = c.deploy(ns, name + '-kb', 1, [ctr('kibana', 'docker.elastic.co/kibana/kibana:' + version, ports=[('https', 5601)], r=res('500m', '1Gi', None, '1Gi'),
                                                      ready=probe('http', 5601, '/login', delay=10, period=10, timeout=5), mounts=[('elastic-internal-kibana-config', '/usr/share/kibana/config')])],
                            ksel, labels=ksel, plabels={'kibana.k8s.elastic.co/config-hash': str(c.rng.randint(1000000000, 4000000000)), 'kibana.k8s.elastic.co/version': version},
                            age=age, volumes=[vol_secret('elastic-internal-kibana-config', name + '-kb-config')], old_rs=1,
                            spec={'automountServiceAccountToken': False, 'securityContext': {'fsGroup': 1000}})
        c.get('deployments', ns, name + '-kb')['metadata']['ownerReferences'] = [dict(kown)]
        c.get('deployments', ns, name + '-kb')['spec']['template']['spec']['containers'][0]['readinessProbe']['httpGet']['scheme'] = 'HTTPS'
        c.svc(ns, name + '-kb-http', ksel, [('https', 5601, 5601)], labels=ksel, owner=[dict(kown)], age=age)
    return pods, kp


def tier_cockroach(c, ns, rel, replicas=3, age='160d', size='100Gi', sc=None, states=None, pool=None):
    ensure_ns(c, ns, age)
    sc = sc or default_sc(c)
    c.helm(ns, rel, age='30d')
    chart = 'cockroachdb-13.0.1'
    lab = helm_labels('cockroachdb', rel, chart, '24.1.2', 'cockroachdb')
    sel = sel_of('cockroachdb', rel, 'cockroachdb')
    c.sa(ns, rel + '-cockroachdb', labels=lab, age=age)
    for s_ in ('node-secret', 'client-secret'):
        c.secret(ns, '%s-cockroachdb-%s' % (rel, s_), ['ca.crt', 'tls.crt', 'tls.key'], typ='kubernetes.io/tls', labels=lab, age=age)
    w, pods = comp(c, ns, rel + '-cockroachdb', 'cockroachdb/cockroach:v24.1.2', kind='sts', replicas=replicas, ports=[('grpc', 26257), ('http', 8080)], sel=sel, labels=lab,
                   sa=rel + '-cockroachdb', command=['/bin/bash', '-ecx', 'exec /cockroach/cockroach start --join=${STATEFULSET_NAME}-0.${STATEFULSET_FQDN}:26257,${STATEFULSET_NAME}-1.${STATEFULSET_FQDN}:26257,${STATEFULSET_NAME}-2.${STATEFULSET_FQDN}:26257 --advertise-host=$(hostname).${STATEFULSET_FQDN} --certs-dir=/cockroach/cockroach-certs/ --http-port=8080 --port=26257 --cache=25% --max-sql-memory=25% --logtostderr=INFO'],
                   env=[E('STATEFULSET_NAME', rel + '-cockroachdb'), E('STATEFULSET_FQDN', '%s-cockroachdb.%s.svc.cluster.local' % (rel, ns)), E('COCKROACH_CHANNEL', 'kubernetes-helm')],
                   r=res('2', '8Gi', '2', '8Gi'), ready=probe('http', 'http', '/health?ready=1', delay=10, period=5, timeout=1, fail=2), live=probe('http', 'http', '/health', delay=30, period=5, timeout=1),
                   vct=[{'name': 'datadir', 'size': size, 'sc': sc, 'labels': {'app.kubernetes.io/instance': rel, 'app.kubernetes.io/name': 'cockroachdb'}}],
                   mounts=[('datadir', '/cockroach/cockroach-data/'), ('certs', '/cockroach/cockroach-certs/')], volumes=[vol_secret('certs', rel + '-cockroachdb-node-secret')],
                   spec={'nodeSelector': c.pool_selector(pool)} if pool else None, age=age, states=states, svc=False, pmp='Parallel', sts_svc=rel + '-cockroachdb')
    w['spec']['template']['spec']['containers'][0]['name'] = 'db'
    for p in pods:
        p['spec']['containers'][0]['name'] = 'db'
        for cs in p['status'].get('containerStatuses', []):
            cs['name'] = 'db'
    c.svc(ns, rel + '-cockroachdb', sel, [('grpc', 26257, 'grpc'), ('http', 8080, 'http')], headless=True, pnr=True, labels=lab, age=age)
    c.svc(ns, rel + '-cockroachdb-public', sel, [('grpc', 26257, 'grpc'), ('http', 8080, 'http')], labels=lab, age=age)
    return pods


def tier_clickhouse(c, ns, chi='analytics', cluster='main', replicas=2, age='140d', size='200Gi', sc=None, states=None, keeper_states=None, pool=None, remote_servers=None):
    ensure_ns(c, ns, age)
    sc = sc or default_sc(c)
    if not c.get('deployments', ns, 'clickhouse-operator'):
        c.sa(ns, 'clickhouse-operator', age=age)
        c.deploy(ns, 'clickhouse-operator', 1, [ctr('clickhouse-operator', 'altinity/clickhouse-operator:0.23.6', env=[E('OPERATOR_POD_NAME', field='metadata.name'), E('OPERATOR_POD_NAMESPACE', field='metadata.namespace'), E('WATCH_NAMESPACES', ns)], mounts=[('etc-clickhouse-operator-folder', '/etc/clickhouse-operator')]),
                                                ctr('metrics-exporter', 'altinity/metrics-exporter:0.23.6', ports=[('metrics', 8888)])],
                 {'app': 'clickhouse-operator'}, labels={'app': 'clickhouse-operator', 'clickhouse.altinity.com/chop': '0.23.6'}, sa='clickhouse-operator', age=age,
                 volumes=[vol_cm('etc-clickhouse-operator-folder', 'etc-clickhouse-operator-files')])
        c.cm(ns, 'etc-clickhouse-operator-files', {'config.yaml': 'watch:\n  namespaces: []\nclickhouse:\n  configuration:\n    file:\n      path:\n        common: config.d\n        host: conf.d\n        user: users.d\n'}, labels={'app': 'clickhouse-operator'}, age=age)
        c.svc(ns, 'clickhouse-operator-metrics', {'app': 'clickhouse-operator'}, [('clickhouse-metrics', 8888, 8888)], age=age)
    kown = c.crd('clickhouse-keeper.altinity.com/v1', 'ClickHouseKeeperInstallation', 'keeper', ns)
    ksel = {'clickhouse-keeper.altinity.com/chk': 'keeper', 'clickhouse-keeper.altinity.com/ready': 'yes'}
    c.cm(ns, 'chk-keeper-settings', {'keeper_config.xml': '<clickhouse>\n    <include_from>/tmp/clickhouse-keeper/config.d/generated-keeper-settings.xml</include_from>\n    <keeper_server incl="keeper_server">\n        <four_letter_word_white_list>*</four_letter_word_white_list>\n        <coordination_settings>\n            <raft_logs_level>information</raft_logs_level>\n        </coordination_settings>\n        <storage_path>/var/lib/clickhouse-keeper</storage_path>\n        <tcp_port>2181</tcp_port>\n    </keeper_server>\n</clickhouse>\n'}, owner=[dict(kown)], age=age)
    kw, kp = c.sts(ns, 'chk-keeper', 3, [ctr('clickhouse-keeper', 'clickhouse/clickhouse-keeper:24.3.5.46', ports=[('zk', 2181), ('raft', 9444), ('prometheus', 7000)],
                                             ready=probe('http', 9182, '/ready', delay=10, period=3, timeout=1, fail=3), r=res('100m', '256Mi', '1', '1Gi'),
                                             mounts=[('data', '/var/lib/clickhouse-keeper'), ('keeper-config', '/etc/clickhouse-keeper/')])],
                   {'clickhouse-keeper.altinity.com/chk': 'keeper'}, 'chk-keeper-headless', labels={'clickhouse-keeper.altinity.com/chk': 'keeper'}, plabels={'app': 'clickhouse-keeper'},
                   vct=[{'name': 'data', 'size': '10Gi', 'sc': sc}], volumes=[vol_cm('keeper-config', 'chk-keeper-settings')], owner=[dict(kown)], pmp='Parallel', states=keeper_states, age=age)
    c.svc(ns, 'keeper', {'clickhouse-keeper.altinity.com/chk': 'keeper'}, [('zk', 2181, 2181)], labels={'clickhouse-keeper.altinity.com/chk': 'keeper'}, age=age, owner=[dict(kown)])
    c.svc(ns, 'chk-keeper-headless', {'clickhouse-keeper.altinity.com/chk': 'keeper'}, [('raft', 9444, 9444)], headless=True, pnr=True, labels={'clickhouse-keeper.altinity.com/chk': 'keeper'}, age=age, owner=[dict(kown)])
    own = c.crd('clickhouse.altinity.com/v1', 'ClickHouseInstallation', chi, ns)
    base = {'clickhouse.altinity.com/app': 'chop', 'clickhouse.altinity.com/chi': chi, 'clickhouse.altinity.com/cluster': cluster, 'clickhouse.altinity.com/namespace': ns}
    hosts = ['chi-%s-%s-0-%d' % (chi, cluster, r) for r in range(replicas)]
    rs = remote_servers or '<clickhouse>\n    <remote_servers>\n        <%s>\n            <shard>\n                <internal_replication>True</internal_replication>\n%s            </shard>\n        </%s>\n    </remote_servers>\n</clickhouse>\n' % (
        cluster, ''.join('                <replica>\n                    <host>%s</host>\n                    <port>9000</port>\n                </replica>\n' % h for h in hosts), cluster)
    c.cm(ns, 'chi-%s-common-configd' % chi, {'chop-generated-remote_servers.xml': rs, '01-clickhouse-02-logger.xml': '<clickhouse>\n    <logger>\n        <console>1</console>\n        <level>information</level>\n    </logger>\n</clickhouse>\n'}, labels=base, owner=[dict(own)], age=age)
    c.cm(ns, 'chi-%s-common-usersd' % chi, {'chop-generated-users.xml': '<clickhouse>\n    <users>\n        <default>\n            <networks>\n                <host_regexp>(chi-%s-[^.]+\\d+-\\d+|clickhouse\\-%s)\\.%s\\.svc\\.cluster\\.local$</host_regexp>\n                <ip>::1</ip>\n                <ip>127.0.0.1</ip>\n            </networks>\n            <profile>default</profile>\n            <quota>default</quota>\n        </default>\n    </users>\n</clickhouse>\n' % (chi, chi, ns)}, labels=base, owner=[dict(own)], age=age)
    pods = []
    for r in range(replicas):
        h = hosts[r]
        sel = dict(base, **{'clickhouse.altinity.com/replica': str(r), 'clickhouse.altinity.com/shard': '0'})
        w, ps = c.sts(ns, h, 1, [ctr('clickhouse', 'clickhouse/clickhouse-server:24.3.5.46', ports=[('http', 8123), ('tcp', 9000), ('interserver', 9009)],
                                     ready=probe('http', 'http', '/ping', delay=10, period=3), live=probe('http', 'http', '/ping', delay=60, period=3, fail=10),
                                     r=res('2', '8Gi', '4', '8Gi'), mounts=[('chi-%s-common-configd' % chi, '/etc/clickhouse-server/config.d/'), ('chi-%s-common-usersd' % chi, '/etc/clickhouse-server/users.d/'), ('data-volume', '/var/lib/clickhouse')])],
                      sel, h, labels=sel, plabels={'clickhouse.altinity.com/ready': 'yes', 'clickhouse.altinity.com/settings-version': c.hx(40), 'clickhouse.altinity.com/zookeeper-version': c.hx(40)},
                      vct=[{'name': 'data-volume', 'size': size, 'sc': sc}], volumes=[vol_cm('chi-%s-common-configd' % chi, 'chi-%s-common-configd' % chi), vol_cm('chi-%s-common-usersd' % chi, 'chi-%s-common-usersd' % chi)],
                      owner=[dict(own)], states=(states or {}).get(r) and [(states or {})[r]], age=age, spec={'nodeSelector': c.pool_selector(pool)} if pool else None)
        c.svc(ns, h, sel, [('http', 8123, 8123), ('tcp', 9000, 9000), ('interserver', 9009, 9009)], headless=True, pnr=True, labels=sel, age=age, owner=[dict(own)])
        pods += ps
    c.svc(ns, 'clickhouse-' + chi, {'clickhouse.altinity.com/app': 'chop', 'clickhouse.altinity.com/chi': chi, 'clickhouse.altinity.com/ready': 'yes'}, [('http', 8123, 8123), ('tcp', 9000, 9000)],
          labels={'clickhouse.altinity.com/app': 'chop', 'clickhouse.altinity.com/chi': chi}, age=age, owner=[dict(own)])
    return pods, kp


def tier_pgbouncer(c, ns, name, target_host, replicas=2, age='120d', states=None, port=5432, db='app', pool_mode='transaction', extra_ini='', pool=None):
    c.cm(ns, name + '-config', {'pgbouncer.ini': '[databases]\n%s = host=%s port=%d dbname=%s\n\n[pgbouncer]\nlisten_addr = 0.0.0.0\nlisten_port = 6432\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\npool_mode = %s\nmax_client_conn = 2000\ndefault_pool_size = 40\nserver_tls_sslmode = prefer\nignore_startup_parameters = extra_float_digits\n%s' % (db, target_host, port, db, pool_mode, extra_ini)},
         labels={'app.kubernetes.io/name': name}, age=age)
    c.secret(ns, name + '-userlist', ['userlist.txt'], labels={'app.kubernetes.io/name': name}, age=age)
    return comp(c, ns, name, 'docker.io/bitnami/pgbouncer:1.23.0-debian-12-r0', replicas=replicas, ports=[('pgbouncer', 6432)], sel={'app.kubernetes.io/name': name},
                labels={'app.kubernetes.io/name': name, 'app.kubernetes.io/component': 'pooler', 'app.kubernetes.io/part-of': db}, r=res('100m', '128Mi', '1', '256Mi'),
                env=[E('PGBOUNCER_CONFIG_FILE', '/etc/pgbouncer/pgbouncer.ini')], mounts=[('config', '/etc/pgbouncer/pgbouncer.ini'), ('userlist', '/etc/pgbouncer/userlist.txt')],
                volumes=[{'configMap': {'defaultMode': 420, 'items': [{'key': 'pgbouncer.ini', 'path': 'pgbouncer.ini'}], 'name': name + '-config'}, 'name': 'config'}, vol_secret('userlist', name + '-userlist')],
                ready=probe('tcp', 6432, period=10), live=probe('tcp', 6432, delay=15, period=20), age=age, states=states, pool=pool,
                svc_ports=[('pgbouncer', 5432, 'pgbouncer')])


def app(c, ns, name, image, replicas=2, env=None, port=8080, age='90d', states=None, team=None, sa=None, svc=True, pool=None, nodes=None,
        r=None, ready=True, spec=None, pod_ages=None, init=None, init_states=None, old_rs=None, envFrom=None, progress=None, volumes=None, mounts=None, rs_age=None):
    sel = {'app.kubernetes.io/instance': name, 'app.kubernetes.io/name': name}
    lab = dict(sel, **{'app.kubernetes.io/part-of': team or ns, 'app.kubernetes.io/version': image.rsplit(':', 1)[-1], 'app.kubernetes.io/managed-by': 'Helm'})
    if sa and not c.get('serviceaccounts', ns, sa):
        c.sa(ns, sa, age=age)
    co = ctr(name, image, ports=[('http', port)] if port else (), env=env, r=r or res('100m', '256Mi', None, '512Mi'),
             ready=probe('http', 'http', '/healthz/ready', delay=5) if ready and port else None,
             live=probe('http', 'http', '/healthz/live', delay=15, period=20) if ready and port else None, envFrom=envFrom, mounts=mounts)
    out = c.deploy(ns, name, replicas, [co], sel, labels=lab, plabels={'app.kubernetes.io/version': lab['app.kubernetes.io/version']}, sa=sa or 'default', states=states,
                   age=age, pool=pool, nodes=nodes, spec=spec, pod_ages=pod_ages, init=init, init_states=init_states,
                   old_rs=c.rng.randint(1, 5) if old_rs is None else old_rs, progress=progress, volumes=volumes, rs_age=rs_age)
    if svc and port:
        c.svc(ns, name, sel, [('http', 80, 'http')], labels=lab, age=age)
    return out


# ----------------------------------------------------------------------------------------------------------------
# fillers and noise
DB_RE = re.compile(r'postgres|mysql|redis|mongo|kafka|elasticsearch|clickhouse|cockroach|valkey|cassandra|spilo|mariadb|proxysql|pgbouncer')


def db_namespaces(c):
    return {p['metadata']['namespace'] for p in c.items['pods'] if any(DB_RE.search(x['image']) for x in p['spec']['containers'])
            and p['metadata']['namespace'] not in ('argocd',)}


def fill_tier(c, kind):
    r = c.rng
    if kind == 'monitoring':
        addon_monitoring(c)
    elif kind == 'logging':
        addon_logging(c)
    elif kind == 'ingress':
        addon_ingress_nginx(c)
    elif kind == 'certmgr':
        addon_cert_manager(c)
    elif kind == 'gitops':
        (addon_argocd if r.random() < 0.6 else addon_flux)(c)
    elif kind == 'eso':
        addon_external_secrets(c, sa_ann={'eks.amazonaws.com/role-arn': 'arn:aws:iam::%s:role/%s-external-secrets' % (c.aws_account, c.cluster_name)} if c.platform == 'eks' else None)
    elif kind == 'kyverno':
        addon_kyverno(c)
    elif kind == 'velero':
        addon_velero(c, provider={'gke': 'gcp', 'aks': 'azure'}.get(c.platform, 'aws'))
    elif kind == 'cache':
        ns = r.choice(['cache', 'sessions', 'redis'])
        tier_redis(c, ns, r.choice(['session', 'cache', 'ratelimit']), replicas=r.choice([1, 2]), size='8Gi',
                   master_states=[[old_restart(c, '%dd' % r.randint(3, 20), r.randint(1, 2), 'Error', 1)]] if r.random() < 0.3 else None)
    elif kind == 'catalog':
        ns = 'catalog'
        tier_mongo(c, ns, 'catalog', replicas=3)
        app(c, ns, 'catalog-api', 'ghcr.io/%s/catalog-api:%s' % (c.domain.split('.')[0], r.choice(['3.4.1', '3.5.0', '3.5.2'])), replicas=2,
            env=[E('MONGODB_URI', secret='catalog-mongodb-uri', key='uri'), E('MONGODB_DATABASE', 'catalog')])
        c.secret(ns, 'catalog-mongodb-uri', ['uri'], age='200d')
    elif kind == 'kafka':
        tier_kafka(c, 'kafka', 'events', brokers=3, size='200Gi')
    elif kind == 'search':
        tier_es(c, 'search', 'logs' if r.random() < 0.5 else 'search', nodes_n=3, kibana=r.random() < 0.7)
    elif kind == 'crdb':
        tier_cockroach(c, 'ledger', 'ledger', replicas=3)
    elif kind == 'clickhouse':
        tier_clickhouse(c, 'clickhouse', chi='analytics', replicas=2)
    elif kind == 'cnpg':
        ns = r.choice(['billing', 'identity', 'inventory'])
        tier_cnpg(c, ns, ns + '-db', instances=2, size='30Gi')
        app(c, ns, ns + '-api', 'ghcr.io/%s/%s-api:%s' % (c.domain.split('.')[0], ns, r.choice(['1.18.2', '2.3.0', '2.4.1'])), replicas=2,
            env=[E('DB_HOST', ns + '-db-rw'), E('DB_USER', secret=ns + '-db-app', key='username'), E('DB_PASSWORD', secret=ns + '-db-app', key='password')])
    elif kind == 'mysql':
        tier_mysql(c, 'wordpress' if r.random() < 0.3 else 'cms', 'cms', secondaries=1)


FILL_EST = {'monitoring': lambda n: 5 + n, 'logging': lambda n: 1 + n, 'ingress': lambda n: 2, 'certmgr': lambda n: 3, 'gitops': lambda n: 5,
            'eso': lambda n: 3, 'kyverno': lambda n: 4, 'velero': lambda n: 1, 'cache': lambda n: 3, 'catalog': lambda n: 5, 'kafka': lambda n: 5,
            'search': lambda n: 5, 'crdb': lambda n: 3, 'clickhouse': lambda n: 6, 'cnpg': lambda n: 4, 'mysql': lambda n: 2}
FILL_NS = {'search': 2, 'cnpg': 2}
FILL_NSNAME = {'monitoring': 'monitoring', 'logging': 'logging', 'ingress': 'ingress-nginx', 'certmgr': 'cert-manager', 'gitops': ('argocd', 'flux-system'),
               'eso': 'external-secrets', 'kyverno': 'kyverno', 'velero': 'velero', 'cache': ('cache', 'sessions', 'redis'), 'catalog': 'catalog', 'kafka': 'kafka',
               'search': 'search', 'crdb': 'ledger', 'clickhouse': 'clickhouse', 'cnpg': ('billing', 'identity', 'inventory'), 'mysql': ('cms', 'wordpress')}


def fill(c, exclude=(), prefer=(), max_pods=84, min_pods=58):
    r = c.rng
    n_nodes = len(c.nodes)
    ns_target = r.randint(12, 14)
    cands = [k for k in FILL_EST if k not in exclude]
    if c.platform == 'openshift':
        cands = [k for k in cands if k not in ('monitoring', 'ingress')]
    r.shuffle(cands)
    cands = [k for k in prefer if k in cands] + [k for k in cands if k not in prefer]
    existing = {n['metadata']['name'] for n in c.items['namespaces']}

    def taken(k):
        v = FILL_NSNAME[k]
        v = (v,) if isinstance(v, str) else v
        return any(x in existing for x in v) or (k == 'search' and 'elastic-system' in existing)
    for k in cands:
        if taken(k):
            continue
        npods = len(c.items['pods'])
        nns = len(c.items['namespaces'])
        ndb = len(db_namespaces(c))
        need = nns < ns_target - 1 or npods < min_pods or ndb < 3
        if not need:
            break
        est = FILL_EST[k](n_nodes)
        is_db = k in ('cache', 'catalog', 'kafka', 'search', 'crdb', 'clickhouse', 'cnpg', 'mysql')
        if npods + est > max_pods or nns + FILL_NS.get(k, 1) > 14:
            continue
        if ndb >= 4 and is_db and npods >= min_pods:
            continue
        fill_tier(c, k)
        existing = {n['metadata']['name'] for n in c.items['namespaces']}


def noise(c, sandbox=True, evicted=True, cron=True, blip=True, failed_job=None, quota=None):
    r = c.rng
    org = c.domain.split('.')[0]
    if sandbox:
        ns = r.choice(['sandbox', 'playground', 'dev-sandbox', 'experiments'])
        c.ns(ns, '%dd' % r.randint(40, 160), labels={'team': 'platform', 'purpose': 'scratch'})
        c.np(ns, 'default-deny-all', {'podSelector': {}, 'policyTypes': ['Ingress', 'Egress']}, age='30d')
        kind = r.choice(['pull', 'crash'])
        days = r.randint(4, 19)
        if kind == 'pull':
            nm, img = r.choice([('pgadmin', 'dpage/pgadmin4:8.9-alpine'), ('adminer', 'adminer:4.8.2-standalone-fastcgi'), ('mongo-express', 'mongo-express:1.0.3-alpine'),
                                ('redis-insight', 'redis/redisinsight:2.52-alpine'), ('kafka-ui', 'provectuslabs/kafka-ui:v0.8.0')])
            _, _, ps = c.deploy(ns, nm, 1, [ctr(nm, img, ports=[('http', 8080)])], {'app': nm}, age='%dd' % days,
                                states=[[wait('ImagePullBackOff', 'Back-off pulling image "%s"' % img)]], pod_ages=['%dd' % days], old_rs=0)
            p = ps[0]
            c.pev(p, 'BackOff', 'Back-off pulling image "%s"' % img, typ='Normal', count=r.randint(2000, 5000), first='%dd' % days, last='%ds' % r.randint(20, 200), ctr_name=nm)
            c.pev(p, 'Failed', 'Error: ImagePullBackOff', count=r.randint(2000, 5000), first='%dd' % days, last='%ds' % r.randint(20, 200), ctr_name=nm)
            full = 'docker.io/' + (img if '/' in img else 'library/' + img)
            c.pev(p, 'Failed', 'Failed to pull image "%s": rpc error: code = NotFound desc = failed to pull and unpack image "%s": failed to resolve reference "%s": %s: not found' % (img, full, full, full),
                  count=r.randint(900, 1400), first='%dd' % days, last='%ds' % r.randint(200, 400), ctr_name=nm)
        else:
            nm, img, msg = r.choice([('pg-exporter-test', 'quay.io/prometheuscommunity/postgres-exporter:v0.15.0', 'ts=2024-06-01T10:12:44.512Z caller=main.go:86 level=error msg="Error loading config" err="Error opening config file \\"/etc/postgres_exporter.yml\\": open /etc/postgres_exporter.yml: no such file or directory"'),
                                     ('debezium-sandbox', 'quay.io/debezium/server:2.7', 'ERROR [io.qua.run.Application] (main) Failed to start application (with profile [prod]): java.lang.IllegalStateException: Property debezium.sink.type is mandatory'),
                                     ('redis-loadgen', 'redis:7.2-alpine', 'Could not connect to Redis at redis-master:6379: Name does not resolve')])
            _, _, ps = c.deploy(ns, nm, 1, [ctr(nm, img)], {'app': nm}, age='%dd' % days,
                                states=[[crash(r.randint(900, 3000), last('%dm' % r.randint(3, 6), '%dm' % r.randint(2, 3), 1, 'Error', msg))]], pod_ages=['%dd' % days], old_rs=0)
            c.pev(ps[0], 'BackOff', 'Back-off restarting failed container %s in pod %s_%s(%s)' % (nm, ps[0]['metadata']['name'], ns, ps[0]['metadata']['uid']),
                  count=r.randint(3000, 9000), first='%dd' % days, last='%ds' % r.randint(20, 200), ctr_name=nm)
    if evicted:
        rss = [rs for rs in c.items['replicasets'] if rs['spec']['replicas'] > 0 and rs['metadata']['namespace'] not in ('kube-system',)
               and not rs['metadata']['namespace'].startswith('openshift') and c.age_of(rs) > 10 * 86400]
        if rss:
            rs = r.choice(sorted(rss, key=lambda x: x['metadata']['name']))
            tm = rs['spec']['template']
            node = r.choice(c.workers())
            for k in range(r.randint(1, 2)):
                ea = r.randint(3, 9) * 86400 + r.randint(0, 80000)
                res_ = r.choice(['ephemeral-storage', 'memory'])
                cn = tm['spec']['containers'][0]['name']
                msg = ('The node was low on resource: ephemeral-storage. Threshold quantity: 10120387724, available: 9812344Ki. Container %s was using 1835044Ki, request is 0, has larger consumption of ephemeral-storage. ' % cn
                       if res_ == 'ephemeral-storage' else
                       'The node was low on resource: memory. Threshold quantity: 100Mi, available: 91236Ki. Container %s was using 712344Ki, request is 256Mi, has larger consumption of memory. ' % cn)
                c.pod(rs['metadata']['namespace'], '%s-%s' % (rs['metadata']['name'], c.sfx(5)), tm['spec'], tm['metadata']['labels'], node, [], ea + r.randint(3600, 86400 * 3),
                      owner=c.oref(rs), sa=tm['spec'].get('serviceAccountName', 'default'), evicted={'at': ea, 'msg': msg},
                      gen_name=rs['metadata']['name'] + '-')
    if cron:
        dbns = sorted({p['metadata']['namespace'] for p in c.items['pods'] if any('postgres' in x['image'] for x in p['spec']['containers'])})
        if dbns and not c.items['cronjobs']:
            ns = r.choice(dbns)
            pgs = [s for s in c.items['services'] if s['metadata']['namespace'] == ns and s['spec'].get('type') == 'ClusterIP' and s['spec'].get('clusterIP') != 'None'
                   and any(p_['port'] == 5432 for p_ in s['spec']['ports'])]
            host = pgs[0]['metadata']['name'] if pgs else 'db'
            add_backup_cron(c, ns, host)
    if blip:
        cands = [p for p in c.items['pods'] if pod_ready(p) and p['spec']['containers'][0].get('readinessProbe', {}).get('httpGet')
                 and not p['metadata']['namespace'].startswith('kube')]
        if cands:
            p = r.choice(sorted(cands, key=lambda x: x['metadata']['name']))
            pr = p['spec']['containers'][0]['readinessProbe']['httpGet']
            port = pr['port']
            if isinstance(port, str):
                port = next((cp['containerPort'] for cc in p['spec']['containers'] for cp in cc.get('ports', []) if cp.get('name') == port), 8080)
            c.pev(p, 'Unhealthy', 'Readiness probe failed: Get "http://%s:%s%s": context deadline exceeded (Client.Timeout exceeded while awaiting headers)' % (p['status']['podIP'], port, pr['path']),
                  count=r.randint(2, 4), first='%dm' % r.randint(45, 58), last='%dm' % r.randint(25, 44), ctr_name=p['spec']['containers'][0]['name'])
    if quota or (quota is None and r.random() < 0.5):
        dbns = sorted(n for n in db_namespaces(c) if not c.items['resourcequotas'] or all(q['metadata']['namespace'] != n for q in c.items['resourcequotas']))
        if dbns:
            ns = r.choice(dbns)
            c.rq(ns, 'storage-quota', {'persistentvolumeclaims': '30', 'requests.storage': '%dTi' % r.choice([4, 5, 8]), 'services.loadbalancers': '2'},
                 age='%dd' % r.randint(60, 200), labels={'app.kubernetes.io/managed-by': 'platform-quotas'})
    if failed_job or (failed_job is None and r.random() < 0.4):
        dbns = sorted(db_namespaces(c))
        dbns = sorted({p['metadata']['namespace'] for p in c.items['pods'] if any('postgres' in x['image'] for x in p['spec']['containers'])})
        if dbns:
            ns = r.choice(dbns)
            d = r.randint(2, 6)
            nm = r.choice(['adhoc-reindex', 'manual-vacuum', 'one-off-export', 'fix-orphans']) + '-' + c.sfx(5)
            c.job(ns, nm, [ctr('task', 'docker.io/bitnami/postgresql:16.3.0-debian-12-r19', command=['/bin/sh', '-c', 'psql "$DATABASE_URL" -f /scripts/task.sql'])],
                  'failed', '%dd' % d, '%dd' % d, backoff=0, pods=[[done('%dd' % d, '%dd' % d, 2, 'Error', 'psql: error: connection to server on socket "/tmp/.s.PGSQL.5432" failed: No such file or directory\n\tIs the server running locally and accepting connections on that socket?\n')]],
                  labels={'app.kubernetes.io/created-by': 'kubectl'})


def add_backup_cron(c, ns, host, name=None, image='docker.io/bitnami/postgresql:16.3.0-debian-12-r19', cmd=None, sched='30 2 * * *', runs=None, policy='Forbid', hist=(3, 1),
                    spec=None, job_spec=None, sa='default', env=None, r_=None, volumes=None, mounts=None, age='150d', containers=None, labels=None):
    name = name or 'db-backup'
    cmd = cmd or ['/bin/bash', '-c', 'set -euo pipefail; pg_dump -h %s -U postgres -Fc -d app | gzip > /backup/app-$(date +%%Y%%m%%d%%H%%M).dump.gz' % host]
    if runs is None:
        runs = []
        sh, sm = int(sched.split()[1]) if sched.split()[1].isdigit() else 2, int(sched.split()[0]) if sched.split()[0].isdigit() else 30
        base = c.snap.replace(hour=sh, minute=sm, second=0)
        if base > c.snap:
            base -= dt.timedelta(days=1)
        for d in range(hist[0] - 1, -1, -1):
            t = base - dt.timedelta(days=d)
            a = int((c.snap - t).total_seconds())
            dur = c.rng.randint(60, 900)
            runs.append({'at': a, 'status': 'complete', 'end': a - dur})
    cs = containers or [ctr('backup', image, command=cmd, env=env or [E('PGPASSWORD', secret=host.replace('-rw', '') + '-superuser' if host.endswith('-rw') else host + '-backup', key='password')],
                            r=r_, mounts=mounts)]
    for k in cs:
        for e in k.get('env', []):
            ref = e.get('valueFrom', {}).get('secretKeyRef')
            if ref and not c.get('secrets', ns, ref['name']):
                c.secret(ns, ref['name'], [ref['key']], age=age)
    return c.cronjob(ns, name, sched, cs, runs, policy=policy, hist=hist, spec=spec, job_spec=job_spec, sa=sa, volumes=volumes, age=age, labels=labels)


# ----------------------------------------------------------------------------------------------------------------
# checker
TS_RE = re.compile(r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$')


def _walk_ts(o, out):
    if isinstance(o, dict):
        for v in o.values():
            _walk_ts(v, out)
    elif isinstance(o, list):
        for v in o:
            _walk_ts(v, out)
    elif isinstance(o, str) and TS_RE.match(o):
        out.append(o)


def _pt(ts):
    return dt.datetime.strptime(ts[:19], '%Y-%m-%dT%H:%M:%S')


def check_bundle(d):
    errs = []
    iid = os.path.basename(d)
    snap = _pt(open(os.path.join(d, 'snapshot_time.txt')).read().strip())
    B = {}
    for plural, (av, kind) in KINDS.items():
        f = os.path.join(d, plural + '.json')
        if not os.path.exists(f):
            if plural not in OPTIONAL_KINDS:
                errs.append('missing ' + plural)
            B[plural] = []
            continue
        txt = open(f).read()
        o = json.loads(txt)
        if txt != canon(o):
            errs.append('%s not canonical' % plural)
        if o.get('apiVersion') != 'v1' or o.get('kind') != 'List' or o.get('metadata') != {'resourceVersion': ''}:
            errs.append('%s bad List shape' % plural)
        keys = [(x['metadata'].get('namespace', ''), x['metadata']['name']) for x in o['items']]
        if keys != sorted(keys):
            errs.append('%s items not sorted' % plural)
        for x in o['items']:
            if x.get('apiVersion') != av or x.get('kind') != kind:
                errs.append('%s item kind %s/%s' % (plural, x.get('apiVersion'), x.get('kind')))
            if (plural in CLUSTER_SCOPED) == bool(x['metadata'].get('namespace')):
                errs.append('%s scope %s' % (plural, x['metadata']['name']))
        B[plural] = o['items']
    truth = json.load(open(os.path.join(d, 'truth.json')))
    idx = {}
    uids = set()
    for plural, items in B.items():
        for x in items:
            md = x['metadata']
            idx[(KINDS[plural][1], md.get('namespace', ''), md['name'])] = x
            if md['uid'] in uids:
                errs.append('dup uid ' + md['uid'])
            uids.add(md['uid'])
    nsc = {n['metadata']['name']: _pt(n['metadata']['creationTimestamp']) for n in B['namespaces']}
    for plural, items in B.items():
        for x in items:
            md = x['metadata']
            if md.get('namespace'):
                if md['namespace'] not in nsc:
                    errs.append('%s %s in unknown ns' % (plural, md['name']))
                elif _pt(md['creationTimestamp']) < nsc[md['namespace']]:
                    errs.append('%s %s/%s older than namespace' % (plural, md['namespace'], md['name']))
            ts = []
            _walk_ts(x, ts)
            for t in ts:
                if _pt(t) > snap:
                    errs.append('%s %s timestamp %s after snapshot' % (plural, md['name'], t))
            for r in md.get('ownerReferences', []):
                if r['kind'] in KIND2PLURAL:
                    tgt = idx.get((r['kind'], '' if KIND2PLURAL[r['kind']] in CLUSTER_SCOPED else md.get('namespace', ''), r['name']))
                    if not tgt or tgt['metadata']['uid'] != r['uid']:
                        errs.append('%s %s/%s owner %s/%s unresolved' % (plural, md.get('namespace'), md['name'], r['kind'], r['name']))
                elif r['kind'] not in CRD_OWNER_KINDS:
                    errs.append('unknown owner kind ' + r['kind'])
    nodes = {n['metadata']['name']: n for n in B['nodes']}
    ev_text = {}
    for e in B['events']:
        io = e['involvedObject']
        ev_text.setdefault((io['kind'], io.get('namespace', ''), io['name']), []).append(e['message'])
    ips = {}
    for p in B['pods']:
        md, sp, st = p['metadata'], p['spec'], p.get('status', {})
        ns = md['namespace']
        if sp.get('nodeName') and sp['nodeName'] not in nodes:
            errs.append('pod %s node %s missing' % (md['name'], sp['nodeName']))
        if ('ServiceAccount', ns, sp.get('serviceAccountName', 'default')) not in idx:
            errs.append('pod %s sa missing' % md['name'])
        if st.get('podIP') and active_pod(p) and not sp.get('hostNetwork'):
            if st['podIP'] in ips:
                errs.append('dup pod ip %s %s %s' % (st['podIP'], ips[st['podIP']], md['name']))
            ips[st['podIP']] = md['name']
        refs = []
        for v in sp.get('volumes', []):
            if 'configMap' in v:
                refs.append(('ConfigMap', v['configMap']['name'], None, v['configMap'].get('optional')))
            if 'secret' in v:
                refs.append(('Secret', v['secret']['secretName'], None, v['secret'].get('optional')))
            if 'persistentVolumeClaim' in v:
                refs.append(('PersistentVolumeClaim', v['persistentVolumeClaim']['claimName'], None, False))
            for srcv in v.get('projected', {}).get('sources', []):
                if 'configMap' in srcv:
                    refs.append(('ConfigMap', srcv['configMap']['name'], None, srcv['configMap'].get('optional')))
        for cc in sp['containers'] + sp.get('initContainers', []):
            for e in cc.get('env', []):
                vf = e.get('valueFrom', {})
                for k, kind in (('secretKeyRef', 'Secret'), ('configMapKeyRef', 'ConfigMap')):
                    if k in vf:
                        refs.append((kind, vf[k]['name'], vf[k]['key'], vf[k].get('optional')))
            for e in cc.get('envFrom', []):
                for k, kind in (('secretRef', 'Secret'), ('configMapRef', 'ConfigMap')):
                    if k in e:
                        refs.append((kind, e[k]['name'], None, e[k].get('optional')))
        for kind, name, key, opt in refs:
            if opt:
                continue
            o = idx.get((kind, ns, name))
            ok = o is not None and (key is None or key in (o.get('data') or {}))
            if not ok:
                shown = pod_ready(p) is False and any(name in m for m in ev_text.get(('Pod', ns, md['name']), []))
                if not shown:
                    errs.append('pod %s/%s refs missing %s %s %s' % (ns, md['name'], kind, name, key))
    # workload status
    owned = {}
    for p in B['pods']:
        for r in p['metadata'].get('ownerReferences', []):
            owned.setdefault(r['uid'], []).append(p)
    rs_by_uid = {}
    for rs in B['replicasets']:
        ps = [p for p in owned.get(rs['metadata']['uid'], []) if active_pod(p)]
        rs_by_uid[rs['metadata']['uid']] = rs
        if rs['status']['replicas'] != len(ps) or rs['status'].get('readyReplicas', 0) != sum(map(pod_ready, ps)):
            errs.append('rs %s status mismatch' % rs['metadata']['name'])
        if rs['spec']['replicas'] < len(ps):
            errs.append('rs %s has more pods than spec' % rs['metadata']['name'])
    for dd in B['deployments']:
        rss = [rs for rs in B['replicasets'] if any(r['uid'] == dd['metadata']['uid'] for r in rs['metadata'].get('ownerReferences', []))]
        if dd['status'].get('replicas', 0) != sum(r['status']['replicas'] for r in rss) or dd['status'].get('readyReplicas', 0) != sum(r['status'].get('readyReplicas', 0) for r in rss):
            errs.append('deploy %s status mismatch' % dd['metadata']['name'])
    for o in B['statefulsets']:
        ps = [p for p in owned.get(o['metadata']['uid'], []) if active_pod(p)]
        if o['status']['replicas'] != len(ps) or o['status'].get('readyReplicas', 0) != sum(map(pod_ready, ps)):
            errs.append('sts %s status mismatch' % o['metadata']['name'])
        if o['status'].get('updatedReplicas', 0) != sum(1 for p in ps if p['metadata']['labels'].get('controller-revision-hash') == o['status']['updateRevision']):
            errs.append('sts %s updatedReplicas mismatch' % o['metadata']['name'])
    for o in B['daemonsets']:
        ps = [p for p in owned.get(o['metadata']['uid'], []) if active_pod(p)]
        if o['status']['currentNumberScheduled'] != len(ps) or o['status']['numberReady'] != sum(map(pod_ready, ps)):
            errs.append('ds %s status mismatch' % o['metadata']['name'])
    for o in B['jobs']:
        ps = owned.get(o['metadata']['uid'], [])
        act = sum(1 for p in ps if p['status'].get('phase') in ('Pending', 'Running'))
        if o['status'].get('active', 0) != act:
            errs.append('job %s active mismatch' % o['metadata']['name'])
        suc = sum(1 for p in ps if p['status'].get('phase') == 'Succeeded')
        if o['status'].get('succeeded', 0) != suc:
            errs.append('job %s succeeded mismatch' % o['metadata']['name'])
    # endpoints / slices
    pods_by_ns = {}
    for p in B['pods']:
        pods_by_ns.setdefault(p['metadata']['namespace'], []).append(p)
    slices_by_svc = {}
    for sl in B['endpointslices']:
        slices_by_svc.setdefault((sl['metadata']['namespace'], sl['metadata'].get('labels', {}).get('kubernetes.io/service-name')), []).append(sl)

    def norm_ep(subsets):
        out = set()
        for sub in subsets or []:
            ports = tuple(sorted((p.get('name', ''), p['port']) for p in sub.get('ports', [])))
            for a in sub.get('addresses', []):
                out.add((a['ip'], True, a.get('targetRef', {}).get('uid'), ports))
            for a in sub.get('notReadyAddresses', []):
                out.add((a['ip'], False, a.get('targetRef', {}).get('uid'), ports))
        return out

    def norm_sl(sls):
        out = set()
        for sl in sls:
            ports = tuple(sorted((p.get('name', ''), p['port']) for p in sl.get('ports') or []))
            for e in sl.get('endpoints') or []:
                out.add((e['addresses'][0], e['conditions'].get('ready'), e.get('targetRef', {}).get('uid'), ports))
        return out
    for sv in B['services']:
        ns, name = sv['metadata']['namespace'], sv['metadata']['name']
        if sv['spec']['type'] == 'ExternalName':
            continue
        ep = idx.get(('Endpoints', ns, name))
        if 'selector' in sv['spec']:
            groups = ep_groups(sv, pods_by_ns.get(ns, []))
            want = norm_ep(ep_subsets(sv, groups))
            if ep is None or norm_ep(ep.get('subsets')) != want:
                errs.append('endpoints %s/%s mismatch' % (ns, name))
            if B['endpointslices'] or os.path.exists(os.path.join(d, 'endpointslices.json')):
                sls = slices_by_svc.get((ns, name), [])
                if norm_sl(sls) != {(ip, r, u, p) for ip, r, u, p in want} and not (not want and sls):
                    errs.append('endpointslices %s/%s mismatch' % (ns, name))
        elif ep is not None and os.path.exists(os.path.join(d, 'endpointslices.json')):
            sls = slices_by_svc.get((ns, name), [])
            mirrored = [s for s in sls if s['metadata'].get('labels', {}).get('endpointslice.kubernetes.io/managed-by') == 'endpointslicemirroring-controller.k8s.io']
            if mirrored or name == 'kubernetes':
                got = {(e['addresses'][0], e['conditions'].get('ready')) for s in sls for e in (s.get('endpoints') or [])}
                want = {(a[0], a[1]) for a in norm_ep(ep.get('subsets'))}
                if got != want:
                    errs.append('mirrored slices %s/%s mismatch' % (ns, name))
    # quotas
    pvcs_by_ns = {}
    for cl in B['persistentvolumeclaims']:
        pvcs_by_ns.setdefault(cl['metadata']['namespace'], []).append(cl)
    for q in B['resourcequotas']:
        ns = q['metadata']['namespace']
        want = quota_used(q, pods_by_ns.get(ns, []), pvcs_by_ns.get(ns, []), B)
        if q['status'].get('used') != want:
            errs.append('quota %s/%s used %s != %s' % (ns, q['metadata']['name'], q['status'].get('used'), want))
    # pv/pvc
    pvs = {v['metadata']['name']: v for v in B['persistentvolumes']}
    for cl in B['persistentvolumeclaims']:
        if cl['status'].get('phase') == 'Bound':
            v = pvs.get(cl['spec'].get('volumeName'))
            if not v or v['spec'].get('claimRef', {}).get('uid') != cl['metadata']['uid'] or v['status']['phase'] != 'Bound':
                errs.append('pvc %s binding not mutual' % cl['metadata']['name'])
    for v in B['persistentvolumes']:
        if v['status']['phase'] == 'Bound':
            cr = v['spec']['claimRef']
            cl = idx.get(('PersistentVolumeClaim', cr['namespace'], cr['name']))
            if not cl or cl['spec'].get('volumeName') != v['metadata']['name'] or cl['metadata']['uid'] != cr['uid']:
                errs.append('pv %s binding not mutual' % v['metadata']['name'])
        for term in v['spec'].get('nodeAffinity', {}).get('required', {}).get('nodeSelectorTerms', []):
            ok = any(all(n['metadata'].get('labels', {}).get(e['key']) in e['values'] for e in term.get('matchExpressions', [])) for n in nodes.values())
            if not ok:
                errs.append('pv %s node affinity matches no node' % v['metadata']['name'])
    # events
    for e in B['events']:
        io = e['involvedObject']
        key = (io['kind'], io.get('namespace', '') if KIND2PLURAL.get(io['kind']) not in CLUSTER_SCOPED else '', io['name'])
        o = idx.get(key)
        if o is None or (io.get('uid') and o['metadata']['uid'] != io['uid']):
            ghost = False
            if io['kind'] == 'Pod':
                owners = [x['metadata']['name'] for pl in ('replicasets', 'statefulsets', 'daemonsets', 'jobs') for x in B[pl] if x['metadata'].get('namespace') == io.get('namespace')]
                owners += [p['metadata']['ownerReferences'][0]['name'] for p in B['pods'] if p['metadata'].get('ownerReferences') and p['metadata']['namespace'] == io.get('namespace')]
                ghost = any(io['name'].startswith(ow + '-') for ow in owners) or o is not None
            elif io['kind'] == 'Node':
                ghost = any(io['name'].rsplit('-', 1)[0] == n.rsplit('-', 1)[0] for n in nodes)
            if not ghost:
                errs.append('event %s references missing %s %s' % (e['metadata']['name'], io['kind'], io['name']))
        lt = e.get('lastTimestamp') or (e.get('series') or {}).get('lastObservedTime') or e.get('eventTime')
        if lt and (snap - _pt(lt)).total_seconds() > 3900 and not (e.get('count', 1) > 1 or e.get('series')):
            errs.append('stale non-recurring event %s' % e['metadata']['name'])
    # truth
    rc = truth['root_cause']
    kind = next((k for p, (a, k) in KINDS.items() if k.lower() == rc['kind'].lower()), None)
    if not kind or (kind, rc['namespace'], rc['name']) not in idx:
        errs.append('truth entity missing %s' % rc)
    if rc['name'].lower() in truth['symptom'].lower():
        errs.append('symptom names root cause')
    for k in ('id', 'fault', 'symptom', 'root_cause', 'explanation'):
        if k not in truth:
            errs.append('truth lacks ' + k)
    npods, nns = len(B['pods']), len(B['namespaces'])
    if not (47 <= npods <= 104):
        errs.append('pod count %d' % npods)
    if not (10 <= nns <= 15):
        errs.append('namespace count %d' % nns)
    return errs, truth, npods, nns


# ----------------------------------------------------------------------------------------------------------------
INCIDENTS = []


def incident(iid, fault, platform_label, snap, hard=False):
    def deco(fn):
        INCIDENTS.append({'id': iid, 'fault': fault, 'platform': platform_label, 'snap': snap, 'fn': fn, 'hard': hard})
        return fn
    return deco


def T(c, fault, symptom, kind, ns, name, explanation):
    return {'id': c.iid, 'fault': fault, 'symptom': symptom, 'root_cause': {'kind': kind, 'namespace': ns, 'name': name},
            'explanation': explanation}


OMIT = {'k7-02': ['resourcequotas'], 'k7-04': ['networkpolicies'], 'k7-07': ['ingresses', 'resourcequotas'], 'k7-12': ['endpointslices'],
        'k7-14': ['ingresses'], 'k7-18': ['networkpolicies', 'cronjobs'], 'k7-24': ['resourcequotas'], 'k7-28': ['endpointslices', 'ingresses']}


def build_one(inc, root):
    c = Cluster(inc['id'], inc['snap'])
    c.fill_opts, c.noise_opts = {}, {}
    truth = inc['fn'](c)
    truth['fault'] = inc['fault']
    fill(c, **c.fill_opts)
    noise(c, **c.noise_opts)
    for k in getattr(c, 'post', []):
        k()
    c.finalize()
    for k in OMIT.get(inc['id'], []):
        if k == 'cronjobs' and c.items['cronjobs']:
            continue
        if k == 'resourcequotas' and c.items['resourcequotas']:
            continue
        c.omit.add(k)
    d = os.path.join(root, inc['id'])
    if os.path.exists(d):
        shutil.rmtree(d)
    c.write(root, truth)
    return c


def build_all(root):
    os.makedirs(root, exist_ok=True)
    for inc in sorted(INCIDENTS, key=lambda x: x['id']):
        build_one(inc, root)


def tree_hash(root):
    h = hashlib.sha256()
    for dp, dn, fn in sorted(os.walk(root)):
        dn.sort()
        for f in sorted(fn):
            p = os.path.join(dp, f)
            h.update(os.path.relpath(p, root).encode() + b'\0')
            h.update(open(p, 'rb').read() + b'\0')
    return h.hexdigest()


def table(root):
    rows = ['| id | fault | truth kind/namespace/name | platform |', '|---|---|---|---|']
    for inc in sorted(INCIDENTS, key=lambda x: x['id']):
        t = json.load(open(os.path.join(root, inc['id'], 'truth.json')))
        rc = t['root_cause']
        rows.append('| %s | %s | %s/%s/%s | %s |' % (inc['id'], inc['fault'], rc['kind'], rc['namespace'], rc['name'], inc['platform']))
    return '\n'.join(rows)


def main():
    args = sys.argv[1:]
    only = [a for a in args if not a.startswith('--')]
    if '--hash' in args:
        if not os.path.isdir(OUT):
            build_all(OUT)
        print(tree_hash(OUT))
        return
    if '--table' in args:
        if not os.path.isdir(OUT):
            build_all(OUT)
        print(table(OUT))
        return
    if only:
        for inc in INCIDENTS:
            if inc['id'] in only:
                build_one(inc, OUT)
                errs, t, npods, nns = check_bundle(os.path.join(OUT, inc['id']))
                print(inc['id'], npods, 'pods', nns, 'ns', 'OK' if not errs else '')
                for e in errs[:40]:
                    print('   ', e)
        return
    build_all(OUT)
    if '--check' in args:
        bad = 0
        faults, kinds = set(), set()
        for inc in sorted(INCIDENTS, key=lambda x: x['id']):
            errs, t, npods, nns = check_bundle(os.path.join(OUT, inc['id']))
            faults.add(t['fault'])
            kinds.add(t['root_cause']['kind'].lower())
            print('%s %3d pods %2d ns  %s' % (inc['id'], npods, nns, 'OK' if not errs else 'FAIL'))
            for e in errs[:30]:
                print('    ' + e)
            bad += bool(errs)
        print('incidents=%d fault types=%d root-cause kinds=%d hard=%d' % (len(INCIDENTS), len(faults), len(kinds), sum(i['hard'] for i in INCIDENTS)))
        if len(INCIDENTS) != 30:
            print('FAIL: need 30 incidents'); bad += 1
        if len(faults) < 20:
            print('FAIL: fault types'); bad += 1
        if len(kinds) < 12:
            print('FAIL: root-cause kinds'); bad += 1
        import tempfile
        with tempfile.TemporaryDirectory() as td:
            build_all(td)
            h1, h2 = tree_hash(OUT), tree_hash(td)
        print('determinism: %s' % ('OK ' + h1 if h1 == h2 else 'FAIL %s != %s' % (h1, h2)))
        bad += h1 != h2
        sys.exit(1 if bad else 0)


# ----------------------------------------------------------------------------------------------------------------
# incident helpers
def crashes(c, msg, n=1, restarts=(6, 18), code=1, reason='Error', fail_since=None):
    out = []
    for i in range(n):
        rs = c.rng.randint(*restarts)
        end = c.rng.randint(30, 280)
        out.append([crash(rs, last(end + c.rng.randint(2, 40), end, code, reason, msg))])
    return out


def bo(c, p, cname, first, count=None, last_='%ds'):
    return c.pev(p, 'BackOff', 'Back-off restarting failed container %s in pod %s_%s(%s)' % (cname, p['metadata']['name'], p['metadata']['namespace'], p['metadata']['uid']),
                 count=count or c.rng.randint(20, 200), first=first, last=last_ % c.rng.randint(5, 200) if '%' in last_ else last_, ctr_name=cname)


def fsched(c, p, msg, first, count=None):
    return c.ev(p, 'FailedScheduling', msg, 'Warning', count or c.rng.randint(8, 60), first, sched=True)


def ctr_of(p, i=0):
    return p['spec']['containers'][i]['name']


# ----------------------------------------------------------------------------------------------------------------
# incidents
def svc_ip(c, ns, name):
    return c.get('services', ns, name)['spec']['clusterIP']


def pvc_pv(c, ns, name):
    pvc = c.get('persistentvolumeclaims', ns, name)
    return pvc, c.get('persistentvolumes', '', pvc['spec'].get('volumeName', '')) if pvc else None


def rename_pv(c, pv, new):
    c.idx.pop(('persistentvolumes', '', pv['metadata']['name']))
    cr = pv['spec']['claimRef']
    pvc = c.get('persistentvolumeclaims', cr['namespace'], cr['name'])
    pv['metadata']['name'] = new
    pvc['spec']['volumeName'] = new
    c.idx[('persistentvolumes', '', new)] = pv


def set_age(c, o, age):
    a = parse_age(age)
    o['metadata']['creationTimestamp'] = c.t(a)
    c.hint[o['metadata']['uid']]['age'] = a


def vsphere_csi(c, nodes=None):
    ns = 'vmware-system-csi'
    c.ns(ns, c.cluster_age)
    img = 'registry.k8s.io/csi-vsphere/'
    c.secret(ns, 'vsphere-config-secret', ['csi-vsphere.conf'], age=c.cluster_age)
    c.cm(ns, 'internal-feature-states.csi.vsphere.vmware.com', {'async-query-volume': 'true', 'csi-auth-check': 'true', 'online-volume-extend': 'true', 'trigger-csi-fullsync': 'false', 'improved-volume-topology': 'true'}, age=c.cluster_age)
    sysdep(c, ns, 'vsphere-csi-controller', [ctr('csi-attacher', 'registry.k8s.io/sig-storage/csi-attacher:v4.5.1', args=['--v=4', '--timeout=300s', '--csi-address=$(ADDRESS)', '--leader-election', '--kube-api-qps=100', '--kube-api-burst=100'], env=[E('ADDRESS', '/csi/csi.sock')], mounts=[('socket-dir', '/csi')]),
                                             ctr('csi-provisioner', 'registry.k8s.io/sig-storage/csi-provisioner:v4.0.1', args=['--v=4', '--timeout=300s', '--csi-address=$(ADDRESS)', '--leader-election', '--default-fstype=ext4'], env=[E('ADDRESS', '/csi/csi.sock')], mounts=[('socket-dir', '/csi')]),
                                             ctr('vsphere-csi-controller', img + 'driver:v3.3.0', ports=[('healthz', 9808), ('prometheus', 2112)], args=['--fss-name=internal-feature-states.csi.vsphere.vmware.com', '--fss-namespace=$(CSI_NAMESPACE)'],
                                                 env=[E('CSI_ENDPOINT', 'unix:///csi/csi.sock'), E('X_CSI_MODE', 'controller'), E('VSPHERE_CSI_CONFIG', '/etc/cloud/csi-vsphere.conf'), E('CSI_NAMESPACE', field='metadata.namespace')],
                                                 mounts=[('vsphere-config-volume', '/etc/cloud'), ('socket-dir', '/csi')], live=probe('http', 'healthz', '/healthz', delay=30, period=180, timeout=10))],
           1, {'app': 'vsphere-csi-controller'}, labels={'app': 'vsphere-csi-controller', 'role': 'vsphere-csi'}, sa='vsphere-csi-controller', prio='system-cluster-critical',
           volumes=[vol_secret('vsphere-config-volume', 'vsphere-config-secret'), vol_empty('socket-dir')],
           tol=[{'effect': 'NoSchedule', 'key': 'node-role.kubernetes.io/control-plane', 'operator': 'Exists'}], spec={'nodeSelector': {'node-role.kubernetes.io/control-plane': ''}},
           nodes=[c.cps[0]] * 1)
    sysds(c, ns, 'vsphere-csi-node', [ctr('node-driver-registrar', 'registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.1', args=['--v=5', '--csi-address=$(ADDRESS)', '--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)'],
                                          env=[E('ADDRESS', '/csi/csi.sock'), E('DRIVER_REG_SOCK_PATH', '/var/lib/kubelet/plugins/csi.vsphere.vmware.com/csi.sock')], mounts=[('plugin-dir', '/csi'), ('registration-dir', '/registration')]),
                                      ctr('vsphere-csi-node', img + 'driver:v3.3.0', ports=[('healthz', 9808)], args=['--fss-name=internal-feature-states.csi.vsphere.vmware.com', '--fss-namespace=$(CSI_NAMESPACE)'],
                                          env=[E('NODE_NAME', field='spec.nodeName'), E('CSI_ENDPOINT', 'unix:///csi/csi.sock'), E('X_CSI_MODE', 'node'), E('X_CSI_SPEC_REQ_VALIDATION', 'false'), E('CSI_NAMESPACE', field='metadata.namespace')],
                                          sc={'allowPrivilegeEscalation': True, 'capabilities': {'add': ['SYS_ADMIN']}, 'privileged': True},
                                          mounts=[('plugin-dir', '/csi'), ('pods-mount-dir', '/var/lib/kubelet'), ('device-dir', '/dev')])],
          {'app': 'vsphere-csi-node'}, labels={'app': 'vsphere-csi-node', 'role': 'vsphere-csi'}, sa='vsphere-csi-node', hostnet=True, nodes=nodes or [n for n in c.nodes if c.nodes[n]['role'] == 'worker'],
          volumes=[vol_host('registration-dir', '/var/lib/kubelet/plugins_registry', 'Directory'), vol_host('plugin-dir', '/var/lib/kubelet/plugins/csi.vsphere.vmware.com', 'DirectoryOrCreate'),
                   vol_host('pods-mount-dir', '/var/lib/kubelet', 'Directory'), vol_host('device-dir', '/dev')])
    c.sc('vsphere-ssd', 'csi.vsphere.vmware.com', {'storagepolicyname': 'k8s-gold-ssd', 'csi.storage.k8s.io/fstype': 'ext4'}, default=True, age=c.cluster_age)


def kubeadm_cluster(c, workers, cni='calico', cp=1, age='520d', net='10.20.30.', k8s='1.29', csi=True):
    pools = [('k8s-cp', cp, None, '4', '8Gi', {'names': ['k8s-cp-%02d' % (i + 1) for i in range(cp)]})] + workers
    platform(c, 'kubeadm', pools, age=age, region=net, cni=cni, k8s=k8s)
    if csi:
        vsphere_csi(c)


# ============================================================================================================ k7-01
@incident('k7-01', 'storageclass-immediate-binding-zone-conflict', 'EKS', '2024-06-11T14:32:07Z')
def f01(c):
    platform(c, 'eks', [('general-m6i', 3, 'm6i.xlarge', '4', '16Gi', {}),
                        ('db-r6i', 2, 'r6i.2xlarge', '8', '64Gi', {'zones': ['us-east-1b', 'us-east-1c'], 'ages': ['90d', '90d']})], age='410d')
    sc = c.sc('gp3-db', 'ebs.csi.aws.com', {'encrypted': 'true', 'fsType': 'ext4', 'iops': '6000', 'throughput': '250', 'type': 'gp3'},
              binding='Immediate', age='3h', labels={'app.kubernetes.io/managed-by': 'Helm', 'team': 'dba'})
    ensure_ns(c, 'orders', '240d')
    miss = '0/5 nodes are available: 2 node(s) had volume node affinity conflict, 3 node(s) didn\'t match Pod\'s node affinity/selector. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.'
    out = tier_mysql(c, 'orders', 'orders', secondaries=1, sc='gp3-db', pool='db-r6i', age='2h', size='200Gi',
                     states=[('pending', miss)])
    z1a = [n for n, i in c.nodes.items() if i['zone'] == 'us-east-1a'][0]
    pvc, pv = pvc_pv(c, 'orders', 'data-orders-mysql-primary-0')
    pv['spec']['nodeAffinity'] = {'required': {'nodeSelectorTerms': [{'matchExpressions': [{'key': 'topology.kubernetes.io/zone', 'operator': 'In', 'values': ['us-east-1a']}]}]}}
    p = out['primary'][0]
    fsched(c, p, miss, '1h58m', 31)
    ip = svc_ip(c, 'orders', 'orders-mysql-primary')
    _, _, aps = app(c, 'orders', 'orders-api', '%s.dkr.ecr.us-east-1.amazonaws.com/orders-api:4.12.0' % c.aws_account, replicas=3,
                    env=[E('DB_HOST', 'orders-mysql-primary.orders.svc.cluster.local'), E('DB_PORT', '3306'), E('DB_USER', 'orders'), E('DB_PASSWORD', secret='orders-mysql', key='mysql-password')],
                    states=crashes(c, '{"level":"fatal","ts":"2024-06-11T14:2%d:0%d.311Z","caller":"cmd/main.go:88","msg":"cannot open database","error":"dial tcp %s:3306: connect: connection refused"}' % (c.rng.randint(0, 9), c.rng.randint(0, 9), ip), 3, (14, 22)),
                    pod_ages=['1h50m'] * 3, rs_age='1h51m', age='230d')
    for a in aps:
        bo(c, a, 'orders-api', '1h45m')
    tier_cnpg(c, 'payments', 'payments-db', instances=3, size='100Gi', pool='db-r6i')
    c.fill_opts = {'exclude': ('mysql', 'cnpg')}
    return T(c, '', 'New orders MySQL installed this afternoon never started; orders-api pods crash with connection refused and the primary pod is stuck Pending.',
             'StorageClass', '', 'gp3-db',
             'orders-mysql-primary-0 is Pending with "2 node(s) had volume node affinity conflict": its PVC was provisioned by StorageClass gp3-db, created 3h ago with '
             'volumeBindingMode Immediate, so the EBS volume was created before scheduling in us-east-1a (PV nodeAffinity), while the db-r6i node group the pod is pinned to only '
             'has nodes in us-east-1b/1c. The cluster default gp3 uses WaitForFirstConsumer. Fix the StorageClass (recreate gp3-db with WaitForFirstConsumer), then delete the '
             'unused PVC/PV so the volume is re-provisioned in the scheduled zone. orders-api crashes are a consequence.')


# ============================================================================================================ k7-02
@incident('k7-02', 'pvc-references-missing-storageclass', 'GKE', '2024-07-02T09:18:44Z')
def f02(c):
    platform(c, 'gke', [('default-pool', 4, 'e2-standard-4', '4', '16Gi', {})], region='europe-west1', age='380d')
    ns = 'identity'
    ensure_ns(c, ns, '300d')
    c.helm(ns, 'keycloak', age='52m', version=1)
    pvc = c.pvc(ns, 'keycloak-pg-data', '20Gi', 'premium-rwo-retain', bound=False, age='53m', labels={'app.kubernetes.io/instance': 'keycloak', 'app.kubernetes.io/name': 'postgresql'},
                ann={'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"annotations":{},"name":"keycloak-pg-data","namespace":"identity"},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"20Gi"}},"storageClassName":"premium-rwo-retain"}}\n'})
    msg = '0/4 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.'
    sel = sel_of('postgresql', 'keycloak', 'primary')
    lab = helm_labels('postgresql', 'keycloak', 'postgresql-15.5.11', '16.3.0', 'primary')
    c.secret(ns, 'keycloak-postgresql', ['password', 'postgres-password'], labels=lab, age='52m')
    c.sa(ns, 'keycloak-postgresql', labels=lab, automount=False, age='52m')
    w, ps = c.sts(ns, 'keycloak-postgresql', 1, [ctr('postgresql', 'docker.io/bitnami/postgresql:16.3.0-debian-12-r19', ports=[('tcp-postgresql', 5432)],
                                                     env=[E('POSTGRES_USER', 'keycloak'), E('POSTGRES_PASSWORD', secret='keycloak-postgresql', key='password'), E('POSTGRES_DATABASE', 'keycloak'), E('PGDATA', '/bitnami/postgresql/data')],
                                                     r=res('250m', '1Gi', '1', '1Gi'), mounts=[('data', '/bitnami/postgresql'), ('dshm', '/dev/shm')],
                                                     ready=probe('exec', cmd=['/bin/sh', '-c', '-e', 'exec pg_isready -U "keycloak" -d "dbname=keycloak" -h 127.0.0.1 -p 5432'], delay=5, timeout=5, fail=6))],
                  sel, 'keycloak-postgresql-hl', labels=lab, plabels={k: v for k, v in lab.items() if k not in sel}, sa='keycloak-postgresql', age='52m',
                  volumes=[vol_pvc('data', 'keycloak-pg-data'), {'emptyDir': {'medium': 'Memory'}, 'name': 'dshm'}], states=[('pending', msg)],
                  spec={'automountServiceAccountToken': False, 'securityContext': {'fsGroup': 1001}})
    c.svc(ns, 'keycloak-postgresql', sel, [('tcp-postgresql', 5432, 'tcp-postgresql')], labels=lab, age='52m')
    c.svc(ns, 'keycloak-postgresql-hl', sel, [('tcp-postgresql', 5432, 'tcp-postgresql')], headless=True, pnr=True, labels=lab, age='52m')
    fsched(c, ps[0], msg, '51m', 14)
    c.ev(pvc, 'ProvisioningFailed', 'storageclass.storage.k8s.io "premium-rwo-retain" not found', 'Warning', 204, '52m', '23s', comp='persistentvolume-controller')
    ksel = sel_of('keycloak', 'keycloak', 'keycloak')
    klab = helm_labels('keycloak', 'keycloak', 'keycloak-21.4.4', '24.0.5', 'keycloak')
    c.secret(ns, 'keycloak', ['admin-password'], labels=klab, age='52m')
    kerr = ('2024-07-02 09:1%d:21,604 WARN  [io.agroal.pool] (agroal-11) Datasource \'<default>\': Connection to keycloak-postgresql:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.\n'
            '2024-07-02 09:1%d:21,702 ERROR [org.keycloak.quarkus.runtime.cli.ExecutionExceptionHandler] (main) ERROR: Failed to start server in (production) mode\n'
            '2024-07-02 09:1%d:21,703 ERROR [org.keycloak.quarkus.runtime.cli.ExecutionExceptionHandler] (main) ERROR: Failed to obtain JDBC connection\n') % (5, 5, 5)
    c.sa(ns, 'keycloak', labels=klab, age='52m')
    w2, kps = c.sts(ns, 'keycloak', 2, [ctr('keycloak', 'docker.io/bitnami/keycloak:24.0.5-debian-12-r8', ports=[('http', 8080), ('infinispan', 7800)],
                                            env=[E('KC_DB', 'postgres'), E('KC_DB_URL_HOST', 'keycloak-postgresql'), E('KC_DB_URL_PORT', '5432'), E('KC_DB_USERNAME', 'keycloak'),
                                                 E('KC_DB_PASSWORD', secret='keycloak-postgresql', key='password'), E('KEYCLOAK_ADMIN_PASSWORD', secret='keycloak', key='admin-password')],
                                            r=res('500m', '1Gi', '1500m', '1536Mi'), ready=probe('http', 'http', '/realms/master', delay=30))],
                    ksel, 'keycloak-headless', labels=klab, plabels={k: v for k, v in klab.items() if k not in ksel}, sa='keycloak', age='52m',
                    states=crashes(c, kerr, 2, (9, 12)), pmp='Parallel')
    for p in kps:
        bo(c, p, 'keycloak', '45m')
    c.svc(ns, 'keycloak', ksel, [('http', 80, 'http')], labels=klab, age='52m')
    c.svc(ns, 'keycloak-headless', ksel, [('http', 8080, 'http')], headless=True, pnr=True, labels=klab, age='52m')
    ing_lb = addon_ingress_nginx(c)
    c.ing(ns, 'keycloak', 'nginx', [('sso.' + c.domain, '/', 'keycloak', 'http')], tls='keycloak-tls', lb=ing_lb, age='52m')
    c.secret(ns, 'keycloak-tls', ['ca.crt', 'tls.crt', 'tls.key'], typ='kubernetes.io/tls', age='50m',
             ann={'cert-manager.io/certificate-name': 'keycloak-tls', 'cert-manager.io/issuer-kind': 'ClusterIssuer', 'cert-manager.io/issuer-name': 'letsencrypt-prod'})
    tier_pg_bitnami(c, 'wiki', 'wiki', age='160d', size='30Gi', sc='premium-rwo')
    app(c, 'wiki', 'wiki-js', 'ghcr.io/requarks/wiki:2.5.303', replicas=1, port=3000, env=[E('DB_TYPE', 'postgres'), E('DB_HOST', 'wiki-postgresql'), E('DB_PASS', secret='wiki-postgresql', key='password')])
    c.fill_opts = {'exclude': ('ingress',), 'prefer': ('certmgr',)}
    return T(c, '', 'Keycloak (SSO) is down after we moved it to this cluster; its Postgres pod never starts and Keycloak keeps restarting with "Connection refused".',
             'PersistentVolumeClaim', ns, 'keycloak-pg-data',
             'keycloak-postgresql-0 is Pending with "pod has unbound immediate PersistentVolumeClaims". The pre-created PVC keycloak-pg-data (used as existingClaim) requests '
             'storageClassName "premium-rwo-retain", which does not exist in this cluster (only premium-rwo, standard-rwo, standard); persistentvolume-controller reports '
             'ProvisioningFailed "storageclass.storage.k8s.io \\"premium-rwo-retain\\" not found". Recreate the PVC with an existing class (e.g. premium-rwo). Keycloak crashes are a consequence.')


# ============================================================================================================ k7-03
@incident('k7-03', 'nfs-pv-unsupported-mount-options', 'kubeadm (vSphere, Calico)', '2024-08-21T14:07:31Z')
def f03(c):
    kubeadm_cluster(c, [('worker', 4, None, '8', '32Gi', {'names': ['k8s-wrk-%02d' % i for i in range(1, 5)]})], cni='calico')
    addon_nfs(c, server='10.20.30.5', path='/export/k8s')
    addon_metallb(c, nodes=c.workers())
    ns = 'warehouse'
    ensure_ns(c, ns, '330d')
    tier_pg_bitnami(c, ns, 'warehouse', age='300d', size='500Gi', mem='8Gi')
    pvc = c.pvc(ns, 'pg-backups', '2Ti', '', modes=['ReadWriteMany'], age='280d', volume_name='pg-backup-nfs', ann={})
    pv = c.get('persistentvolumes', '', 'pg-backup-nfs')
    pv['spec'].pop('csi', None)
    pv['spec'].pop('nodeAffinity', None)
    pv['spec']['nfs'] = {'path': '/export/pg-backups', 'server': '10.20.30.5'}
    pv['spec']['mountOptions'] = ['nfsvers=3', 'hard', 'timeo=600', 'retrans=3', 'noatime']
    pv['spec']['persistentVolumeReclaimPolicy'] = 'Retain'
    pv['metadata']['finalizers'] = ['kubernetes.io/pv-protection']
    pv['metadata']['annotations'] = {'pv.kubernetes.io/bound-by-controller': 'yes'}
    pv['metadata']['labels'] = {'backup-tier': 'nfs', 'owner': 'dba'}
    set_age(c, pv, '281d')
    pvc['metadata']['annotations'] = {'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes'}
    c.secret(ns, 'warehouse-backup', ['password'], age='280d')
    cmd = ['/bin/bash', '-c', 'set -euo pipefail\nD=/backups/warehouse/$(date +%Y%m%dT%H%M)\nmkdir -p "$D"\npg_basebackup -h warehouse-postgresql -U postgres -D "$D" -Ft -z -Xs -P\nfind /backups/warehouse -maxdepth 1 -mtime +14 -exec rm -rf {} +\n']
    bk = ctr('pg-basebackup', 'docker.io/bitnami/postgresql:16.3.0-debian-12-r19', command=cmd, env=[E('PGPASSWORD', secret='warehouse-postgresql', key='postgres-password')],
             r=res('250m', '512Mi', '2', '2Gi'), mounts=[('backups', '/backups')])
    runs = []
    for d in (3, 2, 1):
        a = d * 86400 + 12 * 3600 + 37 * 60
        runs.append({'at': a, 'status': 'complete', 'end': a - c.rng.randint(2400, 3300)})
    cj, jobs = c.cronjob(ns, 'warehouse-basebackup', '30 1 * * *', [bk], runs, policy='Forbid', volumes=[vol_pvc('backups', 'pg-backups')], age='270d',
                         labels={'app.kubernetes.io/component': 'backup', 'app.kubernetes.io/part-of': 'warehouse'})
    a = 12 * 3600 + 37 * 60
    j, ps = c.job(ns, 'warehouse-basebackup-%d' % int((c.snap - dt.timedelta(seconds=a)).replace(tzinfo=dt.timezone.utc).timestamp() // 60), [bk], 'running', a,
                  owner=c.oref(cj), labels={'app.kubernetes.io/component': 'backup', 'app.kubernetes.io/part-of': 'warehouse'}, volumes=[vol_pvc('backups', 'pg-backups')],
                  restart='OnFailure', pods=[[wait('ContainerCreating')]], node='k8s-wrk-03')
    c.get('jobs', ns, j['metadata']['name'])['metadata']['annotations']['batch.kubernetes.io/cronjob-scheduled-timestamp'] = c.t(a)
    p = ps[0]
    p['status'].pop('podIP', None)
    p['status'].pop('podIPs', None)
    cj['status']['active'] = [{'apiVersion': 'batch/v1', 'kind': 'Job', 'name': j['metadata']['name'], 'namespace': ns, 'resourceVersion': j['metadata']['resourceVersion'], 'uid': j['metadata']['uid']}]
    cj['status']['lastScheduleTime'] = c.t(a)
    m = ('MountVolume.SetUp failed for volume "pg-backup-nfs" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs -o hard,noatime,nfsvers=3,retrans=3,timeo=600 '
         '10.20.30.5:/export/pg-backups /var/lib/kubelet/pods/%s/volumes/kubernetes.io~nfs/pg-backup-nfs\nOutput: mount.nfs: requested NFS version or transport protocol is not supported\n') % p['metadata']['uid']
    c.pev(p, 'FailedMount', m, count=388, first='12h36m', last='1m12s')
    c.pev(p, 'FailedMount', 'Unable to attach or mount volumes: unmounted volumes=[backups], unattached volumes=[], failed to process volumes=[]: timed out waiting for the condition', count=336, first='12h34m', last='3m40s')
    c.ev(cj, 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid', 'Normal', 1, '10m', comp='cronjob-controller') if False else None
    # decoys: dynamic NFS volumes mount fine
    ensure_ns(c, 'reporting', '200d')
    c.pvc('reporting', 'report-exports', '50Gi', 'nfs-client', modes=['ReadWriteMany'], age='190d')
    app(c, 'reporting', 'report-builder', 'registry.%s/bi/report-builder:2.8.1' % c.domain, replicas=3, env=[E('PGHOST', 'warehouse-postgresql.warehouse.svc'), E('EXPORT_DIR', '/exports')],
        volumes=[vol_pvc('exports', 'report-exports')], mounts=[('exports', '/exports')])
    c.fill_opts = {'exclude': ('cnpg',)}
    c.noise_opts = {'cron': False}
    return T(c, '', 'Last night\'s warehouse Postgres base backup never ran to completion, the backup pod has been sitting in ContainerCreating since 01:30.',
             'PersistentVolume', '', 'pg-backup-nfs',
             'The active warehouse-basebackup job pod is stuck ContainerCreating; kubelet FailedMount shows "mount.nfs: requested NFS version or transport protocol is not supported" '
             'for volume pg-backup-nfs. That static PV forces mountOptions nfsvers=3 against 10.20.30.5, while dynamically provisioned NFS volumes from the same server '
             '(nfs-client, no version pinned) mount fine, i.e. the server only speaks NFSv4. Remove/replace the nfsvers=3 mount option on the PV (recreate it with nfsvers=4.1).')


# ============================================================================================================ k7-04
@incident('k7-04', 'static-pv-malformed-volume-handle', 'EKS', '2024-09-03T11:46:20Z')
def f04(c):
    platform(c, 'eks', [('general', 3, 'm6i.xlarge', '4', '16Gi', {}), ('data', 2, 'r6i.xlarge', '4', '32Gi', {'zones': ['us-east-1a', 'us-east-1b']})], k8s='1.30', age='300d')
    ns = 'analytics'
    ensure_ns(c, ns, '260d')
    node = [n for n, i in c.nodes.items() if i['pool'] == 'data' and i['zone'] == 'us-east-1a'][0]
    pods, _ = tier_pg_bitnami(c, ns, 'warehouse', age='48m', size='400Gi', sc='gp3', nodes=[node], states=[[wait('ContainerCreating')]], mem='8Gi')
    pvc, pv = pvc_pv(c, ns, 'data-warehouse-postgresql-0')
    rename_pv(c, pv, 'warehouse-pg-restore-20240903')
    bad = 'vol-07e1c3f9a2b4d6e'
    pv['spec']['csi'] = {'driver': 'ebs.csi.aws.com', 'fsType': 'ext4', 'volumeHandle': bad}
    pv['metadata']['annotations'] = {'restore.%s/source-snapshot' % c.domain: 'snap-0%s' % c.hx(16), 'restore.%s/requested-by' % c.domain: 'dba-oncall'}
    pv['metadata']['finalizers'] = ['kubernetes.io/pv-protection']
    pv['spec']['persistentVolumeReclaimPolicy'] = 'Retain'
    set_age(c, pv, '50m')
    pvc['metadata']['annotations'] = {'pv.kubernetes.io/bind-completed': 'yes'}
    set_age(c, pvc, '49m')
    p = pods[0]
    iid = c.nodes[node]['obj']['spec']['providerID'].rsplit('/', 1)[1]
    c.ev(p, 'FailedAttachVolume', 'AttachVolume.Attach failed for volume "warehouse-pg-restore-20240903" : rpc error: code = Internal desc = Could not attach volume "%s" to node "%s": '
         'could not attach volume "%s" to node "%s": operation error EC2: AttachVolume, https response error StatusCode: 400, RequestID: %s, api error InvalidVolumeID.Malformed: '
         'Invalid id: "%s" (expecting "vol-...")' % (bad, iid, bad, iid, c.uid(), bad), 'Warning', 23, '47m', '2m', comp='attachdetach-controller')
    c.pev(p, 'FailedMount', 'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data], failed to process volumes=[]: timed out waiting for the condition', count=21, first='45m', last='4m')
    _, _, mps = app(c, ns, 'metabase', 'metabase/metabase:v0.50.21', replicas=1, port=3000, env=[E('MB_DB_TYPE', 'postgres'), E('MB_DB_HOST', 'warehouse-postgresql'), E('MB_DB_PASS', secret='warehouse-postgresql', key='password')],
                    states=crashes(c, 'Exception in thread "main" java.lang.Exception: Unable to connect to Metabase postgres DB.\n\tat metabase.db.setup$fn__40071.invokeStatic(setup.clj:179)\nCaused by: org.postgresql.util.PSQLException: Connection to warehouse-postgresql:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.\n', 1, (7, 10)),
                    pod_ages=['44m'], rs_age='44m', age='250d')
    bo(c, mps[0], 'metabase', '40m')
    tier_redis(c, 'sessions', 'session', replicas=2, sc='gp3')
    c.fill_opts = {'exclude': ('cache',)}
    return T(c, '', 'The restored analytics warehouse database has been stuck ContainerCreating for 45 minutes and Metabase is down.',
             'PersistentVolume', '', 'warehouse-pg-restore-20240903',
             'warehouse-postgresql-0 cannot start: attachdetach-controller reports FailedAttachVolume "InvalidVolumeID.Malformed: Invalid id: vol-07e1c3f9a2b4d6e". The PVC is bound to the '
             'hand-made restore PV warehouse-pg-restore-20240903 whose spec.csi.volumeHandle is truncated (15 hex digits instead of 17). Recreate the PV with the correct EBS volume ID '
             'of the restored snapshot volume (the PV source is immutable).')


# ============================================================================================================ k7-05
def addon_linkerd(c, ns='linkerd'):
    c.ns(ns, '150d', labels={'config.linkerd.io/admission-webhooks': 'disabled', 'linkerd.io/control-plane-ns': 'linkerd', 'linkerd.io/is-control-plane': 'true', 'pod-security.kubernetes.io/enforce': 'privileged'})
    c.helm(ns, 'linkerd-control-plane', age='60d')
    v = 'stable-2.14.10'
    proxy = lambda: ctr('linkerd-proxy', 'cr.l5d.io/linkerd/proxy:' + v, ports=[('linkerd-proxy', 4143), ('linkerd-admin', 4191)],
                        env=[E('_pod_name', field='metadata.name'), E('_pod_ns', field='metadata.namespace'), E('LINKERD2_PROXY_LOG', 'warn,linkerd=info,trust_dns=error'), E('LINKERD2_PROXY_DESTINATION_SVC_ADDR', 'linkerd-dst-headless.linkerd.svc.cluster.local.:8086')],
                        ready=probe('http', 4191, '/ready', delay=2), live=probe('http', 4191, '/live', delay=10), sc={'allowPrivilegeEscalation': False, 'readOnlyRootFilesystem': True, 'runAsNonRoot': True, 'runAsUser': 2102})
    init = [ctr('linkerd-init', 'cr.l5d.io/linkerd/proxy-init:v2.2.3', args=['--incoming-proxy-port', '4143', '--outgoing-proxy-port', '4140', '--proxy-uid', '2102', '--inbound-ports-to-ignore', '4190,4191,4567,4568', '--outbound-ports-to-ignore', '4567,4568'],
                r=res('100m', '20Mi', '100m', '20Mi'), sc={'allowPrivilegeEscalation': False, 'capabilities': {'add': ['NET_ADMIN', 'NET_RAW']}, 'privileged': False, 'readOnlyRootFilesystem': True, 'runAsNonRoot': False, 'runAsUser': 0})]
    for nm, comps in (('linkerd-identity', [('identity', 'controller', [('grpc', 8080), ('admin-http', 9990)])]),
                      ('linkerd-destination', [('destination', 'controller', [('grpc', 8086), ('admin-http', 9996)]), ('sp-validator', 'controller', [('sp-validator', 8443)]), ('policy', 'policy-controller', [('policy-grpc', 8090)])]),
                      ('linkerd-proxy-injector', [('proxy-injector', 'controller', [('proxy-injector', 8443), ('admin-http', 9995)])])):
        sel = {'linkerd.io/control-plane-component': nm.replace('linkerd-', ''), 'linkerd.io/control-plane-ns': 'linkerd', 'linkerd.io/proxy-deployment': nm}
        cs = [proxy()] + [ctr(cn, 'cr.l5d.io/linkerd/%s:%s' % (im, v), ports=pt, args=[cn, '-log-level=info', '-log-format=plain']) for cn, im, pt in comps]
        c.sa(ns, nm, age='140d')
        c.deploy(ns, nm, 1, cs, sel, labels={'app.kubernetes.io/name': nm.replace('linkerd-', ''), 'app.kubernetes.io/part-of': 'Linkerd', 'app.kubernetes.io/version': v, 'linkerd.io/control-plane-component': nm.replace('linkerd-', ''), 'linkerd.io/control-plane-ns': 'linkerd'},
                 plabels={'linkerd.io/workload-ns': 'linkerd'}, sa=nm, age='140d', init=init, old_rs=2,
                 pod_ann={'linkerd.io/created-by': 'linkerd/helm ' + v, 'linkerd.io/proxy-version': v, 'linkerd.io/trust-root-sha256': c.hx(64), 'config.linkerd.io/default-inbound-policy': 'all-unauthenticated'})
        c.svc(ns, nm.replace('linkerd-destination', 'linkerd-dst'), sel, [(comps[0][2][0][0], comps[0][2][0][1], comps[0][2][0][1])], age='140d')
    c.secret(ns, 'linkerd-identity-issuer', ['ca.crt', 'tls.crt', 'tls.key'], typ='kubernetes.io/tls', age='140d')
    c.cm(ns, 'linkerd-config', {'values': 'clusterDomain: cluster.local\nclusterNetworks: 10.0.0.0/8,100.64.0.0/10,172.16.0.0/12,192.168.0.0/16\nproxy:\n  image:\n    name: cr.l5d.io/linkerd/proxy\n  awaitBeforeExitingTimeout: 0\n'}, age='140d')
    return proxy, init


def linkerd_inject(c, ns, tm_spec, proxy, init):
    sp = copy.deepcopy(tm_spec)
    sp['containers'] = [proxy()] + sp['containers']
    sp['initContainers'] = copy.deepcopy(init) + sp.get('initContainers', [])
    sp.setdefault('volumes', []).extend([{'emptyDir': {}, 'name': 'linkerd-proxy-init-xtables-lock'}, {'emptyDir': {'medium': 'Memory'}, 'name': 'linkerd-identity-end-entity'},
                                         {'name': 'linkerd-identity-token', 'projected': {'defaultMode': 420, 'sources': [{'serviceAccountToken': {'audience': 'identity.l5d.io', 'expirationSeconds': 86400, 'path': 'linkerd-identity-token'}}]}}])
    return sp


L5D_ANN = {'linkerd.io/created-by': 'linkerd/proxy-injector stable-2.14.10', 'linkerd.io/inject': 'enabled', 'linkerd.io/proxy-version': 'stable-2.14.10'}


@incident('k7-05', 'namespace-mesh-injection-hangs-backup-jobs', 'DOKS', '2024-10-15T08:31:12Z', hard=True)
def f05(c):
    platform(c, 'doks', [('pool-prod', 4, 's-4vcpu-8gb', '4', '8Gi', {})], region='ams3', age='330d')
    proxy, init = addon_linkerd(c)
    ns = 'billing'
    c.ns(ns, '280d', ann={'linkerd.io/inject': 'enabled'})
    tier_pg_bitnami(c, ns, 'billing', age='250d', size='100Gi', sc='do-block-storage')
    trust = {'linkerd.io/trust-root-sha256': c.hx(64)}
    spec_api = {}
    d, rs, aps = app(c, ns, 'billing-api', 'registry.digitalocean.com/%s/billing-api:5.3.2' % c.domain.split('.')[0], replicas=2,
                     env=[E('DATABASE_URL', secret='billing-api-db', key='url')], pod_ages=['47h', '47h'], rs_age='47h5m', age='250d')
    c.secret(ns, 'billing-api-db', ['url'], age='250d')
    for p in aps:
        p['spec']['containers'].insert(0, proxy())
        p['spec']['initContainers'] = copy.deepcopy(init)
        p['metadata'].setdefault('annotations', {}).update(dict(L5D_ANN, **trust))
        p['metadata']['labels'].update({'linkerd.io/control-plane-ns': 'linkerd', 'linkerd.io/proxy-deployment': 'billing-api', 'linkerd.io/workload-ns': ns})
        p['status']['containerStatuses'].insert(0, dict(p['status']['containerStatuses'][0], name='linkerd-proxy', image='cr.l5d.io/linkerd/proxy:stable-2.14.10', containerID=c.cid(), imageID=c.digest('cr.l5d.io/linkerd/proxy:stable-2.14.10')))
        p['status']['containerStatuses'].sort(key=lambda x: x['name'])
        p['status']['initContainerStatuses'] = [{'containerID': c.cid(), 'image': 'cr.l5d.io/linkerd/proxy-init:v2.2.3', 'imageID': c.digest('cr.l5d.io/linkerd/proxy-init:v2.2.3'), 'lastState': {}, 'name': 'linkerd-init',
                                                 'ready': True, 'restartCount': 0, 'started': False, 'state': {'terminated': {'containerID': c.cid(), 'exitCode': 0, 'finishedAt': c.t('47h'), 'reason': 'Completed', 'startedAt': c.t('47h')}}}]
    bk = ctr('pg-dump', 'docker.io/bitnami/postgresql:16.3.0-debian-12-r19', command=['/bin/bash', '-c', 'set -euo pipefail; pg_dump -h billing-postgresql -U postgres -Fc billing | aws s3 cp --endpoint-url https://ams3.digitaloceanspaces.com - s3://%s-db-backups/billing/billing-$(date +%%Y%%m%%dT%%H%%M).dump' % c.domain.split('.')[0]],
             env=[E('PGPASSWORD', secret='billing-postgresql', key='postgres-password'), E('AWS_ACCESS_KEY_ID', secret='spaces-backup', key='access-key'), E('AWS_SECRET_ACCESS_KEY', secret='spaces-backup', key='secret-key')],
             r=res('100m', '256Mi', '1', '1Gi'))
    c.secret(ns, 'spaces-backup', ['access-key', 'secret-key'], age='240d')
    runs = []
    for h in (50, 49, 48):
        a = h * 3600 + 31 * 60
        runs.append({'at': a, 'status': 'complete', 'end': a - c.rng.randint(200, 420)})
    lab = {'app.kubernetes.io/component': 'backup', 'app.kubernetes.io/instance': 'billing'}
    cj, jobs = c.cronjob(ns, 'billing-pg-backup', '0 * * * *', [bk], runs, policy='Forbid', restart='Never', backoff=2, labels=lab, age='230d')
    a = 47 * 3600 + 31 * 60
    jn = 'billing-pg-backup-%d' % int((c.snap - dt.timedelta(seconds=a)).replace(tzinfo=dt.timezone.utc).timestamp() // 60)
    j, _ = c.job(ns, jn, [bk], 'running', a, owner=c.oref(cj), labels=lab, restart='Never', backoff=2, pods=[],
                 ann={'batch.kubernetes.io/cronjob-scheduled-timestamp': c.t(a)})
    psp = linkerd_inject(c, ns, j['spec']['template']['spec'], proxy, init)
    plab = dict(j['spec']['template']['metadata']['labels'], **{'linkerd.io/control-plane-ns': 'linkerd', 'linkerd.io/workload-ns': ns})
    p = c.pod(ns, '%s-%s' % (jn, c.sfx(5)), psp, plab, c.place(), [run(a - 8), done(a - 9, a - 9 - 311, 0)], a - 2, owner=c.oref(j),
              ann=dict(L5D_ANN, **trust), gen_name=jn + '-', init_states=[done(a - 3, a - 5)])
    j['status']['active'] = 1
    j['status']['ready'] = 0
    cj['status']['active'] = [{'apiVersion': 'batch/v1', 'kind': 'Job', 'name': jn, 'namespace': ns, 'resourceVersion': j['metadata']['resourceVersion'], 'uid': j['metadata']['uid']}]
    cj['status']['lastScheduleTime'] = c.t(a)
    c.ev(cj, 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid', 'Normal', 47, '46h31m', '31m', comp='cronjob-controller')
    # verification job that notices
    vf = ctr('verify', 'docker.io/amazon/aws-cli:2.17.37', command=['/bin/sh', '-c', 'latest=$(aws s3 ls --endpoint-url https://ams3.digitaloceanspaces.com s3://%s-db-backups/billing/ | sort | tail -1); age_check.sh "$latest" 7200' % c.domain.split('.')[0]],
             env=[E('AWS_ACCESS_KEY_ID', secret='spaces-backup', key='access-key'), E('AWS_SECRET_ACCESS_KEY', secret='spaces-backup', key='secret-key')])
    vruns = [{'at': '%dh' % h, 'status': 'failed', 'end': '%dh' % h, 'pods': [[done('%dh' % h, '%dh' % h, 1, 'Error', 'CRITICAL: newest billing dump billing-20241013T0800.dump is 48 hours old (threshold 2h)\n')]]} for h in (1,)]
    c.cronjob(ns, 'billing-backup-verify', '0 */6 * * *', [vf], vruns, policy='Forbid', restart='Never', backoff=0, hist=(1, 1), labels={'app.kubernetes.io/component': 'backup-verify'}, age='200d')
    c.fill_opts = {'exclude': ('cnpg',)}
    c.noise_opts = {'cron': False, 'failed_job': False}
    return T(c, '', 'Our hourly invoice Postgres backups stopped two days ago; the backup freshness check is failing and no new dump has landed in Spaces since.',
             'Namespace', '', ns,
             'The billing-pg-backup CronJob (concurrencyPolicy Forbid) has had the same Job active for ~47h and logs JobAlreadyActive every hour. That Job\'s pod has pg-dump '
             'terminated with exit 0 but a linkerd-proxy sidecar still running, so the Job never completes. The sidecar was injected because the billing Namespace carries '
             'linkerd.io/inject: enabled (backup pods from before 47h ago have no proxy; billing-api was meshed at the same time). Remove the namespace-level injection (or opt the '
             'backup job out), then delete the stuck Job.')


# ============================================================================================================ k7-06
@incident('k7-06', 'project-default-node-selector-strands-db-pod', 'OpenShift (ROSA HCP)', '2024-11-06T16:05:51Z', hard=True)
def f06(c):
    platform(c, 'openshift', [('workers', 4, 'm5.2xlarge', '8', '32Gi', {})], region='us-east-2', age='260d')
    ns = 'ledger-db'
    c.ns(ns, '230d', labels={'pod-security.kubernetes.io/audit': 'restricted', 'pod-security.kubernetes.io/warn': 'restricted'},
         ann={'openshift.io/description': 'Ledger database (PostgreSQL)', 'openshift.io/display-name': 'ledger-db', 'openshift.io/requester': 'j.okafor@' + c.domain,
              'openshift.io/sa.scc.mcs': 's0:c27,c14', 'openshift.io/sa.scc.supplemental-groups': '1000720000/10000', 'openshift.io/sa.scc.uid-range': '1000720000/10000',
              'openshift.io/node-selector': 'node-role.kubernetes.io/infra='})
    msg = "0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling."
    prim, reads = tier_pg_bitnami(c, ns, 'ledger', age='220d', size='200Gi', sc='gp3-csi', states=[('pending', msg)], replicas=1, pod_ages=['34m'], mem='4Gi')
    p = prim[0]
    p['spec']['nodeSelector'] = {'node-role.kubernetes.io/infra': ''}
    pvc, pv = pvc_pv(c, ns, 'data-ledger-postgresql-primary-0')
    z = list(c.nodes.values())[0]['zone']
    pv['spec']['nodeAffinity'] = {'required': {'nodeSelectorTerms': [{'matchExpressions': [{'key': 'topology.ebs.csi.aws.com/zone', 'operator': 'In', 'values': [z]}]}]}}
    for q in prim + reads:
        q['metadata'].setdefault('annotations', {})['openshift.io/scc'] = 'restricted-v2'
    fsched(c, p, msg, '34m', 12)
    ip = svc_ip(c, ns, 'ledger-postgresql-primary')
    ensure_ns(c, 'ledger', '230d')
    _, _, aps = app(c, 'ledger', 'ledger-api', 'image-registry.openshift-image-registry.svc:5000/ledger/ledger-api:2.9.4', replicas=3,
                    env=[E('PGHOST', 'ledger-postgresql-primary.ledger-db.svc'), E('PGUSER', 'ledger'), E('PGPASSWORD', secret='ledger-db-credentials', key='password')],
                    states=[[old_restart(c, '6d', 1)]] + crashes(c, 'time="2024-11-06T16:0%dZ" level=fatal msg="startup: ping database" error="failed to connect to `host=ledger-postgresql-primary.ledger-db.svc user=ledger database=ledger`: dial error (dial tcp %s:5432: connect: connection refused)"' % (c.rng.randint(0, 4), ip), 2, (9, 12)),
                    pod_ages=['6d', '33m', '33m'], rs_age='6d1h')
    c.secret('ledger', 'ledger-db-credentials', ['password', 'username'], age='220d')
    for a in aps[1:]:
        bo(c, a, 'ledger-api', '30m')
    _, _, lws = app(c, 'ledger', 'ledger-reconciler', 'image-registry.openshift-image-registry.svc:5000/ledger/ledger-reconciler:2.9.4', replicas=2, port=None,
                    env=[E('PGHOST', 'ledger-postgresql-primary.ledger-db.svc'), E('PGPASSWORD', secret='ledger-db-credentials', key='password')],
                    states=crashes(c, 'time="2024-11-06T16:0%dZ" level=fatal msg="cannot start reconciler" error="dial tcp %s:5432: connect: connection refused"' % (c.rng.randint(0, 4), ip), 2, (9, 12)),
                    pod_ages=['33m', '33m'], rs_age='12d')
    for a in lws:
        bo(c, a, 'ledger-reconciler', '30m')
    tier_redis(c, 'ledger', 'ledger-cache', replicas=1, sc='gp3-csi')
    ensure_ns(c, 'risk-db', '200d')
    tier_cnpg(c, 'risk-db', 'risk-pg', instances=2, sc='gp3-csi', size='50Gi')
    c.fill_opts = {'exclude': ('cnpg', 'cache')}
    return T(c, '', 'Ledger Postgres primary did not come back after this afternoon\'s node updates; it has been Pending for half an hour and ledger-api is failing.',
             'Namespace', '', ns,
             'ledger-postgresql-primary-0 is Pending because no node matches its nodeSelector node-role.kubernetes.io/infra="" - a selector that is not in the StatefulSet template. '
             'It is injected by the project default node selector annotation openshift.io/node-selector on the ledger-db Namespace; the cluster has no infra nodes, so every pod '
             're-created in that project (here after the node drain) is unschedulable while the older read replica pod has no such selector. Remove or correct the namespace '
             'annotation, then delete the pending pod so it is recreated.')


# ============================================================================================================ k7-07
@incident('k7-07', 'replacement-node-missing-pool-label', 'kubeadm (vSphere, Calico)', '2025-01-14T10:22:09Z')
def f07(c):
    kubeadm_cluster(c, [('general', 3, None, '8', '32Gi', {'names': ['k8s-app-01', 'k8s-app-02', 'k8s-app-03']}),
                        ('db', 3, None, '16', '64Gi', {'names': ['k8s-db-01', 'k8s-db-03', 'k8s-db-04'], 'ages': ['410d', '410d', '21h'], 'unlabeled': [2]})],
                    cni='calico', net='10.40.12.')
    ns = 'timeseries'
    ensure_ns(c, ns, '380d')
    c.helm(ns, 'metrics', age='60d')
    sel = sel_of('cassandra', 'metrics')
    lab = helm_labels('cassandra', 'metrics', 'cassandra-11.3.7', '4.1.5')
    c.secret(ns, 'metrics-cassandra', ['cassandra-password'], labels=lab, age='370d')
    c.sa(ns, 'metrics-cassandra', labels=lab, automount=False, age='370d')
    msg = ("0/7 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match pod anti-affinity rules, "
           "4 node(s) didn't match Pod's node affinity/selector. preemption: 0/7 nodes are available: 2 No preemption victims found for incoming pod, 5 Preemption is not helpful for scheduling.")
    env = [E('BITNAMI_DEBUG', 'false'), E('CASSANDRA_CLUSTER_NAME', 'metrics'), E('CASSANDRA_SEEDS', 'metrics-cassandra-0.metrics-cassandra-headless.timeseries.svc.cluster.local,metrics-cassandra-1.metrics-cassandra-headless.timeseries.svc.cluster.local'),
           E('CASSANDRA_PASSWORD', secret='metrics-cassandra', key='cassandra-password'), E('POD_IP', field='status.podIP'), E('CASSANDRA_USER', 'cassandra'), E('CASSANDRA_NUM_TOKENS', '256'),
           E('CASSANDRA_DATACENTER', 'dc1'), E('CASSANDRA_ENDPOINT_SNITCH', 'SimpleSnitch'), E('CASSANDRA_RACK', 'rack1'), E('MAX_HEAP_SIZE', '8G'), E('HEAP_NEWSIZE', '2G')]
    spec = {'nodeSelector': {'workload': 'db'}, 'automountServiceAccountToken': False, 'securityContext': {'fsGroup': 1001},
            'affinity': {'podAntiAffinity': {'requiredDuringSchedulingIgnoredDuringExecution': [{'labelSelector': {'matchLabels': sel}, 'topologyKey': 'kubernetes.io/hostname'}]}}}
    w, ps = comp(c, ns, 'metrics-cassandra', 'docker.io/bitnami/cassandra:4.1.5-debian-12-r4', kind='sts', replicas=3, ports=[('intra', 7000), ('tls', 7001), ('jmx', 7199), ('cql', 9042)],
                 sel=sel, labels=lab, sa='metrics-cassandra', env=env, r=res('2', '16Gi', '4', '16Gi'),
                 ready=probe('exec', cmd=['/bin/bash', '-ec', 'nodetool status | grep -E "^UN\\\\s+${POD_IP}"\n'], delay=60, period=10, timeout=30, fail=5),
                 live=probe('exec', cmd=['/bin/bash', '-ec', 'nodetool info | grep "Native Transport active: true"\n'], delay=60, period=30, timeout=30, fail=5),
                 vct=[{'name': 'data', 'size': '1Ti', 'sc': 'vsphere-ssd', 'labels': sel}], mounts=[('data', '/bitnami/cassandra')], spec=spec, age='370d',
                 nodes=['k8s-db-01', None, 'k8s-db-03'], states=[[old_restart(c, '41d', 1, 'Error', 143)], ('pending', msg), [run('41d')]], pod_ages=['41d', '20h58m', '41d'],
                 svc=False, sts_svc='metrics-cassandra-headless', pmp='OrderedReady')
    w['spec']['template']['spec']['containers'][0]['name'] = 'cassandra'
    for p in ps:
        p['spec']['containers'][0]['name'] = 'cassandra'
        for cs in p['status'].get('containerStatuses', []):
            cs['name'] = 'cassandra'
    c.svc(ns, 'metrics-cassandra', sel, [('cql', 9042, 'cql')], labels=lab, age='370d')
    c.svc(ns, 'metrics-cassandra-headless', sel, [('intra', 7000, 7000), ('tls', 7001, 7001), ('jmx', 7199, 7199), ('cql', 9042, 9042)], headless=True, pnr=True, labels=lab, age='370d')
    pvc, _ = pvc_pv(c, ns, 'data-metrics-cassandra-1')
    pvc['metadata']['annotations']['volume.kubernetes.io/selected-node'] = 'k8s-db-02'
    fsched(c, ps[1], msg, '20h58m', 412)
    app(c, ns, 'metrics-ingest', 'registry.%s/observability/metrics-ingest:1.14.3' % c.domain, replicas=2,
        env=[E('CASSANDRA_CONTACT_POINTS', 'metrics-cassandra.timeseries.svc'), E('CASSANDRA_CONSISTENCY', 'LOCAL_QUORUM'), E('CASSANDRA_PASSWORD', secret='metrics-cassandra', key='cassandra-password')], age='300d')
    c.fill_opts = {'exclude': ('cnpg',), 'prefer': ('monitoring',)}
    return T(c, '', 'Cassandra ring for the metrics store has been running on two of three nodes since yesterday\'s hardware swap; one Cassandra pod stays Pending.',
             'Node', '', 'k8s-db-04',
             'metrics-cassandra-1 is Pending: the StatefulSet requires nodeSelector workload=db plus one pod per host. k8s-db-01 and k8s-db-03 already run the other two members; '
             'k8s-db-04, which joined 21h ago to replace the retired k8s-db-02 (still named in the PVC selected-node annotation), was never given the workload=db label that the '
             'other database nodes carry, so the scheduler reports 4 nodes not matching the selector. Label the new node (kubectl label node k8s-db-04 workload=db).')


# ============================================================================================================ k7-08
@incident('k7-08', 'sysctl-daemonset-misses-new-node-pool', 'GKE', '2024-05-28T13:44:02Z', hard=True)
def f08(c):
    platform(c, 'gke', [('default-pool', 3, 'e2-standard-8', '8', '32Gi', {}), ('es-pool-v2', 3, 'n2-highmem-4', '4', '32Gi', {'ages': ['6h', '6h', '6h']})],
             region='europe-west4', age='500d')
    ns = 'logging-es'
    msg = ('{"@timestamp":"2024-05-28T13:4%d:1%d.118Z", "log.level":"ERROR", "message":"node validation exception\\n[1] bootstrap checks failed. You must address the points described in the following [1] lines before starting Elasticsearch. '
           'For more information see [https://www.elastic.co/guide/en/elasticsearch/reference/8.14/bootstrap-checks.html]\\nbootstrap check failure [1] of [1]: max virtual memory areas vm.max_map_count [65530] is too low, increase to at least [262144]; '
           'for more information see [https://www.elastic.co/guide/en/elasticsearch/reference/8.14/_maximum_map_count_check.html]", "ecs.version": "1.2.0","service.name":"ES_ECS","event.dataset":"elasticsearch.server",'
           '"process.thread.name":"main","log.logger":"org.elasticsearch.bootstrap.Elasticsearch","elasticsearch.node.name":"logs-es-default-%d","elasticsearch.cluster.name":"logs"}\n'
           'ERROR: Elasticsearch did not exit normally - check the logs at /usr/share/elasticsearch/logs/logs.log\n')
    es_nodes = [n for n, i in c.nodes.items() if i['pool'] == 'es-pool-v2']
    st = [crashes(c, msg % (c.rng.randint(0, 3), c.rng.randint(0, 9), i), 1, (33, 38), 78)[0] for i in range(3)]
    pods, kp = tier_es(c, ns, 'logs', nodes_n=3, size='500Gi', sc='premium-rwo', pool='es-pool-v2', nodes=es_nodes, states=st, pod_ages=['3h2m', '3h1m', '3h'])
    for p in pods:
        bo(c, p, 'elasticsearch', '2h58m')
    c.get('statefulsets', ns, 'logs-es-default')['spec']['template']['spec']['nodeSelector'] = {'cloud.google.com/gke-nodepool': 'es-pool-v2'}
    for i, n in enumerate(es_nodes):
        pvc, pv = pvc_pv(c, ns, 'elasticsearch-data-logs-es-default-%d' % i)
    kpod = kp[0]
    kpod['status']['containerStatuses'][0]['ready'] = False
    for cd in kpod['status']['conditions']:
        if cd['type'] in ('Ready', 'ContainersReady'):
            cd.update({'status': 'False', 'reason': 'ContainersNotReady', 'message': 'containers with unready status: [kibana]', 'lastTransitionTime': c.t('2h59m')})
    c.pev(kpod, 'Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503', count=1050, first='2h59m', last='7s', ctr_name='kibana')
    dsel = {'app': 'max-map-count-setter'}
    c.sa(ns, 'max-map-count-setter', age='410d')
    c.ds(ns, 'max-map-count-setter', [ctr('sleep', 'registry.k8s.io/pause:3.9', r=res('10m', '8Mi', '10m', '8Mi'))], dsel, labels={'app': 'max-map-count-setter', 'app.kubernetes.io/part-of': 'logging-es'},
         nodes=[], age='410d', node_selector={'cloud.google.com/gke-nodepool': 'es-pool'}, sa='max-map-count-setter',
         init=[ctr('max-map-count-setter', 'docker.io/bash:5.2.26', command=['/usr/local/bin/bash', '-e', '-c', 'echo 262144 > /proc/sys/vm/max_map_count'], sc={'privileged': True, 'runAsUser': 0}, r=res('10m', '8Mi'))],
         tolerations=[{'effect': 'NoSchedule', 'key': 'dedicated', 'operator': 'Equal', 'value': 'elasticsearch'}])
    fsel = {'app.kubernetes.io/instance': 'fluent-bit', 'app.kubernetes.io/name': 'fluent-bit'}
    c.svc(ns, 'logs-ingest', fsel, [('http', 2020, 2020)], age='400d')
    tier_redis(c, 'cache', 'cache', replicas=2, sc='standard-rwo')
    tier_cnpg(c, 'orders', 'orders-db', instances=2, sc='premium-rwo', size='80Gi')
    c.fill_opts = {'exclude': ('search', 'cache', 'cnpg')}
    c.noise_opts = {'evicted': True}
    return T(c, '', 'The logging Elasticsearch cluster is completely down since we moved it to the new node pool this morning; all three ES pods crash-loop and Kibana is unavailable.',
             'DaemonSet', ns, 'max-map-count-setter',
             'All logs-es-default pods exit 78 with the bootstrap check "vm.max_map_count [65530] is too low, increase to at least [262144]". ECK is not setting the sysctl itself '
             '(no sysctl init container); it is done per node by the max-map-count-setter DaemonSet, whose nodeSelector still targets cloud.google.com/gke-nodepool=es-pool - the '
             'old pool - so it has 0 pods while Elasticsearch now runs on es-pool-v2. Update the DaemonSet nodeSelector (and toleration) to cover es-pool-v2; Kibana 503s are a consequence.')


def set_unready(c, p, age, cname=None):
    for cs in p['status']['containerStatuses']:
        if cname is None or cs['name'] == cname:
            cs['ready'] = False
    nr = [cs['name'] for cs in p['status']['containerStatuses'] if not cs['ready']]
    for cd in p['status']['conditions']:
        if cd['type'] in ('Ready', 'ContainersReady'):
            cd.update({'status': 'False', 'reason': 'ContainersNotReady', 'message': 'containers with unready status: [%s]' % ' '.join(nr), 'lastTransitionTime': c.t(age)})


# ============================================================================================================ k7-09
@incident('k7-09', 'egress-policy-blocks-patroni-kubernetes-dcs', 'EKS', '2024-12-03T10:14:40Z', hard=True)
def f09(c):
    c.eks_netpol = True
    platform(c, 'eks', [('general', 3, 'm6i.xlarge', '4', '16Gi', {}), ('db', 3, 'r6i.xlarge', '4', '32Gi', {})], region='eu-west-1', k8s='1.30', age='450d')
    ons = 'postgres-operator'
    ensure_ns(c, ons, '400d')
    c.helm(ons, 'postgres-operator', age='80d')
    osel = sel_of('postgres-operator', 'postgres-operator')
    c.sa(ons, 'postgres-operator', age='390d')
    c.deploy(ons, 'postgres-operator', 1, [ctr('postgres-operator', 'ghcr.io/zalando/postgres-operator:v1.13.0', ports=[], env=[E('POSTGRES_OPERATOR_CONFIGURATION_OBJECT', 'postgres-operator'), E('ENABLE_JSON_LOGGING', 'true')],
                                               r=res('100m', '250Mi', '500m', '500Mi'), sc={'allowPrivilegeEscalation': False, 'readOnlyRootFilesystem': True, 'runAsNonRoot': True, 'runAsUser': 1000})],
             osel, labels=helm_labels('postgres-operator', 'postgres-operator', 'postgres-operator-1.13.0', '1.13.0'), sa='postgres-operator', age='390d', old_rs=3)
    ns = 'orders'
    ensure_ns(c, ns, '380d')
    own = c.crd('acid.zalan.do/v1', 'postgresql', 'acid-orders', ns)
    c.sa(ns, 'postgres-pod', age='370d', ann={'eks.amazonaws.com/role-arn': 'arn:aws:iam::%s:role/%s-spilo-wal' % (c.aws_account, c.cluster_name)})
    for u in ('postgres', 'standby', 'orders-app'):
        c.secret(ns, '%s.acid-orders.credentials.postgresql.acid.zalan.do' % u, ['password', 'username'],
                 labels={'application': 'spilo', 'cluster-name': 'acid-orders', 'team': 'acid'}, owner=[dict(own)], age='370d')
    sel = {'application': 'spilo', 'cluster-name': 'acid-orders'}
    env = [E('SCOPE', 'acid-orders'), E('PGROOT', '/home/postgres/pgdata/pgroot'), E('POD_IP', field='status.podIP'), E('POD_NAMESPACE', field='metadata.namespace'),
           E('PGUSER_SUPERUSER', 'postgres'), E('KUBERNETES_SCOPE_LABEL', 'cluster-name'), E('KUBERNETES_ROLE_LABEL', 'spilo-role'),
           E('PGPASSWORD_SUPERUSER', secret='postgres.acid-orders.credentials.postgresql.acid.zalan.do', key='password'), E('PGUSER_STANDBY', 'standby'),
           E('PGPASSWORD_STANDBY', secret='standby.acid-orders.credentials.postgresql.acid.zalan.do', key='password'), E('PAM_OAUTH2', ''), E('HUMAN_ROLE', 'zalandos'),
           E('PGVERSION', '16'), E('KUBERNETES_LABELS', '{"application":"spilo"}'),
           E('SPILO_CONFIGURATION', '{"postgresql":{"parameters":{"shared_buffers":"2GB","max_connections":"400"}},"bootstrap":{"initdb":[{"auth-host":"md5"},{"auth-local":"trust"}],"dcs":{"ttl":30,"loop_wait":10,"retry_timeout":10,"maximum_lag_on_failover":33554432,"failsafe_mode":false}}}'),
           E('DCS_ENABLE_KUBERNETES_API', 'true'), E('WAL_S3_BUCKET', '%s-spilo-wal' % c.cluster_name), E('USE_WALG_BACKUP', 'true'), E('USE_WALG_RESTORE', 'true'), E('AWS_REGION', 'eu-west-1'),
           E('WAL_BUCKET_SCOPE_PREFIX', ''), E('WAL_BUCKET_SCOPE_SUFFIX', '')]
    co = ctr('postgres', 'ghcr.io/zalando/spilo-16:3.3-p1', ports=[('', 8008), ('', 5432), ('', 8080)], env=env, r=res('1', '4Gi', '2', '4Gi'),
             ready=probe('http', 8008, '/readiness', delay=6, period=10, timeout=5, fail=3), mounts=[('pgdata', '/home/postgres/pgdata'), ('dshm', '/dev/shm')],
             sc={'allowPrivilegeEscalation': True, 'privileged': False, 'readOnlyRootFilesystem': False})
    roles = ['master', 'replica', 'replica']
    w, pods = c.sts(ns, 'acid-orders', 3, [co], sel, 'acid-orders', labels=dict(sel, team='acid'), plabels={'team': 'acid'}, sa='postgres-pod',
                    vct=[{'name': 'pgdata', 'size': '250Gi', 'sc': 'gp3', 'labels': sel}], volumes=[{'emptyDir': {'medium': 'Memory'}, 'name': 'dshm'}],
                    owner=[dict(own)], age='370d', pool='db', pod_ages=['19d', '19d', '19d'],
                    spec={'nodeSelector': {'eks.amazonaws.com/nodegroup': 'db'}, 'terminationGracePeriodSeconds': 300, 'securityContext': {'fsGroup': 103},
                          'affinity': {'podAntiAffinity': {'requiredDuringSchedulingIgnoredDuringExecution': [{'labelSelector': {'matchLabels': sel}, 'topologyKey': 'kubernetes.io/hostname'}]}}},
                    pod_ann={'status': '{"conn_url":"postgres://10.0.1.1:5432/postgres","api_url":"http://10.0.1.1:8008/patroni","state":"running","role":"replica","version":"3.3.2"}'})
    for i, p in enumerate(pods):
        p['metadata']['labels']['spilo-role'] = roles[i]
        p['metadata']['annotations']['status'] = '{"conn_url":"postgres://%s:5432/postgres","api_url":"http://%s:8008/patroni","state":"running","role":"%s","version":"3.3.2","xlog_location":%d,"timeline":5}' % (
            p['status']['podIP'], p['status']['podIP'], roles[i], 81432910048 + i * 512)
        set_unready(c, p, '1h57m')
        c.pev(p, 'Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503', count=c.rng.randint(690, 705), first='1h57m', last='%ds' % c.rng.randint(2, 9), ctr_name='postgres')
    c.svc(ns, 'acid-orders', None, [('postgresql', 5432, 5432)], labels={'application': 'spilo', 'cluster-name': 'acid-orders', 'spilo-role': 'master', 'team': 'acid'}, age='370d', owner=[dict(own)])
    c.svc(ns, 'acid-orders-repl', dict(sel, **{'spilo-role': 'replica'}), [('postgresql', 5432, 5432)], labels={'application': 'spilo', 'cluster-name': 'acid-orders', 'spilo-role': 'replica', 'team': 'acid'}, age='370d', owner=[dict(own)])
    c.svc(ns, 'acid-orders-config', None, [], headless=True, labels={'application': 'spilo', 'cluster-name': 'acid-orders'}, age='370d', owner=[dict(own)])
    ep = c.endpoints(ns, 'acid-orders', [pods[0]['status']['podIP']], [('postgresql', 5432)], labels={'application': 'spilo', 'cluster-name': 'acid-orders', 'spilo-role': 'master', 'team': 'acid'}, age='370d')
    ep['metadata']['annotations'] = {'acquireTime': c.tmicro('19d'), 'leader': 'acid-orders-0', 'optime': '81432910048', 'renewTime': c.tmicro('1h58m12s'), 'transitions': '7', 'ttl': '30'}
    ep2 = c.endpoints(ns, 'acid-orders-config', [], [], labels={'application': 'spilo', 'cluster-name': 'acid-orders'}, age='370d')
    ep2['metadata']['annotations'] = {'config': '{"loop_wait":10,"maximum_lag_on_failover":33554432,"postgresql":{"parameters":{"max_connections":400,"shared_buffers":"2GB"}},"retry_timeout":10,"ttl":30}', 'initialize': '7311028649119715370', 'history': '[[1,25165984,"no recovery target specified","2024-01-05T09:12:44+00:00","acid-orders-1"],[6,81101205872,"no recovery target specified","2024-11-14T03:10:08+00:00","acid-orders-0"]]'}
    c.mirror_skip.add((ns, 'acid-orders-config'))
    c.np(ns, 'restrict-egress', {'egress': [
        {'ports': [{'port': 53, 'protocol': 'UDP'}, {'port': 53, 'protocol': 'TCP'}], 'to': [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': 'kube-system'}}, 'podSelector': {'matchLabels': {'k8s-app': 'kube-dns'}}}]},
        {'to': [{'podSelector': {}}]},
        {'ports': [{'port': 443, 'protocol': 'TCP'}], 'to': [{'ipBlock': {'cidr': '0.0.0.0/0', 'except': ['10.0.0.0/8', '169.254.169.254/32']}}]}],
        'podSelector': {}, 'policyTypes': ['Egress']}, age='1h59m', labels={'app.kubernetes.io/managed-by': 'argocd', 'security.%s/baseline' % c.domain: 'egress'},
        ann={'argocd.argoproj.io/tracking-id': 'orders-platform:networking.k8s.io/NetworkPolicy:orders/restrict-egress'})
    c.np(ns, 'allow-app-to-postgres', {'ingress': [{'from': [{'podSelector': {'matchLabels': {'app.kubernetes.io/part-of': 'orders'}}}], 'ports': [{'port': 5432, 'protocol': 'TCP'}]},
                                                   {'from': [{'podSelector': {'matchLabels': sel}}]}],
                                       'podSelector': {'matchLabels': sel}, 'policyTypes': ['Ingress']}, age='200d')
    app(c, ns, 'orders-api', '%s.dkr.ecr.eu-west-1.amazonaws.com/orders/orders-api:7.4.1' % c.aws_account, replicas=3, team='orders',
        env=[E('PGHOST', 'acid-orders'), E('PGHOST_RO', 'acid-orders-repl'), E('PGUSER', 'orders_app'), E('PGPASSWORD', secret='orders-app.acid-orders.credentials.postgresql.acid.zalan.do', key='password')], age='360d')
    _, _, wps = app(c, ns, 'order-processor', '%s.dkr.ecr.eu-west-1.amazonaws.com/orders/order-processor:7.4.1' % c.aws_account, replicas=2, team='orders', port=None,
                    env=[E('PGHOST', 'acid-orders'), E('PGUSER', 'orders_app'), E('PGPASSWORD', secret='orders-app.acid-orders.credentials.postgresql.acid.zalan.do', key='password')], age='360d',
                    states=crashes(c, '2024-12-03T10:1%d:2%d.114Z ERROR processor/loop.go:142 commit batch failed {"batch": 5531, "error": "ERROR: cannot execute INSERT in a read-only transaction (SQLSTATE 25006)"}\npanic: unrecoverable database error\n' % (c.rng.randint(0, 3), c.rng.randint(0, 9)), 2, (18, 24)),
                    pod_ages=['4d', '4d'])
    for p in wps:
        bo(c, p, 'order-processor', '1h50m')
    c.fill_opts = {'exclude': ('cnpg',), 'prefer': ('gitops',)}
    return T(c, '', 'Orders Postgres went read-only about two hours ago: writes fail with "cannot execute INSERT in a read-only transaction" and all database pods show 0/1 ready.',
             'NetworkPolicy', ns, 'restrict-egress',
             'The Zalando/Patroni cluster uses the Kubernetes API as DCS (DCS_ENABLE_KUBERNETES_API=true). Patroni last renewed the leader lock at the acid-orders Endpoints renewTime ~1h58m ago, '
             'exactly when the restrict-egress NetworkPolicy (podSelector {}, Egress) was created in the namespace: it only allows DNS, in-namespace pods and 443 to 0.0.0.0/0 except 10.0.0.0/8, '
             'which excludes the API server endpoints (default/kubernetes -> 10.0.x.x:443). The leader demoted itself and no member can take the lock, so /readiness returns 503 on all three '
             'pods and writes fail. Allow egress to the API server endpoints (or exempt application=spilo pods) in that policy.')


# ============================================================================================================ k7-10
@incident('k7-10', 'ingress-policy-blocks-replica-set-peers', 'AKS', '2024-10-22T15:13:37Z', hard=True)
def f10(c):
    platform(c, 'aks', [('system', 2, 'Standard_D4s_v5', '4', '16Gi', {'mode': 'System'}), ('apps', 3, 'Standard_E4s_v5', '4', '32Gi', {})], region='westeurope', age='350d')
    sysds(c, 'kube-system', 'azure-npm', [ctr('azure-npm', 'mcr.microsoft.com/containernetworking/azure-npm:v1.5.34', r=res('250m', '300Mi', '250m', '1000Mi'),
                                              env=[E('HOSTNAME', field='spec.nodeName'), E('NPM_CONFIG', '/etc/azure-npm/azure-npm.json')], sc={'privileged': True},
                                              mounts=[('log', '/var/log'), ('xtables-lock', '/run/xtables.lock'), ('protocols', '/etc/protocols'), ('azure-npm-config', '/etc/azure-npm')])],
          {'k8s-app': 'azure-npm'}, labels={'addonmanager.kubernetes.io/mode': 'Reconcile', 'k8s-app': 'azure-npm'}, sa='azure-npm', hostnet=True,
          volumes=[vol_host('log', '/var/log', 'Directory'), vol_host('xtables-lock', '/run/xtables.lock', 'File'), vol_host('protocols', '/etc/protocols', 'File'), vol_cm('azure-npm-config', 'azure-npm-config')])
    c.cm('kube-system', 'azure-npm-config', {'azure-npm.json': '{\n    "ResyncPeriodInMinutes": 15,\n    "ListeningPort": 10091,\n    "ListeningAddress": "0.0.0.0",\n    "Toggles": {\n        "EnablePrometheusMetrics": true,\n        "EnablePprof": true,\n        "EnableHTTPDebugAPI": true,\n        "EnableV2NPM": true,\n        "PlaceAzureChainFirst": true\n    }\n}'}, age=c.cluster_age)
    apps_nodes = [n for n, i in c.nodes.items() if i['pool'] == 'apps']
    for n in apps_nodes[1:]:
        o = c.nodes[n]['obj']
        o['metadata']['labels']['kubernetes.azure.com/node-image-version'] = 'AKSUbuntu-2204gen2containerd-202410.09.0'
        for cd in o['status']['conditions']:
            if cd['type'] == 'Ready':
                cd['lastTransitionTime'] = c.t('53m')
        o['status']['nodeInfo']['bootID'] = c.uid()
        c.ev(o, 'Rebooted', 'Node %s has been rebooted, boot id: %s' % (n, o['status']['nodeInfo']['bootID']), 'Warning', 1, '54m', comp='kubelet', host=n)
        c.ev(o, 'NodeReady', 'Node %s status is now: NodeReady' % n, 'Normal', 1, '53m', comp='kubelet', host=n)
    ns = 'shop-db'
    ensure_ns(c, ns, '300d')
    msg = ('mongodb 15:0%d:02.47 INFO  ==> \nmongodb 15:0%d:02.47 INFO  ==> Welcome to the Bitnami mongodb container\nmongodb 15:0%d:02.53 INFO  ==> ** Starting MongoDB setup **\n'
           'mongodb 15:0%d:02.56 INFO  ==> Validating settings in MONGODB_* env vars...\nmongodb 15:0%d:02.68 INFO  ==> Initializing MongoDB...\nmongodb 15:0%d:02.73 INFO  ==> Writing keyfile for replica set authentication...\n'
           'mongodb 15:0%d:02.74 INFO  ==> Deploying MongoDB with persisted data...\nmongodb 15:0%d:02.77 INFO  ==> Configuring MongoDB replica set...\nmongodb 15:0%d:02.78 INFO  ==> Stopping MongoDB...\n'
           'mongodb 15:0%d:04.91 INFO  ==> Trying to connect to MongoDB server shop-mongodb-0.shop-mongodb-headless.shop-db.svc.cluster.local...\nmongodb 15:0%d:05.02 ERROR ==> Cannot connect to MongoDB server. Exiting...\n')
    st = [[run('21d')]] + [crashes(c, msg % tuple([k] * 10 + [k + 2]), 1, (9, 11))[0] for k in (3, 5)]
    w, pods = tier_mongo(c, ns, 'shop', replicas=3, size='128Gi', sc='managed-csi-premium', states=st, pool='apps', nodes=apps_nodes, pod_ages=['21d', '52m', '52m'])
    for p in pods[1:]:
        bo(c, p, 'mongodb', '45m')
    c.np(ns, 'allow-storefront-to-mongodb', {'ingress': [{'from': [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': 'shop'}}}], 'ports': [{'port': 27017, 'protocol': 'TCP'}]}],
                                             'podSelector': {'matchLabels': {'app.kubernetes.io/name': 'mongodb'}}, 'policyTypes': ['Ingress']}, age='3h12m',
         ann={'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"networking.k8s.io/v1","kind":"NetworkPolicy","metadata":{"annotations":{},"name":"allow-storefront-to-mongodb","namespace":"shop-db"},"spec":{"ingress":[{"from":[{"namespaceSelector":{"matchLabels":{"kubernetes.io/metadata.name":"shop"}}}],"ports":[{"port":27017,"protocol":"TCP"}]}],"podSelector":{"matchLabels":{"app.kubernetes.io/name":"mongodb"}},"policyTypes":["Ingress"]}}\n'})
    ensure_ns(c, 'shop', '300d')
    c.secret('shop', 'storefront-mongo', ['uri'], age='290d')
    serr = ('MongoServerSelectionError: Server selection timed out after 30000 ms\n    at EventTarget.<anonymous> (/app/node_modules/mongodb/lib/sdam/topology.js:303:34)\n    at [kOnTimeout] (/app/node_modules/mongodb/lib/sdam/topology.js:... )\n'
            '  reason: TopologyDescription { type: \'ReplicaSetNoPrimary\', setName: \'rs0\', maxElectionId: null, maxSetVersion: 3, servers: Map(3) }\n')
    _, _, sps = app(c, 'shop', 'storefront', 'shopwaveacr.azurecr.io/shop/storefront:3.22.0', replicas=3, port=3000, env=[E('MONGODB_URI', secret='storefront-mongo', key='uri')],
                    states=[[old_restart(c, '9d', 1)]] + crashes(c, serr, 2, (7, 9)), pod_ages=['9d', '48m', '48m'])
    for p in sps[1:]:
        bo(c, p, 'storefront', '44m')
    c.np('shop', 'default-deny-ingress', {'podSelector': {}, 'policyTypes': ['Ingress']}, age='280d')
    c.np('shop', 'allow-ingress-nginx', {'ingress': [{'from': [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': 'ingress-nginx'}}}]}], 'podSelector': {'matchLabels': {'app.kubernetes.io/name': 'storefront'}}, 'policyTypes': ['Ingress']}, age='280d')
    tier_redis(c, 'shop', 'cart', replicas=1, sc='managed-csi-premium')
    c.fill_opts = {'exclude': ('catalog', 'cache'), 'prefer': ('ingress',)}
    return T(c, '', 'Shop MongoDB lost its primary after this afternoon\'s AKS node image upgrade: two members crash-loop with "Cannot connect to MongoDB server" and the storefront is down.',
             'NetworkPolicy', ns, 'allow-storefront-to-mongodb',
             'shop-mongodb-1/2 were recreated by the node upgrade (52m ago) and exit while waiting for shop-mongodb-0 ("Cannot connect to MongoDB server"); without them the last member '
             'cannot keep a majority, so the set has no primary. The NetworkPolicy allow-storefront-to-mongodb, applied 3h ago, selects all mongodb pods and only allows ingress from the '
             'shop namespace on 27017 - it does not allow the replica set members (same namespace) to talk to each other. Existing member connections survived until the restart. '
             'Add an ingress rule allowing podSelector app.kubernetes.io/name=mongodb (same namespace). The node upgrade is a red herring.')


def patch_msg(p, fmt):
    """format lastState termination message with the pod's IP"""
    for cs in p['status'].get('containerStatuses', []):
        t = cs.get('lastState', {}).get('terminated')
        if t and t.get('message'):
            t['message'] = t['message'].replace('{POD_IP}', p['status'].get('podIP', ''))


# ============================================================================================================ k7-11
@incident('k7-11', 'pg-hba-cidr-misses-new-node-pod-range', 'DOKS', '2024-08-08T19:40:26Z', hard=True)
def f11(c):
    platform(c, 'doks', [('pool-main', 4, 's-4vcpu-8gb', '4', '8Gi', {'ages': ['340d', '340d', '340d', '5h52m']})], region='fra1', age='345d')
    nodes = list(c.nodes)
    ns = 'accounts'
    ensure_ns(c, ns, '320d')
    hba = ('# managed by dba team - only the pod network may connect\nlocal   all             all                                     trust\nhost    all             all             127.0.0.1/32            trust\n'
           'host    all             all             ::1/128                 trust\nhost    all             all             10.244.0.0/22           scram-sha-256\n'
           'host    replication     repl_user       10.244.0.0/22           scram-sha-256\n')
    tier_pg_bitnami(c, ns, 'accounts', age='310d', size='100Gi', sc='do-block-storage', hba=hba, cm_name='accounts-postgresql-configuration', nodes=[nodes[1]])
    ip = svc_ip(c, ns, 'accounts-postgresql')
    err = ('Traceback (most recent call last):\n  File "/app/accounts/db.py", line 41, in connect\n    return psycopg2.connect(dsn, connect_timeout=5)\n'
           'psycopg2.OperationalError: connection to server at "accounts-postgresql.accounts.svc.cluster.local" (%s), port 5432 failed: FATAL:  no pg_hba.conf entry for host "{POD_IP}", user "accounts", database "accounts", no encryption\n' % ip)
    st = [[run('6d')], [run('6d')], crashes(c, err, 1, (60, 70))[0], crashes(c, err, 1, (60, 70))[0]]
    _, _, aps = app(c, ns, 'accounts-api', 'registry.digitalocean.com/%s/accounts-api:2.31.0' % c.domain.split('.')[0], replicas=4, nodes=[nodes[0], nodes[2], nodes[3], nodes[3]],
                    env=[E('DATABASE_HOST', 'accounts-postgresql.accounts.svc.cluster.local'), E('DATABASE_USER', 'accounts'), E('DATABASE_PASSWORD', secret='accounts-postgresql', key='password')],
                    states=st, pod_ages=['6d', '6d', '5h40m', '5h38m'], rs_age='6d1h', age='300d')
    for p in aps[2:]:
        patch_msg(p, None)
        bo(c, p, 'accounts-api', '5h35m', count=c.rng.randint(1400, 1600))
    _, _, wps = app(c, ns, 'accounts-sync', 'registry.digitalocean.com/%s/accounts-sync:2.31.0' % c.domain.split('.')[0], replicas=2, port=None, nodes=[nodes[3], nodes[0]],
                    env=[E('DATABASE_HOST', 'accounts-postgresql.accounts.svc.cluster.local'), E('DATABASE_USER', 'accounts'), E('DATABASE_PASSWORD', secret='accounts-postgresql', key='password')],
                    states=[crashes(c, err.replace('/app/accounts/db.py', '/app/sync/db.py'), 1, (60, 70))[0], [run('6d')]], pod_ages=['5h39m', '6d'], rs_age='6d1h', age='300d')
    patch_msg(wps[0], None)
    bo(c, wps[0], 'accounts-sync', '5h35m', count=1450)
    c.fill_opts = {'exclude': ('cnpg',)}
    return T(c, '', 'Some accounts-api pods fail to log in to the accounts Postgres with "no pg_hba.conf entry for host" while other replicas of the same deployment work fine.',
             'ConfigMap', ns, 'accounts-postgresql-configuration',
             'Only pods scheduled on the node added by the autoscaler ~6h ago fail: that node got podCIDR 10.244.4.0/24, and the pg_hba.conf in ConfigMap accounts-postgresql-configuration '
             'only admits 10.244.0.0/22 (10.244.0.0-10.244.3.255, the ranges of the original three nodes). Pods on the older nodes connect fine. Widen the host rules to the cluster pod CIDR '
             '(10.244.0.0/16) and reload Postgres.')


# ============================================================================================================ k7-12
@incident('k7-12', 'postgres-huge-pages-on-without-hugepages', 'k3s (Civo)', '2025-02-19T07:58:14Z')
def f12(c):
    platform(c, 'k3s', [('pool-a', 3, 'g4s.kube.large', '4', '8Gi', {}), ('pool-db', 1, 'g4s.kube.xlarge', '6', '16Gi', {})], region='FRA1', age='290d', k8s='1.29')
    ns = 'community'
    ensure_ns(c, ns, '270d')
    conf = ('# tuned 2025-02 for larger forum dataset\nshared_buffers = 3GB\neffective_cache_size = 9GB\nhuge_pages = on\nwork_mem = 16MB\nmaintenance_work_mem = 512MB\n'
            'max_connections = 200\nwal_buffers = 16MB\ncheckpoint_completion_target = 0.9\nrandom_page_cost = 1.1\n')
    err = ('postgresql 07:5%d:31.06 INFO  ==> ** Starting PostgreSQL setup **\npostgresql 07:5%d:31.13 INFO  ==> Validating settings in POSTGRESQL_* env vars..\n'
           'postgresql 07:5%d:31.16 INFO  ==> Loading custom pg_hba.conf file\npostgresql 07:5%d:31.19 INFO  ==> Deploying PostgreSQL with persisted data...\n'
           'postgresql 07:5%d:31.31 INFO  ==> ** PostgreSQL setup finished! **\npostgresql 07:5%d:31.36 INFO  ==> ** Starting PostgreSQL **\n'
           '2025-02-19 07:5%d:31.402 GMT [1] FATAL:  could not map anonymous shared memory: Cannot allocate memory\n'
           '2025-02-19 07:5%d:31.402 GMT [1] HINT:  This error usually means that PostgreSQL\'s request for a shared memory segment exceeded available memory, swap space, or huge pages. '
           'To reduce the request size (currently 3343155200 bytes), reduce PostgreSQL\'s shared memory usage, perhaps by reducing shared_buffers or max_connections.\n'
           '2025-02-19 07:5%d:31.404 GMT [1] LOG:  database system is shut down\n') % tuple([4] * 9)
    dbnode = [n for n, i in c.nodes.items() if i['pool'] == 'pool-db'][0]
    pods, _ = tier_pg_bitnami(c, ns, 'forum', age='260d', size='80Gi', sc='local-path', extra_conf=conf, nodes=[dbnode], states=crashes(c, err, 1, (14, 16)), pod_ages=['57m'], mem='12Gi')
    bo(c, pods[0], 'postgresql', '55m')
    c.helm(ns, 'forum', age='58m', version=9)
    w = c.get('statefulsets', ns, 'forum-postgresql')
    w['spec']['template']['metadata'].setdefault('annotations', {})['checksum/extended-configuration'] = c.hx(64)
    pods[0]['metadata'].setdefault('annotations', {})['checksum/extended-configuration'] = w['spec']['template']['metadata']['annotations']['checksum/extended-configuration']
    ip = svc_ip(c, ns, 'forum-postgresql')
    derr = ('I, [2025-02-19T07:5%d:12.004412 #7]  INFO -- : Refreshing Gem list\nrake aborted!\nPG::ConnectionBad: connection to server at "%s", port 5432 failed: Connection refused\n'
            '\tIs the server running on that host and accepting TCP/IP connections?\n/var/www/discourse/vendor/bundle/ruby/3.3.0/gems/pg-1.5.4/lib/pg/connection.rb:701:in `async_connect_or_reset\'\n') % (c.rng.randint(0, 7), ip)
    _, _, dps = app(c, ns, 'discourse', 'docker.io/bitnami/discourse:3.3.2-debian-12-r2', replicas=2, port=3000,
                    env=[E('DISCOURSE_DATABASE_HOST', 'forum-postgresql'), E('DISCOURSE_DATABASE_PASSWORD', secret='forum-postgresql', key='password'), E('DISCOURSE_REDIS_HOST', 'forum-redis-master')],
                    states=crashes(c, derr, 2, (11, 14)), pod_ages=['56m', '56m'], rs_age='56m')
    for p in dps:
        bo(c, p, 'discourse', '52m')
    _, _, sps = app(c, ns, 'discourse-sidekiq', 'docker.io/bitnami/discourse:3.3.2-debian-12-r2', replicas=2, port=None,
                    env=[E('DISCOURSE_DATABASE_HOST', 'forum-postgresql'), E('DISCOURSE_DATABASE_PASSWORD', secret='forum-postgresql', key='password'), E('DISCOURSE_REDIS_HOST', 'forum-redis-master')],
                    states=crashes(c, derr.replace('Refreshing Gem list', 'Starting sidekiq'), 2, (11, 14)), pod_ages=['56m', '56m'], rs_age='56m')
    for p in sps:
        bo(c, p, 'discourse-sidekiq', '52m')
    tier_redis(c, ns, 'forum', replicas=1, sc='local-path', mem='512Mi')
    app(c, ns, 'forum-imgproxy', 'darthsim/imgproxy:v3.25.0', replicas=2, env=[E('IMGPROXY_MAX_SRC_RESOLUTION', '50')])
    c.fill_opts = {'exclude': ('cache',)}
    return T(c, '', 'Community forum Postgres crash-loops since this morning\'s tuning change and Discourse is down.',
             'ConfigMap', ns, 'forum-postgresql-extended-configuration',
             'forum-postgresql-0 exits at startup with "FATAL: could not map anonymous shared memory: Cannot allocate memory" for a 3.3 GB request. The extended configuration ConfigMap '
             'mounted into conf.d sets huge_pages = on (with shared_buffers = 3GB); the pod requests no hugepages-2Mi and the node reports 0 hugepages allocatable, so Postgres cannot '
             'map its shared memory. Set huge_pages = try (or off) in that ConfigMap, or provision huge pages and request them. Discourse failures are a consequence.')


# ============================================================================================================ k7-13
@incident('k7-13', 'proxysql-writer-hostgroup-points-at-replica', 'AKS', '2024-06-26T12:20:48Z')
def f13(c):
    platform(c, 'aks', [('system', 2, 'Standard_D4s_v5', '4', '16Gi', {'mode': 'System'}), ('user', 3, 'Standard_D8s_v5', '8', '32Gi', {})], region='northeurope', age='420d')
    ns = 'orders'
    ensure_ns(c, ns, '400d')
    tier_mysql(c, ns, 'orders', secondaries=1, sc='managed-csi-premium', size='256Gi', age='380d')
    cnf = ('datadir="/var/lib/proxysql"\n\nadmin_variables=\n{\n    admin_credentials="admin:admin;cluster1:secret1pass"\n    mysql_ifaces="0.0.0.0:6032"\n    refresh_interval=2000\n}\n\n'
           'mysql_variables=\n{\n    threads=4\n    max_connections=2048\n    default_query_delay=0\n    default_query_timeout=36000000\n    have_compress=true\n    poll_timeout=2000\n'
           '    interfaces="0.0.0.0:6033"\n    default_schema="information_schema"\n    stacksize=1048576\n    server_version="8.0.37"\n    connect_timeout_server=3000\n'
           '    monitor_username="proxysql_monitor"\n    monitor_history=600000\n    monitor_connect_interval=60000\n    monitor_ping_interval=10000\n    ping_interval_server_msec=120000\n'
           '    ping_timeout_server=500\n    commands_stats=true\n    sessions_sort=true\n}\n\n# 10 = writer, 20 = reader\nmysql_servers =\n(\n'
           '    { address="orders-mysql-secondary-0.orders-mysql-secondary-headless.orders.svc.cluster.local", port=3306, hostgroup=10, max_connections=500, comment="writer" },\n'
           '    { address="orders-mysql-primary-0.orders-mysql-primary-headless.orders.svc.cluster.local", port=3306, hostgroup=20, max_connections=500, comment="reader" }\n)\n\n'
           'mysql_query_rules =\n(\n    { rule_id=100, active=1, match_digest="^SELECT .* FOR UPDATE", destination_hostgroup=10, apply=1 },\n'
           '    { rule_id=200, active=1, match_digest="^SELECT", destination_hostgroup=20, apply=1 }\n)\n\n# mysql_users are loaded from Secret proxysql-users (users.cnf)\n')
    c.cm(ns, 'proxysql-config', {'proxysql.cnf': cnf}, labels={'app.kubernetes.io/name': 'proxysql', 'app.kubernetes.io/part-of': 'orders'}, age='300d')
    c.secret(ns, 'proxysql-users', ['users.cnf'], age='300d')
    sel = {'app.kubernetes.io/name': 'proxysql', 'app.kubernetes.io/instance': 'orders-proxysql'}
    lab = dict(sel, **{'app.kubernetes.io/part-of': 'orders', 'app.kubernetes.io/version': '2.6.3'})
    c.deploy(ns, 'orders-proxysql', 2, [ctr('proxysql', 'proxysql/proxysql:2.6.3', ports=[('mysql', 6033), ('admin', 6032)], r=res('250m', '256Mi', '1', '512Mi'),
                                            args=['--initial', '-f', '-c', '/etc/proxysql/proxysql.cnf'], ready=probe('tcp', 6033, period=5), live=probe('tcp', 6032, delay=15, period=10),
                                            mounts=[('config', '/etc/proxysql/proxysql.cnf'), ('users', '/etc/proxysql/users')])],
             sel, labels=lab, plabels={'app.kubernetes.io/part-of': 'orders'}, age='300d', old_rs=6, rs_age='1h12m', pod_ages=['1h11m', '1h10m'],
             pod_ann={'checksum/config': c.hx(64)},
             volumes=[{'configMap': {'defaultMode': 420, 'items': [{'key': 'proxysql.cnf', 'path': 'proxysql.cnf'}], 'name': 'proxysql-config'}, 'name': 'config'}, vol_secret('users', 'proxysql-users')])
    c.svc(ns, 'orders-proxysql', sel, [('mysql', 3306, 'mysql')], labels=lab, age='300d')
    err = ('{"level":"error","ts":"2024-06-26T12:1%d:4%d.201Z","caller":"orders/repo.go:219","msg":"create order","order_id":"ORD-8%05d","error":"Error 1290 (HY000): The MySQL server is running with the --read-only option so it cannot execute this statement"}\n'
           'panic: health: write probe failed: Error 1290 (HY000): The MySQL server is running with the --read-only option so it cannot execute this statement\n')
    _, _, aps = app(c, ns, 'order-service', 'ordersacr.azurecr.io/orders/order-service:9.2.0', replicas=3,
                    env=[E('MYSQL_ADDR', 'orders-proxysql.orders.svc.cluster.local:3306'), E('MYSQL_USER', 'orders'), E('MYSQL_PASSWORD', secret='orders-mysql', key='mysql-password')],
                    states=[crashes(c, err % (c.rng.randint(0, 9), c.rng.randint(0, 9), c.rng.randint(0, 99999)), 1, (12, 15))[0] for _ in range(3)], pod_ages=['2d'] * 3, rs_age='2d', age='380d')
    for p in aps:
        bo(c, p, 'order-service', '1h8m')
    app(c, ns, 'order-search', 'ordersacr.azurecr.io/orders/order-search:9.2.0', replicas=2, env=[E('MYSQL_ADDR', 'orders-proxysql.orders.svc.cluster.local:3306')], age='380d')
    c.fill_opts = {'exclude': ('mysql',)}
    return T(c, '', 'Order creation fails with "The MySQL server is running with the --read-only option" since about an hour ago; reads still work and both MySQL pods look healthy.',
             'ConfigMap', ns, 'proxysql-config',
             'Applications reach MySQL through ProxySQL. The proxysql.cnf in ConfigMap proxysql-config (rolled out 1h12m ago, see the new ReplicaSet/checksum) maps writer hostgroup 10 to '
             'orders-mysql-secondary-0 (a read-only replica) and reader hostgroup 20 to the primary, so every INSERT/UPDATE is routed to the replica and fails with error 1290. Swap the '
             'hostgroups back (primary in 10, secondary in 20) and restart ProxySQL.')


# ============================================================================================================ k7-14
@incident('k7-14', 'redis-maxmemory-noeviction-too-small', 'DOKS', '2024-12-17T09:03:55Z')
def f14(c):
    platform(c, 'doks', [('pool-web', 3, 's-4vcpu-8gb', '4', '8Gi', {}), ('pool-data', 2, 'm-2vcpu-16gb', '2', '16Gi', {})], region='nyc3', age='300d')
    ns = 'carts'
    ensure_ns(c, ns, '280d')
    mp, rp = tier_redis(c, ns, 'carts', replicas=2, sc='do-block-storage', size='16Gi', mem='2Gi', pool='pool-data',
                        conf_extra='# memory cap (2024-12-16 CHG-4471)\nmaxmemory 64mb\nmaxmemory-policy noeviction\n',
                        master_states=[[run('22h')]], replica_states=[[run('22h')], [run('22h')]])
    for p in mp + rp:
        set_age(c, p, '22h')
    err = ('ReplyError: OOM command not allowed when used memory > \'maxmemory\'.\n    at parseError (/app/node_modules/redis-parser/lib/parser.js:179:12)\n'
           '    at parseType (/app/node_modules/redis-parser/lib/parser.js:302:14) {\n  command: { name: \'hset\', args: [ \'cart:%s\', \'items\', \'[...]\' ] }\n}\n'
           'Node.js v20.17.0\n')
    _, _, aps = app(c, ns, 'cart-api', 'registry.digitalocean.com/%s/cart-api:6.8.3' % c.domain.split('.')[0], replicas=3, port=3000,
                    env=[E('REDIS_URL', 'redis://carts-redis-master.carts.svc.cluster.local:6379/0'), E('REDIS_PASSWORD', secret='carts-redis', key='redis-password')],
                    states=[crashes(c, err % c.uid(), 1, (25, 40))[0] for _ in range(3)], pod_ages=['9d', '9d', '9d'], rs_age='9d')
    for p in aps:
        bo(c, p, 'cart-api', '3h')
    app(c, ns, 'cart-ui', 'registry.digitalocean.com/%s/cart-ui:6.8.3' % c.domain.split('.')[0], replicas=2, port=8080)
    tier_pg_bitnami(c, 'checkout-db', 'checkout', age='250d', sc='do-block-storage')
    c.fill_opts = {'exclude': ('cache',)}
    return T(c, '', 'Shopping cart service keeps crashing with "OOM command not allowed" from Redis since this morning, but the Redis pods are up and far below their memory limit.',
             'ConfigMap', ns, 'carts-redis-configuration',
             'cart-api restarts with ReplyError "OOM command not allowed when used memory > maxmemory". The Redis pods are healthy with a 2Gi limit, but the common redis.conf in ConfigMap '
             'carts-redis-configuration (changed yesterday, pods restarted 22h ago) sets maxmemory 64mb with maxmemory-policy noeviction, so once the cart keys exceed 64 MB every write is '
             'rejected. Raise maxmemory to fit the 2Gi limit (or use an eviction policy) and roll the Redis pods.')


# ============================================================================================================ k7-15
@incident('k7-15', 'deployment-dnspolicy-default-breaks-service-dns', 'EKS', '2025-03-11T15:49:03Z')
def f15(c):
    platform(c, 'eks', [('general', 4, 'm6i.xlarge', '4', '16Gi', {})], region='us-east-1', k8s='1.30', age='480d')
    ns = 'billing'
    ensure_ns(c, ns, '420d')
    tier_cnpg(c, ns, 'billing-db', instances=3, size='120Gi')
    sel = {'app.kubernetes.io/instance': 'invoice-worker', 'app.kubernetes.io/name': 'invoice-worker'}
    lab = dict(sel, **{'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/part-of': 'billing', 'helm.sh/chart': 'invoice-worker-3.8.0'})
    env = [E('DB_HOST', 'billing-db-rw.billing.svc.cluster.local'), E('DB_NAME', 'app'), E('DB_USER', secret='billing-db-app', key='username'), E('DB_PASSWORD', secret='billing-db-app', key='password'),
           E('CELERY_BROKER_URL', 'redis://billing-queue-redis-master.billing.svc.cluster.local:6379/0')]
    img_new = '%s.dkr.ecr.us-east-1.amazonaws.com/billing/invoice-worker:3.8.0' % c.aws_account
    img_old = '%s.dkr.ecr.us-east-1.amazonaws.com/billing/invoice-worker:3.7.4' % c.aws_account
    mk = lambda img: [ctr('invoice-worker', img, command=['celery', '-A', 'invoices', 'worker', '--loglevel=INFO', '--concurrency=4'], env=env, r=res('250m', '512Mi', None, '1Gi'),
                          live=probe('exec', cmd=['celery', '-A', 'invoices', 'inspect', 'ping', '-d', 'celery@$HOSTNAME'], delay=30, period=60, timeout=20))]
    c.sa(ns, 'invoice-worker', age='400d')
    old_tm = c.tmpl(dict(sel, **{'app.kubernetes.io/part-of': 'billing'}), mk(img_old), sa='invoice-worker')
    err = ('[2025-03-11 15:4%d:0%d,771: CRITICAL/MainProcess] Unrecoverable error: OperationalError(\'could not translate host name "billing-db-rw.billing.svc.cluster.local" to address: Name or service not known\\n\')\n'
           'Traceback (most recent call last):\n  File "/usr/local/lib/python3.12/site-packages/psycopg/connection.py", line 119, in connect\n    raise last_ex.with_traceback(None)\n'
           'psycopg.OperationalError: could not translate host name "billing-db-rw.billing.svc.cluster.local" to address: Name or service not known\n') % (c.rng.randint(0, 8), c.rng.randint(0, 9))
    d, rs, ps = c.deploy(ns, 'invoice-worker', 2, mk(img_new), sel, labels=lab, plabels={'app.kubernetes.io/part-of': 'billing'}, sa='invoice-worker', age='400d',
                         spec={'dnsPolicy': 'Default', 'terminationGracePeriodSeconds': 120}, old_rs=5, old_template=old_tm, old_pods=2, old_pod_ages=['6d', '6d'],
                         rs_age='41m', pod_ages=['40m'], states=crashes(c, err, 1, (12, 14)), progress='deadline', new_count=1,
                         strategy={'rollingUpdate': {'maxSurge': 1, 'maxUnavailable': 0}, 'type': 'RollingUpdate'})
    rs['spec']['replicas'] = 1
    bo(c, ps[0], 'invoice-worker', '38m')
    c.ev(d, 'ScalingReplicaSet', 'Scaled up replica set %s to 1' % rs['metadata']['name'], 'Normal', 1, '41m', comp='deployment-controller')
    c.helm(ns, 'invoice-worker', version=23, age='41m')
    tier_redis(c, ns, 'billing-queue', replicas=0, sc='gp3', mem='512Mi')
    app(c, ns, 'billing-api', '%s.dkr.ecr.us-east-1.amazonaws.com/billing/billing-api:3.8.0' % c.aws_account, replicas=3, env=env[:4], age='400d')
    c.fill_opts = {'exclude': ('cnpg',)}
    c.noise_opts = {'cron': False}
    return T(c, '', 'This afternoon\'s billing release is stuck: the new invoice worker pod crashes saying the billing database hostname does not resolve, while billing-api talks to the same database fine.',
             'Deployment', ns, 'invoice-worker',
             'The new ReplicaSet of the invoice-worker Deployment (revision rolled 41m ago, ProgressDeadlineExceeded) crashes with "could not translate host name '
             'billing-db-rw.billing.svc.cluster.local". Its pod template sets dnsPolicy: Default, so the pod uses the node\'s VPC resolver instead of CoreDNS and cannot resolve cluster '
             'Service names; the old ReplicaSet (dnsPolicy ClusterFirst) and billing-api resolve the same host. Remove dnsPolicy: Default from the Deployment template.')


# ============================================================================================================ k7-16
@incident('k7-16', 'new-service-name-collides-with-app-env', 'GKE', '2024-09-24T17:26:33Z', hard=True)
def f16(c):
    platform(c, 'gke', [('default-pool', 4, 'e2-standard-8', '8', '32Gi', {})], region='us-central1', age='390d')
    up = list(c.nodes)[1]
    o = c.nodes[up]['obj']
    for cd in o['status']['conditions']:
        if cd['type'] == 'Ready':
            cd['lastTransitionTime'] = c.t('58m')
    o['status']['nodeInfo']['bootID'] = c.uid()
    c.ev(o, 'NodeReady', 'Node %s status is now: NodeReady' % up, 'Normal', 1, '58m', comp='kubelet', host=up)
    tier_redis(c, 'cache', 'session', replicas=2, sc='standard-rwo')
    ns = 'checkout'
    ensure_ns(c, ns, '360d')
    c.deploy(ns, 'redis', 1, [ctr('redis', 'redis:7.2.5-alpine', ports=[('redis', 6379)], args=['--maxmemory', '256mb', '--maxmemory-policy', 'allkeys-lru', '--save', ''], r=res('50m', '128Mi', None, '320Mi'))],
             {'app': 'redis', 'component': 'ratelimit'}, labels={'app': 'redis', 'component': 'ratelimit'}, age='2h14m', old_rs=0,
             ann={'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"labels":{"app":"redis","component":"ratelimit"},"name":"redis","namespace":"checkout"}}\n'})
    sv = c.svc(ns, 'redis', {'app': 'redis', 'component': 'ratelimit'}, [('redis', 6379, 6379)], labels={'app': 'redis', 'component': 'ratelimit'}, age='2h14m')
    ip = sv['spec']['clusterIP']
    err = ('2024/09/24 17:2%d:1%d checkout-api 4.11.2 starting\npanic: config: invalid value "tcp://%s:6379" for REDIS_PORT: strconv.Atoi: parsing "tcp://%s:6379": invalid syntax\n\n'
           'goroutine 1 [running]:\nmain.mustLoadConfig(...)\n\t/src/cmd/checkout-api/main.go:57\nmain.main()\n\t/src/cmd/checkout-api/main.go:31 +0x3c5\n') % (c.rng.randint(0, 5), c.rng.randint(0, 9), ip, ip)
    nodes = list(c.nodes)
    _, _, aps = app(c, ns, 'checkout-api', 'us-docker.pkg.dev/%s/apps/checkout-api:4.11.2' % c.gcp_project, replicas=4, nodes=[nodes[0], nodes[2], up, nodes[3]],
                    env=[E('REDIS_HOST', 'session-redis-master.cache.svc.cluster.local'), E('REDIS_PASSWORD', secret='checkout-redis', key='password'),
                         E('PAYMENTS_URL', 'http://payments-gateway.payments.svc.cluster.local'), E('LOG_LEVEL', 'info')],
                    states=[[run('3d')], [run('3d')]] + crashes(c, err, 2, (13, 15)), pod_ages=['3d', '3d', '57m', '57m'], rs_age='3d1h', age='350d')
    c.secret(ns, 'checkout-redis', ['password'], age='350d')
    for p in aps[2:]:
        bo(c, p, 'checkout-api', '55m')
    app(c, ns, 'checkout-web', 'us-docker.pkg.dev/%s/apps/checkout-web:4.11.2' % c.gcp_project, replicas=2, port=3000, env=[E('API_URL', 'http://checkout-api')], age='350d')
    ensure_ns(c, 'payments', '360d')
    tier_cnpg(c, 'payments', 'payments-db', instances=2, sc='premium-rwo', size='60Gi')
    app(c, 'payments', 'payments-gateway', 'us-docker.pkg.dev/%s/apps/payments-gateway:2.2.0' % c.gcp_project, replicas=2, env=[E('DB_HOST', 'payments-db-rw')], age='340d')
    c.fill_opts = {'exclude': ('cache', 'cnpg')}
    return T(c, '', 'Half of the checkout API pods crash-loop since the node upgrade an hour ago with a config panic about a port value; the older pods are fine and the session cache is healthy.',
             'Service', ns, 'redis',
             'The crashing checkout-api pods were recreated 57m ago and panic on REDIS_PORT="tcp://%s:6379". The Deployment never sets REDIS_PORT; the value is the Docker-link style '
             'variable the kubelet injects (enableServiceLinks) for a Service named "redis" in the same namespace - the redis ratelimit Service created 2h14m ago with ClusterIP %s. '
             'Pods started before it existed do not have the variable. Rename/remove that Service (or set enableServiceLinks: false on checkout-api).' % (ip, ip))


def add_vol(c, wl, pods, vol, mount, cname=None):
    specs = [wl['spec']['template']['spec']] + [p['spec'] for p in pods]
    for rs in c.items['replicasets']:
        if any(r['uid'] == wl['metadata']['uid'] for r in rs['metadata'].get('ownerReferences', [])):
            specs.append(rs['spec']['template']['spec'])
    for sp in specs:
        sp.setdefault('volumes', []).insert(0, copy.deepcopy(vol))
        for k in sp['containers']:
            if cname is None or k['name'] == cname:
                k.setdefault('volumeMounts', []).insert(0, {'mountPath': mount, 'name': vol['name'], 'readOnly': True})


# ============================================================================================================ k7-17
@incident('k7-17', 'service-internal-traffic-policy-local', 'OpenShift (ROSA HCP)', '2025-01-29T11:37:20Z', hard=True)
def f17(c):
    platform(c, 'openshift', [('workers', 4, 'm6i.2xlarge', '8', '32Gi', {})], region='eu-central-1', age='300d')
    w = list(c.nodes)
    ns = 'claims'
    c.ns(ns, '250d', ann={'openshift.io/sa.scc.uid-range': '1000650000/10000', 'openshift.io/sa.scc.supplemental-groups': '1000650000/10000', 'openshift.io/sa.scc.mcs': 's0:c26,c5'})
    tier_cnpg(c, ns, 'claims-db', instances=2, sc='gp3-csi', size='150Gi', nodes={1: w[0], 2: w[1]})
    pw, pps = tier_pgbouncer(c, ns, 'claims-pgbouncer', 'claims-db-rw', replicas=2, db='claims', age='240d')
    for k, p in enumerate(pps):
        pass
    sv = c.get('services', ns, 'claims-pgbouncer')
    sv['spec']['internalTrafficPolicy'] = 'Local'
    sv['metadata']['annotations'] = {'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"v1","kind":"Service","metadata":{"annotations":{},"labels":{"app.kubernetes.io/component":"pooler","app.kubernetes.io/name":"claims-pgbouncer","app.kubernetes.io/part-of":"claims"},"name":"claims-pgbouncer","namespace":"claims"},"spec":{"internalTrafficPolicy":"Local","ports":[{"name":"pgbouncer","port":5432,"targetPort":"pgbouncer"}],"selector":{"app.kubernetes.io/name":"claims-pgbouncer"}}}\n'}
    ip = sv['spec']['clusterIP']
    pb_nodes = {p['spec']['nodeName'] for p in pps}
    others = [n for n in w if n not in pb_nodes]
    onn = sorted(pb_nodes)
    err = ('2025-01-29T11:3%d:0%d.552Z ERROR 1 --- [claims-api] [           main] com.zaxxer.hikari.pool.HikariPool        : HikariPool-1 - Exception during pool initialization.\n\n'
           'org.postgresql.util.PSQLException: The connection attempt failed.\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:354)\n'
           'Caused by: java.net.SocketTimeoutException: Connect timed out\n\tat java.base/sun.nio.ch.NioSocketImpl.timedFinishConnect(NioSocketImpl.java:551)\n'
           '\t... claims-pgbouncer.claims.svc.cluster.local/%s:5432\n') % (c.rng.randint(0, 6), c.rng.randint(0, 9), ip)
    _, _, aps = app(c, ns, 'claims-api', 'image-registry.openshift-image-registry.svc:5000/claims/claims-api:5.0.3', replicas=4, nodes=[onn[0], onn[-1], others[0], others[-1]],
                    env=[E('SPRING_DATASOURCE_URL', 'jdbc:postgresql://claims-pgbouncer.claims.svc.cluster.local:5432/claims?prepareThreshold=0'),
                         E('SPRING_DATASOURCE_USERNAME', secret='claims-db-app', key='username'), E('SPRING_DATASOURCE_PASSWORD', secret='claims-db-app', key='password')],
                    states=[[run('4d')], [run('4d')]] + crashes(c, err, 2, (14, 17)), pod_ages=['4d', '4d', '4d', '4d'], rs_age='4d1h', age='240d')
    for p in aps[2:]:
        bo(c, p, 'claims-api', '1h12m')
    tier_redis(c, ns, 'claims-cache', replicas=0, sc='gp3-csi', mem='512Mi')
    c.fill_opts = {'exclude': ('cnpg',), 'prefer': ('cache',)}
    return T(c, '', 'About half of the claims API pods cannot reach the claims database through the pooler (connect timed out) since around an hour ago; the other half work fine.',
             'Service', ns, 'claims-pgbouncer',
             'Only claims-api pods on nodes that do not host a PgBouncer pod time out. The claims-pgbouncer Service now has internalTrafficPolicy: Local (last-applied config), so cluster-internal '
             'traffic is only delivered to endpoints on the client\'s own node; PgBouncer runs on %s only (see EndpointSlice nodeNames), so clients elsewhere have no local endpoint and '
             'their packets are dropped. Set internalTrafficPolicy back to Cluster.' % ' and '.join(onn))


# ============================================================================================================ k7-18
@incident('k7-18', 'internal-loadbalancer-subnet-annotation-wrong', 'AKS', '2024-07-30T08:55:12Z')
def f18(c):
    platform(c, 'aks', [('system', 2, 'Standard_D4s_v5', '4', '16Gi', {'mode': 'System'}), ('user', 3, 'Standard_D8s_v5', '8', '32Gi', {})], region='westeurope', age='500d')
    ns = 'erp'
    ensure_ns(c, ns, '450d')
    tier_mysql(c, ns, 'erp', secondaries=1, sc='managed-csi-premium', size='512Gi', age='440d')
    sel = sel_of('mysql', 'erp', 'primary')
    sv = c.svc(ns, 'erp-mysql-vnet', sel, [('mysql', 3306, 'mysql')], typ='LoadBalancer', age='14h',
               labels={'app.kubernetes.io/instance': 'erp', 'app.kubernetes.io/name': 'mysql', 'exposure': 'vnet-internal'},
               ann={'service.beta.kubernetes.io/azure-load-balancer-internal': 'true', 'service.beta.kubernetes.io/azure-load-balancer-internal-subnet': 'snet-aks-ilb-prod'})
    sv['metadata']['finalizers'] = ['service.kubernetes.io/load-balancer-cleanup']
    vnet = 'vnet-hub-prod-weu'
    c.ev(sv, 'EnsuringLoadBalancer', 'Ensuring load balancer', 'Normal', 181, '14h', '2m10s', comp='service-controller')
    c.ev(sv, 'SyncLoadBalancerFailed', 'Error syncing load balancer: failed to ensure load balancer: ensure(%s/erp-mysql-vnet): lb(kubernetes-internal) - failed to get subnet: %s/snet-aks-ilb-prod' % (ns, vnet),
         'Warning', 181, '14h', '2m9s', comp='service-controller')
    ensure_ns(c, 'reporting', '400d')
    tier_pg_bitnami(c, 'reporting', 'reporting', age='390d', sc='managed-csi-premium')
    c.svc('reporting', 'reporting-postgresql-vnet', sel_of('postgresql', 'reporting', 'primary'), [('tcp-postgresql', 5432, 'tcp-postgresql')], typ='LoadBalancer', age='380d',
          labels={'exposure': 'vnet-internal'}, lb={'ip': '10.224.64.21'},
          ann={'service.beta.kubernetes.io/azure-load-balancer-internal': 'true', 'service.beta.kubernetes.io/azure-load-balancer-internal-subnet': 'snet-aks-ilb'})
    app(c, ns, 'erp-web', 'erpacr.azurecr.io/erp/erp-web:12.4.1', replicas=2, env=[E('DB_HOST', 'erp-mysql-primary'), E('DB_PASSWORD', secret='erp-mysql', key='mysql-password')], age='430d')
    c.fill_opts = {'exclude': ('mysql',)}
    return T(c, '', 'Finance\'s reporting gateway VM in the hub VNet cannot reach the ERP MySQL since last night\'s change; the new private endpoint never got an IP.',
             'Service', ns, 'erp-mysql-vnet',
             'The LoadBalancer Service erp-mysql-vnet (created 14h ago) has no status.loadBalancer.ingress; service-controller keeps failing with "failed to get subnet: %s/snet-aks-ilb-prod". '
             'Its azure-load-balancer-internal-subnet annotation names a subnet that does not exist - the working internal LB in reporting uses snet-aks-ilb. Fix the annotation on the Service.' % vnet)


# ============================================================================================================ k7-19
@incident('k7-19', 'ingress-wrong-ingressclassname', 'DOKS', '2024-04-16T10:02:48Z')
def f19(c):
    platform(c, 'doks', [('pool-std', 4, 's-8vcpu-16gb', '8', '16Gi', {})], region='lon1', age='420d', k8s='1.29')
    lb = addon_ingress_nginx(c, lb={'ip': '157.245.%d.%d' % (c.rng.randint(0, 255), c.rng.randint(1, 254))})
    ns = 'observability'
    ensure_ns(c, ns, '380d')
    tier_es(c, ns, 'logs', nodes_n=3, size='300Gi', sc='do-block-storage', kibana=True)
    c.ing(ns, 'kibana', 'nginx-internal', [('logs.' + c.domain, '/', 'logs-kb-http', 5601)], tls='logs-ui-tls', age='3h5m',
          ann={'nginx.ingress.kubernetes.io/backend-protocol': 'HTTPS', 'cert-manager.io/cluster-issuer': 'letsencrypt-prod'})
    c.secret(ns, 'logs-ui-tls', ['ca.crt', 'tls.crt', 'tls.key'], typ='kubernetes.io/tls', age='120d', ann={'cert-manager.io/certificate-name': 'logs-ui-tls', 'cert-manager.io/issuer-name': 'letsencrypt-prod', 'cert-manager.io/issuer-kind': 'ClusterIssuer'})
    addon_monitoring(c)
    c.ing('monitoring', 'grafana', 'nginx', [('grafana.' + c.domain, '/', 'kube-prometheus-stack-grafana', 80)], tls='grafana-tls', lb=lb, age='300d')
    c.secret('monitoring', 'grafana-tls', ['ca.crt', 'tls.crt', 'tls.key'], typ='kubernetes.io/tls', age='90d')
    ensure_ns(c, 'shop', '350d')
    tier_pg_bitnami(c, 'shop', 'shop', age='340d', sc='do-block-storage')
    app(c, 'shop', 'shop-web', 'registry.digitalocean.com/%s/shop-web:8.0.2' % c.domain.split('.')[0], replicas=2, env=[E('DATABASE_HOST', 'shop-postgresql')])
    c.ing('shop', 'shop-web', 'nginx', [('shop.' + c.domain, '/', 'shop-web', 80)], tls='shop-tls', lb=lb, age='300d')
    c.secret('shop', 'shop-tls', ['ca.crt', 'tls.crt', 'tls.key'], typ='kubernetes.io/tls', age='80d')
    c.fill_opts = {'exclude': ('search', 'monitoring', 'ingress')}
    return T(c, '', 'The Elastic log UI URL has stopped working since this morning\'s ingress cleanup; Grafana and the shop behind the same ingress controller are fine.',
             'Ingress', ns, 'kibana',
             'The Ingress for logs.%s was rewritten 3h ago with ingressClassName: nginx-internal, but the only controller runs with --ingress-class=nginx, so no controller admits it: '
             'status.loadBalancer is empty while the grafana and shop-web Ingresses (class nginx) carry the controller address. The Kibana pod and Service are healthy. Set ingressClassName: nginx.' % c.domain)


# ============================================================================================================ k7-20
@incident('k7-20', 'manual-endpointslice-missing-service-name-label', 'kubeadm (bare metal, Cilium)', '2025-04-08T13:26:57Z')
def f20(c):
    kubeadm_cluster(c, [('worker', 4, None, '16', '64Gi', {'names': ['node-%02d' % i for i in range(1, 5)]})], cni='cilium', net='172.22.4.', cp=3, csi=False, k8s='1.30')
    addon_nfs(c, server='172.22.4.5', path='/export/k8s')
    c.sc_info['nfs-client']['obj']['metadata'].setdefault('annotations', {})['storageclass.kubernetes.io/is-default-class'] = 'true'
    addon_metallb(c, nodes=c.workers())
    ns = 'erp-legacy'
    ensure_ns(c, ns, '600d')
    sv = c.svc(ns, 'mssql-erp', None, [('mssql', 1433, 1433)], labels={'app.kubernetes.io/part-of': 'erp', 'db': 'mssql'}, age='590d')
    sl = c.obj('endpointslices', 'mssql-erp-vm', ns=ns, age='1h8m', labels={'app.kubernetes.io/managed-by': 'dba-team', 'db': 'mssql'},
               addressType='IPv4', endpoints=[{'addresses': ['172.22.10.41'], 'conditions': {'ready': True}}], ports=[{'name': 'mssql', 'port': 1433, 'protocol': 'TCP'}])
    sv2 = c.svc(ns, 'oracle-finance', None, [('oracle', 1521, 1521)], labels={'app.kubernetes.io/part-of': 'finance', 'db': 'oracle'}, age='590d')
    c.endpoints(ns, 'oracle-finance', ['172.22.10.52'], [('oracle', 1521)], labels={'app.kubernetes.io/part-of': 'finance', 'db': 'oracle'}, age='590d')
    ip = sv['spec']['clusterIP']
    err = ('Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred while establishing a connection to SQL Server. '
           'The server was not found or was not accessible. Verify that the instance name is correct and that SQL Server is configured to allow remote connections. '
           '(provider: TCP Provider, error: 35 - An internal exception was caught)\n ---> System.Net.Sockets.SocketException (111): Connection refused\n'
           '   at Microsoft.Data.SqlClient.SqlConnection.Open()\n   at Erp.Connector.Program.Main(String[] args) in /src/Erp.Connector/Program.cs:line 48\n')
    _, _, aps = app(c, ns, 'erp-connector', 'harbor.%s/erp/erp-connector:2024.11.3' % c.domain, replicas=2, port=None,
                    env=[E('ConnectionStrings__Erp', secret='erp-connector-db', key='connection-string')], states=crashes(c, err, 2, (13, 16)), pod_ages=['12d', '12d'], rs_age='12d')
    c.secret(ns, 'erp-connector-db', ['connection-string'], age='590d')
    for p in aps:
        bo(c, p, 'erp-connector', '1h5m')
    app(c, ns, 'finance-export', 'harbor.%s/finance/finance-export:3.1.0' % c.domain, replicas=1, env=[E('ORACLE_HOST', 'oracle-finance')], age='500d')
    tier_pg_bitnami(c, 'gitlab-db', 'gitlab', age='400d', sc='nfs-client')
    c.fill_opts = {'exclude': ('cnpg',)}
    return T(c, '', 'ERP connector crash-loops with "Connection refused" to SQL Server since the DBA team moved the SQL Server VM address definition an hour ago.',
             'EndpointSlice', ns, 'mssql-erp-vm',
             'mssql-erp is a selector-less Service; its old Endpoints object was removed and replaced 1h8m ago by a hand-written EndpointSlice mssql-erp-vm (172.22.10.41:1433). That slice has no '
             'kubernetes.io/service-name label, so it is not associated with the Service and Cilium/kube-proxy see zero backends - connections to the ClusterIP %s are refused. '
             'The oracle-finance Service still works via Endpoints + mirrored slice. Add kubernetes.io/service-name: mssql-erp to the EndpointSlice.' % ip)


# ============================================================================================================ k7-21
@incident('k7-21', 'expired-manually-created-tls-secret', 'k3s (Civo)', '2025-03-04T09:20:31Z')
def f21(c):
    platform(c, 'k3s', [('pool-main', 4, 'g4s.kube.large', '4', '8Gi', {})], region='NYC1', age='500d', k8s='1.29')
    addon_cert_manager(c)
    ns = 'inventory'
    ensure_ns(c, ns, '450d')
    tier_cnpg(c, ns, 'inventory-db', instances=2, sc='local-path', size='60Gi', mem='2Gi')
    c.secret(ns, 'inventory-db-server-tls', ['ca.crt', 'tls.crt', 'tls.key'], typ='kubernetes.io/tls', age='40d',
             ann={'cert-manager.io/alt-names': 'inventory-db-rw,inventory-db-rw.inventory.svc', 'cert-manager.io/certificate-name': 'inventory-db-server', 'cert-manager.io/common-name': 'inventory-db-rw',
                  'cert-manager.io/issuer-group': 'cert-manager.io', 'cert-manager.io/issuer-kind': 'ClusterIssuer', 'cert-manager.io/issuer-name': 'internal-ca'},
             labels={'controller.cert-manager.io/fao': 'true'})
    c.secret(ns, 'inventory-pgbouncer-tls', ['tls.crt', 'tls.key'], typ='kubernetes.io/tls', age='366d',
             ann={'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"v1","kind":"Secret","metadata":{"name":"inventory-pgbouncer-tls","namespace":"inventory"},"type":"kubernetes.io/tls"}\n'})
    pw, pps = tier_pgbouncer(c, ns, 'inventory-pgbouncer', 'inventory-db-rw', replicas=2, db='inventory', age='366d',
                             extra_ini='client_tls_sslmode = require\nclient_tls_cert_file = /etc/pgbouncer/tls/tls.crt\nclient_tls_key_file = /etc/pgbouncer/tls/tls.key\n')
    add_vol(c, pw, pps, vol_secret('tls', 'inventory-pgbouncer-tls'), '/etc/pgbouncer/tls')
    err = ('{"time":"2025-03-04T09:1%d:4%d.207Z","level":"ERROR","msg":"database ping failed","error":"failed to connect to `user=inventory database=inventory`: '
           '10.43.%d.%d:5432 (inventory-pgbouncer.inventory.svc.cluster.local): tls error: tls: failed to verify certificate: x509: certificate has expired or is not yet valid: '
           'current time 2025-03-04T09:1%d:4%dZ is after 2025-03-03T10:41:09Z"}\n')
    ip = svc_ip(c, ns, 'inventory-pgbouncer').split('.')
    _, _, aps = app(c, ns, 'inventory-api', 'ghcr.io/%s/inventory-api:1.42.0' % c.domain.split('.')[0], replicas=3,
                    env=[E('DATABASE_URL', secret='inventory-api-db', key='url'), E('PGSSLMODE', 'verify-full'), E('PGSSLROOTCERT', '/etc/ssl/internal/ca.crt')],
                    states=[crashes(c, err % (k, k, int(ip[2]), int(ip[3]), k, k), 1, (30, 34))[0] for k in (3, 4, 5)], pod_ages=['11d'] * 3, rs_age='11d')
    c.secret(ns, 'inventory-api-db', ['url'], age='440d')
    for p in aps:
        bo(c, p, 'inventory-api', '22h')
    _, _, wps = app(c, ns, 'inventory-sync', 'ghcr.io/%s/inventory-sync:1.42.0' % c.domain.split('.')[0], replicas=2, port=None,
                    env=[E('DATABASE_URL', secret='inventory-api-db', key='url'), E('PGSSLMODE', 'verify-full')],
                    states=[crashes(c, err % (k, k, int(ip[2]), int(ip[3]), k, k), 1, (30, 34))[0] for k in (6, 7)], pod_ages=['11d'] * 2, rs_age='11d')
    for p in wps:
        bo(c, p, 'inventory-sync', '22h')
    tier_redis(c, ns, 'inventory-cache', replicas=1, sc='local-path', mem='512Mi')
    c.fill_opts = {'exclude': ('cnpg', 'certmgr', 'cache')}
    return T(c, '', 'Inventory API has been down since yesterday morning: every connection to the inventory database through the pooler fails with an x509 certificate error.',
             'Secret', ns, 'inventory-pgbouncer-tls',
             'inventory-api (PGSSLMODE=verify-full) fails the TLS handshake with "x509: certificate has expired ... is after 2025-03-03T10:41:09Z" when connecting to inventory-pgbouncer. '
             'PgBouncer serves client TLS from Secret inventory-pgbouncer-tls, a kubernetes.io/tls Secret applied by hand 366 days ago (no cert-manager annotations), while the database '
             'server certificate is cert-manager managed and current. Replace that Secret with a renewed certificate (ideally a cert-manager Certificate) and restart PgBouncer.')


# ============================================================================================================ k7-22
@incident('k7-22', 'irsa-role-arn-wrong-account', 'EKS', '2025-01-23T08:12:35Z')
def f22(c):
    platform(c, 'eks', [('general', 3, 'm6i.xlarge', '4', '16Gi', {}), ('db', 2, 'r6i.xlarge', '4', '32Gi', {})], region='us-west-2', k8s='1.30', age='420d')
    acct = c.aws_account
    bad = acct[:4] + acct[5] + acct[4] + acct[6:]
    ns = 'payments'
    ensure_ns(c, ns, '400d')
    tier_cnpg(c, ns, 'payments-db', instances=3, size='200Gi', pool='db')
    good_arn = 'arn:aws:iam::%s:role/%s-pg-backup' % (acct, c.cluster_name)
    bad_arn = 'arn:aws:iam::%s:role/%s-pg-backup' % (bad, c.cluster_name)
    c.sa(ns, 'pg-backup', ann={'eks.amazonaws.com/role-arn': bad_arn, 'eks.amazonaws.com/sts-regional-endpoints': 'true'}, age='380d', labels={'app.kubernetes.io/part-of': 'payments'})
    bucket = '%s-pg-backups-usw2' % c.domain.split('.')[0]
    cmd = ['/bin/bash', '-c', 'set -euo pipefail\nF=payments-$(date +%%Y%%m%%d).dump.gz\npg_dump -h payments-db-rw -U postgres -Fc app | gzip | aws s3 cp - s3://%s/payments/$F --sse aws:kms\n' % bucket]
    bk = ctr('pg-dump', '%s.dkr.ecr.us-west-2.amazonaws.com/platform/pg-backup:16-awscli2' % acct, command=cmd,
             env=[E('PGPASSWORD', secret='payments-db-superuser', key='password')], r=res('200m', '512Mi', '2', '2Gi'))
    msg = ('\nupload failed: - to s3://%s/payments/payments-%s.dump.gz An error occurred (AccessDenied) when calling the AssumeRoleWithWebIdentity operation: Not authorized to perform sts:AssumeRoleWithWebIdentity\n'
           'pg_dump: error: could not write to output file: Broken pipe\n')
    runs = []
    for d in (5, 4, 3):
        a = d * 86400 + 6 * 3600 + 12 * 60
        runs.append({'at': a, 'status': 'complete', 'end': a - c.rng.randint(900, 1300)})
    for d in (1, 0):
        a = d * 86400 + 6 * 3600 + 12 * 60
        day = (c.snap - dt.timedelta(seconds=a)).strftime('%Y%m%d')
        runs.append({'at': a, 'status': 'failed', 'end': a - 75, 'failed_count': 2,
                     'pods': [[done(a - 3, a - 40, 1, 'Error', msg % (bucket, day))], [done(a - 45, a - 75, 1, 'Error', msg % (bucket, day))]]})
    cj, jobs = c.cronjob(ns, 'payments-pg-dump', '0 2 * * *', [bk], runs, policy='Forbid', sa='pg-backup', restart='Never', backoff=1, hist=(3, 2), age='380d',
                         labels={'app.kubernetes.io/component': 'backup', 'app.kubernetes.io/part-of': 'payments'})
    for j, ps in jobs:
        failed = j['status'].get('failed')
        arn = bad_arn if failed else good_arn
        for p in ps:
            k = p['spec']['containers'][0]
            k['env'] += [E('AWS_STS_REGIONAL_ENDPOINTS', 'regional'), E('AWS_DEFAULT_REGION', 'us-west-2'), E('AWS_REGION', 'us-west-2'), E('AWS_ROLE_ARN', arn),
                         E('AWS_WEB_IDENTITY_TOKEN_FILE', '/var/run/secrets/eks.amazonaws.com/serviceaccount/token')]
            k['volumeMounts'].insert(0, {'mountPath': '/var/run/secrets/eks.amazonaws.com/serviceaccount', 'name': 'aws-iam-token', 'readOnly': True})
            p['spec'].setdefault('volumes', []).insert(0, {'name': 'aws-iam-token', 'projected': {'defaultMode': 420, 'sources': [{'serviceAccountToken': {'audience': 'sts.amazonaws.com', 'expirationSeconds': 86400, 'path': 'token'}}]}})
    app(c, ns, 'payments-api', '%s.dkr.ecr.us-west-2.amazonaws.com/payments/payments-api:11.0.4' % acct, replicas=3, env=[E('DB_HOST', 'payments-db-rw'), E('DB_PASSWORD', secret='payments-db-app', key='password')], age='390d')
    c.fill_opts = {'exclude': ('cnpg',), 'prefer': ('eso', 'velero')}
    c.noise_opts = {'cron': False}
    return T(c, '', 'The nightly payments database dump to S3 has failed two nights in a row with AccessDenied; nothing changed in the bucket policy.',
             'ServiceAccount', ns, 'pg-backup',
             'Both recent payments-pg-dump job pods fail with "AccessDenied when calling the AssumeRoleWithWebIdentity operation". The IRSA webhook injects AWS_ROLE_ARN from the pg-backup '
             'ServiceAccount annotation, which now points to account %s; the earlier successful job pods used %s, the account every other IRSA role in this cluster uses '
             '(ebs-csi-controller-sa etc.). Correct the eks.amazonaws.com/role-arn annotation on the ServiceAccount.' % (bad, acct))


# ============================================================================================================ k7-23
@incident('k7-23', 'registry-credential-refresher-cronjob-broken', 'DOKS', '2024-11-20T14:51:09Z', hard=True)
def f23(c):
    platform(c, 'doks', [('pool-gp', 4, 'g-4vcpu-16gb', '4', '16Gi', {'ages': ['300d', '300d', '300d', '37m']})], region='fra1', age='305d')
    ns = 'analytics'
    ensure_ns(c, ns, '280d')
    acct = c.aws_account
    reg = '%s.dkr.ecr.eu-central-1.amazonaws.com' % acct
    img = reg + '/platform/timescaledb-ha:pg16.4-ts2.16.1'
    ss = c.secret(ns, 'ecr-registry', ['.dockerconfigjson'], typ='kubernetes.io/dockerconfigjson', age='3d4h9m', labels={'app.kubernetes.io/managed-by': 'ecr-registry-refresh'})
    c.sa(ns, 'tsdb', pull=['ecr-registry'], age='270d')
    sel = {'app.kubernetes.io/instance': 'metrics', 'app.kubernetes.io/name': 'timescaledb'}
    nodes = list(c.nodes)
    pull = ('Failed to pull image "%s": failed to pull and unpack image "%s": failed to resolve reference "%s": unexpected status from HEAD request to '
            'https://%s/v2/platform/timescaledb-ha/manifests/pg16.4-ts2.16.1: 403 Forbidden' % (img, img, img, reg))
    w, ps = c.sts(ns, 'metrics-timescaledb', 2, [ctr('timescaledb', img, ports=[('postgresql', 5432)], env=[E('PGDATA', '/var/lib/postgresql/data'), E('POSTGRES_PASSWORD', secret='metrics-timescaledb', key='password')],
                                                     r=res('2', '8Gi', '4', '8Gi'), mounts=[('storage-volume', '/var/lib/postgresql')], ready=probe('exec', cmd=['pg_isready', '-h', '/var/run/postgresql'], delay=5, period=10, timeout=5))],
                  sel, 'metrics-timescaledb', labels=dict(sel, **{'app.kubernetes.io/version': '16.4'}), sa='tsdb', age='270d',
                  vct=[{'name': 'storage-volume', 'size': '400Gi', 'sc': 'do-block-storage'}], nodes=[nodes[0], nodes[3]],
                  states=[[run('41d')], [wait('ImagePullBackOff', 'Back-off pulling image "%s"' % img)]], pod_ages=['41d', '35m'],
                  spec={'securityContext': {'fsGroup': 1000, 'runAsUser': 1000}})
    c.secret(ns, 'metrics-timescaledb', ['password', 'replication-password'], age='270d')
    c.svc(ns, 'metrics-timescaledb', sel, [('postgresql', 5432, 'postgresql')], headless=True, pnr=True, age='270d')
    c.svc(ns, 'metrics-timescaledb-replica', dict(sel, **{'statefulset.kubernetes.io/pod-name': 'metrics-timescaledb-1'}), [('postgresql', 5432, 'postgresql')], age='270d')
    p = ps[1]
    c.pev(p, 'Failed', pull, count=11, first='35m', last='3m', ctr_name='timescaledb')
    c.pev(p, 'Failed', 'Error: ErrImagePull', count=11, first='35m', last='3m', ctr_name='timescaledb')
    c.pev(p, 'BackOff', 'Back-off pulling image "%s"' % img, count=140, first='35m', last='20s', ctr_name='timescaledb', typ='Normal')
    new_img = 'docker.io/bitnami/kubectl:1.30.6'
    old_img = 'ghcr.io/%s/ecr-credential-refresher:1.6.2' % c.domain.split('.')[0]
    script = ('set -e\nTOKEN=$(aws ecr get-login-password --region eu-central-1)\nkubectl -n analytics delete secret ecr-registry --ignore-not-found\n'
              'kubectl -n analytics create secret docker-registry ecr-registry --docker-server=%s --docker-username=AWS --docker-password="$TOKEN"\n'
              'kubectl -n analytics label secret ecr-registry app.kubernetes.io/managed-by=ecr-registry-refresh\n' % reg)
    mk = lambda im: ctr('refresh', im, command=['/bin/sh', '-c', script], env=[E('AWS_ACCESS_KEY_ID', secret='ecr-pull-iam', key='access-key-id'), E('AWS_SECRET_ACCESS_KEY', secret='ecr-pull-iam', key='secret-access-key')],
                        r=res('50m', '64Mi', None, '256Mi'))
    c.secret(ns, 'ecr-pull-iam', ['access-key-id', 'secret-access-key'], age='270d')
    c.sa(ns, 'ecr-registry-refresh', age='270d')
    runs = []
    sched_ages = []
    base = c.snap.replace(minute=0, second=0)
    base = base.replace(hour=(base.hour // 6) * 6)
    for k in range(13, -1, -1):
        t = base - dt.timedelta(hours=6 * k)
        sched_ages.append(int((c.snap - t).total_seconds()))
    okruns = [a for a in sched_ages if a > parse_age('3d4h10m')][-3:]
    failruns = [a for a in sched_ages if a < parse_age('3d4h10m')][-2:]
    runs = [{'at': a, 'status': 'complete', 'end': a - 9} for a in okruns]
    for a in failruns:
        runs.append({'at': a, 'status': 'failed', 'end': a - 30, 'failed_count': 2,
                     'pods': [[done(a - 2, a - 5, 127, 'Error', '/bin/sh: 2: aws: not found\n')], [done(a - 20, a - 23, 127, 'Error', '/bin/sh: 2: aws: not found\n')]]})
    cj, jobs = c.cronjob(ns, 'ecr-registry-refresh', '0 */6 * * *', [mk(new_img)], runs, policy='Forbid', sa='ecr-registry-refresh', restart='Never', backoff=1, hist=(3, 2), age='270d')
    for j, jps in jobs:
        if j['status'].get('succeeded'):
            j['spec']['template']['spec']['containers'][0]['image'] = old_img
            for q in jps:
                q['spec']['containers'][0]['image'] = old_img
                q['status']['containerStatuses'][0]['image'] = old_img
                q['status']['containerStatuses'][0]['imageID'] = c.digest(old_img)
    app(c, ns, 'metrics-api', reg + '/analytics/metrics-api:2.7.0', replicas=2, env=[E('PGHOST', 'metrics-timescaledb-0.metrics-timescaledb')], spec={'imagePullSecrets': [{'name': 'ecr-registry'}]}, age='260d')
    c.fill_opts = {'exclude': ('cnpg',)}
    c.noise_opts = {'cron': False}
    return T(c, '', 'The TimescaleDB replica did not come back after DigitalOcean recycled a node; it is stuck in ImagePullBackOff with 403 Forbidden from our private registry.',
             'CronJob', ns, 'ecr-registry-refresh',
             'metrics-timescaledb-1 was rescheduled onto the new node and cannot pull from ECR (403). The pull secret ecr-registry is an ECR token (valid 12h) that was last recreated 3d4h ago. '
             'The ecr-registry-refresh CronJob that recreates it every 6h has failed every run since: its jobs exit 127 with "aws: not found" because the job image was switched to '
             '%s (no AWS CLI); the last successful runs used %s. Fix the CronJob image, run it once, then the pod will pull.' % (new_img, old_img))


# ============================================================================================================ k7-24
@incident('k7-24', 'backup-cronjob-schedule-never-fires', 'GKE', '2024-06-20T08:14:26Z')
def f24(c):
    platform(c, 'gke', [('default-pool', 3, 'e2-standard-4', '4', '16Gi', {}), ('db-pool', 2, 'n2-standard-8', '8', '32Gi', {})], region='europe-west3', age='400d')
    ns = 'crm'
    ensure_ns(c, ns, '370d')
    tier_cnpg(c, ns, 'crm-db', instances=2, sc='premium-rwo', size='150Gi', pool='db-pool')
    bucket = 'gs://%s-crm-backups' % c.gcp_project
    bk = ctr('pg-dump', 'europe-west3-docker.pkg.dev/%s/platform/pg-backup:16.3-gcloud' % c.gcp_project,
             command=['/bin/bash', '-c', 'set -euo pipefail; F=crm-$(date +%%Y%%m%%dT%%H%%M).dump; pg_dump -h crm-db-rw -U postgres -Fc app > /tmp/$F && gcloud storage cp /tmp/$F %s/daily/$F' % bucket],
             env=[E('PGPASSWORD', secret='crm-db-superuser', key='password')], r=res('250m', '512Mi', '2', '2Gi'))
    c.sa(ns, 'crm-backup', ann={'iam.gke.io/gcp-service-account': 'crm-backup@%s.iam.gserviceaccount.com' % c.gcp_project}, age='360d')
    runs = []
    for d in (11, 10, 9):
        t = c.snap.replace(hour=3, minute=0, second=0) - dt.timedelta(days=d)
        a = int((c.snap - t).total_seconds())
        runs.append({'at': a, 'status': 'complete', 'end': a - c.rng.randint(500, 800)})
    cj, _ = c.cronjob(ns, 'crm-pg-backup', '0 3 * 2 *', [bk], runs, policy='Forbid', sa='crm-backup', age='360d', labels={'app.kubernetes.io/component': 'backup', 'app.kubernetes.io/part-of': 'crm'},
                      ann={'argocd.argoproj.io/tracking-id': 'crm:batch/CronJob:crm/crm-pg-backup'})
    cj['metadata']['generation'] = 7
    last_ok = (c.snap.replace(hour=3, minute=0, second=0) - dt.timedelta(days=9)).strftime('%Y%m%dT0300')
    vf = ctr('verify', 'europe-west3-docker.pkg.dev/%s/platform/backup-verify:1.3.0' % c.gcp_project, command=['/usr/local/bin/backup-verify', '--prefix', bucket + '/daily/', '--max-age', '26h'])
    vruns = []
    for d in (1, 0):
        t = c.snap.replace(hour=6, minute=30, second=0) - dt.timedelta(days=d)
        a = int((c.snap - t).total_seconds())
        vruns.append({'at': a, 'status': 'failed', 'end': a - 20, 'failed_count': 1,
                      'pods': [[done(a - 3, a - 19, 2, 'Error', 'backup-verify 1.3.0\nnewest object: %s/daily/crm-%s.dump (size 18.4 GiB)\nERROR: newest backup is %dd%dh old, max allowed age 26h0m0s\n' % (bucket, last_ok, 8 + (1 - d), 3 + 0))]]})
    c.cronjob(ns, 'crm-backup-verify', '30 6 * * *', [vf], vruns, policy='Forbid', sa='crm-backup', restart='Never', backoff=0, hist=(1, 2), age='300d',
              labels={'app.kubernetes.io/component': 'backup-verify', 'app.kubernetes.io/part-of': 'crm'})
    app(c, ns, 'crm-api', 'europe-west3-docker.pkg.dev/%s/apps/crm-api:5.12.1' % c.gcp_project, replicas=3, env=[E('DB_HOST', 'crm-db-rw'), E('DB_PASSWORD', secret='crm-db-app', key='password')], age='350d')
    c.fill_opts = {'exclude': ('cnpg',), 'prefer': ('gitops',)}
    c.noise_opts = {'cron': False}
    return T(c, '', 'Backup freshness alert for the CRM Postgres: the newest dump in the bucket is 9 days old, yet nobody suspended anything and the backup pods from last week succeeded.',
             'CronJob', ns, 'crm-pg-backup',
             'crm-pg-backup last ran 9 days ago (lastScheduleTime), right after its spec was changed; its schedule is now "0 3 * 2 *" (03:00 every day in February only) instead of '
             '"0 3 * * *", so in June it never fires. The crm-backup-verify job fails with "newest backup is 9d old". Fix the CronJob schedule and trigger a manual run.')


# ============================================================================================================ k7-25
@incident('k7-25', 'hung-backup-job-blocks-forbid-cronjob', 'kubeadm (vSphere, flannel)', '2024-10-02T22:10:44Z')
def f25(c):
    kubeadm_cluster(c, [('worker', 4, None, '8', '32Gi', {'names': ['kw-%02d' % i for i in range(1, 5)]})], cni='flannel', net='10.61.8.', cp=1)
    addon_metallb(c, nodes=c.workers())
    ns = 'erp-db'
    ensure_ns(c, ns, '420d')
    tier_mysql(c, ns, 'erp', secondaries=1, sc='vsphere-ssd', size='300Gi', age='410d')
    cmd = ['/bin/bash', '-c', 'set -euo pipefail\nF=/dumps/erp-$(date +%Y%m%dT%H%M).sql.gz\nmysqldump -h erp-mysql-primary -uroot -p"$MYSQL_ROOT_PASSWORD" --single-transaction --routines --triggers --all-databases | gzip > "$F"\nfind /dumps -name "erp-*.sql.gz" -mmin +1440 -delete\n']
    bk = ctr('mysqldump', 'docker.io/bitnami/mysql:8.0.37-debian-12-r2', command=cmd, env=[E('MYSQL_ROOT_PASSWORD', secret='erp-mysql', key='mysql-root-password')],
             r=res('250m', '512Mi', '2', '2Gi'), mounts=[('dumps', '/dumps')])
    c.pvc(ns, 'erp-dumps', '1Ti', 'vsphere-ssd', age='400d', node='kw-02')
    runs = []
    a0 = 3 * 86400 + 3 * 3600 + 10 * 60 + 44
    for k in (3, 2, 1):
        a = a0 + k * 7200
        runs.append({'at': a, 'status': 'complete', 'end': a - c.rng.randint(420, 560)})
    lab = {'app.kubernetes.io/component': 'backup', 'app.kubernetes.io/part-of': 'erp'}
    cj, jobs = c.cronjob(ns, 'erp-mysqldump', '0 */2 * * *', [bk], runs, policy='Forbid', restart='OnFailure', age='400d', labels=lab, volumes=[vol_pvc('dumps', 'erp-dumps')])
    for j, ps in jobs:
        for p in ps:
            p['spec']['nodeName'] = 'kw-02'
    a = a0
    jn = 'erp-mysqldump-%d' % int((c.snap - dt.timedelta(seconds=a)).replace(tzinfo=dt.timezone.utc).timestamp() // 60)
    j, ps = c.job(ns, jn, [bk], 'running', a, owner=c.oref(cj), labels=lab, restart='OnFailure', volumes=[vol_pvc('dumps', 'erp-dumps')],
                  pods=[[run(a - 4)]], node='kw-02', ann={'batch.kubernetes.io/cronjob-scheduled-timestamp': c.t(a)})
    cj['status']['active'] = [{'apiVersion': 'batch/v1', 'kind': 'Job', 'name': jn, 'namespace': ns, 'resourceVersion': j['metadata']['resourceVersion'], 'uid': j['metadata']['uid']}]
    cj['status']['lastScheduleTime'] = c.t(a)
    c.ev(cj, 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid', 'Normal', 37, '3d1h10m', '10m', comp='cronjob-controller')
    app(c, ns, 'erp-backend', 'harbor.%s/erp/erp-backend:24.9.2' % c.domain, replicas=3, env=[E('DB_HOST', 'erp-mysql-primary'), E('DB_PASSWORD', secret='erp-mysql', key='mysql-password')], age='400d')
    c.fill_opts = {'exclude': ('mysql',)}
    c.noise_opts = {'cron': False}
    return T(c, '', 'No new ERP MySQL dumps for three days; the two-hourly dump schedule seems to have stopped on its own.',
             'Job', ns, jn,
             'The erp-mysqldump CronJob (concurrencyPolicy Forbid, no activeDeadlineSeconds) has had Job %s active for ~3 days; earlier runs finished in 7-9 minutes. Its mysqldump '
             'pod is still Running (hung dump), so every two hours the controller logs JobAlreadyActive and skips the run. Delete the hung Job (and add activeDeadlineSeconds to the '
             'job template) so the schedule resumes.' % jn)


# ============================================================================================================ k7-26
@incident('k7-26', 'cronjob-template-missing-limits-under-quota', 'OpenShift (ROSA HCP)', '2024-09-12T08:42:18Z')
def f26(c):
    platform(c, 'openshift', [('workers', 4, 'm5.2xlarge', '8', '32Gi', {})], region='us-east-1', age='380d')
    ns = 'hr-db'
    c.ns(ns, '330d', ann={'openshift.io/sa.scc.uid-range': '1000790000/10000', 'openshift.io/sa.scc.supplemental-groups': '1000790000/10000', 'openshift.io/sa.scc.mcs': 's0:c28,c17'})
    tier_mysql(c, ns, 'hr', secondaries=1, sc='gp3-csi', size='100Gi', age='320d')
    c.rq(ns, 'hr-db-compute', {'limits.cpu': '8', 'limits.memory': '24Gi', 'requests.cpu': '4', 'requests.memory': '12Gi', 'pods': '20'}, age='300d',
         labels={'app.kubernetes.io/managed-by': 'platform-quotas'})
    c.rq(ns, 'hr-db-storage', {'requests.storage': '1Ti', 'persistentvolumeclaims': '10'}, age='300d', labels={'app.kubernetes.io/managed-by': 'platform-quotas'})
    cmd = ['/bin/bash', '-c', 'set -euo pipefail\nmysqldump -h hr-mysql-primary -uroot -p"$MYSQL_ROOT_PASSWORD" --single-transaction --all-databases | gzip | aws s3 cp - s3://%s-hr-backups/hr-$(date +%%Y%%m%%d).sql.gz\n' % c.domain.split('.')[0]]
    env = [E('MYSQL_ROOT_PASSWORD', secret='hr-mysql', key='mysql-root-password')]
    newc = ctr('mysqldump', 'docker.io/bitnami/mysql:8.0.37-debian-12-r2', command=cmd, env=env)
    oldc = ctr('mysqldump', 'docker.io/bitnami/mysql:8.0.37-debian-12-r2', command=cmd, env=env, r=res('250m', '512Mi', '1', '1Gi'))
    runs = []
    for d in (4, 3, 2):
        t = c.snap.replace(hour=1, minute=0, second=0) - dt.timedelta(days=d)
        a = int((c.snap - t).total_seconds())
        runs.append({'at': a, 'status': 'complete', 'end': a - c.rng.randint(240, 420)})
    cj, jobs = c.cronjob(ns, 'hr-mysql-backup', '0 1 * * *', [newc], runs, policy='Forbid', age='300d', labels={'app.kubernetes.io/component': 'backup', 'app.kubernetes.io/part-of': 'hr'},
                         ann={'argocd.argoproj.io/tracking-id': 'hr-db:batch/CronJob:hr-db/hr-mysql-backup'})
    cj['metadata']['generation'] = 5
    for j, ps in jobs:
        j['spec']['template']['spec']['containers'][0]['resources'] = copy.deepcopy(oldc['resources'])
        for p in ps:
            p['spec']['containers'][0]['resources'] = copy.deepcopy(oldc['resources'])
            p['status']['qosClass'] = 'Burstable'
    t = c.snap.replace(hour=1, minute=0, second=0) - dt.timedelta(days=1)
    a = int((c.snap - t).total_seconds())
    jn = 'hr-mysql-backup-%d' % int(t.replace(tzinfo=dt.timezone.utc).timestamp() // 60)
    j, _ = c.job(ns, jn, [newc], 'running', a, owner=c.oref(cj), labels={'app.kubernetes.io/component': 'backup', 'app.kubernetes.io/part-of': 'hr'}, restart='OnFailure', pods=[],
                 ann={'batch.kubernetes.io/cronjob-scheduled-timestamp': c.t(a)})
    cj['status']['active'] = [{'apiVersion': 'batch/v1', 'kind': 'Job', 'name': jn, 'namespace': ns, 'resourceVersion': j['metadata']['resourceVersion'], 'uid': j['metadata']['uid']}]
    cj['status']['lastScheduleTime'] = c.t(a)
    c.ev(j, 'FailedCreate', 'Error creating: pods "%s-%s" is forbidden: failed quota: hr-db-compute: must specify limits.cpu for: mysqldump; limits.memory for: mysqldump' % (jn, c.sfx(5)),
         'Warning', 96, '%ds' % a, '3m', comp='job-controller')
    app(c, ns, 'hr-portal', 'image-registry.openshift-image-registry.svc:5000/hr-db/hr-portal:3.4.0', replicas=2, r=res('100m', '256Mi', '500m', '512Mi'),
        env=[E('DB_HOST', 'hr-mysql-primary'), E('DB_PASSWORD', secret='hr-mysql', key='mysql-password')], age='300d')
    c.fill_opts = {'exclude': ('mysql',)}
    c.noise_opts = {'cron': False, 'evicted': False}
    return T(c, '', 'HR MySQL backups: nothing uploaded for the last two nights, and there is no backup pod at all - not even a failed one.',
             'CronJob', ns, 'hr-mysql-backup',
             'Job %s (from hr-mysql-backup) has 0 pods; job-controller reports FailedCreate "failed quota: hr-db-compute: must specify limits.cpu ... limits.memory for: mysqldump". '
             'The namespace quota (in place for months) tracks limits, and every other pod there sets them; the CronJob template was changed (generation 5) and its container lost its '
             'resources block - the successful runs from 2-4 days ago still show requests/limits. Because the stuck Job counts as active and concurrencyPolicy is Forbid, no further runs start. '
             'Restore resources on the CronJob template and delete the stuck Job.' % jn)


# ============================================================================================================ k7-27
@incident('k7-27', 'schema-migration-job-pinned-to-stale-image', 'GKE', '2024-11-27T16:41:52Z', hard=True)
def f27(c):
    platform(c, 'gke', [('default-pool', 4, 'e2-standard-8', '8', '32Gi', {})], region='us-east1', age='410d')
    ns = 'orders'
    ensure_ns(c, ns, '390d')
    tier_cnpg(c, ns, 'orders-db', instances=3, sc='premium-rwo', size='200Gi')
    reg = 'us-docker.pkg.dev/%s/apps/' % c.gcp_project
    env = [E('DB_HOST', 'orders-db-rw'), E('DB_NAME', 'app'), E('DB_USER', secret='orders-db-app', key='username'), E('DB_PASSWORD', secret='orders-db-app', key='password')]
    sel = {'app.kubernetes.io/instance': 'orders-api', 'app.kubernetes.io/name': 'orders-api'}
    lab = dict(sel, **{'app.kubernetes.io/part-of': 'orders', 'argocd.argoproj.io/instance': 'orders'})
    mk = lambda v: [ctr('orders-api', reg + 'orders-api:' + v, ports=[('http', 8000)], env=env, r=res('250m', '512Mi', None, '1Gi'),
                        ready=probe('http', 'http', '/healthz', delay=5), command=['gunicorn', 'orders.wsgi', '-b', '0.0.0.0:8000', '-w', '4'])]
    init = lambda v: [ctr('wait-for-migrations', reg + 'orders-api:' + v, command=['python', '-m', 'orders.tools.wait_for_schema', '--expect-head', '--poll-interval', '10', '--timeout', '0'], env=env, r=res('50m', '128Mi'))]
    c.sa(ns, 'orders-api', age='380d')
    old_tm = c.tmpl(dict(sel, **{'app.kubernetes.io/part-of': 'orders'}), mk('2.14.3'), init=init('2.14.3'), sa='orders-api')
    d, rs, ps = c.deploy(ns, 'orders-api', 3, mk('2.15.0'), sel, labels=lab, plabels={'app.kubernetes.io/part-of': 'orders'}, sa='orders-api', age='380d', init=init('2.15.0'),
                         old_rs=8, old_template=old_tm, old_pods=3, old_pod_ages=['6d', '6d', '6d'], rs_age='42m', pod_ages=['41m'], new_count=1,
                         states=[[wait('PodInitializing')]], init_states=[run('41m')], progress='deadline',
                         strategy={'rollingUpdate': {'maxSurge': 1, 'maxUnavailable': 0}, 'type': 'RollingUpdate'},
                         ann={'argocd.argoproj.io/tracking-id': 'orders:apps/Deployment:orders/orders-api'})
    rs['spec']['replicas'] = 1
    c.svc(ns, 'orders-api', sel, [('http', 80, 'http')], labels=lab, age='380d')
    c.ev(d, 'ScalingReplicaSet', 'Scaled up replica set %s to 1' % rs['metadata']['name'], 'Normal', 1, '42m', comp='deployment-controller')
    msg = ('INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\nINFO  [alembic.runtime.migration] Will assume transactional DDL.\n'
           'ERROR [alembic.util.messaging] Can\'t locate revision identified by \'e3b9c41d7a22\'\n  FAILED: Can\'t locate revision identified by \'e3b9c41d7a22\'\n')
    jl = {'app.kubernetes.io/name': 'orders-db-migrate', 'app.kubernetes.io/part-of': 'orders', 'argocd.argoproj.io/instance': 'orders'}
    pods = []
    for k in range(3):
        s0 = parse_age('42m') - 20 - k * 40
        pods.append([done(s0 - 2, s0 - 9, 255, 'Error', msg)])
    j, jps = c.job(ns, 'orders-db-migrate', [ctr('migrate', reg + 'orders-api:2.14.0', command=['alembic', 'upgrade', 'head'], env=env, r=res('100m', '256Mi'))], 'failed', '42m', '40m',
                   labels=jl, backoff=2, pods=pods, ann={'argocd.argoproj.io/tracking-id': 'orders:batch/Job:orders/orders-db-migrate', 'argocd.argoproj.io/sync-wave': '-1'})
    c.ev(j, 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', 'Warning', 1, '40m', comp='job-controller')
    app(c, ns, 'orders-worker', reg + 'orders-worker:2.14.3', replicas=2, port=None, env=env, age='380d')
    c.fill_opts = {'exclude': ('cnpg',), 'prefer': ('gitops',)}
    return T(c, '', 'Today\'s orders release has been stuck for 40 minutes: the new orders pod never gets past its init step waiting for the schema, and the schema change did not apply.',
             'Job', ns, 'orders-db-migrate',
             'The new orders-api pod (2.15.0) sits in Init waiting for the alembic head. The migration Job orders-db-migrate failed (BackoffLimitExceeded) with "Can\'t locate revision '
             'identified by e3b9c41d7a22": it runs image orders-api:2.14.0, older than both the new release and the 2.14.3 code that already migrated the database, so it does not know '
             'the current DB revision. Fix the Job image to 2.15.0 and re-run it; the rollout then completes.')


# ============================================================================================================ k7-28
@incident('k7-28', 'statefulset-update-renames-mongodb-replica-set', 'AKS', '2024-08-29T10:27:03Z')
def f28(c):
    platform(c, 'aks', [('system', 2, 'Standard_D4s_v5', '4', '16Gi', {'mode': 'System'}), ('data', 3, 'Standard_E8s_v5', '8', '64Gi', {})], region='francecentral', age='360d')
    ns = 'catalog'
    ensure_ns(c, ns, '330d')
    msg = ('{"t":{"$date":"2024-08-29T10:2%d:4%d.118+00:00"},"s":"I",  "c":"REPL",     "id":21311,   "ctx":"initandlisten","msg":"Did not find local initialized voted for document at startup"}\n'
           '{"t":{"$date":"2024-08-29T10:2%d:4%d.121+00:00"},"s":"E",  "c":"REPL",     "id":21414,   "ctx":"initandlisten","msg":"Locally stored replica set configuration is invalid; See http://www.mongodb.org/dochub/core/recover-replica-set-from-invalid-config for information on how to recover from this","attr":{"error":{"code":93,"codeName":"InvalidReplicaSetConfig","errmsg":"Local replica set configuration document reports set name of rs0, but command line reports catalog-rs"}}}\n'
           '{"t":{"$date":"2024-08-29T10:2%d:4%d.121+00:00"},"s":"F",  "c":"ASSERT",   "id":23091,   "ctx":"initandlisten","msg":"Fatal assertion","attr":{"msgid":50923,"file":"src/mongo/db/repl/replication_coordinator_impl.cpp","line":717}}\n'
           '{"t":{"$date":"2024-08-29T10:2%d:4%d.121+00:00"},"s":"F",  "c":"ASSERT",   "id":23092,   "ctx":"initandlisten","msg":"\\n\\n***aborting after fassert() failure\\n\\n"}\n') % tuple([5, 1] * 4)

    def upd_env(env):
        return [dict(e, value='catalog-rs') if e['name'] == 'MONGODB_REPLICA_SET_NAME' else e for e in env]
    st = [[run('52d')], [run('52d')], crashes(c, msg, 1, (11, 13), 14)[0]]
    w, pods = tier_mongo(c, ns, 'catalog', replicas=3, sc='managed-csi-premium', size='256Gi', pool='data', states=st, update=({2}, None), upd_env=upd_env,
                         pod_ages=['52d', '52d', '38m'])
    w['spec']['template']['spec']['containers'][0]['env'] = upd_env(w['spec']['template']['spec']['containers'][0]['env'])
    p = pods[2]
    p['spec']['containers'][0]['env'] = upd_env(p['spec']['containers'][0]['env'])
    bo(c, p, 'mongodb', '36m')
    c.helm(ns, 'catalog', version=14, age='39m')
    app(c, ns, 'catalog-api', 'catalogacr.azurecr.io/catalog/catalog-api:8.3.0', replicas=3, env=[E('MONGODB_URI', secret='catalog-mongodb-uri', key='uri')], age='320d')
    c.secret(ns, 'catalog-mongodb-uri', ['uri'], age='320d')
    c.fill_opts = {'exclude': ('catalog',)}
    return T(c, '', 'After this morning\'s chart upgrade the catalog MongoDB is running on two members; the third keeps crashing with a fatal assertion about its replica set config.',
             'StatefulSet', ns, 'catalog-mongodb',
             'The StatefulSet rollout (updateRevision != currentRevision) changed MONGODB_REPLICA_SET_NAME from rs0 to catalog-rs. The first updated pod, catalog-mongodb-2, aborts with '
             '"Local replica set configuration document reports set name of rs0, but command line reports catalog-rs"; the rolling update stalls there, leaving two members on the old '
             'revision. Revert the replica set name in the StatefulSet template (helm values) and let the pod restart.')


# ============================================================================================================ k7-29
@incident('k7-29', 'statefulset-references-removed-custom-scheduler', 'kubeadm (vSphere, Calico)', '2025-05-06T07:33:50Z', hard=True)
def f29(c):
    kubeadm_cluster(c, [('worker', 5, None, '8', '32Gi', {'names': ['wrk-%02d' % i for i in range(1, 6)]})], cni='calico', net='10.30.2.', cp=3)
    ns = 'telemetry'
    ensure_ns(c, ns, '500d')
    c.helm(ns, 'telemetry', version=17, age='150d')
    sel = sel_of('mariadb-galera', 'telemetry')
    lab = helm_labels('mariadb-galera', 'telemetry', 'mariadb-galera-13.2.5', '11.3.2')
    c.secret(ns, 'telemetry-mariadb-galera', ['mariadb-galera-mariabackup-password', 'mariadb-password', 'mariadb-root-password'], labels=lab, age='480d')
    c.cm(ns, 'telemetry-mariadb-galera-configuration', {'my.cnf': '[client]\nport=3306\nsocket=/opt/bitnami/mariadb/tmp/mysql.sock\n\n[mysqld]\ndefault_storage_engine=InnoDB\nbasedir=/opt/bitnami/mariadb\ndatadir=/bitnami/mariadb/data\nport=3306\nmax_allowed_packet=16M\nbind-address=0.0.0.0\ninnodb_buffer_pool_size=4G\n\n[galera]\nwsrep_on=ON\nwsrep_provider=/opt/bitnami/mariadb/lib/libgalera_smm.so\nwsrep_sst_method=mariabackup\nwsrep_slave_threads=4\nwsrep_cluster_address=gcomm://\nwsrep_sst_auth="mariabackup:"\nbinlog_format=row\n'}, labels=lab, age='480d')
    c.sa(ns, 'telemetry-mariadb-galera', labels=lab, automount=False, age='480d')
    env = [E('MY_POD_NAME', field='metadata.name'), E('BITNAMI_DEBUG', 'false'), E('MARIADB_DEFAULT_PORT_NUMBER', '3306'), E('MARIADB_GALERA_CLUSTER_NAME', 'galera'),
           E('MARIADB_GALERA_CLUSTER_ADDRESS', 'gcomm://telemetry-mariadb-galera-0.telemetry-mariadb-galera-headless.telemetry.svc.cluster.local,telemetry-mariadb-galera-1.telemetry-mariadb-galera-headless.telemetry.svc.cluster.local,telemetry-mariadb-galera-2.telemetry-mariadb-galera-headless.telemetry.svc.cluster.local'),
           E('MARIADB_ROOT_PASSWORD', secret='telemetry-mariadb-galera', key='mariadb-root-password'), E('MARIADB_USER', 'telemetry'), E('MARIADB_PASSWORD', secret='telemetry-mariadb-galera', key='mariadb-password'),
           E('MARIADB_DATABASE', 'telemetry'), E('MARIADB_GALERA_MARIABACKUP_USER', 'mariabackup'), E('MARIADB_GALERA_MARIABACKUP_PASSWORD', secret='telemetry-mariadb-galera', key='mariadb-galera-mariabackup-password'),
           E('MARIADB_ENABLE_LDAP', 'no'), E('MARIADB_ENABLE_TLS', 'no')]
    pr = ['bash', '-ec', 'password_aux="${MARIADB_ROOT_PASSWORD:-}"\nif [[ -f "${MARIADB_ROOT_PASSWORD_FILE:-}" ]]; then\n    password_aux=$(cat "$MARIADB_ROOT_PASSWORD_FILE")\nfi\nexec mysql -u"${MARIADB_ROOT_USER}" -p"${password_aux}" -e "select * from mysql.wsrep_cluster_members;"\n']
    w, ps = comp(c, ns, 'telemetry-mariadb-galera', 'docker.io/bitnami/mariadb-galera:11.3.2-debian-12-r5', kind='sts', replicas=3,
                 ports=[('mysql', 3306), ('galera', 4567), ('ist', 4568), ('sst', 4444)], sel=sel, labels=lab, sa='telemetry-mariadb-galera', env=env,
                 r=res('1', '6Gi', '2', '6Gi'), ready=probe('exec', cmd=pr, delay=30, period=10, timeout=1), live=probe('exec', cmd=pr, delay=120, period=10, timeout=1),
                 vct=[{'name': 'data', 'size': '400Gi', 'sc': 'vsphere-ssd', 'labels': sel}], mounts=[('data', '/bitnami/mariadb'), ('mariadb-galera-config', '/bitnami/conf/my.cnf')],
                 volumes=[vol_cm('mariadb-galera-config', 'telemetry-mariadb-galera-configuration')],
                 spec={'schedulerName': 'stork', 'securityContext': {'fsGroup': 1001}, 'automountServiceAccountToken': False,
                       'affinity': {'podAntiAffinity': {'preferredDuringSchedulingIgnoredDuringExecution': [{'podAffinityTerm': {'labelSelector': {'matchLabels': sel}, 'topologyKey': 'kubernetes.io/hostname'}, 'weight': 1}]}}},
                 age='480d', states=[[run('63d')], [run('63d')], ('pending', None)], pod_ages=['63d', '63d', '2h17m'], svc=False, sts_svc='telemetry-mariadb-galera-headless', pmp='OrderedReady')
    w['spec']['template']['spec']['containers'][0]['name'] = 'mariadb-galera'
    for p in ps:
        p['spec']['containers'][0]['name'] = 'mariadb-galera'
        for cs in p['status'].get('containerStatuses', []):
            cs['name'] = 'mariadb-galera'
    c.svc(ns, 'telemetry-mariadb-galera', sel, [('mysql', 3306, 'mysql')], labels=lab, age='480d')
    c.svc(ns, 'telemetry-mariadb-galera-headless', sel, [('galera', 4567, 'galera'), ('ist', 4568, 'ist'), ('sst', 4444, 'sst')], headless=True, pnr=True, labels=lab, age='480d')
    app(c, ns, 'telemetry-ingest', 'harbor.%s/iot/telemetry-ingest:6.1.2' % c.domain, replicas=3, env=[E('DB_HOST', 'telemetry-mariadb-galera'), E('DB_PASSWORD', secret='telemetry-mariadb-galera', key='mariadb-password')], age='450d')
    c.fill_opts = {'exclude': ('mysql',)}
    return T(c, '', 'Galera cluster for telemetry has been running on 2 of 3 nodes since the kernel patching this morning; the third pod sits in Pending with no events and no reason.',
             'StatefulSet', ns, 'telemetry-mariadb-galera',
             'telemetry-mariadb-galera-2 (recreated 2h17m ago) is Pending with no PodScheduled condition and no FailedScheduling events: no scheduler has ever looked at it. The StatefulSet '
             'template sets schedulerName: stork, a leftover from the Portworx era; nothing named stork runs in the cluster any more, so only the default-scheduler exists. The other two '
             'members were scheduled before Stork was removed. Remove schedulerName from the StatefulSet template (and recreate the pending pod).')


# ============================================================================================================ k7-30
@incident('k7-30', 'statefulset-references-missing-priorityclass', 'EKS', '2024-05-15T15:58:26Z')
def f30(c):
    platform(c, 'eks', [('general', 3, 'm6i.xlarge', '4', '16Gi', {}), ('streaming', 3, 'r6i.xlarge', '4', '32Gi', {})], region='eu-central-1', k8s='1.29', age='350d')
    ns = 'streaming'
    ensure_ns(c, ns, '330d')
    c.helm(ns, 'events', version=21, age='26m')
    sel = sel_of('kafka', 'events', 'controller-eligible')
    lab = helm_labels('kafka', 'events', 'kafka-29.3.4', '3.7.0', 'controller-eligible', {'app.kubernetes.io/part-of': 'kafka'})
    c.secret(ns, 'events-kafka-kraft-cluster-id', ['kraft-cluster-id'], labels=lab, age='320d')
    c.secret(ns, 'events-kafka-user-passwords', ['client-passwords', 'controller-password', 'inter-broker-password', 'system-user-password'], labels=lab, age='320d')
    c.cm(ns, 'events-kafka-controller-configuration', {'server.properties': '# Listeners configuration\nlisteners=CLIENT://:9092,INTERNAL://:9094,CONTROLLER://:9093\nadvertised.listeners=CLIENT://advertised-address-placeholder:9092,INTERNAL://advertised-address-placeholder:9094\nlistener.security.protocol.map=CLIENT:SASL_PLAINTEXT,INTERNAL:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT\n# KRaft process roles\nprocess.roles=controller,broker\ncontroller.listener.names=CONTROLLER\ncontroller.quorum.voters=0@events-kafka-controller-0.events-kafka-controller-headless.streaming.svc.cluster.local:9093,1@events-kafka-controller-1.events-kafka-controller-headless.streaming.svc.cluster.local:9093,2@events-kafka-controller-2.events-kafka-controller-headless.streaming.svc.cluster.local:9093\nmin.insync.replicas=2\ndefault.replication.factor=3\noffsets.topic.replication.factor=3\ntransaction.state.log.replication.factor=3\n'},
         labels=lab, age='320d')
    c.sa(ns, 'events-kafka', labels=lab, automount=False, age='320d')
    env = [E('BITNAMI_DEBUG', 'false'), E('KAFKA_HEAP_OPTS', '-Xmx4g -Xms4g'), E('KAFKA_KRAFT_CLUSTER_ID', secret='events-kafka-kraft-cluster-id', key='kraft-cluster-id'),
           E('KAFKA_KRAFT_BOOTSTRAP_SCRAM_USERS', 'true'), E('KAFKA_CLIENT_USERS', 'events'), E('KAFKA_CLIENT_PASSWORDS', secret='events-kafka-user-passwords', key='client-passwords')]
    w, ps = comp(c, ns, 'events-kafka-controller', 'docker.io/bitnami/kafka:3.7.0-debian-12-r6', kind='sts', replicas=3, ports=[('controller', 9093), ('client', 9092), ('interbroker', 9094)],
                 sel=sel, labels=lab, sa='events-kafka', env=env, r=res('1', '6Gi', '2', '6Gi'), ready=probe('tcp', 'controller', delay=10, period=10, timeout=5, fail=6),
                 live=probe('exec', cmd=['pgrep', '-f', 'kafka'], delay=10, period=10, timeout=5, fail=3),
                 vct=[{'name': 'data', 'size': '500Gi', 'sc': 'gp3', 'labels': sel}], mounts=[('data', '/bitnami/kafka'), ('kafka-config', '/config')],
                 volumes=[vol_cm('kafka-config', 'events-kafka-controller-configuration')], pool='streaming', spec={'automountServiceAccountToken': False, 'securityContext': {'fsGroup': 1001}},
                 age='320d', pod_ages=['44d', '44d'], svc=False, sts_svc='events-kafka-controller-headless', pmp='Parallel', update=(set(), None), pod_count=2)
    c.sts  # noqa
    for k in [w['spec']['template']['spec']] + [p['spec'] for p in ps]:
        k['containers'][0]['name'] = 'kafka'
    for p in ps:
        for cs in p['status'].get('containerStatuses', []):
            cs['name'] = 'kafka'
    w['spec']['template']['spec']['priorityClassName'] = 'kafka-critical'
    w['spec']['template']['metadata']['annotations'] = {'checksum/configuration': c.hx(64)}
    c.svc(ns, 'events-kafka', {k: v for k, v in sel.items() if k != 'app.kubernetes.io/component'}, [('tcp-client', 9092, 'client')], labels=lab, age='320d')
    c.svc(ns, 'events-kafka-controller-headless', sel, [('tcp-interbroker', 9094, 'interbroker'), ('tcp-client', 9092, 'client'), ('tcp-controller', 9093, 'controller')], headless=True, pnr=True, labels=lab, age='320d')
    c.ev(w, 'FailedCreate', 'create Pod events-kafka-controller-2 in StatefulSet events-kafka-controller failed error: pods "events-kafka-controller-2" is forbidden: no PriorityClass with name kafka-critical was found',
         'Warning', 44, '25m', '28s', comp='statefulset-controller')
    c.ev(w, 'SuccessfulDelete', 'delete Pod events-kafka-controller-2 in StatefulSet events-kafka-controller successful', 'Normal', 1, '25m', comp='statefulset-controller')
    ensure_ns(c, 'orders', '300d')
    app(c, 'orders', 'order-events-consumer', '%s.dkr.ecr.eu-central-1.amazonaws.com/orders/order-events-consumer:3.3.1' % c.aws_account, replicas=2, port=None,
        env=[E('KAFKA_BOOTSTRAP', 'events-kafka.streaming.svc.cluster.local:9092')], age='290d')
    tier_cnpg(c, 'orders', 'orders-db', instances=2, size='80Gi')
    c.fill_opts = {'exclude': ('kafka', 'cnpg')}
    return T(c, '', 'Our Kafka cluster dropped to two brokers after this afternoon\'s chart upgrade and we have under-replicated partitions; the third broker pod does not exist at all.',
             'StatefulSet', ns, 'events-kafka-controller',
             'The upgrade changed the StatefulSet template (new updateRevision) and added priorityClassName: kafka-critical. The rolling update deleted events-kafka-controller-2 first, and '
             'statefulset-controller now fails to recreate it: FailedCreate "no PriorityClass with name kafka-critical was found". Remove the priorityClassName from the StatefulSet '
             '(or create that PriorityClass) so pod 2 can be recreated.')


if __name__ == '__main__':
    main()
