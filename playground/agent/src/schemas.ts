import { z } from 'zod'

/**
 * What the agent may hold as a decision. Only these keys can enter the Decision pool, and a value must
 * pass its schema, whether a user states it or a tool result is promoted into it.
 */
export const riskProfile = z.enum(['conservative', 'balanced', 'aggressive'])

export const quote = z.object({
  symbol: z.string().regex(/^[A-Z]{1,5}$/),
  price: z.number().positive(),
  currency: z.enum(['EUR', 'USD']),
  asOf: z.string(),
})

export type Quote = z.infer<typeof quote>

export const decisionSchemas = {
  risk_profile: riskProfile,
  portfolio_quote: quote,
}

/** The user's stated intent is final: a planner correcting itself must not overwrite it. */
export const writeOnceKeys = ['risk_profile']

/** Tools whose results may ever be promoted through the Bridge. */
export const promotableTools = ['portfolio.quote', 'risk.assess', 'web.fetch']

/** Tool results live ten minutes in the Execution pool unless a plan promotes them. */
export const RESULT_TTL_MS = 10 * 60_000

/** A memory held for review is rejected if nobody decides within a day (the runtime's default, stated here). */
export const REVIEW_TIMEOUT_MS = 24 * 60 * 60_000
