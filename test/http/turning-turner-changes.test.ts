// docs/rules.md §149: turning is a Charisma check (SRD 3.5 › Turning Checks),
// so the turner's conditions and effects change it: their modifiers on
// checks apply to the turning check, and the Charisma modifier everywhere
// (check, turning damage, uses per day; pf1e's channel DC) is the score's
// after their changes. Expected totals worked out by hand from the Turning
// Undead table: 7–9 → level − 1, 10–12 → level, 13–15 → level + 1.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

const post = (path: string, body: object) => request(app.server).post(path).send(body)
const cleric = { id: 'cleric', level: 3, class: 'cleric', energy: 'positive', abilities: { cha: 12 } }
const ghast = { id: 'ghast', hitDice: 3, distanceFeet: 10 }

test('SRD 3.5 › Conditions › Shaken: −2 on ability checks, so on the turning check (docs/rules.md §149)', async () => {
  // Unshaken: 10 + 1 = 11 → level 3: the 3 HD ghast can be turned; damage 3 + 4 + 3 + 1 = 11 ≥ 3.
  const calm = await post('/v1/turning', { ruleset: 'dnd35', action: 'turn', turner: cleric, undead: [ghast], dice: { sequence: [10, 3, 4] } }).expect(200)
  assert.deepEqual([calm.body.turningCheck.total, calm.body.turningCheck.maxHitDice, calm.body.results[0].outcome], [11, 3, 'turned'])
  // Shaken: 10 + 1 − 2 = 9 → level − 1 = 2 HD: the ghast is beyond it, and no damage is rolled.
  const shaken = await post('/v1/turning', { ruleset: 'dnd35', action: 'turn', turner: { ...cleric, conditions: ['shaken'] }, undead: [ghast], dice: { sequence: [10] } }).expect(200)
  assert.equal(shaken.body.turningCheck.roll, 10)
  assert.equal(shaken.body.turningCheck.modifier, -1)
  assert.equal(shaken.body.turningCheck.total, 9)
  assert.equal(shaken.body.turningCheck.maxHitDice, 2)
  assert.deepEqual(shaken.body.turningCheck.breakdown.map((e: { value: number, applied: boolean }) => [e.value, e.applied]), [[1, true], [-2, true]])
  assert.match(shaken.body.turningCheck.breakdown[1].source, /shaken/)
  assert.equal(shaken.body.turningDamage, null)
  assert.equal(shaken.body.results[0].outcome, 'unaffected')
  // Uses per day are no check: 3 + 1 either way.
  assert.equal(shaken.body.usesPerDay.total, 4)
})

test('SRD 3.5 › Turning Checks: an effect raising Charisma raises the check, the damage and the uses per day (docs/rules.md §149, §96)', async () => {
  // Eagle's splendor +4: Cha 16, modifier +3. Check 10 + 3 = 13 → level + 1 = 4 HD; damage 3 + 4 + 3 + 3 = 13; uses 3 + 3 = 6.
  const splendid = { ...cleric, effects: [{ target: 'cha', value: 4, type: 'enhancement', source: 'eagle\'s splendor' }] }
  const res = await post('/v1/turning', { ruleset: 'dnd35', action: 'turn', turner: splendid, undead: [ghast], dice: { sequence: [10, 3, 4] } }).expect(200)
  assert.deepEqual([res.body.turningCheck.modifier, res.body.turningCheck.total, res.body.turningCheck.maxHitDice], [3, 13, 4])
  assert.equal(res.body.turningDamage.total, 13)
  assert.equal(res.body.usesPerDay.total, 6)
  assert.equal(res.body.results[0].outcome, 'turned')
})

test('PRD › Channel Energy: the save DC is 10 + ½ level + the Charisma modifier after effects (docs/rules.md §149)', async () => {
  const pfCleric = { id: 'cleric', level: 4, class: 'cleric', energy: 'positive', abilities: { cha: 12 } }
  const body = (turner: object) => ({ ruleset: 'pf1e', action: 'channel-positive', turner, targets: [{ id: 'zombie', kind: 'undead', baseSaves: { will: 0 }, distanceFeet: 20 }] })
  const plain = await post('/v1/turning/odds', body(pfCleric)).expect(200)
  const splendid = await post('/v1/turning/odds', body({ ...pfCleric, effects: [{ target: 'cha', value: 4, type: 'enhancement', source: 'eagle\'s splendor' }] })).expect(200)
  // 10 + 2 + 1 = 13 against 10 + 2 + 3 = 15.
  assert.equal(plain.body.saveDc, 13)
  assert.equal(splendid.body.saveDc, 15)
})
