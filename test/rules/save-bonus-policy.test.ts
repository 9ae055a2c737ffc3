// A save bonus reads the ruleset's saving-throw policy and nothing else (docs/rules.md §P3): a toy
// ruleset, never registered, with other abilities per save pins which save loses Dexterity
// and which adds no ability, where the three registered rulesets cannot tell (in each, the
// Reflex save is the only one adding Dexterity, and every save has an abilities entry).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { getRuleset, type RulesetDefinition } from '../../src/rules/rulesets/index.js'
import { capabilitiesOf } from '../../src/rules/rulesets/capabilities.js'
import { saveBonus } from '../../src/rules/saves/save-bonus.js'

const dnd35 = getRuleset('dnd35')
const { capabilities: _c, ...dnd35Definition } = dnd35
function toy (changes: Partial<RulesetDefinition>): ReturnType<typeof getRuleset> {
  const definition: RulesetDefinition = { ...dnd35Definition, id: 'toy', ...changes }
  return { ...definition, capabilities: capabilitiesOf(definition) }
}

// Fortitude adds Dexterity, Reflex adds Intelligence, and a fourth save, `luck`, has no abilities entry.
const ruleset = toy({
  saves: ['fortitude', 'reflex', 'will', 'luck'],
  savingThrows: { ...dnd35.savingThrows, abilities: { fortitude: ['dex'], reflex: ['int'], will: ['wis'] } }
})
const lines = (creature: object, save: string) => saveBonus(ruleset, creature, save).breakdown.map((b) => [b.source, b.value])
const base = { baseSaves: { fortitude: 1, reflex: 2, will: 0, luck: 3 }, abilities: { dex: 14, int: 16, wis: 10 } }

test('docs/rules.md §P3; SRD 3.5 › Helpless Defenders: a helpless creature\'s Dex counts as 0 on the save its ruleset names Reflex, not on another save adding Dex', () => {
  // `helpless` itself leaves the Dex score alone (paralysis would set it to 0 on every save).
  const paralyzed = { ...base, conditions: ['helpless'] }
  // The Reflex save of dnd35 would take −5 (Dex 0); Fortitude adds Dex 14 (+2) here, and it is not the Reflex save: the Dex stays, 1 + 2 = 3.
  assert.deepEqual(lines(paralyzed, 'fortitude'), [['base fortitude save', 1], ['Dexterity', 2]])
  assert.equal(saveBonus(ruleset, paralyzed, 'fortitude').value, 3)
  // The Reflex save adds Int 16 (+3) here: a helpless creature keeps it, 2 + 3 = 5 (only Dexterity is treated as 0).
  assert.deepEqual(lines(paralyzed, 'reflex'), [['base reflex save', 2], ['Intelligence', 3]])
  assert.equal(saveBonus(ruleset, paralyzed, 'reflex').value, 5)
  // Not helpless: the same lines.
  assert.deepEqual(lines(base, 'fortitude'), [['base fortitude save', 1], ['Dexterity', 2]])
})

test('docs/rules.md §P3: a save its ruleset gives no abilities entry adds the base save alone', () => {
  assert.deepEqual(lines(base, 'luck'), [['base luck save', 3]])
  assert.equal(saveBonus(ruleset, base, 'luck').value, 3)
})
