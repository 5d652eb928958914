// Connections held below the process's descriptor limit, for both servers at once. At the limit,
// the kernel still completes each connection, but Node cannot accept it and closes it at once:
// 1,050 idle connections under a limit of 1,024 had every honest client reset
// (`npm run bench:idle`). Under the cap a new connection is always accepted; past it,
// an idle connection is closed to make room: one with no request in progress (never used, between
// requests, or still sending its headers), of the address holding the most, the oldest first. A
// request being answered is never cut; when every connection has one, the new one is closed.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';

/**
 * Descriptors left to everything but clients' connections: the data file, its write-ahead log and
 * locks, the journal, the deliveries' sockets (64 at most, notifications/delivery-rules.ts), the
 * TLS files, the process's own.
 */
export const RESERVED_DESCRIPTORS = 160;
/** However low the limit, at least this many connections are accepted. */
const MIN_CONNECTIONS = 64;

/** The process's soft limit of open files (Linux's `/proc/self/limits`), or undefined when unknown. */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((one) => one.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isInteger(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}

/** The cap for a descriptor limit, or undefined (no cap) when the limit is unknown. */
export function connectionCapFor(limit: number | undefined): number | undefined {
  return limit === undefined ? undefined : Math.max(MIN_CONNECTIONS, limit - RESERVED_DESCRIPTORS);
}

/** The connection a request came on, before TLS: what the server accepted and the cap counts. */
function acceptedSocket(socket: Socket): Socket {
  return (socket as Socket & { _parent?: Socket })._parent ?? socket;
}

export class ConnectionCap {
  /** Open connections per remote address, each set in the order they came. */
  private readonly byAddress = new Map<string, Set<Socket>>();
  private open = 0;
  /** Requests in progress per connection. */
  private readonly busy = new WeakMap<Socket, number>();
  private said = false;
  /** Idle connections closed to make room, and new ones closed when none was idle. */
  closedIdle = 0;
  refused = 0;

  constructor(readonly cap: number) {}

  /** Counts the server's connections under this cap. */
  watch(server: HttpServer | HttpsServer): void {
    server.on('connection', (socket: Socket) => {
      this.admit(socket);
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.track(acceptedSocket(request.socket), response);
    });
  }

  /** Connections open now. */
  count(): number {
    return this.open;
  }

  private admit(socket: Socket): void {
    const address = socket.remoteAddress ?? '';
    const mine = this.byAddress.get(address) ?? new Set<Socket>();
    this.byAddress.set(address, mine);
    mine.add(socket);
    this.open += 1;
    socket.once('close', () => {
      this.forget(socket, address);
    });
    if (this.open <= this.cap) return;
    this.sayOnce();
    const idle = this.oldestIdle(socket);
    if (idle === undefined) {
      this.refused += 1;
      this.close(socket);
    } else {
      this.closedIdle += 1;
      this.close(idle);
    }
  }

  private close(socket: Socket): void {
    this.forget(socket, socket.remoteAddress ?? '');
    socket.destroy();
  }

  private forget(socket: Socket, address: string): void {
    const mine = this.byAddress.get(address);
    if (mine?.delete(socket) !== true) return;
    this.open -= 1;
    if (mine.size === 0) this.byAddress.delete(address);
  }

  /** The oldest connection with no request in progress, of the address holding the most. */
  private oldestIdle(except: Socket): Socket | undefined {
    const addresses = [...this.byAddress.values()].sort((one, other) => other.size - one.size);
    for (const sockets of addresses)
      for (const socket of sockets)
        if (socket !== except && (this.busy.get(socket) ?? 0) === 0) return socket;
    return undefined;
  }

  private track(socket: Socket, response: ServerResponse): void {
    this.busy.set(socket, (this.busy.get(socket) ?? 0) + 1);
    response.once('close', () => {
      this.busy.set(socket, Math.max(0, (this.busy.get(socket) ?? 1) - 1));
    });
  }

  private sayOnce(): void {
    if (this.said) return;
    this.said = true;
    console.error(
      `sandbox: ${this.cap} connections open, as many as the descriptor limit leaves room for: from now on, a new one closes the oldest idle connection of the address holding the most`,
    );
  }
}

/** Caps the servers' connections together under the process's descriptor limit (none when it is unknown). */
export function capConnections(servers: ReadonlyArray<HttpServer | HttpsServer>): ConnectionCap | undefined {
  const cap = connectionCapFor(openFilesLimit());
  if (cap === undefined) return undefined;
  const connections = new ConnectionCap(cap);
  for (const server of servers) connections.watch(server);
  return connections;
}
