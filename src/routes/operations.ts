import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses } from '../schemas/common.js'
import { HttpProblem, PROBLEM_TYPES, type ProblemKind } from '../http/problem.js'

const ReadySchema = Type.Object({
  status: Type.Literal('ready'),
  checks: Type.Array(Type.Object({ name: Type.String(), ok: Type.Boolean(), detail: Type.Optional(Type.String()) }, { additionalProperties: false }))
}, { additionalProperties: false })

const operations: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/healthz', {
    config: { rateLimit: false },
    schema: {
      tags: ['operations'],
      operationId: 'health',
      summary: 'Liveness',
      description: 'The process is alive. Never touches the database.',
      response: { 200: Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false }), ...errorResponses({ body: false }) }
    }
  }, async () => ({ status: 'ok' as const }))

  fastify.get('/readyz', {
    config: { rateLimit: false },
    schema: {
      tags: ['operations'],
      operationId: 'readiness',
      summary: 'Readiness',
      description: 'Ready to serve: 200 when the database answers (or encounters are off), 503 problem+json when it does not.',
      response: { 200: ReadySchema, ...errorResponses({ body: false, database: true }) }
    }
  }, async () => {
    const checks = await Promise.all(fastify.readinessChecks.map(async (check) => check()))
    const failed = checks.filter((c) => !c.ok)
    if (failed.length > 0) {
      throw new HttpProblem('database-unavailable', failed.map((c) => `${c.name}: ${c.detail ?? 'not ready'}`).join('; '))
    }
    return { status: 'ready' as const, checks }
  })

  fastify.get('/openapi.json', {
    schema: { hide: true }
  }, async () => fastify.swagger())

  fastify.get('/problems/:kind', {
    schema: {
      tags: ['operations'],
      operationId: 'describeProblem',
      summary: 'Describe a problem type',
      description: 'The `type` of every error response is `/problems/<kind>`; this describes the kind.',
      params: Type.Object({ kind: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
      response: {
        200: Type.Object({ type: Type.String(), title: Type.String(), status: Type.Integer() }, { additionalProperties: false }),
        ...errorResponses({ body: false, notFound: true })
      }
    }
  }, async (request) => {
    const kind = request.params.kind
    if (!Object.hasOwn(PROBLEM_TYPES, kind)) throw new HttpProblem('not-found', `No problem type "${kind}"`)
    const entry = PROBLEM_TYPES[kind as ProblemKind]
    return { type: `/problems/${kind}`, title: entry.title, status: entry.status }
  })
}

export default operations
