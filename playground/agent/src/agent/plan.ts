import { z } from 'zod'

const toolCall = z.object({ tool: z.string(), callId: z.string(), args: z.record(z.string(), z.unknown()) })
const promotion = z.object({ tool: z.string(), callId: z.string(), to: z.string() })

/** What the model may answer. Anything else is rejected before it can touch memory. */
export const modelReply = z.discriminatedUnion('action', [
  z.object({ action: z.literal('remember_intent'), key: z.string(), value: z.unknown() }),
  z.object({ action: z.literal('plan'), planId: z.string(), steps: z.array(toolCall), promote: z.array(promotion) }),
])

export type ModelReply = z.infer<typeof modelReply>
export type Plan = Extract<ModelReply, { action: 'plan' }>
export type PlannedCall = Plan['steps'][number]
export type PlannedPromotion = Plan['promote'][number]

export class BadModelReplyError extends Error {
  readonly code = 'BAD_MODEL_REPLY'
}

export function parseModelReply(text: string): ModelReply {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new BadModelReplyError(`the model did not answer JSON: ${text.slice(0, 80)}`)
  }
  const parsed = modelReply.safeParse(json)
  if (!parsed.success) throw new BadModelReplyError(`the model answered an unknown shape: ${parsed.error.message}`)
  return parsed.data
}
