/**
 * The /api/docs reference: plain HTML rendered on the server from the OpenAPI
 * document. No script and no CDN (the portal may run without internet, and our
 * CSP allows only our own resources); <details> does the folding.
 */

type Json = Record<string, unknown>;
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Json; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
}
interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Escapes, then turns `code` into <code>. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A JSON Schema as a short TypeScript-like outline an integrator can read at a glance. */
export function outline(schema: Json | undefined, depth = 0): string {
  if (!schema || depth > 8) return 'any';
  const pad = '  '.repeat(depth + 1);
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants) return variants.map((v) => outline(v, depth)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => outline({ ...schema, type: t }, depth)).join(' | ');
  if (type === 'array') return `${outline(schema.items as Json | undefined, depth)}[]`;
  if (type === 'object' || schema.properties) {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const entries = Object.entries(properties);
    if (entries.length === 0) return schema.additionalProperties ? `{ [key: string]: ${outline(schema.additionalProperties as Json, depth)} }` : '{}';
    const lines = entries.map(([name, value]) => `${pad}${name}${required.has(name) ? '' : '?'}: ${outline(value, depth + 1)}`);
    return `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`;
  }
  const limits: string[] = [];
  if (schema.format) limits.push(String(schema.format));
  if (schema.minLength !== undefined || schema.maxLength !== undefined) limits.push(`${schema.minLength ?? 0}..${schema.maxLength ?? ''} chars`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) limits.push(`${schema.minimum ?? ''}..${schema.maximum ?? ''}`);
  const name = type === 'integer' ? 'integer' : typeof type === 'string' ? type : 'any';
  return limits.length > 0 ? `${name} (${limits.join(', ')})` : name;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function renderOperation(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : ''}</td><td><code>${escape(outline(p.schema))}</code></td></tr>`,
    )
    .join('');
  const body = Object.entries(op.requestBody?.content ?? {})
    .map(([type, c]) => `<details open><summary>Request body <code>${escape(type)}</code></summary><pre>${escape(outline(c.schema))}</pre></details>`)
    .join('');
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const content = Object.entries(r.content ?? {});
      const shown = content.map(([type, c]) => `<div class="type">${escape(type)}</div><pre>${escape(outline(c.schema))}</pre>`).join('');
      return `<details><summary>Response <strong>${escape(status)}</strong> ${escape(r.description ?? '')}</summary>${shown || '<p>No body</p>'}</details>`;
    })
    .join('');
  return `<section class="op" id="${slug(`${method} ${path}`)}">
  <h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
  ${op.summary ? `<p class="summary">${prose(op.summary)}</p>` : ''}
  ${op.description ? `<p>${prose(op.description).replace(/\n\n/g, '</p><p>')}</p>` : ''}
  ${params ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Type</th></tr></thead><tbody>${params}</tbody></table>` : ''}
  ${body}${responses}
</section>`;
}

export function renderReferencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
      toc.set(tag, [...(toc.get(tag) ?? []), `<a href="#${slug(`${method} ${path}`)}"><span class="m m-${method}">${method.toUpperCase()}</span> ${escape(path)}</a>`]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title>
<style>
  :root { color-scheme: light; --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --bg:#f6f8fa; }
  * { box-sizing: border-box; }
  body { margin:0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); }
  header { padding: 24px 32px; border-bottom: 1px solid var(--line); }
  header h1 { margin: 0 0 4px; font-size: 24px; }
  .layout { display: grid; grid-template-columns: 300px 1fr; }
  nav { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto; padding: 16px; border-right: 1px solid var(--line); font-size: 13px; }
  nav h4 { margin: 16px 0 4px; font-size: 12px; text-transform: uppercase; color: var(--muted); }
  nav a { display: block; padding: 2px 0; color: var(--fg); text-decoration: none; overflow-wrap: anywhere; }
  main { padding: 8px 32px 64px; min-width: 0; }
  h2 { margin-top: 32px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
  .op { border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
  .op h3 { margin: 0; font-size: 16px; overflow-wrap: anywhere; }
  .summary { font-weight: 600; }
  .m { display: inline-block; min-width: 54px; text-align: center; font: 700 11px/20px ui-monospace, monospace; border-radius: 4px; color: #fff; background: #59636e; }
  .m-get { background: #0969da; } .m-post { background: #1a7f37; } .m-patch, .m-put { background: #9a6700; } .m-delete { background: #cf222e; }
  table { border-collapse: collapse; margin: 8px 0; font-size: 13px; display: block; overflow-x: auto; }
  th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
  pre { background: var(--bg); padding: 8px 12px; border-radius: 6px; overflow-x: auto; font-size: 12px; margin: 6px 0; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.92em; }
  details { margin: 6px 0; } summary { cursor: pointer; }
  .type { color: var(--muted); font-size: 12px; }
  @media (max-width: 800px) { .layout { display: block; } nav { position: static; max-height: none; border-right: 0; border-bottom: 1px solid var(--line); }
    nav details:not([open]) > :not(summary) { display: none; } header, main { padding-left: 16px; padding-right: 16px; } }
</style></head>
<body>
<header><h1>${escape(doc.info.title)}</h1><p>${prose(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1, version ${escape(doc.info.version)})</p></header>
<div class="layout">
<nav><details open><summary>Endpoints</summary>${tags.map((t) => `<h4><a href="#${slug(t)}">${escape(t)}</a></h4>${(toc.get(t) ?? []).join('')}`).join('')}</details></nav>
<main>${tags.map((t) => `<h2 id="${slug(t)}">${escape(t)}</h2>${(byTag.get(t) ?? []).join('\n')}`).join('\n')}</main>
</div>
</body></html>`;
}
