/**
 * docs/probe-protocol.md: the instrumented shape it shows is what the plugin (the built package) emits for the module
 * it shows, byte for byte.
 */
import { analyze, instrument, resolveOptions } from 'unplugin-memory-customs'
import { expect, it } from 'vitest'
import { docBlocks } from './blocks.js'

it('docs/probe-protocol.md: the plugin turns the example module into the output shown', () => {
  const [source, output] = docBlocks('docs/probe-protocol.md')
  expect([source.lang, output.lang]).toEqual(['ts', 'js'])
  const options = resolveOptions({ root: '/app' })
  const id = '/app/src/agent.ts'
  expect(instrument(source.body, id, analyze(source.body, id, options), options)?.code).toBe(output.body)
})
