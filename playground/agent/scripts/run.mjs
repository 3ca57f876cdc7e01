#!/usr/bin/env node
// Runs the built demo (scripts/build.mjs makes it); the bundle parses its own arguments.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const bundle = fileURLToPath(new URL('../dist/demo.mjs', import.meta.url))
if (!existsSync(bundle)) {
  process.stderr.write(`${bundle} is missing: build it first with "npm run build -w @memory-customs/playground-agent" (or "npm run demo" at the root)\n`)
  process.exit(2)
}
await import(pathToFileURL(bundle).href)
