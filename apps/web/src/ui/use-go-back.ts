import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Goes back in the app's history, or to `fallback` when this page was the first one opened (an e-mail link). */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
