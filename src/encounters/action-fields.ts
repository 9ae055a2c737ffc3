// Which fields of an action body go with which action type. The schema lists
// every field any action takes; a field an action needs and lacks, or one it
// does not use, is a 422 naming it, so nothing a client sends is silently ignored.
import type { ProblemField } from '../http/problem.js'

const DICE = ['seed', 'dice']
const ATTACK = { required: ['actor', 'target', 'weapon'], optional: ['offHand', 'options', 'offTurn', 'readied', ...DICE] }

const FIELDS: Record<string, { required: string[], optional: string[], oneOf?: string[] }> = {
  attack: ATTACK,
  'full-attack': { required: ATTACK.required, optional: ['offHand', 'options', 'readied', ...DICE] },
  'coup-de-grace': { required: ATTACK.required, optional: ['options', 'readied', ...DICE] },
  save: { required: ['targets', 'save', 'dc'], optional: ['actor', 'effect', ...DICE] },
  grapple: { required: ['actor', 'target', 'action'], optional: ['others', 'options', 'readied', ...DICE] },
  maneuver: { required: ['actor', 'target', 'maneuver'], optional: ['options', 'readied', ...DICE] },
  turn: { required: ['actor', 'action'], optional: ['undead', 'targets', 'previousTurningCheck', 'commandedHitDice', 'checkModifiers', 'readied', ...DICE] },
  damage: { required: ['target', 'damage'], optional: ['actor', ...DICE] },
  heal: { required: ['target', 'healing'], optional: ['actor', ...DICE] },
  // Every action may carry seed and dice: even one that rolls nothing itself is logged with the seed it ran under.
  condition: { required: ['target'], oneOf: ['add', 'remove'], optional: ['actor', 'durationRounds', ...DICE] },
  move: { required: ['actor'], optional: ['distanceFeet', 'readied', ...DICE] },
  act: { required: ['actor', 'actionType'], optional: ['description', 'offTurn', 'readied', ...DICE] },
  delay: { required: ['actor'], oneOf: ['count', 'after'], optional: DICE },
  ready: { required: ['actor', 'trigger'], optional: ['actionType', ...DICE] },
  // With nobody's turn (everyone down), `end-turn` without an actor looks for the next who can act.
  'end-turn': { required: [], optional: ['actor', ...DICE] },
  end: { required: [], optional: ['actor', ...DICE] }
}

export function actionFieldProblems (body: Record<string, unknown>): ProblemField[] {
  const rule = FIELDS[String(body.type)]
  if (!rule) return [{ path: '/type', message: `unknown action type "${String(body.type)}"` }]
  const allowed = new Set(['type', ...rule.required, ...rule.optional, ...(rule.oneOf ?? [])])
  const problems: ProblemField[] = []
  for (const field of rule.required) {
    if (body[field] === undefined) problems.push({ path: `/${field}`, message: `is required for ${String(body.type)}` })
  }
  if (rule.oneOf) {
    const given = rule.oneOf.filter((f) => body[f] !== undefined)
    if (given.length !== 1) problems.push({ path: `/${rule.oneOf[given.length === 0 ? 0 : 1] as string}`, message: `${String(body.type)} takes exactly one of ${rule.oneOf.join(', ')}` })
  }
  for (const field of Object.keys(body)) {
    if (!allowed.has(field)) problems.push({ path: `/${field}`, message: `does not apply to ${String(body.type)}` })
  }
  return problems
}
