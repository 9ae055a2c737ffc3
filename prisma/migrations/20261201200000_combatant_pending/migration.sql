-- What a combatant holds for later (docs/rules.md §105, §109): aid another
-- given to an ally and an aim taken, each waiting for the attack that uses it
-- and ending as the rules say. A list, empty for every existing combatant.

-- AlterTable
ALTER TABLE "Combatant" ADD COLUMN "pending" JSONB NOT NULL DEFAULT '[]';
