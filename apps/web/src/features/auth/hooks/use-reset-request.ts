import { useQuery } from '@tanstack/react-query';
import { authApi } from '../api/auth.api';

/** Checks a password-reset link before the form shows (expired and unknown links answer with an error code). */
export const useResetRequest = (requestId: string | null) =>
  useQuery({
    queryKey: ['passwordResetRequests', requestId],
    queryFn: () => authApi.getResetRequest(requestId ?? ''),
    enabled: requestId !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
