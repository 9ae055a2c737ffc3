// Every answer a typed client receives, checked against the published
// document (openapi/openapi.json): an openapi-fetch middleware validates each
// JSON body against the schema the document gives its path, method, status
// and content type, with the consumer's Ajv of the fuzz (fuzz-harness.ts).
import { readFileSync } from 'node:fs'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import * as ajvFormats from 'ajv-formats'
import type { Middleware } from 'openapi-fetch'
import { dereference } from './fuzz-harness.js'

type Json = ReturnType<typeof JSON.parse>

const addFormats = ajvFormats.default as unknown as (ajv: Ajv2020) => Ajv2020

export interface DocumentCheck {
  middleware: Middleware
  /** How many answers were checked, and each mismatch. */
  checked: number
  mismatches: string[]
}

export function documentCheck (file = 'openapi/openapi.json'): DocumentCheck {
  const doc: Json = JSON.parse(readFileSync(file, 'utf8'))
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true })
  addFormats(ajv)
  ajv.addFormat('dice-notation', true)
  const validators = new Map<string, ValidateFunction>()
  const check: DocumentCheck = {
    checked: 0,
    mismatches: [],
    middleware: {
      async onResponse ({ request, response, schemaPath }) {
        const method = request.method.toLowerCase()
        const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? ''
        const where = `${request.method} ${schemaPath} ${response.status} ${type}`
        if (response.status === 204 || response.status === 304) return undefined
        const documented = dereference(doc.paths?.[schemaPath]?.[method]?.responses?.[String(response.status)] ?? null, doc)
        const schema = documented?.content?.[type]?.schema
        if (!schema) {
          check.mismatches.push(`${where}: not documented`)
          return undefined
        }
        let validate = validators.get(where)
        if (!validate) {
          validate = ajv.compile(dereference(schema, doc))
          validators.set(where, validate)
        }
        const body: Json = await response.clone().json()
        check.checked++
        if (!validate(body)) check.mismatches.push(`${where}: ${ajv.errorsText(validate.errors)}\n  ${JSON.stringify(body).slice(0, 400)}`)
        return undefined
      }
    }
  }
  return check
}
