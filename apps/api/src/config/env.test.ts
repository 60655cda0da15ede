import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('environment validation at boot', () => {
  it('runs with no configuration at all on the embedded defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      STT_ENGINE: 'sphinx',
      NOTES_ENGINE: 'builtin',
      RATE_LIMIT: 'on',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('names each bad variable in one clear message', () => {
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL must start with postgres:// or postgresql://');
      expect(message).toContain('SMTP_URL must start with smtp:// or smtps://');
    }
  });

  it('refuses a cloud engine without its key instead of silently falling back', () => {
    expect(() => parseEnv({ STT_ENGINE: 'deepgram' })).toThrow(/DEEPGRAM_API_KEY/);
    expect(() => parseEnv({ NOTES_ENGINE: 'llm' })).toThrow(/LLM_URL/);
    expect(() => parseEnv({ STT_ENGINE: 'openai' })).toThrow(/STT_URL/);
  });

  it('keeps billing off and limits on by default; a Stripe key needs its webhook secret', () => {
    const defaults = parseEnv({});
    expect(defaults.STRIPE_SECRET_KEY).toBeUndefined();
    expect(defaults.USAGE_LIMITS).toBe('on');
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_test_abc123' })).toThrow('STRIPE_SECRET_KEY');
    const billing = parseEnv({
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      USAGE_LIMITS: 'off',
    });
    expect(billing).toMatchObject({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123', USAGE_LIMITS: 'off' });
  });
});
