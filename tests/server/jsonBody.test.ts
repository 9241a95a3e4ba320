import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonBodyValidator } from '../../server/lib/validate';

// The one validation middleware for JSON bodies: the handler runs only with a checked body, and a
// refused one is answered by the group's own refusal.

function appWith() {
  const seen: unknown[] = [];
  const body = jsonBodyValidator((c, problem) =>
    c.json({ refused: problem.kind, at: problem.kind === 'invalid' ? problem.error.issues[0]?.path.join('.') : null }, 400),
  );
  const app = new Hono();
  app.post('/names', body(z.object({ name: z.string().trim().min(1) })), (c) => {
    seen.push(c.req.valid('json'));
    return c.json({ ok: true });
  });
  const post = (text: string) => app.request('/names', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
  return { seen, post };
}

describe('jsonBodyValidator', () => {
  it('hands the handler the body as the schema parsed it', async () => {
    const { seen, post } = appWith();
    expect((await post('{"name":"  Ada  ","extra":1}')).status).toBe(200);
    expect(seen).toEqual([{ name: 'Ada' }]);
  });

  it('answers a body that is no JSON, or JSON of the wrong shape, with the refusal, and never runs the handler', async () => {
    const { seen, post } = appWith();
    const notJson = await post('{"name":');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ refused: 'notJson', at: null });
    const empty = await post('');
    expect(await empty.json()).toEqual({ refused: 'notJson', at: null });
    const wrong = await post('{"name":"   "}');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ refused: 'invalid', at: 'name' });
    expect(seen).toEqual([]);
  });
});
