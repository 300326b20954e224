import type { TDocumentReference } from '@cpq/contracts';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { quotesApi } from '../api/quotes.api';

/** Hands a signed link to the browser, which downloads the PDF under its original name (the server's attachment). */
function download(link: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = link;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * Opens a stored document through a short-lived signed link (downloadFile). `find` answers the document, or null
 * when there is none; then `emptyMessage` shows ('No Document Available.').
 */
export function useOpenDocument() {
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ find }: { find: () => Promise<TDocumentReference | null>; emptyMessage: string }) => {
      const document = await find();
      if (!document) return null;
      // Only the reference: the request is strict, and a revision row carries more (id, revision, kind…).
      const { path, originalName, mimetype } = document;
      const { link } = await quotesApi.downloadFile({ path, originalName, mimetype });
      download(link, document.originalName);
      return link;
    },
    onSuccess: (link, { emptyMessage }) => {
      if (link === null) toast.warning(emptyMessage);
    },
    onError: (error) => toast.error(errorText(error)),
  });
}
