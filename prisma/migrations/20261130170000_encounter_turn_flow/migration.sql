-- The turn flow of an active encounter, the variant's hit-point state and the
-- event's place in the fight, as typed columns with the invariants the domain
-- relies on. Every write appends one event, so the version is the last
-- event's sequence number.

-- AlterTable
ALTER TABLE "Encounter" ADD COLUMN     "turnOrder" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "turnSpent" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "downAtCount" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "Combatant" ADD COLUMN     "hitPointsWoundPoints" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "deathSaveSuccesses" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "deathSaveFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "constitutionDamage" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "hitPointsStatus" VARCHAR(20),
ADD COLUMN     "reactionsUsed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "readied" JSONB;

-- AlterTable
ALTER TABLE "EncounterEvent" ADD COLUMN     "actor" VARCHAR(200),
ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "initiativeCount" INTEGER,
ADD COLUMN     "applied" JSONB NOT NULL DEFAULT '[]';

-- Hand-written (Prisma's schema has no CHECK constraints).
ALTER TABLE "Encounter"
    ADD CONSTRAINT "Encounter_version_is_last_event" CHECK ("version" >= 1 AND "lastEventSeq" = "version"),
    ADD CONSTRAINT "Encounter_round_not_negative" CHECK ("round" >= 0),
    ADD CONSTRAINT "Encounter_turn_complete" CHECK (("turnCombatantId" IS NULL) = ("turnInitiativeCount" IS NULL)),
    ADD CONSTRAINT "Encounter_no_turn_unless_active" CHECK ("status" = 'active' OR "turnCombatantId" IS NULL),
    ADD CONSTRAINT "Encounter_flow_shapes" CHECK (jsonb_typeof("turnOrder") = 'array' AND jsonb_typeof("turnSpent") = 'array' AND jsonb_typeof("downAtCount") = 'array');

ALTER TABLE "Combatant"
    ADD CONSTRAINT "Combatant_hit_points_all_or_none" CHECK (("hitPointsMax" IS NULL) = ("hitPointsCurrent" IS NULL) AND ("hitPointsMax" IS NULL) = ("hitPointsStatus" IS NULL)),
    ADD CONSTRAINT "Combatant_current_not_above_max" CHECK ("hitPointsCurrent" <= "hitPointsMax" AND "hitPointsMax" >= 1),
    ADD CONSTRAINT "Combatant_tallies_not_negative" CHECK ("hitPointsTemporary" >= 0 AND "hitPointsNonlethal" >= 0 AND "hitPointsWoundPoints" >= 0 AND "constitutionDamage" >= 0 AND "reactionsUsed" >= 0),
    ADD CONSTRAINT "Combatant_death_saves" CHECK ("deathSaveSuccesses" BETWEEN 0 AND 10 AND "deathSaveFailures" BETWEEN 0 AND 10),
    ADD CONSTRAINT "Combatant_hit_point_status" CHECK ("hitPointsStatus" IN ('healthy', 'staggered', 'disabled', 'unconscious', 'dying', 'stable', 'dead')),
    ADD CONSTRAINT "Combatant_json_shapes" CHECK (jsonb_typeof("conditions") = 'array' AND jsonb_typeof("statBlock") = 'object' AND ("readied" IS NULL OR jsonb_typeof("readied") = 'object'));

ALTER TABLE "EncounterEvent"
    ADD CONSTRAINT "EncounterEvent_seq_positive" CHECK ("seq" >= 1);
