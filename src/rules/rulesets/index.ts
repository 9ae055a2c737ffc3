import { capabilitiesOf } from './capabilities.js'
import { dnd35 } from './dnd35.js'
import { pf1e } from './pf1e.js'
import { variant } from './variant.js'
import type { Ruleset, RulesetDefinition, RulesetId } from './types.js'

export type { Ruleset, RulesetId, Capabilities, RulesetDefinition } from './types.js'
export { RULESET_IDS } from './types.js'

/**
 * The registry: every list of ruleset names (config validation, messages,
 * schemas, GET /v1/rulesets) is built from it. A new ruleset is one module
 * plus one `registerRuleset` line here (or, in a test, a call before the app
 * is built).
 */
const registry = new Map<string, Ruleset>()

export function registerRuleset (definition: RulesetDefinition): Ruleset {
  // A registered id is a RulesetId as far as the mechanics are concerned: they read only the policies.
  const ruleset = { ...definition, id: definition.id as RulesetId, capabilities: capabilitiesOf(definition) }
  registry.set(ruleset.id, ruleset)
  return ruleset
}

registerRuleset(dnd35)
registerRuleset(pf1e)
registerRuleset(variant)

export function getRuleset (id: RulesetId): Ruleset {
  const ruleset = registry.get(id)
  if (ruleset === undefined) throw new Error(`no ruleset "${id}" is registered`)
  return ruleset
}

export function listRulesets (): Ruleset[] {
  return [...registry.values()]
}

/** The registered ruleset ids, in registration order. */
export function rulesetIds (): RulesetId[] {
  return [...registry.keys()] as RulesetId[]
}

export function isRulesetId (value: string): value is RulesetId {
  return registry.has(value)
}
