import { PasskeyNotUsed, passkeyTexts } from '../../domain/passkeys';

// The browser's side of WebAuthn through @simplewebauthn/browser, loaded only when a person presses
// 'Sign in with a passkey' or 'Add a passkey' (dynamic import): the screens that offer them pay nothing
// for it until then. Whatever the browser refuses with (cancelled, timed out, no passkey) becomes
// PasskeyNotUsed with the words a person sees.

type Options = Record<string, unknown>;

async function browserLibrary() {
  const library = await import('@simplewebauthn/browser');
  if (!library.browserSupportsWebAuthn()) throw new PasskeyNotUsed(passkeyTexts.unsupported);
  return library;
}

/** Asks the authenticator for one of its passkeys for this site (no name: discoverable credentials). */
export async function askForPasskey(options: Options): Promise<unknown> {
  const { startAuthentication } = await browserLibrary();
  return startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] }).catch(() => {
    throw new PasskeyNotUsed(passkeyTexts.cancelled);
  });
}

/** Asks the authenticator to create a passkey for the member the options name. */
export async function createPasskey(options: Options): Promise<unknown> {
  const { startRegistration } = await browserLibrary();
  return startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] }).catch(() => {
    throw new PasskeyNotUsed(passkeyTexts.cancelled);
  });
}
