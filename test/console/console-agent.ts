import type { WebApp } from '../../src/app.js';
import request from 'supertest';
import { expect } from 'vitest';

/** A supertest agent signed in to the console as `login` (its session cookie kept between requests). */
export async function signedInAgent(app: WebApp, login: { email: string; password: string }) {
  const agent = request.agent(app);
  const page = await agent.get('/console/sign-in');
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  expect(
    (
      await agent
        .post('/console/sign-in')
        .type('form')
        .send({ _csrf: token, email: login.email, password: login.password, next: '/console' })
    ).status,
  ).toBe(303);
  return agent;
}
