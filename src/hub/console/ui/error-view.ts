import { html, type SafeHtml } from './html.js';
import { layout, type PageFrame } from './layout.js';

export function errorPage(frame: Omit<PageFrame, 'title'>, status: number, message: string): SafeHtml {
  const title =
    status === 404
      ? 'Not found'
      : status === 403
        ? 'Not allowed'
        : status === 401
          ? 'Signed out'
          : status >= 500
            ? 'Something went wrong'
            : 'Request refused';
  return layout(
    { ...frame, title },
    html`<h1>${title}</h1><p class="flash error" role="alert">${message}</p><p><a href="/console">Back to the review queue</a></p>`,
  );
}
