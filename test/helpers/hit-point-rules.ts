/**
 * The hit-point rules written out a second time, from the published texts and
 * docs/rules.md, for tests to compare the service with: never calls
 * src/rules, so a wrong threshold or comparison there cannot also be the
 * expected value. Deliberately plain (one ruleset's numbers per branch).
 *
 * - SRD 3.5 › Combat › Injury and Death: dead at −10 (a creature without a
 *   Constitution score is destroyed at 0), dying below 0, disabled at exactly
 *   0; a stabilized creature (and one that woke, disabled) keeps that status
 *   below 0 until lethal damage sets it dying again; Constitution 0 kills.
 * - SRD 3.5 › Nonlethal Damage: staggered when nonlethal damage equals current
 *   hit points, unconscious when it exceeds them.
 * - PRD › Combat › Injury and Death: dead at a negative total equal to the
 *   Constitution score; nonlethal damage beyond maximum hit points is lethal.
 * - d20 variant › Hit Points; Death and Dying: damage D counts up; at D ≥ HP a
 *   Death save (DC 10 + 1 per 2 points past HP) decides: success staggered,
 *   failure dying, failure by 10 or more (or a natural 1 while dying or
 *   stable) dead; a natural 20 while dying or stable stabilizes; nonlethal
 *   damage knocks out instead (failure unconscious, failure by 10 dying).
 */
export type RulesetName = 'dnd35' | 'pf1e' | 'variant'
export type Status = 'healthy' | 'staggered' | 'disabled' | 'unconscious' | 'dying' | 'stable' | 'dead'

export interface HitPointState {
  max: number
  current: number
  nonlethal: number
  temporary: number
  /** The Constitution score; null for a creature without one. */
  con: number | null
  constitutionDamage: number
  recorded: Status | null
}

function deathAt (ruleset: RulesetName, con: number | null): number {
  if (con === null) return 0
  return ruleset === 'pf1e' ? -con : -10
}

export function expectedStatus (ruleset: RulesetName, hp: HitPointState): Status {
  const conGone = hp.con !== null && hp.con - hp.constitutionDamage <= 0
  if (hp.recorded === 'dead' || conGone) return 'dead'
  if (ruleset === 'variant') {
    const damage = hp.max - hp.current
    if (damage < hp.max) return 'healthy'
    if (hp.recorded === 'stable' || hp.recorded === 'staggered' || hp.recorded === 'unconscious') return hp.recorded
    return 'dying'
  }
  if (hp.current <= deathAt(ruleset, hp.con)) return 'dead'
  if (hp.current < 0) return hp.recorded === 'stable' || hp.recorded === 'disabled' ? hp.recorded : 'dying'
  if (hp.nonlethal > hp.current) return 'unconscious'
  if (hp.current === 0) return 'disabled'
  if (hp.nonlethal > 0 && hp.nonlethal === hp.current) return 'staggered'
  return 'healthy'
}

/**
 * The status after one blow of `amount` (not from a single attack of 50 or
 * more: no massive damage), given the d20 of the variant's Death save and the
 * target's Death save bonus.
 */
export function expectedStatusAfterBlow (
  ruleset: RulesetName, hp: HitPointState, amount: number, nonlethal: boolean, deathSaveRoll: number, deathSaveBonus: number
): Status {
  if (ruleset !== 'variant') {
    const absorbed = Math.min(hp.temporary, amount)
    let lethal = amount - absorbed
    let nonlethalTotal = hp.nonlethal
    if (nonlethal) {
      const room = ruleset === 'pf1e' ? Math.max(0, hp.max - hp.nonlethal) : lethal
      const taken = Math.min(room, lethal)
      nonlethalTotal += taken
      lethal -= taken
    }
    const recorded = lethal > 0 && hp.recorded !== 'dead' ? null : hp.recorded
    return expectedStatus(ruleset, { ...hp, temporary: hp.temporary - absorbed, nonlethal: nonlethalTotal, current: hp.current - lethal, recorded })
  }
  const before = expectedStatus(ruleset, hp)
  const damage = hp.max - hp.current + amount
  const after = { ...hp, current: hp.max - damage }
  if (amount === 0 || before === 'dead' || damage < hp.max) return expectedStatus(ruleset, after)
  const dc = 10 + Math.floor((damage - hp.max) / 2)
  const total = deathSaveRoll + deathSaveBonus
  const success = deathSaveRoll === 20 || (deathSaveRoll !== 1 && total >= dc)
  const deadly = !success && total - dc <= -10
  let recorded: Status
  if (before === 'dying' || before === 'stable') {
    recorded = deathSaveRoll === 1 || deadly ? 'dead' : deathSaveRoll === 20 ? 'stable' : 'dying'
    return expectedStatus(ruleset, { ...after, constitutionDamage: hp.constitutionDamage + 1, recorded })
  }
  if (before === 'staggered' && !nonlethal) recorded = deadly ? 'dead' : 'dying'
  else if (success) recorded = before === 'unconscious' ? 'unconscious' : 'staggered'
  else if (nonlethal) recorded = deadly ? 'dying' : 'unconscious'
  else recorded = deadly ? 'dead' : 'dying'
  return expectedStatus(ruleset, { ...after, recorded })
}
