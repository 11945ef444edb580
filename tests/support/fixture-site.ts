import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

import type { Connector, Resolver } from "~/services/research/safe-fetch.server";

/**
 * Local web sites for research tests: an HTTP server on 127.0.0.1 and a random port, serving the
 * pages a test gives it. Nothing here ever talks to another address.
 */
export type FixtureHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface FixtureSite {
  origin: string;
  /** '127.0.0.1:<port>', the form RESEARCH_ALLOWED_HOSTS takes. */
  host: string;
  port: number;
  /** Every request received: method, path and Host header. */
  requests: Array<{ path: string; host: string | undefined }>;
  close(): Promise<void>;
}

/** `port`: a fixed port (a browser test's server is told it beforehand); a free one otherwise. */
export async function startFixtureSite(pages: Record<string, FixtureHandler>, { port: fixedPort = 0 }: { port?: number } = {}): Promise<FixtureSite> {
  const requests: FixtureSite["requests"] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://fixture").pathname;
    requests.push({ path, host: request.headers.host });
    const handler = pages[path];
    if (!handler) {
      response.writeHead(404, { "Content-Type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    handler(request, response);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(fixedPort, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function html(body: string, status = 200): FixtureHandler {
  return (_request, response) => {
    response.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(body);
  };
}

export function redirect(location: string, status = 302): FixtureHandler {
  return (_request, response) => {
    response.writeHead(status, { Location: location }).end();
  };
}

/** Never answers: the request stays open until the site closes. */
export const hang: FixtureHandler = () => {};

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** True only for 127.0.0.0/8 and ::1: the only addresses a test may ever connect to. */
export function isLoopback(address: string) {
  return LOOPBACK_V4.test(address) || address === "::1";
}

/**
 * The connect function tests hand to the safe fetch: it records every target and opens a real
 * socket only to a loopback address. Anything else throws at once (and `refused` lists it), so
 * even a broken guard can never reach another machine.
 */
export function loopbackOnlyConnector() {
  const calls: Array<{ address: string; port: number; servername: string }> = [];
  const refused: string[] = [];
  const connect: Connector = (target) => {
    calls.push({ address: target.address, port: target.port, servername: target.servername });
    if (!isLoopback(target.address) || target.tls) {
      refused.push(target.address);
      throw new Error(`test guard: refused to connect to ${target.address}:${target.port}`);
    }
    return net.connect({ host: target.address, port: target.port });
  };
  return { connect, calls, refused };
}

/** A resolver from a fixed table; an unknown name fails as DNS would, without asking DNS. */
export function tableResolver(table: Record<string, string[]>) {
  const lookups: string[] = [];
  const resolve: Resolver = async (hostname) => {
    lookups.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses;
  };
  return { resolve, lookups };
}
