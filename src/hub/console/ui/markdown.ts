/**
 * Markdown as the console shows it: the evaluation's summary feedback is Markdown (the API's
 * description of `breakdown.summary_feedback`), and no Markdown library is a dependency, so this is
 * a small renderer for the subset such feedback uses: paragraphs, line breaks, bullet and numbered
 * lists, **bold**, *italic*, `code`, and `#` headings (shown as bold lines, so they never break the
 * page's own heading levels). Escaping comes first: the text is escaped whole, then only fixed tags
 * are added around parts of it, so no HTML from the text can get through (a `<script>` stays text).
 * Anything else (links, tables, images) is shown as the text it is.
 */
import { escapeHtml, SafeHtml } from './html.js';

const bullet = /^\s*[-*+]\s+(.*)$/;
const numbered = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const thematicBreak = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;

/** Bold and italic in escaped text; italic never spans a tag, so the tags always nest. */
function emphasis(escaped: string): string {
  return escaped
    .replace(/\*\*(?=\S)([^<>]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/__(?=\S)([^<>]*?\S)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^\s*<>](?:[^*<>]*?[^\s*<>])?)\*(?![*\w])/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_([^\s_<>](?:[^_<>]*?[^\s_<>])?)_(?![_\w])/g, '$1<em>$2</em>');
}

/** One line's inline Markdown: code spans kept literal, emphasis elsewhere, everything escaped. */
function inline(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : emphasis(escapeHtml(part))))
    .join('');
}

type Block = { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; start: number; items: string[][] };

/** Markdown to safe HTML (see the module's comment for the subset). */
export function renderMarkdown(markdown: string): SafeHtml {
  const blocks: Block[] = [];
  let current = null as Block | null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const b = bullet.exec(line);
    const n = b ? null : numbered.exec(line);
    if (line.trim() === '' || thematicBreak.test(line)) {
      current = null;
    } else if (b || n) {
      const kind = b ? 'ul' : 'ol';
      const text = b ? (b[1] ?? '') : (n?.[2] ?? '');
      if (current?.kind === kind) current.items.push([text]);
      else blocks.push((current = { kind, start: n ? Number(n[1]) : 1, items: [[text]] }));
    } else if (heading.test(line)) {
      blocks.push({ kind: 'p', lines: [`**${heading.exec(line)?.[1] ?? ''}**`] });
      current = null;
    } else if (current && current.kind !== 'p' && /^\s/.test(line)) {
      // An indented line under a list item continues that item.
      current.items.at(-1)?.push(line.trim());
    } else if (current?.kind === 'p') {
      current.lines.push(line.trim());
    } else {
      blocks.push((current = { kind: 'p', lines: [line.trim()] }));
    }
  }
  const lines = (ls: string[]) => ls.map(inline).join('<br>\n');
  return new SafeHtml(
    blocks
      .map((block) => {
        if (block.kind === 'p') return `<p>${lines(block.lines)}</p>`;
        const start = block.kind === 'ol' && block.start !== 1 ? ` start="${block.start}"` : '';
        return `<${block.kind}${start}>${block.items.map((item) => `<li>${lines(item)}</li>`).join('')}</${block.kind}>`;
      })
      .join('\n'),
  );
}
