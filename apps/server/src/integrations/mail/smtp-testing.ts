import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * How the test SMTP server answers while it listens:
 * - `accept`: takes the message (250);
 * - `refuse`: turns every connection away at the greeting (421, try later);
 * - `defer`: reads the whole message, then answers 451 (try later);
 * - `drop`: reads the whole message, then closes the connection without answering (a lost reply);
 * - `reject`: refuses the recipient for good (550).
 */
export type SmtpBehaviour = 'accept' | 'refuse' | 'defer' | 'drop' | 'reject';

/** One message the server read to the end of DATA, whatever it answered. */
export interface DataAttempt {
  behaviour: SmtpBehaviour;
  to: string[];
  messageId: string | null;
  raw: string;
}

function smtpError(responseCode: number, message: string) {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * A real SMTP server on loopback for the outbox's tests. It can be stopped and started again on
 * the same port (a server that is down refuses connections), and records every DATA it reads.
 */
export async function startTestSmtp() {
  const state = {
    behaviour: 'accept' as SmtpBehaviour,
    dataAttempts: [] as DataAttempt[],
    connections: 0,
  };
  const sockets = new Set<Socket>();
  let server: SMTPServer | null = null;
  let port = 0;

  function createServer() {
    const created = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 500,
      onConnect(_session, callback) {
        state.connections += 1;
        if (state.behaviour === 'refuse') {
          return callback(smtpError(421, 'Service not available, try again later'));
        }
        callback();
      },
      onRcptTo(address, _session, callback) {
        if (state.behaviour === 'reject') {
          return callback(smtpError(550, `No such mailbox: ${address.address}`));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const { behaviour } = state;
          state.dataAttempts.push({
            behaviour,
            to: session.envelope.rcptTo.map((entry) => entry.address),
            messageId: /^Message-ID: (.+?)\r?$/im.exec(raw)?.[1] ?? null,
            raw,
          });
          if (behaviour === 'drop') {
            for (const socket of sockets) {
              if (socket.remotePort === session.remotePort) socket.destroy();
            }
            return;
          }
          if (behaviour === 'defer') {
            return callback(smtpError(451, 'Local error in processing, try again later'));
          }
          callback();
        });
      },
    });
    // A connection the test drops is reported as a socket error; it is what the test wants.
    created.on('error', () => undefined);
    created.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return created;
  }

  async function start() {
    if (server) return;
    const next = createServer();
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  }

  async function stop() {
    const current = server;
    if (!current) return;
    server = null;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    /** Messages the server accepted. */
    delivered: () => state.dataAttempts.filter((attempt) => attempt.behaviour === 'accept'),
    /** Listens again on the same port. */
    start,
    /** Stops listening: connections are refused until `start()`. */
    stop,
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;
