/** docs/inspector.md: the receipt feed example runs against the built package and prints what its comments say. */
import { it } from 'vitest'
import { checkDoc } from './snippets.js'

it('docs/inspector.md: onReceipt and onCustomsOpen as the page shows them', async () => {
  await checkDoc('docs/inspector.md')
})
