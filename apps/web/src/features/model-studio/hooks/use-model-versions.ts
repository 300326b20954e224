import { useQuery } from '@tanstack/react-query';
import { modelStudioApi } from '../api/model-studio.api';
import { versionsKey } from './use-model-studio';

/** The product's published model versions, newest first. */
export const useModelVersions = (productId: number) =>
  useQuery({ queryKey: versionsKey(productId), queryFn: () => modelStudioApi.getVersions(productId) });
