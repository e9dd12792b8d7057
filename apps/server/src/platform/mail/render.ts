import type { convert } from 'html-to-text';
import type sanitizeHtml from 'sanitize-html';
import { TEMPLATE_VARIABLE_PATTERN, type Language } from '@portal/contracts';

// Loaded at the first template saved or mail rendered, not at start: together with their
// parsers (htmlparser2, postcss) they hold several MiB that most instants never need.
let htmlLibraries: Promise<{ sanitize: typeof sanitizeHtml; convert: typeof convert }> | undefined;
const libraries = () =>
  (htmlLibraries ??= Promise.all([import('sanitize-html'), import('html-to-text')]).then(([sanitize, text]) => ({ sanitize: sanitize.default, convert: text.convert })));

/**
 * What template HTML may hold: formatting, links and images, nothing that runs — no script,
 * no event handler, no `javascript:` URL. Applied when a template is saved and again when it
 * is rendered into a preview or a mail.
 */
const sanitizeOptions = (sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: [...sanitize.defaults.allowedTags, 'img', 'span', 'u', 's'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['style', 'align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': { color: [/^#[0-9a-f]{3,8}$/i, /^rgb\([\d\s,.%]+\)$/i], 'text-align': [/^(left|right|center|justify)$/], 'font-weight': [/^(bold|normal|\d{3})$/] } },
});

export async function sanitizeTemplateHtml(html: string): Promise<string> {
  const { sanitize } = await libraries();
  return sanitize(html, sanitizeOptions(sanitize));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * A template filled with `values`: placeholders become the values (escaped in the HTML, on one
 * line in the subject), the HTML is sanitised once more and framed, and the text part is
 * derived from it. A placeholder without a value stays visible rather than vanishing.
 */
export async function renderTemplate(template: { subject: string; content: string }, values: Readonly<Record<string, string | number>>, language: Language): Promise<RenderedMail> {
  const fill = (text: string, encode: (value: string) => string) =>
    text.replace(TEMPLATE_VARIABLE_PATTERN, (whole, name: string) => (Object.hasOwn(values, name) ? encode(String(values[name])) : whole));
  const subject = fill(template.subject, (value) => value.replace(/[\r\n]+/g, ' ')).trim();
  const body = await sanitizeTemplateHtml(fill(template.content, escapeHtml));
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1f1f1f"><div style="max-width:560px;margin:24px auto">${body}</div></body></html>`;
  const text = (await libraries()).convert(body, { wordwrap: false, selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] });
  return { subject, html, text };
}
