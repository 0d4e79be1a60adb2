/**
 * A reader for the YAML the repository writes itself (deploy/compose.yaml, deploy/alerts.yml):
 * block mappings and sequences by indentation, flow `[a, b]` and `{ k: v }` of scalars, quoted
 * and plain scalars, `|` and `>` block scalars, comments, anchors (`&a`), aliases (`*a`) and merge
 * keys (`<<: *a`). Not a YAML parser: what it does not know it refuses, so a test never checks a
 * misread file. Scalars stay strings (`"5"` and `5` alike), except `true` and `false`.
 */
export type Yaml = string | boolean | null | Yaml[] | { [key: string]: Yaml };

interface Line {
  indent: number;
  text: string;
  no: number;
}

const stripComment = (s: string) => {
  let quote: string | null = null;
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(s[i - 1]!))) return s.slice(0, i);
  }
  return s;
};

function scalar(raw: string, anchors: Map<string, Yaml>): Yaml {
  const s = raw.trim();
  if (s.startsWith('*')) {
    if (!anchors.has(s.slice(1))) throw new Error(`yaml-lite: unknown alias ${s}`);
    return anchors.get(s.slice(1))!;
  }
  if (s.startsWith('"')) return JSON.parse(s) as string;
  if (s.startsWith("'")) return s.slice(1, -1).replace(/''/g, "'");
  if (s.startsWith('[')) return splitFlow(s.slice(1, -1)).map((x) => scalar(x, anchors));
  if (s.startsWith('{')) {
    const out: Record<string, Yaml> = {};
    for (const part of splitFlow(s.slice(1, -1))) {
      const i = part.indexOf(':');
      out[part.slice(0, i).trim()] = scalar(part.slice(i + 1), anchors);
    }
    return out;
  }
  if (s === 'true' || s === 'false') return s === 'true';
  if (s === '' || s === '~' || s === 'null') return null;
  return s;
}

/** The items of a flow collection's inside, split on top-level commas. */
function splitFlow(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let cur = '';
  for (const c of s) {
    if (quote) quote = c === quote ? null : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') depth += 1;
    else if (c === ']' || c === '}') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  if (cur.trim()) parts.push(cur);
  return parts.map((p) => p.trim());
}

export function parseYaml(text: string): Yaml {
  const raw = text.split('\n');
  const anchors = new Map<string, Yaml>();
  let i = 0;
  const next = (): Line | null => {
    while (i < raw.length) {
      const t = stripComment(raw[i]!).trimEnd();
      if (t.trim() === '' || t.trim() === '---') {
        i += 1;
        continue;
      }
      if (t.includes('\t')) throw new Error(`yaml-lite: a tab on line ${i + 1}`);
      return { indent: t.length - t.trimStart().length, text: t.trim(), no: i };
    }
    return null;
  };

  /** A `|` or `>` block scalar: the lines indented deeper than `parent`. */
  const blockScalar = (style: string, parent: number): string => {
    const lines: string[] = [];
    let indent = -1;
    while (i < raw.length) {
      const l = raw[i]!;
      const ind = l.length - l.trimStart().length;
      if (l.trim() !== '' && ind <= parent) break;
      if (l.trim() !== '' && indent < 0) indent = ind;
      lines.push(l.trim() === '' ? '' : l.slice(indent));
      i += 1;
    }
    while (lines.length && lines.at(-1) === '') lines.pop();
    const body = style.startsWith('>') ? lines.join('\n').replace(/([^\n])\n(?=[^\n])/g, '$1 ') : lines.join('\n');
    return style.endsWith('-') ? body : `${body}\n`;
  };

  /** The value after `key:` (or `-`): inline, a block scalar, or a nested block. */
  const valueOf = (rest: string, indent: number): Yaml => {
    let r = rest.trim();
    let anchor: string | null = null;
    const m = /^&(\S+)\s*(.*)$/.exec(r);
    if (m) [anchor, r] = [m[1]!, m[2]!];
    let v: Yaml;
    if (/^[|>]-?$/.test(r)) v = blockScalar(r, indent);
    else if (r === '') {
      const l = next();
      v =
        l && l.indent > indent
          ? block(l.indent)
          : l && l.indent === indent && l.text.startsWith('- ')
            ? block(l.indent)
            : null;
    } else v = scalar(r, anchors);
    if (anchor) anchors.set(anchor, v);
    return v;
  };

  function block(indent: number): Yaml {
    const first = next()!;
    if (first.text === '-' || first.text.startsWith('- ')) {
      const list: Yaml[] = [];
      for (let l = next(); l && l.indent === indent && (l.text === '-' || l.text.startsWith('- ')); l = next()) {
        const item = l.text.slice(1).trimStart();
        if (/^[^\s"'[{*&][^:]*:(\s|$)/.test(item)) {
          // `- key: value` starts a mapping whose keys sit at the item's own indent.
          raw[l.no] = `${' '.repeat(indent + 2)}${item}`;
          list.push(block(indent + 2));
        } else {
          i += 1;
          list.push(valueOf(item, indent));
        }
      }
      return list;
    }
    const map: Record<string, Yaml> = {};
    for (let l = next(); l && l.indent === indent; l = next()) {
      const m = /^("[^"]*"|'[^']*'|[^\s:][^:]*?)\s*:(?:\s+(.*))?$/.exec(l.text);
      if (!m) throw new Error(`yaml-lite: cannot read line ${l.no + 1}: ${l.text}`);
      i += 1;
      const key = m[1]!.replace(/^["']|["']$/g, '');
      const value = valueOf(m[2] ?? '', indent);
      if (key === '<<') Object.assign(map, { ...(value as Record<string, Yaml>), ...map });
      else map[key] = value;
    }
    const after = next();
    if (after && after.indent > indent) throw new Error(`yaml-lite: unexpected indent on line ${after.no + 1}`);
    return map;
  }

  const top = next();
  return top ? block(top.indent) : null;
}
