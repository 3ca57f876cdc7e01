import type { Command } from './command'
import { commands } from './commands/index'

export const GLOBAL_HELP = `Global options:
  --store <dir>   the store directory (default: .memory-customs in the current directory)
  --json          machine-readable output (one JSON document; export always writes NDJSON)
  --help, -h      help for the CLI or for one command
  --version, -v   the version of memory-customs

Exit codes:
  0  success
  1  verification failed, or the runtime refused the operation
  2  usage error (unknown command or option, bad argument)
  3  store missing, not a memory-customs store, locked by a writer, or unreadable`

export function mainHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length))
  return `memory-customs: read, verify and repair an agent's memory receipts (a Node file store)

Usage: memory-customs <command> [options] [--store <dir>] [--json]

Commands:
${commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Run "memory-customs <command> --help" for a command's options.

${GLOBAL_HELP}`
}

export function commandHelp(c: Command): string {
  return `Usage: memory-customs ${c.usage} [--store <dir>] [--json]

${c.summary[0].toUpperCase()}${c.summary.slice(1)}.

${c.details}

${GLOBAL_HELP}`
}
