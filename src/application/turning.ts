import { fieldsError, type DomainErrorField } from '../rules/errors.js'
import { resolutionEcho, type Resolution } from './resolution.js'
import { CHANNEL_ACTIONS, resolveTurning, type TurningRequest, type TurningResult } from '../rules/turning/index.js'
import type { TurningRequestBody } from '../schemas/turning.js'

/** Cross-field problems the schema leaves to the service (a 422 `inconsistent-fields`): the list the action does not use, fields of another action, current HP above max, duplicate ids. */
function crossFieldProblems (body: TurningRequestBody): DomainErrorField[] {
  const errors: DomainErrorField[] = []
  const channel = CHANNEL_ACTIONS.has(body.action)
  if (channel && body.undead !== undefined) errors.push({ path: '/undead', message: `${body.action} acts on targets, not undead` })
  if (!channel && body.targets !== undefined) errors.push({ path: '/targets', message: `${body.action} acts on undead, not targets` })
  if (body.previousTurningCheck !== undefined && body.action !== 'dispel') errors.push({ path: '/previousTurningCheck', message: 'only for dispel' })
  if (body.commandedHitDice !== undefined && body.action !== 'rebuke' && body.action !== 'command') errors.push({ path: '/commandedHitDice', message: 'only for rebuke or command' })
  if (body.skipAlreadyTurned !== undefined && !['turn', 'rebuke', 'command'].includes(body.action)) errors.push({ path: '/skipAlreadyTurned', message: 'only for turn, rebuke or command' })
  if (body.checkModifiers !== undefined && channel) errors.push({ path: '/checkModifiers', message: `${body.action} makes no turning check` })
  body.targets?.forEach((target, i) => {
    const hp = target.hitPoints
    if (hp?.current !== undefined && hp.current > hp.max) errors.push({ path: `/targets/${i}/hitPoints/current`, message: `${hp.current} is above max ${hp.max}` })
  })
  for (const [name, list] of [['undead', body.undead], ['targets', body.targets]] as const) {
    const seen = new Set<string>()
    list?.forEach((item, i) => {
      if (seen.has(item.id)) errors.push({ path: `/${name}/${i}/id`, message: `duplicate id "${item.id}": results refer back by id` })
      seen.add(item.id)
    })
  }
  return errors
}

/** The 422 `inconsistent-fields` POST /v1/turning answers before any die (its odds too). */
export function checkTurningFields (body: TurningRequestBody): void {
  const problems = crossFieldProblems(body)
  if (problems.length > 0) throw fieldsError('inconsistent-fields', problems)
}

/** Turning undead or channelling energy as an operation (POST /v1/turning and the encounter `turn` action). */
export function turning (resolution: Resolution, body: TurningRequestBody): TurningResult {
  checkTurningFields(body)
  return resolveTurning(resolution.ruleset, body as TurningRequest, resolution.dice)
}

/** The POST /v1/turning answer: the result without its internal procedure tag. */
export function turningReport (resolution: Resolution, result: TurningResult) {
  const { procedure: _procedure, ...fields } = result
  return { ...resolutionEcho(resolution), ...fields }
}
