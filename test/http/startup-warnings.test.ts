// The service starts and serves without warnings on stderr: an operator reads
// every line there. The response serializer compiles the union branches of
// every schema holding a dice notation (a stored stat block's weapons) with an
// Ajv of its own, which warned once per such schema that it did not know the format.
import { mock, test } from 'node:test'
import assert from 'node:assert/strict'
import { encounterApp, createEncounter } from '../helpers/encounters.js'

test('building the service with encounters and answering an encounter with weapons writes no "unknown format" warning (OpenAPI › POST /v1/encounters)', async () => {
  const warnings: string[] = []
  const warn = mock.method(console, 'warn', (...args: unknown[]) => { warnings.push(args.map(String).join(' ')) })
  try {
    const h = await encounterApp()
    try {
      const fighter = { baseAttackBonus: 1, abilities: { str: 12, dex: 10, con: 10 }, armorClass: { armor: 2 }, hitPoints: { max: 8 }, weapons: [{ name: 'club', damage: '1d6', offHand: { name: 'dagger', damage: '1d4', category: 'light' } }] }
      const created = await createEncounter(h, { name: 'warnings', ruleset: 'dnd35', combatants: [{ id: 'x', side: 'a', ...fighter }, { id: 'y', side: 'b', ...fighter }] })
      const sim = await h.http.post(`/v1/encounters/${String(created.id)}/simulations`).send({ runs: 3, seed: 'w' })
      assert.equal(sim.status, 200, JSON.stringify(sim.body))
    } finally {
      await h.close()
    }
  } finally {
    warn.mock.restore()
  }
  assert.deepEqual(warnings.filter((w) => w.includes('unknown format')), [])
})
