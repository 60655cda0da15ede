/**
 * `npm run bench:upload [-- --minutes 60]` (issue 9 "Memory"): how much the server's resident
 * memory grows while it receives a 60-minute recording through the seed's one-request upload and
 * cuts it into segments. The recording streams to disk and is decoded as a stream, so the growth
 * should stay within 64 MiB whatever the length. Not a timed test: it prints the figures.
 *
 * Speech: espeak-ng renderings of ACI-BENCH dialogues (../shared/data/speech; CC BY 4.0).
 */
import {
  closeSync,
  mkdtempSync,
  openSync,
  openAsBlob,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PATHS } from '@clerkly/contracts';
import { readWavHeader } from '../src/engines/audio/wav';
import { readSpeechManifest } from '../src/engines/stt/speech-corpora';
import { call, deploymentEnv, signUp, startServer } from '../test/processes/harness';
import { benchDataDir, newBenchSession } from './bench-support';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '60' } } });
const minutes = Number(values.minutes);
const MiB = 1024 * 1024;

/** A WAV of `minutes` written to disk piece by piece (the bench itself stays small too). */
async function writeRecording(file: string): Promise<number> {
  const dataDir = benchDataDir();
  const clips = (await readSpeechManifest(path.join(dataDir, 'speech', 'manifest.jsonl'))).map(
    (clip) => {
      const bytes = readFileSync(clip.file);
      const header = readWavHeader(bytes);
      return bytes.subarray(header.dataOffset, header.dataOffset + header.dataBytes);
    },
  );
  const dataBytes = Math.round(minutes * 60 * 16_000) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  const fd = openSync(file, 'w');
  writeSync(fd, header);
  let written = 0;
  for (let i = 0; written < dataBytes; i += 1) {
    const clip = clips[i % clips.length]!;
    const piece = clip.subarray(0, Math.min(clip.length, dataBytes - written));
    writeSync(fd, piece);
    written += piece.length;
  }
  closeSync(fd);
  return 44 + dataBytes;
}

const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

async function main() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-bench-upload-'));
  const dataDir = path.join(workDir, 'data');
  const recording = path.join(workDir, 'recording.wav');
  const bytes = await writeRecording(recording);
  const server = await startServer(
    'all',
    deploymentEnv(dataDir, { LOG_LEVEL: 'error', UPLOAD_LIMIT_BYTES: String(bytes + MiB) }),
  );
  const pid = server.child.pid!;
  try {
    const user = await signUp(server, server.url, path.join(dataDir, 'outbox'));
    const sessionId = await newBenchSession(server, user);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);

    const form = new FormData();
    form.append('selectedTemplateIds', '[1]');
    form.append('sessionId', String(sessionId));
    form.append('audio', await openAsBlob(recording, { type: 'audio/wav' }), 'recording.wav');
    // The request waits for the notes; the bench stops once every segment is stored (the memory
    // question is about receiving and cutting, not the hour of recognition that follows).
    const controller = new AbortController();
    const request = fetch(`${server.url}${API_PATHS.upload}`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin: user.origin },
      body: form,
      signal: controller.signal,
    }).catch(() => null);
    const began = Date.now();
    let stored = 0;
    let storedSeconds = 0;
    while (storedSeconds < minutes * 60 - 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const transcript = (await (
        await call(server, user, 'GET', API_PATHS.sessionTranscript(sessionId))
      ).json()) as { segments: { durationSeconds: number }[] };
      stored = transcript.segments.length;
      storedSeconds = transcript.segments.reduce((sum, s) => sum + s.durationSeconds, 0);
      if (Date.now() - began > 30 * 60_000) throw new Error('upload did not finish in 30 min');
    }
    clearInterval(sampler);
    controller.abort();
    await request;
    console.log(
      `bench:upload — ${minutes} min recording (${(bytes / MiB).toFixed(0)} MiB) via ${API_PATHS.upload}`,
    );
    console.log(
      `server RSS: ${(baseline / MiB).toFixed(0)} MiB before, peak ${(peak / MiB).toFixed(0)} MiB ` +
        `while receiving and cutting (${stored} segments stored in ${((Date.now() - began) / 1000).toFixed(0)} s)`,
    );
    console.log(`growth: ${((peak - baseline) / MiB).toFixed(1)} MiB (target ≤ 64 MiB)`);
  } finally {
    await server.kill('SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
