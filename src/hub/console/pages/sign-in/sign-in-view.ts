import { html, type SafeHtml } from '../../ui/html.js';
import { layout } from '../../ui/layout.js';
import { postForm } from '../../ui/post-form.js';

export function signInPage(input: { csrfToken: string; next: string; email?: string; error?: string; notice?: string }): SafeHtml {
  return layout(
    { title: 'Sign in', user: null, csrfToken: input.csrfToken },
    html`<section class="sign-in">
<h1>Sign in</h1>
${input.notice ? html`<p class="flash ok" role="status">${input.notice}</p>` : ''}
${input.error ? html`<p class="flash error" role="alert" id="sign-in-error">${input.error}</p>` : ''}
${postForm(
  input,
  { action: '/console/sign-in', hidden: { next: input.next } },
  html`<label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${input.email ?? ''}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>`,
)}
<p class="hint">No account? A lead or an operator creates one: <code>npm run cli -- console:users:create you@example.com --name "Your name"</code>.</p>
</section>`,
  );
}
