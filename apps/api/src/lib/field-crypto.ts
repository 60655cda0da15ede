import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for patient-identifying text at rest (patient name, transcript, note content). Each value carries the id of the key that sealed it, so keys can rotate:
 * new values use the current key, old ones still open with a previous key.
 *
 * Format: `enc:v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts).
 */
export interface FieldCipher {
  readonly keyId: string;
  seal(plain: string): string;
  open(sealed: string): string;
  /** The same for bytes (recorded audio): `keyId(12) iv(12) tag(16) ciphertext`. */
  sealBytes(plain: Uint8Array): Buffer;
  openBytes(sealed: Uint8Array): Buffer;
}

const PREFIX = 'enc:v1:';
const KEY_ID_LENGTH = 12;

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

export function createFieldCipher(current: Buffer, previous: Buffer[] = []): FieldCipher {
  for (const key of [current, ...previous]) {
    if (key.length !== 32) throw new Error('Data keys must be 32 bytes (256 bits)');
  }
  const keyring = new Map([current, ...previous].map((key) => [keyIdOf(key), key]));
  const keyId = keyIdOf(current);
  return {
    keyId,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${keyId}:${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('Value is not sealed');
      const [id, iv, tag, body] = sealed.slice(PREFIX.length).split(':');
      const key = id ? keyring.get(id) : undefined;
      if (!key || iv === undefined || tag === undefined || body === undefined) {
        throw new Error(`No data key with id ${id ?? '?'} to open this value`);
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    sealBytes(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.from(keyId, 'latin1'), iv, cipher.getAuthTag(), body]);
    },
    openBytes(sealed) {
      const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      const id = bytes.subarray(0, KEY_ID_LENGTH).toString('latin1');
      const key = keyring.get(id);
      if (!key || bytes.length < KEY_ID_LENGTH + 28) {
        throw new Error(`No data key with id ${id} to open this value`);
      }
      const iv = bytes.subarray(KEY_ID_LENGTH, KEY_ID_LENGTH + 12);
      const tag = bytes.subarray(KEY_ID_LENGTH + 12, KEY_ID_LENGTH + 28);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(bytes.subarray(KEY_ID_LENGTH + 28)), decipher.final()]);
    },
  };
}
