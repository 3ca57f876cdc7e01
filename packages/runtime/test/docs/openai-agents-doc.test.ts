/**
 * The example of docs/adapters/openai-agents.md runs verbatim against the built package (a real Runner with the
 * SDK's scripted model) and prints what its comments say.
 */
import { it } from 'vitest'
import { checkDoc } from './snippets.js'

it('docs/adapters/openai-agents.md: the example runs and prints what its comments say', async () => {
  await checkDoc('docs/adapters/openai-agents.md')
}, 60_000)
