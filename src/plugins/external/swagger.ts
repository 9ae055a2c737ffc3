import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { SECURITY_SCHEME, STREAM_TOKEN_SCHEME } from '../app/access.js'
import { finishDocument } from '../../openapi/document.js'
import { STREAM_TOKEN_TTL_SECONDS, TOKEN_PARAM } from '../../http/stream-tokens.js'

export const OPENAPI_INFO = {
  title: 'd20 combat-resolution service',
  version: '1.0.0',
  description: [
    'Resolves tabletop combat (attacks, saving throws, grapples and maneuvers, turning undead, damage, healing and dying) for D&D 3.5 (`dnd35`), Pathfinder 1e (`pf1e`) and a d20 variant (`variant`), and keeps optional persisted encounters.',
    '',
    '**Dice.** Every resolution request may carry `seed` (the same request and seed give the same response; the seed used is always returned) and `dice.sequence` (fixed die results consumed in the endpoint\'s documented order before any random roll). Every response lists every die in `rolls`.',
    '',
    '**Errors** are RFC 9457 `application/problem+json` with an `errors` array naming each offending field by JSON Pointer. Unknown body properties are rejected (400), types are never coerced in JSON bodies. Any request may also meet the errors the server gives before an operation is chosen, problems too: 405 `method-not-allowed` for a method the path does not answer (with `Allow` listing those it does), 414 `uri-too-long`, 400 `malformed-url` (a percent-escape that is not UTF-8), 431 `headers-too-large` and 408 `request-timeout`.',
    '',
    '**Limits:** URL 4,096 characters; request line and headers 16 KiB; body 256 KiB; dice notation: 20 terms, 1,000 faces, and at most 1,000 dice in one notation wherever the answer lists every die (dice, damage, healing, the effect of a save; beyond: 422 `out-of-range`), 10,000 damage dice in one attack action; 100 combatants, targets or undead per request; 1,000 values in `dice.sequence`; strings 200 characters.',
    '',
    '**Compression:** responses of 16 KiB and more are sent gzip- or brotli-compressed when `Accept-Encoding` allows; smaller ones, and the event stream, never are.'
  ].join('\n'),
  license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
  contact: { name: 'd20 combat service maintainers' }
}

export const OPENAPI_TAGS = [
  { name: 'dice', description: 'Dice rolling with reproducible seeds.' },
  { name: 'rulesets', description: 'What each ruleset defines.' },
  { name: 'attacks', description: 'Attack rolls, criticals, damage, full attacks.' },
  { name: 'saves', description: 'Saving throws and area effects.' },
  { name: 'hit-points', description: 'Damage, healing, dying and recovery.' },
  { name: 'initiative', description: 'Initiative order and surprise.' },
  { name: 'grapples', description: 'Grapples and combat maneuvers.' },
  { name: 'turning', description: 'Turning and rebuking undead, channel energy.' },
  { name: 'spells', description: 'Spellcasting: concentration checks.' },
  { name: 'encounters', description: 'Persisted encounters: roster, initiative, turns, actions and the event log.' },
  { name: 'simulations', description: 'Fights simulated many times: win chances, rounds, survival (sampled, with 95% intervals).' },
  { name: 'operations', description: 'Health, readiness and documentation.' }
]

/**
 * The Content-Security-Policy of the /docs pages. @fastify/swagger-ui's own
 * (`staticCSP: true`) ends in `upgrade-insecure-requests`, which makes a
 * browser fetch /docs/static/* over https: Swagger UI stays blank when the
 * service is reached over plain HTTP by any name but loopback (the Docker
 * image from another machine). Everything Swagger UI loads is on this origin.
 * Its one inline style, the `<style>` element of the top bar's logo
 * (`.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}` in
 * swagger-ui-standalone-preset.js), is allowed by its hash rather than by
 * 'unsafe-inline' for every style: nothing else inline can apply.
 * test/http/docs-csp.test.ts recomputes the hash from the installed bundle.
 */
export const SWAGGER_LOGO_STYLE_HASH = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  `style-src 'self' '${SWAGGER_LOGO_STYLE_HASH}'`,
  "form-action 'self'"
].join('; ')

/** OpenAPI 3.1 from the routes' TypeBox schemas; Swagger UI at /docs. */
async function docs (fastify: FastifyInstance): Promise<void> {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      servers: [{ url: '/', description: 'This service' }],
      // Health, readiness and docs need no credentials; each /v1 operation declares the bearer scheme (plugins/app/access.ts).
      security: [],
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key\'s secret: `Authorization: Bearer <secret>` on every /v1 route when the service runs with `API_KEYS` (never in the URL). Each key is a tenant: its encounters are invisible to every other key (404). Without `API_KEYS` the service is open and the header is ignored.'
          },
          [STREAM_TOKEN_SCHEME]: {
            type: 'apiKey',
            in: 'query',
            name: TOKEN_PARAM,
            description: `A stream token from \`POST /v1/encounters/{id}/stream-tokens\`, for a browser's EventSource, which cannot send an Authorization header: \`GET /v1/encounters/{id}/stream?${TOKEN_PARAM}=<token>\` opens that encounter's stream for the key that asked for it, for ${STREAM_TOKEN_TTL_SECONDS / 60} minutes from issue, and opens nothing else. Without \`API_KEYS\` the stream needs no token and one given is ignored.`
          }
        }
      },
      tags: OPENAPI_TAGS
    },
    // Named components, problem kinds and named examples (src/openapi/document.ts); computed once, then cached.
    transformObject: (document) => finishDocument(('openapiObject' in document ? document.openapiObject : document.swaggerObject) as Record<string, unknown>),
    refResolver: {
      buildLocalReference (json, _baseUri, _fragment, i) {
        return typeof json.$id === 'string' ? json.$id : `def-${i}`
      }
    }
  })
  await fastify.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true },
    staticCSP: DOCS_CSP
  })
}

export default fp(docs, { name: 'docs' })
