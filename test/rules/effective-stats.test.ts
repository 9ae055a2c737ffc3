// Issue 11: every mechanic sees the same creature. Each test names the rule
// that fixes the number and fails if one mechanic works a condition out on its own.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { armorClass } from '../../src/rules/armor-class.js'
import type { CombatantInput } from '../../src/rules/combatant.js'
import { Dice } from '../../src/rules/dice/roller.js'
import { DomainError as RuleError } from '../../src/rules/errors.js'
import { effectiveStats } from '../../src/rules/effects.js'
import { initiativeModifier, rollInitiative } from '../../src/rules/initiative/initiative.js'
import { betterOfStrengthAndDexterity, ownConditions, type Participant } from '../../src/rules/maneuvers/checks.js'
import { combatManeuverDefense } from '../../src/rules/maneuvers/combat-maneuver.js'
import { resolveManeuver } from '../../src/rules/maneuvers/index.js'
import { getRuleset, RULESET_IDS } from '../../src/rules/rulesets/index.js'
import { resolveSaves } from '../../src/rules/saves/area-effect.js'
import { saveBonus } from '../../src/rules/saves/save-bonus.js'
import { resolveTurning } from '../../src/rules/turning/index.js'
import { attackOdds } from '../../src/rules/attacks/odds.js'
import { attack, first } from './attacks/helpers.js'

const pf1e = getRuleset('pf1e')
const dnd35 = getRuleset('dnd35')
const variant = getRuleset('variant')
const sling = { name: 'light crossbow', type: 'ranged' as const, damage: '1d8', rangeIncrement: 80 }
const dexEntry = (breakdown: ReadonlyArray<{ source: string, value: number }>) => breakdown.filter((b) => b.source.startsWith('Dexterity')).reduce((n, b) => n + b.value, 0)
const participant = (combatant: CombatantInput): Participant => ({ role: 'defender', path: '/defender', combatant })

test('pf1e grappled and grappling, Dex 14: −4 Dex once, so +0 on the ranged attack roll as in AC and CMD (PRD › Conditions › Grappled; docs/rules.md §P1.4)', () => {
  const grappler = { baseAttackBonus: 0, abilities: { dex: 14 }, conditions: ['grappled', 'grappling'] }
  const a = first(attack('pf1e', { attacker: grappler, target: { armorClass: { total: 10 } }, weapon: sling }, [10, 1]))
  // BAB 0 + Dex (14 − 4 = 10: +0) − 2 grappled, counted once.
  assert.equal(dexEntry(a.attackBreakdown), 0)
  assert.equal(a.attackBonus, -2)
  assert.equal(armorClass(pf1e, grappler, { kind: 'ranged', touch: false }).value, 10)
  assert.equal(combatManeuverDefense(pf1e, participant(grappler)).total, 10)
})

test('entangled, Dex 14: −4 Dex lowers initiative too, +0 instead of +2 (docs/rules.md §P1.4; SRD35/PRD › Entangled)', () => {
  for (const id of ['dnd35', 'pf1e'] as const) {
    const [entry] = rollInitiative(getRuleset(id), [{ id: 'caught', abilities: { dex: 14 }, conditions: ['entangled'] }], new Dice({ seed: 1, sequence: [10] })).order
    assert.equal(entry?.modifier, 0, id)
    assert.equal(entry?.total, 10, id)
  }
})

test('variant: bloodied and wounded from hit points cost −1 each on attack rolls, as on initiative and maneuvers (docs/rules.md §P6.3; variant › Hit Points)', () => {
  const hurt = (current: number) => ({ baseAttackBonus: 2, abilities: { str: 10 }, hitPoints: { max: 20, current } })
  const sword = { name: 'sword', damage: '1d8' }
  const bonus = (current: number) => first(attack('variant', { attacker: hurt(current), target: { armorClass: { armor: 0 } }, weapon: sword }, [10, 1])).attackBonus
  // D 5: healthy; D 10: bloodied (2·D ≥ HP); D 15: wounded (4·D ≥ 3·HP), −2 in all.
  assert.deepEqual([bonus(15), bonus(10), bonus(5)], [2, 1, 0])
  assert.equal(initiativeModifier(variant, { id: 'w', ...hurt(5) }).value, 2 - 2)
})

test('coup de grace: a shaken helpless target saves at the /v1/saves bonus, +5 not +7 (SRD 3.5 › Helpless Defenders; docs/rules.md §P3, SRD35 › Shaken)', () => {
  const target = { conditions: ['helpless', 'shaken'], abilities: { con: 14 }, baseSaves: { fortitude: 5 }, armorClass: { armor: 0 } }
  const cdg = attack('dnd35', { mode: 'coup-de-grace', attacker: { baseAttackBonus: 1 }, target, weapon: { name: 'dagger', damage: '1d4' } }, [2, 2, 10])
  const saves = resolveSaves(dnd35, { save: 'fortitude', dc: 15, targets: [target] }, new Dice({ seed: 1, sequence: [10] }))
  // 5 base + 2 Con − 2 shaken.
  assert.equal(cdg.coupDeGrace?.bonus, 5)
  assert.equal(saves.results[0]?.saveBonus, 5)
  assert.deepEqual(cdg.coupDeGrace?.breakdown, saves.results[0]?.breakdown)
})

test('channel energy: a shaken undead takes −2 on its Will save, as on any save (PRD › Conditions › Shaken; docs/rules.md §P3, §P5.3)', () => {
  const zombie = { id: 'zombie', kind: 'undead' as const, abilities: { wis: 10 }, baseSaves: { will: 3 }, conditions: ['shaken'] }
  const result = resolveTurning(pf1e, {
    action: 'channel-positive', turner: { id: 'cleric', class: 'cleric', level: 5, abilities: { cha: 10 } }, targets: [zombie]
  }, new Dice({ seed: 1, sequence: [1, 1, 1, 10] }))
  assert.equal(result.procedure, 'channel-energy')
  const save = result.procedure === 'channel-energy' ? result.results[0]?.save : null
  assert.equal(save?.bonus, 1)
  assert.equal(save?.bonus, saveBonus(pf1e, zombie, 'will').value)
})

test('odds: the variant Death save after damage reads the save path, so shaken counts −2 (docs/rules.md §P3, §P6.3; variant › Conditions)', () => {
  const request = (conditions: string[], death: number) => ({
    attacker: { baseAttackBonus: 0 },
    target: { armorClass: { total: 1 }, hitPoints: { max: 10 }, baseSaves: { death }, conditions },
    weapon: { name: 'club', damage: '10' },
    options: { attackModifiers: [{ value: 9 }] }
  })
  const shaken = attackOdds(variant, request(['shaken'], 2))
  const lower = attackOdds(variant, request([], 0))
  assert.equal(shaken.dropChance, lower.dropChance)
  assert.equal(shaken.killChance, lower.killChance)
  assert.notEqual(shaken.dropChance, attackOdds(variant, request([], 2)).dropChance)
})

test('dnd35 disarm: a defender holding something that is not a melee weapon takes −4 and gets no counter-disarm (SRD 3.5 › Disarm; docs/rules.md §P4.2)', () => {
  const side = (id: string) => ({ id, baseAttackBonus: 2, abilities: { str: 12 } })
  // Attacker 5 + 3 = 8 against the wand holder's 15 + 3 − 4 = 14: the disarm fails, and no counter follows.
  const r = resolveManeuver(dnd35, new Dice({ seed: 1, sequence: [5, 15, 20, 1] }), 'disarm', {
    attacker: side('a'), defender: side('d'),
    options: { attackOfOpportunityDamage: 0, defenderWeapon: { meleeWeapon: false }, attackerWeapon: {} }
  })
  assert.equal(r.success, false)
  assert.deepEqual(r.steps.map((s) => s.step), ['attack-of-opportunity', 'opposed-check'])
  assert.equal(r.effect.attackerDropsWeapon, undefined)
})

test('docs/rules.md §64: Improved Disarm gives +4 when resisting a disarm; pf1e Greater feats add +2 on CMB and CMD (SRD35 › Feats; PRD › Feats)', () => {
  const side = (id: string, feats: string[] = []) => ({ id, baseAttackBonus: 2, abilities: { str: 12 }, feats })
  const r = resolveManeuver(dnd35, new Dice({ seed: 1, sequence: [10, 10] }), 'disarm', {
    attacker: side('a'), defender: side('d', ['improved-disarm']), options: { attackOfOpportunityDamage: 0, counterAttempt: false }
  })
  const check = r.steps.find((s) => s.step === 'opposed-check')
  assert.deepEqual(check?.sides?.map((s) => s.modifier), [3, 7])
  const cmd = (feats: string[]) => combatManeuverDefense(pf1e, participant({ baseAttackBonus: 0, feats }), { maneuverFeat: 'improved-trip' }).total
  assert.deepEqual([cmd([]), cmd(['improved-trip']), cmd(['improved-trip', 'greater-trip'])], [10, 12, 14])
})

test('one helpless list: every name of the family allows a coup de grace, zeroes Dex on Reflex and makes a pf1e maneuver automatic (SRD 3.5 › Helpless Defenders; PRD › Combat Maneuvers)', () => {
  for (const name of ['helpless', 'paralyzed', 'unconscious', 'asleep', 'tied-up', 'petrified']) {
    for (const id of RULESET_IDS) {
      const stats = effectiveStats(getRuleset(id), { conditions: [name] })
      assert.equal(stats.helpless, true, `${id} ${name}`)
      assert.equal(stats.incapacitated, true, `${id} ${name}`)
    }
    const reflex = saveBonus(dnd35, { abilities: { dex: 18 }, baseSaves: { reflex: 0 }, conditions: [name] }, 'reflex').value
    assert.equal(reflex, -5, name)
  }
})

test('property: one creature, one Dex and one set of penalties on attack, AC, CMD, Reflex, initiative and maneuver checks, in every ruleset', () => {
  const names = ['entangled', 'grappled', 'grappling', 'pinned', 'flat-footed', 'off-guard', 'stunned', 'prone', 'shaken', 'frightened', 'sickened', 'dazzled', 'bloodied', 'wounded', 'deafened']
  fc.assert(fc.property(fc.constantFrom(...RULESET_IDS), fc.subarray(names), fc.integer({ min: 11, max: 30 }), (id, conditions, dex) => {
    const ruleset = getRuleset(id)
    const creature = { id: 'c', baseAttackBonus: 0, abilities: { dex, str: 1 }, baseSaves: { reflex: 0 }, conditions }
    const stats = effectiveStats(ruleset, creature)
    const want = stats.dexterity.modifier ?? 0
    const sum = (mods: ReadonlyArray<{ value: number }>) => mods.reduce((n, m) => n + m.value, 0)
    // Attack: the Dex entry of a ranged attack, and the conditions' penalties as the table gives them.
    // A stunned creature takes no actions: its attack is refused, naming the condition (docs/rules.md §73).
    const stunned = conditions.indexOf('stunned')
    if (stunned >= 0) {
      assert.throws(() => attack(id, { attacker: creature, target: { armorClass: { total: 10 } }, weapon: sling }, [10, 1]),
        (e: unknown) => e instanceof RuleError && e.kind === 'not-possible' && e.errors[0]?.path === `/attacker/conditions/${stunned}`)
    } else {
      const a = first(attack(id, { attacker: creature, target: { armorClass: { total: 10 } }, weapon: sling }, [10, 1]))
      assert.equal(dexEntry(a.attackBreakdown), want)
      const penalties = a.attackBreakdown.filter((b) => stats.changes('attack.ranged').some((m) => m.source === b.source))
      assert.equal(sum(penalties), sum(stats.changes('attack.ranged')))
    }
    // AC and CMD: the same Dex unless it is denied (a bonus) or zeroed (helpless).
    const ac = armorClass(ruleset, creature, { kind: 'melee', touch: true })
    const cmd = combatManeuverDefense(ruleset, participant(creature))
    if (stats.dexterity.helpless === null && (stats.dexterity.deniedToAc === null || want < 0)) {
      assert.equal(dexEntry(ac.breakdown), want)
      assert.equal(dexEntry(cmd.breakdown), want)
    }
    // Reflex, initiative and the maneuvers' Dex (Str 1 is −5, below any Dex here) all read the same number.
    const reflex = saveBonus(ruleset, creature, 'reflex')
    if (stats.dexterity.helpless === null && (stats.dexterity.deniedToReflex === null || want <= 0)) assert.equal(dexEntry(reflex.breakdown), want)
    const init = initiativeModifier(ruleset, creature)
    assert.equal(dexEntry(init.breakdown), want)
    assert.equal(init.value, want + sum(stats.changes('initiative')))
    assert.equal(betterOfStrengthAndDexterity(ruleset, participant(creature)).value, want)
    assert.deepEqual(ownConditions(ruleset, participant(creature), 'checks'), stats.changes('check'))
  }), { numRuns: 200 })
})
