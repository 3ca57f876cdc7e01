/** Formats a plugin warning so that it names the file and line at fault and says nothing was changed. */
export function skippedFileWarning(file: string, line: number, column: number, reason: string): string {
  return `[memory-customs] ${file}:${line}:${column}: ${reason.replace(/[.\s]+$/, '')}; the module is left unchanged (not instrumented)`
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name
  return String(err)
}
