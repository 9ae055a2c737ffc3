// Names and summaries of the request examples, in the order the body schemas
// list them (JSON Schema `examples`, which Ajv and schema tools read as
// plain values). Swagger UI shows the name in its example picker and the
// summary beside it; the contract test checks every example is named here,
// and that each answers its operation's success status.

export interface ExampleLabel { name: string, summary: string }

export const EXAMPLE_LABELS: Record<string, ExampleLabel[]> = {
  rollDice: [
    { name: 'seeded', summary: '4d6+2 with a seed: the same seed gives the same dice' },
    { name: 'fixed-dice', summary: '4d6+2 with the dice given (physical dice)' }
  ],
  resolveAttack: [
    { name: 'single-attack', summary: 'dnd35: a fighter\'s longsword attack against an ogre' },
    { name: 'full-attack-two-weapons', summary: 'dnd35: a full attack with longsword and short sword; the first attack\'s d20 and damage die and the second d20 fixed (dice order: attack, then its damage)' }
  ],
  attackOdds: [
    { name: 'greatsword', summary: 'pf1e: the odds of a greatsword full attack against an ogre' }
  ],
  saveOdds: [
    { name: 'fireball-odds', summary: 'dnd35: the odds of a rogue with evasion and an ogre against a 3d6 Reflex-half burning hands' }
  ],
  maneuverOdds: [
    { name: 'trip-odds', summary: 'dnd35: the odds of a trip, its counter-trip included' },
    { name: 'bull-rush-odds', summary: 'pf1e: the odds of a bull rush, CMB against CMD, and of each push distance' }
  ],
  grappleOdds: [
    { name: 'start-grapple-odds', summary: 'dnd35: the odds of a fighter starting a grapple with a large ogre' }
  ],
  simulateFight: [
    { name: 'fighter-against-goblins', summary: 'dnd35: a fighter against two goblins, 1,000 fights: each side\'s chance to win' }
  ],
  simulateEncounter: [
    { name: 'how-bad', summary: '1,000 fights from the encounter as it stands, writing nothing' }
  ],
  turningOdds: [
    { name: 'turn-undead-odds', summary: 'dnd35: the odds of a 3rd-level cleric turning two zombies and a wight' },
    { name: 'channel-positive-odds', summary: 'pf1e: the odds of a 3rd-level cleric\'s positive channel healing an ally and harming a zombie' }
  ],
  resolveTurning: [
    { name: 'turn-undead', summary: 'dnd35: a 3rd-level cleric turns two zombies and a wight' },
    { name: 'channel-positive', summary: 'pf1e: a cleric channels positive energy, healing an ally and harming a zombie' }
  ],
  resolveGrapple: [
    { name: 'start-grapple', summary: 'dnd35: a fighter starts a grapple with a large ogre' },
    { name: 'pin', summary: 'pf1e: pin an opponent already grappled' }
  ],
  resolveManeuver: [
    { name: 'bull-rush', summary: 'pf1e: bull rush, CMB against CMD' },
    { name: 'trip', summary: 'dnd35: trip, the touch attack then the opposed Strength check' }
  ],
  applyDamage: [
    { name: 'drop-to-dying', summary: 'dnd35: 6 damage takes a creature from 5 to −1 hit points' },
    { name: 'massive-damage', summary: 'dnd35: a 10d6+20 blow calls for the massive-damage Fortitude save' },
    { name: 'variant-death-save', summary: 'variant: damage past HP calls for a Death save' }
  ],
  applyHealing: [
    { name: 'magical-healing', summary: 'dnd35: cure spell on a dying creature' },
    { name: 'stabilize', summary: 'pf1e: a dying creature\'s Constitution check to stabilize' },
    { name: 'bed-rest', summary: 'dnd35: a day of bed rest' }
  ],
  rollSaves: [
    { name: 'fireball', summary: 'dnd35: a rogue with evasion and an ogre in cover save against a fireball' }
  ],
  rollConcentration: [
    { name: 'casting-defensively', summary: 'dnd35: a wizard casts a 3rd-level spell defensively (DC 18)' },
    { name: 'grappled', summary: 'pf1e: a cleric casts a 2nd-level spell while grappled by a CMB +7 foe (DC 19)' }
  ],
  rollInitiative: [
    { name: 'ambush', summary: 'dnd35: the goblin is unaware, so the fighter gets a surprise round' },
    { name: 'variant', summary: 'variant: initiative adds the base combat bonus and the wound penalty' }
  ],
  createEncounter: [
    { name: 'goblin-ambush', summary: 'dnd35: a fighter against an unaware goblin' }
  ],
  addCombatant: [
    { name: 'wolf', summary: 'A wolf joins the goblin\'s side (in an active encounter it rolls initiative on entry)' }
  ],
  updateCombatant: [
    { name: 'wounded-and-shaken', summary: 'The GM sets the goblin to 4 of 7 hit points and shaken' }
  ],
  startEncounter: [
    { name: 'fixed-initiative', summary: 'Initiative d20s in roster order: 18 for the fighter, 5 for the goblin, 3 for a third combatant (the wolf); the goblin is unaware, so the fighter acts in the surprise round' },
    { name: 'seeded', summary: 'Initiative from a seed: the same seed rolls the same initiative' }
  ],
  encounterAction: [
    { name: 'attack', summary: 'The fighter attacks the goblin' },
    { name: 'end-turn', summary: 'The fighter ends its turn' }
  ]
}
