import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Hl7Server, type Hl7MessageEvent } from '@medplum/hl7';
import { startAppProcess, type AppProcess } from './app-process';
import { ownAppPlace } from './server';

export interface RecordApp {
  baseUrl: string;
  outboxDir: string;
  /** The MDM^T02 messages the clinic's record system received, as text. */
  received: string[];
  stop(): Promise<void>;
}

/**
 * A third app, built like the main one, whose clinic record system is an HL7 v2 MLLP listener
 * run by the test (`@medplum/hl7`'s Hl7Server): it parses each message and acknowledges it (AA),
 * so the browser sees a real "Send to record" end to end (issue 28).
 */
export async function startRecordApp(): Promise<RecordApp> {
  const received: string[] = [];
  const mllp = new Hl7Server((connection) => {
    connection.addEventListener('message', ({ message }: Hl7MessageEvent) => {
      received.push(message.toString());
      connection.send(message.buildAck({ ackCode: 'AA' }));
    });
  });
  mllp.start(0);
  await once(mllp.server!, 'listening');
  const { port: mllpPort } = mllp.server!.address() as AddressInfo;
  const { port, dataDir } = ownAppPlace('record');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-keys`, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let app: AppProcess;
  try {
    app = await startAppProcess({
      port,
      dataDir,
      env: { RECORD_HL7_MLLP: `127.0.0.1:${mllpPort}` },
    });
  } catch (error) {
    await mllp.stop({ forceDrainTimeoutMs: 0 });
    throw error;
  }
  return {
    baseUrl: app.baseUrl,
    outboxDir: path.join(dataDir, 'outbox'),
    received,
    stop: async () => {
      await app.kill('SIGTERM');
      await mllp.stop({ forceDrainTimeoutMs: 0 });
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-keys`, { recursive: true, force: true });
    },
  };
}
