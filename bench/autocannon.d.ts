// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    method?: string
    headers?: Record<string, string>
    body?: string
  }
  interface Histogram { average: number, p50: number, p99: number }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    non2xx: number
    timeouts: number
  }
  function autocannon (options: Options): Promise<Result>
  export default autocannon
}
