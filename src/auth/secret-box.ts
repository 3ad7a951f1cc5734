import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Keeps secrets the service must be able to use again (webhook signing keys), encrypted with
 * a key derived from the service's own secret (RENTAL_SECRET): a copy of the database alone
 * does not give them away. AES-256-GCM, a fresh nonce per secret.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serviceSecret: Uint8Array, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serviceSecret, Buffer.alloc(0), `rental-catalogue ${purpose}`, 32));
  }

  seal(secret: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, nonce, tag, data] = sealed.split('.');
    if (version !== VERSION || !nonce || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
