// What a breakdown line tells an app without parsing its words: the kind of
// damage of an extra-damage die, and the base 10 of an AC or CMD given as a
// printed total (the applied values plus the base make the number).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import type { FastifyInstance } from 'fastify'
import { statelessApp } from '../helpers/app.js'

let app: FastifyInstance
before(async () => { app = await statelessApp() })
after(async () => { await app.close() })

interface Line { source: string, type: string, value: number, applied: boolean, damageType?: string }

const appliedSum = (lines: Line[]): number => lines.filter((l) => l.applied).reduce((n, l) => n + l.value, 0)

test('an extraDamage die carries its kind of damage as data, the weapon\'s own dice none', async () => {
  // SRD 3.5, Magic Items › Magic Weapons › Flaming: "an extra 1d6 points of fire
  // damage on a successful hit"; Special Abilities › Energy Resistance applies per
  // kind of energy, so an app needs the fire part on its own.
  const res = await request(app.server).post('/v1/attacks').send({
    ruleset: 'dnd35',
    attacker: { baseAttackBonus: 5, abilities: { str: 14 } },
    target: { armorClass: { armor: 5 } },
    weapon: { name: 'longsword', damage: '1d8', extraDamage: [{ dice: '1d6', type: 'fire' }, { dice: '2d6', type: 'sneak attack' }, { dice: '1d4' }] },
    // attack 15 (hits AC 15), longsword 5, fire 4, sneak attack 3 + 2, untyped 1
    dice: { sequence: [15, 5, 4, 3, 2, 1] }
  }).expect(200)
  const lines = res.body.attacks[0].damage.breakdown as Line[]
  assert.deepEqual(lines.map((l) => [l.source, l.value, l.damageType]), [
    ['longsword 1d8', 5, undefined],
    ['Strength', 2, undefined],
    ['fire 1d6', 4, 'fire'],
    ['sneak attack 2d6', 5, 'sneak attack'],
    ['untyped 1d4', 1, 'untyped']
  ])
  assert.equal(res.body.attacks[0].damage.total, appliedSum(lines))
})

test('an AC given as printed totals is the base 10 plus one "other" line for the rest, as an AC from components is', async () => {
  // SRD 3.5, Combat › Armor Class: AC = 10 + armor bonus + shield bonus + Dexterity
  // modifier + size modifier (+ other modifiers). A printed 18 is the base 10 and 8
  // from parts the stat block does not list.
  const attack = async (target: object, weapon: object = {}) => {
    const res = await request(app.server).post('/v1/attacks').send({
      ruleset: 'dnd35',
      attacker: { baseAttackBonus: 1 },
      target,
      weapon: { name: 'dagger', damage: '1d4', ...weapon },
      dice: { sequence: [2, 1] }
    }).expect(200)
    return res.body.attacks[0] as { targetAC: number, acBreakdown: Line[] }
  }
  const printed = { armorClass: { total: 18, touch: 12, flatFooted: 16 } }
  const normal = await attack(printed)
  assert.equal(normal.targetAC, 18)
  assert.deepEqual(normal.acBreakdown, [{ source: 'other (printed AC 18, less the base 10)', type: 'untyped', value: 8, applied: true }])
  const touch = await attack(printed, { touch: true })
  assert.equal(touch.targetAC, 12)
  assert.deepEqual(touch.acBreakdown, [{ source: 'other (printed touch AC 12, less the base 10)', type: 'untyped', value: 2, applied: true }])
  const helpless = await attack({ ...printed, abilities: { dex: 14 }, conditions: ['helpless'] })
  assert.equal(helpless.targetAC, 10 + appliedSum(helpless.acBreakdown))
  assert.ok(helpless.acBreakdown.some((l) => l.source === 'other (printed flat-footed AC 16, less the base 10)' && l.value === 6), JSON.stringify(helpless.acBreakdown))
  // The same rule holds for an AC from components: the base 10 is never a line.
  const components = await attack({ armorClass: { armor: 4, shield: 1 }, abilities: { dex: 12 } })
  assert.equal(components.targetAC, 16)
  assert.equal(components.targetAC, 10 + appliedSum(components.acBreakdown))
})

test('a printed pf1e CMD is the base 10 plus one "other" line for the rest', async () => {
  // PRD, Combat › Combat Maneuver Defense: CMD = 10 + Base attack bonus + Strength
  // modifier + Dexterity modifier + special size modifier (+ AC bonuses). A printed
  // 25 is the base 10 and 15 the stat block does not itemise.
  const res = await request(app.server).post('/v1/maneuvers').send({
    ruleset: 'pf1e', maneuver: 'trip', attacker: { cmb: 9 }, defender: { cmd: 25 }, dice: { sequence: [10] }
  }).expect(200)
  const check = (res.body.steps as Array<{ against?: number, againstLabel?: string, againstBreakdown?: Line[] }>).find((s) => s.againstLabel === 'CMD')
  assert.ok(check?.againstBreakdown, JSON.stringify(res.body.steps))
  assert.equal(check.against, 25)
  assert.deepEqual(check.againstBreakdown, [{ source: 'other (printed CMD 25, less the base 10)', type: 'untyped', value: 15, applied: true }])
  assert.equal(check.against, 10 + appliedSum(check.againstBreakdown))
})
