import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import type { CallDef, CallResponse } from '../../src/contract/define';
import type { AppDeps, AppEnv, Member } from '../context';
import { ApiError, badRequest, unauthorized } from '../errors';
import { currentRevisions, type Revisions } from '../db/revisions';
import { memberOfBearer } from '../security/session-cache';
import { runIdempotent, type IdempotentRun } from './idempotency';
import { issueText } from './issue-text';
import { JsonText } from './json-text';
import { requestForm, requestText, type FormFields } from './request-body';

export type { FormFields };

export interface HandlerArgs<C extends CallDef> {
  /** The validated request: JSON body for POST, query string for GET, text fields for multipart. */
  input: z.output<C['request']>;
  c: Context<AppEnv>;
  deps: AppDeps;
  member: C['auth'] extends 'member' ? Member : Member | null;
  /** Multipart calls only: every form field, files included. */
  form: FormFields | null;
  /**
   * A mutation sent with an Idempotency-Key: lets a handler that writes in one transaction store
   * its answer in it (see IdempotentRun). Null otherwise.
   */
  idempotency: IdempotentRun | null;
}

/** What a handler answers: the response object, or the same already serialized (JsonText). */
export type HandlerResult<C extends CallDef> = CallResponse<C> | JsonText<CallResponse<C>>;

export type Handler<C extends CallDef> = (args: HandlerArgs<C>) => Promise<HandlerResult<C>>;

/**
 * The revisions of the server's cached data as of this request (server/db/revisions.ts), read at
 * most once per request: the bearer check and a handler's cache share them.
 */
export function requestRevisions(c: Context<AppEnv>): Promise<Revisions> {
  let revisions = c.get('revisions');
  if (!revisions) c.set('revisions', (revisions = currentRevisions(c.var.deps.db)));
  return revisions;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Reads the bearer token of a request and finds its member, or null. Checked against the
 * database's revocation state on every call (server/security/session-cache.ts).
 */
export async function resolveMember(c: Context<AppEnv>, deps: AppDeps): Promise<Member | null> {
  const header = c.req.header('authorization');
  if (!header) return null;
  const token = BEARER.exec(header)?.[1];
  if (!token) return null;
  const now = deps.clock.now().getTime();
  const { sessions } = await requestRevisions(c);
  return memberOfBearer(deps.db, token, now, sessions);
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  const path = issue.path.map(String).join('.');
  const text = issueText(issue, raw);
  return path ? `поле «${path}»: ${text}` : text;
}

/**
 * Path of the first string (value or key) holding U+0000, or null. PostgreSQL text cannot
 * store that character (error 22021), so such input is refused up front as a 400 rather than
 * failing in the database as a 500. Iterative: a deeply nested body cannot overflow the stack.
 */
function nulCharPath(raw: unknown): string | null {
  const stack: Array<[unknown, string]> = [[raw, '']];
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const at = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) return at;
        stack.push([v, at]);
      }
    }
  }
  return null;
}

/**
 * Validates `raw` against a call's request schema; a failure is a 400 naming the first bad field.
 * `nulFree`: the caller knows no string in `raw` holds U+0000 (see readRaw), so the search is skipped.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, raw: unknown, nulFree = false): z.output<S> {
  const nul = nulFree ? null : nulCharPath(raw);
  if (nul !== null) {
    throw badRequest('invalid_body', `Некоректні дані: ${nul ? `поле «${nul}»: ` : ''}недопустимий символ U+0000`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest('invalid_body', `Некоректні дані: ${first ? describeIssue(first, raw) : 'невідома помилка'}`);
  }
  return parsed.data;
}

/**
 * The request's fields (`raw`, validated next) and, for an Idempotency-Key's fingerprint, its
 * canonical text (`text`; null for a query string, whose text is built only when a keyed
 * mutation asks for it). `nulFree` when the text they came from shows no U+0000 can be in them:
 * a query string carries it only as `%00`, JSON only as the escape `\u0000` (JSON.parse refuses
 * the raw character).
 */
interface RawInput {
  raw: unknown;
  text: string | null;
  form: FormFields | null;
  nulFree: boolean;
}

/** A GET call's fields: its query string. */
function readQuery(c: Context<AppEnv>): RawInput {
  return { raw: c.req.query(), text: null, form: null, nulFree: !c.req.url.includes('%00') };
}

function fingerprintText(input: RawInput): string {
  return input.text ?? new URLSearchParams(input.raw as Record<string, string>).toString();
}

async function readBody(c: Context<AppEnv>, call: CallDef): Promise<RawInput> {
  if (call.multipart) return readForm(c);
  return jsonInput(await requestText(c));
}

function jsonInput(text: string): RawInput {
  if (!text.trim()) return { raw: {}, text, form: null, nulFree: true };
  try {
    return { raw: JSON.parse(text) as unknown, text, form: null, nulFree: !text.includes('\\u0000') };
  } catch {
    throw badRequest('bad_json', 'Тіло запиту не є коректним JSON');
  }
}

async function readForm(c: Context<AppEnv>): Promise<RawInput> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('multipart/form-data') && !type.includes('application/x-www-form-urlencoded')) {
    throw badRequest('invalid_body', 'Очікується multipart/form-data');
  }
  let form: FormFields;
  try {
    form = await requestForm(c, true);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw badRequest('invalid_body', 'Не вдалося прочитати форму');
  }
  const fields: Record<string, string> = {};
  const parts: string[] = [];
  for (const [k, v] of Object.entries(form)) {
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) {
      if (typeof item === 'string') {
        fields[k] = item;
        parts.push(`${k}=${item}`);
      } else parts.push(`${k}:file:${item.name}:${item.size}`);
    }
  }
  return { raw: fields, text: parts.sort().join('&'), form, nulFree: false };
}

/**
 * Validates a request's fields and runs the handler; outside production, checks its answer
 * against the contract.
 */
async function callHandler<C extends CallDef>(
  call: C,
  handler: Handler<C>,
  c: Context<AppEnv>,
  member: Member | null,
  input: RawInput,
  idempotency: IdempotentRun | null,
): Promise<HandlerResult<C>> {
  const deps = c.var.deps;
  const result = await handler({
    input: parseInput(call.request, input.raw, input.nulFree) as z.output<C['request']>,
    c,
    deps,
    member: member as HandlerArgs<C>['member'],
    form: input.form,
    idempotency,
  });
  return deps.config.checkResponses ? checkedAnswer(call, result) : result;
}

function checkedAnswer<C extends CallDef>(call: C, result: HandlerResult<C>): HandlerResult<C> {
  const checked = call.response.safeParse(result instanceof JsonText ? (JSON.parse(result.text) as unknown) : result);
  if (!checked.success) {
    throw new Error(
      `Response of ${call.method} ${call.path} breaks the contract: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
    );
  }
  return result;
}

/** The response of a handler's answer: serialized answers as they are (gzipped when accepted), objects as JSON. */
function respond<C extends CallDef>(c: Context<AppEnv>, body: HandlerResult<C>): Response {
  if (body instanceof JsonText) return sendJsonText(c, body);
  return c.json(body as object, 200);
}

export interface MountOptions {
  /**
   * The handler, whenever it succeeds, stores its answer with `idempotency.settleIn` in the
   * transaction of its writes; then the key may need no commit of its own (server/http/idempotency.ts).
   */
  settlesInTransaction?: boolean;
}

/**
 * Mounts one contract call on the app: checks the bearer token when the call needs a member,
 * validates the request with the call's own schema, runs the handler (under the
 * Idempotency-Key rules for mutations) and, outside production, checks the answer against
 * the call's response schema so the server cannot drift from the contract.
 */
export function mount<C extends CallDef>(
  app: Hono<AppEnv>,
  call: C,
  handler: Handler<C>,
  options: MountOptions = {},
): void {
  const answerOnce = async (
    c: Context<AppEnv>,
    member: Member | null,
    input: RawInput,
    key: string,
  ): Promise<Response> => {
    const out = await runIdempotent(c.var.deps, {
      account: member ? `m:${member.id}` : 'public',
      key,
      fingerprint: `${call.method} ${call.path}\n${fingerprintText(input)}`,
      execute: async (idempotency) => ({
        status: 200,
        body: await callHandler(call, handler, c, member, input, idempotency),
      }),
      inTransaction: options.settlesInTransaction === true,
    });
    if (out.replayed) c.header('Idempotent-Replayed', 'true');
    return c.body(out.body, out.status, { 'content-type': 'application/json; charset=UTF-8' });
  };
  const run = async (c: Context<AppEnv>): Promise<Response> => {
    const member = await resolveMember(c, c.var.deps);
    if (call.auth === 'member' && !member) throw unauthorized(undefined, call.unauthenticatedCode);
    const input = call.method === 'GET' ? readQuery(c) : await readBody(c, call);
    const key = c.req.header('idempotency-key');
    if (call.mutation && key !== undefined) return answerOnce(c, member, input, key);
    return respond(c, await callHandler(call, handler, c, member, input, null));
  };
  if (call.method === 'GET') app.get(call.path, run);
  else app.post(call.path, run);
}

const PLAIN_JSON = Object.freeze({ 'content-type': 'application/json', vary: 'accept-encoding' });
const GZIP_JSON = Object.freeze({
  'content-type': 'application/json',
  'content-encoding': 'gzip',
  vary: 'accept-encoding',
});

/**
 * A serialized answer, gzipped when the client accepts it (browsers always do) and it is long
 * enough. Answered as a Response with a plain header object rather than through `c.body`, which
 * builds a Headers object for more than one header that the Node adapter then has to read back.
 */
function sendJsonText(c: Context<AppEnv>, body: JsonText<unknown>): Response {
  const gzip = /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))/.test(c.req.header('accept-encoding') ?? '')
    ? body.gzip
    : null;
  return gzip
    ? new Response(gzip, { status: 200, headers: GZIP_JSON })
    : new Response(body.bytes, { status: 200, headers: PLAIN_JSON });
}

export { ApiError };
