// A session's device as a person recognises it, from the User-Agent at log-in: 'Chrome on Android',
// 'Safari on iPhone'. Only this short name is stored, never the header. Order matters: Edge, Opera and
// Samsung Internet also say 'Chrome', Chrome also says 'Safari', Android also says 'Linux'.

/** The name of a session whose browser could not be told (or that began before names were kept). */
export const UNKNOWN_DEVICE = 'Unknown device';
/** Headers longer than any real browser's are read only this far. */
const READ_AT_MOST = 512;

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(table: readonly [RegExp, string][], text: string): string | undefined {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

export function deviceName(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, READ_AT_MOST);
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
