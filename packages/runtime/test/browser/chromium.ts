// Which Chromium the browser tests drive, and the one line a machine without it gets instead of a failing suite.
import { accessSync, constants, statSync } from 'node:fs'

/** Environment variable naming a Chromium binary to use instead of Debian's `/usr/bin/chromium`. */
export const CHROMIUM_ENV = 'MEMORY_CUSTOMS_CHROMIUM'

export const CHROMIUM = process.env[CHROMIUM_ENV] || '/usr/bin/chromium'

/**
 * Why `path` cannot be launched as Chromium, as one line that says what to install or set, or `undefined` when it
 * is an executable file. Only existence and the execute bit are checked: launching is left to the tests themselves.
 */
export function chromiumProblem(path: string = CHROMIUM): string | undefined {
  const fix = `install it (\`apt-get install chromium\`) or set ${CHROMIUM_ENV} to a Chromium binary`
  let isFile: boolean
  try {
    isFile = statSync(path).isFile()
  } catch {
    return `Browser tests need Chromium, but ${path} does not exist: ${fix}.`
  }
  if (!isFile) return `Browser tests need Chromium, but ${path} is not a file: ${fix}.`
  try {
    accessSync(path, constants.X_OK)
  } catch {
    return `Browser tests need Chromium, but ${path} is not executable: ${fix}.`
  }
  return undefined
}
