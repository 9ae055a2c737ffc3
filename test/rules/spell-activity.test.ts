// docs/rules.md §146 (SRD 3.5 › Conditions › Nauseated; PRD › Conditions ›
// Nauseated): casting is an activity of its own in the condition table. A
// row forbidding `spell` refuses a cast or a concentration check and nothing
// else; a row forbidding attacks does not refuse a spell.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { forbids, type ActionNeeds } from '../../src/rules/effects.js'

const cast: ActionNeeds = { attack: false, slot: 'primary', spell: true }
const quickened: ActionNeeds = { attack: false, slot: null, spell: true }
const move: ActionNeeds = { attack: false, slot: null }
const strike: ActionNeeds = { attack: true, slot: 'primary' }

test('docs/rules.md §146: a row forbidding spells refuses every cast, swift or not, and no other action', () => {
  const nauseated = { forbids: ['spell'] as const }
  assert.equal(forbids(nauseated, cast), true)
  assert.equal(forbids(nauseated, quickened), true)
  assert.equal(forbids(nauseated, move), false)
  assert.equal(forbids(nauseated, strike), false)
  assert.equal(forbids(nauseated, { ...cast, spell: false }), false)
})

test('docs/rules.md §146: a row forbidding attacks or charges does not refuse a spell that is no attack', () => {
  assert.equal(forbids({ forbids: ['attack'] }, quickened), false)
  assert.equal(forbids({ forbids: ['charge'] }, quickened), false)
  assert.equal(forbids({ forbids: ['attack', 'spell'] }, quickened), true)
})
