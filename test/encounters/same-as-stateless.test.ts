// An encounter action resolves through the same rules as its stateless
// endpoint: the stored combatants sent to the stateless endpoint with the same
// seed give exactly the action's `result`, for every resolving action type.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { act, canonical, createEncounter, encounterApp, type EncounterHarness, type Json } from '../helpers/encounters.js'

let h: EncounterHarness
before(async () => { h = await encounterApp() })
after(async () => { await h.close() })

// The Encounter shows state the stateless Combatant does not take (initiative, side, …) and a richer HitPoints report.
const ENCOUNTER_ONLY = new Set(['side', 'aware', 'initiative', 'reactionsUsed', 'readied', 'pending', 'initiativeBonus', 'reactionsPerRound'])
const REPORT_ONLY = new Set(['damageTaken', 'bloodied', 'wounded', 'penalty'])

const TURNER_ONLY = new Set(['class', 'energy', 'knowledgeReligionRanks'])

/** The stored combatant as a stateless body would send it (a turner's class and energy only to POST /v1/turning). */
function statelessCombatant (c: Json, turning: boolean): Json {
  const out: Json = {}
  for (const [key, value] of Object.entries(c)) {
    if (ENCOUNTER_ONLY.has(key) || value === null || (!turning && TURNER_ONLY.has(key))) continue
    if (key === 'conditions') {
      if ((value as Json[]).length > 0) out.conditions = (value as Json[]).map((x) => x.name)
    } else if (key === 'hitPoints') {
      out.hitPoints = Object.fromEntries(Object.entries(value as Json).filter(([k]) => !REPORT_ONLY.has(k)))
    } else {
      out[key] = value
    }
  }
  return out
}

async function sameResult (id: string, action: Json, statelessPath: string, body: (c: (id: string) => Json) => Json): Promise<Json> {
  const before = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body
  const c = (cid: string) => statelessCombatant(before.combatants.find((x: Json) => x.id === cid), statelessPath === '/v1/turning')
  const seed = `same-${String(action.type)}-${String(action.action ?? action.maneuver ?? '')}`
  const acted = await act(h, id, { ...action, seed })
  const stateless = await h.http.post(statelessPath).send({ ruleset: before.ruleset, seed, ...body(c) })
  assert.equal(stateless.status, 200, JSON.stringify(stateless.body))
  assert.deepEqual(JSON.parse(canonical(acted.result)), JSON.parse(canonical(stateless.body)), `${String(action.type)}: the encounter's result differs from ${statelessPath}`)
  return acted
}

/** End turns until it is `who`'s turn. */
async function passTo (id: string, who: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const turn = (await h.http.get(`/v1/encounters/${id}`).expect(200)).body.turn
    if (turn.combatantId === who) return
    await act(h, id, { type: 'end-turn', actor: turn.combatantId })
  }
  throw new Error(`never ${who}'s turn`)
}

const fighter = { id: 'fighter', baseAttackBonus: 6, abilities: { str: 16, dex: 13, con: 14 }, armorClass: { armor: 5, shield: 2 }, baseSaves: { fortitude: 5, reflex: 2, will: 1 }, feats: ['two-weapon-fighting'], hitPoints: { max: 60 } }
const ogre = { id: 'ogre', size: 'large', baseAttackBonus: 3, abilities: { str: 21, dex: 8, con: 15 }, armorClass: { natural: 5 }, baseSaves: { fortitude: 6, reflex: 0, will: 1 }, hitPoints: { max: 60 } }
const cleric = { id: 'cleric', class: 'cleric', level: 5, baseAttackBonus: 3, abilities: { con: 12, cha: 14 }, baseSaves: { will: 6, fortitude: 4, reflex: 1 }, hitPoints: { max: 30, current: 12 } }
const zombie = { id: 'zombie', hitDice: 2, baseAttackBonus: 1, abilities: { con: null }, baseSaves: { will: 0 }, hitPoints: { max: 16 } }

test('dnd35: attack, full attack, coup de grace, save, grapple, maneuver, turn, damage and heal give the stateless results', async () => {
  const { id } = await createEncounter(h, { name: 'mirror', ruleset: 'dnd35', combatants: [fighter, ogre, cleric, zombie, { id: 'sleeper', abilities: { con: 10 }, baseSaves: { fortitude: 0 }, hitPoints: { max: 20 }, conditions: ['helpless'] }] })
  await h.http.post(`/v1/encounters/${id}/start`).send({ dice: { sequence: [20, 2, 3, 1, 1] } }).expect(200)
  const longsword = { name: 'longsword', damage: '1d8', critRange: 19 }
  await passTo(id, 'fighter')
  await sameResult(id, { type: 'attack', actor: 'fighter', target: 'ogre', weapon: longsword, options: { flanking: true } }, '/v1/attacks', (c) => ({ attacker: c('fighter'), target: c('ogre'), weapon: longsword, mode: 'single', options: { flanking: true } }))
  const shortSword = { name: 'short sword', damage: '1d6', category: 'light', critRange: 19 }
  await act(h, id, { type: 'end-turn', actor: 'fighter' })
  await passTo(id, 'fighter')
  await sameResult(id, { type: 'full-attack', actor: 'fighter', target: 'ogre', weapon: longsword, offHand: shortSword }, '/v1/attacks', (c) => ({ attacker: c('fighter'), target: c('ogre'), weapon: longsword, offHand: shortSword, mode: 'full' }))
  await passTo(id, 'cleric')
  await sameResult(id, { type: 'turn', actor: 'cleric', action: 'turn', undead: [{ id: 'zombie', distanceFeet: 15 }] }, '/v1/turning', (c) => ({ action: 'turn', turner: c('cleric'), undead: [{ id: 'zombie', hitDice: 2, distanceFeet: 15 }] }))
  await passTo(id, 'ogre')
  await sameResult(id, { type: 'grapple', actor: 'ogre', target: 'fighter', action: 'start', options: { attackOfOpportunityDamage: 0 } }, '/v1/grapples', (c) => ({ action: 'start', attacker: c('ogre'), defender: c('fighter'), options: { attackOfOpportunityDamage: 0 } }))
  await act(h, id, { type: 'end-turn', actor: 'ogre' })
  await passTo(id, 'fighter')
  await sameResult(id, { type: 'coup-de-grace', actor: 'fighter', target: 'sleeper', weapon: longsword }, '/v1/attacks', (c) => ({ attacker: c('fighter'), target: c('sleeper'), weapon: longsword, mode: 'coup-de-grace' }))
  await act(h, id, { type: 'end-turn', actor: 'fighter' })
  await passTo(id, 'cleric')
  await sameResult(id, { type: 'maneuver', actor: 'cleric', target: 'zombie', maneuver: 'trip' }, '/v1/maneuvers', (c) => ({ maneuver: 'trip', attacker: c('cleric'), defender: c('zombie') }))
  const effect = { damage: '5d6', onSuccess: 'half' }
  await sameResult(id, { type: 'save', save: 'reflex', dc: 15, effect, targets: ['fighter', { id: 'ogre', cover: 'cover' }] }, '/v1/saves', (c) => ({ save: 'reflex', dc: 15, effect, targets: [c('fighter'), { ...c('ogre'), cover: 'cover' }] }))
  await sameResult(id, { type: 'damage', target: 'cleric', damage: { dice: '2d8+3' } }, '/v1/damage', (c) => ({ creature: c('cleric'), damage: { dice: '2d8+3' } }))
  await sameResult(id, { type: 'heal', target: 'cleric', healing: { kind: 'magical', dice: '1d8+5' } }, '/v1/healing', (c) => ({ creature: c('cleric'), healing: { kind: 'magical', dice: '1d8+5' } }))
})

test('pf1e channel energy and a combat maneuver, and the variant\'s attack and Death-save damage, give the stateless results', async () => {
  const pf = await createEncounter(h, { name: 'mirror pf1e', ruleset: 'pf1e', combatants: [{ ...cleric, feats: [] }, { ...fighter, feats: ['improved-trip'] }, { ...zombie, abilities: { con: null, dex: 10 } }] })
  await h.http.post(`/v1/encounters/${pf.id}/start`).send({ dice: { sequence: [20, 10, 1] } }).expect(200)
  await passTo(pf.id, 'cleric')
  await sameResult(pf.id, { type: 'turn', actor: 'cleric', action: 'channel-positive', targets: [{ id: 'fighter', kind: 'living' }, { id: 'zombie', kind: 'undead' }] }, '/v1/turning',
    (c) => ({ action: 'channel-positive', turner: c('cleric'), targets: [{ ...c('fighter'), kind: 'living' }, { ...c('zombie'), kind: 'undead' }] }))
  await act(h, pf.id, { type: 'end-turn', actor: 'cleric' })
  await passTo(pf.id, 'fighter')
  await sameResult(pf.id, { type: 'maneuver', actor: 'fighter', target: 'zombie', maneuver: 'bull-rush' }, '/v1/maneuvers', (c) => ({ maneuver: 'bull-rush', attacker: c('fighter'), defender: c('zombie') }))

  const v = await createEncounter(h, { name: 'mirror variant', ruleset: 'variant', combatants: [
    { id: 'hero', baseAttackBonus: 4, abilities: { str: 16 }, baseSaves: { death: 2 }, hitPoints: { max: 20, current: 9 } },
    { id: 'orc', baseAttackBonus: 2, abilities: { str: 16 }, baseSaves: { death: 1 }, hitPoints: { max: 12, current: 2 } }
  ] })
  await h.http.post(`/v1/encounters/${v.id}/start`).send({ dice: { sequence: [20, 1] } }).expect(200)
  const axe = { name: 'axe', damage: '1d8' }
  await passTo(v.id, 'hero')
  await sameResult(v.id, { type: 'attack', actor: 'hero', target: 'orc', weapon: axe }, '/v1/attacks', (c) => ({ attacker: c('hero'), target: c('orc'), weapon: axe, mode: 'single' }))
  await sameResult(v.id, { type: 'damage', target: 'hero', damage: { amount: 15 } }, '/v1/damage', (c) => ({ creature: c('hero'), damage: { amount: 15 } }))
})
