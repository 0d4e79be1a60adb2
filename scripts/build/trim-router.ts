import type { Plugin } from 'vite';

/** react-router's bundled module (its one big chunk file), in either of its builds. */
const ROUTER_CHUNK = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](?:development|production)[\\/]chunk-[\w-]+\.mjs$/;

/**
 * Lets the bundler drop the parts of react-router the app never uses (`<Form>`, `useSubmit`, the
 * form-submission helpers; about 1.3 KB gzip on every screen).
 *
 * The library builds its components as `var Form = React.forwardRef(…)` followed by
 * `Form.displayName = "Form"`: the call is not marked pure and the assignment is a write to an
 * object, so a bundler must keep both even when nothing imports `Form`. This marks the library's
 * top-level `createContext`/`forwardRef`/`memo` calls pure and removes the `displayName` lines (a
 * name React's developer tools show; production React never reads it). Nothing else changes.
 */
export function trimRouter(): Plugin {
  return {
    name: 'club:trim-router',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_CHUNK },
      handler(code) {
        const out = trimRouterSource(code);
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/** The source with its top-level component factories marked pure and its displayName lines gone. */
export function trimRouterSource(code: string): string {
  return code
    .replace(/^(var \w+ = )(React\w*\.(?:createContext|forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2')
    .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
}
