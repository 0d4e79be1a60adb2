import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServer, type TestServer } from '../../support/server';
import { parseYaml } from '../../support/yaml-lite';

/*
 * deploy/alerts.yml: every expression reads metrics this server exports (a renamed metric would
 * leave an alert that never fires), every alert says how bad it is and where the runbook's answer
 * is, and, where promtool is installed (.ci/run installs it), the rules load and fire on the
 * series they are meant for and stay quiet on the others.
 */
const ROOT = join(import.meta.dirname, '../../..');
const RULES = join(ROOT, 'deploy/alerts.yml');
interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; runbook: string };
}
const rules = (
  parseYaml(readFileSync(RULES, 'utf8')) as unknown as { groups: Array<{ name: string; rules: Rule[] }> }
).groups.flatMap((g) => g.rules);
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;

/** The metric names an expression reads: label matchers, strings and ranges taken out first. */
const metricsIn = (expr: string) => [
  ...new Set(
    expr
      .replace(/"[^"]*"/g, '')
      .replace(/\{[^}]*\}/g, '')
      .replace(/\[[^\]]*\]/g, '')
      .match(/\b(club_\w+|up|ALERTS)\b/g) ?? [],
  ),
];

/** GitHub's anchor of a Markdown heading. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

describe('deploy/alerts.yml', () => {
  let s: TestServer;
  let exported: Map<string, string>;
  beforeAll(async () => {
    s = await makeTestServer();
    const text = await (await s.app.request('/metrics')).text();
    exported = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
  });
  afterAll(() => s.close());

  it('covers what the runbook answers: readiness, 5xx, p99, the database pool, the outbox’s keys, the SMS budget, refunds', () => {
    const names = rules.map((r) => r.alert);
    expect(rules.length).toBeGreaterThanOrEqual(12);
    expect(new Set(names).size).toBe(names.length);
    const read = rules.flatMap((r) => metricsIn(r.expr));
    for (const m of [
      'club_ready',
      'club_http_requests_total',
      'club_http_request_duration_seconds_bucket',
      'club_db_pool_wait_seconds_bucket',
      'club_idempotency_requests_total',
      'club_sms_budget_used',
      'club_sms_refused_total',
      'club_payment_refunds_open',
    ]) {
      expect(read, m).toContain(m);
    }
    expect(rules.map((r) => r.expr).join('\n')).toMatch(/outcome="in_progress"[\s\S]*outcome="taken_over"/);
  });

  it('reads only metrics the server exports (a histogram by its buckets), or Prometheus’s own', () => {
    for (const rule of rules) {
      for (const name of metricsIn(rule.expr)) {
        if (name === 'up' || name === 'ALERTS') continue;
        const base = name.replace(/_(bucket|sum|count)$/, '');
        const type = exported.get(name) ?? exported.get(base);
        expect(type, `${rule.alert}: ${name}`).toBeDefined();
        if (name !== base && !exported.has(name)) expect(type, `${rule.alert}: ${name}`).toBe('histogram');
      }
    }
  });

  it('gives every alert a severity, a summary and the runbook section that answers it', () => {
    const runbook = readFileSync(join(ROOT, 'docs/runbook.md'), 'utf8');
    const anchors = new Set([...runbook.matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]!)));
    for (const rule of rules) {
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      const [file, section] = rule.annotations.runbook.split('#');
      expect(file, rule.alert).toBe('docs/runbook.md');
      expect(anchors.has(section!), `${rule.alert}: #${section}`).toBe(true);
    }
  });

  it.runIf(hasPromtool)('loads in Prometheus (promtool check rules)', () => {
    const r = spawnSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    expect(r.stdout + r.stderr, r.stderr).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(r.status).toBe(0);
  });

  it.runIf(hasPromtool)('fires on the series it is meant for, and only those (promtool test rules)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-alerts-'));
    try {
      writeFileSync(join(dir, 'tests.yml'), promtoolTests());
      const r = spawnSync('promtool', ['test', 'rules', join(dir, 'tests.yml')], { encoding: 'utf8' });
      expect(r.status, r.stdout + r.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Input series (promtool's expanding notation, one sample a minute) and the alerts firing at a time. */
interface Scenario {
  name: string;
  series: Record<string, string>;
  at: Array<[minute: number, firing: Record<string, number>]>;
}

const job = (labels: string) => `{job="club",${labels}}`;
/** Both instances ready: the scenarios that are not about readiness. */
const READY = { [`club_ready${job('instance="a"')}`]: '1x120', [`club_ready${job('instance="b"')}`]: '1x120' };

const SCENARIOS: Scenario[] = [
  {
    name: 'every instance not ready (the database away)',
    series: { [`club_ready${job('instance="a"')}`]: '0x20', [`club_ready${job('instance="b"')}`]: '0x20' },
    at: [
      [0, {}],
      [2, { ClubNoInstanceReady: 1 }],
      [6, { ClubNoInstanceReady: 1, ClubInstanceNotReady: 2 }],
    ],
  },
  {
    name: 'one instance not ready',
    series: { [`club_ready${job('instance="a"')}`]: '1x20', [`club_ready${job('instance="b"')}`]: '0x20' },
    at: [
      [4, {}],
      [6, { ClubInstanceNotReady: 1 }],
    ],
  },
  {
    name: 'no instance scraped at all',
    series: { [`up${job('instance="a"')}`]: '0x20', [`up${job('instance="b"')}`]: '0x20' },
    at: [[3, { ClubNoInstanceReady: 1, ClubInstanceDown: 2 }]],
  },
  {
    name: '4.8 % of answers 5xx',
    series: {
      ...READY,
      [`club_http_requests_total${job('route="/api/x",method="GET",status="200"')}`]: '0+1000x30',
      [`club_http_requests_total${job('route="/api/x",method="GET",status="500"')}`]: '0+50x30',
    },
    at: [
      [3, {}],
      [12, { ClubServerErrors: 1 }],
    ],
  },
  {
    name: '20 % of answers 5xx',
    series: {
      ...READY,
      [`club_http_requests_total${job('route="/api/x",method="GET",status="200"')}`]: '0+800x30',
      [`club_http_requests_total${job('route="/api/x",method="GET",status="503"')}`]: '0+200x30',
    },
    at: [[12, { ClubServerErrors: 1, ClubServerErrorsHigh: 1 }]],
  },
  {
    name: 'API answers take about a second',
    series: { ...READY, ...histogram('club_http_request_duration_seconds', 'route="/api/x",method="POST"', 1) },
    at: [
      [9, {}],
      [16, { ClubSlowAnswers: 1 }],
    ],
  },
  {
    name: 'static files take about a second (left out)',
    series: { ...READY, ...histogram('club_http_request_duration_seconds', 'route="asset",method="GET"', 1) },
    at: [[16, {}]],
  },
  {
    name: 'queries wait for pooled connections',
    series: {
      ...READY,
      ...histogram('club_db_pool_wait_seconds', 'instance="a"', 0.25),
      [`club_db_pool_waiting${job('instance="a"')}`]: '0x10 3x30',
    },
    at: [
      [8, {}],
      [16, { ClubDatabasePoolWaits: 1 }],
      [22, { ClubDatabasePoolWaits: 1, ClubDatabasePoolExhausted: 1 }],
    ],
  },
  {
    name: 'runs of dead instances taken over, and many sends told «still running»',
    series: {
      ...READY,
      [`club_idempotency_requests_total${job('instance="a",outcome="new"')}`]: '0+100x40',
      [`club_idempotency_requests_total${job('instance="a",outcome="in_progress"')}`]: '0+10x40',
      [`club_idempotency_requests_total${job('instance="a",outcome="taken_over"')}`]: '0+2x40',
    },
    at: [
      [5, {}],
      [25, { ClubKeysHeld: 1, ClubKeysTakenOver: 1 }],
    ],
  },
  {
    name: '90 % of the SMS budget spent, then codes refused for it',
    series: {
      ...READY,
      [`club_sms_budget_used${job('instance="a"')}`]: '900x20',
      [`club_sms_budget_per_hour${job('instance="a"')}`]: '1000x20',
      [`club_sms_refused_total${job('instance="a",limit="global"')}`]: '0x10 1x10',
    },
    at: [
      [4, {}],
      [8, { ClubSmsBudgetNearlySpent: 1 }],
      [12, { ClubSmsBudgetNearlySpent: 1, ClubSmsBudgetSpent: 1 }],
    ],
  },
  {
    name: 'SMS codes refused by the per-client limits',
    series: { ...READY, [`club_sms_refused_total${job('instance="a",limit="client"')}`]: '0+10x20' },
    at: [[12, { ClubSmsPumping: 1 }]],
  },
  {
    name: 'a refund due, then failing',
    series: {
      ...READY,
      [`club_payment_refunds_open${job('instance="a",status="refund_due"')}`]: '1x40 0x80',
      [`club_payment_refunds_open${job('instance="a",status="refund_failed"')}`]: '0x40 1x80',
    },
    at: [
      [20, {}],
      [35, { ClubRefundsDue: 1 }],
      [90, {}],
      [105, { ClubRefundsFailing: 1 }],
    ],
  },
];

/** A histogram whose every observation falls in the bucket ending at `seconds` (100 a minute). */
function histogram(name: string, labels: string, seconds: number): Record<string, string> {
  const bounds = ['0.001', '0.01', '0.1', '0.25', '0.5', '1', '2.5', '+Inf'];
  return Object.fromEntries(
    bounds.map((le) => [
      `${name}_bucket${job(`${labels},le="${le}"`)}`,
      le === '+Inf' || Number(le) >= seconds ? '0+100x40' : '0x40',
    ]),
  );
}

/** promtool's unit tests: at each time, the alerts firing, counted by name, are exactly those given. */
function promtoolTests(): string {
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const lines = ['rule_files:', `  - ${RULES}`, 'evaluation_interval: 1m', 'tests:'];
  for (const sc of SCENARIOS) {
    lines.push(`  # ${sc.name}`, '  - interval: 1m', '    input_series:');
    for (const [series, values] of Object.entries(sc.series))
      lines.push(`      - series: ${q(series)}`, `        values: ${q(values)}`);
    lines.push('    promql_expr_test:');
    for (const [minute, firing] of sc.at) {
      lines.push(
        '      - expr: count by (alertname) (ALERTS{alertstate="firing"})',
        `        eval_time: ${minute}m`,
        '        exp_samples:',
      );
      const entries = Object.entries(firing);
      if (!entries.length) lines[lines.length - 1] += ' []';
      for (const [alert, n] of entries)
        lines.push(`          - labels: ${q(`{alertname="${alert}"}`)}`, `            value: ${n}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
