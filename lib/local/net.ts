import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that is free right now: `preferred` when it can be bound (so a
 * restart keeps the endpoints it had), else one the OS picks. Used for DynamoDB Local, whose
 * JVM must be told its port up front.
 */
export function freePort(preferred = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (preferred !== 0 && error.code === 'EADDRINUSE') resolve(freePort(0));
      else reject(error);
    });
    probe.listen(preferred, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : preferred;
      probe.close(() => resolve(port));
    });
  });
}

/** Port a listening server is bound to. @throws Error when it is not listening. */
export function portOf(server: Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server is not listening');
  return address.port;
}

/**
 * Listens on 127.0.0.1:`port` (0 = any free port), falling back to a free port when `port` is
 * taken and `fallback` is true. @returns the bound port.
 */
export function listen(server: Server, port: number, fallback = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (fallback && port !== 0 && error.code === 'EADDRINUSE') resolve(listen(server, 0));
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(portOf(server));
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

/** Stops a server, closing idle and active keep-alive sockets so close() cannot hang. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A plain node:http server (re-exported so modules share one import of the factory). */
export const newHttpServer = createServer;
