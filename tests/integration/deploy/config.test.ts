import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { composeNginxConfig } from '../../../scripts/nginx-config.mjs';
import { CONFIG_KEYS, parseConfig } from '../../../server/config.ts';
import { paths } from '../../../server/paths.ts';
import { startTestApp } from '../../helpers/app.ts';

const root = paths().root;
const { app } = await startTestApp();
const deploy = (...parts: string[]) => join(root, 'deploy', ...parts);
const read = (...parts: string[]) => readFileSync(deploy(...parts), 'utf8');

interface EnvVar {
  name: string;
  value?: string;
}
interface K8sDoc {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec: Record<string, unknown>;
}

function k8s(): K8sDoc[] {
  return readdirSync(deploy('k8s'))
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => parseAllDocuments(readFileSync(deploy('k8s', f), 'utf8')).map((d) => d.toJS() as K8sDoc));
}
const promtool = () => {
  const found = spawnSync('sh', ['-c', 'command -v promtool']).status === 0;
  if (!found && process.env.REQUIRE_STACK === '1') throw new Error('REQUIRE_STACK=1 but promtool (prometheus) missing');
  return found;
};

/** Metric names an expression uses (identifiers followed by a selector or a range), without histogram suffixes. */
const metricNames = (expr: string) =>
  [...expr.matchAll(/\b([a-z_][a-z0-9_]*)\s*(?=\{|\[)/g)]
    .map((m) => m[1]!)
    .filter((name) => !['by', 'rate', 'sum', 'max', 'clamp_min', 'histogram_quantile'].includes(name))
    .map((name) => name.replace(/_(bucket|count|sum)$/, ''));

describe('deploy/k8s', () => {
  const docs = k8s();
  const deployment = docs.find((d) => d.kind === 'Deployment')!;
  type Container = {
    env: EnvVar[];
    ports: Array<{ name: string; containerPort: number }>;
    livenessProbe: { httpGet: { path: string; port: string } };
    readinessProbe: { httpGet: { path: string; port: string } };
    startupProbe: { httpGet: { path: string; port: string } };
    lifecycle: { preStop: unknown };
    resources: { requests: unknown };
  };
  const pod = deployment.spec.template as {
    metadata: { labels: Record<string, string> };
    spec: { containers: Container[] };
  };
  const container = pod.spec.containers[0]!;

  it('has a Deployment, Service, HorizontalPodAutoscaler and PodDisruptionBudget for the same pods', () => {
    expect(docs.map((d) => d.kind).sort()).toEqual([
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Service',
    ]);
    const selects = (selector: Record<string, string>) =>
      Object.entries(selector).every(([k, v]) => pod.metadata.labels[k] === v);
    const service = docs.find((d) => d.kind === 'Service')!;
    expect(selects(service.spec.selector as Record<string, string>)).toBe(true);
    const pdb = docs.find((d) => d.kind === 'PodDisruptionBudget')!;
    expect(selects((pdb.spec.selector as { matchLabels: Record<string, string> }).matchLabels)).toBe(true);
    const hpa = docs.find((d) => d.kind === 'HorizontalPodAutoscaler')!;
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata.name });
    expect(container.lifecycle.preStop).toBeDefined();
    expect(container.resources.requests).toBeDefined();
  });

  const envConfig = () =>
    parseConfig(Object.fromEntries(container.env.filter((e) => e.value !== undefined).map((e) => [e.name, e.value])));

  it('sets only variables the server reads, valid for it', () => {
    for (const { name } of container.env) expect(CONFIG_KEYS).toContain(name);
    envConfig();
  });

  it('listens where its Service and probes point, on paths the server answers with 200', async () => {
    const config = envConfig();
    const http = container.ports.find((p) => p.name === 'http')!;
    expect(http.containerPort).toBe(config.PORT);
    const service = docs.find((d) => d.kind === 'Service')!;
    expect((service.spec.ports as Array<{ targetPort: string }>)[0]!.targetPort).toBe('http');
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    for (const probe of [container.livenessProbe, container.readinessProbe])
      expect((await app.inject({ url: probe.httpGet.path })).statusCode).toBe(200);
  });
});

describe('docker-compose.yml', () => {
  const compose = () =>
    parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string>; deploy?: { replicas: number } }>;
    };

  it('describes nginx, the BFF replicas, Redis, Prometheus and Grafana', () => {
    const { services } = compose();
    expect(Object.keys(services).sort()).toEqual(['bff', 'grafana', 'nginx', 'prometheus', 'redis']);
    expect(services.bff!.deploy?.replicas).toBeGreaterThan(1);
  });

  it('gives the BFF only variables the server reads', () => {
    const bff = compose().services.bff!;
    for (const name of Object.keys(bff.environment ?? {})) expect(CONFIG_KEYS).toContain(name);
  });

  it('wires the BFF to Redis, and nginx to the BFF', () => {
    const bff = compose().services.bff!;
    expect(bff.environment?.REDIS_URL).toBe('redis://redis:6379');
    expect(read('nginx', 'nginx.conf')).toContain(`server bff:${bff.environment?.PORT} `);
  });
});

describe('deploy/nginx', () => {
  it('nginx.conf is the template rendered for docker-compose (node scripts/nginx-config.mjs)', () => {
    expect(read('nginx', 'nginx.conf')).toBe(composeNginxConfig());
  });

  it('keeps no copies of what the BFF serves: no proxy cache, in either variant (ADR 0122)', () => {
    for (const text of [composeNginxConfig(), composeNginxConfig({ behindVarnish: true })])
      expect(text).not.toMatch(/^\s*(proxy_cache|auth_request)/m);
  });
});

describe('deploy/prometheus and deploy/grafana', () => {
  it.skipIf(!promtool())('promtool accepts the alert rules and the scrape config', () => {
    const rules = spawnSync('promtool', ['check', 'rules', deploy('prometheus', 'alerts.yml')], { encoding: 'utf8' });
    expect(rules.stdout + rules.stderr).toContain('SUCCESS');
    expect(rules.status).toBe(0);
    const config = spawnSync('promtool', ['check', 'config', deploy('prometheus', 'prometheus.yml')], {
      encoding: 'utf8',
    });
    expect(config.status).toBe(0);
  });

  it('alerts and dashboard panels use metrics the BFF exports', async () => {
    const exported = new Set([...(await app.metrics.metrics()).matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!));
    const alerts = parse(read('prometheus', 'alerts.yml')) as {
      groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
    };
    const dashboard = JSON.parse(read('grafana', 'dashboard.json')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const exprs = [
      ...alerts.groups.flatMap((g) => g.rules.map((r) => r.expr)),
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
    ];
    // upstream_breaker_open is exported by the upstream circuit breaker (edge hardening)
    const used = new Set(exprs.flatMap(metricNames).filter((name) => name !== 'upstream_breaker_open'));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
    expect(alerts.groups[0]!.rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'PortalHigh5xxRatio',
        'PortalUpstreamBreakerOpen',
        'PortalCacheHitRatioDrop',
        'PortalSlowP99',
        'PortalEventLoopLag',
        'PortalLcpP75Slow',
      ]),
    );
  });
});
