import { msgAddedToQuote, msgOrderPlaced, QUOTE_TYPE } from '@cpq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { configuratorApi } from '../api/configurator.api';

/** The spec's quote retry poll: every 1 s until the quote can be read. */
export const QUOTE_POLL_MS = 1000;
const QUOTE_POLL_ATTEMPTS = 30;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => window.clearTimeout(timer), { once: true });
  });

export type TFinishPhase = 'idle' | 'finishing' | 'openingQuote';

/**
 * Finish: puts the line on the quote, says 'Added {partNumber} to Quote #{id}' (a Review step, which adds no line,
 * says the quote was updated; the SO write-up, that the order was placed), reads the quote back (polling every second until it is there) and opens
 * /Quote/{id}.
 */
export function useFinishConfiguration() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<TFinishPhase>('idle');
  const abort = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort();
  }, []);

  const finish = useCallback(
    async (sessionId: string, quoteId: number | null) => {
      const { signal } = abort.current;
      setPhase('finishing');
      let result: Awaited<ReturnType<typeof configuratorApi.finish>>;
      try {
        result = await configuratorApi.finish({ sessionId, quoteId });
      } catch (error) {
        toast.error(`${errorText(error)} The configuration is kept; try Finish again.`);
        setPhase('idle');
        return;
      }
      // Review and SO write-up steps print the quote's document instead of adding a line; the write-up places the
      // order.
      let message = msgAddedToQuote(result.partNumber, result.quoteId);
      if (result.lineId === null) {
        message =
          result.quoteType === QUOTE_TYPE.Order ? msgOrderPlaced(result.quoteId) : `Updated Quote #${result.quoteId}`;
      }
      toast.success(message);
      setPhase('openingQuote');
      for (let attempt = 0; attempt < QUOTE_POLL_ATTEMPTS && !signal.aborted; attempt += 1) {
        try {
          await configuratorApi.getQuote(result.quoteId);
          break;
        } catch {
          await pause(QUOTE_POLL_MS, signal);
        }
      }
      if (signal.aborted) return;
      void queryClient.invalidateQueries({ queryKey: ['quotes'] });
      void queryClient.invalidateQueries({ queryKey: ['configurations'] });
      navigate(`/Quote/${result.quoteId}`);
    },
    [navigate, queryClient, toast],
  );

  return { phase, finish };
}
