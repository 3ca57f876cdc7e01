// The first thing the browser project checks. On a machine without Chromium, vitest.config.ts runs only this file,
// so `npm test` ends the browser project with this one failing test and its one line (what to install).
import { test } from 'vitest'
import { chromiumProblem } from './chromium'

test('Chromium is installed for the browser tests', () => {
  const problem = chromiumProblem()
  if (problem === undefined) return
  const error = new Error(problem)
  // A stack would only point at this file; the message is the whole story.
  error.stack = problem
  throw error
})
