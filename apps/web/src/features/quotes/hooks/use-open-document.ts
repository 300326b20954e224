import type { TDocumentReference } from '@cpq/contracts';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { quotesApi } from '../api/quotes.api';

/**
 * Opens a stored document in a new browser tab through a short-lived signed link. The tab is opened at the click
 * (a tab opened after the call returns would be blocked as a pop-up) and pointed at the link once it arrives.
 * `find` answers the document to open, or null when there is none (then `emptyMessage` shows).
 */
export function useOpenDocument() {
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ find }: { find: () => Promise<TDocumentReference | null>; emptyMessage: string }) => {
      const tab = window.open('', '_blank');
      try {
        const document = await find();
        if (!document) {
          tab?.close();
          return null;
        }
        const { link } = await quotesApi.downloadFile(document);
        if (tab) tab.location.href = link;
        else window.location.assign(link);
        return link;
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    onSuccess: (link, { emptyMessage }) => {
      if (link === null) toast.warning(emptyMessage);
    },
    onError: (error) => toast.error(errorText(error)),
  });
}
