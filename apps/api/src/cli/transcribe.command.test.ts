import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startReplayServer,
  unusedPort,
  type ReplayServer,
} from '../../test/fixtures/stt/replay-server';
import { scratchDir, type ScratchDir } from '../../test/fixtures/stt/test-audio';
import { readLibrivoxClips, type ReferenceClip } from '../engines/stt/speech-corpora';
import { wer } from '../engines/stt/wer';
import { runTranscribe } from './transcribe.command';

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runTranscribe(
    args,
    {
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: { write: (chunk: string) => (stderr += chunk) },
    },
    env,
  );
  return { code, stdout, stderr };
}

let clip: ReferenceClip;
let scratch: ScratchDir;
beforeAll(async () => {
  const clips = await readLibrivoxClips();
  const found = clips.find((item) => item.id.endsWith('0920'));
  if (!found) throw new Error('pocketsphinx-testdata is not installed');
  clip = found;
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.remove();
});

describe('clerkly transcribe', () => {
  it(
    'prints only the transcript of a recording (offline engine by default)',
    { timeout: 120_000 },
    async () => {
      // Read prose (LibriVox) is the general English model's domain; the default consultation
      // model (issue 15) is measured on consultations by bench:stt.
      const { code, stdout, stderr } = await run([clip.file], { SPHINX_MODEL: 'general' });
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(stdout.endsWith('\n')).toBe(true);
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(wer(clip.reference, stdout).wer).toBeLessThan(0.4);
    },
  );

  it(
    'logs progress to standard error only when asked, with figures and no transcript',
    { timeout: 120_000 },
    async () => {
      const { code, stdout, stderr } = await run(['--verbose', clip.file]);
      expect(code).toBe(0);
      const logs = stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logs.some((entry) => typeof entry.realTimeFactor === 'number')).toBe(true);
      for (const word of stdout
        .trim()
        .split(' ')
        .filter((w) => w.length > 6)) {
        expect(stderr).not.toContain(word);
      }
    },
  );

  it('uses the engine named by --engine (here an OpenAI-compatible server)', async () => {
    let server: ReplayServer | null = null;
    try {
      server = await startReplayServer([{ status: 200, fixture: 'openai-verbose-json.json' }]);
      const { code, stdout } = await run(['--engine', 'openai', clip.file], {
        STT_URL: server.url,
      });
      expect(code).toBe(0);
      expect(stdout).toBe(
        "Hi, Mrs. Smith. What brings you in today? I've had a headache for three days, mostly on the left side. Any nausea?\n",
      );
      expect(server.requests).toHaveLength(1);
    } finally {
      await server?.close();
    }
  });

  it('prints words with timings as JSON with --json', async () => {
    let server: ReplayServer | null = null;
    try {
      server = await startReplayServer([{ status: 200, fixture: 'openai-verbose-json.json' }]);
      const { code, stdout } = await run(['--json', clip.file], {
        STT_ENGINE: 'openai',
        STT_URL: server.url,
      });
      expect(code).toBe(0);
      const transcript = JSON.parse(stdout) as { engine: string; words: unknown[] };
      expect(transcript.engine).toBe('openai');
      expect(transcript.words).toHaveLength(22);
    } finally {
      await server?.close();
    }
  });

  it.each([
    [
      ['--engine', 'whisperx', '/tmp/x.wav'],
      /unknown engine "whisperx" \(choose sphinx, deepgram, openai\)/,
    ],
    [[], /missing the audio file/],
    [['/nonexistent/consultation.wav'], /cannot read "\/nonexistent\/consultation.wav"/],
    [['--engine', 'deepgram', '/tmp/x.wav'], /DEEPGRAM_API_KEY: required when STT_ENGINE=deepgram/],
    [['--speed', 'fast', '/tmp/x.wav'], /Unknown option '--speed'/],
  ])('exits 2 with a one-line reason for %j', async (args, reason) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^clerkly transcribe: /);
    expect(stderr).toMatch(reason);
  });

  it('exits 2 for a file that is not audio, and for an empty one', async () => {
    const notes = scratch.file('notes.txt');
    await writeFile(notes, 'Patient reports a headache for three days.\n');
    const text = await run([notes]);
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/not a supported audio recording/);

    const empty = scratch.file('empty.wav');
    await writeFile(empty, '');
    const none = await run([empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('clerkly transcribe: The audio file is empty.\n');
  });

  it('exits 1 when the engine cannot be reached', async () => {
    const port = await unusedPort();
    const { code, stderr } = await run(['--engine', 'openai', clip.file], {
      STT_URL: `http://127.0.0.1:${port}`,
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `clerkly transcribe: Cannot reach the OpenAI-compatible speech-to-text service at 127.0.0.1:${port} (connection refused).\n`,
    );
  });
});
