import {
  applyUiStateChanges,
  type TConfigureResult,
  type TOptionValue,
  type TStartRequest,
  type TStartResult,
  type TUiMessage,
  type TUiScreenOption,
  type TUiState,
} from '@cpq/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { configuratorApi } from '../api/configurator.api';
import { decideAutoContinue } from '../logic/auto-continue';
import { newMessages, toastKindOf } from '../logic/engine-messages';
import { validateOption } from '../logic/option-validation';
import { isSameAsEngine, normalizeValue, type TRawValue } from '../logic/option-value';
import { findOption, settlePage, visibleOptions, visiblePageIndexes } from '../logic/pages';

const without = (record: Record<string, string>, key: string): Record<string, string> => {
  if (!(key in record)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
};

/**
 * The engine's latest state, the configuration's revision it is of, and a counter that changes with every answer
 * (for focus and explain caching).
 */
type TAnswer = { ui: TUiState; revision: number; key: number };

/**
 * One configuration session: start (or, with `startWith`, another start such as a draft's preview), then configure
 * per change. Holds the engine's state, the text being typed, field errors, the page shown and whether a request is
 * in flight; toasts each new engine message once.
 */
export function useConfiguratorSession(
  request: TStartRequest | null,
  startWith: (request: TStartRequest) => Promise<TStartResult> = configuratorApi.start,
) {
  const toast = useToast();
  const start = useQuery({
    queryKey: ['configurator', request?.configurationId ?? null, 'start', request],
    queryFn: () => startWith(request as TStartRequest),
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [answer, setAnswer] = useState<TAnswer | null>(null);
  const ui = answer?.ui ?? start.data?.ui ?? null;
  const [wantedPage, setWantedPage] = useState(0);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  // The value being sent, shown at once so that a pick does not flick back while the engine answers.
  const [pending, setPending] = useState<Record<string, string>>({});
  const busyRef = useRef(false);
  const uiRef = useRef(ui);
  uiRef.current = ui;
  // Sent with each step, so that the answer carries only what changed from the state shown.
  const revisionRef = useRef<number | undefined>(undefined);
  revisionRef.current = answer?.revision ?? start.data?.revision;
  const pageIndex = ui ? settlePage(ui.Pages, wantedPage) : 0;
  const pageRef = useRef(pageIndex);
  pageRef.current = pageIndex;
  const sessionId = start.data?.prepare.sessionId ?? null;

  const shownMessages = useRef<TUiMessage[] | null>(null);
  useEffect(() => {
    if (!ui) return;
    for (const message of newMessages(shownMessages.current, ui.Messages)) toast[toastKindOf(message)](message.Value);
    shownMessages.current = ui.Messages;
  }, [ui, toast]);

  /** Shows the state a configure answer makes: its whole state, or its changes to the state shown. */
  const applyAnswer = useCallback((result: TConfigureResult): TUiState => {
    let next: TUiState;
    if ('ui' in result) next = result.ui;
    else if (uiRef.current) next = applyUiStateChanges(uiRef.current, result.changes);
    else throw new Error('Changes arrived with no state shown');
    uiRef.current = next;
    revisionRef.current = result.revision;
    setAnswer((previous) => ({ ui: next, revision: result.revision, key: (previous?.key ?? 0) + 1 }));
    return next;
  }, []);

  const goToPage = useCallback((index: number) => {
    pageRef.current = index;
    setWantedPage(index);
  }, []);

  /** Sends one value; a refused value (400) shows its message beneath the field. */
  const send = useCallback(
    async (option: TUiScreenOption, value: TOptionValue): Promise<TUiState | null> => {
      if (!sessionId || busyRef.current) return null;
      busyRef.current = true;
      setBusy(true);
      if (value !== null) setPending({ [option.ID]: String(value) });
      try {
        const basedOn = revisionRef.current;
        const result = await configuratorApi.configure({ sessionId, id: option.ID, value, basedOn });
        setErrors((current) => without(current, option.ID));
        setDrafts((current) => without(current, option.ID));
        return applyAnswer(result);
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          setErrors((current) => ({ ...current, [option.ID]: error.message }));
        } else {
          toast.error(`${errorText(error)} Your last change was not saved; make it again.`);
        }
        return null;
      } finally {
        busyRef.current = false;
        setBusy(false);
        setPending({});
      }
    },
    [sessionId, applyAnswer, toast],
  );

  /** Sends a value (validated first), then does what the option's auto-continue mode asks. */
  const commit = useCallback(
    async (option: TUiScreenOption, raw: TRawValue): Promise<boolean> => {
      const message = validateOption(option, raw);
      if (message) {
        setErrors((current) => ({ ...current, [option.ID]: message }));
        return false;
      }
      const value = normalizeValue(option, raw);
      if (value === undefined) return true;
      const first = await send(option, value);
      if (!first) return false;
      const decide = (state: TUiState, sendCount: number) => {
        const currentPage = pageRef.current;
        return decideAutoContinue({
          mode: option.AutoContinueMode,
          optionId: option.ID,
          sendCount,
          optionToFocus: state.OptionToFocus,
          isLastOption: visibleOptions(state.Pages[currentPage]).at(-1)?.ID === option.ID,
          hasValue: Boolean(findOption(state, option.ID)?.Value),
          visiblePages: visiblePageIndexes(state.Pages),
          currentPage,
        });
      };
      let step = decide(first, 1);
      if (step.kind === 'resend') {
        const second = await send(option, value);
        step = second ? decide(second, 2) : { kind: 'none' };
      }
      if (step.kind === 'goToPage') goToPage(step.pageIndex);
      return true;
    },
    [send, goToPage],
  );

  /** Submits typed text: validated, and sent unless it says what the engine already has. */
  const submitTyped = useCallback(
    async (option: TUiScreenOption, text: string): Promise<boolean> => {
      if (!validateOption(option, text) && isSameAsEngine(option, text)) {
        setDrafts((current) => without(current, option.ID));
        setErrors((current) => without(current, option.ID));
        return true;
      }
      return commit(option, text);
    },
    [commit],
  );

  const setDraft = useCallback((option: TUiScreenOption, text: string) => {
    setDrafts((current) => ({ ...current, [option.ID]: text }));
  }, []);

  /** Checks every enabled option of the given pages; answers false (with the errors shown) if any fails. */
  const validatePages = useCallback(
    (pages: readonly number[]): TUiScreenOption[] | null => {
      const state = uiRef.current;
      if (!state) return null;
      const options = pages.flatMap((index) => visibleOptions(state.Pages[index])).filter((option) => option.IsEnabled);
      const found: Record<string, string> = {};
      for (const option of options) {
        const raw = drafts[option.ID] ?? (option.DisplayType === 'checkbox' ? option.Value || 'False' : option.Value);
        const message = validateOption(option, raw);
        if (message) found[option.ID] = message;
      }
      setErrors((current) => {
        const kept = Object.fromEntries(Object.entries(current).filter(([id]) => !options.some((o) => o.ID === id)));
        return { ...kept, ...found };
      });
      return Object.keys(found).length > 0 ? null : options;
    },
    [drafts],
  );

  /** Sends what was typed but not yet submitted on these pages, in order (the last option's value among them). */
  const sendTyped = useCallback(
    async (options: TUiScreenOption[]): Promise<boolean> => {
      for (const option of options) {
        const draft = drafts[option.ID];
        if (draft === undefined) continue;
        if (!(await submitTyped(option, draft))) return false;
      }
      return true;
    },
    [drafts, submitTyped],
  );

  return {
    start,
    ui,
    stateKey: answer?.key ?? 0,
    sessionId,
    pageIndex,
    drafts,
    errors,
    pending,
    isBusy,
    goToPage,
    send,
    commit,
    submitTyped,
    setDraft,
    validatePages,
    sendTyped,
    applyAnswer,
    uiRef,
    pageRef,
  };
}

export type TConfiguratorSession = ReturnType<typeof useConfiguratorSession>;
