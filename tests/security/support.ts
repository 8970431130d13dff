// Helpers for the issue 7 security suites: a real listening app and raw HTTP over a socket.
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { assessments } from '../../src/server/db/schema';
import type { TestApp } from '../helpers/app';

export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

export async function countAssessments(t: TestApp): Promise<number> {
  return t.database.db.$count(assessments);
}

/** Opens a socket; `closed` resolves with what the server sent and when it closed, in ms. */
export function rawSocket(port: number): { socket: Socket; closed: Promise<{ received: string; afterMs: number }> } {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<{ received: string; afterMs: number }>((resolve) => socket.on('close', () => resolve({ received, afterMs: Date.now() - started })));
  return { socket, closed };
}

/** Resolves with the value, or with 'still open' after ms. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> {
  return Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);
}
