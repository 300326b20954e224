import { describe, expect, it } from 'vitest';
import { defuseLinks, ownText, renderMail } from './layout';

describe('defuseLinks', () => {
  it('breaks schemes, domain names, mail addresses and IPv4 addresses, and leaves ordinary text alone', () => {
    expect(defuseLinks('HTTPS://Evil.Example/a?b=c')).toBe('HTTPS[:]//Evil[.]Example/a?b=c');
    expect(defuseLinks('www.evil.example')).toBe('www[.]evil[.]example');
    expect(defuseLinks('mail win@evil.example')).toBe('mail win@evil[.]example');
    expect(defuseLinks('http://10.1.2.3/x')).toBe('http[:]//10[.]1[.]2[.]3/x');
    // The ideographic and full-width full stops that address bars read as dots.
    expect(defuseLinks('evil\u3002example evil\uFF0Eexample')).toBe('evil[.]example evil[.]example');
    for (const text of ['Ada Lovelace', 'J. Smith', 'e.g. this', '$1,240.50', 'v1.2.3', 'PO-1001']) {
      expect(defuseLinks(text)).toBe(text);
    }
  });
});

describe('renderMail', () => {
  it("defuses every text but the app's own, in both parts, and keeps the button's link", () => {
    const { html, text } = renderMail({
      heading: 'Order for evil.example',
      paragraphs: ['See https://evil.example', ownText('Sign in at http://cpq.test/Login')],
      table: { columns: ['Item'], rows: [['www.evil.example']] },
      action: { label: 'View', url: 'http://cpq.test/Quote/1' },
      footnote: 'Mail evil.example',
    });
    for (const part of [html, text]) {
      expect(part).not.toMatch(/evil\.example|https:\/\/evil/);
      expect(part).toContain('Sign in at http://cpq.test/Login');
      expect(part).toContain('http://cpq.test/Quote/1');
    }
    expect(html).toContain('<a href="http://cpq.test/Quote/1"');
    expect(html.match(/<a /g)).toHaveLength(1);
  });
});
