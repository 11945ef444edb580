/**
 * The TCP side: accepts connections on 127.0.0.1, frames and parses wire messages, runs them
 * through the engine and writes replies once the engine says the effects are durable.
 *
 * A connection that sends something malformed (bad length, bad BSON, bad checksum, unknown
 * opcode, oversized message) is closed with a log line; nothing a client sends can stop the
 * process.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import type { Document } from "./bson.js";
import type { Engine } from "./engine.js";
import { CommandError } from "./errors.js";
import { encodeOpMsg, encodeOpReply, MessageFramer, parseMessage, ProtocolError, REPLY_QUERY_FAILURE, type Request } from "./wire.js";

export class WireServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private nextConnectionId = 1;

  constructor(
    private readonly engine: Engine,
    private readonly log: (line: string) => void,
    /** When set, a connection must present it as its handshake's application name. */
    private readonly token: string | null = null,
  ) {
    this.server = createServer((socket) => this.accept(socket));
  }

  get connectionCount(): number {
    return this.sockets.size;
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      this.server.once("error", onError);
      this.server.listen({ host, port, exclusive: true }, () => {
        this.server.off("error", onError);
        this.server.on("error", (error) => this.log(`server error: ${error.message}`));
        const address = this.server.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      for (const socket of this.sockets) socket.destroy();
      this.sockets.clear();
      if (!this.server.listening) return resolve();
      this.server.close(() => resolve());
    });
  }

  private accept(socket: Socket): void {
    const connection = new Connection(socket, this.nextConnectionId++, this.engine, this.log, this.token);
    this.sockets.add(socket);
    socket.on("close", () => {
      this.sockets.delete(socket);
      connection.closed = true;
    });
  }
}

const HANDSHAKE_COMMANDS = new Set(["hello", "ismaster", "isMaster"]);

/** Whether a handshake document carries the token as `client.application.name` (the URI's appName). */
function presentsToken(body: Document, token: string): boolean {
  const client = body.client as { application?: { name?: unknown } } | undefined;
  const name = client?.application?.name;
  if (typeof name !== "string") return false;
  const given = Buffer.from(name);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

class Connection {
  closed = false;
  private authenticated: boolean;
  private readonly framer = new MessageFramer();
  /** Replies go out in request order, each after its command's durability promise. */
  private replies: Promise<void> = Promise.resolve();
  private readonly info: { id: number; remoteAddress: string };

  constructor(
    private readonly socket: Socket,
    readonly id: number,
    private readonly engine: Engine,
    private readonly log: (line: string) => void,
    private readonly token: string | null,
  ) {
    this.authenticated = token === null;
    this.info = { id, remoteAddress: `${socket.remoteAddress ?? "?"}:${socket.remotePort ?? 0}` };
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => this.receive(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") this.log(`connection ${id}: socket error: ${error.message}`);
    });
  }

  private receive(chunk: Buffer): void {
    if (this.closed) return;
    try {
      for (const message of this.framer.push(chunk)) {
        this.handle(parseMessage(message));
        if (this.closed) return;
      }
    } catch (error) {
      this.abort(error instanceof ProtocolError ? error.message : `unexpected error: ${(error as Error).stack ?? String(error)}`);
    }
  }

  private abort(reason: string): void {
    this.log(`connection ${this.id} (${this.info.remoteAddress}): ${reason}; closing the connection`);
    this.closed = true;
    this.socket.destroy();
  }

  /**
   * The first message of a connection must be the driver's handshake carrying the engine's
   * token (sent by the driver from `appName` in the connection string). Anything else is refused
   * and the connection closed: only the app (and the tools it hands the URI to) get in.
   */
  private admit(request: Request): boolean {
    if (this.authenticated || request.kind === "unsupported") return true;
    const body = request.kind === "query" ? request.query : request.body;
    const command = Object.keys(body)[0] ?? "";
    if (HANDSHAKE_COMMANDS.has(command) && presentsToken(body, this.token!)) {
      this.authenticated = true;
      return true;
    }
    const error = new CommandError(
      "AuthenticationFailed",
      "Authentication failed: this engine admits only connections carrying its token as appName (the connection string in DATA_DIR/db/engine.uri, or the one npm run db:serve printed)",
    );
    const reply =
      request.kind === "query"
        ? encodeOpReply(request.header.requestId, { $err: error.message, ...error.toReply() }, REPLY_QUERY_FAILURE)
        : encodeOpMsg(request.header.requestId, error.toReply());
    this.log(`connection ${this.id} (${this.info.remoteAddress}): refused, no valid token in its handshake`);
    this.closed = true;
    this.socket.end(reply);
    return false;
  }

  private handle(request: Request): void {
    if (!this.admit(request)) return;
    switch (request.kind) {
      case "unsupported":
        throw new ProtocolError(`unsupported opcode ${request.header.opCode}`);
      case "query": {
        const { fullCollectionName, query, header } = request;
        if (!fullCollectionName.endsWith(".$cmd")) {
          const error = new CommandError(5739101, "OP_QUERY is only supported for commands (legacy find is not supported)");
          this.send(Promise.resolve(), () => encodeOpReply(header.requestId, { $err: error.message, ...error.toReply() }, REPLY_QUERY_FAILURE));
          return;
        }
        const execution = this.engine.execute(fullCollectionName.slice(0, -".$cmd".length), query, this.info);
        this.send(execution.durable, (failure) => encodeOpReply(header.requestId, failure ?? execution.reply));
        return;
      }
      case "msg": {
        const { body, header, moreToCome } = request;
        const dbName = body.$db;
        const execution =
          typeof dbName === "string"
            ? this.engine.execute(dbName, body, this.info)
            : { reply: new CommandError(40571, "OP_MSG requests require a $db argument").toReply(), durable: Promise.resolve() };
        if (moreToCome) {
          // Unacknowledged write (w: 0): the client does not read a reply.
          execution.durable.catch(() => undefined);
          return;
        }
        this.send(execution.durable, (failure) => encodeOpMsg(header.requestId, failure ?? execution.reply));
        return;
      }
    }
  }

  /**
   * Queues a reply. `encode` receives an error reply instead of the command's own when the
   * journal could not be fsynced: the write may not survive a crash, so it is not acknowledged.
   */
  private send(durable: Promise<void>, encode: (failure: Document | undefined) => Buffer): void {
    this.replies = this.replies
      .then(() => durable)
      .then(
        () => undefined,
        (error: Error) => new CommandError("InternalError", `write could not be made durable: ${error.message}`).toReply(),
      )
      .then((failure) => {
        if (this.closed) return;
        let bytes: Buffer;
        try {
          bytes = encode(failure);
        } catch (error) {
          this.log(`connection ${this.id}: could not encode reply: ${(error as Error).message}`);
          bytes = encode(new CommandError("InternalError", `could not encode reply: ${(error as Error).message}`).toReply());
        }
        this.socket.write(bytes);
      })
      .catch((error: Error) => this.abort(`reply failed: ${error.message}`));
  }
}
