import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts integration secrets at rest (AES-256-GCM). The key is derived from the token secret, so a stolen database
 * alone does not give away a platform's ERP or Salesforce credentials. Changing TOKEN_SECRET makes stored secrets
 * unreadable: an administrator then enters them again (`open` answers null, and the connection reports it).
 */
export type TSecretBox = { seal(plain: string): string; open(sealed: string): string | null };

export function createSecretBox(tokenSecret: Uint8Array): TSecretBox {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, Buffer.alloc(0), 'open-cpq integration secrets', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
