import { portfolioQuote } from './portfolio'
import { riskAssess } from './risk'
import type { Tool } from './types'
import { webFetch } from './web'

export const tools: Record<string, Tool> = {
  'risk.assess': riskAssess,
  'web.fetch': webFetch,
  'portfolio.quote': portfolioQuote,
}

export type { Tool, ToolContext } from './types'
