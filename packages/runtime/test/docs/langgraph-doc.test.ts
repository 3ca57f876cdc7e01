/** docs/adapters/langgraph.md: the example runs verbatim against the built package and prints what its comments say. */
import { it } from 'vitest'
import { checkDoc } from './snippets.js'

it('docs/adapters/langgraph.md prints what its comments say', async () => {
  await checkDoc('docs/adapters/langgraph.md')
})
