/**
 * Which methods each registered path answers, for the 405 a request earns
 * when its path exists under another method (RFC 9110 §15.5.6: the `Allow`
 * header lists them). Fastify's router has no notion of this: a method
 * mismatch falls to the not-found handler, which alone asks here, so a
 * request that matches a route pays nothing.
 */
export class AllowedMethods {
  private readonly byPattern = new Map<string, Set<string>>()
  /** Methods of catch-all routes (the CORS preflight's `OPTIONS *`): allowed on every existing path, but they make no path exist. */
  private readonly everywhere = new Set<string>()
  private compiled: Array<{ path: RegExp, allow: string[] }> | null = null

  /** From an onRoute hook: `url` in Fastify's syntax (`/v1/encounters/:id`, `/docs/*`). */
  add (method: string | string[], url: string): void {
    const methods = Array.isArray(method) ? method : [method]
    if (url === '*' || url === '/*') {
      for (const m of methods) this.everywhere.add(m)
    } else {
      let set = this.byPattern.get(url)
      if (set === undefined) this.byPattern.set(url, set = new Set())
      for (const m of methods) set.add(m)
    }
    this.compiled = null
  }

  /**
   * The methods the path (no query) answers, sorted, or null when no route
   * has it. Trailing slashes are ignored, as the router ignores them.
   */
  allowed (path: string): string[] | null {
    this.compiled ??= [...this.byPattern].map(([pattern, methods]) => ({ path: patternToRegExp(pattern), allow: [...methods] }))
    let found: Set<string> | null = null
    for (const route of this.compiled) {
      if (!route.path.test(path)) continue
      found ??= new Set(this.everywhere)
      for (const m of route.allow) found.add(m)
    }
    return found === null ? null : [...found].sort()
  }
}

function patternToRegExp (pattern: string): RegExp {
  const source = pattern.replace(/\/+$/, '').split('/').map((segment) => {
    if (segment === '*') return '.*'
    if (segment.startsWith(':')) return '[^/]+'
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  }).join('/')
  return new RegExp(`^${source}/?$`)
}
