// Prisma 7 reads the connection URL here, for the CLI only (`prisma migrate
// status`/`deploy` on a machine that has the schema engine). The service
// itself connects through @prisma/adapter-pg (src/db/connection.ts) and
// applies migrations with its own migrator (src/db/migrator.ts).
import { defineConfig } from 'prisma/config'

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' }
})
