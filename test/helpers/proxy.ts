import { createServer, connect, type Server, type Socket } from 'node:net'

export interface CuttableProxy {
  /** `target` with its host and port replaced by the proxy's. */
  url: string
  port: number
  /** Stop accepting and drop every open connection both ways: "the dependency is gone". */
  cut: () => Promise<void>
  /** Accept again, on the same port. */
  restore: () => Promise<void>
}

/** A TCP hop to a dependency (PostgreSQL, Redis) that a test can cut and restore. Loopback only. */
export async function cuttableProxy (target: URL, defaultPort = 5432): Promise<CuttableProxy> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const listen = async (): Promise<void> => {
    const s = createServer((client) => {
      const upstream = connect(Number(target.port || defaultPort), target.hostname)
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('error', () => undefined)
        socket.on('close', () => sockets.delete(socket))
      }
      client.pipe(upstream).pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
    server = s
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve))
    port = (s.address() as { port: number }).port
  }
  await listen()
  const url = new URL(target)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  return {
    url: url.toString(),
    port,
    cut: async () => {
      const s = server
      server = undefined
      if (!s) return
      await new Promise<void>((resolve) => {
        s.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
    },
    restore: async () => { if (!server) await listen() }
  }
}
