import sanitizeHtml from 'sanitize-html';
import type { CallName } from '../../shared/api/calls.ts';

/** Fields that carry CMS rich text (HTML) in any upstream response. */
const RICH_TEXT_FIELDS = new Set(['body', 'content']);

/**
 * Allowlist for CMS rich text: structure, emphasis, links, images and tables. No scripts, event handlers,
 * inline styles, or URLs other than http(s), mailto and tel (so no `javascript:`).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // links out of the site open in a new tab without handing it our window
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
      };
    },
  },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);

/** Sanitize every rich-text field of a parsed response, once, when it enters the cache. */
export function prepareResponse(_name: CallName, data: unknown): unknown {
  return walk(data);
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      out[key] = RICH_TEXT_FIELDS.has(key) && typeof field === 'string' ? sanitizeRichText(field) : walk(field);
    }
    return out;
  }
  return value;
}
