import type { DeathSaveTally, HitPoints, HitPointStatus } from './types.js'

/**
 * A copy of `hp`, made as one object literal with the fields in one order.
 * The transitions change a copy's fields rather than spread `hp` into a new
 * literal: V8 gives the objects a spread makes shapes of their own, one per
 * place, and the status and report code, which read hit points on every
 * blow (a simulated fight's millions), slows down once it has met more than
 * four shapes. Every HitPoints object is made here or by hitPointsOf.
 */
export function copyOfHitPoints (hp: HitPoints): HitPoints {
  return {
    max: hp.max,
    current: hp.current,
    temporary: hp.temporary,
    nonlethal: hp.nonlethal,
    woundPoints: hp.woundPoints,
    deathSaves: hp.deathSaves,
    constitutionDamage: hp.constitutionDamage,
    constitution: hp.constitution,
    recorded: hp.recorded
  }
}

/** `hp` with another recorded status (and, for the variant's Death saves, other tallies). */
export function withRecorded (hp: HitPoints, recorded: HitPointStatus | null, deathSaves: DeathSaveTally = hp.deathSaves): HitPoints {
  const next = copyOfHitPoints(hp)
  next.recorded = recorded
  next.deathSaves = deathSaves
  return next
}

/** `hp` with `points` more Constitution damage (the variant's Death saves). */
export function withConstitutionDamage (hp: HitPoints, points: number): HitPoints {
  const next = copyOfHitPoints(hp)
  next.constitutionDamage = hp.constitutionDamage + points
  return next
}
