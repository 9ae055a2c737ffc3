// Acceptance (issue 23): a client generated from the published document
// (openapi-typescript types, committed in test/contract/generated/ and kept
// in step by the drift check below; openapi-fetch) plays a whole encounter per
// ruleset against the service listening on a port, and reads every outcome
// through the generated types: no cast and no `unknown` in this file (an
// eslint rule scoped to it says so), `npm run typecheck` checks it. Every
// answer is also validated against the document (document-check.ts).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import createClient from 'openapi-fetch'
import type { components, paths } from './generated/openapi.js'
import { encounterApp, type EncounterHarness } from '../helpers/encounters.js'
import { generatedTypes, TYPES_FILE } from '../../scripts/openapi-types.js'
import { documentCheck } from './document-check.js'

type Schemas = components['schemas']
type RulesetId = Schemas['RulesetId']

let h: EncounterHarness
let client: ReturnType<typeof createClient<paths>>
const check = documentCheck()

before(async () => {
  h = await encounterApp()
  const address = h.app.server.address()
  if (address === null || typeof address === 'string') throw new Error('the app listens on a TCP port')
  client = createClient<paths>({ baseUrl: `http://127.0.0.1:${address.port}` })
  client.use(check.middleware)
})
after(async () => { await h.close() })

test('the committed types are the ones openapi-typescript generates from openapi/openapi.json', async () => {
  assert.equal(readFileSync(TYPES_FILE, 'utf8'), await generatedTypes(), 'run npm run openapi:types')
})

/** What differs between the rulesets in this script: the names of the turn's action types, and the hit the hero lands. */
interface Expected { standard: string, damage: number, orcAfterHit: number }

// dnd35/pf1e (SRD 3.5 › Attack Bonus, Damage): longsword +3 BAB +2 Str = +5, 1d8 of 5 + 2 Str = 7; orc 12 − 7 = 5.
// variant (variant › Attack Rolls, Damage): damage adds the BCB too, 5 + 2 + 3 = 10; current = max − D = 2.
const EXPECTED: Record<RulesetId, Expected> = {
  dnd35: { standard: 'standard', damage: 7, orcAfterHit: 5 },
  pf1e: { standard: 'standard', damage: 7, orcAfterHit: 5 },
  variant: { standard: 'major', damage: 10, orcAfterHit: 2 }
}

const hero: Schemas['NewEncounterCombatant'] = { id: 'hero', side: 'party', baseAttackBonus: 3, abilities: { str: 14, dex: 12, con: 12 }, baseSaves: { fortitude: 2 }, hitPoints: { max: 20 } }
// Immune to precision damage: the variant's sneak attack die against an off-guard foe (variant › Sneak Attacks) stays out of this script's numbers.
const orc: Schemas['NewEncounterCombatant'] = { id: 'orc', side: 'enemies', baseAttackBonus: 2, abilities: { str: 14, con: 12 }, baseSaves: { fortitude: 1 }, hitPoints: { max: 12 }, feats: ['immune-to-precision-damage'] }

function hitPointsOf (encounter: Schemas['Encounter'], id: string): Schemas['HitPoints'] | null {
  return encounter.combatants.find((c) => c.id === id)?.hitPoints ?? null
}

/** One page of the log, of 3 events: the first without a cursor. */
async function eventsPage (id: string, cursor: string | null) {
  return client.GET('/v1/encounters/{id}/events', { params: { path: { id }, query: cursor === null ? { limit: 3 } : { limit: 3, cursor } } })
}

type LoggedEvent = NonNullable<Awaited<ReturnType<typeof eventsPage>>['data']>['items'][number]

async function fight (ruleset: RulesetId): Promise<void> {
  const expected = EXPECTED[ruleset]
  const created = await client.POST('/v1/encounters', { body: { name: `typed ${ruleset}`, ruleset, combatants: [hero, orc] } })
  assert.ok(created.data, JSON.stringify(created.error))
  const id = created.data.id
  const path = { path: { id } }

  // The hero's d20 is 20, the orc's 1: the hero acts first under every ruleset.
  const started = await client.POST('/v1/encounters/{id}/start', { params: path, body: { dice: { sequence: [20, 1] } } })
  assert.ok(started.data, JSON.stringify(started.error))
  assert.equal(started.data.initiative.order[0]?.id, 'hero')
  assert.equal(started.data.turn?.combatantId, 'hero')

  // Out of turn: a 409 a program reads without parsing the detail.
  const early = await client.POST('/v1/encounters/{id}/actions', { params: path, body: { type: 'move', actor: 'orc' } })
  assert.equal(early.response.status, 409)
  if (early.error?.type !== '/problems/conflict') assert.fail(JSON.stringify(early.error))
  assert.equal(early.error.expected, 'hero')
  assert.equal(early.error.actual, 'orc')

  // @ts-expect-error an attack needs a target: AttackAction requires `target`, so this does not compile.
  const untargeted = await client.POST('/v1/encounters/{id}/actions', { params: path, body: { type: 'attack', actor: 'hero', weapon: { damage: '1d8' } } })
  assert.equal(untargeted.response.status, 422)
  assert.deepEqual(untargeted.error?.errors.map((e) => e.path), ['/target'])

  // d20 15 hits the flat-footed orc (AC 10, or the variant's off-guard 8); the d8 shows 5.
  const hit = await client.POST('/v1/encounters/{id}/actions', {
    params: path,
    body: { type: 'attack', actor: 'hero', target: 'orc', weapon: { name: 'longsword', damage: '1d8' }, dice: { sequence: [15, 5] } }
  })
  assert.ok(hit.data, JSON.stringify(hit.error))
  if (hit.data.type !== 'attack') assert.fail(`an attack answered as ${hit.data.type}`)
  assert.equal(hit.data.result.attacks[0]?.hit, true)
  assert.equal(hit.data.result.totals.damage, expected.damage)
  const wound = hit.data.applied.find((change) => change.kind === 'hit-points')
  assert.equal(wound?.kind === 'hit-points' ? wound.after.current : null, expected.orcAfterHit)
  assert.deepEqual(hit.data.encounter.turn?.spent, [expected.standard])

  // The standard (variant: major) action is spent: no full-round action is left, and the 409 lists what was spent.
  const greedy = await client.POST('/v1/encounters/{id}/actions', { params: path, body: { type: 'act', actor: 'hero', actionType: 'full-round', description: 'a second swing' } })
  if (greedy.error?.type !== '/problems/conflict') assert.fail(JSON.stringify(greedy.error))
  assert.deepEqual(greedy.error.spent, [expected.standard])

  const passed = await client.POST('/v1/encounters/{id}/actions', { params: path, body: { type: 'end-turn', actor: 'hero' } })
  assert.ok(passed.data, JSON.stringify(passed.error))
  assert.equal(passed.data.encounter.turn?.combatantId, 'orc')
  const turn = passed.data.applied.find((change) => change.kind === 'turn')
  assert.equal(turn?.kind === 'turn' ? turn.combatantId : null, 'orc')

  // A GM's damage and healing: POST /v1/damage and /v1/healing on the stored hero, 20 − 4 + 2 = 18.
  const hurt = await client.POST('/v1/encounters/{id}/actions', { params: path, body: { type: 'damage', target: 'hero', damage: { amount: 4 } } })
  assert.ok(hurt.data, JSON.stringify(hurt.error))
  if (hurt.data.type !== 'damage') assert.fail(hurt.data.type)
  assert.equal(hurt.data.result.after.current, 16)
  const healed = await client.POST('/v1/encounters/{id}/actions', { params: path, body: { type: 'heal', target: 'hero', healing: { kind: 'magical', amount: 2 } } })
  assert.ok(healed.data, JSON.stringify(healed.error))
  if (healed.data.type !== 'heal') assert.fail(healed.data.type)
  assert.equal(healed.data.result.after.current, 18)
  assert.equal(hitPointsOf(healed.data.encounter, 'hero')?.current, 18)

  const shaken = await client.POST('/v1/encounters/{id}/actions', { params: path, body: { type: 'condition', target: 'hero', add: 'shaken', durationRounds: 1 } })
  assert.ok(shaken.data, JSON.stringify(shaken.error))
  if (shaken.data.type !== 'condition') assert.fail(shaken.data.type)
  const gained = shaken.data.applied.find((change) => change.kind === 'conditions')
  assert.deepEqual(gained?.kind === 'conditions' ? gained.added : null, ['shaken'])

  const moved = await client.POST('/v1/encounters/{id}/actions', { params: path, body: { type: 'move', actor: 'orc', distanceFeet: 30 } })
  assert.ok(moved.data, JSON.stringify(moved.error))
  const ended = await client.POST('/v1/encounters/{id}/actions', { params: path, body: { type: 'end' } })
  assert.ok(ended.data, JSON.stringify(ended.error))
  assert.equal(ended.data.encounter.status, 'finished')

  // The log, in pages of 3 by cursor: created, started, attack, end-turn, damage, heal, condition, move, end.
  // As openapi-fetch reads them (its response types leave out a property whose only value is null, such as a bookkeeping `result`).
  const log: LoggedEvent[] = []
  let cursor: string | null = null
  do {
    const page = await eventsPage(id, cursor)
    assert.ok(page.data, JSON.stringify(page.error))
    log.push(...page.data.items)
    cursor = page.data.nextCursor
  } while (cursor !== null && log.length < 100)
  assert.deepEqual(log.map((e) => e.type), ['created', 'started', 'attack', 'end-turn', 'damage', 'heal', 'condition', 'move', 'end'])
  const attackEvent = log.find((e) => e.type === 'attack')
  assert.equal(attackEvent?.type === 'attack' ? attackEvent.request.target : null, 'orc')
  assert.equal(attackEvent?.type === 'attack' ? attackEvent.result.totals.damage : null, expected.damage)
  const startEvent = log.find((e) => e.type === 'started')
  assert.equal(startEvent?.type === 'started' ? startEvent.result.order[0]?.id : null, 'hero')
  const creation = log.find((e) => e.type === 'created')
  assert.deepEqual(creation?.type === 'created' ? creation.request.combatants.map((c) => c.id) : null, ['hero', 'orc'])
}

for (const ruleset of ['dnd35', 'pf1e', 'variant'] as const) {
  test(`${ruleset}: a whole encounter through the generated client, every outcome read through its type`, async () => {
    await fight(ruleset)
  })
}

test('every answer the client received matched the document', () => {
  assert.ok(check.checked >= 3 * 15, `only ${check.checked} answers checked`)
  assert.deepEqual(check.mismatches, [])
})
