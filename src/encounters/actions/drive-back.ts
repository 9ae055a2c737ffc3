import { resolutionEcho } from '../../application/resolution.js'
import { ACTION_FIELDS as F } from '../../schemas/encounters.js'
import { OPTION_FIELDS, meleeOnly, variantOption } from './fields.js'
import { STRIKE_OPTIONS, STRIKE_REQUIRED, strike } from './strike.js'
import { actionBody, combatant, type EncounterAction } from './types.js'
import { DriveBackResponseSchema } from '../../schemas/encounter-option-results.js'

/**
 * variant › Drive Back (docs/rules.md §111): a melee attack (a major action).
 * The target chooses: it steps 5 ft directly away, provoking nothing, and no
 * attack is made; or it stands, and the attack gets +2 circumstance. The
 * answer has the attack's shape either way (no attacks when it stepped back).
 */
export const driveBack: EncounterAction = {
  type: 'drive-back',
  body: actionBody('drive-back', { ...STRIKE_REQUIRED, defenderChoice: OPTION_FIELDS.defenderChoice }, { options: STRIKE_OPTIONS, seed: F.seed, dice: F.dice }),
  result: DriveBackResponseSchema,
  attack: true,
  options: STRIKE_OPTIONS,
  cost: (ruleset) => { variantOption(ruleset, 'driveBack', 'driving back'); return 'primary' },
  description: '`drive-back` (variant, major): as `attack`, melee, with `defenderChoice`: `step-back` (no attack) or `stand` (+2).',
  handle: (context) => {
    const { draft, body } = context
    const rule = variantOption(draft.ruleset, 'driveBack', 'driving back')
    meleeOnly(body.weapon, 'a drive back')
    if (body.defenderChoice === 'step-back') {
      combatant(draft, body.target, '/target')
      const echo = resolutionEcho(draft)
      return {
        ruleset: echo.ruleset,
        seed: echo.seed,
        defenderChoice: 'step-back',
        attacks: [],
        totals: { damage: 0, lethal: 0, nonlethal: 0, hits: 0, criticals: 0 },
        coupDeGrace: null,
        notes: ['The target stepped 5 ft directly away, provoking nothing; the attacker may follow with movement it has left.'],
        rolls: echo.rolls
      }
    }
    const report = strike(context, 'drive-back', 'single', { attackModifiers: [{ source: 'drive back (the target stands)', value: rule.attackBonus, type: 'circumstance' }] })
    return { defenderChoice: 'stand', ...(report as Record<string, unknown>) }
  }
}
