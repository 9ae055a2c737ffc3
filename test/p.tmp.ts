import { createEncounter, encounterApp } from './helpers/encounters.js'
const h = await encounterApp()
const roster = [{ id: 'a', baseAttackBonus: 2, abilities: { con: 12 }, hitPoints: { max: 10 } }, { id: 'b', baseAttackBonus: 1, abilities: { con: 10 }, hitPoints: { max: 8 } }]
const e = await createEncounter(h, { name: 'x', ruleset: 'dnd35', combatants: roster })
await h.http.post(`/v1/encounters/${e.id}/start`).send({ dice: { sequence: [20, 1] } })
for (const options of [{ flankng: true }, { lethal: true }, { flanking: true, zz: 1 }]) {
  const r = await h.http.post(`/v1/encounters/${e.id}/actions`).send({ type: 'attack', actor: 'a', target: 'b', weapon: { damage: '1d6' }, options })
  console.log(JSON.stringify(options), r.status, JSON.stringify(r.body).slice(0, 500))
}
await h.close()
