/**
 * The values worked out for the last few key objects, found by identity: a
 * memo for what one request asks about the same objects many times (a
 * creature's effective stats, a conditions list's tags).
 *
 * Not a WeakMap: every request brings new objects, so a WeakMap gained an
 * entry per creature per request, and entries of a WeakMap are ephemerons,
 * which V8's garbage collector must trace apart from other objects. Under
 * the attack benchmark that bookkeeping cost more than the work the memo
 * saved (a full attack's planning took three times as long as with no memo
 * at all). A few slots, overwritten in turn, keep the saving: one request's
 * objects are all in them while it runs. What the slots still hold after a
 * request is at most `size` of its objects, kept until later ones replace
 * them. A key found no longer in the slots is worked out again, which gives
 * the same value: the memo changes the cost, never a result.
 */
export class RecentByIdentity<K extends object, V> {
  private readonly keys: Array<K | undefined>
  private readonly values: Array<V | undefined>
  private next = 0

  constructor (readonly size: number) {
    // Stryker disable next-line ArrayDeclaration: equivalent: an empty list reads undefined in every slot, as the filled one does, and grows as slots are set
    this.keys = new Array<K | undefined>(size).fill(undefined)
    // Stryker disable next-line ArrayDeclaration: equivalent, as above
    this.values = new Array<V | undefined>(size).fill(undefined)
  }

  get (key: K): V | undefined {
    // Stryker disable next-line EqualityOperator: equivalent: the slot past the last holds no key, and a key is an object
    for (let i = 0; i < this.size; i++) if (this.keys[i] === key) return this.values[i]
    return undefined
  }

  /**
   * The first value kept (under any key) that `matches` accepts, from now on
   * kept under `key` in its slot (the key it had loses it): for a memo of
   * values equal for keys made of the same parts, where the newest key is
   * the one asked about next.
   */
  claim (key: K, matches: (value: V) => boolean): V | undefined {
    // Stryker disable next-line EqualityOperator: equivalent: the slot past the last holds no value
    for (let i = 0; i < this.size; i++) {
      const value = this.values[i]
      if (value !== undefined && matches(value)) {
        this.keys[i] = key
        return value
      }
    }
    return undefined
  }

  set (key: K, value: V): void {
    // Stryker disable next-line EqualityOperator: equivalent: the slot past the last holds no key, and a key is an object
    for (let i = 0; i < this.size; i++) {
      if (this.keys[i] === key) {
        this.values[i] = value
        return
      }
    }
    this.keys[this.next] = key
    this.values[this.next] = value
    this.next = (this.next + 1) % this.size
  }
}
