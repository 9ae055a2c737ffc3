import { type EffectsTable, on } from '../effects.js'

/**
 * Every condition the service knows, in the order the API lists them, with
 * what it is in every ruleset whose table does not say otherwise: each
 * ruleset's table starts from these rows, so the names a request may carry
 * are the tables' names (the schemas' enum is built from them). Most rows
 * here change no number by themselves; they are recorded and shown, and a
 * ruleset gives them numbers in its own rows. A ruleset row that replaces one
 * of these keeps its tags (test/rules/condition-data.test.ts).
 */
export const BASE_EFFECTS: EffectsTable = {
  'flat-footed': {},
  'off-guard': {},
  prone: { tags: ['ranged-weapons-limited'] },
  helpless: {},
  stunned: {},
  blinded: { tags: ['blind'] },
  dazzled: {},
  entangled: {},
  grappled: { tags: ['in-grapple'] },
  grappling: { tags: ['in-grapple'] },
  pinned: { tags: ['held-down'] },
  squeezing: {},
  cowering: {},
  invisible: { tags: ['unseen'] },
  stable: { tags: ['out-of-fight'] },
  // SRD 3.5 › Conditions › Staggered, Disabled: a single move or standard action each turn.
  staggered: { changes: on(-1, 'actions') },
  disabled: { changes: on(-1, 'actions') },
  unconscious: { tags: ['out-of-fight'] },
  dying: { tags: ['out-of-fight'] },
  dead: { tags: ['out-of-fight'] },
  kneeling: {},
  sitting: {},
  shaken: {},
  frightened: {},
  panicked: {},
  sickened: {},
  nauseated: {},
  fatigued: {},
  exhausted: {},
  deafened: {},
  paralyzed: {},
  petrified: {},
  confused: {},
  dazed: {},
  turned: {},
  rebuked: {},
  commanded: {},
  bloodied: {},
  wounded: {},
  charging: {},
  'fighting-defensively': {},
  'total-defense': {},
  incorporeal: {},
  asleep: {},
  'tied-up': {},
  // Variant › Fight Back-to-Back: allies back to back cannot be flanked (read in every ruleset).
  'back-to-back': { tags: ['unflankable'] }
}

/**
 * The helpless family: Dex treated as 0 (−5) against all attacks, −4 more
 * against melee, each counted once (SRD 3.5 › Helpless Defenders; variant ›
 * Helpless Defenders). The same in all three rulesets; the other names are helpless.
 */
export const HELPLESS_EFFECTS: EffectsTable = {
  ...BASE_EFFECTS,
  // docs/rules.md §73: a helpless creature takes no action (SRD 3.5 › Conditions › Helpless).
  helpless: { helpless: true, forbids: ['all'], changes: on(-4, 'ac.melee') },
  paralyzed: { implies: ['helpless'] },
  unconscious: { implies: ['helpless'], tags: ['out-of-fight'] },
  // docs/rules.md §71: a dying or stable creature is unconscious (SRD 3.5 › Injury and Death).
  dying: { implies: ['unconscious'], tags: ['out-of-fight'] },
  stable: { implies: ['unconscious'], tags: ['out-of-fight'] },
  asleep: { implies: ['helpless'] },
  'tied-up': { implies: ['helpless'] },
  petrified: { implies: ['helpless'] },
  // PRD › Combat Maneuvers: maneuvers against an incapacitated target succeed; a dead one resists nothing.
  dead: { incapacitated: true, forbids: ['all'], tags: ['out-of-fight'] }
}

/**
 * dnd35's conditions (docs/rules.md §P1.4 and §P3; SRD 3.5 › Conditions and the Attack
 * Roll and Armor Class Modifiers tables); pf1e starts from it and overrides
 * what the PRD changes.
 */
export const SRD_EFFECTS: EffectsTable = {
  ...HELPLESS_EFFECTS,
  'flat-footed': { deniesDex: true, uncannyDodgeKeepsDex: true },
  // The variant's name for flat-footed, accepted as the same condition.
  'off-guard': { implies: ['flat-footed'] },
  // SRD 3.5 › Conditions › Stunned: drops what it holds, takes no actions, −2 AC, loses Dex to AC.
  stunned: { deniesDex: true, forbids: ['all'], changes: on(-2, 'ac.melee', 'ac.ranged') },
  blinded: { deniesDex: true, tags: ['blind'], changes: on(-2, 'ac.melee', 'ac.ranged') },
  // SRD 3.5 › Conditions › Cowering: frozen in fear, no actions, −2 AC, loses Dex to AC.
  cowering: { deniesDex: true, forbids: ['all'], changes: on(-2, 'ac.melee', 'ac.ranged') },
  // Defender prone −4 melee, +4 ranged; attacker prone −4 melee.
  prone: { tags: ['ranged-weapons-limited'], changes: [...on(-4, 'ac.melee', 'attack.melee'), ...on(4, 'ac.ranged')] },
  kneeling: { changes: [...on(-2, 'ac.melee'), ...on(2, 'ac.ranged')] },
  sitting: { changes: [...on(-2, 'ac.melee'), ...on(2, 'ac.ranged')] },
  // docs/rules.md §10: −4 against all attacks by non-pinners, plus the Dex every grappler loses.
  pinned: { deniesDex: true, notAgainstPinner: true, tags: ['held-down'], changes: on(-4, 'ac.melee', 'ac.ranged') },
  // SRD 3.5 › Grappling Consequences: no Dex against opponents it is not grappling; SRD 3.5 › If You're
  // Grappling: attacks −4, the grapple checks themselves spared. 3.5 has one state for both sides.
  grappling: { deniesDex: true, onlyAgainstNonGrapplers: true, notToGrapple: true, tags: ['in-grapple'], changes: on(-4, 'attack.melee', 'attack.ranged') },
  grappled: { implies: ['grappling'], tags: ['in-grapple'] },
  // SRD 3.5 › Terrain and Obstacles › Squeezing: −4 on attack rolls and −4 AC.
  squeezing: { changes: on(-4, 'ac.melee', 'ac.ranged', 'attack.melee', 'attack.ranged') },
  // docs/rules.md §P1.4 (SRD 3.5/PRD › Entangled): −2 on attacks and −4 Dex, which lowers AC, CMD, Reflex and
  // initiative through the modifier; it cannot run or charge.
  entangled: { forbids: ['charge'], changes: [...on(-4, 'ability.dex'), ...on(-2, 'attack.melee', 'attack.ranged')] },
  // SRD 3.5 › Charge: −2 AC until the start of the charger's next turn.
  charging: { changes: on(-2, 'ac.melee', 'ac.ranged') },
  'fighting-defensively': { changes: [{ target: 'ac.dodge', value: 2, type: 'dodge' }] },
  'total-defense': { changes: [{ target: 'ac.dodge', value: 4, type: 'dodge' }] },
  dazzled: { changes: on(-1, 'attack.melee', 'attack.ranged') },
  // SRD 3.5 › Conditions › Deafened: −4 on initiative checks.
  deafened: { changes: on(-4, 'initiative') },
  // SRD 3.5 › Conditions › Dazed: no actions, no penalty to AC (docs/rules.md §73).
  dazed: { forbids: ['all'] },
  // SRD 3.5 › Conditions › Fatigued: −2 Str and Dex, no run or charge; Exhausted: −6 each, and it replaces fatigued.
  fatigued: { forbids: ['charge'], replacedBy: ['exhausted'], changes: on(-2, 'ability.str', 'ability.dex') },
  exhausted: { forbids: ['charge'], changes: on(-6, 'ability.str', 'ability.dex') },
  // Shaken: −2 on attack rolls, saves, skill and ability checks; frightened and panicked include it and do not add to it.
  shaken: { changes: on(-2, 'attack.melee', 'attack.ranged', 'check', 'save') },
  frightened: { implies: ['shaken'] },
  // SRD 3.5 › Conditions › Panicked: flees, and cowers if cornered; it makes no attacks (docs/rules.md §73).
  panicked: { implies: ['shaken'], forbids: ['attack'] },
  // SRD 3.5 › Conditions › Sickened: −2 on attack rolls, weapon damage rolls, saves, skill and ability checks.
  sickened: { changes: [...on(-2, 'attack.melee', 'attack.ranged', 'check', 'save'), ...on(-2, 'damage')] },
  // SRD 3.5 › Conditions › Nauseated: no attacks, spells or concentration (of any casting time,
  // docs/rules.md §146); a single move action a turn.
  nauseated: { forbids: ['attack', 'spell', 'primary', 'fullRound'], changes: on(-1, 'actions') },
  // SRD 3.5 › Disabled; Staggered (SRD 3.5 › Conditions): a single move or standard action each turn.
  disabled: { forbids: ['fullRound'], changes: on(-1, 'actions') },
  staggered: { forbids: ['fullRound'], changes: on(-1, 'actions') },
  // SRD 3.5 › Conditions › Paralyzed: Str and Dex count as 0; helpless.
  paralyzed: { implies: ['helpless'], abilityScores: { str: 0, dex: 0 } },
  // SRD 3.5 › Turn Undead: a turned undead that cannot flee cowers, and attacks against it get +2.
  turned: { withAlso: { cowering: on(2, 'attack.against') } },
  // SRD 3.5 › Turn Undead (evil clerics): a rebuked undead cowers as in awe, attacks against it +2.
  rebuked: { implies: ['cowering'], changes: on(2, 'attack.against') }
}

/**
 * pf1e (PRD › Conditions): grappled is −4 Dex and −2 on attacks and combat
 * maneuver checks except to grapple or escape, and keeps its Dex bonus to AC;
 * the grappler is grappled too. Pinned is a worse grappled that replaces it
 * (docs/rules.md §11: denied Dex and a flat −4 AC). Helpless is also flat-footed: −9
 * melee and −5 ranged in total (PRD › Helpless Defenders), from the shared rows.
 */
export const PF1E_EFFECTS: EffectsTable = {
  ...SRD_EFFECTS,
  grappled: { notToGrapple: true, replacedBy: ['pinned'], tags: ['in-grapple'], changes: [...on(-4, 'ability.dex'), ...on(-2, 'attack.melee', 'attack.ranged')] },
  grappling: { implies: ['grappled'], tags: ['in-grapple'] },
  pinned: { deniesDex: true, tags: ['held-down'], changes: on(-4, 'ac.melee', 'ac.ranged') },
  // PRD › Helpless Defenders: a helpless creature is also flat-footed (its Dex already counts as 0).
  helpless: { ...SRD_EFFECTS.helpless, implies: ['flat-footed'] },
  // PRD › Combat Maneuvers: +4 on combat maneuver checks against a stunned creature.
  stunned: { ...SRD_EFFECTS.stunned, changes: [...(SRD_EFFECTS.stunned?.changes ?? []), { target: 'maneuver.against', value: 4 }] },
  // PRD › Special Abilities › Incorporeal: its touch attacks ignore cover.
  incorporeal: { tags: ['touch-ignores-cover'] }
}
