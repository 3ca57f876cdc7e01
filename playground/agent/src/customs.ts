import { createCustoms, type Customs } from 'memory-customs'
import type { Clock } from './clock'
import { decisionSchemas, promotableTools, RESULT_TTL_MS, REVIEW_TIMEOUT_MS, writeOnceKeys } from './schemas'

type CustomsOptions = NonNullable<Parameters<typeof createCustoms>[0]>

export interface AgentCustomsOptions {
  storage?: CustomsOptions['storage']
  /** Where the store's keys live (the demo keeps them in a directory beside its store; see main.ts). */
  keyStore?: CustomsOptions['keyStore']
  clock: Clock
  sqlJs?: CustomsOptions['sqlJs']
  /** Who writes (default `demo-agent`): the PostgreSQL demo names each of its two processes. */
  actor?: string
}

/** The agent's customs post: one place that says which keys, sources and tools are allowed. */
export function createAgentCustoms(options: AgentCustomsOptions): Promise<Customs> {
  // The demo reads receipts' seq right after each write, which only a single writer (or the leader tab)
  // returns; it runs in one tab. A second tab of the web demo would be a follower with pending receipts
  // (SharedCustoms): porting the demo to that is left to do, hence the cast.
  return createCustoms({
    storage: options.storage,
    keyStore: options.keyStore,
    decision: { schemas: decisionSchemas, writeOnce: writeOnceKeys },
    execution: { ttlMs: RESULT_TTL_MS },
    bridge: { tools: promotableTools },
    review: { timeoutMs: REVIEW_TIMEOUT_MS },
    now: () => options.clock.now(),
    actor: options.actor ?? 'demo-agent',
    origin: 'memory-customs.demo/playground-agent',
    sqlJs: options.sqlJs,
  }) as Promise<Customs>
}
