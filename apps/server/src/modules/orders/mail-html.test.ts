import { describe, expect, it } from 'vitest';
import { mailDocument, mailHtmlToText, sanitizeMailHtml } from './mail-html';

describe('sanitizeMailHtml', () => {
  it('keeps basic formatting, lists, tables and web or mail links', () => {
    const html =
      '<p>Hello <strong>Ann</strong> and <em>Bob</em>,<br>your order shipped.</p><ul><li>One</li></ul><ol><li>Two</li></ol>' +
      '<table><tr><th>Item</th></tr><tr><td colspan="2">Bike</td></tr></table>' +
      '<a href="https://shop.example/o/1">https</a><a href="http://shop.example">http</a><a href="mailto:ops@shop.example">mail</a>';
    expect(sanitizeMailHtml(html)).toBe(html.replace('<br>', '<br />'));
  });

  it.each([
    ['a script and its content', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['a style and its content', '<style>p { color: red }</style><p>Hi</p>', '<p>Hi</p>'],
    ['event handlers', '<p onclick="alert(1)" onmouseover="x()">Hi</p>', '<p>Hi</p>'],
    ['an image with onerror', '<p>Hi<img src="x" onerror="alert(1)"></p>', '<p>Hi</p>'],
    ['a remote image', '<p>Hi<img src="https://tracker.example/p.gif"></p>', '<p>Hi</p>'],
    ['an iframe and its content', '<iframe src="https://evil.example">fallback</iframe><p>Hi</p>', '<p>Hi</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">Hi</a>', '<a>Hi</a>'],
    ['a javascript: link hidden by case and entities', '<a href="JaVa&#115;cript:alert(1)">Hi</a>', '<a>Hi</a>'],
    ['a data: link', '<a href="data:text/html,<b>x</b>">Hi</a>', '<a>Hi</a>'],
    ['a protocol-relative link', '<a href="//evil.example">Hi</a>', '<a>Hi</a>'],
    ['style and class attributes', '<p style="color:red" class="x">Hi</p>', '<p>Hi</p>'],
    ['forms and inputs', '<form action="https://evil.example"><input name="card"><p>Hi</p></form>', '<p>Hi</p>'],
    ['an SVG with a script', '<svg><script>alert(1)</script></svg><p>Hi</p>', '<p>Hi</p>'],
  ])('drops %s', (_name, html, expected) => {
    expect(sanitizeMailHtml(html)).toBe(expected);
  });
});

describe('mailHtmlToText', () => {
  it('writes blocks on their own lines, list items with dashes, cells with bars and links with their address', () => {
    const html = sanitizeMailHtml(
      '<h2>Order   #12</h2>\n<p>Hello &amp; welcome,<br>it shipped &lt;today&gt;.</p><ul><li>One</li><li>Two</li></ul>' +
        '<table><tr><th>Item</th><th>Qty</th></tr><tr><td>Bike</td><td>2</td></tr></table>' +
        '<p><a href="https://shop.example/o?a=1&amp;b=2">Track it</a> or write to <a href="mailto:ops@shop.example">ops@shop.example</a></p>',
    );
    expect(mailHtmlToText(html)).toBe(
      [
        'Order #12',
        '',
        'Hello & welcome,',
        'it shipped <today>.',
        '',
        '- One',
        '- Two',
        '',
        'Item | Qty',
        'Bike | 2',
        '',
        'Track it (https://shop.example/o?a=1&b=2) or write to ops@shop.example',
      ].join('\n'),
    );
  });

  it('is empty for a message that was nothing but active content', () => {
    expect(mailHtmlToText(sanitizeMailHtml('<script>alert(1)</script><img src="x" onerror="y">'))).toBe('');
  });
});

describe('mailDocument', () => {
  it('wraps the message in a document whose title is the escaped subject', () => {
    expect(mailDocument('Fish & <b>chips</b>', '<p>Hi</p>')).toContain('<title>Fish &amp; chips</title>');
  });
});
