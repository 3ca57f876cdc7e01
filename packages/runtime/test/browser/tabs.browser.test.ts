// Many tabs of one browser on one IndexedDB store: the Web Lock holder leads and writes, the other tabs
// forward their writes to it; when the leader's tab closes or crashes another tab takes over. Real Chromium,
// pages of one origin in one browser context; every wait is for a state the pages report, never a delay.
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAndServe, launchChromium, openTab, type ServedPage } from './harness'

let served: ServedPage
let browser: Browser
let context: BrowserContext
const pageErrors: string[] = []

beforeAll(async () => {
  served = await buildAndServe(join(import.meta.dirname, 'page-tabs'))
  browser = await launchChromium()
  context = await browser.newContext()
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** Opens three tabs on `db`, the first one first so it is the leader. */
async function threeTabs(db: string): Promise<Page[]> {
  const tabs: Page[] = []
  for (let i = 0; i < 3; i++) {
    const tab = await openTab(context, served.url, pageErrors)
    expect(await tab.evaluate((n) => window.mcTabs.open(n), db)).toMatchObject({ mode: i === 0 ? 'leader' : 'follower' })
    tabs.push(tab)
  }
  return tabs
}

type Acked = { seq: number; hash: string; value: string }

async function writeThroughHandover(db: string, stop: (leader: Page) => Promise<void>) {
  const [leader, ...followers] = await threeTabs(db)
  const perTab = 40
  const labels = ['a', 'b', 'c']
  const tabs = [leader!, ...followers]
  await Promise.all(tabs.map((t, i) => t.evaluate(([n, l, k]) => window.mcTabs.startWriting(n, l, k), [db, labels[i]!, perTab] as const)))
  // mid-run: every tab has had writes acknowledged
  for (const t of tabs) await t.waitForFunction(() => window.mcTabs.progress().acked >= 10, null, { timeout: 60_000 })
  const leaderAcked = (await leader!.evaluate(() => window.mcTabs.acked())) as Acked[]
  await stop(leader!)
  for (const t of followers) await t.waitForFunction(() => window.mcTabs.progress().done, null, { timeout: 60_000 })
  const modes = await Promise.all(followers.map((t) => t.evaluate((n) => window.mcTabs.mode(n), db)))
  expect(modes.sort()).toEqual(['follower', 'leader'])
  const acked: Acked[] = [...leaderAcked]
  for (const t of followers) {
    const p = await t.evaluate(() => window.mcTabs.progress())
    expect(p.failures).toEqual([])
    acked.push(...((await t.evaluate(() => window.mcTabs.acked())) as Acked[]))
  }
  const expectedSize = Math.max(...acked.map((a) => a.seq))
  const views = []
  for (const t of followers) {
    await t.waitForFunction(([n, s]) => window.mcTabs.size(n) >= s, [db, expectedSize] as const, { timeout: 60_000 })
    views.push(await t.evaluate((n) => window.mcTabs.inspect(n), db))
  }
  for (const view of views) {
    expect(view.verify).toMatchObject({ ok: true, checked: view.size })
    expect(view.receipts.map((r) => r.seq)).toEqual(Array.from({ length: view.size }, (_, i) => i + 1))
    const bySeq = new Map(view.receipts.map((r) => [r.seq, r]))
    for (const a of acked) expect(bySeq.get(a.seq)).toMatchObject({ hash: a.hash, value: a.value, op: 'COMMIT' })
    // each value was written exactly once (no forwarded write applied twice)
    const values = view.receipts.filter((r) => r.op === 'COMMIT').map((r) => r.value)
    expect(new Set(values).size).toBe(values.length)
  }
  expect(views[0]!.receipts).toEqual(views[1]!.receipts)
  // every follower write was acknowledged; the closed leader's acknowledged ones are in too
  expect(acked.length).toBe(leaderAcked.length + 2 * perTab)
  for (const t of followers) await t.evaluate((n) => window.mcTabs.close(n), db)
}

describe('many tabs on one IndexedDB store', () => {
  it('a write-once key committed from two tabs: one COMMIT, one REFUSED, the loser flush() rejects with WriteOnceError', async () => {
    const db = 'write-once'
    const [leader, f1, f2] = await threeTabs(db)
    const [r1, r2] = await Promise.all([
      f1!.evaluate((n) => window.mcTabs.commitDest(n, 'Lisbon'), db),
      f2!.evaluate((n) => window.mcTabs.commitDest(n, 'Porto'), db),
    ])
    const results = [r1, r2]
    const won = results.filter((r) => r.ok)
    const lost = results.filter((r) => !r.ok)
    expect(won).toHaveLength(1)
    expect(won[0]).toMatchObject({ ok: true, op: 'COMMIT' })
    expect(lost).toHaveLength(1)
    expect(lost[0]).toMatchObject({ ok: false, name: 'WriteOnceError', code: 'WRITE_ONCE' })
    const view = await leader!.evaluate((n) => window.mcTabs.inspect(n), db)
    const dest = view.receipts.filter((r) => r.key === 'dest')
    expect(dest.map((r) => r.op).sort()).toEqual(['COMMIT', 'REFUSED'])
    expect(dest.find((r) => r.op === 'REFUSED')).toMatchObject({ reason: 'COMMIT:WRITE_ONCE', seq: (lost[0] as { seq: number }).seq })
    expect(view.verify).toMatchObject({ ok: true, checked: view.size })
    for (const t of [leader!, f1!, f2!]) await t.close()
  })

  it('three tabs writing; the leader tab is closed mid-run; another takes over; one contiguous chain', async () => {
    await writeThroughHandover('handover-close', (leader) => leader.close())
  })

  it('the leader tab crashes (renderer killed, no unload handlers) and another takes over', async () => {
    await writeThroughHandover('handover-crash', async (leader) => {
      const cdp = await leader.context().newCDPSession(leader)
      const crashed = new Promise<void>((resolve) => leader.once('crash', () => resolve()))
      // the session dies with the renderer: the command never answers, so wait for the page's crash event
      void cdp.send('Page.crash').catch(() => {})
      await crashed
    })
  })

  it('a follower forwards STORE and observed writes with its own actor; leader-only operations refuse with NotLeaderError; there is no memory lifecycle', async () => {
    const db = 'actors'
    const leader = await openTab(context, served.url, pageErrors)
    expect(await leader.evaluate((n) => window.mcTabs.open(n, 'leader-agent'), db)).toMatchObject({ mode: 'leader' })
    const follower = await openTab(context, served.url, pageErrors)
    expect(await follower.evaluate((n) => window.mcTabs.open(n, 'follower-agent'), db)).toMatchObject({ mode: 'follower' })
    const f = await follower.evaluate((n) => window.mcTabs.storeAndObserve(n, 'c1'), db)
    expect(f).toMatchObject({ pending: true, store: { op: 'STORE', actor: 'follower-agent' }, observed: { actor: 'follower-agent' } })
    const l = await leader.evaluate((n) => window.mcTabs.storeAndObserve(n, 'c2'), db)
    expect(l).toMatchObject({ pending: false, store: { op: 'STORE', actor: 'leader-agent' }, observed: { actor: 'leader-agent' } })
    const refused = await follower.evaluate((n) => window.mcTabs.leaderOnly(n), db)
    const notLeader = { ok: false, name: 'NotLeaderError', code: 'STORAGE', storageCode: 'NOT_LEADER' }
    expect(refused).toMatchObject({
      rollback: notLeader,
      rollbackNow: notLeader,
      checkpoint: notLeader,
      rotateEncryptionKey: notLeader,
      dryRun: true,
    })
    // The memory lifecycle is not forwarded between tabs yet: a tab-shared store has none of it, in either role.
    for (const tab of [leader, follower]) expect(await tab.evaluate((n) => window.mcTabs.lifecycle(n), db)).toEqual([])
    const size = await leader.evaluate((n) => window.mcTabs.size(n), db)
    await follower.waitForFunction(([n, s]) => window.mcTabs.size(n) >= s, [db, size] as const, { timeout: 60_000 })
    const view = await follower.evaluate((n) => window.mcTabs.inspect(n), db)
    expect(view.verify).toMatchObject({ ok: true, checked: view.size })
    expect(view.receipts.map((r) => r.seq)).toEqual(Array.from({ length: view.size }, (_, i) => i + 1))
    expect(await leader.evaluate((n) => window.mcTabs.leaderOnly(n), db)).toMatchObject({
      rollback: 'ran',
      rollbackNow: 'ran',
      checkpoint: 'ran',
      rotateEncryptionKey: 'ran',
    })
    for (const t of [leader, follower]) await t.close()
  })

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([])
  })
})
