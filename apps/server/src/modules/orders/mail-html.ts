import sanitizeHtml from 'sanitize-html';

const TABLE_CELL_ATTRIBUTES = ['colspan', 'rowspan', 'align'];

/**
 * What a person's HTML message may keep: paragraphs, line breaks, emphasis, headings, lists, quotes, tables and
 * links to web pages or mail addresses. Everything else goes: scripts and styles with their content, event
 * handlers and every other attribute, frames, forms, and images (a remote image is a tracking pixel and a way to
 * load content the server never saw; mail clients block inline ones anyway).
 */
const MAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], th: TABLE_CELL_ATTRIBUTES, td: TABLE_CELL_ATTRIBUTES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose content is code or chrome, never message text: dropped with everything inside them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'title', 'head'],
};

/** The message's HTML with only the allowed formatting left (see MAIL_HTML). */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, MAIL_HTML).trim();
}

const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * The plain-text alternative of sanitised HTML: paragraphs, headings, rows and list items on lines of their own,
 * list items marked '- ', cells separated by ' | ', links written 'label (address)'. Sanitised HTML is regular
 * (known tags, quoted attributes, text escaped with the four entities above), which is what lets this stay simple.
 */
export function mailHtmlToText(sanitised: string): string {
  const marked = sanitised
    .replace(/\s+/g, ' ')
    .replace(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/g, (_match, href: string, label: string) => {
      const shown = label.trim();
      if (shown === '') return href.replace(/^mailto:/, '');
      return href === shown || href === `mailto:${shown}` ? shown : `${label} (${href})`;
    })
    .replace(/<br \/>/g, '\n')
    .replace(/<li>/g, '\n- ')
    .replace(/<\/t[dh]>\s*(?=<t[dh])/g, ' | ')
    .replace(/<\/(tr|caption)>/g, '\n')
    .replace(/<\/(p|h[1-4]|blockquote|ul|ol|table)>|<hr \/>/g, '\n\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }).replace(
    /&(amp|lt|gt|quot);/g,
    (entity) => ESCAPED[entity] ?? entity,
  );
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A sanitised message as a complete HTML document, the way mail clients expect one. */
export const mailDocument = (subject: string, sanitised: string): string =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${sanitizeHtml(subject, { allowedTags: [] })}</title></head>\n<body>\n${sanitised}\n</body></html>`;
