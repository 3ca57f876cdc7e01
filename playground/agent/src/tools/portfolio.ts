import type { Tool } from './types'

/** A price feed with fixed prices, so the demo is the same on every run. */
const PRICES: Record<string, { price: number; currency: 'EUR' | 'USD' }> = {
  ACME: { price: 182.4, currency: 'USD' },
  BOLT: { price: 41.05, currency: 'EUR' },
}

export class UnknownSymbolError extends Error {
  readonly code = 'UNKNOWN_SYMBOL'
}

export const portfolioQuote: Tool = async (args, ctx) => {
  const symbol = String(args.symbol)
  const p = PRICES[symbol]
  if (!p) throw new UnknownSymbolError(`no price for ${symbol}`)
  return { symbol, price: p.price, currency: p.currency, asOf: new Date(ctx.clock.now()).toISOString() }
}
