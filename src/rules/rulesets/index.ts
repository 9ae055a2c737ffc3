import { capabilitiesOf } from './capabilities.js'
import { dnd35 } from './dnd35.js'
import { pf1e } from './pf1e.js'
import { variant } from './variant.js'
import type { Ruleset, RulesetDefinition, RulesetId } from './types.js'

export type { Ruleset, RulesetId, Capabilities, RulesetDefinition } from './types.js'

/**
 * The registry, the one list of rulesets: every list of ruleset names (config
 * validation, messages, the schemas' enums, the action types, GET
 * /v1/rulesets) is built from it, and the encounter store keeps the id as text
 * that it checks here. A new ruleset is one module plus one `registerRuleset`
 * line here (or, in a test, a call before the app is built).
 */
const registry = new Map<string, Ruleset>()

/** What a ruleset id may look like: it travels in JSON, URLs and a VARCHAR(200) column. */
const RULESET_ID = /^[a-z0-9][a-z0-9-]{0,59}$/

export function registerRuleset (definition: RulesetDefinition): Ruleset {
  if (!RULESET_ID.test(definition.id)) throw new Error(`ruleset id "${definition.id}" must be 1-60 of a-z, 0-9 and -, starting with a letter or digit`)
  const ruleset: Ruleset = { ...definition, id: definition.id, capabilities: capabilitiesOf(definition) }
  registry.set(ruleset.id, ruleset)
  return ruleset
}

registerRuleset(dnd35)
registerRuleset(pf1e)
registerRuleset(variant)

/** The rulesets the service ships (those registered above), for tests that range over them. */
export const RULESET_IDS: readonly RulesetId[] = Object.freeze([...registry.keys()])

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
  return [...registry.keys()]
}

export function isRulesetId (value: unknown): value is RulesetId {
  return typeof value === 'string' && registry.has(value)
}

/**
 * Every action type some registered ruleset names (`standard`, `move`, …,
 * the variant's `major`, `minor`, `reaction`), each once, in registration
 * order: the encounter `act` and `ready` actions' enum.
 */
export function actionTypeNames (): string[] {
  const names = new Set<string>()
  for (const ruleset of registry.values()) for (const name of ruleset.actionTypes) names.add(name)
  return [...names]
}

/**
 * Every condition name some registered ruleset's effects table has, each
 * once, in table order (every shipped table starts from the same catalogue,
 * `BASE_EFFECTS`): the schemas' condition enum. A name a ruleset has no row
 * for is accepted and changes nothing under it, as before a ruleset gives it numbers.
 */
export function conditionNames (): string[] {
  const names = new Set<string>()
  for (const ruleset of registry.values()) for (const name of Object.keys(ruleset.effects)) names.add(name)
  return [...names]
}
