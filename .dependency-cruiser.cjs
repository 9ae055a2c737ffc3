// The layering of docs/architecture.md, checked by dependency-cruiser in
// `npm run lint` (scripts/check-layers.mjs). Paths are relative to the project
// root, so every rule is written against `src/...`; test/architecture/ runs
// the same rules on a small tree that mirrors src/.
//
// Layers, lowest first: src/rules (pure rules library) < src/application and
// src/encounters (operations and the encounter domain, no HTTP, no database
// except the encounter repository) < src/routes, src/http, src/plugins (HTTP).

/** Modules of the web framework: fastify itself, its plugins and helpers. */
const FASTIFY = '^(node_modules/)?(fastify|fastify-[^/]+|@fastify/[^/]+)(/|$)'
/** The Prisma client: the npm packages and the client generated into src/generated. */
const PRISMA = ['^(node_modules/)?@prisma/', '^src/generated/']
/** The layers below HTTP that must stay free of it. */
const CORE = '^src/(application|encounters)/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'rules-are-self-contained',
      comment: 'src/rules is a pure library: it imports nothing from the rest of src/ (npm packages such as pure-rand are fine, the web framework and the database are not).',
      severity: 'error',
      from: { path: '^src/rules/' },
      to: { path: '^src/', pathNot: '^src/rules/' }
    },
    {
      name: 'rules-no-framework',
      comment: 'src/rules imports neither the web framework nor a database client.',
      severity: 'error',
      from: { path: '^src/rules/' },
      to: { path: [FASTIFY, ...PRISMA, '^(node_modules/)?(pg|ioredis)(/|$)'] }
    },
    {
      name: 'core-no-http',
      comment: 'The application layer and the encounters domain know nothing of HTTP: no fastify, no src/http, src/routes or src/plugins. Their errors are DomainError; src/plugins/app/problems.ts maps them to problem+json.',
      severity: 'error',
      from: { path: CORE },
      to: { path: [FASTIFY, '^src/(http|routes|plugins)/', '^src/(app|server)\\.ts$'] }
    },
    {
      name: 'core-no-database',
      comment: 'Only src/encounters/repository.ts talks to the database: the rest of the application layer and of src/encounters imports no Prisma, no src/generated and no src/db.',
      severity: 'error',
      from: { path: CORE, pathNot: '^src/encounters/repository\\.ts$' },
      to: { path: [...PRISMA, '^src/db/'] }
    },
    {
      name: 'prisma-only-in-repository',
      comment: 'The Prisma client (@prisma/*, src/generated) is imported only by src/encounters/repository.ts and src/db/**.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/encounters/repository\\.ts$', '^src/db/', '^src/generated/'] },
      to: { path: PRISMA }
    },
    {
      name: 'routes-not-repository',
      comment: 'Routes call the encounter service, never its repository.',
      severity: 'error',
      from: { path: '^src/routes/' },
      to: { path: '^src/encounters/repository\\.ts$' }
    },
    {
      name: 'no-circular',
      comment: 'Modules import in one direction: a cycle ties two modules so neither can change or be tested alone.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } }
    }
  ],
  options: {
    // The generated Prisma client is a dependency to report, not code to check.
    doNotFollow: { path: ['node_modules', '^src/generated/'] },
    // Type-only imports count: a type from src/http in the domain is a
    // dependency on HTTP all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts']
    },
    reporterOptions: { text: { highlightFocused: true } }
  }
}
