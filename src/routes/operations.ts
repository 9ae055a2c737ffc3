import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses, problemResponse } from '../schemas/common.js'
import { HttpProblem, PROBLEM_TYPES, type ProblemKind } from '../http/problem.js'

const ReadySchema = Type.Object({
  status: Type.Literal('ready'),
  checks: Type.Array(Type.Object({
    name: Type.String({ description: 'The dependency, e.g. `database`.' }),
    ok: Type.Boolean({ description: 'Whether it answers now.' }),
    detail: Type.Optional(Type.String({ description: 'Why not, when it does not.' }))
  }, { additionalProperties: false }), { description: 'One entry per dependency; empty with encounters off.' })
}, { additionalProperties: false })

function readmeText (): string | null {
  try {
    return readFileSync(join(process.cwd(), 'README.md'), 'utf8')
  } catch {
    return null
  }
}

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
      description: 'Whether to send this instance traffic: 503 problem+json (`/problems/not-ready`) while it starts and from SIGTERM until it exits (so a load balancer stops sending before the listener closes), 200 otherwise. The body lists each dependency\'s state; a database that is down does not make it 503, since the stateless endpoints keep working and the encounter endpoints answer 503 themselves.',
      response: { 200: ReadySchema, ...errorResponses({ body: false }), 503: problemResponse('Starting, or draining after SIGTERM.') }
    }
  }, async () => {
    if (fastify.lifecycle !== 'ready') {
      throw new HttpProblem('not-ready', fastify.lifecycle === 'draining' ? 'Shutting down: send new requests elsewhere' : 'Starting')
    }
    const checks = await Promise.all(fastify.readinessChecks.map(async (check) => check()))
    return { status: 'ready' as const, checks }
  })

  fastify.get('/openapi.json', {
    schema: { hide: true }
  }, async () => fastify.swagger())

  // The operation descriptions link their details in the README (src/openapi/readme.ts): served beside
  // the docs, read once. Without the file (an image built without it) the route is not registered.
  const readme = readmeText()
  if (readme !== null) {
    fastify.get('/README.md', { schema: { hide: true } }, async (_request, reply) => reply.type('text/markdown; charset=utf-8').send(readme))
  }

  fastify.get('/problems/:kind', {
    schema: {
      tags: ['operations'],
      operationId: 'describeProblem',
      summary: 'Describe a problem type',
      description: 'The `type` of every error response is `/problems/<kind>`; this describes the kind.',
      params: Type.Object({ kind: Type.String({ maxLength: 200, description: 'The kind: the last segment of a problem\'s `type`.', examples: ['not-found'] }) }, { additionalProperties: false }),
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
