import type { Command } from './command'
import { commands } from './commands/index'

export const GLOBAL_HELP = `Global options:
  --store <dir>    the store directory (default: .memory-customs in the current directory)
  --key-dir <dir>  where the store's keys are (default: $MEMORY_CUSTOMS_KEY_DIR, else
                   \${XDG_CONFIG_HOME:-~/.config}/memory-customs/keys)
  --store postgres://…  a PostgreSQL store instead (docs/postgres.md); --pg-store <name> and
                   --pg-schema <name> say which store of the database (default: default, memory_customs)
  --json           machine-readable output (one JSON document; export always writes NDJSON)
  --help, -h       help for the CLI or for one command
  --version, -v    the version of memory-customs

Exit codes:
  0  success
  1  verification failed, health not ok, a stored value failed its integrity check, the runtime refused
     the operation, or (scan) the text would be rejected
  2  usage error (unknown command or option, bad argument)
  3  store missing, not a memory-customs store, locked by a writer, or unreadable
  4  keys missing: the store's keys are not in the key store (see --key-dir)
  5  verify: ok, but the chain ends in an unauthenticated tail (receipts not written with the store's key)
  6  verify: ok, but a torn tail (an incomplete last write) was dropped when the journal was read
  7  scan: the text would be held for review (a reject is 1)`

export function mainHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length))
  return `memory-customs: read, verify and repair an agent's memory receipts (a Node file store), review its memories, scan text

Usage: memory-customs <command> [options] [--store <dir>] [--key-dir <dir>] [--json]

Commands:
${commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Run "memory-customs <command> --help" for a command's options.

${GLOBAL_HELP}`
}

export function commandHelp(c: Command): string {
  return `Usage: memory-customs ${c.usage} [--store <dir>] [--key-dir <dir>] [--json]

${c.summary[0].toUpperCase()}${c.summary.slice(1)}.

${c.details}

${GLOBAL_HELP}`
}
