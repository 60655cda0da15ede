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

  it('names the record system as a FHIR URL or an MLLP host:port, one of them (issue 28)', () => {
    expect(parseEnv({}).RECORD_FHIR_URL).toBeUndefined();
    expect(() => parseEnv({ RECORD_FHIR_URL: 'ehr.clinic' })).toThrow(
      'RECORD_FHIR_URL must be an absolute URL',
    );
    expect(() => parseEnv({ RECORD_HL7_MLLP: 'ehr.clinic' })).toThrow(
      'RECORD_HL7_MLLP must be host:port',
    );
    expect(() => parseEnv({ RECORD_HL7_MLLP: 'ehr.clinic:70000' })).toThrow(
      'the port must be between 1 and 65535',
    );
    expect(() => parseEnv({ RECORD_FHIR_TOKEN: 'secret' })).toThrow(
      'RECORD_FHIR_TOKEN: needs RECORD_FHIR_URL',
    );
    expect(() =>
      parseEnv({ RECORD_FHIR_URL: 'https://ehr.clinic/fhir', RECORD_HL7_MLLP: 'ehr.clinic:2575' }),
    ).toThrow('set either RECORD_FHIR_URL or RECORD_HL7_MLLP, not both');
    expect(parseEnv({ RECORD_HL7_MLLP: 'ehr.clinic:2575' }).RECORD_HL7_MLLP).toBe(
      'ehr.clinic:2575',
    );
  });
});
