import { Fragment } from 'react';

/**
 * Renders text with line-break opportunities after '@' and before each '.', so a long e-mail address wraps at its
 * natural joints ("superadmin@" / "demo.opencpq.dev") instead of mid-word.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
