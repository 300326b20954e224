import { msgAddedToQuote, msgOrderPlaced, msgUpdatedOnQuote, QUOTE_TYPE, type TFinishResult } from '@cpq/contracts';
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
 * What Finish did, in the success toast: a line added ('Added {partNumber} to Quote #{id}'), a line's saved
 * configuration edited ('Updated {partNumber} on Quote #{id}'), a Review step, which prints the quote's document
 * instead of adding a line, or the SO write-up, which places the order.
 */
function finishedMessage(result: TFinishResult): string {
  if (result.lineId === null) {
    return result.quoteType === QUOTE_TYPE.Order ? msgOrderPlaced(result.quoteId) : `Updated Quote #${result.quoteId}`;
  }
  return result.isLineUpdated
    ? msgUpdatedOnQuote(result.partNumber, result.quoteId)
    : msgAddedToQuote(result.partNumber, result.quoteId);
}

/**
 * Finish: puts the line on the quote, says what it did (finishedMessage), reads the quote back (polling every second
 * until it is there) and opens /Quote/{id}.
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
      toast.success(finishedMessage(result));
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
