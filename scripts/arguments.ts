/** The command-line options of the scanner's scripts (eval-scan, eval-rounds, train-scan-model). */

/** The value after `name` (`--corpus DIR`), if it was given. */
export function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}

/** The values after `name`, up to the next option (`--unseen a.jsonl b.jsonl`). */
export function argumentList(name: string): string[] {
  const at = process.argv.indexOf(name)
  if (at === -1) return []
  const rest = process.argv.slice(at + 1)
  const end = rest.findIndex((a) => a.startsWith('--'))
  return end === -1 ? rest : rest.slice(0, end)
}
