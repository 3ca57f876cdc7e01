#!/usr/bin/env node
/**
 * `memory-customs`: the command-line reader of a Node file store (log, show, verify, at, diff, rollback,
 * sites, export, health, metrics, checkpoint). Node-only, unlike the rest of the package.
 */
import { main } from './cli/main'

// `memory-customs export --ndjson | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0)
  throw err
})

main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() }).then(
  (code) => {
    process.exitCode = code
  },
  (err) => {
    process.stderr.write(`memory-customs: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
    process.exitCode = 3
  },
)
