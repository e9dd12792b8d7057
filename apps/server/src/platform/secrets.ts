import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';

/** Encrypts secrets the portal must keep but never show (the service apps' credentials). */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const KEY_FILE = 'integration.key';

/**
 * The key comes from INTEGRATION_SECRET_KEY, or is generated into DATA_DIR the first time a
 * secret is sealed or opened (several instances must share the variable instead). Sealed
 * text is `v1.<iv>.<tag>.<ciphertext>`, AES-256-GCM, base64url.
 */
export function createSecretBox(config: Pick<Config, 'integrationKey' | 'dataDir'>): SecretBox {
  let key = config.integrationKey;
  const keyOf = (): Buffer => {
    if (key) return key;
    const file = join(resolve(config.dataDir), KEY_FILE);
    try {
      key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    } catch {
      mkdirSync(resolve(config.dataDir), { recursive: true });
      const fresh = randomBytes(32);
      // wx: two instances racing on the same directory keep the first key.
      try {
        writeFileSync(file, fresh.toString('base64'), { mode: 0o600, flag: 'wx' });
        key = fresh;
      } catch {
        key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
      }
    }
    return key;
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
