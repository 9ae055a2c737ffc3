// docs/rules.md §88 and §145: every answer that judges a creature lists the conditions the rules
// applied to it, listed or implied, each once, with `impliedBy` for an implied one: the turning
// answer (the turner, and each pf1e target) and the odds of saves, maneuvers, grapples and turning,
// as attacks, saves, maneuvers and grapples already do. Each expected list is worked by hand from the
// ruleset's table: dnd35 at 0 HP is disabled (SRD 3.5 › Disabled); dnd35 at −3 is dying, so
// unconscious and helpless (SRD 3.5 › Injury and Death; docs/rules.md §71); pf1e helpless is also
// flat-footed (PRD › Helpless Defenders); frightened is shaken as well (SRD 3.5 › Conditions ›
// Frightened).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

type Body = Record<string, unknown>

async function post (url: string, body: Body) {
  const res = await request(app.server).post(url).send(body)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body
}

const DISABLED = [{ name: 'disabled', impliedBy: 'hitPoints' }]
const DND35_DYING = [
  { name: 'dying', impliedBy: 'hitPoints' },
  { name: 'unconscious', impliedBy: 'hitPoints' },
  { name: 'helpless', impliedBy: 'hitPoints' }
]
const PF1E_DYING = [...DND35_DYING, { name: 'flat-footed', impliedBy: 'hitPoints' }]
const FRIGHTENED = [{ name: 'frightened' }, { name: 'shaken', impliedBy: 'frightened' }]

const cleric = (more: Body = {}): Body => ({ id: 'cleric', level: 3, class: 'cleric', abilities: { cha: 12 }, ...more })
const zombies = [{ id: 'zombie-1', hitDice: 2, distanceFeet: 10 }, { id: 'zombie-2', hitDice: 2, distanceFeet: 20 }]

test('POST /v1/turning (dnd35): a turner at 0 HP lists disabled, implied by its hit points; it may still turn, a standard action (SRD 3.5 › Disabled; docs/rules.md §145)', async () => {
  // d20 8 + Cha 1 = 9: the table gives level 3 − 1 = 2 HD; 2d6 3 + 4 + level 3 + Cha 1 = 11 HD of turning damage.
  const res = await post('/v1/turning', {
    ruleset: 'dnd35', action: 'turn', turner: cleric({ hitPoints: { max: 20, current: 0 } }), undead: zombies, dice: { sequence: [8, 3, 4] }
  })
  assert.deepEqual(res.conditions, { turner: DISABLED })
  assert.deepEqual(res.results.map((r: Body) => [r.id, r.outcome, 'conditions' in r]), [['zombie-1', 'turned', false], ['zombie-2', 'turned', false]])
})

test('POST /v1/turning (dnd35): a turner with no condition lists none (docs/rules.md §145)', async () => {
  const res = await post('/v1/turning', { ruleset: 'dnd35', action: 'turn', turner: cleric(), undead: zombies, dice: { sequence: [8, 3, 4] } })
  assert.deepEqual(res.conditions, { turner: [] })
})

test('POST /v1/turning (pf1e): each target lists its conditions; a living target at −3 HP is dying, unconscious, helpless and flat-footed (PRD › Helpless Defenders; docs/rules.md §71, §145)', async () => {
  // Level 5: 3d6 → 2 + 3 + 4 = 9 healed (the dying fighter is 23 below its maximum); the frightened undead saves: d20 10 + Will 3 − 2 (shaken) = 11 < DC 10 + 2 + 1 = 13: harmed, 9.
  const res = await post('/v1/turning', {
    ruleset: 'pf1e', action: 'channel-positive', turner: cleric({ level: 5, abilities: { cha: 12 }, conditions: ['frightened'] }),
    targets: [
      { id: 'fighter', kind: 'living', hitPoints: { max: 20, current: -3 } },
      { id: 'zombie', kind: 'undead', baseSaves: { will: 3 }, conditions: ['frightened'] }
    ],
    dice: { sequence: [2, 3, 4, 10] }
  })
  assert.deepEqual(res.conditions, { turner: FRIGHTENED })
  const [fighter, zombie] = res.results
  assert.deepEqual([fighter.outcome, fighter.healed, fighter.conditions], ['healed', 9, PF1E_DYING])
  assert.deepEqual([zombie.outcome, zombie.save.total, zombie.damage, zombie.conditions], ['harmed', 11, 9, FRIGHTENED])
})

test('POST /v1/turning/odds lists the turner\'s conditions (dnd35) and each target\'s (pf1e) as POST /v1/turning does (docs/rules.md §145)', async () => {
  const dnd35 = await post('/v1/turning/odds', { ruleset: 'dnd35', action: 'turn', turner: cleric({ hitPoints: { max: 20, current: 0 } }), undead: zombies })
  assert.deepEqual(dnd35.conditions, { turner: DISABLED })
  const pf1e = await post('/v1/turning/odds', {
    ruleset: 'pf1e', action: 'channel-positive', turner: cleric({ level: 5 }),
    targets: [{ id: 'fighter', kind: 'living', hitPoints: { max: 20, current: -3 } }, { id: 'zombie', kind: 'undead', baseSaves: { will: 3 }, conditions: ['frightened'] }]
  })
  assert.deepEqual(pf1e.conditions, { turner: [] })
  assert.deepEqual(pf1e.results.map((r: Body) => r.conditions), [PF1E_DYING, FRIGHTENED])
})

test('POST /v1/saves/odds lists each target\'s conditions as POST /v1/saves does: a dnd35 target at −3 HP is dying, unconscious and helpless (docs/rules.md §71, §145)', async () => {
  const res = await post('/v1/saves/odds', {
    ruleset: 'dnd35', save: 'reflex', dc: 15,
    targets: [{ id: 'down', baseSaves: { reflex: 2 }, hitPoints: { max: 20, current: -3 } }, { id: 'scared', baseSaves: { reflex: 2 }, conditions: ['frightened'] }, { id: 'fine', baseSaves: { reflex: 2 } }]
  })
  assert.deepEqual(res.results.map((r: Body) => r.conditions), [DND35_DYING, FRIGHTENED, []])
  // The same lists POST /v1/saves gives for the same targets.
  const saves = await post('/v1/saves', {
    ruleset: 'dnd35', save: 'reflex', dc: 15, dice: { sequence: [10, 10, 10] },
    targets: [{ id: 'down', baseSaves: { reflex: 2 }, hitPoints: { max: 20, current: -3 } }, { id: 'scared', baseSaves: { reflex: 2 }, conditions: ['frightened'] }, { id: 'fine', baseSaves: { reflex: 2 } }]
  })
  assert.deepEqual(saves.results.map((r: Body) => r.conditions), [DND35_DYING, FRIGHTENED, []])
})

test('POST /v1/maneuvers/odds lists each side\'s conditions before the action: a dnd35 attacker at 0 HP is disabled and may still trip (docs/rules.md §145)', async () => {
  const res = await post('/v1/maneuvers/odds', {
    ruleset: 'dnd35', maneuver: 'trip',
    attacker: { baseAttackBonus: 2, abilities: { str: 16 }, hitPoints: { max: 12, current: 0 } },
    defender: { baseAttackBonus: 1, abilities: { str: 12, dex: 14 }, conditions: ['frightened'] }
  })
  assert.deepEqual(res.conditions, { attacker: DISABLED, defender: FRIGHTENED, others: [] })
  assert.ok(res.success > 0 && res.success < 1)
})

test('POST /v1/grapples/odds lists each side\'s conditions, others included (pf1e: a defender at −3 HP is helpless and flat-footed; docs/rules.md §71, §145)', async () => {
  const res = await post('/v1/grapples/odds', {
    ruleset: 'pf1e', action: 'start',
    attacker: { id: 'fighter', cmb: 6, conditions: ['frightened'] },
    defender: { id: 'orc', cmd: 15, hitPoints: { max: 10, current: -3 } }
  })
  assert.deepEqual(res.conditions, { attacker: FRIGHTENED, defender: PF1E_DYING, others: [] })
})
