/** The product name every mail is signed with. */
export const PRODUCT_NAME = 'Open CPQ';

/**
 * Text the app wrote itself that must stay as written: the app's own address, or the recipient's own e-mail
 * address in their own account mail. Every other text in a mail may hold what a user typed and is defused.
 */
export type TOwnText = { own: string };
export const ownText = (text: string): TOwnText => ({ own: text });

export type TMailContent = {
  /** The first line of the mail, also its heading. */
  heading: string;
  /** Plain paragraphs (no markup: they are escaped; links defused unless the app's own text). */
  paragraphs: (string | TOwnText)[];
  /** One call to action: a button in HTML, the bare address in text. */
  action?: { label: string; url: string };
  /** A closing remark under the button, such as why the mail was sent. */
  footnote?: string;
  /** A table under the paragraphs (an order's lines): text cells, escaped; `align` per column, 'right' for money. */
  table?: { columns: string[]; align?: ('left' | 'right')[]; rows: string[][]; footer?: string[] };
};

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A full stop, and the ideographic and full-width ones that address bars and some clients read as one. */
const DOT = '[.\u3002\uFF0E\uFF61]';
const SCHEME = /([a-z][a-z0-9+-]*):\/\//gi;
const NAME_DOT = new RegExp(`(?<=[\\p{L}\\p{N}_-])${DOT}(?=\\p{L}{2})`, 'gu');
const IPV4 = new RegExp(`\\b(\\d{1,3})${DOT}(\\d{1,3})${DOT}(\\d{1,3})${DOT}(\\d{1,3})\\b`, 'gu');

/**
 * Makes text that looks like a web or mail address inert. Mail clients (Gmail, Outlook, Apple Mail, Samsung Mail)
 * turn such text into links by themselves, in HTML and plain text alike, so an address someone typed into a name or
 * a comment would arrive as a link in a mail sent in the platform's name. As security notices do: '://' becomes
 * '[:]//' and a dot before a name ('evil.example', 'www.x', 'a@b.co') becomes '[.]', which no client links and
 * a person still reads; invisible joiners are avoided, as some clients strip them and they survive copying.
 */
export function defuseLinks(text: string): string {
  return text.replace(SCHEME, '$1[:]//').replace(IPV4, '$1[.]$2[.]$3[.]$4').replace(NAME_DOT, '[.]');
}

/** What a mail shows of a piece of text: the app's own as written, anything else defused. */
const shown = (text: string | TOwnText): string => (typeof text === 'string' ? defuseLinks(text) : text.own);

type TMailTable = NonNullable<TMailContent['table']>;

const CELL = 'padding:8px 6px;font-size:14px;line-height:20px;color:#1f2933;border-bottom:1px solid #e4e7eb';

function renderTable(table: TMailTable): string {
  const cell = (tag: 'th' | 'td', text: string, column: number, extra = '') =>
    `<${tag} align="${table.align?.[column] ?? 'left'}" style="${CELL}${extra}">${escapeHtml(shown(text))}</${tag}>`;
  const row = (cells: string[], tag: 'th' | 'td', extra?: string) =>
    `<tr>${cells.map((text, column) => cell(tag, text, column, extra)).join('')}</tr>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 16px">
<thead>${row(table.columns, 'th', ';font-weight:600;color:#52606d')}</thead>
<tbody>${table.rows.map((cells) => row(cells, 'td')).join('\n')}</tbody>
${table.footer ? `<tfoot>${row(table.footer, 'td', ';font-weight:700')}</tfoot>` : ''}
</table>`;
}

/** The table as plain text: one line per row, cells joined by ' | '. */
const tableText = (table: TMailTable): string[] =>
  [table.columns, ...table.rows, ...(table.footer ? [table.footer] : [])].map((cells) =>
    cells
      .filter((text) => text !== '')
      .map(shown)
      .join(' | '),
  );

/**
 * Lays out a transactional mail as simple, widely supported HTML (tables and inline styles, as mail clients need)
 * with the same words as a plain-text alternative. Every text is escaped, and defused (defuseLinks) unless it is
 * the app's own: the one link of a mail is its call to action.
 */
export function renderMail(content: TMailContent): { html: string; text: string } {
  const heading = shown(content.heading);
  const footnote = content.footnote === undefined ? undefined : shown(content.footnote);
  const paragraphTexts = content.paragraphs.map(shown);
  const paragraphs = paragraphTexts
    .map((text) => `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#1f2933">${escapeHtml(text)}</p>`)
    .join('\n');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;font-size:15px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#52606d">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`
    : '';
  const table = content.table ? renderTable(content.table) : '';
  const footnoteHtml = footnote
    ? `<p style="margin:24px 0 0;font-size:13px;line-height:20px;color:#52606d">${escapeHtml(footnote)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="format-detection" content="telephone=no,date=no,address=no,email=no,url=no"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:14px;font-weight:700;letter-spacing:0.04em;color:#1d4ed8">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;color:#1f2933">${escapeHtml(heading)}</h1>
${paragraphs}
${table}
${action}
${footnoteHtml}
</td></tr></table>
<p style="margin:16px 0 0;font-size:12px;color:#7b8794">${PRODUCT_NAME}</p>
</td></tr></table>
</body></html>`;
  const text = [
    heading,
    '',
    ...paragraphTexts.flatMap((paragraph) => [paragraph, '']),
    ...(content.table ? [...tableText(content.table), ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    `-- ${PRODUCT_NAME}`,
  ].join('\n');
  return { html, text };
}
