// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    /** Send exactly this many requests (then `duration` is ignored) and wait for every response. */
    amount?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: Request[]
  }
  interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
  }
  interface Histogram { average: number, p50: number, p99: number }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    /** Seconds the run took. */
    duration: number
    non2xx: number
    timeouts: number
  }
  function autocannon (options: Options): Promise<Result>
  export type { Request, Options, Result }
  export default autocannon
}
