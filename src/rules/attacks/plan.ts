import { type AcType, armorClass } from '../armor-class.js'
import { type CombatantInput, hasFeat } from '../combatant.js'
import { assertCanAct } from '../can-act.js'
import { conditionTags, effectiveStats } from '../effects.js'
import { DomainError, atPath, ruleNotDefined } from '../errors.js'
import { saveBonus } from '../saves/save-bonus.js'
import { type BreakdownEntry, type Modifier, fixed } from '../modifiers.js'
import type { Ruleset } from '../rulesets/types.js'
import { attackBonus, attackKind, baseAttackBonus, checkAttackIsPossible, dealsNonlethal } from './attack-bonus.js'
import { type DamagePlan, planDamage } from './damage.js'
import { missChancePercent } from './concealment.js'
import { planPrecision, sneakAttackDice } from './precision.js'
import type { ParsedNotation } from '../dice/notation.js'
import type { TwoWeaponPolicy } from './policy.js'
import type { AttackOptions, AttackRequest } from './request.js'
import { type Weapon, resolveWeapon } from './weapon.js'

/** One attack of an action, fully worked out before any die is rolled. */
export interface AttackPlan {
  label: string
  /** Where this attack's weapon sits in the request (`/weapon`, `/offHand`), for errors naming its fields. */
  weaponPath: string
  attackBonus: number
  attackBreakdown: BreakdownEntry[]
  targetAC: number
  acType: AcType
  acBreakdown: BreakdownEntry[]
  /** dnd35/pf1e coup de grace: no attack roll, an automatic critical (SRD 3.5 › Helpless Defenders). */
  automaticCritical: boolean
  /** Lowest natural roll that threatens when it hits; 21: never. */
  threatFrom: number
  /** A threat needs a confirmation roll (dnd35/pf1e) or is a critical at once (variant). */
  confirm: boolean
  /** Miss chance in percent (0: none). */
  missChance: number
  damage: DamagePlan
}

/** The save against death after a coup de grace (docs/rules.md §P2.11): its bonus; the DC is 10 + damage. */
export interface CoupDeGracePlan {
  saveName: string
  purpose: 'save' | 'death-save'
  bonus: number
  breakdown: BreakdownEntry[]
}

export interface ActionPlan {
  attacks: AttackPlan[]
  coupDeGrace: CoupDeGracePlan | null
}

/** Extra attacks from BAB (+6, +11, +16 in the SRD), at most the policy's number in all (docs/rules.md). */
export function iterativeAttackCount (rule: { babPerAttack: number, maxAttacks: number }, bab: number): number {
  return Math.min(rule.maxAttacks, bab >= 1 ? 1 + Math.floor((bab - 1) / rule.babPerAttack) : 1)
}

/**
 * Two-weapon fighting penalties from the ruleset's policy (SRD 3.5 ›
 * Two-Weapon Fighting): in the SRD −6/−10, a light off-hand weapon (or
 * the off end of a double weapon) −4/−8, the feat −4/−4, both −2/−2.
 */
export function twoWeaponPenalties (rule: TwoWeaponPolicy, attacker: CombatantInput, offHand: Weapon): { primary: number, offHand: number } {
  // The off end of a double weapon counts as light.
  const base = offHand.category === 'light' || offHand.double ? rule.lightOffHand : rule.penalties
  const feat = hasFeat(attacker, rule.feat.name)
  return {
    primary: base.primary + (feat ? rule.feat.primary : 0),
    offHand: base.offHand + (feat ? rule.feat.offHand : 0)
  }
}

/** Off-hand attacks: one, and one more for each extra-attack feat the attacker has with all those before it. */
function offHandAttackCount (rule: TwoWeaponPolicy, attacker: CombatantInput): number {
  let count = 1
  for (const feat of rule.extraAttackFeats) {
    if (!hasFeat(attacker, feat)) break
    count++
  }
  return count
}

function isHelpless (ruleset: Ruleset, target: CombatantInput): boolean {
  return atPath('/target', () => effectiveStats(ruleset, target)).helpless
}

function notPossible (path: string, message: string): DomainError {
  return new DomainError('not-possible', message, [{ path, message }])
}

interface AttackSpec {
  label: string
  weapon: Weapon
  weaponPath: string
  specific: Modifier[]
  automaticCritical?: boolean
}

function planAttack (ruleset: Ruleset, request: AttackRequest, options: AttackOptions, given: AttackSpec, sneakDice: ParsedNotation | undefined, first = true): AttackPlan {
  const { attacker, target } = request
  const only = first ? options.firstAttack : undefined
  const spec = only?.attackModifiers ? { ...given, specific: [...given.specific, ...only.attackModifiers] } : given
  const { weapon } = spec
  const kind = attackKind(weapon)
  const policy = ruleset.attacks
  const { nonlethal, switchPenalty } = dealsNonlethal(ruleset, attacker, weapon, options)
  const swift = options.swiftAttack && policy.swiftAttackPenalty !== null ? policy.swiftAttackPenalty : 0
  const specific = swift ? [...spec.specific, fixed('Swift Attack (BCB counts 4 lower)', -swift)] : spec.specific
  const bonus = attackBonus({ ruleset, attacker, target, weapon, weaponPath: spec.weaponPath, options, specific, switchPenalty })
  const attackerTags = conditionTags(ruleset, attacker.conditions)
  // An incorporeal attacker's touch attacks ignore cover where the ruleset says so (PRD › Special Abilities › Incorporeal).
  const ignoresCover = weapon.touch && attackerTags.has('touch-ignores-cover')
  const cover = options.cover === 'total' || ignoresCover ? 'none' : (options.cover ?? 'none')
  const targetTags = conditionTags(ruleset, target.conditions)
  const attackerInGrapple = attackerTags.has('in-grapple')
  const ac = atPath('/target', () => armorClass(ruleset, target, {
    kind,
    touch: weapon.touch,
    cover,
    attackerInvisible: attackerTags.has('unseen'),
    // The pinned creature's −4 does not apply against its pinner; a grappler keeps Dex against the ones it grapples.
    attackerIsPinner: attackerInGrapple && targetTags.has('held-down'),
    attackerInGrapple: attackerInGrapple && (targetTags.has('in-grapple') || targetTags.has('held-down')),
    ...(only?.armorClassModifiers ? { modifiers: only.armorClassModifiers } : {})
  }))
  const damage = planDamage({
    ruleset,
    attacker,
    weapon,
    nonlethal,
    baseBonus: baseAttackBonus(attacker) - swift,
    damageModifiers: options.damageModifiers ?? [],
    situationalMultiplier: options.damageMultiplier ?? 1
  })
  const automaticCritical = spec.automaticCritical ?? false
  // A coup de grace against a creature the attacker has found strikes it; concealment is spent finding it (docs/rules.md §P2.11).
  const missChance = automaticCritical ? 0 : missChancePercent(ruleset, attacker, target, options)
  const precision = planPrecision({ ruleset, attacker, target, weapon, options, dice: sneakDice, targetDeniedDex: ac.deniedDex, missChance })
  return {
    label: spec.label,
    weaponPath: spec.weaponPath,
    attackBonus: bonus.total,
    attackBreakdown: bonus.breakdown,
    targetAC: ac.value,
    acType: ac.acType,
    acBreakdown: ac.breakdown,
    automaticCritical,
    // A creature immune to critical hits takes a normal hit: its attackers never threaten (docs/rules.md §P2.3).
    threatFrom: hasFeat(target, 'immune-to-critical-hits') ? 21 : policy.critical.confirmation ? weapon.critRange : 20,
    confirm: policy.critical.confirmation,
    missChance,
    // Precision dice come after the weapon's extra damage, never multiplied (docs/rules.md §74).
    damage: precision === null ? damage : { ...damage, precision }
  }
}

function planCoupDeGrace (ruleset: Ruleset, request: AttackRequest, weapon: Weapon): { spec: AttackSpec, save: CoupDeGracePlan } {
  const { target } = request
  const rule = ruleset.attacks.coupDeGrace
  if (!isHelpless(ruleset, target)) throw notPossible('/target/conditions', 'a coup de grace needs a helpless target (helpless, paralyzed, unconscious, asleep, tied-up, petrified)')
  if (hasFeat(target, 'immune-to-critical-hits')) throw notPossible('/target/feats', 'a creature immune to critical hits cannot be the target of a coup de grace (SRD 3.5 › Helpless Defenders)')
  if (weapon.type === 'thrown') throw notPossible('/weapon/type', 'a coup de grace uses a melee weapon, or a bow or crossbow when adjacent')
  if (weapon.type === 'ranged' && (request.options?.distanceFeet ?? 5) > 5) {
    throw notPossible('/options/distanceFeet', 'a coup de grace with a bow or crossbow is made from an adjacent square')
  }
  // The one save path (docs/rules.md §P3): base + ability + the target's conditions, as POST /v1/saves computes it.
  const save = atPath('/target', () => saveBonus(ruleset, target, rule.save.name))
  const spec: AttackSpec = rule.attack.automatic
    ? { label: 'coup de grace', weapon, weaponPath: '/weapon', specific: [], automaticCritical: true }
    : { label: 'coup de grace', weapon, weaponPath: '/weapon', specific: [fixed('coup de grace', rule.attack.bonus)] }
  return {
    spec,
    save: {
      saveName: rule.save.name,
      purpose: rule.save.purpose,
      bonus: save.value,
      breakdown: save.breakdown
    }
  }
}

/**
 * Work out every attack of the action (docs/rules.md §P2): legality, bonuses, AC,
 * critical rules, miss chance and damage, in the contract's dice order
 * (primary attacks highest first, then the off hand). Raises every rules
 * error before a die is rolled.
 */
export function planAction (ruleset: Ruleset, request: AttackRequest): ActionPlan {
  const options = request.options ?? {}
  const mode = request.mode ?? 'single'
  const policy = ruleset.attacks
  const iterative = policy.fullAttack ? policy.iterativeAttacks : null
  const twoWeapon = policy.twoWeaponFighting ? policy.twoWeapon : null
  if (mode === 'full' && iterative === null) throw ruleNotDefined(ruleset.name, 'full attacks or iterative attacks', '/mode')
  if (request.offHand && twoWeapon === null) throw ruleNotDefined(ruleset.name, 'two-weapon fighting', '/offHand')
  const bothEnds = mode === 'full' && (request.offHand?.double ?? false)
  const weapon = atPath('/weapon', () => resolveWeapon(request.weapon, request.attacker.size, bothEnds ? 'double-primary' : 'primary'))
  const offHand = request.offHand ? atPath('/offHand', () => resolveWeapon(request.offHand!, request.attacker.size, 'off-hand')) : null
  // docs/rules.md §73: a single attack is a standard action; a full attack and a coup de grace take the full round.
  if (request.actorMayAct !== true) assertCanAct(ruleset, request.attacker, { attack: true, slot: mode === 'single' ? 'primary' : 'fullRound', charge: options.charging === true }, '/attacker')
  checkAttackIsPossible(ruleset, request.attacker, weapon, options, '/weapon')
  if (offHand) checkAttackIsPossible(ruleset, request.attacker, offHand, options, '/offHand')
  const bab = baseAttackBonus(request.attacker)
  const sneakDice = sneakAttackDice(ruleset, request.attacker)

  if (mode === 'coup-de-grace') {
    const { spec, save } = planCoupDeGrace(ruleset, request, weapon)
    return { attacks: [planAttack(ruleset, request, options, spec, sneakDice)], coupDeGrace: save }
  }
  if (mode === 'single') {
    return { attacks: [planAttack(ruleset, request, options, { label: 'primary 1', weapon, weaponPath: '/weapon', specific: [] }, sneakDice)], coupDeGrace: null }
  }

  if (options.charging) throw notPossible('/options/charging', 'a charge allows a single attack, not a full attack (SRD 3.5 › Charge)')
  if (offHand && conditionTags(ruleset, request.attacker.conditions).has('in-grapple')) {
    throw notPossible('/offHand', 'no two-weapon attacks while grappling (SRD 3.5 › If You\'re Grappling)')
  }
  const twf = offHand && twoWeapon ? twoWeaponPenalties(twoWeapon, request.attacker, offHand) : null
  const specs: AttackSpec[] = []
  const attacks = iterative === null ? 1 : iterativeAttackCount(iterative, bab)
  const step = iterative?.penaltyStep ?? 0
  for (let i = 0; i < attacks; i++) {
    const specific: Modifier[] = []
    if (twf) specific.push(fixed('two-weapon fighting (primary hand)', twf.primary))
    if (i > 0) specific.push(fixed(`iterative attack ${i + 1}`, -step * i))
    specs.push({ label: `primary ${i + 1}`, weapon, weaponPath: '/weapon', specific })
  }
  if (offHand && twf && twoWeapon) {
    const offHandAttacks = offHandAttackCount(twoWeapon, request.attacker)
    for (let i = 0; i < offHandAttacks; i++) {
      const specific: Modifier[] = [fixed('two-weapon fighting (off hand)', twf.offHand)]
      if (i > 0) specific.push(fixed(`off-hand attack ${i + 1}`, -twoWeapon.extraAttackStep * i))
      specs.push({ label: `off-hand ${i + 1}`, weapon: offHand, weaponPath: '/offHand', specific })
    }
  }
  return { attacks: specs.map((spec, i) => planAttack(ruleset, request, options, spec, sneakDice, i === 0)), coupDeGrace: null }
}
