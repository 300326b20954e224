import { type TSignature, ZAcceptQuoteRequest, ZPoNumber, ZSignature } from '@cpq/contracts';
import { z } from 'zod';

export const SIGN_FIRST = 'Sign in the box, or choose Type and type your signature.';

const ZTypedSignature = ZSignature.options[0].shape.text;

/**
 * The Accept panel's fields, from the accept request: name, title and consent as the server checks them, the
 * signature as a drawing or typed text (whichever tab is chosen), and a PO number when the platform takes no cards.
 */
export const acceptFormSchema = (method: 'card' | 'po') =>
  ZAcceptQuoteRequest.pick({ signerName: true, signerTitle: true }).extend({
    consent: z.boolean().pipe(ZAcceptQuoteRequest.shape.consent),
    // Checked on its own, so that its message shows beside the others' on the first try.
    signature: z
      .object({ mode: z.enum(['drawn', 'typed']), png: z.string(), text: z.string() })
      .superRefine((signature, context) => {
        if (signature.mode === 'drawn' && signature.png === '') {
          context.addIssue({ code: 'custom', path: ['png'], message: SIGN_FIRST });
        }
        if (signature.mode === 'typed') {
          const typed = ZTypedSignature.safeParse(signature.text);
          if (!typed.success) {
            context.addIssue({ code: 'custom', path: ['text'], message: typed.error.issues[0]?.message ?? '' });
          }
        }
      }),
    poNumber: method === 'po' ? ZPoNumber : z.string(),
  });

export type TAcceptForm = z.input<ReturnType<typeof acceptFormSchema>>;
export type TAcceptFormValues = z.output<ReturnType<typeof acceptFormSchema>>;

export const ACCEPT_FORM_DEFAULTS: TAcceptForm = {
  signerName: '',
  signerTitle: '',
  consent: false,
  signature: { mode: 'drawn', png: '', text: '' },
  poNumber: '',
};

/** The signature the request carries: the drawing, or the typed text (trimmed, as the server keeps it). */
export const signatureOf = (values: TAcceptFormValues): TSignature =>
  values.signature.mode === 'drawn'
    ? { kind: 'drawn', png: values.signature.png }
    : { kind: 'typed', text: values.signature.text.trim() };
