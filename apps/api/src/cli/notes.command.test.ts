import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { apiPackageRoot, repoRoot } from '../lib/paths';
import { main } from './main';
import { closeTemplateNames, runNotes, type CliIo } from './notes.command';

const transcriptFile = path.join(apiPackageRoot(), 'test', 'fixtures', 'notes', 'knee-visit.txt');

function capture(stdinText?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: (chunk: string) => out.push(chunk) },
    stderr: { write: (chunk: string) => err.push(chunk) },
  };
  if (stdinText !== undefined) io.stdin = Readable.from([stdinText]);
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

const run = (args: string[], stdinText?: string, env: NodeJS.ProcessEnv = {}) => {
  const c = capture(stdinText);
  return runNotes(args, c.io, env).then((code) => ({
    code,
    stdout: c.stdout(),
    stderr: c.stderr(),
  }));
};

describe('cli notes', () => {
  it('prints only the note on standard output', async () => {
    const r = await run(['--template', 'Clinic Visit Note', transcriptFile]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(
      /^CHIEF COMPLAINT\n\nLeft knee pain\.\n\nHISTORY OF PRESENT ILLNESS\n/,
    );
    expect(r.stdout).toMatch(/ASSESSMENT AND PLAN\n\n[\s\S]*\n$/);
  });

  it('finds templates by name in any case, or by id', async () => {
    const byName = await run(['-t', 'soap note', transcriptFile]);
    const byId = await run(['-t', '1', transcriptFile]);
    expect(byName.code).toBe(0);
    expect(byId.stdout).toBe(byName.stdout);
    expect(byId.stdout).toMatch(/^SUBJECTIVE\n/);
  });

  it('prints HTML with --html and sections with --json', async () => {
    const html = await run(['-t', 'SOAP Note', '--html', transcriptFile]);
    expect(html.stdout).toMatch(/^<h2>Subjective<\/h2><p>/);
    const json = await run(['-t', 'SOAP Note', '--json', transcriptFile]);
    const body = JSON.parse(json.stdout) as {
      template: { id: number };
      engine: string;
      sections: { title: string }[];
    };
    expect(body.template.id).toBe(1);
    expect(body.engine).toBe('builtin');
    expect(body.sections.map((s) => s.title)).toEqual([
      'Subjective',
      'Objective',
      'Assessment',
      'Plan',
    ]);
  });

  it('reads the transcript from standard input with -', async () => {
    const r = await run(
      ['-t', 'Clinic Visit Note', '-'],
      '[doctor] any chest pain?\n[patient] no.\n',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Denies chest pain/);
  });

  it('applies an instruction and reports what it cannot do on standard error', async () => {
    const r = await run([
      '-t',
      'SOAP Note',
      '--instruction',
      'bullet points, and rhyme it',
      transcriptFile,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^SUBJECTIVE\n\n• /);
    expect(r.stderr).toMatch(/^notice: This instruction is beyond the offline engine: "rhyme it"/);
  });

  it('rejects an unknown template with one line naming close ones', async () => {
    const r = await run(['-t', 'Clinic Vist Note', transcriptFile]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^clerkly notes: unknown template "Clinic Vist Note"; close names: "Clinic Visit Note", "[^"]+", "[^"]+"\n$/,
    );
    expect(closeTemplateNames('medical certificate')[0]).toMatch(/^Medical Certificate/);
  });

  it('fails with exit 2 and one line for a missing file, an empty transcript, or bad usage', async () => {
    const missing = await run(['-t', 'SOAP Note', '/nonexistent/consult.txt']);
    expect([missing.code, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toBe(
      'clerkly notes: cannot read transcript file "/nonexistent/consult.txt": no such file\n',
    );

    const dir = mkdtempSync(path.join(tmpdir(), 'clerkly-cli-'));
    const empty = path.join(dir, 'empty.txt');
    writeFileSync(empty, '  \n\n');
    const blank = await run(['-t', 'SOAP Note', empty]);
    expect([blank.code, blank.stderr]).toEqual([2, 'clerkly notes: the transcript is empty\n']);

    const noTemplate = await run([transcriptFile]);
    expect([noTemplate.code, noTemplate.stderr]).toEqual([
      2,
      'clerkly notes: missing --template "<name or id>"\n',
    ]);
    const noFile = await run(['-t', 'SOAP Note']);
    expect(noFile.code).toBe(2);
    const unknownFlag = await run(['-t', 'SOAP Note', '--colour', transcriptFile]);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr.trim().split('\n')).toHaveLength(1);
    const badId = await run(['-t', '999', transcriptFile]);
    expect(badId.stderr).toMatch(/no template with id 999/);
  });

  it('explains what the llm engine needs when it is not configured', async () => {
    const r = await run(['-t', 'SOAP Note', '--engine', 'llm', transcriptFile]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^clerkly notes: LLM_URL: required when NOTES_ENGINE=llm/);
  });

  it('reports an unreachable llm endpoint with exit 1', async () => {
    const r = await run(['-t', 'SOAP Note', transcriptFile], undefined, {
      NOTES_ENGINE: 'llm',
      LLM_URL: 'http://127.0.0.1:9/v1',
      ENGINE_TIMEOUT_MS: '2000',
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/could not be reached|did not answer/);
  });

  it('prints usage with --help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: npm run -s cli -- notes --template/);
  });
});

describe('cli main', () => {
  it('dispatches notes and rejects unknown commands', async () => {
    const ok = capture();
    expect(await main(['notes', '-t', 'SOAP Note', transcriptFile], ok.io)).toBe(0);
    expect(ok.stdout()).toMatch(/^SUBJECTIVE/);
    const bad = capture();
    expect(await main(['dance'], bad.io)).toBe(2);
    expect(bad.stderr()).toMatch(/^clerkly: unknown command "dance"/);
    const help = capture();
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.stdout()).toMatch(/notes --template/);
  });

  it('runs as a process: the note on stdout, nothing else', () => {
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(apiPackageRoot(), 'src', 'cli', 'main.ts'),
        'notes',
        '-t',
        'SOAP Note',
        transcriptFile,
      ],
      { cwd: repoRoot(), encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
    );
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^SUBJECTIVE\n\n[\s\S]*PLAN\n\n[\s\S]+\n$/);
  });
});
