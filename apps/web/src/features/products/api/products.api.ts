import type { TPagedQuery, TProductInput, TProductPatch, TUploadResult } from '@cpq/contracts';
import { ApiError, call } from '../../../lib/api';
import { readToken } from '../../../lib/token-storage';

type TModelJson = Record<string, unknown>;

/** Where POST /api/uploadfile lives: beside the JSON routes, outside the route table (multipart). */
export const UPLOAD_FILE_PATH = '/api/uploadfile';

/** Uploads one image (multipart, `file` field) and answers where it is served, e.g. '/uploads/abc.png'. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const token = readToken()?.token;
  const response = await fetch(UPLOAD_FILE_PATH, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body,
  });
  const envelope = (await response.json().catch(() => null)) as {
    success?: boolean;
    result?: TUploadResult;
    error?: string;
    code?: string;
  } | null;
  if (response.status === 200 && envelope?.success && envelope.result) return envelope.result.path;
  throw new ApiError(
    envelope?.error || 'The image could not be uploaded.',
    envelope?.code ?? 'UPLOAD',
    response.status,
  );
}

export const productsApi = {
  getProducts: (query: Partial<TPagedQuery>, signal?: AbortSignal) =>
    call('productManagement/getProducts', query, signal),
  getProduct: (id: number) => call('productManagement/getProduct', { id }),
  createProduct: (input: TProductInput) => call('productManagement/createProduct', { input }),
  updateProduct: (id: number, input: TProductPatch, version: number) =>
    call('productManagement/updateProduct', { id, version, input }),
  deleteProduct: (id: number) => call('productManagement/deleteProduct', { id }),
  getModels: () => call('productManagement/getModels', {}),
  saveModel: (productId: number, model: TModelJson) => call('productManagement/saveModel', { productId, model }),
};
