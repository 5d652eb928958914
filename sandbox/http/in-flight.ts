// Fair service between connections. Node's server hands every request it parses to the framework
// at once, pipelined ones included: 3,000 requests pipelined on one connection were all being
// processed together, and another client's listing waited 4.3 s behind them. Here a connection has
// at most MAX_IN_FLIGHT_PER_CONNECTION requests being processed; a request read beyond them waits
// in its connection's queue, and the connection is no longer read (TCP then holds the sender
// back) until its queue is empty. Every other connection's request is thus served beside at most
// that many of any one caller's. Answers still leave in the order the requests came (Node queues
// them per connection).
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';

/**
 * Requests one connection may have in progress at once. A client that pipelines gains nothing
 * from more (one process serves them in turn); a few let an answer waiting on the data file overlap
 * the next request's work.
 */
export const MAX_IN_FLIGHT_PER_CONNECTION = 4;

/**
 * A server's connection as Node's HTTP server handles it: `_paused` is the mark with which Node
 * itself stops reading a connection whose answers are queued. Node resumes a socket after each
 * answer (to read the next request) unless it is so marked, and pauses its parser past the chunk
 * it is reading: a plain pause() was undone at once, and the whole pipeline was read.
 */
interface ServerSocket extends Socket {
  _paused?: boolean;
  parser?: { pause: () => void; resume: () => void } | null;
}

function stopReading(socket: ServerSocket): void {
  socket._paused = true;
  socket.pause();
}

function readAgain(socket: ServerSocket): void {
  socket._paused = false;
  socket.parser?.resume();
  socket.resume();
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

interface ConnectionQueue {
  inFlight: number;
  /** Whether this gate stopped reading the connection. */
  paused: boolean;
  /** Whether the next requests are to start at the event loop's next turn. */
  scheduled: boolean;
  waiting: Array<[IncomingMessage, ServerResponse]>;
}

/** What a gate has seen: for its self-test and benchmarks, never for serving. */
export interface InFlightCounts {
  /** The most requests one connection ever had in progress at once. */
  mostInFlight: number;
  /** Requests that waited in their connection's queue. */
  queued: number;
}

/** The requests of a server's connections, at most `limit` of each in progress. */
class InFlightGate {
  readonly counts: InFlightCounts = { mostInFlight: 0, queued: 0 };
  private readonly queues = new WeakMap<Socket, ConnectionQueue>();

  constructor(
    private readonly limit: number,
    private readonly serve: RequestListener,
  ) {}

  /** A request as Node read it: started, or queued with its connection no longer read. */
  take(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket;
    const queue = this.queues.get(socket) ?? { inFlight: 0, paused: false, scheduled: false, waiting: [] };
    this.queues.set(socket, queue);
    if (queue.inFlight < this.limit && queue.waiting.length === 0) {
      this.start(queue, request, response);
      return;
    }
    this.counts.queued += 1;
    queue.waiting.push([request, response]);
    // Again at each one: Node's own backpressure may have resumed the socket meanwhile.
    queue.paused = true;
    stopReading(socket);
  }

  private start(queue: ConnectionQueue, request: IncomingMessage, response: ServerResponse): void {
    queue.inFlight += 1;
    this.counts.mostInFlight = Math.max(this.counts.mostInFlight, queue.inFlight);
    // 'close' comes once the answer is sent, or when the connection is gone before it was. The
    // next requests wait for the event loop's next turn, once per turn and connection: 'close'
    // comes in a process.nextTick, and answers finish by the hundred in one write's callbacks, so
    // started at once (or by one deferred start per answer) a queue was served in one turn, before
    // any other connection was read.
    response.once('close', () => {
      queue.inFlight -= 1;
      if (queue.scheduled) return;
      queue.scheduled = true;
      setImmediate(() => {
        queue.scheduled = false;
        this.next(queue, request.socket);
      });
    });
    this.serve(request, response);
  }

  private next(queue: ConnectionQueue, socket: Socket): void {
    if (socket.destroyed) {
      // The client is gone: what it queued is never processed (nor answered).
      queue.waiting.length = 0;
      return;
    }
    while (queue.inFlight < this.limit) {
      const waiting = queue.waiting.shift();
      if (waiting === undefined) break;
      // Node armed the keep-alive timeout when the answers before this one were all sent, as if
      // the connection were idle: a request of the connection is starting, so it is not.
      socket.setTimeout(0);
      this.start(queue, ...waiting);
    }
    if (queue.waiting.length > 0 || !queue.paused) return;
    queue.paused = false;
    readAgain(socket);
  }
}

/**
 * Puts the server's request listeners (the framework's) behind a bound per connection. Called
 * once the framework made its server and before anything else listens to its requests: listeners
 * added later (the connection cap's count) still see each request as it is read.
 */
export function boundRequestsInFlight(
  server: HttpServer | HttpsServer,
  limit: number = MAX_IN_FLIGHT_PER_CONNECTION,
): InFlightCounts {
  const handlers = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const gate = new InFlightGate(limit, (request, response) => {
    for (const handler of handlers) handler.call(server, request, response);
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    gate.take(request, response);
  });
  return gate.counts;
}
