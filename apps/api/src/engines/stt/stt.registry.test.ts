import { describe, expect, it } from 'vitest';
import { buildEngineConfig } from '../../config/config';
import { parseEnv } from '../../config/env';
import { createSpeechToText } from './stt.registry';

const engineFor = (env: Record<string, string>) =>
  createSpeechToText(buildEngineConfig(parseEnv(env)));

describe('createSpeechToText', () => {
  it('runs the offline engine when nothing is configured, and says why', async () => {
    const engine = await engineFor({});
    expect(engine.kind).toBe('sphinx');
    expect(engine.describe()).toMatch(/embedded default, active because STT_ENGINE is unset/);
    await expect(engine.check()).resolves.toBeUndefined();
  });

  it('builds Deepgram from its key, and never prints the key', async () => {
    const engine = await engineFor({ STT_ENGINE: 'deepgram', DEEPGRAM_API_KEY: 'dg-secret-123' });
    expect(engine.kind).toBe('deepgram');
    expect(engine.describe()).toMatch(/nova-3-medical/);
    expect(engine.describe()).toMatch(/https:\/\/api\.deepgram\.com/);
    expect(engine.describe()).not.toContain('dg-secret-123');
  });

  it('builds an OpenAI-compatible engine from STT_URL and STT_MODEL, and never prints the key', async () => {
    const engine = await engineFor({
      STT_ENGINE: 'openai',
      STT_URL: 'http://whisper.local:8000',
      STT_MODEL: 'Systran/faster-whisper-small',
      STT_API_KEY: 'sk-secret-456',
    });
    expect(engine.kind).toBe('openai');
    expect(engine.describe()).toContain('http://whisper.local:8000/v1/audio/transcriptions');
    expect(engine.describe()).toContain('Systran/faster-whisper-small');
    expect(engine.describe()).toContain('API key set');
    expect(engine.describe()).not.toContain('sk-secret-456');
  });

  it('never falls back to another engine when a cloud engine lacks its key: boot fails instead', () => {
    expect(() => engineFor({ STT_ENGINE: 'deepgram' })).toThrow(/DEEPGRAM_API_KEY/);
    expect(() => engineFor({ STT_ENGINE: 'openai' })).toThrow(/STT_URL/);
  });
});
