import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// A WebAuthn authenticator made of node:crypto, for server tests: an ES256 key pair, 'none' attestation,
// and assertions signed over authenticatorData || sha256(clientDataJSON), as the WebAuthn spec lays them
// out. Its answers are the JSON a browser's navigator.credentials hands to the page.

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  return [(major << 5) | 25, n >> 8, n & 0xff];
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return Buffer.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([Buffer.from(head(3, bytes.length)), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([Buffer.from(head(2, value.length)), value]);
  const parts: Buffer[] = [Buffer.from(head(5, value.size))];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function counterBytes(count: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(count);
  return bytes;
}

export interface Assertion {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
  clientExtensionResults: object;
}

export interface FakeAuthenticator {
  credentialId: string;
  /** The answer to registration options (the `options` JSON the server sent). */
  register(options: { challenge: string; user: { id: string } }, origin: string, counter?: number): object;
  /** The answer to sign-in options, signed with this counter. */
  assert(options: { challenge: string }, origin: string, counter: number, userHandle?: string): Assertion;
}

export function fakeAuthenticator(rpId: string): FakeAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credential = randomBytes(16);
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
  let registeredUser = '';
  const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64(credential),
    register(options, origin, counter = 0) {
      registeredUser = options.user.id;
      const credentialLength = Buffer.alloc(2);
      credentialLength.writeUInt16BE(credential.length);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV | AT]), counterBytes(counter), Buffer.alloc(16), credentialLength, credential, coseKey]);
      const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
      return {
        id: b64(credential),
        rawId: b64(credential),
        type: 'public-key',
        response: { clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)), attestationObject: b64(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },
    assert(options, origin, counter, userHandle = registeredUser) {
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV]), counterBytes(counter)]);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64(credential),
        rawId: b64(credential),
        type: 'public-key' as const,
        response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle },
        clientExtensionResults: {},
      };
    },
  };
}
