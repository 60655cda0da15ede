import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-connection';

const opened: PgliteThread[] = [];
const folders: string[] = [];

function openThread(dataDir: string | null = null): PgliteThread {
  const thread = new PgliteThread({ dataDir, templateFile: '/nonexistent' });
  opened.push(thread);
  return thread;
}

async function connect(thread: PgliteThread): Promise<pg.Client> {
  const client = new pg.Client({ stream: () => thread.stream(), user: 'postgres' });
  await client.connect();
  return client;
}

function scratchFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'clerkly-pglite-thread-'));
  folders.push(folder);
  return folder;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((thread) => thread.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded database in its own thread', () => {
  it('answers node-postgres, and a 1 MB value goes in and comes back whole', async () => {
    const client = await connect(openThread());
    await client.query('create table notes (body text)');
    const body = 'Sore throat for three days. '.repeat(40_000);
    await client.query('insert into notes (body) values ($1)', [body]);
    const { rows } = await client.query<{ body: string }>('select body from notes');
    expect(rows).toEqual([{ body }]);
    await client.end();
  });

  it('reports a failed statement to its caller and the connection goes on', async () => {
    const client = await connect(openThread());
    await expect(client.query('select * from no_such_table')).rejects.toMatchObject({
      code: '42P01',
    });
    const { rows } = await client.query<{ answer: number }>('select 1 as answer');
    expect(rows).toEqual([{ answer: 1 }]);
    await client.end();
  });

  it('rolls back the transaction of a connection that goes away, as PostgreSQL does', async () => {
    const thread = openThread();
    const first = await connect(thread);
    await first.query('create table saves (id int)');
    await first.query('begin');
    await first.query('insert into saves values (1)');
    await first.end();

    const second = await connect(thread);
    const { rows } = await second.query<{ count: string }>('select count(*) from saves');
    expect(rows).toEqual([{ count: '0' }]);
    await second.end();
  });

  it('gives a new connection none of the last one’s prepared statements or settings', async () => {
    const thread = openThread();
    const first = await connect(thread);
    const named = { name: 'read-one', text: 'select $1::int as one', values: [1] };
    await first.query(named);
    await first.query(`set application_name = 'first'`);
    await first.end();

    const second = await connect(thread);
    await expect(second.query(named)).resolves.toMatchObject({ rows: [{ one: 1 }] });
    const { rows } = await second.query<{ application_name: string }>('show application_name');
    expect(rows[0]?.application_name).not.toBe('first');
    await second.end();
  });

  it('keeps what was written in its data folder when closed and opened again', async () => {
    const folder = scratchFolder();
    const before = openThread(folder);
    const writer = await connect(before);
    await writer.query('create table kept (v text)');
    await writer.query(`insert into kept values ('still here')`);
    await writer.end();
    await before.close();

    const reader = await connect(openThread(folder));
    const { rows } = await reader.query<{ v: string }>('select v from kept');
    expect(rows).toEqual([{ v: 'still here' }]);
    await reader.end();
  });

  it('fails a query at once, not never, once its thread has stopped', async () => {
    const thread = openThread();
    const client = await connect(thread);
    // As the app's pool does: a connection's end is an event, not a crash.
    client.on('error', () => undefined);
    await thread.close();
    await expect(client.query('select 1')).rejects.toThrow();
    await expect(connect(thread)).rejects.toThrow(/the embedded database thread has stopped/);
  });

  it('says the database did not open when its folder cannot hold one', async () => {
    const notAFolder = path.join(scratchFolder(), 'a-file');
    writeFileSync(notAFolder, 'not a database');
    await expect(connect(openThread(notAFolder))).rejects.toThrow(
      /the embedded database (did not open|thread has stopped)/,
    );
  });
});
