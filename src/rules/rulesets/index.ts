import { dnd35 } from './dnd35.js'
import { pf1e } from './pf1e.js'
import { variant } from './variant.js'
import type { Ruleset, RulesetId } from './types.js'

export type { Ruleset, RulesetId, Capabilities } from './types.js'
export { RULESET_IDS } from './types.js'

const registry: Record<RulesetId, Ruleset> = { dnd35, pf1e, variant }

export function getRuleset (id: RulesetId): Ruleset {
  return registry[id]
}

export function listRulesets (): Ruleset[] {
  return [dnd35, pf1e, variant]
}

export function isRulesetId (value: string): value is RulesetId {
  return Object.hasOwn(registry, value)
}
