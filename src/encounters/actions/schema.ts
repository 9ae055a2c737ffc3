// The EncounterAction request schema, built from the registered actions: one
// object listing every field some action takes (ACTION_FIELDS' order, then
// fields of an action's own), `type` the registered names and `options` the
// union of their options schemas. Which fields go with which type is checked
// after it (actionFieldProblems). Each action's own body (its module's `body`)
// is what a discriminated oneOf would be made of.
import { Type, type TObject, type TSchema } from 'typebox'
import { StringEnum } from '../../schemas/common.js'
import { ACTION_FIELDS, ACTION_OPTIONS_DESCRIPTION, ACTION_SCHEMA_OPTIONS, ACTION_TYPE_DESCRIPTION, ROSTER_EVENT_TYPES, encounterEventSchemas } from '../../schemas/encounters.js'
import { registeredActions } from './index.js'

export function actionSchema (): TObject {
  const actions = registeredActions()
  const used = new Map<string, TSchema>()
  for (const action of actions) {
    for (const [name, schema] of Object.entries(action.body.properties)) if (name !== 'type' && !used.has(name)) used.set(name, schema)
  }
  const options = [...new Set(actions.flatMap((a) => a.options === undefined ? [] : [a.options]))]
  const properties: Record<string, TSchema> = {
    type: StringEnum(actions.map((a) => a.type), { description: ACTION_TYPE_DESCRIPTION })
  }
  for (const [name, schema] of Object.entries(ACTION_FIELDS)) {
    if (!used.has(name)) continue
    properties[name] = name === 'options' ? Type.Optional(Type.Union(options, { description: ACTION_OPTIONS_DESCRIPTION })) : schema
    used.delete(name)
  }
  // Fields of an action's own, not shared with any other.
  for (const [name, schema] of used) properties[name] = Type.Optional(schema)
  return Type.Object(properties, ACTION_SCHEMA_OPTIONS)
}

/** Every event type of the log, and so every `event:` name of the stream: the roster's, then each registered action's. */
export function eventTypes (): string[] {
  return [...ROSTER_EVENT_TYPES, ...registeredActions().map((a) => a.type)]
}

/** The log's and the action response's schemas, their event `type` an enum of eventTypes(). */
export function eventSchemas (): ReturnType<typeof encounterEventSchemas> {
  return encounterEventSchemas(registeredActions().map((a) => a.type))
}
