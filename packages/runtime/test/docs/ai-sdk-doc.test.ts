/** docs/adapters/ai-sdk.md: the example runs verbatim against the built package and prints what its comments say. */
import { it } from 'vitest'
import { checkDoc } from './snippets.js'

it('docs/adapters/ai-sdk.md prints what its comments say', async () => {
  await checkDoc('docs/adapters/ai-sdk.md')
})
