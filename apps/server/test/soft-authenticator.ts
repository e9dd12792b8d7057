import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for the API tests: an EC P-256 key made with node:crypto,
 * authenticatorData and clientDataJSON built by hand, 'none' attestation in a small CBOR
 * encoder. Test helper only: the server verifies with @simplewebauthn/server.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');

export interface CeremonyOptions {
  /** What the browser would report: the page's origin. */
  origin?: string;
  /** The RP id the authenticator scopes the credential to (its hash is in authenticatorData). */
  rpId?: string;
  userVerified?: boolean;
}

const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private userHandle = '';
  counter = 0;
  private readonly defaults: { origin: string; rpId: string };

  constructor(defaults: { origin: string; rpId: string }) {
    this.defaults = defaults;
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  /** navigator.credentials.create(): the RegistrationResponseJSON for the options' challenge. */
  register(options: { challenge: string; user?: { id: string } }, ceremony: CeremonyOptions = {}) {
    const { origin = this.defaults.origin, rpId = this.defaults.rpId, userVerified = true } = ceremony;
    this.userHandle = options.user?.id ?? '';
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    const flags = FLAGS.up | FLAGS.at | FLAGS.be | FLAGS.bs | (userVerified ? FLAGS.uv : 0);
    const authData = this.authData(rpId, flags, attested);
    const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): an AuthenticationResponseJSON; the counter moves unless told. */
  assert(options: { challenge: string }, ceremony: CeremonyOptions & { counter?: number } = {}) {
    const { origin = this.defaults.origin, rpId = this.defaults.rpId, userVerified = true } = ceremony;
    this.counter = ceremony.counter ?? this.counter + 1;
    const authData = this.authData(rpId, FLAGS.up | FLAGS.be | FLAGS.bs | (userVerified ? FLAGS.uv : 0));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: this.userHandle,
      },
    };
  }
}
