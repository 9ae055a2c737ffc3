-- The ruleset of an encounter is text checked by the service's ruleset
-- registry, not a database enum: a ruleset registered in the code (one module
-- plus one line) needs no migration. The column keeps its values; the enum
-- type goes.

-- AlterTable
ALTER TABLE "Encounter" ALTER COLUMN "ruleset" SET DATA TYPE VARCHAR(200) USING "ruleset"::text;

-- DropEnum
DROP TYPE "Ruleset";
