// The EncounterAction request schema, built from the registered actions: one
// object listing every field some action takes (ACTION_FIELDS' order, then
// fields of an action's own), `type` the registered names and `options` the
// union of their options schemas. Which fields go with which type is checked
// after it (actionFieldProblems), so a body that lacks a field its type needs,
// or carries one it does not take, is a 422 naming the field. The document
// publishes the stricter form a typed client wants (actionUnionSchema): a
// `oneOf` of the actions' own bodies told apart by `type`.
import { Type, type TObject, type TSchema } from 'typebox'
import { StringEnum } from '../../schemas/common.js'
import { ACTION_FIELDS, ACTION_OPTIONS_DESCRIPTION, ACTION_SCHEMA_OPTIONS, ACTION_TYPE_DESCRIPTION, ROSTER_EVENT_TYPES } from '../../schemas/encounters.js'
import { encounterEventSchemas, pascalCase, taggedUnion } from '../../schemas/encounter-events.js'
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

/**
 * The EncounterAction of the document: one branch per registered action, its
 * module's body (`type` a constant, exactly its required fields required),
 * named `<Type>Action`, told apart by `type`. Every body it accepts, the
 * validator (actionSchema) accepts too.
 */
export function actionUnionSchema (): TSchema {
  const { title, description, examples } = ACTION_SCHEMA_OPTIONS
  return taggedUnion('type', registeredActions().map((a) => ({
    tag: a.type,
    schema: Type.Object(a.body.properties, { additionalProperties: false, title: `${pascalCase(a.type)}Action`, description: a.description })
  })), { title, description: `${description} Told apart by \`type\`: each type takes exactly its own fields (a field it needs and lacks is a 422 \`missing-field\`, one it does not take a 422 \`not-possible\`, each naming the field).`, examples })
}

/** Every event type of the log, and so every `event:` name of the stream: the roster's, then each registered action's. */
export function eventTypes (): string[] {
  return [...ROSTER_EVENT_TYPES, ...registeredActions().map((a) => a.type)]
}

/** The log's and the action response's schemas, their event `type` an enum of eventTypes(). */
export function eventSchemas (): ReturnType<typeof encounterEventSchemas> {
  return encounterEventSchemas(registeredActions())
}
