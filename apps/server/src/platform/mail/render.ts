import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { TEMPLATE_VARIABLE_PATTERN, type Language } from '@portal/contracts';

/**
 * What template HTML may hold: formatting, links and images, nothing that runs — no script,
 * no event handler, no `javascript:` URL. Applied when a template is saved and again when it
 * is rendered into a preview or a mail.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['style', 'align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': { color: [/^#[0-9a-f]{3,8}$/i, /^rgb\([\d\s,.%]+\)$/i], 'text-align': [/^(left|right|center|justify)$/], 'font-weight': [/^(bold|normal|\d{3})$/] } },
};

export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
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
export function renderTemplate(template: { subject: string; content: string }, values: Readonly<Record<string, string | number>>, language: Language): RenderedMail {
  const fill = (text: string, encode: (value: string) => string) =>
    text.replace(TEMPLATE_VARIABLE_PATTERN, (whole, name: string) => (Object.hasOwn(values, name) ? encode(String(values[name])) : whole));
  const subject = fill(template.subject, (value) => value.replace(/[\r\n]+/g, ' ')).trim();
  const body = sanitizeTemplateHtml(fill(template.content, escapeHtml));
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1f1f1f"><div style="max-width:560px;margin:24px auto">${body}</div></body></html>`;
  const text = convert(body, { wordwrap: false, selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] });
  return { subject, html, text };
}
