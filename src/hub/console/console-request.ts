import type { Request, Response } from 'express';
import type { Actor } from '../review/audit-trail.js';
import { csrfToken } from './auth/csrf.js';
import type { SafeHtml } from './ui/html.js';
import type { PageFrame } from './ui/layout.js';

export const send = (res: Response, page: SafeHtml, status = 200) => {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(page.value);
};

export const frameOf = (req: Request): Omit<PageFrame, 'title'> => {
  const flash = req.session.flash;
  if (flash) delete req.session.flash;
  return { user: req.session.user ?? null, csrfToken: csrfToken(req), flash };
};

export const actorOf = (req: Request): Actor => {
  const user = req.session.user as NonNullable<Request['session']['user']>;
  return { kind: 'user', id: user.id, email: user.email };
};
