/**
 * Child process of adversarial.test.ts: scans the named adversarial inputs in turn and prints a one-line JSON summary
 * of each, so the test can bound a scan that never finishes (a super-linear rule) by killing the child instead of
 * hanging the run. One child for many inputs: starting one costs about as much as a scan of a megabyte.
 */
import { scan } from '../../../src/scan'
import { adversarialInput } from './adversarial-inputs'
import { problemsOf } from './well-formed'

for (const name of process.argv.slice(2)) {
  const text = adversarialInput(name)
  const started = performance.now()
  const result = scan(text)
  const ms = performance.now() - started
  process.stdout.write(
    `${JSON.stringify({ name, ms, decision: result.decision, findings: result.findings.length, chunks: result.chunks.length, problems: problemsOf(text, result) })}\n`,
  )
}
