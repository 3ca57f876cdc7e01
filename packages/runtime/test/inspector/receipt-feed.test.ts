import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms, onCustomsOpen, onReceipt, type Customs, type Receipt } from '../../src/index.js'
import { feedListenerErrors } from '../../src/core/receipt-feed.js'

const options = { decision: { schemas: { risk: z.string(), plan: z.string() } } }
const open = () => createCustoms(options) as Promise<Customs>

describe('the receipt feed', () => {
  it('hears every receipt in seq order, after the write is applied, until stopped', async () => {
    const customs = await open()
    const heard: Array<{ seq: number; op: string; size: number; risk: unknown }> = []
    const stop = onReceipt(customs, (r) => heard.push({ seq: r.seq, op: r.op, size: customs.size, risk: customs.decision.get('risk') }))
    customs.decision.commit('risk', 'low', { source: 'user' })
    customs.decision.commit('risk', 'high', { source: 'user' })
    expect(() => customs.decision.commit('nope', 1, { source: 'user' })).toThrow()
    stop()
    customs.decision.commit('plan', 'p', { source: 'user' })
    expect(heard).toEqual([
      { seq: 1, op: 'COMMIT', size: 1, risk: 'low' },
      { seq: 2, op: 'COMMIT', size: 2, risk: 'high' },
      { seq: 3, op: 'REFUSED', size: 3, risk: 'high' },
    ])
    expect(customs.size).toBe(4)
    await customs.close()
  })

  it('a throwing listener never fails the write and does not stop the others', async () => {
    const customs = await open()
    const seen: Receipt[] = []
    const before = feedListenerErrors()
    onReceipt(customs, () => {
      throw new Error('listener bug')
    })
    onReceipt(customs, (r) => seen.push(r))
    const r = customs.decision.commit('risk', 'low', { source: 'user' })
    expect(seen).toEqual([r])
    expect(feedListenerErrors()).toBe(before + 1)
    expect((await customs.verify()).ok).toBe(true)
    await customs.close()
  })

  it('onCustomsOpen reports each Customs once it is loaded, and the latest one on request', async () => {
    const opened: Array<{ customs: Customs; size: number }> = []
    const stop = onCustomsOpen((c) => opened.push({ customs: c, size: c.size }))
    const a = await open()
    expect(opened.map((o) => o.customs)).toEqual([a])
    stop()
    const b = await open()
    expect(opened).toHaveLength(1)
    const late: Customs[] = []
    onCustomsOpen((c) => late.push(c), { latest: true })()
    expect(late).toEqual([b])
    await a.close()
    await b.close()
  })

  it('refuses what is not a Customs', () => {
    expect(() => onReceipt({} as Customs, () => {})).toThrow(/not a Customs created by createCustoms/)
  })
})
