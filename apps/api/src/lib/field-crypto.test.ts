import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './field-crypto';

describe('field encryption at rest', () => {
  it('seals so the plain text is not visible, and opens it again', () => {
    const cipher = createFieldCipher(randomBytes(32));
    const sealed = cipher.seal('Jane Citizen — chest pain');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('Jane');
    expect(cipher.open(sealed)).toBe('Jane Citizen — chest pain');
    expect(cipher.seal('same')).not.toBe(cipher.seal('same'));
  });

  it('opens values sealed with a previous key after rotation', () => {
    const oldKey = randomBytes(32);
    const sealedEarlier = createFieldCipher(oldKey).seal('history');
    const rotated = createFieldCipher(randomBytes(32), [oldKey]);
    expect(rotated.open(sealedEarlier)).toBe('history');
    expect(() => createFieldCipher(randomBytes(32)).open(sealedEarlier)).toThrow(/No data key/);
  });

  it('refuses a tampered value', () => {
    const cipher = createFieldCipher(randomBytes(32));
    const sealed = cipher.seal('note');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => cipher.open(tampered)).toThrow();
  });

  it('seals bytes (recorded audio) and opens them with a rotated keyring', () => {
    const oldKey = randomBytes(32);
    const audio = Buffer.from('RIFF....WAVEfmt patient audio');
    const sealed = createFieldCipher(oldKey).sealBytes(audio);
    expect(sealed.includes(Buffer.from('patient audio'))).toBe(false);
    expect(createFieldCipher(randomBytes(32), [oldKey]).openBytes(sealed)).toEqual(audio);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 1;
    expect(() => createFieldCipher(oldKey).openBytes(tampered)).toThrow();
  });
});
