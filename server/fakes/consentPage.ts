import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';

// Shared by the fake providers: the consent page people see in demo mode, its form, and random token values.

export function randomToken(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export interface ConsentPageInput {
  provider: string;
  /** Relative to the page, so the form stays on the same origin wherever the fake is mounted. */
  action: string;
  requests: readonly string[];
  /** Carried through the form unchanged; re-checked when the form comes back. */
  fields: Record<string, string>;
}

function decisionForm(action: string, fields: Record<string, string>, decision: 'allow' | 'deny', label: string, className: string) {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="decision" value="${decision}"><button type="submit" class="${className}">${label}</button></form>`;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f6f3;--card:#fff;--text:#1d2420;--muted:#4c5a52;--accent:#1d7a46;--line:#cfd8d2}
@media (prefers-color-scheme:dark){:root{--bg:#121614;--card:#1c221f;--text:#edf2ee;--muted:#b5c2ba;--accent:#3fbf73;--line:#34403a}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{width:100%;max-width:28rem;background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:1.75rem}
.tag{display:inline-block;font-size:.8rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--muted);margin:0 0 .5rem}
h1{font-size:1.4rem;line-height:1.3;margin:0 0 .75rem}
p{margin:0 0 1rem;color:var(--muted)}
ul{margin:0 0 1.5rem;padding-left:1.25rem}
li{margin:.25rem 0}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
.actions form{flex:1 1 8rem;margin:0}
button{width:100%;min-height:2.75rem;border-radius:999px;font:inherit;font-weight:600;cursor:pointer;padding:.6rem 1rem}
button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.allow{background:var(--accent);border:1px solid var(--accent);color:#fff}
@media (prefers-color-scheme:dark){.allow{color:#0b120e}}
.deny{background:transparent;border:1px solid var(--line);color:var(--text)}
.note{font-size:.85rem;margin:1.25rem 0 0}
`;

/** A plain, accessible consent page: a heading, what is asked for, and Allow / Deny as real form buttons. */
export function consentPage(input: ConsentPageInput): string {
  const provider = escapeHtml(input.provider);
  const items = input.requests.map((r) => `<li>${escapeHtml(r)}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${provider}: allow Mycelius (demo)?</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="tag">${provider} demo sign-in</p>
<h1>${provider}: allow Mycelius (demo) to use your account?</h1>
<p>Mycelius (demo) is asking to:</p>
<ul>${items}</ul>
<div class="actions">
${decisionForm(input.action, input.fields, 'deny', 'Deny', 'deny')}
${decisionForm(input.action, input.fields, 'allow', 'Allow', 'allow')}
</div>
<p class="note">This is a built-in demo provider with sample data. No real ${provider} account is used.</p>
</main>
</body>
</html>`;
}

/** A page for requests that must not be redirected anywhere (unknown client or redirect URI). */
export function errorPage(provider: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(provider)}: error</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(provider)}: this sign-in request cannot continue</h1><p>${escapeHtml(message)}</p></main></body>
</html>`;
}

/** The form fields as strings, or undefined when the body cannot be parsed (broken multipart, say). */
export async function formOf(c: Context): Promise<Record<string, string> | undefined> {
  let body: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    body = await c.req.parseBody();
  } catch {
    return undefined;
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}
