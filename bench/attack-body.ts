// The benchmark's request: a dnd35 full attack (BAB 12: three iteratives), a
// magic longsword with fire damage, bless, concealment, an ogre with AC from
// components and hit points. About 600 bytes; the answer is about 4 KB.
export const ATTACK_BODY = {
  ruleset: 'dnd35',
  mode: 'full',
  attacker: {
    id: 'fighter', name: 'Fighter 12', baseAttackBonus: 12,
    abilities: { str: 18, dex: 14, con: 14 },
    feats: ['weapon-finesse']
  },
  target: {
    size: 'large', abilities: { str: 21, dex: 8, con: 15 },
    armorClass: { armor: 3, natural: 5, modifiers: [{ value: 1, type: 'deflection', source: 'ring' }] },
    hitPoints: { max: 29, current: 29 }
  },
  weapon: { name: 'longsword', damage: '1d8', critRange: 19, enhancement: 1, extraDamage: [{ dice: '1d6', type: 'fire' }] },
  options: { concealment: 'concealment', attackModifiers: [{ value: 1, type: 'morale', source: 'bless' }] }
}

export const ATTACK_PAYLOAD = JSON.stringify(ATTACK_BODY)

/**
 * Not a service route: bench/servers.ts adds it to the service at warn, where
 * it answers the bare route's canned bytes. Under /v1, so it passes the same
 * hooks (access, rate limit) as /v1/attacks.
 */
export const STACK_ROUTE = '/v1/bench-stack/attacks'
