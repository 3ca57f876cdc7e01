/**
 * Exit codes of `memory-customs` (documented in `--help` and docs/cli.md):
 *   0  success
 *   1  verification failed, `health` not ok, a stored value failed its integrity check, the runtime refused the
 *      operation, or (scan) the text would be rejected
 *   2  usage error (unknown command or option, missing or malformed argument)
 *   3  store missing, not a memory-customs store, locked by a writer, or unreadable
 *   4  the store's keys are missing from the key store (or unusable there)
 *   5  verify: the chain verifies but ends in an unauthenticated tail (receipts nobody with the key wrote)
 *   6  verify: the chain verifies, but a torn tail was dropped when the journal was read
 *   7  scan: the text would be held for review (a reject is 1, like every refusal)
 */
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2, STORE: 3, KEYS: 4, UNAUTHENTICATED_TAIL: 5, TORN_TAIL: 6, REVIEW: 7 } as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** An error the CLI reports as one clear line (plus a hint) and turns into an exit code. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    readonly hint?: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

export const usageError = (message: string, hint?: string) => new CliError(EXIT.USAGE, message, hint, 'USAGE')
export const keysError = (message: string, hint?: string, code = 'KEYS_MISSING') => new CliError(EXIT.KEYS, message, hint, code)
export const storeError = (message: string, hint?: string, code = 'STORE') => new CliError(EXIT.STORE, message, hint, code)
