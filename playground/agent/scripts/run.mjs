#!/usr/bin/env node
// Runs the built demo (scripts/build.mjs makes it); the bundle parses its own arguments.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const bundle = fileURLToPath(new URL('../dist/demo.mjs', import.meta.url))
if (!existsSync(bundle)) {
  process.stderr.write(
    `${bundle} is missing: build it first with "npm run build -w @memory-customs/playground-agent" (or "npm run demo" at the root)\n`,
  )
  process.exit(2)
}
try {
  await import(pathToFileURL(bundle).href)
} catch (err) {
  // The runtime is imported from the workspace, not bundled: its dist/ must exist.
  if (err?.code === 'ERR_MODULE_NOT_FOUND' && /memory-customs[\\/]dist[\\/]/.test(String(err.url ?? err.message))) {
    process.stderr.write(
      `the memory-customs runtime is not built (${err.url ?? err.message}): run "npm run build" at the repository root\n`,
    )
    process.exit(2)
  }
  throw err
}
