import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Hl7Server, type Hl7MessageEvent } from '@medplum/hl7';
import { startOwnApp } from './own-app';

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
  const app = await startOwnApp('record', { RECORD_HL7_MLLP: `127.0.0.1:${mllpPort}` }, () =>
    mllp.stop({ forceDrainTimeoutMs: 0 }),
  );
  return { baseUrl: app.baseUrl, outboxDir: app.outboxDir, received, stop: app.stop };
}
