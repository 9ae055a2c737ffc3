// The encounter actions of the benchmarks (bench/encounters.ts, bench/compare.ts):
// 100 encounters of two fighters, each of 50 connections owning two, walking
// their turns — an attack, then the end of the turn, then the other's attack.
import type { Request as BenchRequest } from 'autocannon'

export const ENCOUNTERS = 100
export const CONNECTIONS = 50

export const weapon = { name: 'longsword', damage: '1d8', critRange: 19 }
const combatant = (id: string) => ({ id, baseAttackBonus: 6, abilities: { str: 16, dex: 12, con: 14 }, armorClass: { armor: 5, shield: 1 }, baseSaves: { fortitude: 30 }, hitPoints: { max: 100_000 } })

export async function post (url: string, body: unknown): Promise<{ status: number, body: { id?: string, turn?: { combatantId: string } } }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: await res.json() as { id?: string, turn?: { combatantId: string } } }
}

interface Slot { id: string, turn: string, other: string, attacked: boolean }

export class EncounterLoad {
  readonly slots: Slot[] = []
  readonly refusals: string[] = []
  private nextConnection = 0

  constructor (readonly serviceUrl: string) {}

  async setUp (): Promise<void> {
    for (let i = 0; i < ENCOUNTERS; i++) {
      const created = await post(`${this.serviceUrl}/v1/encounters`, { name: `bench ${i}`, ruleset: 'dnd35', combatants: [combatant('a'), combatant('b')] })
      if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`)
      const started = await post(`${this.serviceUrl}/v1/encounters/${created.body.id as string}/start`, {})
      const turn = started.body.turn?.combatantId as string
      this.slots.push({ id: created.body.id as string, turn, other: turn === 'a' ? 'b' : 'a', attacked: false })
    }
  }

  /** Read every encounter's turn before a slice, so that the connections start from the stored state whatever the last slice did. */
  async resync (): Promise<void> {
    await Promise.all(this.slots.map(async (slot) => {
      const turn = (await (await fetch(`${this.serviceUrl}/v1/encounters/${slot.id}`)).json() as { turn: { combatantId: string, spent: string[] } }).turn
      slot.turn = turn.combatantId
      slot.other = turn.combatantId === 'a' ? 'b' : 'a'
      slot.attacked = turn.spent.length > 0
    }))
  }

  /**
   * Each connection owns two encounters and walks their turns: attack, end the
   * turn, attack with the other, … The list holds one entry per request a
   * connection sends in a slice because autocannon resets a connection's
   * context each time it wraps around its list: with a one-entry list every
   * request forgot which encounters it owned, two connections could act on one
   * encounter at once, and a 409 now and then was the result.
   */
  requests (perConnection: number): BenchRequest[] {
    const request: BenchRequest = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req: BenchRequest, context: Record<string, unknown>) => {
        if (context.mine === undefined) {
          const c = this.nextConnection++ % CONNECTIONS
          context.mine = [this.slots[2 * c], this.slots[2 * c + 1]]
          context.n = 0
        }
        const mine = context.mine as Slot[]
        const n = context.n as number
        context.n = n + 1
        const slot = mine[n % 2] as Slot
        const body = slot.attacked ? { type: 'end-turn', actor: slot.turn } : { type: 'attack', actor: slot.turn, target: slot.other, weapon }
        // Requests on one connection go one after another, so the turn can be followed here.
        if (slot.attacked) [slot.turn, slot.other] = [slot.other, slot.turn]
        slot.attacked = !slot.attacked
        context.sent = `${slot.id} ${JSON.stringify(body)}`
        return { ...req, path: `/v1/encounters/${slot.id}/actions`, body: JSON.stringify(body) }
      },
      onResponse: (status: number, body: string, context: Record<string, unknown>) => {
        if (status >= 300 && this.refusals.length < 5) this.refusals.push(`${status} for ${context.sent as string}: ${body.slice(0, 300)}`)
      }
    }
    return Array.from({ length: perConnection }, () => request)
  }
}
