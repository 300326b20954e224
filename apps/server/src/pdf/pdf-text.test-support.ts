import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit PDF shows, page stream by page stream: each stream is inflated when compressed, and the hex
 * strings of its TJ arrays (pdfkit splits words there for kerning) are decoded (WinAnsi, which is Latin-1 but for
 * a few symbols such as the em dash) and joined; one line per text operation.
 */
export function pdfText(bytes: Buffer): string {
  const out: string[] = [];
  const raw = bytes.toString('latin1');
  const streamPattern = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match; match = streamPattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const body = bytes.subarray(start, end);
    let content: string;
    try {
      content = (match[1]?.includes('/FlateDecode') ? inflateSync(body) : body).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hexes = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1] ?? '');
      out.push(hexes.map((hex) => decodeWinAnsi(Buffer.from(hex, 'hex'))).join(''));
    }
  }
  return out.join('\n');
}

const WIN_ANSI_EXTRAS: Record<number, string> = { 150: '\u2013', 151: '\u2014', 146: '\u2019', 128: '\u20ac' };

function decodeWinAnsi(bytes: Buffer): string {
  return [...bytes].map((byte) => WIN_ANSI_EXTRAS[byte] ?? String.fromCharCode(byte)).join('');
}
