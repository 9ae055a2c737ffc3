import http from 'node:http'

export interface SseMessage { id: string | undefined, event: string, data: string }

/**
 * A Server-Sent Events parser as the HTML standard describes it: lines end in
 * CRLF, LF or CR; a blank line dispatches; `:` starts a comment; `field: value`
 * drops one leading space; `data` lines join with LF.
 */
export class SseParser {
  readonly messages: SseMessage[] = []
  comments: string[] = []
  private buffer = ''
  private id: string | undefined
  private event = ''
  private data: string[] = []

  push (chunk: string): void {
    this.buffer += chunk
    for (;;) {
      const match = /\r\n|\n|\r/.exec(this.buffer)
      // A lone CR at the end may be the first half of a CRLF: wait for more.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) return
      const line = this.buffer.slice(0, match.index)
      this.buffer = this.buffer.slice(match.index + match[0].length)
      this.line(line)
    }
  }

  private line (line: string): void {
    if (line === '') {
      if (this.data.length > 0) this.messages.push({ id: this.id, event: this.event || 'message', data: this.data.join('\n') })
      this.event = ''
      this.data = []
      return
    }
    if (line.startsWith(':')) {
      this.comments.push(line.slice(1).trim())
      return
    }
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'id') this.id = value
    else if (field === 'event') this.event = value
    else if (field === 'data') this.data.push(value)
  }
}

export interface SseClient {
  status: number
  headers: http.IncomingHttpHeaders
  /** The body of a non-200 answer, parsed as JSON. */
  problem: Record<string, unknown> | undefined
  parser: SseParser
  /** Resolves once at least `n` messages have arrived; rejects after `timeoutMs`. */
  waitForMessages: (n: number, timeoutMs?: number) => Promise<SseMessage[]>
  waitForComments: (n: number, timeoutMs?: number) => Promise<void>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close: () => void
}

/** Opens `url` as an event stream over a raw socket; every wait is bounded, so a test cannot hang. */
export async function openStream (url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<SseClient> {
  return await new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } })
    const timer = setTimeout(() => {
      request.destroy()
      reject(new Error(`no response from ${url} within ${timeoutMs} ms`))
    }, timeoutMs)
    request.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    request.on('response', (response) => {
      response.setEncoding('utf8')
      if (response.statusCode !== 200) {
        let body = ''
        response.on('data', (c: string) => { body += c })
        response.on('end', () => {
          clearTimeout(timer)
          resolve({ status: response.statusCode ?? 0, headers: response.headers, problem: JSON.parse(body) as Record<string, unknown> } as SseClient)
        })
        return
      }
      clearTimeout(timer)
      const parser = new SseParser()
      const listeners = new Set<() => void>()
      let done = false
      const ended = new Promise<void>((resolveEnd) => {
        const finish = (): void => {
          done = true
          resolveEnd()
          listeners.forEach((l) => l())
        }
        response.on('end', finish)
        response.on('close', finish)
        response.on('error', finish)
      })
      response.on('data', (chunk: string) => {
        parser.push(chunk)
        listeners.forEach((l) => l())
      })
      const waitUntil = async (ready: () => boolean, what: string, limitMs: number): Promise<void> => {
        if (ready()) return
        await new Promise<void>((resolveWait, rejectWait) => {
          const check = (): void => {
            if (ready()) {
              cleanup()
              resolveWait()
            } else if (done) {
              cleanup()
              rejectWait(new Error(`the stream ended before ${what}; got ${parser.messages.length} messages`))
            }
          }
          const limit = setTimeout(() => {
            cleanup()
            rejectWait(new Error(`timed out waiting for ${what}; got ${parser.messages.length} messages`))
          }, limitMs)
          const cleanup = (): void => {
            clearTimeout(limit)
            listeners.delete(check)
          }
          listeners.add(check)
        })
      }
      resolve({
        status: 200,
        headers: response.headers,
        problem: undefined,
        parser,
        async waitForMessages (n, limitMs = 10_000) {
          await waitUntil(() => parser.messages.length >= n, `${n} messages`, limitMs)
          return parser.messages.slice()
        },
        async waitForComments (n, limitMs = 10_000) {
          await waitUntil(() => parser.comments.length >= n, `${n} comments`, limitMs)
        },
        ended,
        close: () => request.destroy()
      })
    })
  })
}
