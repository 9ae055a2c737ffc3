-- CreateEnum
CREATE TYPE "Ruleset" AS ENUM ('dnd35', 'pf1e', 'variant');

-- CreateEnum
CREATE TYPE "EncounterStatus" AS ENUM ('preparing', 'active', 'finished');

-- CreateTable
CREATE TABLE "Encounter" (
    "id" UUID NOT NULL,
    "ownerId" VARCHAR(200) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "ruleset" "Ruleset" NOT NULL,
    "status" "EncounterStatus" NOT NULL DEFAULT 'preparing',
    "round" INTEGER NOT NULL DEFAULT 0,
    "surpriseRound" BOOLEAN NOT NULL DEFAULT false,
    "turnCombatantId" VARCHAR(200),
    "turnInitiativeCount" INTEGER,
    "lastEventSeq" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Encounter_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Combatant" (
    "encounterId" UUID NOT NULL,
    "id" VARCHAR(200) NOT NULL,
    "position" INTEGER NOT NULL,
    "name" VARCHAR(200),
    "side" VARCHAR(200),
    "aware" BOOLEAN NOT NULL DEFAULT true,
    "initiative" INTEGER,
    "initiativeTiebreak" INTEGER,
    "hitPointsMax" INTEGER,
    "hitPointsCurrent" INTEGER,
    "hitPointsTemporary" INTEGER NOT NULL DEFAULT 0,
    "hitPointsNonlethal" INTEGER NOT NULL DEFAULT 0,
    "conditions" JSONB NOT NULL DEFAULT '[]',
    "statBlock" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Combatant_pkey" PRIMARY KEY ("encounterId","id")
);

-- CreateTable
CREATE TABLE "EncounterEvent" (
    "encounterId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" VARCHAR(50) NOT NULL,
    "request" JSONB NOT NULL,
    "rolls" JSONB NOT NULL DEFAULT '[]',
    "result" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EncounterEvent_pkey" PRIMARY KEY ("encounterId","seq")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "ownerId" VARCHAR(200) NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "requestHash" VARCHAR(64) NOT NULL,
    "statusCode" INTEGER NOT NULL,
    "response" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("ownerId","key")
);

-- CreateIndex
CREATE INDEX "Encounter_ownerId_createdAt_id_idx" ON "Encounter"("ownerId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "IdempotencyRecord_expiresAt_idx" ON "IdempotencyRecord"("expiresAt");

-- AddForeignKey
ALTER TABLE "Combatant" ADD CONSTRAINT "Combatant_encounterId_fkey" FOREIGN KEY ("encounterId") REFERENCES "Encounter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EncounterEvent" ADD CONSTRAINT "EncounterEvent_encounterId_fkey" FOREIGN KEY ("encounterId") REFERENCES "Encounter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (Prisma's schema has no triggers): the event log is
-- append-only. Rows go when their encounter is deleted, but never change.
CREATE FUNCTION "EncounterEvent_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'EncounterEvent is append-only: events are never updated';
END;
$$;

CREATE TRIGGER "EncounterEvent_no_update" BEFORE UPDATE ON "EncounterEvent"
    FOR EACH ROW EXECUTE FUNCTION "EncounterEvent_append_only"();
