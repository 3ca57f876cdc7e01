export { diffStates, flattenPools as flatState, type StateChange as Change } from '../views'

export const showValue = (v: unknown) => (v === undefined || v === null ? '(none)' : JSON.stringify(v))
