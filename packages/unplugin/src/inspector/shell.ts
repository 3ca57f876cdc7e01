/**
 * The dev page's HTML shell and its UI bundle. The bundle (`memory-customs/inspector/inspector.js` and `.css`, one
 * file each, no network) ships with the runtime package and is resolved from the project, so the page always
 * matches the runtime the app runs.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

/** `<` escaped so that no value can end an element early. */
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The page: the mount element the UI boots from (live mode, API under `base`) and the bundle. */
export function shellHtml(base: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Memory Customs inspector</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${attr(base)}assets/inspector.css" />
  </head>
  <body>
    <div id="memory-customs-inspector" data-mode="live" data-base="${attr(base)}"></div>
    <noscript>The Memory Customs inspector needs JavaScript.</noscript>
    <script type="module" src="${attr(base)}assets/inspector.js"></script>
  </body>
</html>
`
}

const TYPES: Record<string, string> = {
  'inspector.js': 'text/javascript; charset=utf-8',
  'inspector.css': 'text/css; charset=utf-8',
}

/** Where the runtime package installed in `root` keeps a bundle file, or null when it is not there. */
export function resolveAsset(root: string, name: string): string | null {
  const require = createRequire(path.join(root, 'package.json'))
  try {
    return require.resolve(`memory-customs/inspector/${name}`)
  } catch {
    // A runtime whose package.json does not export the file (yet): its build output, if present.
    try {
      return path.join(path.dirname(require.resolve('memory-customs/package.json')), 'dist', 'inspector', name)
    } catch {
      return null
    }
  }
}

/** One of the two bundle files (`inspector.js`, `inspector.css`), or null when the runtime has not built it. */
export async function readAsset(root: string, name: string): Promise<{ type: string; body: Buffer } | null> {
  const type = TYPES[name]
  const file = type ? resolveAsset(root, name) : null
  if (!type || !file) return null
  const body = await readFile(file).catch(() => null)
  return body ? { type, body } : null
}
