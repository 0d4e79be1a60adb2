import * as z from 'zod';
import { allCalls } from '../src/contract/index';
import { apiErrorBody } from '../src/contract/define';

type JsonSchema = Record<string, unknown>;

function schemaOf(s: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _omit, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

/** The OpenAPI 3.1 document, built from the same zod schemas the server validates with. */
export function buildOpenApi(version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = schemaOf(apiErrorBody, 'output');
  for (const { group, name, call } of allCalls()) {
    const op: Record<string, unknown> = {
      operationId: `${group}.${name}`,
      summary: call.summary,
      tags: [group],
      security: call.auth === 'member' ? [{ apiKey: [], bearer: [] }] : [{ apiKey: [] }],
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: schemaOf(call.response, 'output') } } },
        default: { description: 'Error', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    const req = schemaOf(call.request, 'input');
    if (call.method === 'GET') {
      const props = (req.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((req.required as string[] | undefined) ?? []);
      op.parameters = Object.entries(props).map(([n, schema]) => ({
        name: n,
        in: 'query',
        required: required.has(n),
        schema,
      }));
    } else {
      const type = call.multipart ? 'multipart/form-data' : 'application/json';
      op.requestBody = { required: true, content: { [type]: { schema: req } } };
      if (call.mutation) {
        op.parameters = [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            schema: { type: 'string', minLength: 8, maxLength: 255 },
          },
        ];
      }
    }
    (paths[call.path] ??= {})[call.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Club API',
      version,
      description: 'Reference API of the loyalty club and shop (docs/api.md#calls).',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}

/** A small reference page that reads /api/openapi.json with its script {@link docsScript} (no outside scripts). */
export const docsPage = `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Club API reference</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f6f6f8;color:#15151a}main{max-width:960px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}section{background:#fff;border-radius:12px;padding:12px 16px;margin:10px 0;box-shadow:0 1px 3px #0001}
.m{display:inline-block;min-width:48px;font-weight:700;font-size:12px;padding:2px 6px;border-radius:6px;color:#fff;text-align:center}
.GET{background:#1f7a4d}.POST{background:#2b59c3}code{font-size:14px}details pre{background:#f1f1f4;padding:8px;border-radius:8px;overflow:auto;font-size:12px}
.tag{color:#777;font-size:12px;margin-left:6px}</style></head><body><main><h1>Club API</h1>
<p>Every call needs the <code>x-api-key</code> header; member calls also <code>Authorization: Bearer &lt;token&gt;</code>.
Mutations accept an <code>Idempotency-Key</code>. Errors are <code>{"error":{"code","message"}}</code>. Raw document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<div id="list">Loading…</div></main><script type="module" src="/api/docs.js"></script></body></html>`;

/**
 * The page's script, served as a file of its own (`/api/docs.js`): the server's pages run under
 * the same Content-Security-Policy as the app, which allows no inline script.
 */
export const docsScript = `const r=await fetch('/api/openapi.json');const doc=await r.json();const list=document.getElementById('list');list.textContent='';
for(const [p,ops] of Object.entries(doc.paths)){for(const [m,op] of Object.entries(ops)){const s=document.createElement('section');
const h=document.createElement('div');h.innerHTML='<span class="m '+m.toUpperCase()+'">'+m.toUpperCase()+'</span> <code></code><span class="tag"></span>';
h.querySelector('code').textContent=p;h.querySelector('.tag').textContent=op.tags.join(', ')+(op.security.length&&op.security[0].bearer?' · member':'');
const d=document.createElement('div');d.textContent=op.summary;const det=document.createElement('details');det.innerHTML='<summary>Schemas</summary><pre></pre>';
det.querySelector('pre').textContent=JSON.stringify({request:op.requestBody?.content??op.parameters,response:op.responses['200'].content['application/json'].schema},null,2);
s.append(h,d,det);list.append(s);}}
`;
