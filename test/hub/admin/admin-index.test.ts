/** GET /admin answers a person: a small HTML index with the links that answer. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { hubStackForFile, type HubStack } from '../../support/hub-stack.js';

let stack: HubStack;
hubStackForFile((_harness, started) => {
  stack = started;
});

describe('GET /admin', () => {
  it('is an HTML index, without a token, whose links answer', async () => {
    for (const path of ['/admin', '/admin/']) {
      const res = await request(stack.app).get(path).set('accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<h1>convoqa admin API</h1>');
      expect(res.text).toContain('Authorization: Bearer &lt;ADMIN_TOKEN&gt;');
      expect(res.text).toContain('/admin/transcriptions');
    }
    const html = (await request(stack.app).get('/admin')).text;
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(links).toEqual(expect.arrayContaining(['/admin/openapi.json', '/admin/health', '/admin/ready']));
    for (const link of links) expect([200, 503], link).toContain((await request(stack.app).get(link)).status);
  });

  it('a JSON client gets where to look', async () => {
    const res = await request(stack.app).get('/admin').set('accept', 'application/json');
    expect(res.body).toEqual({ data: { openapi: '/admin/openapi.json', health: '/admin/health', docs: 'docs/admin-api.md' } });
  });
});
