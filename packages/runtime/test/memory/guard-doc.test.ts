/** docs/guardrail.md: the example runs verbatim against the built package and prints what its comments say. */
import { it } from 'vitest'
import { checkDoc } from '../docs/snippets.js'

it('docs/guardrail.md prints what its comments say', async () => {
  await checkDoc('docs/guardrail.md')
})
