// docs/product.md: a Steam id (SteamID64) is exactly 17 digits. The one rule for the browser's
// parsing and storage and for the server's routes.

export const STEAM_ID_PATTERN = /^\d{17}$/;

export function isSteamId(text: string): boolean {
  return STEAM_ID_PATTERN.test(text);
}
